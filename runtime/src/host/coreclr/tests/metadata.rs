//! Metadata through the bridge, against the answers Mono gives.

use super::*;

#[test]
fn coreclr_metadata_answers_as_mono_does() {
    in_child("metadata::child_metadata");
}

#[test]
#[ignore = "runs in a child process of coreclr_metadata_answers_as_mono_does"]
fn child_metadata() {
    use crate::host::TypeKind;
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let facts = |h| clr.type_facts(h).unwrap();

    let square = class("Square");
    assert_eq!(
        class("Square"),
        square,
        "one handle per type: handles compare as types do"
    );
    let f = facts(square);
    assert_eq!(
        (f.name, f.namespace, f.assembly, f.cil_name),
        ("Square", "Probe", "Probe", "Probe.Square")
    );
    assert!(!f.is_value_type() && f.is_public() && !f.is_interface());
    assert_eq!(f.kind, TypeKind::Reference);
    assert_eq!(facts(f.parent.unwrap()).cil_name, "System.Object");
    let interfaces: Vec<&str> = clr
        .interfaces(square)
        .unwrap()
        .into_iter()
        .map(|i| facts(i).cil_name)
        .collect();
    assert!(
        interfaces.contains(&"Probe.IShape") && interfaces.contains(&"Probe.INamed"),
        "{interfaces:?}"
    );
    let ishape = class("IShape");
    assert!(facts(ishape).is_interface());
    assert!(clr.is_assignable(ishape, square) && !clr.is_assignable(square, ishape));

    let nested = class("Calls/Nested");
    assert_eq!(facts(nested).cil_name, "Probe.Calls.Nested");
    assert_eq!(facts(nested).nesting, Some(class("Calls")));
    assert_eq!(clr.nested(class("Calls"), "Nested").unwrap(), Some(nested));

    let color = facts(class("Color"));
    assert!(color.is_enum() && color.is_value_type());
    assert_eq!(color.kind, TypeKind::Enum);
    assert_eq!(facts(color.enum_underlying.unwrap()).kind, TypeKind::Byte);
    assert_eq!((color.size, color.align), (1, 1));

    let mixed = class("Mixed");
    assert_eq!(
        (facts(mixed).size, facts(mixed).align),
        (24, 8),
        "byte, double, short: laid out in order"
    );
    let offsets: Vec<(&str, Option<usize>)> = ["Tag", "Value", "Small"]
        .iter()
        .map(|n| {
            let field = clr.field_facts(clr.find_field(mixed, n).unwrap()).unwrap();
            (field.name, field.offset)
        })
        .collect();
    assert_eq!(offsets, [("Tag", Some(0)), ("Value", Some(8)), ("Small", Some(16))]);
    let point = class("Point");
    assert_eq!((facts(point).size, facts(point).align), (8, 4));

    let side = clr.field_facts(clr.find_field(square, "Side").unwrap()).unwrap();
    assert!(
        !side.is_static() && side.offset.is_none(),
        "a class's fields have no value offset"
    );
    assert_eq!(facts(side.ty).kind, TypeKind::Double);
    let made = clr.field_facts(clr.find_field(square, "Made").unwrap()).unwrap();
    assert!(made.is_static() && !made.is_literal());
    assert!(clr
        .field_facts(clr.find_field(square, "Corners").unwrap())
        .unwrap()
        .is_literal());
    assert!(matches!(
        clr.find_field(square, "Nope"),
        Err(Error::FieldNotFound { .. })
    ));
    // Found through the base: Object's methods on Square.
    let to_string = clr.find_method(square, "ToString", &[], None, false).unwrap();
    assert_eq!(
        facts(clr.method_facts(to_string).unwrap().class).cil_name,
        "System.Object"
    );

    let of_int = clr.find_method(square, "Of", &["System.Int32"], None, false).unwrap();
    let m = clr.method_facts(of_int).unwrap();
    assert!(m.is_static() && !m.is_virtual() && !m.is_constructor());
    assert_eq!(facts(m.ret).cil_name, "Probe.Square");
    let area = clr
        .method_facts(clr.find_method(square, "Area", &[], None, false).unwrap())
        .unwrap();
    assert!(area.is_virtual(), "an interface implementation is virtual");
    assert!(
        !area.is_internal_call() && area.token >> 24 == 0x06,
        "a MethodDef token: {:#x}",
        area.token
    );
    assert_eq!(side.class, square);
    let maybe = clr
        .method_facts(clr.find_method(class("Overloads"), "Maybe", &[], None, false).unwrap())
        .unwrap();
    assert_eq!(facts(facts(maybe.ret).nullable_param.unwrap()).kind, TypeKind::Int32);
    let missing = clr
        .find_method(square, "Of", &["System.String"], None, false)
        .unwrap_err()
        .to_string();
    assert!(
        missing.contains("Of(System.Int32) -> Probe.Square") && missing.contains("Of(System.Double)"),
        "{missing}"
    );
    let ctor = clr.find_method(square, ".ctor", &[], None, false).unwrap();
    assert!(clr.method_facts(ctor).unwrap().is_constructor());

    // Parameter spellings as cilbind (and Mono) write them.
    let pick = clr.find_method(
        class("Overloads"),
        "Pick",
        &[
            "System.Collections.Generic.List<System.Int32>",
            "Probe.Point&",
            "System.Int32[]",
            "System.Int32[,]",
            "System.Byte*",
        ],
        None,
        false,
    );
    assert!(pick.is_ok(), "{pick:?}");
    let params = clr.method_facts(pick.unwrap()).unwrap().params.clone();
    assert!(facts(params[1]).is_by_ref());
    assert_eq!(
        facts(params[1]).kind,
        TypeKind::Struct,
        "a by-ref's kind is its target's"
    );
    assert_eq!(facts(params[4]).kind, TypeKind::Pointer);

    // Generic instantiation and arrays.
    let definition = class("Box`1");
    assert!(facts(definition).is_generic_definition());
    let int32 = facts(facts(color.enum_underlying.unwrap()).parent.unwrap()).parent;
    assert!(
        int32.is_some(),
        "System.Byte derives from ValueType, which derives from Object"
    );
    let i32_type = params[2];
    let int_array = facts(i32_type).element.unwrap();
    assert_eq!(facts(int_array).cil_name, "System.Int32");
    let boxed = clr.instantiate(definition, &[int_array]).unwrap();
    assert_eq!(facts(boxed).cil_name, "Probe.Box<System.Int32>");
    let get = clr
        .method_facts(clr.find_method(boxed, "Get", &[], None, false).unwrap())
        .unwrap();
    assert_eq!(facts(get.ret).kind, TypeKind::Int32, "the closed method returns Int32");
    assert_eq!(clr.array_of(int_array).unwrap(), i32_type, "Int32[] interned once");
    let refused = clr
        .instantiate(definition, &[int_array, int_array])
        .unwrap_err()
        .to_string();
    assert!(refused.contains("ArgumentException"), "{refused}");
}
