//! Classification of the types and signatures in `fixtures/Fixture.cs`.

use super::common;
use crate::model::{GenericParam, Layout, PassMode, Primitive, Ty, TypeKind, TypeModel};
use crate::plan::classify::{ArrayElement, ClassifiedModel, ClassifiedType, Crossing, HandleKind, TypeClass};
use crate::plan::SkipKind;
use crate::Builder;
use std::sync::OnceLock;

/// Classified once for all tests of this file.
fn model() -> &'static ClassifiedModel {
    static MODEL: OnceLock<ClassifiedModel> = OnceLock::new();
    MODEL.get_or_init(|| {
        Builder::new()
            .assembly(common::fixture_dll())
            .classified()
            .expect("classify")
    })
}

fn bound(name: &str) -> &'static ClassifiedType {
    model()
        .types
        .iter()
        .find(|t| t.path.metadata_name == name)
        .unwrap_or_else(|| panic!("{name} not bound"))
}

fn type_model(name: &str) -> &'static TypeModel {
    model().model.get(&bound(name).path).expect("modeled")
}

fn member<'a>(t: &'a ClassifiedType, name: &str) -> &'a crate::plan::classify::ClassifiedMember {
    t.members
        .iter()
        .find(|m| m.display_name.ends_with(&format!(".{name}")))
        .unwrap_or_else(|| panic!("{name}"))
}

fn named(ty: &Ty) -> &str {
    match ty {
        Ty::Named { path, .. } => &path.metadata_name,
        other => panic!("not named: {other}"),
    }
}

#[test]
fn enums_of_several_underlying_types() {
    let cases = [
        ("Fixture.Enums.Small", Primitive::I8),
        ("Fixture.Enums.Short", Primitive::I16),
        ("Fixture.Enums.Big", Primitive::I64),
        ("Fixture.Enums.Huge", Primitive::U64),
        ("Fixture.Enums.Plain", Primitive::I32),
    ];
    for (name, underlying) in cases {
        assert_eq!(bound(name).class, TypeClass::Enum { underlying }, "{name}");
    }
    let values = |name| -> Vec<(String, i128)> {
        type_model(name)
            .enum_info
            .as_ref()
            .unwrap()
            .members
            .iter()
            .map(|m| (m.name.clone(), m.value))
            .collect()
    };
    assert_eq!(
        values("Fixture.Enums.Small"),
        [("Neg".into(), -128), ("Zero".into(), 0), ("Pos".into(), 127)]
    );
    assert_eq!(
        values("Fixture.Enums.Big"),
        [("Min".into(), i64::MIN.into()), ("Max".into(), i64::MAX.into())]
    );
    assert_eq!(values("Fixture.Enums.Huge"), [("Top".into(), u64::MAX.into())]);
}

#[test]
fn flags_byte_enum() {
    assert_eq!(
        bound("Fixture.Enums.Perms").class,
        TypeClass::FlagsEnum {
            underlying: Primitive::U8
        }
    );
    let info = type_model("Fixture.Enums.Perms").enum_info.as_ref().unwrap();
    assert!(info.is_flags);
    assert_eq!(info.members.iter().find(|m| m.name == "All").map(|m| m.value), Some(7));
}

/// (size, align, [(field, offset)]) of a full struct.
fn full(name: &str) -> (u32, u32, Vec<(String, u32)>) {
    match &bound(name).class {
        TypeClass::FullStruct(l) => (
            l.size,
            l.align,
            l.fields.iter().map(|f| (f.name.clone(), f.offset)).collect(),
        ),
        other => panic!("{name} is {other:?}"),
    }
}

fn offsets(pairs: &[(&str, u32)]) -> Vec<(String, u32)> {
    pairs.iter().map(|(n, o)| (n.to_string(), *o)).collect()
}

