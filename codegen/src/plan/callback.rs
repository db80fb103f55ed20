//! Delegates' typed closures: whether `from_fn` can convert every argument of `Invoke` from
//! the callback's dynamic values and its result back (boxed enums and structs reach
//! callbacks as objects; `ref`/`out` are not written back; arrays are not converted). A
//! generic delegate's `from_fn` is generic too (`Comparison::<i32>::from_fn`): a value of a
//! type parameter converts as its type argument's `TypeArg` says.

use super::classify::SignatureClass;
use super::items::{Callback, Param, Ret, TypedInvoke};
use super::member::Owned;
use super::rust_ty::{primitive_value, Pass};
use super::{incoming, member, natives};
use crate::model::MethodModel;

/// `from_fn` for a delegate whose `Invoke` (of signature `sig`) is bound with `params` and
/// `ret`, or why not.
pub(super) fn plan(
    o: &Owned,
    invoke: &MethodModel,
    sig: &SignatureClass,
    params: &[Param],
    ret: &Ret,
) -> Result<Callback, String> {
    for (i, p) in params.iter().enumerate() {
        if !param_converts(&p.pass) {
            return Err(format!("parameter {i} ({})", describe(&p.pass)));
        }
    }
    let ret = match ret {
        // The closure returns an `Option` even where the result is annotated non-null: a
        // `None` it returns reaches C# as null, which C# code must expect anyway.
        Ret::Value(pass) | Ret::NonNull(pass) if ret_converts(pass) => pass.clone(),
        Ret::Value(pass) | Ret::NonNull(pass) => return Err(format!("return ({})", describe(pass))),
        _ => return Err("return (this type is not converted for callbacks)".into()),
    };
    let params: Vec<Pass> = params.iter().map(|p| p.pass.clone()).collect();
    let typed = typed(o, invoke, sig, &params, &ret);
    Ok(Callback {
        invoke: invoke.name.clone(),
        params,
        ret,
        typed,
    })
}

/// The direct path of a non-generic delegate whose `Invoke` takes and returns only values that
/// cross natively (primitives, enums, full structs), each seen by the closure as the type it
/// sees on the boxed path (so `from_fn`'s signature does not depend on the path); `None` for
/// any other delegate, which keeps the boxed path.
fn typed(o: &Owned, invoke: &MethodModel, sig: &SignatureClass, params: &[Pass], ret: &Pass) -> Option<TypedInvoke> {
    if !o.t.generic_params.is_empty() || !o.type_params.is_empty() || !std::ptr::eq(o.t, o.names_from) {
        return None;
    }
    let kinds = sig
        .params
        .iter()
        .zip(params)
        .map(|(c, p)| {
            let form = incoming::parameter(o.res, o.module, c).ok()?;
            (Some(form.rust.as_str()) == native_rust(p)).then_some(form.kind)
        })
        .collect::<Option<Vec<String>>>()?;
    let ret_form = incoming::result(o.res, o.module, &sig.ret).ok()?;
    let same_ret = match ret {
        Pass::Void => ret_form.rust == "()",
        other => Some(ret_form.rust.as_str()) == native_rust(other),
    };
    if !same_ret {
        return None;
    }
    let icall = natives::icall_name(o.t, invoke)?;
    let desc = icall[icall.find('(').map_or(0, |i| i + 1)..icall.len().saturating_sub(1)].to_string();
    Some(TypedInvoke {
        kinds,
        ret_kind: ret_form.kind,
        cli_params: member::cli_params(invoke, o.type_params).ok()?,
        desc,
        icall,
    })
}

/// The Rust type of a value that crosses natively, as the boxed path's closure sees it.
fn native_rust(p: &Pass) -> Option<&str> {
    match p {
        Pass::Primitive(p) => Some(primitive_value(*p)),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => Some(rust),
        _ => None,
    }
}

fn param_converts(p: &Pass) -> bool {
    matches!(
        p,
        Pass::Primitive(_)
            | Pass::TypeParam(_)
            | Pass::Enum { .. }
            | Pass::FullStruct(_)
            | Pass::ManagedStruct(_)
            | Pass::String
            | Pass::Handle(_)
            | Pass::ObjectArray(_)
    )
}

fn ret_converts(p: &Pass) -> bool {
    matches!(
        p,
        Pass::Void
            | Pass::TypeParam(_)
            | Pass::Primitive(_)
            | Pass::Enum { .. }
            | Pass::FullStruct(_)
            | Pass::ManagedStruct(_)
            | Pass::String
            | Pass::Handle(_)
    )
}

fn describe(p: &Pass) -> &'static str {
    match p {
        Pass::ByRef { .. } => "ref/out parameters are not written back by callbacks",
        Pass::BlittableArray { .. } | Pass::ObjectArray(_) => "arrays are not converted for callbacks",
        _ => "this type is not converted for callbacks",
    }
}
