//! Typed Rust closures as delegates: for every delegate type whose `Invoke` can be bound, a
//! `from_fn` constructor that wraps a closure with `Invoke`'s parameter and return types in a
//! `cilbind::Callback`. The closure sees typed values (an `i32`, an `Option<Entity>`, an enum);
//! the conversion from the callback's dynamic `Value`s is generated here.

use super::doc;
use crate::plan::{primitive_value, Callback, Pass, Primitive};

/// `from_fn` for a delegate (the plan checked that every value converts).
pub(super) fn from_fn(cb: &Callback) -> String {
    let mut params = Vec::new();
    let mut converts = Vec::new();
    for (i, c) in cb.params.iter().enumerate() {
        let (ty, expr) = param(c, &format!("a{i}"));
        params.push(ty);
        converts.push(format!("let a{i} = {expr};"));
    }
    let (ret_ty, ret_expr) = ret(&cb.ret);
    let names: Vec<String> = (0..params.len()).map(|i| format!("a{i}")).collect();
    let n = params.len();
    let mut out = doc(&format!(
        "A delegate running `f` with `{}`'s arguments, and the `cilbind::Callback` that keeps `f`:\n\
         keep the callback alive while C# may invoke the delegate. An `Err` from `f` is thrown in C#.",
        cb.invoke
    ));
    out.push_str(&format!(
        "pub fn from_fn(mut f: impl FnMut({}) -> ::cilbind::Result<{ret_ty}> + Send + 'static) -> ::cilbind::Result<(Self, ::cilbind::Callback)> {{\n\
            let callback = ::cilbind::Callback::new::<Self>(move |args: &[::cilbind::Value]| {{\n\
                let [{}] = args else {{\n\
                    return Err(::cilbind::Error::InvalidArgument(format!(\"expected {n} arguments, got {{}}\", args.len())));\n\
                }};\n\
                {}\n\
                let r = f({})?;\n\
                Ok({ret_expr})\n\
            }})?;\n\
            let delegate = callback.delegate::<Self>()?;\n\
            Ok((delegate, callback))\n\
        }}\n",
        params.join(", "),
        names.join(", "),
        converts.join("\n"),
        names.join(", "),
    ));
    out
}

fn mismatch(var: &str, what: &str) -> String {
    format!(
        "other => return Err(::cilbind::Error::InvalidArgument(format!(\"{var}: expected {what}, got {{:?}}\", other)))"
    )
}

/// The Rust type of a callback parameter and the expression converting the `&Value` `var`.
fn param(c: &Pass, var: &str) -> (String, String) {
    match c {
        Pass::Primitive(p) => {
            let variant = p.system_name();
            let value = match p {
                Primitive::Char => "::cilbind::Char(*v)",
                _ => "*v",
            };
            (
                primitive_value(*p).to_string(),
                format!(
                    "match {var} {{ ::cilbind::Value::{variant}(v) => {value}, {} }}",
                    mismatch(var, variant)
                ),
            )
        }
        // Boxed enums and structs reach callbacks as objects.
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) | Pass::ManagedStruct(rust) => {
            (rust.clone(), unbox(var, rust))
        }
        Pass::String => (
            "::core::option::Option<::std::string::String>".into(),
            format!(
                "match {var} {{ ::cilbind::Value::String(s) => Some(s.clone()), ::cilbind::Value::Null => None, {} }}",
                mismatch(var, "a string")
            ),
        ),
        Pass::Handle(rust) | Pass::ObjectArray(rust) => {
            // Strings arrive decoded: an `object` parameter given a string gets it back as one.
            (
                format!("::core::option::Option<{rust}>"),
                format!(
                    "match {var} {{ ::cilbind::Value::Object(o) => Some(o.cast::<{rust}>()?), \
                     ::cilbind::Value::String(s) => Some(::cilbind::Reference::as_object(&::cilbind::NetString::new(s)?).cast::<{rust}>()?), \
                     ::cilbind::Value::Null => None, {} }}",
                    mismatch(var, "an object")
                ),
            )
        }
        // The plan gives callbacks no other parameter form.
        Pass::Void | Pass::BlittableArray { .. } | Pass::ByRef { .. } => ("()".into(), "()".into()),
    }
}

fn unbox(var: &str, rust: &str) -> String {
    format!(
        "match {var} {{ ::cilbind::Value::Object(o) => o.unbox::<{rust}>()?, {} }}",
        mismatch(var, "a boxed value")
    )
}

/// The closure's return type and the expression turning its result `r` into a `Value`.
fn ret(c: &Pass) -> (String, String) {
    match c {
        Pass::Primitive(p) => {
            let value = match p {
                Primitive::Char => "r.0",
                _ => "r",
            };
            (
                primitive_value(*p).to_string(),
                format!("::cilbind::Value::{}({value})", p.system_name()),
            )
        }
        Pass::Enum {
            rust,
            underlying,
            flags,
        } => {
            let bits = if *flags { "r.bits()" } else { "r.0" };
            (
                rust.clone(),
                format!("::cilbind::Value::{}({bits})", underlying.system_name()),
            )
        }
        Pass::FullStruct(rust) | Pass::ManagedStruct(rust) => (
            rust.clone(),
            "::cilbind::Value::Object(::cilbind::BoxAs::<::cilbind::Object>::box_to(&r)?)".into(),
        ),
        Pass::String => (
            "::core::option::Option<::std::string::String>".into(),
            "r.map_or(::cilbind::Value::Null, ::cilbind::Value::String)".into(),
        ),
        Pass::Handle(rust) => (
            format!("::core::option::Option<{rust}>"),
            "r.map_or(::cilbind::Value::Null, |o| ::cilbind::Value::Object(::cilbind::Reference::into_object(o)))"
                .into(),
        ),
        // `void`; the plan gives callbacks no other return form.
        _ => ("()".into(), "{ let () = r; ::cilbind::Value::Void }".into()),
    }
}
