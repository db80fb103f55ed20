//! Pins the spelling of every type form and the IDs of signatures as bindings generated before
//! this crate existed had them: a change here changes every function ID.

use cilbind_abi::{
    call_flags, fnv1a64, internal_call, member_of, DeclaringType, FunctionId, GenericParam, MethodSignature, NamedType,
    Primitive, TypeSig,
};

fn named(assembly: &str, namespace: &str, metadata_name: &str, args: Vec<TypeSig>) -> TypeSig {
    let mut n = NamedType::from_metadata_name(assembly, namespace, metadata_name);
    n.args = args;
    TypeSig::Named(n)
}

fn int() -> TypeSig {
    Primitive::Int32.into()
}

#[test]
fn every_primitive_is_spelled_by_its_system_type() {
    let spelled: Vec<String> = Primitive::ALL.iter().map(|&p| TypeSig::from(p).to_string()).collect();
    assert_eq!(
        spelled,
        [
            "System.Void",
            "System.Boolean",
            "System.Char",
            "System.SByte",
            "System.Byte",
            "System.Int16",
            "System.UInt16",
            "System.Int32",
            "System.UInt32",
            "System.Int64",
            "System.UInt64",
            "System.Single",
            "System.Double",
            "System.IntPtr",
            "System.UIntPtr",
            "System.String",
            "System.Object",
            "System.TypedReference",
        ]
    );
    for p in Primitive::ALL {
        assert_eq!(p.full_name(), format!("System.{}", p.name()));
    }
}

#[test]
fn named_nested_and_generic_forms() {
    let list = |arg| {
        named(
            "mscorlib",
            "System.Collections.Generic",
            "System.Collections.Generic.List`1",
            vec![arg],
        )
    };
    assert_eq!(list(int()).to_string(), "System.Collections.Generic.List<System.Int32>");
    let dict = named(
        "mscorlib",
        "System.Collections.Generic",
        "System.Collections.Generic.Dictionary`2",
        vec![Primitive::String.into(), list(int())],
    );
    assert_eq!(
        dict.to_string(),
        "System.Collections.Generic.Dictionary<System.String,System.Collections.Generic.List<System.Int32>>"
    );
    assert_eq!(
        named("Feature", "Features.NonNull", "Features.NonNull.Outer/Inner", vec![]).to_string(),
        "Features.NonNull.Outer.Inner"
    );
    assert_eq!(named("A", "", "Global", vec![]).to_string(), "Global");
    // A type nested in a generic type is generic itself: the arity suffixes are dropped at
    // every level, the arguments printed once, after the innermost name.
    assert_eq!(
        named("A", "N", "N.Outer`1/Inner", vec![int()]).to_string(),
        "N.Outer.Inner<System.Int32>"
    );
    let t = TypeSig::GenericParam(GenericParam::Type {
        index: 0,
        name: "T".into(),
    });
    let m = TypeSig::GenericParam(GenericParam::Method {
        index: 1,
        name: "TResult".into(),
    });
    assert_eq!(t.to_string(), "T");
    assert_eq!(m.to_string(), "TResult");
    assert_eq!(list(t.clone()).to_string(), "System.Collections.Generic.List<T>");
    assert_eq!(TypeSig::sz_array(t).to_string(), "T[]");
}

#[test]
fn arrays_by_refs_and_pointers() {
    assert_eq!(TypeSig::sz_array(int()).to_string(), "System.Int32[]");
    assert_eq!(
        TypeSig::sz_array(TypeSig::sz_array(Primitive::Byte.into())).to_string(),
        "System.Byte[][]"
    );
    let array = |rank| TypeSig::Array {
        element: Box::new(int()),
        rank,
    };
    assert_eq!(array(2).to_string(), "System.Int32[,]");
    assert_eq!(array(3).to_string(), "System.Int32[,,]");
    assert_eq!(TypeSig::by_ref(int()).to_string(), "System.Int32&");
    assert_eq!(
        TypeSig::by_ref(TypeSig::sz_array(Primitive::String.into())).to_string(),
        "System.String[]&"
    );
    assert_eq!(TypeSig::pointer(Primitive::Void.into()).to_string(), "System.Void*");
    assert_eq!(
        TypeSig::pointer(TypeSig::pointer(Primitive::Byte.into())).to_string(),
        "System.Byte**"
    );
}

#[test]
fn metadata_names_round_trip() {
    for (ns, name) in [
        ("N", "N.Outer`1/Inner"),
        ("", "Global"),
        ("System", "System.Int32"),
        ("", "A/B/C"),
    ] {
        let n = NamedType::from_metadata_name("A", ns, name);
        assert_eq!(n.metadata_name(), name);
    }
    let n = NamedType::from_metadata_name("A", "N", "N.Outer`1/Inner");
    assert_eq!(
        (n.nesting.as_slice(), n.name.as_str()),
        (&["Outer`1".to_string()][..], "Inner")
    );
}

