//! Properties that pass one value as several arguments (`x.Equals(x)`, a GUID's repeated
//! bytes), which `cilbind::check::translated_methods`'s independent draws almost never do:
//! each translated call against its managed twin on the same arguments.

use super::*;

same_corlib!(
    datetime_equals_itself,
    |a: ts::DateTime| ts::DateTime::op_equality(&a, &a),
    ts::DateTime::__managed_op_equality(&a, &a)
);
same_corlib!(
    guid_new,
    |a: i32, b: i16, c: i16, d: u8, e: u8, f: u8, h: u8| ts::Guid::new_i32_i16_i16_u8_u8_u8_u8_u8_u8_u8_u8(
        a, b, c, d, e, f, h, d, e, f, h
    ),
    ts::Guid::__managed_new_i32_i16_i16_u8_u8_u8_u8_u8_u8_u8_u8(a, b, c, d, e, f, h, d, e, f, h)
);
same_corlib!(
    guid_compare_to_itself,
    |a: ts::Guid| ts::Guid::compare_to(&a, &a),
    ts::Guid::__managed_compare_to(&a, &a)
);
same_corlib!(
    date_time_compare_to_date_time_itself,
    |this: ts::DateTime| ts::DateTime::compare_to(&this, &this),
    ts::DateTime::__managed_compare_to(&this, &this)
);
same_corlib!(
    date_time_equals_date_time_itself,
    |this: ts::DateTime| ts::DateTime::equals(&this, &this),
    ts::DateTime::__managed_equals(&this, &this)
);
same_corlib!(
    date_time_equals_with_t1_t2_itself,
    |t1: ts::DateTime| ts::DateTime::equals_with_t1_t2(&t1, &t1),
    ts::DateTime::__managed_equals_with_t1_t2(&t1, &t1)
);
same_corlib!(
    date_time_op_inequality_itself,
    |d1: ts::DateTime| ts::DateTime::op_inequality(&d1, &d1),
    ts::DateTime::__managed_op_inequality(&d1, &d1)
);
same_corlib!(
    guid_compare_to_guid_itself,
    |this: ts::Guid| ts::Guid::compare_to(&this, &this),
    ts::Guid::__managed_compare_to(&this, &this)
);
same_corlib!(
    index_equals_with_other_itself,
    |this: ts::Index| ts::Index::equals(&this, &this),
    ts::Index::__managed_equals(&this, &this)
);
same_corlib!(
    range_equals_with_other_itself,
    |this: ts::Range| ts::Range::equals(&this, &this),
    ts::Range::__managed_equals(&this, &this)
);
same_corlib!(
    time_span_op_equality_itself,
    |t1: ts::TimeSpan| ts::TimeSpan::op_equality(&t1, &t1),
    ts::TimeSpan::__managed_op_equality(&t1, &t1)
);
same_corlib!(
    time_span_op_inequality_itself,
    |t1: ts::TimeSpan| ts::TimeSpan::op_inequality(&t1, &t1),
    ts::TimeSpan::__managed_op_inequality(&t1, &t1)
);
same_corlib!(
    time_span_compare_to_time_span_itself,
    |this: ts::TimeSpan| ts::TimeSpan::compare_to(&this, &this),
    ts::TimeSpan::__managed_compare_to(&this, &this)
);
same_corlib!(
    time_span_equals_with_obj_itself,
    |this: ts::TimeSpan| ts::TimeSpan::equals(&this, &this),
    ts::TimeSpan::__managed_equals(&this, &this)
);
same_corlib!(
    time_span_equals_with_t1_t2_itself,
    |t1: ts::TimeSpan| ts::TimeSpan::equals_with_t1_t2(&t1, &t1),
    ts::TimeSpan::__managed_equals_with_t1_t2(&t1, &t1)
);
same_corlib!(
    value_tuple_equals_with_other_itself,
    |this: ts::ValueTuple| ts::ValueTuple::equals(&this, &this),
    ts::ValueTuple::__managed_equals(&this, &this)
);
same_corlib!(
    value_tuple_compare_to_itself,
    |this: ts::ValueTuple| ts::ValueTuple::compare_to(&this, &this),
    ts::ValueTuple::__managed_compare_to(&this, &this)
);
same_corlib!(
    standard_format_op_equality_itself,
    |left: ts::StandardFormat| ts::StandardFormat::op_equality(&left, &left),
    ts::StandardFormat::__managed_op_equality(&left, &left)
);
same_corlib!(
    standard_format_op_inequality_itself,
    |left: ts::StandardFormat| ts::StandardFormat::op_inequality(&left, &left),
    ts::StandardFormat::__managed_op_inequality(&left, &left)
);
same_corlib!(
    standard_format_equals_with_other_itself,
    |this: ts::StandardFormat| ts::StandardFormat::equals(&this, &this),
    ts::StandardFormat::__managed_equals(&this, &this)
);
same_corlib!(
    symbol_token_equals_symbol_token_itself,
    |this: ts::SymbolToken| ts::SymbolToken::equals(&this, &this),
    ts::SymbolToken::__managed_equals(&this, &this)
);
same_corlib!(
    symbol_token_op_equality_itself,
    |a: ts::SymbolToken| ts::SymbolToken::op_equality(&a, &a),
    ts::SymbolToken::__managed_op_equality(&a, &a)
);
same_corlib!(
    symbol_token_op_inequality_itself,
    |a: ts::SymbolToken| ts::SymbolToken::op_inequality(&a, &a),
    ts::SymbolToken::__managed_op_inequality(&a, &a)
);
same_corlib!(
    event_token_equals_event_token_itself,
    |this: ts::EventToken| ts::EventToken::equals(&this, &this),
    ts::EventToken::__managed_equals(&this, &this)
);
same_corlib!(
    on_mono(coreclr_build::FIELD_TOKEN),
    field_token_equals_field_token_itself,
    |this: ts::FieldToken| ts::FieldToken::equals(&this, &this),
    ts::FieldToken::__managed_equals(&this, &this)
);
same_corlib!(
    label_equals_label_itself,
    |this: ts::Label| ts::Label::equals(&this, &this),
    ts::Label::__managed_equals(&this, &this)
);
same_corlib!(
    label_op_equality_itself,
    |a: ts::Label| ts::Label::op_equality(&a, &a),
    ts::Label::__managed_op_equality(&a, &a)
);
same_corlib!(
    label_op_inequality_itself,
    |a: ts::Label| ts::Label::op_inequality(&a, &a),
    ts::Label::__managed_op_inequality(&a, &a)
);
same_corlib!(
    method_token_equals_method_token_itself,
    |this: ts::MethodToken| ts::MethodToken::equals(&this, &this),
    ts::MethodToken::__managed_equals(&this, &this)
);
same_corlib!(
    op_code_equals_op_code_itself,
    |this: ts::OpCode| ts::OpCode::equals(&this, &this),
    ts::OpCode::__managed_equals(&this, &this)
);
same_corlib!(
    op_code_op_equality_itself,
    |a: ts::OpCode| ts::OpCode::op_equality(&a, &a),
    ts::OpCode::__managed_op_equality(&a, &a)
);
same_corlib!(
    op_code_op_inequality_itself,
    |a: ts::OpCode| ts::OpCode::op_inequality(&a, &a),
    ts::OpCode::__managed_op_inequality(&a, &a)
);
same_corlib!(
    parameter_token_equals_parameter_token_itself,
    |this: ts::ParameterToken| ts::ParameterToken::equals(&this, &this),
    ts::ParameterToken::__managed_equals(&this, &this)
);
same_corlib!(
    property_token_equals_property_token_itself,
    |this: ts::PropertyToken| ts::PropertyToken::equals(&this, &this),
    ts::PropertyToken::__managed_equals(&this, &this)
);
same_corlib!(
    signature_token_equals_signature_token_itself,
    |this: ts::SignatureToken| ts::SignatureToken::equals(&this, &this),
    ts::SignatureToken::__managed_equals(&this, &this)
);
same_corlib!(
    string_token_equals_string_token_itself,
    |this: ts::StringToken| ts::StringToken::equals(&this, &this),
    ts::StringToken::__managed_equals(&this, &this)
);
same_corlib!(
    type_token_equals_type_token_itself,
    |this: ts::TypeToken| ts::TypeToken::equals(&this, &this),
    ts::TypeToken::__managed_equals(&this, &this)
);
same_corlib!(
    gchandle_op_equality_itself,
    |a: ts::GCHandle| ts::GCHandle::op_equality(&a, &a),
    ts::GCHandle::__managed_op_equality(&a, &a)
);
same_corlib!(
    gchandle_op_inequality,
    |a: ts::GCHandle, b: ts::GCHandle| ts::GCHandle::op_inequality(&a, &b),
    ts::GCHandle::__managed_op_inequality(&a, &b)
);
same_corlib!(
    gchandle_op_inequality_itself,
    |a: ts::GCHandle| ts::GCHandle::op_inequality(&a, &a),
    ts::GCHandle::__managed_op_inequality(&a, &a)
);
same_corlib!(
    lock_cookie_equals_lock_cookie_itself,
    |this: ts::LockCookie| ts::LockCookie::equals(&this, &this),
    ts::LockCookie::__managed_equals(&this, &this)
);
same_corlib!(
    lock_cookie_op_equality_itself,
    |a: ts::LockCookie| ts::LockCookie::op_equality(&a, &a),
    ts::LockCookie::__managed_op_equality(&a, &a)
);
same_corlib!(
    lock_cookie_op_inequality_itself,
    |a: ts::LockCookie| ts::LockCookie::op_inequality(&a, &a),
    ts::LockCookie::__managed_op_inequality(&a, &a)
);
same!(
    vector2_equals_itself,
    |a: t::Vector2| t::Vector2::equals(&a, &a),
    t::Vector2::__managed_equals(&a, &a)
);
same!(
    vector3_op_inequality_itself,
    |a: t::Vector3| t::Vector3::op_inequality(&a, &a),
    t::Vector3::__managed_op_inequality(&a, &a)
);
same!(
    vector3_equals_itself,
    |a: t::Vector3| t::Vector3::equals(&a, &a),
    t::Vector3::__managed_equals(&a, &a)
);
same!(
    vector4_op_equality_itself,
    |a: t::Vector4| t::Vector4::op_equality(&a, &a),
    t::Vector4::__managed_op_equality(&a, &a)
);
same!(
    quaternion_op_equality_itself,
    |a: t::Quaternion| t::Quaternion::op_equality(&a, &a),
    t::Quaternion::__managed_op_equality(&a, &a)
);
same!(
    plane_op_equality_itself,
    |p: t::Plane| t::Plane::op_equality(&p, &p),
    t::Plane::__managed_op_equality(&p, &p)
);
same!(
    matrix3x2_op_equality_itself,
    |a: t::Matrix3x2| t::Matrix3x2::op_equality(&a, &a),
    t::Matrix3x2::__managed_op_equality(&a, &a)
);
same!(
    on_mono(coreclr_build::SSE),
    matrix4x4_op_equality_itself,
    |a: t::Matrix4x4| t::Matrix4x4::op_equality(&a, &a),
    t::Matrix4x4::__managed_op_equality(&a, &a)
);
same!(
    matrix3x2_op_inequality_itself,
    |value1: t::Matrix3x2| t::Matrix3x2::op_inequality(&value1, &value1),
    t::Matrix3x2::__managed_op_inequality(&value1, &value1)
);
same!(
    matrix3x2_equals_with_other_itself,
    |this: t::Matrix3x2| t::Matrix3x2::equals(&this, &this),
    t::Matrix3x2::__managed_equals(&this, &this)
);
same!(
    on_mono(coreclr_build::SSE),
    matrix4x4_op_inequality_itself,
    |value1: t::Matrix4x4| t::Matrix4x4::op_inequality(&value1, &value1),
    t::Matrix4x4::__managed_op_inequality(&value1, &value1)
);
same!(
    on_mono(coreclr_build::SSE),
    matrix4x4_equals_with_other_itself,
    |this: t::Matrix4x4| t::Matrix4x4::equals(&this, &this),
    t::Matrix4x4::__managed_equals(&this, &this)
);
same!(
    plane_op_inequality_itself,
    |value1: t::Plane| t::Plane::op_inequality(&value1, &value1),
    t::Plane::__managed_op_inequality(&value1, &value1)
);
same!(
    on_mono(coreclr_build::MONOS_ANSWER),
    plane_equals_with_other_itself,
    |this: t::Plane| t::Plane::equals(&this, &this),
    t::Plane::__managed_equals(&this, &this)
);
same!(
    quaternion_op_inequality_itself,
    |value1: t::Quaternion| t::Quaternion::op_inequality(&value1, &value1),
    t::Quaternion::__managed_op_inequality(&value1, &value1)
);
same!(
    quaternion_equals_with_other_itself,
    |this: t::Quaternion| t::Quaternion::equals(&this, &this),
    t::Quaternion::__managed_equals(&this, &this)
);
same!(
    vector2_op_inequality_itself,
    |left: t::Vector2| t::Vector2::op_inequality(&left, &left),
    t::Vector2::__managed_op_inequality(&left, &left)
);
same!(
    vector2_equals_with_other_itself,
    |this: t::Vector2| t::Vector2::equals(&this, &this),
    t::Vector2::__managed_equals(&this, &this)
);
same!(
    vector3_equals_with_other_itself,
    |this: t::Vector3| t::Vector3::equals(&this, &this),
    t::Vector3::__managed_equals(&this, &this)
);
same!(
    vector4_op_inequality_itself,
    |left: t::Vector4| t::Vector4::op_inequality(&left, &left),
    t::Vector4::__managed_op_inequality(&left, &left)
);
same!(
    vector4_equals_with_other_itself,
    |this: t::Vector4| t::Vector4::equals(&this, &this),
    t::Vector4::__managed_equals(&this, &this)
);
same_game!(
    game_vector3_equals_itself,
    |a: tg::Vector3| tg::Vector3::equals(&a, &a),
    tg::Vector3::__managed_equals(&a, &a)
);
