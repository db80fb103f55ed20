//! mscorlib's translated methods.

use super::*;

// mscorlib's TimeSpan, DateTime and Guid: integer arithmetic (wrapping), division by
// constants, unsigned comparisons and branches.
prop!(timespan_new, ts => ms, |t: i64| n::TimeSpan::new(t).unwrap());
prop!(timespan_from_ticks, ts => ms, |t: i64| n::TimeSpan::from_ticks(t).unwrap());
prop!(timespan_compare, ts => ms, |a: ts::TimeSpan, b: ts::TimeSpan| n::TimeSpan::compare(&a, &b).unwrap());
prop!(timespan_op_less_than, ts => ms, |a: ts::TimeSpan, b: ts::TimeSpan| n::TimeSpan::op_less_than(&a, &b).unwrap());
prop!(timespan_op_division, ts => ms, |a: ts::TimeSpan, b: ts::TimeSpan| n::TimeSpan::op_division(&a, &b).unwrap());
prop!(timespan_hash, ts => ms, |a: ts::TimeSpan| a.get_hash_code().unwrap());
prop!(timespan_parts, ts => ms, |a: ts::TimeSpan| {
    (
        (a.days().unwrap(), a.hours().unwrap()),
        ((a.minutes().unwrap(), a.seconds().unwrap()), a.milliseconds().unwrap()),
    )
});
prop!(timespan_totals, ts => ms, |a: ts::TimeSpan| {
    (
        (a.total_days().unwrap(), a.total_hours().unwrap()),
        ((a.total_minutes().unwrap(), a.total_seconds().unwrap()), a.total_milliseconds().unwrap()),
    )
});
prop!(datetime_compare, ts => ms, |a: ts::DateTime, b: ts::DateTime| n::DateTime::compare(&a, &b).unwrap());
prop!(datetime_op_less_than_or_equal, ts => ms, |a: ts::DateTime, b: ts::DateTime| n::DateTime::op_less_than_or_equal(&a, &b).unwrap());
prop!(datetime_equals_itself, ts => ms, |a: ts::DateTime| n::DateTime::op_equality(&a, &a).unwrap());
prop!(datetime_subtract, ts => ms, |a: ts::DateTime, b: ts::DateTime| n::DateTime::op_subtraction(&a, &b).unwrap());
prop!(datetime_hash, ts => ms, |a: ts::DateTime| a.get_hash_code().unwrap());
prop!(datetime_parts, ts => ms, |a: ts::DateTime| {
    (
        (a.hour().unwrap(), a.minute().unwrap()),
        ((a.second().unwrap(), a.millisecond().unwrap()), a.ticks().unwrap()),
    )
});
prop!(datetime_date_and_time_of_day, ts => ms, |a: ts::DateTime| (a.date().unwrap(), a.time_of_day().unwrap()));
prop!(guid_new, ts => ms, |a: i32, b: i16, c: i16, d: u8, e: u8, f: u8, h: u8| {
    n::Guid::new_i32_i16_i16_u8_u8_u8_u8_u8_u8_u8_u8(a, b, c, d, e, f, h, d, e, f, h).unwrap()
});
prop!(guid_compare_to, ts => ms, |a: ts::Guid, b: ts::Guid| a.compare_to(&b).unwrap());
prop!(guid_compare_to_itself, ts => ms, |a: ts::Guid| a.compare_to(&a).unwrap());