#[test]
fn fnv1a_reference_vectors() {
    assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
    assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
    assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
}

/// IDs as bindings generated on main before this crate had them (the first six are rows of
/// `codegen/tests/snapshots/fixture.rs` and `codegen/tests/features/*.rs`; the others were
/// computed from main's spelling with an independent FNV-1a), built here from the structured
/// form.
#[test]
fn ids_are_unchanged() {
    let v3 = || named("Fixture", "Fixture.Structs", "Fixture.Structs.Vector3", vec![]);
    let list = |arg| {
        named(
            "mscorlib",
            "System.Collections.Generic",
            "System.Collections.Generic.List`1",
            vec![arg],
        )
    };
    let sig = |assembly: &str, ty: TypeSig, name: &str, params: Vec<TypeSig>, ret: TypeSig| {
        let params: Vec<String> = params.iter().map(TypeSig::to_string).collect();
        let (ty, ret) = (ty.to_string(), ret.to_string());
        let s = MethodSignature {
            assembly,
            declaring_type: DeclaringType::Spelled(&ty),
            name,
            params: &params,
            ret: &ret,
        };
        assert_eq!(s.id(), FunctionId::of_signature(&s.text()));
        (s.text(), s.id().0)
    };
    let uses = || named("Fixture", "Fixture.Structs", "Fixture.Structs.Uses", vec![]);
    let t = |name: &str| {
        TypeSig::GenericParam(GenericParam::Type {
            index: 0,
            name: name.into(),
        })
    };
    let mt = |name: &str| {
        TypeSig::GenericParam(GenericParam::Method {
            index: 0,
            name: name.into(),
        })
    };
    let cases = [
        (
            sig(
                "Fixture",
                named("Fixture", "Fixture.Classes", "Fixture.Classes.Animal", vec![]),
                "Speak",
                vec![],
                Primitive::String.into(),
            ),
            0xf086621010bc1153,
        ),
        (
            sig(
                "Fixture",
                uses(),
                "IntPair",
                vec![],
                named("Fixture", "Fixture.Structs", "Fixture.Structs.Pair`1", vec![int()]),
            ),
            0x7f70dcaa2421e8fa,
        ),
        (
            sig("Fixture", uses(), "Sum", vec![list(int())], int()),
            0x5e29d43edd405fc7,
        ),
        (
            sig(
                "Fixture",
                uses(),
                "First",
                vec![TypeSig::sz_array(int())],
                TypeSig::by_ref(int()),
            ),
            0xb1274ca512e2a161,
        ),
        (
            sig(
                "Fixture",
                uses(),
                "Scale",
                vec![TypeSig::by_ref(v3()), Primitive::Single.into()],
                Primitive::Void.into(),
            ),
            0xd50116864cfd9ff0,
        ),
        (
            sig(
                "Feature",
                named("Feature", "Features.NonNull", "Features.NonNull.Outer/Inner", vec![]),
                "Name",
                vec![],
                Primitive::String.into(),
            ),
            0xa644852779c3bf30,
        ),
        (
            sig(
                "Feature",
                named("Feature", "Features.Pointers", "Features.Pointers.Native", vec![]),
                "Copy",
                vec![
                    TypeSig::pointer(Primitive::Void.into()),
                    TypeSig::pointer(Primitive::Void.into()),
                    Primitive::Int64.into(),
                ],
                Primitive::Void.into(),
            ),
            0x1ceb757132b01a35,
        ),
        (
            sig(
                "Feature",
                named("Feature", "Features.Generics", "Features.Generics.Bag`1", vec![t("T")]),
                "Add",
                vec![t("T")],
                Primitive::Void.into(),
            ),
            0x0310505035131abe,
        ),
        (
            sig(
                "Newtonsoft.Json",
                named(
                    "Newtonsoft.Json",
                    "Newtonsoft.Json",
                    "Newtonsoft.Json.JsonConvert",
                    vec![],
                ),
                "DeserializeObject",
                vec![Primitive::String.into()],
                mt("T"),
            ),
            0x30468cb9f2cf1718,
        ),
        (
            sig(
                "Fixture",
                named("Fixture", "Fixture", "Fixture.Grids", vec![]),
                "Grid",
                vec![
                    TypeSig::Array {
                        element: Box::new(int()),
                        rank: 2,
                    },
                    TypeSig::Array {
                        element: Box::new(Primitive::Double.into()),
                        rank: 3,
                    },
                ],
                TypeSig::sz_array(TypeSig::sz_array(Primitive::Byte.into())),
            ),
            0x8ee6025fd270a1d8,
        ),
        (
            sig(
                "mscorlib",
                named(
                    "mscorlib",
                    "System.Collections.Generic",
                    "System.Collections.Generic.Dictionary`2",
                    vec![Primitive::String.into(), list(int())],
                ),
                "TryGetValue",
                vec![Primitive::String.into(), TypeSig::by_ref(list(int()))],
                Primitive::Boolean.into(),
            ),
            0x0821bd935590f5e6,
        ),
    ];
    for ((text, id), expected) in cases {
        assert_eq!(id, expected, "{text}");
    }
}

