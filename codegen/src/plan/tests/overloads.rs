//! Unit tests of the overload rule (`plan::overloads`), one or more per rule, each built from
//! hand-written signatures; `module_docs_examples_hold` checks the examples the module docs
//! (`overloads`, `names`) give.

use super::models::*;
use crate::model::MethodModel;
use crate::model::{GenericParam, MemberModelRef, PassMode, Primitive, Ty, TypeModel, Visibility};
use crate::plan::overloads::{name_group, name_members, signature_key, ty_word};

/// Rules 2-6 on `methods`, all of base name `base`.
fn group(base: &str, methods: &[MethodModel]) -> Vec<String> {
    name_group(base, &methods.iter().collect::<Vec<_>>(), &["T".to_string()], None)
}

/// Every member of `t` and its names: `(member text, name)`, sorted, for comparisons that do
/// not depend on the members' order.
fn all_names(t: &TypeModel, reserved: &[&str]) -> Vec<(String, String)> {
    let api = t.api.as_ref().unwrap();
    let props = 0..api.properties.len();
    let refs: Vec<MemberModelRef> = (0..t.fields.len())
        .map(MemberModelRef::Field)
        .chain((0..api.methods.len()).map(MemberModelRef::Method))
        .chain(props.clone().map(MemberModelRef::Getter))
        .chain(props.map(MemberModelRef::Setter))
        .collect();
    let names = name_members(
        t,
        refs.iter().copied(),
        reserved.iter().map(|s| s.to_string()).collect(),
        &Default::default(),
    );
    let mut out = Vec::new();
    for r in refs {
        let method = match r {
            MemberModelRef::Method(i) => &api.methods[i],
            MemberModelRef::Getter(i) => api.properties[i].getter.as_ref().unwrap(),
            MemberModelRef::Setter(i) => api.properties[i].setter.as_ref().unwrap(),
            MemberModelRef::Field(i) => {
                let (get, set) = names.field(r).unwrap();
                out.push((format!("field {}", t.fields[i].name), get.to_string()));
                out.push((format!("field set {}", t.fields[i].name), set.to_string()));
                continue;
            }
            _ => continue,
        };
        out.push((signature_key(method), names.method(r).unwrap().0.to_string()));
    }
    out.sort();
    out
}

fn name_of(all: &[(String, String)], text: &str) -> String {
    let hits: Vec<&(String, String)> = all.iter().filter(|(t, _)| t.contains(text)).collect();
    assert_eq!(hits.len(), 1, "one member matches {text:?} in {all:?}");
    hits[0].1.clone()
}

#[test]
fn rule_2_a_base_name_used_once_is_the_name() {
    assert_eq!(group("area", &[m("Area", vec![p("side", I32)], I32)]), ["area"]);
}

#[test]
fn rule_3_and_4_fewest_parameters_keeps_the_name_others_add_their_parameter_names() {
    let names = group(
        "create_rotation_x",
        &[
            m(
                "CreateRotationX",
                vec![p("radians", F32), p("centerPoint", vector3())],
                I32,
            ),
            m("CreateRotationX", vec![p("radians", F32)], I32),
        ],
    );
    assert_eq!(names, ["create_rotation_x_with_center_point", "create_rotation_x"]);
    let list = named(
        "System.Collections.Generic",
        "IEnumerable",
        vec![Ty::GenericParam(GenericParam::Type(0))],
    );
    let names = group(
        "new",
        &[
            m(".ctor", Vec::new(), Ty::Void),
            m(".ctor", vec![p("capacity", I32)], Ty::Void),
            m(".ctor", vec![p("collection", list)], Ty::Void),
        ],
    );
    assert_eq!(names, ["new", "new_with_capacity", "new_with_collection"]);
}

#[test]
fn rule_3_a_tie_for_fewest_leaves_no_bare_name() {
    let names = group(
        "create_scale",
        &[
            m("CreateScale", vec![p("scale", F32)], I32),
            m("CreateScale", vec![p("scales", vector3())], I32),
            m("CreateScale", vec![p("scale", F32), p("centerPoint", vector3())], I32),
        ],
    );
    // No overload is bare, so none has its leading parameters left out either.
    assert_eq!(
        names,
        [
            "create_scale_with_scale",
            "create_scale_with_scales",
            "create_scale_with_scale_center_point"
        ]
    );
}

