//! The rest of System.Numerics.Vectors' translated methods, one property each: every overload,
//! operator, property and constant.

use super::*;

// Every other translated method, one property each (all overloads, operators, properties and
// constants): `every_translated_method_of_system_numerics_vectors_has_a_property` lists them.
prop!(matrix3x2_new, |m11: f32,
                      m12: f32,
                      m21: f32,
                      m22: f32,
                      m31: f32,
                      m32: f32| {
    n::Matrix3x2::new(m11, m12, m21, m22, m31, m32).unwrap()
});
prop!(matrix3x2_create_translation, |position: t::Vector2| {
    n::Matrix3x2::create_translation(&position).unwrap()
});
prop!(
    matrix3x2_create_translation_with_x_position_y_position,
    |x_position: f32, y_position: f32| {
        n::Matrix3x2::create_translation_with_x_position_y_position(x_position, y_position).unwrap()
    }
);
prop!(
    matrix3x2_create_scale_with_x_scale_y_scale,
    |x_scale: f32, y_scale: f32| { n::Matrix3x2::create_scale_with_x_scale_y_scale(x_scale, y_scale).unwrap() }
);
prop!(matrix3x2_create_scale_with_scales, |scales: t::Vector2| {
    n::Matrix3x2::create_scale_with_scales(&scales).unwrap()
});
prop!(
    matrix3x2_create_scale_with_scales_center_point,
    |scales: t::Vector2, center_point: t::Vector2| {
        n::Matrix3x2::create_scale_with_scales_center_point(&scales, &center_point).unwrap()
    }
);
prop!(matrix3x2_create_scale_with_scale, |scale: f32| {
    n::Matrix3x2::create_scale_with_scale(scale).unwrap()
});
prop!(
    matrix3x2_create_scale_with_scale_center_point,
    |scale: f32, center_point: t::Vector2| {
        n::Matrix3x2::create_scale_with_scale_center_point(scale, &center_point).unwrap()
    }
);
prop!(matrix3x2_get_determinant, |this: t::Matrix3x2| {
    n::Matrix3x2::get_determinant(&this).unwrap()
});
prop!(matrix3x2_negate, |value: t::Matrix3x2| {
    n::Matrix3x2::negate(&value).unwrap()
});
prop!(matrix3x2_subtract, |value1: t::Matrix3x2, value2: t::Matrix3x2| {
    n::Matrix3x2::subtract(&value1, &value2).unwrap()
});
prop!(matrix3x2_multiply_matrix3x2_f32, |value1: t::Matrix3x2, value2: f32| {
    n::Matrix3x2::multiply_f32(&value1, value2).unwrap()
});
prop!(matrix3x2_op_unary_negation, |value: t::Matrix3x2| {
    n::Matrix3x2::op_unary_negation(&value).unwrap()
});
prop!(matrix3x2_op_addition, |value1: t::Matrix3x2, value2: t::Matrix3x2| {
    n::Matrix3x2::op_addition(&value1, &value2).unwrap()
});
prop!(
    matrix3x2_op_subtraction,
    |value1: t::Matrix3x2, value2: t::Matrix3x2| { n::Matrix3x2::op_subtraction(&value1, &value2).unwrap() }
);
prop!(
    matrix3x2_op_multiply_matrix3x2_matrix3x2,
    |value1: t::Matrix3x2, value2: t::Matrix3x2| { n::Matrix3x2::op_multiply(&value1, &value2).unwrap() }
);
prop!(
    matrix3x2_op_multiply_matrix3x2_f32,
    |value1: t::Matrix3x2, value2: f32| { n::Matrix3x2::op_multiply_f32(&value1, value2).unwrap() }
);
prop!(matrix3x2_op_inequality, |value1: t::Matrix3x2, value2: t::Matrix3x2| {
    n::Matrix3x2::op_inequality(&value1, &value2).unwrap()
});
prop!(
    matrix3x2_equals_with_other,
    |this: t::Matrix3x2, other: t::Matrix3x2| { n::Matrix3x2::equals(&this, &other).unwrap() }
);
prop!(matrix3x2_is_identity, |this: t::Matrix3x2| {
    n::Matrix3x2::is_identity(&this).unwrap()
});
prop!(matrix3x2_translation, |this: t::Matrix3x2| {
    n::Matrix3x2::translation(&this).unwrap()
});
prop!(matrix3x2_set_translation, |this: t::Matrix3x2, value: t::Vector2| {
    let mut this = this;
    n::Matrix3x2::set_translation(&mut this, &value).unwrap();
    this
});
prop!(
    matrix4x4_new_with_m11_m12_m13_m14_m21_m22_m23_m24_m31_m32_m33_m34_m41_m42_m43_m44,
    |m11: f32,
     m12: f32,
     m13: f32,
     m14: f32,
     m21: f32,
     m22: f32,
     m23: f32,
     m24: f32,
     m31: f32,
     m32: f32,
     m33: f32,
     m34: f32,
     m41: f32,
     m42: f32,
     m43: f32,
     m44: f32| {
        n::Matrix4x4::new(
            m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44,
        )
        .unwrap()
    }
);
prop!(
    matrix4x4_create_translation_with_x_position_y_position_z_position,
    |x_position: f32, y_position: f32, z_position: f32| {
        n::Matrix4x4::create_translation_with_x_position_y_position_z_position(x_position, y_position, z_position)
            .unwrap()
    }
);
prop!(
    matrix4x4_create_scale_with_x_scale_y_scale_z_scale,
    |x_scale: f32, y_scale: f32, z_scale: f32| {
        n::Matrix4x4::create_scale_with_x_scale_y_scale_z_scale(x_scale, y_scale, z_scale).unwrap()
    }
);
prop!(
    matrix4x4_create_scale_with_x_scale_y_scale_z_scale_center_point,
    |x_scale: f32, y_scale: f32, z_scale: f32, center_point: t::Vector3| {
        n::Matrix4x4::create_scale_with_x_scale_y_scale_z_scale_center_point(x_scale, y_scale, z_scale, &center_point)
            .unwrap()
    }
);
prop!(matrix4x4_create_scale_with_scales, |scales: t::Vector3| {
    n::Matrix4x4::create_scale_with_scales(&scales).unwrap()
});
prop!(
    matrix4x4_create_scale_with_scales_center_point,
    |scales: t::Vector3, center_point: t::Vector3| {
        n::Matrix4x4::create_scale_with_scales_center_point(&scales, &center_point).unwrap()
    }
);
prop!(matrix4x4_create_scale_with_scale, |scale: f32| {
    n::Matrix4x4::create_scale_with_scale(scale).unwrap()
});
prop!(
    matrix4x4_create_orthographic_off_center,
    |left: f32, right: f32, bottom: f32, top: f32, z_near_plane: f32, z_far_plane: f32| {
        n::Matrix4x4::create_orthographic_off_center(left, right, bottom, top, z_near_plane, z_far_plane).unwrap()
    }
);
prop!(matrix4x4_get_determinant, |this: t::Matrix4x4| {
    n::Matrix4x4::get_determinant(&this).unwrap()
});
prop!(matrix4x4_op_unary_negation, |value: t::Matrix4x4| {
    n::Matrix4x4::op_unary_negation(&value).unwrap()
});
prop!(matrix4x4_op_addition, |value1: t::Matrix4x4, value2: t::Matrix4x4| {
    n::Matrix4x4::op_addition(&value1, &value2).unwrap()
});
prop!(
    matrix4x4_op_subtraction,
    |value1: t::Matrix4x4, value2: t::Matrix4x4| { n::Matrix4x4::op_subtraction(&value1, &value2).unwrap() }
);
prop!(
    matrix4x4_op_multiply_matrix4x4_f32,
    |value1: t::Matrix4x4, value2: f32| { n::Matrix4x4::op_multiply_f32(&value1, value2).unwrap() }
);
prop!(matrix4x4_op_inequality, |value1: t::Matrix4x4, value2: t::Matrix4x4| {
    n::Matrix4x4::op_inequality(&value1, &value2).unwrap()
});
prop!(
    matrix4x4_equals_with_other,
    |this: t::Matrix4x4, other: t::Matrix4x4| { n::Matrix4x4::equals(&this, &other).unwrap() }
);
prop!(matrix4x4_is_identity, |this: t::Matrix4x4| {
    n::Matrix4x4::is_identity(&this).unwrap()
});
prop!(matrix4x4_translation, |this: t::Matrix4x4| {
    n::Matrix4x4::translation(&this).unwrap()
});
prop!(matrix4x4_set_translation, |this: t::Matrix4x4, value: t::Vector3| {
    let mut this = this;
    n::Matrix4x4::set_translation(&mut this, &value).unwrap();
    this
});
prop!(plane_new_with_x_y_z_d, |x: f32, y: f32, z: f32, d: f32| {
    n::Plane::new_with_x_y_z_d(x, y, z, d).unwrap()
});
prop!(plane_new_with_value, |value: t::Vector4| {
    n::Plane::from_vector4(&value).unwrap()
});
prop!(plane_op_inequality, |value1: t::Plane, value2: t::Plane| {
    n::Plane::op_inequality(&value1, &value2).unwrap()
});
prop!(plane_equals_with_other, |this: t::Plane, other: t::Plane| {
    let r = n::Plane::equals(&this, &other).unwrap();
    (r, this)
});
prop!(quaternion_new_with_x_y_z_w, |x: f32, y: f32, z: f32, w: f32| {
    n::Quaternion::new(x, y, z, w).unwrap()
});
prop!(quaternion_length, |this: t::Quaternion| {
    n::Quaternion::length(&this).unwrap()
});
prop!(quaternion_length_squared, |this: t::Quaternion| {
    n::Quaternion::length_squared(&this).unwrap()
});
prop!(quaternion_op_unary_negation, |value: t::Quaternion| {
    n::Quaternion::op_unary_negation(&value).unwrap()
});
prop!(
    quaternion_op_addition,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_addition(&value1, &value2).unwrap() }
);
prop!(
    quaternion_op_subtraction,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_subtraction(&value1, &value2).unwrap() }
);
prop!(
    quaternion_op_multiply_quaternion_quaternion,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_multiply(&value1, &value2).unwrap() }
);
prop!(
    quaternion_op_multiply_quaternion_f32,
    |value1: t::Quaternion, value2: f32| { n::Quaternion::op_multiply_f32(&value1, value2).unwrap() }
);
prop!(
    quaternion_op_division,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_division(&value1, &value2).unwrap() }
);
prop!(
    quaternion_op_inequality,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_inequality(&value1, &value2).unwrap() }
);
prop!(
    quaternion_equals_with_other,
    |this: t::Quaternion, other: t::Quaternion| { n::Quaternion::equals(&this, &other).unwrap() }
);
prop!(quaternion_identity, || { n::Quaternion::identity().unwrap() });
prop!(quaternion_is_identity, |this: t::Quaternion| {
    n::Quaternion::is_identity(&this).unwrap()
});
prop!(vector2_new_with_value, |value: f32| {
    n::Vector2::from_f32(value).unwrap()
});
prop!(
    vector2_op_division_with_value1_value2,
    |value1: t::Vector2, value2: f32| { n::Vector2::op_division_with_value1_value2(&value1, value2).unwrap() }
);
prop!(vector2_op_unary_negation, |value: t::Vector2| {
    n::Vector2::op_unary_negation(&value).unwrap()
});
prop!(vector2_op_inequality, |left: t::Vector2, right: t::Vector2| {
    n::Vector2::op_inequality(&left, &right).unwrap()
});
prop!(vector2_length, |this: t::Vector2| {
    n::Vector2::length(&this).unwrap()
});
prop!(vector2_length_squared, |this: t::Vector2| {
    n::Vector2::length_squared(&this).unwrap()
});
prop!(
    vector2_transform_normal_vector2_matrix3x2,
    |normal: t::Vector2, matrix: t::Matrix3x2| {
        n::Vector2::transform_normal_vector2_matrix3x2(&normal, &matrix).unwrap()
    }
);
prop!(
    vector2_transform_normal_vector2_matrix4x4,
    |normal: t::Vector2, matrix: t::Matrix4x4| {
        n::Vector2::transform_normal_vector2_matrix4x4(&normal, &matrix).unwrap()
    }
);
prop!(vector2_multiply_f32_vector2, |left: f32, right: t::Vector2| {
    n::Vector2::multiply_f32_vector2(left, &right).unwrap()
});
prop!(vector2_equals_with_other, |this: t::Vector2, other: t::Vector2| {
    n::Vector2::equals(&this, &other).unwrap()
});
prop!(vector2_op_addition, |left: t::Vector2, right: t::Vector2| {
    n::Vector2::op_addition(&left, &right).unwrap()
});
prop!(vector2_op_subtraction, |left: t::Vector2, right: t::Vector2| {
    n::Vector2::op_subtraction(&left, &right).unwrap()
});
prop!(
    vector2_op_multiply_vector2_vector2,
    |left: t::Vector2, right: t::Vector2| { n::Vector2::op_multiply(&left, &right).unwrap() }
);
prop!(vector2_op_multiply_f32_vector2, |left: f32, right: t::Vector2| {
    n::Vector2::op_multiply_f32_vector2(left, &right).unwrap()
});
prop!(vector2_op_multiply_vector2_f32, |left: t::Vector2, right: f32| {
    n::Vector2::op_multiply_f32(&left, right).unwrap()
});
prop!(
    vector2_op_division_with_left_right,
    |left: t::Vector2, right: t::Vector2| { n::Vector2::op_division(&left, &right).unwrap() }
);
prop!(vector2_zero, || { n::Vector2::zero().unwrap() });
prop!(vector2_one, || { n::Vector2::one().unwrap() });
prop!(vector2_unit_x, || { n::Vector2::unit_x().unwrap() });
prop!(vector2_unit_y, || { n::Vector2::unit_y().unwrap() });
prop!(vector3_new_with_value, |value: f32| {
    n::Vector3::from_f32(value).unwrap()
});
prop!(vector3_new_with_value_z, |value: t::Vector2, z: f32| {
    n::Vector3::new_with_value_z(&value, z).unwrap()
});
prop!(
    vector3_op_division_with_left_right,
    |left: t::Vector3, right: t::Vector3| { n::Vector3::op_division(&left, &right).unwrap() }
);
prop!(
    vector3_op_division_with_value1_value2,
    |value1: t::Vector3, value2: f32| { n::Vector3::op_division_with_value1_value2(&value1, value2).unwrap() }
);
prop!(vector3_op_unary_negation, |value: t::Vector3| {
    n::Vector3::op_unary_negation(&value).unwrap()
});
prop!(vector3_length, |this: t::Vector3| {
    n::Vector3::length(&this).unwrap()
});
prop!(vector3_length_squared, |this: t::Vector3| {
    n::Vector3::length_squared(&this).unwrap()
});
prop!(vector3_multiply_f32_vector3, |left: f32, right: t::Vector3| {
    n::Vector3::multiply_f32_vector3(left, &right).unwrap()
});
prop!(vector3_equals_with_other, |this: t::Vector3, other: t::Vector3| {
    n::Vector3::equals(&this, &other).unwrap()
});
prop!(vector3_op_subtraction, |left: t::Vector3, right: t::Vector3| {
    n::Vector3::op_subtraction(&left, &right).unwrap()
});
prop!(
    vector3_op_multiply_vector3_vector3,
    |left: t::Vector3, right: t::Vector3| { n::Vector3::op_multiply(&left, &right).unwrap() }
);
prop!(vector3_op_multiply_vector3_f32, |left: t::Vector3, right: f32| {
    n::Vector3::op_multiply_f32(&left, right).unwrap()
});
prop!(vector3_op_multiply_f32_vector3, |left: f32, right: t::Vector3| {
    n::Vector3::op_multiply_f32_vector3(left, &right).unwrap()
});
prop!(vector3_zero, || { n::Vector3::zero().unwrap() });
prop!(vector3_one, || { n::Vector3::one().unwrap() });
prop!(vector3_unit_x, || { n::Vector3::unit_x().unwrap() });
prop!(vector3_unit_y, || { n::Vector3::unit_y().unwrap() });
prop!(vector3_unit_z, || { n::Vector3::unit_z().unwrap() });
prop!(vector4_new_with_value, |value: f32| {
    n::Vector4::from_f32(value).unwrap()
});
prop!(vector4_new_with_value_z_w, |value: t::Vector2, z: f32, w: f32| {
    n::Vector4::new_with_value_z_w(&value, z, w).unwrap()
});
prop!(vector4_new_with_value_w, |value: t::Vector3, w: f32| {
    n::Vector4::new_with_value_w(&value, w).unwrap()
});
prop!(vector4_op_multiply_f32_vector4, |left: f32, right: t::Vector4| {
    n::Vector4::op_multiply_f32_vector4(left, &right).unwrap()
});
prop!(
    vector4_op_division_with_left_right,
    |left: t::Vector4, right: t::Vector4| { n::Vector4::op_division(&left, &right).unwrap() }
);
prop!(
    vector4_op_division_with_value1_value2,
    |value1: t::Vector4, value2: f32| { n::Vector4::op_division_with_value1_value2(&value1, value2).unwrap() }
);
prop!(vector4_op_unary_negation, |value: t::Vector4| {
    n::Vector4::op_unary_negation(&value).unwrap()
});
prop!(vector4_op_inequality, |left: t::Vector4, right: t::Vector4| {
    n::Vector4::op_inequality(&left, &right).unwrap()
});
prop!(vector4_length, |this: t::Vector4| {
    n::Vector4::length(&this).unwrap()
});
prop!(vector4_length_squared, |this: t::Vector4| {
    n::Vector4::length_squared(&this).unwrap()
});
prop!(vector4_distance_squared, |value1: t::Vector4, value2: t::Vector4| {
    n::Vector4::distance_squared(&value1, &value2).unwrap()
});
prop!(
    vector4_transform_vector2_matrix4x4,
    |position: t::Vector2, matrix: t::Matrix4x4| {
        n::Vector4::transform_vector2_matrix4x4(&position, &matrix).unwrap()
    }
);
prop!(
    vector4_transform_vector3_matrix4x4,
    |position: t::Vector3, matrix: t::Matrix4x4| {
        n::Vector4::transform_vector3_matrix4x4(&position, &matrix).unwrap()
    }
);
prop!(
    vector4_transform_vector2_quaternion,
    |value: t::Vector2, rotation: t::Quaternion| {
        n::Vector4::transform_vector2_quaternion(&value, &rotation).unwrap()
    }
);
prop!(
    vector4_transform_vector3_quaternion,
    |value: t::Vector3, rotation: t::Quaternion| {
        n::Vector4::transform_vector3_quaternion(&value, &rotation).unwrap()
    }
);
prop!(vector4_multiply_f32_vector4, |left: f32, right: t::Vector4| {
    n::Vector4::multiply_f32_vector4(left, &right).unwrap()
});
prop!(vector4_divide_with_left_divisor, |left: t::Vector4, divisor: f32| {
    n::Vector4::divide_with_divisor(&left, divisor).unwrap()
});
prop!(vector4_equals_with_other, |this: t::Vector4, other: t::Vector4| {
    n::Vector4::equals(&this, &other).unwrap()
});
prop!(vector4_abs, |value: t::Vector4| { n::Vector4::abs(&value).unwrap() });
prop!(vector4_square_root, |value: t::Vector4| {
    n::Vector4::square_root(&value).unwrap()
});
prop!(vector4_op_addition, |left: t::Vector4, right: t::Vector4| {
    n::Vector4::op_addition(&left, &right).unwrap()
});
prop!(vector4_op_subtraction, |left: t::Vector4, right: t::Vector4| {
    n::Vector4::op_subtraction(&left, &right).unwrap()
});
prop!(
    vector4_op_multiply_vector4_vector4,
    |left: t::Vector4, right: t::Vector4| { n::Vector4::op_multiply(&left, &right).unwrap() }
);
prop!(vector4_op_multiply_vector4_f32, |left: t::Vector4, right: f32| {
    n::Vector4::op_multiply_f32(&left, right).unwrap()
});
prop!(vector4_zero, || { n::Vector4::zero().unwrap() });
prop!(vector4_one, || { n::Vector4::one().unwrap() });
prop!(vector4_unit_x, || { n::Vector4::unit_x().unwrap() });
prop!(vector4_unit_y, || { n::Vector4::unit_y().unwrap() });
prop!(vector4_unit_z, || { n::Vector4::unit_z().unwrap() });
prop!(vector4_unit_w, || { n::Vector4::unit_w().unwrap() });