#[test]
fn a_definitions_signature_is_spelled_as_its_full_name() {
    let params = ["System.Int32", "System.Int32"];
    let by_ref = MethodSignature {
        assembly: "mscorlib",
        declaring_type: DeclaringType::Definition {
            namespace: "System",
            name: "Math",
        },
        name: "Max",
        params: &params,
        ret: "System.Int32",
    };
    let text = "[mscorlib]System.Math::Max(System.Int32,System.Int32)->System.Int32";
    assert_eq!(by_ref.text(), text);
    assert_eq!(by_ref.id(), FunctionId(0x49c5f044ab26076c));
    assert_eq!(by_ref.member(), "System.Math::Max");
    assert_eq!(by_ref.member_hash(), fnv1a64(b"System.Math::Max"));
    assert_eq!(member_of(text), "System.Math::Max");
    let nested = MethodSignature::<&str> {
        assembly: "A",
        declaring_type: DeclaringType::Definition {
            namespace: "N",
            name: "Outer/Inner",
        },
        name: ".ctor",
        params: &[],
        ret: "System.Void",
    };
    assert_eq!(nested.text(), "[A]N.Outer.Inner::.ctor()->System.Void");
    assert_eq!(member_of(&nested.text()), "N.Outer.Inner::.ctor");
    let global = DeclaringType::Definition {
        namespace: "",
        name: "G",
    };
    assert_eq!(global.spelling(), "G");
    assert_eq!(FunctionId(0x49c5f044ab26076c).to_string(), "0x49c5f044ab26076c");
}

#[test]
fn call_flag_bits() {
    assert_eq!(call_flags::THIS_BY_POINTER, 1 << 62);
    assert_eq!(call_flags::RETURN_BY_POINTER, 1 << 61);
    assert_eq!(call_flags::RETURN_BOXED, 1 << 60);
    assert_eq!(call_flags::RETURN_DEREF, 1 << 59);
    assert_eq!(
        call_flags::param_bits(call_flags::RETURN_DEREF | call_flags::THIS_BY_POINTER | 0b101),
        0b101
    );
    assert_eq!(1i64 << call_flags::PARAM_BITS, call_flags::RETURN_DEREF);
}

#[test]
fn internal_call_names() {
    let descs: Vec<Option<String>> = [
        Primitive::Boolean,
        Primitive::Char,
        Primitive::SByte,
        Primitive::Byte,
        Primitive::Int16,
        Primitive::UInt16,
        Primitive::Int32,
        Primitive::UInt32,
        Primitive::Int64,
        Primitive::UInt64,
        Primitive::Single,
        Primitive::Double,
        Primitive::IntPtr,
        Primitive::UIntPtr,
        Primitive::String,
        Primitive::Object,
        Primitive::Void,
    ]
    .into_iter()
    .map(|p| internal_call::param_desc(&p.into()))
    .collect();
    let expected = [
        "bool", "char", "sbyte", "byte", "int16", "uint16", "int", "uint", "long", "ulong", "single", "double",
        "intptr", "uintptr", "string", "object",
    ];
    assert_eq!(descs[..16], expected.map(|s| Some(s.to_string())));
    assert_eq!(descs[16], None);
    let inner = named("A", "N", "N.Outer/Inner", vec![]);
    assert_eq!(
        internal_call::param_desc(&TypeSig::by_ref(inner.clone())).as_deref(),
        Some("N.Outer/Inner&")
    );
    assert_eq!(
        internal_call::param_desc(&TypeSig::sz_array(Primitive::String.into())).as_deref(),
        Some("string[]")
    );
    let list = named(
        "mscorlib",
        "System.Collections.Generic",
        "System.Collections.Generic.List`1",
        vec![int()],
    );
    assert_eq!(internal_call::param_desc(&list), None);
    assert_eq!(internal_call::param_desc(&TypeSig::pointer(int())), None);
    assert_eq!(
        internal_call::name("N.Outer/Inner", "Run", &["int", "string&"]),
        "N.Outer/Inner::Run(int,string&)"
    );
}