#[test]
fn rule_4_leaves_out_only_leading_parameters_shared_by_name_and_type() {
    let names = group(
        "f",
        &[
            m("F", vec![p("a", I32)], I32),
            m("F", vec![p("a", I32), p("b", I32)], I32),
            // Same name, another type: not shared.
            m("F", vec![p("a", I64), p("b", I32)], I32),
            // Same type, another name: not shared.
            m("F", vec![p("x", I32), p("b", I32)], I32),
            // Shared only at its position: `a` second is named.
            m("F", vec![p("b", I32), p("a", I32), p("c", I32)], I32),
            // `ref` is part of the type.
            m("F", vec![by(PassMode::Ref, p("a", I32)), p("c", I32)], I32),
        ],
    );
    assert_eq!(
        names,
        [
            "f",
            "f_with_b",
            "f_with_a_b",
            "f_with_x_b",
            "f_with_b_a_c",
            "f_with_a_c"
        ]
    );
}

#[test]
fn composed_names_are_identifiers() {
    let pair = |name: &str| {
        [
            m(name, vec![p("a", I32)], I32),
            m(name, vec![p("a", I32), p("b", I32)], I32),
        ]
    };
    assert_eq!(group("r#type", &pair("type")), ["r#type", "type_with_b"]);
    assert_eq!(group("self_", &pair("Self")), ["self_", "self_with_b"]);
    assert_eq!(group("_1st", &pair("1st")), ["_1st", "_1st_with_b"]);
    assert_eq!(group("__", &pair("")), ["__", "__with_b"]);
    // Words inside a name lose the raw prefix and outer underscores.
    let names = group(
        "f",
        &[m("F", Vec::new(), I32), m("F", vec![p("in", I32), p("_x", I32)], I32)],
    );
    assert_eq!(names, ["f", "f_with_in_x"]);
}

#[test]
fn rule_5_same_parameter_names_use_type_words() {
    let names = group(
        "abs",
        &[
            m("Abs", vec![p("value", F64)], F64),
            m("Abs", vec![p("value", I32)], I32),
            m("Abs", vec![p("value", named("System", "Decimal", Vec::new()))], I32),
        ],
    );
    assert_eq!(names, ["abs_f64", "abs_i32", "abs_decimal"]);
    // Only the parameters rule 4 names give words; the bare overload keeps its name.
    let names = group(
        "write_line",
        &[
            m("WriteLine", Vec::new(), Ty::Void),
            m("WriteLine", vec![p("value", Ty::String)], Ty::Void),
            m("WriteLine", vec![p("value", BOOL)], Ty::Void),
            m(
                "WriteLine",
                vec![p("format", Ty::String), p("arg", Ty::Object)],
                Ty::Void,
            ),
        ],
    );
    assert_eq!(
        names,
        [
            "write_line",
            "write_line_string",
            "write_line_bool",
            "write_line_with_format_arg"
        ]
    );
}

#[test]
fn rule_5_type_words() {
    let words = [
        (Ty::Primitive(Primitive::Char), "char"),
        (Ty::Primitive(Primitive::U8), "u8"),
        (Ty::Primitive(Primitive::IntPtr), "isize"),
        (Ty::String, "string"),
        (Ty::Object, "object"),
        (vector3(), "vector3"),
        (
            named("Newtonsoft.Json", "JsonSerializerSettings", Vec::new()),
            "json_serializer_settings",
        ),
        (named("System", "Nullable", vec![I32]), "nullable_i32"),
        (Ty::SzArray(Box::new(Ty::Primitive(Primitive::Char))), "char_array"),
        (
            Ty::Array {
                element: Box::new(F32),
                rank: 2,
            },
            "f32_array2d",
        ),
        (Ty::GenericParam(GenericParam::Type(0)), "t"),
        (Ty::GenericParam(GenericParam::Method(0)), "tresult"),
        (Ty::Pointer(Some(Box::new(I32))), "i32_ptr"),
        (Ty::Pointer(None), "void_ptr"),
        (Ty::Void, "unit"),
    ];
    for (ty, word) in words {
        assert_eq!(ty_word(&ty, &["T".into()], &["TResult".into()]), word, "{ty}");
    }
    // `ref`/`out`/`in` parameters.
    let names = group(
        "try_parse",
        &[
            m(
                "TryParse",
                vec![p("s", Ty::String), by(PassMode::Out, p("result", I32))],
                BOOL,
            ),
            m(
                "TryParse",
                vec![p("s", Ty::String), by(PassMode::Ref, p("result", I32))],
                BOOL,
            ),
            m(
                "TryParse",
                vec![p("s", Ty::String), by(PassMode::In, p("result", I32))],
                BOOL,
            ),
        ],
    );
    assert_eq!(
        names,
        [
            "try_parse_string_out_i32",
            "try_parse_string_ref_i32",
            "try_parse_string_in_i32"
        ]
    );
}

