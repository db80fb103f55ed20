//! The default body of a Rust subclass's virtual member: forward to the base implementation
//! (`this.base_…(…)`), converting each parameter from the form the override receives (see
//! [`incoming`](super::incoming)) to the form the base call takes (see `render::method`).
//! Decided here: the argument expressions, which results the call returns and where `out`
//! values are written; the renderer prints them.
//!
//! - by value (primitives, enums, strings): passed on; a full struct by reference;
//! - an object (`Option<Lent<'_, T>>`, lent for the call): a new handle (`Lent::to_owned`),
//!   passed as `&dyn Is<T>`: the base receives the same object;
//! - an array (`Option<Array<E>>`/`Option<ObjectArray<T>>`, a handle): the handle itself. The
//!   base call of a blittable array takes (and returns) the handle instead of a slice (a
//!   `Vec`), so the base reads and writes the caller's array, not a copy;
//! - `ref`: the `&mut` passed on (the base call writes through it); `in`: a copy, by `&mut`;
//! - `out`: the base call returns it; the default writes it into the `&mut`.

use super::incoming::IncomingForm;
use super::items::{MethodItem, Ret};
use super::rust_ty::{primitive_stored, primitive_value, Pass};
use crate::model::{PassMode, Primitive};

/// How a virtual member's default body calls its base implementation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct BaseForward {
    /// The base handle's method (`base_update`).
    pub base: String,
    /// Its arguments, one expression per parameter it takes (`out` ones are returned instead).
    pub args: Vec<String>,
    /// The pattern binding what it returns: the result (`__r`) then each `out` value
    /// (`__o0`, …); `()` when nothing.
    pub bind: String,
    /// Statements writing each `out` value into the override's `&mut` parameter.
    pub writes: Vec<String>,
    /// The default's result: `__r`, or `()` for `void`.
    pub value: String,
}

/// The forwarding of a member whose override receives `params` and returns `ret` to `base`,
/// whose parameter and result forms this may change (blittable arrays cross as handles).
pub(crate) fn forward(
    params: &[(String, IncomingForm)],
    ret: &IncomingForm,
    base: &mut MethodItem,
) -> Result<BaseForward, String> {
    if params.len() != base.params.len() {
        return Err("the base call's parameters differ from the member's".into());
    }
    let mut args = Vec::new();
    let mut outs = Vec::new();
    let mut writes = Vec::new();
    for ((name, form), p) in params.iter().zip(&mut base.params) {
        let unexpected = || format!("parameter `{name}` ({}) cannot be forwarded to the base", form.rust);
        let same = |rust: &str| (form.rust == rust).then(|| name.clone()).ok_or_else(unexpected);
        let arg = match &p.pass {
            Pass::Primitive(prim) => same(primitive_value(*prim))?,
            Pass::Enum { rust, .. } => same(rust)?,
            Pass::String => same("::core::option::Option<&str>")?,
            Pass::FullStruct(rust) => format!("&{}", same(rust)?),
            Pass::Handle(rust)
                if form.rust == format!("::core::option::Option<::cilbind::native::Lent<'_, {rust}>>") =>
            {
                format!(
                    "{name}.as_ref().map(::cilbind::native::Lent::to_owned).transpose()?\
                 .as_ref().map(|__o| __o as &dyn ::cilbind::Is<{rust}>)"
                )
            }
            Pass::BlittableArray { handle, .. } if form.rust == format!("::core::option::Option<{handle}>") => {
                // The handle, not a copy of its elements (see the module doc).
                p.pass = Pass::ObjectArray(handle.clone());
                p.params_array = None;
                format!("{name}.as_ref()")
            }
            Pass::ObjectArray(handle) if form.rust == format!("::core::option::Option<{handle}>") => {
                // A `params` array too: the base call takes the array, not a slice of items.
                p.params_array = None;
                format!("{name}.as_ref()")
            }
            Pass::ByRef { pass, target } => {
                let slot = slot(target).ok_or_else(unexpected)?;
                match pass {
                    PassMode::Out => {
                        let o = format!("__o{}", outs.len());
                        // `out bool`: the base returns the stored `Boolean`.
                        let value = if matches!(**target, Pass::Primitive(Primitive::Bool)) {
                            (form.rust == "&mut bool").then(|| format!("::core::primitive::bool::from({o})"))
                        } else {
                            (form.rust == format!("&mut {slot}")).then(|| o.clone())
                        };
                        writes.push(format!("*{name} = {};", value.ok_or_else(unexpected)?));
                        outs.push(o);
                        continue;
                    }
                    // The base call writes through the same `&mut`.
                    PassMode::Ref => same(&format!("&mut {slot}"))?,
                    // The base call takes the shared borrow (`in`: it writes nothing).
                    PassMode::In if form.rust == format!("&{slot}") => name.to_string(),
                    _ => return Err(unexpected()),
                }
            }
            _ => return Err(unexpected()),
        };
        args.push(arg);
    }
    let unexpected = || format!("its result ({}) cannot be forwarded from the base", ret.rust);
    // A base annotated non-null returns the value itself; the member's form is an `Option`.
    let (pass, non_null) = match &mut base.ret {
        Ret::Value(pass) => (pass, false),
        Ret::NonNull(pass) => (pass, true),
        _ => return Err(unexpected()),
    };
    let returns = match pass {
        Pass::Void if ret.rust == "()" => false,
        Pass::Primitive(Primitive::Char) => return Err("a `char` result is not forwarded yet".into()),
        Pass::Primitive(p) if ret.rust == primitive_value(*p) => true,
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) if ret.rust == *rust => true,
        Pass::String if ret.rust == "::core::option::Option<::std::string::String>" => true,
        Pass::Handle(rust) | Pass::ObjectArray(rust) if ret.rust == format!("::core::option::Option<{rust}>") => true,
        Pass::BlittableArray { handle, .. } if ret.rust == format!("::core::option::Option<{handle}>") => {
            // The base's own array, not a `Vec` copy of it.
            let handle = handle.clone();
            *pass = Pass::ObjectArray(handle);
            true
        }
        _ => return Err(unexpected()),
    };
    let mut results: Vec<String> = returns.then(|| "__r".to_string()).into_iter().collect();
    results.extend(outs);
    let bind = match results.as_slice() {
        [] => "()".to_string(),
        [one] => one.clone(),
        many => format!("({})", many.join(", ")),
    };
    Ok(BaseForward {
        base: base.rust_name.clone(),
        args,
        bind,
        writes,
        value: match (returns, non_null) {
            (false, _) => "()",
            (true, false) => "__r",
            (true, true) => "::core::option::Option::Some(__r)",
        }
        .into(),
    })
}

/// The Rust type of a `ref`/`out`/`in` slot of the base call (as `render::method` spells it),
/// for the targets both sides support.
fn slot(target: &Pass) -> Option<String> {
    Some(match target {
        Pass::Primitive(p) => primitive_stored(*p).to_string(),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => rust.clone(),
        Pass::String => "::core::option::Option<::std::string::String>".into(),
        Pass::Handle(rust) => format!("::core::option::Option<{rust}>"),
        _ => return None,
    })
}
