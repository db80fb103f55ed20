//! Typed Rust closures as delegates: for every delegate type whose `Invoke` can be bound, a
//! `from_fn` constructor that wraps a closure with `Invoke`'s parameter and return types in a
//! `cilbind::Callback`. The closure sees typed values (an `i32`, an `Option<Entity>`, an enum);
//! the conversion from the callback's dynamic `Value`s is generated here.

use super::types::primitive_value;
use super::{doc, EmitCx};
use crate::classify::{ArrayElement, Crossing, SignatureClass};
use crate::model::{MethodModel, Primitive, Ty};

/// `from_fn` for the delegate whose `Invoke` is `invoke` (classified as `sig`), or why not.
pub(super) fn from_fn(
    cx: &EmitCx,
    module: &[String],
    invoke: &MethodModel,
    sig: &SignatureClass,
) -> Result<String, String> {
    let mut params = Vec::new();
    let mut converts = Vec::new();
    for (i, c) in sig.params.iter().enumerate() {
        let (ty, expr) =
            param(cx, module, c, &format!("a{i}")).ok_or_else(|| format!("parameter {i} ({})", describe(c)))?;
        params.push(ty);
        converts.push(format!("let a{i} = {expr};"));
    }
    let (ret_ty, ret_expr) = ret(cx, module, &sig.ret).ok_or_else(|| format!("return ({})", describe(&sig.ret)))?;
    let names: Vec<String> = (0..params.len()).map(|i| format!("a{i}")).collect();
    let n = params.len();
    let mut out = doc(&format!(
        "A delegate running `f` with `{}`'s arguments, and the `cilbind::Callback` that keeps `f`:\n\
         keep the callback alive while C# may invoke the delegate. An `Err` from `f` is thrown in C#.",
        invoke.name
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
    Ok(out)
}

fn describe(c: &Crossing) -> &'static str {
    match c {
        Crossing::ByRef { .. } => "ref/out parameters are not written back by callbacks",
        Crossing::Array { .. } => "arrays are not converted for callbacks",
        _ => "this type is not converted for callbacks",
    }
}

fn mismatch(var: &str, what: &str) -> String {
    format!(
        "other => return Err(::cilbind::Error::InvalidArgument(format!(\"{var}: expected {what}, got {{:?}}\", other)))"
    )
}

/// The Rust type of a callback parameter and the expression converting the `&Value` `var`.
fn param(cx: &EmitCx, module: &[String], c: &Crossing, var: &str) -> Option<(String, String)> {
    Some(match c {
        Crossing::Primitive(p) => {
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
        Crossing::Enum { ty, .. } => {
            let rust = cx.path_from(module, ty)?;
            (rust.clone(), unbox(var, &rust))
        }
        Crossing::FullStruct(ty) => {
            let rust = cx.blittable_element(module, ty)?;
            (rust.clone(), unbox(var, &rust))
        }
        Crossing::ManagedStruct(ty) => {
            let rust = cx.handle_type(module, ty)?;
            (rust.clone(), unbox(var, &rust))
        }
        Crossing::String => (
            "::core::option::Option<::std::string::String>".into(),
            format!(
                "match {var} {{ ::cilbind::Value::String(s) => Some(s.clone()), ::cilbind::Value::Null => None, {} }}",
                mismatch(var, "a string")
            ),
        ),
        Crossing::Handle { ty, .. }
        | Crossing::Array {
            ty,
            element: ArrayElement::Object(_),
        } => {
            let rust = cx.handle_type(module, ty)?;
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
        _ => return None,
    })
}

fn unbox(var: &str, rust: &str) -> String {
    format!(
        "match {var} {{ ::cilbind::Value::Object(o) => o.unbox::<{rust}>()?, {} }}",
        mismatch(var, "a boxed value")
    )
}

/// The closure's return type and the expression turning its result `r` into a `Value`.
fn ret(cx: &EmitCx, module: &[String], c: &Crossing) -> Option<(String, String)> {
    Some(match c {
        Crossing::Void => ("()".into(), "{ let () = r; ::cilbind::Value::Void }".into()),
        Crossing::Primitive(p) => {
            let value = match p {
                Primitive::Char => "r.0",
                _ => "r",
            };
            (
                primitive_value(*p).to_string(),
                format!("::cilbind::Value::{}({value})", p.system_name()),
            )
        }
        Crossing::Enum { ty, underlying, flags } => {
            let rust = cx.path_from(module, ty)?;
            let bits = if *flags { "r.bits()" } else { "r.0" };
            (rust, format!("::cilbind::Value::{}({bits})", underlying.system_name()))
        }
        Crossing::FullStruct(Ty::Named { .. }) | Crossing::ManagedStruct(_) => {
            let rust = match c {
                Crossing::FullStruct(ty) => cx.blittable_element(module, ty)?,
                Crossing::ManagedStruct(ty) => cx.handle_type(module, ty)?,
                _ => return None,
            };
            (
                rust,
                "::cilbind::Value::Object(::cilbind::BoxAs::<::cilbind::Object>::box_to(&r)?)".into(),
            )
        }
        Crossing::String => (
            "::core::option::Option<::std::string::String>".into(),
            "r.map_or(::cilbind::Value::Null, ::cilbind::Value::String)".into(),
        ),
        Crossing::Handle { ty, .. } => {
            let rust = cx.handle_type(module, ty)?;
            (
                format!("::core::option::Option<{rust}>"),
                "r.map_or(::cilbind::Value::Null, |o| ::cilbind::Value::Object(::cilbind::Reference::into_object(o)))"
                    .into(),
            )
        }
        _ => return None,
    })
}
