//! The naming rule against real Mono (`fixtures/Names.cs`): what a user writes from the C#
//! declarations compiles and calls the right method.

use managed_tests::load_fixture;
use managed_tests::names::names::{Game, Vec2, Vec3};

fn setup() {
    load_fixture("Names");
    managed_tests::names::init().expect("init");
}

fn v(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3 { x, y, z }
}

#[test]
fn the_constructor_taking_the_fields_is_new_and_conversions_are_from() {
    setup();
    assert_eq!(Vec3::new(1.0, 2.0, 3.0).unwrap(), v(1.0, 2.0, 3.0));
    assert_eq!(Vec3::from_f32(2.0).unwrap(), v(2.0, 2.0, 2.0));
    assert_eq!(Vec3::from_vec2(&Vec2 { x: 4.0, y: 5.0 }).unwrap(), v(4.0, 5.0, -1.0));
    // C#'s `implicit operator Vec3(Vec2)`.
    assert_eq!(Vec3::from(Vec2 { x: 4.0, y: 5.0 }), v(4.0, 5.0, 0.0));
    let converted: Vec3 = Vec2 { x: 1.0, y: 1.0 }.into();
    assert_eq!(converted, v(1.0, 1.0, 0.0));
}

#[test]
fn ref_out_twins_are_one_function() {
    setup();
    let (a, b) = (v(1.0, 2.0, 3.0), v(10.0, 20.0, 30.0));
    assert_eq!(Vec3::add(&a, &b).unwrap(), v(11.0, 22.0, 33.0));
    // The by-value `Scale` only forwards: Rust calls the by-reference one itself (which
    // tells its callers apart: a call through the by-value one is seen as such).
    assert!(Vec3::scale_through_by_value().unwrap());
    let before = Vec3::scale_calls().unwrap();
    assert_eq!(Vec3::scale(&a, 2.0).unwrap(), v(2.0, 4.0, 6.0));
    assert_eq!(Vec3::scale_calls().unwrap(), before + 1);
    assert!(
        !Vec3::last_scale_via_by_value().unwrap(),
        "called `Scale(ref, float, out)` directly"
    );
    assert_eq!(a, v(1.0, 2.0, 3.0), "the input is not written");
}

#[test]
fn a_ref_the_method_only_reads_is_a_shared_borrow() {
    setup();
    // Neither is `mut`: `Dot(ref Vec3, ref Vec3)` takes `&Vec3`.
    let a = v(1.0, 2.0, 3.0);
    let b = v(4.0, 5.0, 6.0);
    assert_eq!(Vec3::dot(&a, &b).unwrap(), 32.0);
    // `Negate` writes through its `ref`: `&mut Vec3`.
    let mut n = a;
    Vec3::negate(&mut n).unwrap();
    assert_eq!(n, v(-1.0, -2.0, -3.0));
}

#[test]
fn a_field_setter_and_a_method_named_alike_keep_apart() {
    setup();
    let game = Game::new().unwrap();
    game.set_rules(3).unwrap();
    assert_eq!(game.rules().unwrap(), 3, "the field's setter");
    game.set_rules_with_rules(3).unwrap();
    assert_eq!(game.rules().unwrap(), 6, "C#'s SetRules");
}

#[test]
fn to_string_is_rusts_and_cs_tostring_is_to_string_net() {
    setup();
    let a = v(1.5, 2.0, -3.0);
    assert_eq!(a.to_string(), "(1.5, 2, -3)");
    assert_eq!(a.to_string_net().unwrap().as_deref(), Some("(1.5, 2, -3)"));
}