#[test]
fn rule_6_return_types_tell_conversions_apart() {
    let fixed = named("N", "Fixed", Vec::new());
    let names = group(
        "op_explicit",
        &[
            m("op_Explicit", vec![p("f", fixed.clone())], I32),
            m("op_Explicit", vec![p("f", fixed.clone())], I64),
            m("op_Explicit", vec![p("v", I32)], fixed.clone()),
            m("op_Explicit", vec![p("v", I64)], fixed.clone()),
        ],
    );
    assert_eq!(
        names,
        [
            "op_explicit_to_i32",
            "op_explicit_to_i64",
            "op_explicit_i32",
            "op_explicit_i64"
        ]
    );
    // Should the short form be shared by two parameter types, the type words stay.
    let other = named("N", "Other", Vec::new());
    let names = group(
        "convert",
        &[
            m("Convert", vec![p("v", fixed.clone())], I32),
            m("Convert", vec![p("v", fixed)], I64),
            m("Convert", vec![p("v", other.clone())], I32),
            m("Convert", vec![p("v", other)], I64),
        ],
    );
    assert_eq!(
        names,
        [
            "convert_fixed_to_i32",
            "convert_fixed_to_i64",
            "convert_other_to_i32",
            "convert_other_to_i64"
        ]
    );
}

#[test]
fn rule_6_generic_arity_tells_methods_apart() {
    let t = Ty::GenericParam(GenericParam::Method(0));
    let names = group(
        "deserialize_object",
        &[
            m("DeserializeObject", vec![p("value", Ty::String)], Ty::Object),
            generic(m("DeserializeObject", vec![p("value", Ty::String)], t.clone()), &["T"]),
            generic(m("DeserializeObject", vec![p("value", Ty::String)], t), &["T", "U"]),
            m(
                "DeserializeObject",
                vec![p("value", Ty::String), p("type", Ty::Object)],
                Ty::Object,
            ),
        ],
    );
    assert_eq!(
        names,
        [
            "deserialize_object_string",
            "deserialize_object_string_generic",
            "deserialize_object_string_generic2",
            "deserialize_object_with_value_type"
        ]
    );
}

#[test]
fn rules_1_and_8_to_10_settle_clashes_with_words_never_numbers() {
    // A field `value` and a property `Value`; a method `count()` and a property `Count`; a
    // method `SetX` and a property `X`'s setter; a name the owner reserves; std's names;
    // properties whose names differ only in case.
    let t = type_of(
        vec!["value"],
        vec![
            m("count", Vec::new(), I32),
            m("SetX", vec![p("x", F32), p("y", F32)], Ty::Void),
            m("Clone", Vec::new(), Ty::Object),
            m("ToString", Vec::new(), Ty::String),
            m("Equals", vec![p("obj", Ty::Object)], BOOL),
            m("Hash", Vec::new(), I32),
        ],
        vec![
            property("Value", I32),
            property("Count", I32),
            property("X", F32),
            property("Xyz", F32),
            property("XYZ", F32),
            property("Default", I32),
        ],
    );
    let all = all_names(&t, &["clone"]);
    // Rule 1: pairs read `name` / `set_name`; a field beside a property adds `_field`.
    assert_eq!(name_of(&all, "field value"), "value_field");
    assert_eq!(name_of(&all, "field set value"), "set_value_field");
    assert_eq!(name_of(&all, "get_Value"), "value");
    assert_eq!(name_of(&all, "set_Value"), "set_value");
    // The conventionally spelled one keeps the snake_case name, the other its C# spelling.
    assert_eq!(name_of(&all, "get_Xyz"), "xyz");
    assert_eq!(name_of(&all, "set_Xyz"), "set_xyz");
    assert_eq!(name_of(&all, "get_XYZ"), "XYZ");
    assert_eq!(name_of(&all, "set_XYZ"), "set_XYZ");
    // Rule 8: a method named like an accessor adds its parameters, or its return type.
    assert_eq!(name_of(&all, "count`"), "count_to_i32");
    assert_eq!(name_of(&all, "get_Count"), "count");
    assert_eq!(name_of(&all, "set_X`"), "set_x");
    assert_eq!(name_of(&all, "SetX"), "set_x_with_x_y");
    // Rule 9: std's names and reserved ones end in `_net`, pairs as a whole.
    assert_eq!(name_of(&all, "Clone"), "clone_net");
    assert_eq!(name_of(&all, "ToString"), "to_string_net");
    assert_eq!(name_of(&all, "Hash"), "hash_net");
    assert_eq!(name_of(&all, "Equals"), "equals");
    assert_eq!(name_of(&all, "get_Default"), "default_net");
    assert_eq!(name_of(&all, "set_Default"), "set_default_net");
    // No name is numbered, and none is given twice.
    let mut given: Vec<&String> = all.iter().map(|(_, n)| n).collect();
    given.sort();
    given.dedup();
    assert_eq!(given.len(), all.len(), "{all:?}");
    // A C# name that looks numbered keeps its own spelling; nothing else takes it.
    let t = type_of(
        Vec::new(),
        vec![m("count", Vec::new(), I32), m("Count_2", Vec::new(), I32)],
        vec![property("Count", I32)],
    );
    let all = all_names(&t, &[]);
    assert_eq!(name_of(&all, "count`"), "count_to_i32");
    assert_eq!(name_of(&all, "Count_2"), "count_2");
    assert_eq!(name_of(&all, "get_Count"), "count");
}