// The other translated methods of mscorlib, one property each (all overloads, operators,
// properties and constants): `every_translated_method_of_mscorlib_has_a_property` lists them.
prop!(date_time_compare_to_date_time, ts => ms, |this: ts::DateTime, value: ts::DateTime| { n::DateTime::compare_to(&this, &value).unwrap() });
prop!(date_time_equals_date_time, ts => ms, |this: ts::DateTime, value: ts::DateTime| { n::DateTime::equals(&this, &value).unwrap() });
prop!(date_time_equals_with_t1_t2, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::equals_with_t1_t2(&t1, &t2).unwrap() });
prop!(date_time_get_hash_code, ts => ms, |this: ts::DateTime| { n::DateTime::get_hash_code(&this).unwrap() });
prop!(date_time_subtract_date_time, ts => ms, |this: ts::DateTime, value: ts::DateTime| { n::DateTime::subtract(&this, &value).unwrap() });
prop!(date_time_op_inequality, ts => ms, |d1: ts::DateTime, d2: ts::DateTime| { n::DateTime::op_inequality(&d1, &d2).unwrap() });
prop!(date_time_op_less_than, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::op_less_than(&t1, &t2).unwrap() });
prop!(date_time_op_greater_than, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::op_greater_than(&t1, &t2).unwrap() });
prop!(date_time_op_greater_than_or_equal, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::op_greater_than_or_equal(&t1, &t2).unwrap() });
prop!(date_time_date, ts => ms, |this: ts::DateTime| { n::DateTime::date(&this).unwrap() });
prop!(date_time_hour, ts => ms, |this: ts::DateTime| { n::DateTime::hour(&this).unwrap() });
prop!(date_time_millisecond, ts => ms, |this: ts::DateTime| { n::DateTime::millisecond(&this).unwrap() });
prop!(date_time_minute, ts => ms, |this: ts::DateTime| { n::DateTime::minute(&this).unwrap() });
prop!(date_time_second, ts => ms, |this: ts::DateTime| { n::DateTime::second(&this).unwrap() });
prop!(date_time_ticks, ts => ms, |this: ts::DateTime| { n::DateTime::ticks(&this).unwrap() });
prop!(date_time_time_of_day, ts => ms, |this: ts::DateTime| { n::DateTime::time_of_day(&this).unwrap() });
prop!(guid_new_u32_u16_u16_u8_u8_u8_u8_u8_u8_u8_u8, ts => ms, |a: u32, b: u16, c: u16, d: u8, e: u8, f: u8, g: u8, h: u8, i: u8, j: u8, k: u8| { n::Guid::new_u32_u16_u16_u8_u8_u8_u8_u8_u8_u8_u8(a, b, c, d, e, f, g, h, i, j, k).unwrap() });
prop!(guid_compare_to_guid, ts => ms, |this: ts::Guid, value: ts::Guid| { n::Guid::compare_to(&this, &value).unwrap() });
prop!(index_get_hash_code, ts => ms, |this: ts::Index| { n::Index::get_hash_code(&this).unwrap() });
prop!(index_get_offset, ts => ms, |this: ts::Index, length: i32| { n::Index::get_offset(&this, length).unwrap() });
prop!(index_equals_with_other, ts => ms, |this: ts::Index, other: ts::Index| { n::Index::equals(&this, &other).unwrap() });
prop!(index_start, ts => ms, || { n::Index::start().unwrap() });
prop!(index_end, ts => ms, || { n::Index::end().unwrap() });
prop!(index_value, ts => ms, |this: ts::Index| { n::Index::value(&this).unwrap() });
prop!(index_is_from_end, ts => ms, |this: ts::Index| { n::Index::is_from_end(&this).unwrap() });
prop!(range_new, ts => ms, |start: ts::Index, end: ts::Index| { n::Range::new(&start, &end).unwrap() });
prop!(range_end_at, ts => ms, |end: ts::Index| { n::Range::end_at(&end).unwrap() });
prop!(range_equals_with_other, ts => ms, |this: ts::Range, other: ts::Range| { let r = n::Range::equals(&this, &other).unwrap(); (r, this) });
prop!(range_start_at, ts => ms, |start: ts::Index| { n::Range::start_at(&start).unwrap() });
prop!(range_start, ts => ms, |this: ts::Range| { n::Range::start(&this).unwrap() });
prop!(range_end, ts => ms, |this: ts::Range| { n::Range::end(&this).unwrap() });
prop!(range_all, ts => ms, || { n::Range::all().unwrap() });
prop!(time_span_op_equality, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_equality(&t1, &t2).unwrap() });
prop!(time_span_op_inequality, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_inequality(&t1, &t2).unwrap() });
prop!(time_span_op_less_than_or_equal, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_less_than_or_equal(&t1, &t2).unwrap() });
prop!(time_span_op_greater_than, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_greater_than(&t1, &t2).unwrap() });
prop!(time_span_op_greater_than_or_equal, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_greater_than_or_equal(&t1, &t2).unwrap() });
prop!(time_span_compare_to_time_span, ts => ms, |this: ts::TimeSpan, value: ts::TimeSpan| { n::TimeSpan::compare_to(&this, &value).unwrap() });
prop!(time_span_equals_with_obj, ts => ms, |this: ts::TimeSpan, obj: ts::TimeSpan| { n::TimeSpan::equals(&this, &obj).unwrap() });
prop!(time_span_equals_with_t1_t2, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::equals_with_t1_t2(&t1, &t2).unwrap() });
prop!(time_span_get_hash_code, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::get_hash_code(&this).unwrap() });
prop!(time_span_divide_with_ts, ts => ms, |this: ts::TimeSpan, span: ts::TimeSpan| { n::TimeSpan::divide(&this, &span).unwrap() });
prop!(time_span_op_unary_plus, ts => ms, |t: ts::TimeSpan| { n::TimeSpan::op_unary_plus(&t).unwrap() });
prop!(time_span_ticks, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::ticks(&this).unwrap() });
prop!(time_span_days, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::days(&this).unwrap() });
prop!(time_span_hours, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::hours(&this).unwrap() });
prop!(time_span_milliseconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::milliseconds(&this).unwrap() });
prop!(time_span_minutes, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::minutes(&this).unwrap() });
prop!(time_span_seconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::seconds(&this).unwrap() });
prop!(time_span_total_days, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_days(&this).unwrap() });
prop!(time_span_total_hours, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_hours(&this).unwrap() });
prop!(time_span_total_milliseconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_milliseconds(&this).unwrap() });
prop!(time_span_total_minutes, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_minutes(&this).unwrap() });
prop!(time_span_total_seconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_seconds(&this).unwrap() });
prop!(value_tuple_equals_with_other, ts => ms, |this: ts::ValueTuple, other: ts::ValueTuple| { n::ValueTuple::equals(&this, &other).unwrap() });
prop!(value_tuple_compare_to, ts => ms, |this: ts::ValueTuple, other: ts::ValueTuple| { n::ValueTuple::compare_to(&this, &other).unwrap() });
prop!(value_tuple_get_hash_code, ts => ms, |this: ts::ValueTuple| { n::ValueTuple::get_hash_code(&this).unwrap() });
prop!(value_tuple_create, ts => ms, || { n::ValueTuple::create().unwrap() });
prop!(standard_format_op_equality, ts => ms, |left: ts::StandardFormat, right: ts::StandardFormat| { n::StandardFormat::op_equality(&left, &right).unwrap() });
prop!(standard_format_op_inequality, ts => ms, |left: ts::StandardFormat, right: ts::StandardFormat| { n::StandardFormat::op_inequality(&left, &right).unwrap() });
prop!(standard_format_equals_with_other, ts => ms, |this: ts::StandardFormat, other: ts::StandardFormat| { n::StandardFormat::equals(&this, &other).unwrap() });
prop!(standard_format_precision, ts => ms, |this: ts::StandardFormat| { n::StandardFormat::precision(&this).unwrap() });
prop!(standard_format_has_precision, ts => ms, |this: ts::StandardFormat| { n::StandardFormat::has_precision(&this).unwrap() });
prop!(standard_format_is_default, ts => ms, |this: ts::StandardFormat| { n::StandardFormat::is_default(&this).unwrap() });
prop!(symbol_token_new, ts => ms, |val: i32| { n::SymbolToken::new(val).unwrap() });
prop!(symbol_token_get_token, ts => ms, |this: ts::SymbolToken| { n::SymbolToken::get_token(&this).unwrap() });
prop!(symbol_token_get_hash_code, ts => ms, |this: ts::SymbolToken| { n::SymbolToken::get_hash_code(&this).unwrap() });
prop!(symbol_token_equals_symbol_token, ts => ms, |this: ts::SymbolToken, obj: ts::SymbolToken| { n::SymbolToken::equals(&this, &obj).unwrap() });
prop!(symbol_token_op_equality, ts => ms, |a: ts::SymbolToken, b: ts::SymbolToken| { n::SymbolToken::op_equality(&a, &b).unwrap() });
prop!(symbol_token_op_inequality, ts => ms, |a: ts::SymbolToken, b: ts::SymbolToken| { n::SymbolToken::op_inequality(&a, &b).unwrap() });
prop!(event_token_equals_event_token, ts => ms, |this: ts::EventToken, obj: ts::EventToken| { n::EventToken::equals(&this, &obj).unwrap() });
prop!(event_token_get_hash_code, ts => ms, |this: ts::EventToken| { n::EventToken::get_hash_code(&this).unwrap() });
prop!(event_token_token, ts => ms, |this: ts::EventToken| { n::EventToken::token(&this).unwrap() });
prop!(field_token_equals_field_token, ts => ms, |this: ts::FieldToken, obj: ts::FieldToken| { n::FieldToken::equals(&this, &obj).unwrap() });
prop!(field_token_get_hash_code, ts => ms, |this: ts::FieldToken| { n::FieldToken::get_hash_code(&this).unwrap() });
prop!(field_token_token, ts => ms, |this: ts::FieldToken| { n::FieldToken::token(&this).unwrap() });
prop!(label_equals_label, ts => ms, |this: ts::Label, obj: ts::Label| { n::Label::equals(&this, &obj).unwrap() });
prop!(label_op_equality, ts => ms, |a: ts::Label, b: ts::Label| { n::Label::op_equality(&a, &b).unwrap() });
prop!(label_op_inequality, ts => ms, |a: ts::Label, b: ts::Label| { n::Label::op_inequality(&a, &b).unwrap() });
prop!(method_token_equals_method_token, ts => ms, |this: ts::MethodToken, obj: ts::MethodToken| { n::MethodToken::equals(&this, &obj).unwrap() });
prop!(method_token_get_hash_code, ts => ms, |this: ts::MethodToken| { n::MethodToken::get_hash_code(&this).unwrap() });
prop!(method_token_token, ts => ms, |this: ts::MethodToken| { n::MethodToken::token(&this).unwrap() });
prop!(op_code_equals_op_code, ts => ms, |this: ts::OpCode, obj: ts::OpCode| { n::OpCode::equals(&this, &obj).unwrap() });
prop!(op_code_op_equality, ts => ms, |a: ts::OpCode, b: ts::OpCode| { n::OpCode::op_equality(&a, &b).unwrap() });
prop!(op_code_op_inequality, ts => ms, |a: ts::OpCode, b: ts::OpCode| { n::OpCode::op_inequality(&a, &b).unwrap() });
prop!(op_code_size, ts => ms, |this: ts::OpCode| { n::OpCode::size(&this).unwrap() });
prop!(op_code_value, ts => ms, |this: ts::OpCode| { n::OpCode::value(&this).unwrap() });
prop!(parameter_token_equals_parameter_token, ts => ms, |this: ts::ParameterToken, obj: ts::ParameterToken| { n::ParameterToken::equals(&this, &obj).unwrap() });
prop!(parameter_token_get_hash_code, ts => ms, |this: ts::ParameterToken| { n::ParameterToken::get_hash_code(&this).unwrap() });
prop!(parameter_token_token, ts => ms, |this: ts::ParameterToken| { n::ParameterToken::token(&this).unwrap() });
prop!(property_token_equals_property_token, ts => ms, |this: ts::PropertyToken, obj: ts::PropertyToken| { n::PropertyToken::equals(&this, &obj).unwrap() });
prop!(property_token_get_hash_code, ts => ms, |this: ts::PropertyToken| { n::PropertyToken::get_hash_code(&this).unwrap() });
prop!(property_token_token, ts => ms, |this: ts::PropertyToken| { n::PropertyToken::token(&this).unwrap() });
prop!(signature_token_equals_signature_token, ts => ms, |this: ts::SignatureToken, obj: ts::SignatureToken| { n::SignatureToken::equals(&this, &obj).unwrap() });
prop!(signature_token_get_hash_code, ts => ms, |this: ts::SignatureToken| { n::SignatureToken::get_hash_code(&this).unwrap() });
prop!(signature_token_token, ts => ms, |this: ts::SignatureToken| { n::SignatureToken::token(&this).unwrap() });
prop!(string_token_equals_string_token, ts => ms, |this: ts::StringToken, obj: ts::StringToken| { n::StringToken::equals(&this, &obj).unwrap() });
prop!(string_token_get_hash_code, ts => ms, |this: ts::StringToken| { n::StringToken::get_hash_code(&this).unwrap() });
prop!(string_token_token, ts => ms, |this: ts::StringToken| { n::StringToken::token(&this).unwrap() });
prop!(type_token_equals_type_token, ts => ms, |this: ts::TypeToken, obj: ts::TypeToken| { n::TypeToken::equals(&this, &obj).unwrap() });
prop!(type_token_get_hash_code, ts => ms, |this: ts::TypeToken| { n::TypeToken::get_hash_code(&this).unwrap() });
prop!(type_token_token, ts => ms, |this: ts::TypeToken| { n::TypeToken::token(&this).unwrap() });
prop!(yield_awaitable_get_awaiter, ts => ms, |this: ts::YieldAwaitable| { n::YieldAwaitable::get_awaiter(&this).unwrap() });
prop!(yield_awaitable_yield_awaiter_get_result, ts => ms, |this: ts::YieldAwaitable_YieldAwaiter| { n::YieldAwaitable_YieldAwaiter::get_result(&this).unwrap() });
prop!(yield_awaitable_yield_awaiter_is_completed, ts => ms, |this: ts::YieldAwaitable_YieldAwaiter| { n::YieldAwaitable_YieldAwaiter::is_completed(&this).unwrap() });
prop!(gchandle_op_equality, ts => ms, |a: ts::GCHandle, b: ts::GCHandle| { n::GCHandle::op_equality(&a, &b).unwrap() });
prop!(gchandle_op_inequality, ts => ms, |a: ts::GCHandle, b: ts::GCHandle| { n::GCHandle::op_inequality(&a, &b).unwrap() });
prop!(gchandle_is_allocated, ts => ms, |this: ts::GCHandle| { n::GCHandle::is_allocated(&this).unwrap() });
prop!(lock_cookie_equals_lock_cookie, ts => ms, |this: ts::LockCookie, obj: ts::LockCookie| { n::LockCookie::equals(&this, &obj).unwrap() });
prop!(lock_cookie_op_equality, ts => ms, |a: ts::LockCookie, b: ts::LockCookie| { n::LockCookie::op_equality(&a, &b).unwrap() });
prop!(lock_cookie_op_inequality, ts => ms, |a: ts::LockCookie, b: ts::LockCookie| { n::LockCookie::op_inequality(&a, &b).unwrap() });
prop!(spin_lock_new, ts => ms, |enable_thread_owner_tracking: bool| { n::SpinLock::new(enable_thread_owner_tracking).unwrap() });
prop!(spin_lock_is_held, ts => ms, |this: ts::SpinLock| { n::SpinLock::is_held(&this).unwrap() });
prop!(spin_lock_is_thread_owner_tracking_enabled, ts => ms, |this: ts::SpinLock| { n::SpinLock::is_thread_owner_tracking_enabled(&this).unwrap() });
prop!(spin_wait_reset, ts => ms, |this: ts::SpinWait| { let mut this = this; n::SpinWait::reset(&mut this).unwrap(); this });
prop!(spin_wait_count, ts => ms, |this: ts::SpinWait| { n::SpinWait::count(&this).unwrap() });

