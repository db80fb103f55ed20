//! System.Numerics.Vectors' arithmetic, geometry, comparisons and branches.

use super::*;

// Vector2
prop!(vector2_new, |x: f32, y: f32| n::Vector2::new(x, y).unwrap());
prop!(vector2_add, |a: t::Vector2, b: t::Vector2| n::Vector2::add(&a, &b)
    .unwrap());
prop!(vector2_subtract, |a: t::Vector2, b: t::Vector2| n::Vector2::subtract(
    &a, &b
)
.unwrap());
prop!(vector2_multiply, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::multiply(&a, &b).unwrap()
});
prop!(vector2_multiply_scalar, |a: t::Vector2, k: f32| {
    n::Vector2::multiply_f32(&a, k).unwrap()
});
prop!(vector2_divide, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::divide(&a, &b).unwrap()
});
prop!(vector2_divide_scalar, |a: t::Vector2, k: f32| {
    n::Vector2::divide_with_divisor(&a, k).unwrap()
});
prop!(vector2_negate, |a: t::Vector2| n::Vector2::negate(&a).unwrap());
prop!(vector2_dot, |a: t::Vector2, b: t::Vector2| n::Vector2::dot(&a, &b)
    .unwrap());
prop!(vector2_distance, |a: t::Vector2, b: t::Vector2| n::Vector2::distance(
    &a, &b
)
.unwrap());
prop!(vector2_distance_squared, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::distance_squared(&a, &b).unwrap()
});
prop!(vector2_normalize, |a: t::Vector2| n::Vector2::normalize(&a).unwrap());
prop!(vector2_reflect, |a: t::Vector2, b: t::Vector2| n::Vector2::reflect(
    &a, &b
)
.unwrap());
prop!(vector2_lerp, |a: t::Vector2, b: t::Vector2, k: f32| n::Vector2::lerp(
    &a, &b, k
)
.unwrap());
prop!(vector2_abs, |a: t::Vector2| n::Vector2::abs(&a).unwrap());
prop!(vector2_square_root, |a: t::Vector2| n::Vector2::square_root(&a)
    .unwrap());
prop!(vector2_transform_matrix3x2, |a: t::Vector2, b: t::Matrix3x2| {
    n::Vector2::transform_vector2_matrix3x2(&a, &b).unwrap()
});
prop!(vector2_transform_matrix4x4, |a: t::Vector2, b: t::Matrix4x4| {
    n::Vector2::transform_vector2_matrix4x4(&a, &b).unwrap()
});
prop!(vector2_transform_quaternion, |a: t::Vector2, q: t::Quaternion| {
    n::Vector2::transform_with_value_rotation(&a, &q).unwrap()
});

// Vector3
prop!(vector3_new, |x: f32, y: f32, z: f32| n::Vector3::new(x, y, z).unwrap());
prop!(vector3_add, |a: t::Vector3, b: t::Vector3| n::Vector3::add(&a, &b)
    .unwrap());
prop!(vector3_op_addition, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::op_addition(&a, &b).unwrap()
});
prop!(vector3_subtract, |a: t::Vector3, b: t::Vector3| n::Vector3::subtract(
    &a, &b
)
.unwrap());
prop!(vector3_multiply, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::multiply(&a, &b).unwrap()
});
prop!(vector3_multiply_scalar, |a: t::Vector3, k: f32| {
    n::Vector3::multiply_f32(&a, k).unwrap()
});
prop!(vector3_divide, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::divide(&a, &b).unwrap()
});
prop!(vector3_divide_scalar, |a: t::Vector3, k: f32| {
    n::Vector3::divide_with_divisor(&a, k).unwrap()
});
prop!(vector3_negate, |a: t::Vector3| n::Vector3::negate(&a).unwrap());
prop!(vector3_dot, |a: t::Vector3, b: t::Vector3| n::Vector3::dot(&a, &b)
    .unwrap());
prop!(vector3_cross, |a: t::Vector3, b: t::Vector3| n::Vector3::cross(&a, &b)
    .unwrap());
