//! Static fields read and written through generated bindings before anything else touched their
//! type: the type initializer runs first, once, exactly as C# runs it, and a throwing one is
//! .NET's `TypeInitializationException` (with the initializer's exception inside) on that
//! access and every later one, through fields and method calls alike.
//!
//! Every test here touches types of `fixtures/Statics.cs` no other test touches, so each
//! first access really is the first (the tests share one runtime, in any order).

use cilbind::{Char, Error};
use managed_tests::statics::statics::{
    Eager, Indirect, Kind, Matrix4, Point, Precise, Reflect, Registry, ThrowsOnCall, ThrowsOnField, ThrowsPrecise,
    Vec3, WriteFirst,
};
use managed_tests::vectors::system::numerics::{Matrix4x4, Vector3};

fn setup() {
    managed_tests::start_with(managed_tests::statics::init);
}

#[test]
fn a_precise_initializer_runs_before_the_first_read_of_each_kind_of_field() {
    setup();
    // The first member of `Precise` anything touches: a primitive field.
    assert_eq!(Precise::number().unwrap(), 42);
    assert!(Precise::flag().unwrap());
    assert_eq!(Precise::ratio().unwrap(), 0.25);
    assert_eq!(Precise::letter().unwrap(), Char(u16::from(b'Z')));
    assert_eq!(Precise::kind().unwrap(), Kind::MANY);
    assert_eq!(Precise::text().unwrap().as_deref(), Some("hello"));
    assert_eq!(Precise::r#where().unwrap(), Point { x: 3, y: 4 });
    let tag = Precise::tag().unwrap();
    assert_eq!((tag.name().unwrap().as_deref(), tag.n().unwrap()), (Some("tag"), 7));
    assert_eq!(Precise::obj().unwrap().expect("an object").id().unwrap(), 9);
    assert_eq!(Precise::numbers().unwrap(), Some(vec![1, 2, 3]));
    assert_eq!(Precise::maybe().unwrap(), Some(5));
    assert_eq!(Precise::origin().unwrap(), Point { x: -1, y: -2 });
    // Once, however many fields were read; a `const` is a Rust constant, no field at all.
    assert_eq!(Precise::runs().unwrap(), 1);
    assert_eq!(Precise::ANSWER, 42);
}

#[test]
fn a_beforefieldinit_initializer_runs_before_the_first_read_of_each_kind_of_field() {
    setup();
    // Read in the reverse order of the declarations: the first access is the last field.
    assert_eq!(Eager::origin().unwrap(), Point { x: -1, y: -2 });
    assert_eq!(Eager::maybe().unwrap(), Some(5));
    assert_eq!(Eager::numbers().unwrap(), Some(vec![1, 2, 3]));
    assert_eq!(Eager::obj().unwrap().expect("an object").id().unwrap(), 9);
    let tag = Eager::tag().unwrap();
    assert_eq!((tag.name().unwrap().as_deref(), tag.n().unwrap()), (Some("tag"), 7));
    assert_eq!(Eager::r#where().unwrap(), Point { x: 3, y: 4 });
    assert_eq!(Eager::text().unwrap().as_deref(), Some("helLO"));
    assert_eq!(Eager::kind().unwrap(), Kind::SOME);
    assert_eq!(Eager::letter().unwrap(), Char(u16::from(b'Z')));
    assert_eq!(Eager::ratio().unwrap(), 0.25);
    assert!(Eager::flag().unwrap());
    assert_eq!(Eager::number().unwrap(), 42);
}

#[test]
fn a_static_readonly_struct_is_the_initializers_value_on_first_touch() {
    setup();
    let m = Matrix4::identity().unwrap();
    let rows = |m: [f32; 16]| m.chunks(4).map(|r| r.to_vec()).collect::<Vec<_>>();
    let identity = rows([1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1.]);
    let matrix4 = [
        m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44,
    ];
    assert_eq!(rows(matrix4), identity);
    // The vector: right before any method of the type ran, and the same after.
    assert_eq!(Vec3::unit_x().unwrap(), Vec3 { x: 1.0, y: 0.0, z: 0.0 });
    assert_eq!(Vec3::unit_x().unwrap().sum().unwrap(), 1.0);
    // System.Numerics.Vectors' own (properties over private `static readonly` fields).
    managed_tests::vectors::init().unwrap();
    let m = Matrix4x4::identity().unwrap();
    let matrix4x4 = [
        m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43, m.m44,
    ];
    assert_eq!(rows(matrix4x4), identity);
    assert_eq!(Vector3::unit_x().unwrap(), Vector3 { x: 1.0, y: 0.0, z: 0.0 });
}

#[test]
fn each_closed_generic_type_runs_its_own_initializer() {
    setup();
    assert_eq!(Registry::<i32>::name().unwrap().as_deref(), Some("Int32"));
    assert_eq!(Registry::<i32>::default_net().unwrap(), 7);
    assert_eq!(Registry::<f64>::default_net().unwrap(), 7.0);
    assert_eq!(Registry::<f64>::name().unwrap().as_deref(), Some("Double"));
    assert_eq!(
        Registry::<cilbind::NetString>::default_net()
            .unwrap()
            .map(|s| s.to_string().unwrap()),
        Some("7".to_string())
    );
    // One initializer per closed class, in the order of the first accesses.
    assert_eq!(
        [
            Registry::<i32>::order().unwrap(),
            Registry::<f64>::order().unwrap(),
            Registry::<cilbind::NetString>::order().unwrap()
        ],
        [1, 2, 3]
    );
}

#[test]
fn a_write_before_any_read_runs_the_initializer_first() {
    setup();
    WriteFirst::set_value(10).unwrap();
    // The initializer ran before the write (C# order): the write stays, its other field is set.
    assert_eq!((WriteFirst::value().unwrap(), WriteFirst::other().unwrap()), (10, 2));
    // Managed code agrees.
    let read = |field| Reflect::read("Statics.WriteFirst, Statics", Some(field)).unwrap();
    let value = cilbind::unbox_blittable::<i32>(&read("Value").unwrap()).unwrap();
    assert_eq!(value, 10);
}

#[test]
fn statics_behind_a_ref_return_and_a_property_see_the_initializer() {
    setup();
    assert_eq!(Indirect::count().unwrap(), 5);
    assert_eq!(Indirect::center().unwrap(), Point { x: 8, y: 9 });
}

/// `err` is .NET's `TypeInitializationException` for `type_name` around `inner`'s type and message.
fn assert_type_init_error<T: std::fmt::Debug>(r: cilbind::Result<T>, type_name: &str, inner: (&str, &str)) {
    match r {
        Err(Error::ManagedException {
            type_name: t,
            message,
            inner: chain,
            ..
        }) => {
            assert_eq!(t, "System.TypeInitializationException", "{message}");
            assert!(message.contains(type_name), "{message}");
            let first = chain.first().expect("the initializer's exception inside");
            assert_eq!((first.type_name.as_str(), first.message.as_str()), inner);
        }
        other => panic!("expected TypeInitializationException for {type_name}, got {other:?}"),
    }
}

#[test]
fn a_throwing_initializer_is_a_type_initialization_exception_on_every_field_access() {
    setup();
    let boom = ("System.InvalidOperationException", "cctor boom");
    for _ in 0..3 {
        assert_type_init_error(ThrowsOnField::value(), "Statics.ThrowsOnField", boom);
        assert_type_init_error(ThrowsOnField::text(), "Statics.ThrowsOnField", boom);
        assert_type_init_error(ThrowsOnField::set_value(1), "Statics.ThrowsOnField", boom);
        assert_type_init_error(ThrowsOnField::set_text("x"), "Statics.ThrowsOnField", boom);
    }
    // Managed code sees the same (what `invoke` and C# report).
    assert_type_init_error(
        Reflect::read("Statics.ThrowsOnField, Statics", "Value"),
        "Statics.ThrowsOnField",
        boom,
    );
}

#[test]
fn a_throwing_initializer_is_a_type_initialization_exception_through_method_calls() {
    setup();
    let boom = ("System.InvalidOperationException", "cctor boom");
    for _ in 0..3 {
        assert_type_init_error(ThrowsOnCall::get(), "Statics.ThrowsOnCall", boom);
        if managed_tests::on_coreclr() {
            // `ThrowsOnCall` is beforefieldinit (a field initializer, no static constructor):
            // CoreCLR runs its initializer at the first access to a static field only
            // (ECMA-335 II.10.5.3.2), so an instance is made there; Mono runs it first.
            assert!(ThrowsOnCall::new().is_ok());
        } else {
            assert_type_init_error(ThrowsOnCall::new(), "Statics.ThrowsOnCall", boom);
        }
        assert_type_init_error(ThrowsOnCall::value(), "Statics.ThrowsOnCall", boom);
    }
    // The reflective path agrees.
    let get = cilbind::Runtime::get()
        .unwrap()
        .assembly("Statics")
        .unwrap()
        .class("Statics", "ThrowsOnCall")
        .unwrap()
        .method("Get", &[])
        .unwrap();
    assert_type_init_error(cilbind::invoke(get, None, &mut []), "Statics.ThrowsOnCall", boom);
}

#[test]
fn a_throwing_precise_initializer_fails_struct_fields_and_constructors_alike() {
    setup();
    let boom = ("System.ArgumentException", "precise boom");
    for _ in 0..2 {
        assert_type_init_error(ThrowsPrecise::tag(), "Statics.ThrowsPrecise", boom);
        assert_type_init_error(ThrowsPrecise::r#where(), "Statics.ThrowsPrecise", boom);
        assert_type_init_error(
            ThrowsPrecise::set_where(Point { x: 1, y: 1 }),
            "Statics.ThrowsPrecise",
            boom,
        );
        assert_type_init_error(ThrowsPrecise::new(), "Statics.ThrowsPrecise", boom);
        assert_type_init_error(ThrowsPrecise::get(), "Statics.ThrowsPrecise", boom);
    }
}
