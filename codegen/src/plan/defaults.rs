//! Optional parameters: a method whose trailing parameters all have default values in
//! metadata (C#'s `int digits = 2`, `string suffix = null`, a `params T[]` array, which may be
//! left out as empty) also gets `<name>_defaults`, taking only the leading parameters and
//! passing the defaults for the rest, as a C# call that leaves them out does.
//!
//! A default crosses when Rust can spell it for the parameter's form: `bool`, integers,
//! `char`, floating-point (NaN and infinities included), an enum value, a string or `null`
//! (`None`) for strings, objects, arrays and `Nullable`s, a `Nullable`'s value. A default the
//! metadata holds no constant for (`decimal`, `default(SomeStruct)`) ends the run: only the
//! parameters after the last such one can be left out.

use super::items::{DefaultValue, DefaultsOverload, MethodItem, Param};
use super::rust_ty::Pass;
use crate::model::{ConstValue, MethodModel, PassMode, Primitive};

/// The `_defaults` companion of `item` (bound from `m`), or `None` when no trailing parameter
/// can be left out. `rust_name` is the companion's name, taken by the caller.
pub(super) fn plan(m: &MethodModel, item: &MethodItem, rust_name: impl FnOnce() -> String) -> Option<DefaultsOverload> {
    if m.params.len() != item.params.len() {
        return None;
    }
    let mut values = Vec::new();
    for (model, param) in m.params.iter().zip(&item.params).rev() {
        match default_of(model, param) {
            Some(v) => values.push(v),
            None => break,
        }
    }
    if values.is_empty() {
        return None;
    }
    values.reverse();
    let keep = item.params.len() - values.len();
    let omitted: Vec<String> = item.params[keep..].iter().map(|p| format!("`{}`", p.name)).collect();
    let target = &item.rust_name;
    let mut doc = vec![format!(
        "[`Self::{target}`] with the default values of {}, as a C# call that leaves them out.",
        omitted.join(", ")
    )];
    if item.is_unsafe {
        doc.extend(["", "# Safety", "", "As for the method it calls."].map(String::from));
    }
    Some(DefaultsOverload {
        rust_name: rust_name(),
        keep,
        values,
        doc,
    })
}

fn default_of(model: &crate::model::ParamModel, param: &Param) -> Option<DefaultValue> {
    if model.pass != PassMode::Value {
        return None;
    }
    if param.params_array.is_some() {
        return Some(DefaultValue::EmptyParams);
    }
    value_for(&param.pass, model.default.as_ref()?)
}

fn value_for(pass: &Pass, c: &ConstValue) -> Option<DefaultValue> {
    Some(match (pass, c) {
        (Pass::Primitive(Primitive::Bool), ConstValue::Bool(b)) => DefaultValue::Bool(*b),
        (Pass::Primitive(Primitive::Char), ConstValue::Char(u)) => DefaultValue::Char(*u),
        (Pass::Primitive(p), ConstValue::Int(v)) if p.is_integer() => DefaultValue::Int(*v, *p),
        (Pass::Primitive(Primitive::F32), ConstValue::F32(x)) => DefaultValue::F32(*x),
        (Pass::Primitive(Primitive::F64), ConstValue::F64(x)) => DefaultValue::F64(*x),
        // C# writes a `float` default as a `double` constant only through casts it checks.
        (Pass::Primitive(Primitive::F64), ConstValue::F32(x)) => DefaultValue::F64(f64::from(*x)),
        (
            Pass::Enum {
                rust,
                underlying,
                flags,
            },
            ConstValue::Int(v),
        ) => DefaultValue::Enum {
            rust: rust.clone(),
            value: *v,
            underlying: *underlying,
            flags: *flags,
        },
        (Pass::String, ConstValue::String(s)) => DefaultValue::Str(s.clone()),
        (
            Pass::String | Pass::Handle(_) | Pass::ObjectArray(_) | Pass::BlittableArray { .. } | Pass::Nullable(_),
            ConstValue::Null,
        ) => DefaultValue::Null,
        (Pass::Nullable(inner), c) => DefaultValue::Some(Box::new(value_for(inner, c)?)),
        _ => return None,
    })
}

impl Primitive {
    fn is_integer(self) -> bool {
        matches!(
            self,
            Primitive::I8
                | Primitive::U8
                | Primitive::I16
                | Primitive::U16
                | Primitive::I32
                | Primitive::U32
                | Primitive::I64
                | Primitive::U64
                | Primitive::IntPtr
                | Primitive::UIntPtr
        )
    }
}