// Equality and comparison with the value itself, which random pairs almost never reach.
prop!(date_time_compare_to_date_time_itself, ts => ms, |this: ts::DateTime| { n::DateTime::compare_to(&this, &this).unwrap() });
prop!(date_time_equals_date_time_itself, ts => ms, |this: ts::DateTime| { n::DateTime::equals(&this, &this).unwrap() });
prop!(date_time_equals_with_t1_t2_itself, ts => ms, |t1: ts::DateTime| { n::DateTime::equals_with_t1_t2(&t1, &t1).unwrap() });
prop!(date_time_op_inequality_itself, ts => ms, |d1: ts::DateTime| { n::DateTime::op_inequality(&d1, &d1).unwrap() });
prop!(guid_compare_to_guid_itself, ts => ms, |this: ts::Guid| { n::Guid::compare_to(&this, &this).unwrap() });
prop!(index_equals_with_other_itself, ts => ms, |this: ts::Index| { n::Index::equals(&this, &this).unwrap() });
prop!(range_equals_with_other_itself, ts => ms, |this: ts::Range| { let other = this; let r = n::Range::equals(&this, &other).unwrap(); (r, this) });
prop!(time_span_op_equality_itself, ts => ms, |t1: ts::TimeSpan| { n::TimeSpan::op_equality(&t1, &t1).unwrap() });
prop!(time_span_op_inequality_itself, ts => ms, |t1: ts::TimeSpan| { n::TimeSpan::op_inequality(&t1, &t1).unwrap() });
prop!(time_span_compare_to_time_span_itself, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::compare_to(&this, &this).unwrap() });
prop!(time_span_equals_with_obj_itself, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::equals(&this, &this).unwrap() });
prop!(time_span_equals_with_t1_t2_itself, ts => ms, |t1: ts::TimeSpan| { n::TimeSpan::equals_with_t1_t2(&t1, &t1).unwrap() });
prop!(value_tuple_equals_with_other_itself, ts => ms, |this: ts::ValueTuple| { n::ValueTuple::equals(&this, &this).unwrap() });
prop!(value_tuple_compare_to_itself, ts => ms, |this: ts::ValueTuple| { n::ValueTuple::compare_to(&this, &this).unwrap() });
prop!(standard_format_op_equality_itself, ts => ms, |left: ts::StandardFormat| { n::StandardFormat::op_equality(&left, &left).unwrap() });
prop!(standard_format_op_inequality_itself, ts => ms, |left: ts::StandardFormat| { n::StandardFormat::op_inequality(&left, &left).unwrap() });
prop!(standard_format_equals_with_other_itself, ts => ms, |this: ts::StandardFormat| { n::StandardFormat::equals(&this, &this).unwrap() });
prop!(symbol_token_equals_symbol_token_itself, ts => ms, |this: ts::SymbolToken| { n::SymbolToken::equals(&this, &this).unwrap() });
prop!(symbol_token_op_equality_itself, ts => ms, |a: ts::SymbolToken| { n::SymbolToken::op_equality(&a, &a).unwrap() });
prop!(symbol_token_op_inequality_itself, ts => ms, |a: ts::SymbolToken| { n::SymbolToken::op_inequality(&a, &a).unwrap() });
prop!(event_token_equals_event_token_itself, ts => ms, |this: ts::EventToken| { n::EventToken::equals(&this, &this).unwrap() });
prop!(field_token_equals_field_token_itself, ts => ms, |this: ts::FieldToken| { n::FieldToken::equals(&this, &this).unwrap() });
prop!(label_equals_label_itself, ts => ms, |this: ts::Label| { n::Label::equals(&this, &this).unwrap() });
prop!(label_op_equality_itself, ts => ms, |a: ts::Label| { n::Label::op_equality(&a, &a).unwrap() });
prop!(label_op_inequality_itself, ts => ms, |a: ts::Label| { n::Label::op_inequality(&a, &a).unwrap() });
prop!(method_token_equals_method_token_itself, ts => ms, |this: ts::MethodToken| { n::MethodToken::equals(&this, &this).unwrap() });
prop!(op_code_equals_op_code_itself, ts => ms, |this: ts::OpCode| { n::OpCode::equals(&this, &this).unwrap() });
prop!(op_code_op_equality_itself, ts => ms, |a: ts::OpCode| { n::OpCode::op_equality(&a, &a).unwrap() });
prop!(op_code_op_inequality_itself, ts => ms, |a: ts::OpCode| { n::OpCode::op_inequality(&a, &a).unwrap() });
prop!(parameter_token_equals_parameter_token_itself, ts => ms, |this: ts::ParameterToken| { n::ParameterToken::equals(&this, &this).unwrap() });
prop!(property_token_equals_property_token_itself, ts => ms, |this: ts::PropertyToken| { n::PropertyToken::equals(&this, &this).unwrap() });
prop!(signature_token_equals_signature_token_itself, ts => ms, |this: ts::SignatureToken| { n::SignatureToken::equals(&this, &this).unwrap() });
prop!(string_token_equals_string_token_itself, ts => ms, |this: ts::StringToken| { n::StringToken::equals(&this, &this).unwrap() });
prop!(type_token_equals_type_token_itself, ts => ms, |this: ts::TypeToken| { n::TypeToken::equals(&this, &this).unwrap() });
prop!(gchandle_op_equality_itself, ts => ms, |a: ts::GCHandle| { n::GCHandle::op_equality(&a, &a).unwrap() });
prop!(gchandle_op_inequality_itself, ts => ms, |a: ts::GCHandle| { n::GCHandle::op_inequality(&a, &a).unwrap() });
prop!(lock_cookie_equals_lock_cookie_itself, ts => ms, |this: ts::LockCookie| { n::LockCookie::equals(&this, &this).unwrap() });
prop!(lock_cookie_op_equality_itself, ts => ms, |a: ts::LockCookie| { n::LockCookie::op_equality(&a, &a).unwrap() });
prop!(lock_cookie_op_inequality_itself, ts => ms, |a: ts::LockCookie| { n::LockCookie::op_inequality(&a, &a).unwrap() });
