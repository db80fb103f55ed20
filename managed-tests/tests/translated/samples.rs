//! The fixtures' `Game.Vector3` and the sample game's structs (samples/managed/Arena.cs).

use super::*;

// Game.Vector3 (managed-tests/fixtures/Game.cs)
prop!(game_vector3_new, tg => mg, |x: f32, y: f32, z: f32| n::Vector3::new(x, y, z).unwrap());
prop!(game_vector3_add, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::add(&a, &b).unwrap());
prop!(game_vector3_cross, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::cross(&a, &b).unwrap());
prop!(game_vector3_dot, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::dot(&a, &b).unwrap());
prop!(game_vector3_length, tg => mg, |a: tg::Vector3| n::Vector3::length(&a).unwrap());
prop!(game_vector3_equals, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::equals(&a, &b).unwrap());
prop!(game_vector3_equals_itself, tg => mg, |a: tg::Vector3| n::Vector3::equals(&a, &a).unwrap());
prop!(game_vector3_scale, tg => mg, |a: tg::Vector3, k: f32| {
    let mut a = a;
    n::Vector3::scale(&mut a, k).unwrap();
    a
});

// Game.Nullable8: a `bool` field (declared `u8`) written by a constructor and by methods, its
// byte arbitrary (2 is true too, and `Both` keeps it).
prop!(game_nullable8_new, tg => mg, |v: u8| n::Nullable8::new(v).unwrap());
prop!(game_nullable8_is_null, tg => mg, |a: tg::Nullable8| n::Nullable8::is_null(&a).unwrap());
prop!(game_nullable8_with, tg => mg, |a: tg::Nullable8, on: bool| n::Nullable8::with(&a, on).unwrap());
prop!(game_nullable8_both, tg => mg, |a: tg::Nullable8, b: tg::Nullable8| n::Nullable8::both(&a, &b).unwrap());

// The sample game's Vector3 and Quaternion (samples/managed/Arena.cs).
prop!(arena_vector3_new, ta => ma, |x: f32, y: f32, z: f32| n::Vector3::new(x, y, z).unwrap());
prop!(arena_vector3_add, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::add(&a, &b).unwrap());
prop!(arena_vector3_sub, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::sub(&a, &b).unwrap());
prop!(arena_vector3_scale, ta => ma, |a: ta::Vector3, k: f32| n::Vector3::scale(&a, k).unwrap());
prop!(arena_vector3_cross, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::cross(&a, &b).unwrap());
prop!(arena_vector3_dot, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::dot(&a, &b).unwrap());
prop!(arena_vector3_sqr_magnitude, ta => ma, |a: ta::Vector3| n::Vector3::sqr_magnitude(&a).unwrap());
prop!(arena_vector3_magnitude, ta => ma, |a: ta::Vector3| n::Vector3::magnitude(&a).unwrap());
prop!(arena_quaternion_new, ta => ma, |x: f32, y: f32, z: f32, w: f32| n::Quaternion::new(x, y, z, w).unwrap());
prop!(arena_quaternion_multiply, ta => ma, |a: ta::Quaternion, b: ta::Quaternion| n::Quaternion::multiply(&a, &b).unwrap());
prop!(arena_quaternion_rotate, ta => ma, |q: ta::Quaternion, v: ta::Vector3| n::Quaternion::rotate(&q, &v).unwrap());