// Expected sizes and offsets are what Mono 6.8's `sizeof`/field addresses report.
#[test]
fn full_structs_and_their_layouts() {
    assert_eq!(
        full("Fixture.Structs.Vector3"),
        (12, 4, offsets(&[("X", 0), ("Y", 4), ("Z", 8)]))
    );
    assert_eq!(
        full("Fixture.Structs.IntOrFloat"),
        (8, 4, offsets(&[("AsInt", 0), ("AsFloat", 0), ("Hi", 4)]))
    );
    assert_eq!(
        full("Fixture.Structs.Header"),
        (24, 8, offsets(&[("Magic", 0), ("Length", 8), ("Flags", 16)]))
    );
    assert_eq!(full("Fixture.Structs.Packed"), (5, 1, offsets(&[("A", 0), ("B", 1)])));
    assert_eq!(full("Fixture.Structs.Odd"), (6, 4, offsets(&[("A", 0)])));
    assert_eq!(full("Fixture.Structs.HoldsOdd"), (8, 4, offsets(&[("O", 0), ("B", 6)])));
    assert_eq!(
        full("Fixture.Structs.Mixed"),
        (
            24,
            8,
            offsets(&[("A", 0), ("B", 4), ("D", 8), ("S", 16), ("F", 18), ("C", 20)])
        )
    );
    assert_eq!(
        full("Fixture.Structs.Nested"),
        (40, 8, offsets(&[("Position", 0), ("Color", 12), ("M", 16)]))
    );
    assert_eq!(
        type_model("Fixture.Structs.Packed").layout,
        Layout::Sequential {
            pack: Some(1),
            size: None
        }
    );
    assert_eq!(
        type_model("Fixture.Structs.Header").layout,
        Layout::Explicit { size: Some(24) }
    );
}

#[test]
fn structs_with_references_are_managed() {
    for name in ["Fixture.Structs.RaycastHit", "Fixture.Structs.HoldsHit"] {
        match &bound(name).class {
            TypeClass::ManagedStruct { reason } => assert!(reason.contains("Collider"), "{name}: {reason}"),
            other => panic!("{name} is {other:?}"),
        }
    }
}

#[test]
fn class_hierarchy_kinds_members_and_interfaces() {
    assert_eq!(bound("Fixture.Classes.Dog").class, TypeClass::Class);
    assert_eq!(bound("Fixture.Classes.IShape").class, TypeClass::Interface);
    assert_eq!(bound("Fixture.Classes.Handler").class, TypeClass::Delegate);
    assert_eq!(type_model("Fixture.Classes.Handler").kind, TypeKind::Delegate);

    let dog = type_model("Fixture.Classes.Dog");
    let api = dog.api.as_ref().unwrap();
    let chain: Vec<String> = api.base_chain.iter().map(|t| t.to_string()).collect();
    assert_eq!(chain, ["Fixture.Classes.Animal", "System.Object"]);
    let itfs: Vec<String> = api.interfaces.iter().map(|t| t.to_string()).collect();
    for expected in [
        "Fixture.Classes.ISolid",
        "Fixture.Classes.IShape", // inherited from ISolid
        "System.IComparable`1<Fixture.Classes.Dog>",
        "Fixture.Classes.INamed",                       // from the base class
        "System.IComparable`1<Fixture.Classes.Animal>", // from the base class, substituted
    ] {
        assert!(itfs.contains(&expected.to_string()), "{expected} missing from {itfs:?}");
    }
    assert_eq!(itfs.len(), 5, "{itfs:?}");

    let speak = api.methods.iter().find(|m| m.name == "Speak").unwrap();
    assert!(speak.is_virtual && speak.is_override && !speak.is_abstract);
    let animal = type_model("Fixture.Classes.Animal");
    let abs = animal
        .api
        .as_ref()
        .unwrap()
        .methods
        .iter()
        .find(|m| m.name == "Speak")
        .unwrap();
    assert!(abs.is_abstract && !abs.is_override);

    // The indexer is a property with an index parameter; its getter crosses ints.
    let item = api.properties.iter().find(|p| p.name == "Item").unwrap();
    assert_eq!(item.index_params.len(), 1);
    let dog_c = bound("Fixture.Classes.Dog");
    let get_item = member(dog_c, "get_Item").binding.as_ref().unwrap();
    assert_eq!(get_item.params, [Crossing::Primitive(Primitive::I32)]);
    // The const field keeps its value.
    let max = dog.fields.iter().find(|f| f.name == "MaxLegs").unwrap();
    assert!(max.is_literal && max.constant == Some(crate::model::ConstValue::Int(4)));

    let animal_c = bound("Fixture.Classes.Animal");
    assert_eq!(
        member(animal_c, "Hidden").binding.as_ref().unwrap_err().kind,
        SkipKind::Protected
    );
    // Events are bound through their accessors, which take the handler delegate.
    for accessor in ["add_Changed", "remove_Changed"] {
        let sig = member(animal_c, accessor).binding.as_ref().unwrap();
        assert!(
            matches!(
                &sig.params[..],
                [Crossing::Handle {
                    kind: HandleKind::Delegate,
                    ..
                }]
            ),
            "{accessor}: {sig:?}"
        );
    }
    let compare = member(animal_c, "CompareTo").binding.as_ref().unwrap();
    assert!(
        matches!(&compare.params[0], Crossing::Handle { kind: HandleKind::Class, ty } if named(ty) == "Fixture.Classes.Animal")
    );
}