// Equality and comparison with the value itself, which random pairs almost never reach.
prop!(matrix3x2_op_inequality_itself, |value1: t::Matrix3x2| {
    n::Matrix3x2::op_inequality(&value1, &value1).unwrap()
});
prop!(matrix3x2_equals_with_other_itself, |this: t::Matrix3x2| {
    n::Matrix3x2::equals(&this, &this).unwrap()
});
prop!(matrix4x4_op_inequality_itself, |value1: t::Matrix4x4| {
    n::Matrix4x4::op_inequality(&value1, &value1).unwrap()
});
prop!(matrix4x4_equals_with_other_itself, |this: t::Matrix4x4| {
    n::Matrix4x4::equals(&this, &this).unwrap()
});
prop!(plane_op_inequality_itself, |value1: t::Plane| {
    n::Plane::op_inequality(&value1, &value1).unwrap()
});
prop!(plane_equals_with_other_itself, |this: t::Plane| {
    let other = this;
    let r = n::Plane::equals(&this, &other).unwrap();
    (r, this)
});
prop!(quaternion_op_inequality_itself, |value1: t::Quaternion| {
    n::Quaternion::op_inequality(&value1, &value1).unwrap()
});
prop!(quaternion_equals_with_other_itself, |this: t::Quaternion| {
    n::Quaternion::equals(&this, &this).unwrap()
});
prop!(vector2_op_inequality_itself, |left: t::Vector2| {
    n::Vector2::op_inequality(&left, &left).unwrap()
});
prop!(vector2_equals_with_other_itself, |this: t::Vector2| {
    n::Vector2::equals(&this, &this).unwrap()
});
prop!(vector3_equals_with_other_itself, |this: t::Vector3| {
    n::Vector3::equals(&this, &this).unwrap()
});
prop!(vector4_op_inequality_itself, |left: t::Vector4| {
    n::Vector4::op_inequality(&left, &left).unwrap()
});
prop!(vector4_equals_with_other_itself, |this: t::Vector4| {
    n::Vector4::equals(&this, &this).unwrap()
});