prop!(vector3_distance, |a: t::Vector3, b: t::Vector3| n::Vector3::distance(
    &a, &b
)
.unwrap());
prop!(vector3_distance_squared, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::distance_squared(&a, &b).unwrap()
});
prop!(vector3_normalize, |a: t::Vector3| n::Vector3::normalize(&a).unwrap());
prop!(vector3_reflect, |a: t::Vector3, b: t::Vector3| n::Vector3::reflect(
    &a, &b
)
.unwrap());
prop!(vector3_lerp, |a: t::Vector3, b: t::Vector3, k: f32| n::Vector3::lerp(
    &a, &b, k
)
.unwrap());
prop!(vector3_abs, |a: t::Vector3| n::Vector3::abs(&a).unwrap());
prop!(vector3_square_root, |a: t::Vector3| n::Vector3::square_root(&a)
    .unwrap());
prop!(vector3_transform, |a: t::Vector3, b: t::Matrix4x4| {
    n::Vector3::transform_with_position_matrix(&a, &b).unwrap()
});
prop!(vector3_transform_normal, |a: t::Vector3, b: t::Matrix4x4| {
    n::Vector3::transform_normal(&a, &b).unwrap()
});
prop!(vector3_transform_quaternion, |a: t::Vector3, q: t::Quaternion| {
    n::Vector3::transform_with_value_rotation(&a, &q).unwrap()
});

// Vector4
prop!(vector4_new, |x: f32, y: f32, z: f32, w: f32| {
    n::Vector4::new(x, y, z, w).unwrap()
});
prop!(vector4_add, |a: t::Vector4, b: t::Vector4| n::Vector4::add(&a, &b)
    .unwrap());
prop!(vector4_subtract, |a: t::Vector4, b: t::Vector4| n::Vector4::subtract(
    &a, &b
)
.unwrap());
prop!(vector4_multiply, |a: t::Vector4, b: t::Vector4| {
    n::Vector4::multiply(&a, &b).unwrap()
});
prop!(vector4_multiply_scalar, |a: t::Vector4, k: f32| {
    n::Vector4::multiply_f32(&a, k).unwrap()
});
prop!(vector4_divide, |a: t::Vector4, b: t::Vector4| {
    n::Vector4::divide(&a, &b).unwrap()
});
prop!(vector4_negate, |a: t::Vector4| n::Vector4::negate(&a).unwrap());
prop!(vector4_dot, |a: t::Vector4, b: t::Vector4| n::Vector4::dot(&a, &b)
    .unwrap());
prop!(vector4_distance, |a: t::Vector4, b: t::Vector4| n::Vector4::distance(
    &a, &b
)
.unwrap());
prop!(vector4_normalize, |a: t::Vector4| n::Vector4::normalize(&a).unwrap());
prop!(vector4_lerp, |a: t::Vector4, b: t::Vector4, k: f32| n::Vector4::lerp(
    &a, &b, k
)
.unwrap());
prop!(vector4_transform, |a: t::Vector4, b: t::Matrix4x4| {
    n::Vector4::transform_with_vector_matrix(&a, &b).unwrap()
});
prop!(vector4_transform_quaternion, |a: t::Vector4, q: t::Quaternion| {
    n::Vector4::transform_vector4_quaternion(&a, &q).unwrap()
});

// Quaternion
prop!(quaternion_new, |v: t::Vector3, w: f32| {
    n::Quaternion::new_with_vector_part_scalar_part(&v, w).unwrap()
});
prop!(quaternion_add, |a: t::Quaternion, b: t::Quaternion| n::Quaternion::add(
    &a, &b
)
.unwrap());
prop!(quaternion_subtract, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::subtract(&a, &b).unwrap()
});
prop!(quaternion_multiply, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::multiply(&a, &b).unwrap()
});
prop!(quaternion_multiply_scalar, |a: t::Quaternion, k: f32| {
    n::Quaternion::multiply_f32(&a, k).unwrap()
});
prop!(quaternion_divide, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::divide(&a, &b).unwrap()
});
prop!(quaternion_concatenate, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::concatenate(&a, &b).unwrap()
});
prop!(quaternion_negate, |a: t::Quaternion| n::Quaternion::negate(&a).unwrap());
prop!(quaternion_conjugate, |a: t::Quaternion| n::Quaternion::conjugate(&a)
    .unwrap());
prop!(quaternion_inverse, |a: t::Quaternion| n::Quaternion::inverse(&a)
    .unwrap());
prop!(quaternion_normalize, |a: t::Quaternion| n::Quaternion::normalize(&a)
    .unwrap());