#[test]
fn enums_inherit_system_enum_interfaces() {
    let itfs: Vec<String> = type_model("Fixture.Enums.Plain")
        .api
        .as_ref()
        .unwrap()
        .interfaces
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(
        itfs,
        ["System.IComparable", "System.IFormattable", "System.IConvertible"]
    );
}

#[test]
fn generic_types_and_substitution() {
    // Box<T> : List<T>: the interfaces of List<T> come substituted with Box's own T (!0).
    let boxed = type_model("Fixture.Classes.Box`1");
    let itfs: Vec<String> = boxed
        .api
        .as_ref()
        .unwrap()
        .interfaces
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert!(
        itfs.contains(&"System.Collections.Generic.IList`1<!0>".to_string()),
        "{itfs:?}"
    );
    assert!(
        itfs.contains(&"System.Collections.Generic.IEnumerable`1<!0>".to_string()),
        "{itfs:?}"
    );
    // A member of a generic type is bound for every type argument: `T Get()` returns the
    // type parameter itself.
    let box_c = bound("Fixture.Classes.Box`1");
    assert_eq!(
        member(box_c, "Get").binding.as_ref().unwrap().ret,
        Crossing::TypeParam(GenericParam::Type(0))
    );
    assert_eq!(
        member(box_c, "Size").binding.as_ref().unwrap().ret,
        Crossing::Primitive(Primitive::I32)
    );
    // Substituting closes the type.
    let itf = &boxed.api.as_ref().unwrap().interfaces[0];
    assert!(itf
        .substitute(&[Ty::Primitive(Primitive::I32)], &[])
        .first_generic_param()
        .is_none());

    // A generic struct definition is a generic handle; every instantiation, full or managed,
    // crosses as a handle to its box (its layout depends on the arguments).
    assert_eq!(bound("Fixture.Structs.Pair`1").class, TypeClass::GenericStruct);
    let uses = bound("Fixture.Structs.Uses");
    let pair = member(uses, "IntPair").binding.as_ref().unwrap();
    assert!(
        matches!(&pair.ret, Crossing::ManagedStruct(Ty::Named { args, .. }) if args == &[Ty::Primitive(Primitive::I32)])
    );
    // List<int> crosses as a class handle with its argument.
    let sum = member(uses, "Sum").binding.as_ref().unwrap();
    match &sum.params[0] {
        Crossing::Handle {
            ty: Ty::Named { path, args },
            kind: HandleKind::Class,
        } => {
            assert_eq!(path.metadata_name, "System.Collections.Generic.List`1");
            assert_eq!(path.assembly, "mscorlib");
            assert_eq!(args, &[Ty::Primitive(Primitive::I32)]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn signatures_cross_or_say_why_not() {
    let uses = bound("Fixture.Structs.Uses");
    let ok = |name| member(uses, name).binding.clone().unwrap();
    let skip = |name| member(uses, name).binding.clone().unwrap_err();

    assert!(
        matches!(&ok("TakesHit").params[0], Crossing::ManagedStruct(t) if named(t) == "Fixture.Structs.RaycastHit")
    );
    match &ok("TryHit").params[0] {
        Crossing::ByRef {
            pass: PassMode::Out,
            target,
        } => assert!(matches!(**target, Crossing::ManagedStruct(_))),
        other => panic!("{other:?}"),
    }
    match &ok("Scale").params[..] {
        [Crossing::ByRef {
            pass: PassMode::Ref,
            target,
        }, Crossing::Primitive(Primitive::F32)] => {
            assert!(matches!(&**target, Crossing::FullStruct(t) if named(t) == "Fixture.Structs.Vector3"))
        }
        other => panic!("{other:?}"),
    }
    // A `ref` the method only reads (itself, or through another method's read-only `ref`)
    // crosses as `in`; one written (directly, through a callee or a `ref` local) or replaced
    // stays `ref`.
    for (name, pass) in [
        ("Length", PassMode::In),
        ("LengthVia", PassMode::In),
        ("Kept", PassMode::In),
        ("ScaleVia", PassMode::Ref),
        ("Reset", PassMode::Ref),
        ("KeptWritten", PassMode::Ref),
    ] {
        match &ok(name).params[..] {
            [Crossing::ByRef { pass: p, target }] => {
                assert_eq!(*p, pass, "{name}");
                assert!(matches!(&**target, Crossing::FullStruct(t) if named(t) == "Fixture.Structs.Vector3"));
            }
            other => panic!("{name}: {other:?}"),
        }
    }
    assert!(matches!(
        &ok("Points").ret,
        Crossing::Array {
            element: ArrayElement::FullStruct(_),
            ..
        }
    ));
    assert!(matches!(
        &ok("Names").ret,
        Crossing::Array {
            element: ArrayElement::Object(Ty::String),
            ..
        }
    ));
    assert!(matches!(
        &ok("Names").params[0],
        Crossing::Enum {
            underlying: Primitive::U8,
            flags: true,
            ..
        }
    ));
    assert!(matches!(
        &ok("Names").params[1],
        Crossing::Enum {
            underlying: Primitive::I32,
            flags: false,
            ..
        }
    ));

    // `int? Maybe()`: Nullable of a primitive crosses as Option of it.
    assert_eq!(
        ok("Maybe").ret,
        Crossing::Nullable(Box::new(Crossing::Primitive(Primitive::I32)))
    );

    let cases = [("Ptr", SkipKind::Pointer), ("Matrix", SkipKind::MultiDimArray)];
    // `RaycastHit[] Hits()`: an array of managed structs, the typed `StructArray` handle.
    assert!(matches!(
        &ok("Hits").ret,
        Crossing::Array {
            element: ArrayElement::ManagedStruct(t),
            ..
        } if named(t) == "Fixture.Structs.RaycastHit"
    ));
    // `ref int First(int[])`: the int, copied out by the trampoline.
    let first = ok("First");
    assert_eq!(
        (first.ret.clone(), first.ret_by_ref),
        (Crossing::Primitive(Primitive::I32), true)
    );
    // A generic method is bound for every type argument: `T Identity<T>(T)`.

    let identity = ok("Identity");
    assert_eq!(identity.params, vec![Crossing::TypeParam(GenericParam::Method(0))]);
    assert_eq!(identity.ret, Crossing::TypeParam(GenericParam::Method(0)));
    for (name, kind) in cases {
        let u = skip(name);
        assert_eq!(u.kind, kind, "{name}: {u}");
        assert!(!u.detail.is_empty());
    }
    // `int* Ptr(int* p)`: its pointer parameter crosses (in an `unsafe fn`), its pointer return
    // does not.
    assert_eq!(
        skip("Ptr").detail,
        "returns System.Int32* (pointer returns are not bound)",
        "{}",
        skip("Ptr").detail
    );
}

#[test]
fn nested_types_and_summary() {
    let inner = bound("Fixture.Classes.Outer/Inner");
    assert_eq!(inner.path.nested, ["Outer"]);
    assert_eq!(inner.path.name, "Inner");
    assert_eq!(inner.path.namespace, "Fixture.Classes");

    let summary = Builder::new()
        .assembly(common::fixture_dll())
        .generate()
        .expect("generate")
        .summary()
        .clone();
    assert_eq!(
        summary.types_bound + summary.types_skipped.values().sum::<usize>(),
        model().types.len()
    );
    // Pair<T> (a generic struct) is bound now: nothing is open.
    assert_eq!(summary.types_skipped.get(&SkipKind::OpenGeneric), None);
    assert_eq!(summary.members_skipped.get(&SkipKind::Pointer), Some(&1));
    // Members of the closed instantiations the fixture uses (`List<Int32>` …) are counted
    // apart from the fixture's own.
    assert!(summary.members_bound + summary.instance_members_bound > 40, "{summary}");
    assert!(summary.instance_members_bound > 0, "{summary}");
    let text = summary.to_string();
    assert!(text.contains("unmanaged pointer"), "{text}");
}

#[test]
fn namespace_filter_selects_prefixes() {
    let b = Builder::new()
        .assembly(common::fixture_dll())
        .namespace("Fixture.Enums")
        .classified()
        .unwrap();
    assert!(b.types.iter().all(|t| t.path.namespace == "Fixture.Enums"));
    assert_eq!(b.types.len(), 6);
    // A prefix must end at a dot: `Fixture.Enum` selects nothing, which is an error naming
    // the closest namespace.
    let none = Builder::new()
        .assembly(common::fixture_dll())
        .namespace("Fixture.Enum")
        .classified()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        none.contains("`Fixture.Enum` matches no public type") && none.contains("Fixture.Enums"),
        "{none}"
    );
}
