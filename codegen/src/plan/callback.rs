//! Delegates' typed closures: whether `from_fn` can convert every argument of `Invoke` from
//! the callback's dynamic values and its result back (boxed enums and structs reach
//! callbacks as objects; `ref`/`out` are not written back; arrays are not converted).

use super::items::{Callback, Param, Ret};
use super::rust_ty::Pass;
use crate::model::MethodModel;

/// `from_fn` for a delegate whose `Invoke` is bound with `params` and `ret`, or why not.
pub(super) fn plan(invoke: &MethodModel, params: &[Param], ret: &Ret) -> Result<Callback, String> {
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
    Ok(Callback {
        invoke: invoke.name.clone(),
        params: params.iter().map(|p| p.pass.clone()).collect(),
        ret,
    })
}

fn param_converts(p: &Pass) -> bool {
    matches!(
        p,
        Pass::Primitive(_)
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