prop!(quaternion_dot, |a: t::Quaternion, b: t::Quaternion| n::Quaternion::dot(
    &a, &b
)
.unwrap());

// Plane
prop!(plane_new, |v: t::Vector3, d: f32| n::Plane::new(&v, d).unwrap());
prop!(plane_dot, |p: t::Plane, v: t::Vector4| n::Plane::dot(&p, &v).unwrap());
prop!(plane_dot_coordinate, |p: t::Plane, v: t::Vector3| {
    n::Plane::dot_coordinate(&p, &v).unwrap()
});
prop!(plane_dot_normal, |p: t::Plane, v: t::Vector3| n::Plane::dot_normal(
    &p, &v
)
.unwrap());
prop!(
    plane_create_from_vertices,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3| n::Plane::create_from_vertices(&a, &b, &c).unwrap()
);
prop!(plane_transform, |p: t::Plane, q: t::Quaternion| {
    n::Plane::transform_with_plane_rotation(&p, &q).unwrap()
});

// Matrix3x2
prop!(matrix3x2_multiply, |a: t::Matrix3x2, b: t::Matrix3x2| {
    n::Matrix3x2::multiply(&a, &b).unwrap()
});
prop!(matrix3x2_add, |a: t::Matrix3x2, b: t::Matrix3x2| n::Matrix3x2::add(
    &a, &b
)
.unwrap());
prop!(matrix3x2_determinant, |a: t::Matrix3x2| a.get_determinant().unwrap());
prop!(matrix3x2_lerp, |a: t::Matrix3x2, b: t::Matrix3x2, k: f32| {
    n::Matrix3x2::lerp(&a, &b, k).unwrap()
});
prop!(matrix3x2_create_scale_center, |x: f32, y: f32, c: t::Vector2| {
    n::Matrix3x2::create_scale_with_x_scale_y_scale_center_point(x, y, &c).unwrap()
});

// Matrix4x4
prop!(matrix4x4_multiply, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::multiply(&a, &b).unwrap()
});
prop!(matrix4x4_op_multiply, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::op_multiply(&a, &b).unwrap()
});
prop!(matrix4x4_multiply_scalar, |a: t::Matrix4x4, k: f32| {
    n::Matrix4x4::multiply_f32(&a, k).unwrap()
});
prop!(matrix4x4_add, |a: t::Matrix4x4, b: t::Matrix4x4| n::Matrix4x4::add(
    &a, &b
)
.unwrap());
prop!(matrix4x4_subtract, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::subtract(&a, &b).unwrap()
});
prop!(matrix4x4_negate, |a: t::Matrix4x4| n::Matrix4x4::negate(&a).unwrap());
prop!(matrix4x4_transpose, |a: t::Matrix4x4| n::Matrix4x4::transpose(&a)
    .unwrap());
prop!(matrix4x4_determinant, |a: t::Matrix4x4| a.get_determinant().unwrap());
prop!(matrix4x4_lerp, |a: t::Matrix4x4, b: t::Matrix4x4, k: f32| {
    n::Matrix4x4::lerp(&a, &b, k).unwrap()
});
prop!(matrix4x4_transform, |a: t::Matrix4x4, q: t::Quaternion| {
    n::Matrix4x4::transform(&a, &q).unwrap()
});
prop!(matrix4x4_create_from_quaternion, |q: t::Quaternion| {
    n::Matrix4x4::create_from_quaternion(&q).unwrap()
});
prop!(matrix4x4_create_scale_center, |k: f32, c: t::Vector3| {
    n::Matrix4x4::create_scale_with_scale_center_point(k, &c).unwrap()
});
prop!(matrix4x4_create_translation, |v: t::Vector3| {
    n::Matrix4x4::create_translation(&v).unwrap()
});
prop!(matrix4x4_create_orthographic, |w: f32, h: f32, near: f32, far: f32| {
    n::Matrix4x4::create_orthographic(w, h, near, far).unwrap()
});
prop!(
    matrix4x4_create_look_at,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3| n::Matrix4x4::create_look_at(&a, &b, &c).unwrap()
);
prop!(matrix4x4_create_world, |a: t::Vector3, b: t::Vector3, c: t::Vector3| {
    n::Matrix4x4::create_world(&a, &b, &c).unwrap()
});
prop!(matrix4x4_from_matrix3x2, |a: t::Matrix3x2| {
    n::Matrix4x4::from_matrix3x2(&a).unwrap()
});

