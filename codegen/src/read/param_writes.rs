//! Which `ref` parameters a method never writes through, read from its IL, so that the
//! binding can take them as `&T` (a shared borrow of the caller's value) instead of `&mut T`:
//! C#'s `Mult(ref Matrix4 left, ref Matrix4 right, out Matrix4 result)` reads `left` and
//! `right` and writes only `result`.
//!
//! The IL is read by the same analysis that decides whether a struct method writes through
//! `this` (`read/this_writes.rs`): it follows where a pointer in one argument goes, through
//! branches, handlers, locals and calls across assemblies, and counts anything it cannot
//! follow as a write. Here the argument is each `ref` parameter (not `out`, which the method
//! writes by definition, and not `in`, which C# already makes read-only).
//!
//! **Which methods.** Only methods whose body is the one that runs: static methods,
//! constructors, non-virtual or `sealed` methods, and methods of structs and sealed classes.
//! An override could write through a parameter its base method only reads. A method without
//! IL has every `ref` parameter written.

use super::assembly_set::{AssemblySet, DefRef};
use super::definition::type_kind;
use super::this_writes::ThisWrites;
use crate::model::TypeKind;
use dotnetdll::prelude::*;

/// For each parameter of method `mi` of `d`: a `ref` parameter (not `out`, not `in`) that the
/// method provably never writes through. Empty when the method has none.
pub(super) fn read_only(analysis: &mut ThisWrites, set: &AssemblySet, d: DefRef, mi: MethodIndex) -> Vec<bool> {
    let m = &d.asm.res[mi];
    let refs: Vec<bool> = m
        .signature
        .parameters
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let meta = m.parameter_metadata.get(i).and_then(Option::as_ref);
            matches!(p.1, ParameterType::Ref(_)) && !meta.is_some_and(|md| md.is_out || md.is_in)
        })
        .collect();
    if !refs.contains(&true) || !runs_as_declared(d, m) {
        return Vec::new();
    }
    let this = u16::from(m.signature.instance);
    refs.iter()
        .enumerate()
        .map(|(k, &is_ref)| {
            is_ref
                && u16::try_from(k)
                    .ok()
                    .and_then(|k| k.checked_add(this))
                    .is_some_and(|arg| analysis.writes_through(set, d, mi, arg).is_ok())
        })
        .collect()
}

/// The method's own body is what a call runs: no override can replace it.
fn runs_as_declared(d: DefRef, m: &Method) -> bool {
    !m.signature.instance
        || !m.virtual_member
        || m.sealed
        || d.def().flags.sealed
        || matches!(type_kind(d), TypeKind::Struct | TypeKind::Enum)
}