#[test]
fn names_do_not_depend_on_member_order() {
    let methods = vec![
        m("Abs", vec![p("value", F64)], F64),
        m("Abs", vec![p("value", I32)], I32),
        m("count", Vec::new(), I32),
        m("CreateScale", vec![p("scale", F32)], I32),
        m("CreateScale", vec![p("scales", vector3())], I32),
        m("CreateScale", vec![p("scale", F32), p("centerPoint", vector3())], I32),
        m("Area", vec![p("side", I32)], I32),
        m("Area", vec![p("w", I32), p("h", I32)], I32),
        m("op_Explicit", vec![p("f", vector3())], I32),
        m("op_Explicit", vec![p("f", vector3())], I64),
    ];
    let properties = vec![property("Count", I32), property("Area", I32)];
    let expected = all_names(&type_of(vec!["abs"], methods.clone(), properties.clone()), &[]);
    for rotation in 1..methods.len() {
        let mut methods = methods.clone();
        methods.rotate_left(rotation);
        let mut properties = properties.clone();
        properties.reverse();
        methods.reverse();
        let names = all_names(&type_of(vec!["abs"], methods, properties), &[]);
        assert_eq!(names, expected, "rotation {rotation}");
    }
}

#[test]
fn a_skipped_member_keeps_its_place() {
    // A protected overload (skipped when bound) still takes part: binding it later renames
    // nothing, and neither does skipping it.
    let mut protected = m("Area", Vec::new(), I32);
    protected.visibility = Visibility::Protected;
    let t = type_of(
        Vec::new(),
        vec![m("Area", vec![p("side", I32)], I32), protected],
        Vec::new(),
    );
    let all = all_names(&t, &[]);
    assert_eq!(name_of(&all, "Area`0(Value"), "area_with_side");
}

#[test]
fn module_docs_examples_hold() {
    // `overloads`' rule list and `names`' rule list.
    assert_eq!(group("area", &[m("Area", Vec::new(), I32)]), ["area"]);
    let formatting = named("Newtonsoft.Json", "Formatting", Vec::new());
    let names = group(
        "serialize_object",
        &[
            m("SerializeObject", vec![p("value", Ty::Object)], Ty::String),
            m(
                "SerializeObject",
                vec![p("value", Ty::Object), p("formatting", formatting)],
                Ty::String,
            ),
        ],
    );
    assert_eq!(names, ["serialize_object", "serialize_object_with_formatting"]);
    let names = group(
        "write",
        &[
            m("Write", vec![p("value", Ty::String)], Ty::Void),
            m("Write", vec![p("value", I32)], Ty::Void),
        ],
    );
    assert_eq!(names, ["write_string", "write_i32"]);
}