// Branches: both ways computed, merged by selects (read/pure_body.rs). Equality also against
// the value itself (true unless a NaN is in it), which random values almost never reach.
prop!(vector2_min, |a: t::Vector2, b: t::Vector2| n::Vector2::min(&a, &b)
    .unwrap());
prop!(vector2_max, |a: t::Vector2, b: t::Vector2| n::Vector2::max(&a, &b)
    .unwrap());
prop!(vector2_clamp, |a: t::Vector2, lo: t::Vector2, hi: t::Vector2| {
    n::Vector2::clamp(&a, &lo, &hi).unwrap()
});
prop!(vector2_op_equality, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::op_equality(&a, &b).unwrap()
});
prop!(vector2_equals_itself, |a: t::Vector2| a.equals(&a).unwrap());
prop!(vector3_min, |a: t::Vector3, b: t::Vector3| n::Vector3::min(&a, &b)
    .unwrap());
prop!(vector3_max, |a: t::Vector3, b: t::Vector3| n::Vector3::max(&a, &b)
    .unwrap());
prop!(vector3_clamp, |a: t::Vector3, lo: t::Vector3, hi: t::Vector3| {
    n::Vector3::clamp(&a, &lo, &hi).unwrap()
});
prop!(vector3_op_equality, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::op_equality(&a, &b).unwrap()
});
prop!(vector3_op_inequality_itself, |a: t::Vector3| n::Vector3::op_inequality(
    &a, &a
)
.unwrap());
prop!(vector3_equals_itself, |a: t::Vector3| a.equals(&a).unwrap());
prop!(vector4_min, |a: t::Vector4, b: t::Vector4| n::Vector4::min(&a, &b)
    .unwrap());
prop!(vector4_max, |a: t::Vector4, b: t::Vector4| n::Vector4::max(&a, &b)
    .unwrap());
prop!(vector4_clamp, |a: t::Vector4, lo: t::Vector4, hi: t::Vector4| {
    n::Vector4::clamp(&a, &lo, &hi).unwrap()
});
prop!(vector4_op_equality_itself, |a: t::Vector4| n::Vector4::op_equality(
    &a, &a
)
.unwrap());
prop!(quaternion_lerp, |a: t::Quaternion, b: t::Quaternion, k: f32| {
    n::Quaternion::lerp(&a, &b, k).unwrap()
});
prop!(quaternion_create_from_rotation_matrix, |m: t::Matrix4x4| {
    n::Quaternion::create_from_rotation_matrix(&m).unwrap()
});
prop!(quaternion_op_equality_itself, |a: t::Quaternion| {
    n::Quaternion::op_equality(&a, &a).unwrap()
});
prop!(plane_normalize, |p: t::Plane| n::Plane::normalize(&p).unwrap());
prop!(plane_transform_matrix, |p: t::Plane, m: t::Matrix4x4| {
    n::Plane::transform_with_plane_matrix(&p, &m).unwrap()
});
prop!(plane_op_equality_itself, |p: t::Plane| n::Plane::op_equality(&p, &p)
    .unwrap());
prop!(matrix3x2_op_equality_itself, |a: t::Matrix3x2| {
    n::Matrix3x2::op_equality(&a, &a).unwrap()
});
prop!(matrix4x4_op_equality, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::op_equality(&a, &b).unwrap()
});
prop!(matrix4x4_op_equality_itself, |a: t::Matrix4x4| {
    n::Matrix4x4::op_equality(&a, &a).unwrap()
});
prop!(matrix4x4_create_reflection, |p: t::Plane| {
    n::Matrix4x4::create_reflection(&p).unwrap()
});
prop!(matrix4x4_create_shadow, |v: t::Vector3, p: t::Plane| {
    n::Matrix4x4::create_shadow(&v, &p).unwrap()
});
prop!(
    matrix4x4_create_billboard,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3, d: t::Vector3| {
        n::Matrix4x4::create_billboard(&a, &b, &c, &d).unwrap()
    }
);
prop!(
    matrix4x4_create_constrained_billboard,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3, d: t::Vector3, e: t::Vector3| {
        n::Matrix4x4::create_constrained_billboard(&a, &b, &c, &d, &e).unwrap()
    }
);
