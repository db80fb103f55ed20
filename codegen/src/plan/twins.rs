//! `ref`/`out` twins: C# libraries often declare a method twice, once by value and once by
//! reference to save copies of large structs: `Matrix4 Mult(Matrix4 left, Matrix4 right)`
//! beside `void Mult(ref Matrix4 left, ref Matrix4 right, out Matrix4 result)`. When their
//! Rust forms agree, they are one Rust function (`Matrix4::mult(&a, &b)`), named from the
//! by-value one.
//!
//! **Twins.** Two methods of a non-generic type with one name, both static or both instance
//! (with the same `this` access), neither generic nor overridable (an override could make
//! them differ), where the second takes each parameter of the first the same way, or a full
//! struct the first takes by value by read-only reference instead (C#'s `in`, or a `ref` its
//! IL never writes through: `read/param_writes.rs`, so Rust passes `&T` to both), and either
//! returns what the first returns, or returns nothing and writes it to one more, trailing
//! `out` parameter (of a full struct or a number: forms whose Rust result is the same).
//!
//! **Which one is called** (`member::plan_members`): the by-value method when its IL is
//! translated into Rust (no call into Mono at all); else the by-reference one when the
//! by-value one only forwards to it (`read/forwarding.rs`: the same function, minus a copy of
//! each struct); else the by-value one. The function's doc shows both C# declarations and
//! says which it calls. Should the two forms still differ once planned, the by-reference
//! twin is a skip saying so.

use super::items::{MemberItem, MethodItem, Ret};
use super::member::Decided;
use super::rust_ty::Pass;
use super::skip::SkipKind;
use crate::model::{MemberModelRef, MethodModel, PassMode, Primitive, Ty, TypeModel};
use std::collections::HashMap;

/// The twins among `members` of `t`: each by-reference method mapped to its by-value twin.
/// `full_struct` says which types Rust mirrors field for field.
pub(super) fn find(
    t: &TypeModel,
    members: &[MemberModelRef],
    full_struct: &dyn Fn(&Ty) -> bool,
) -> HashMap<MemberModelRef, MemberModelRef> {
    let mut out = HashMap::new();
    let Some(api) = t.api.as_ref().filter(|_| t.generic_params.is_empty()) else {
        return out;
    };
    let methods: Vec<(usize, &MethodModel)> = members
        .iter()
        .filter_map(|r| match *r {
            MemberModelRef::Method(i) => api.methods.get(i).map(|m| (i, m)),
            _ => None,
        })
        .collect();
    // Twins share a name, and one of them takes something by reference.
    let by_ref: std::collections::HashSet<&str> = methods
        .iter()
        .filter(|(_, m)| m.params.iter().any(|p| p.pass != PassMode::Value))
        .map(|(_, m)| m.name.as_str())
        .collect();
    for &(a_index, a) in methods.iter().filter(|(_, m)| by_ref.contains(m.name.as_str())) {
        let candidates: Vec<usize> = methods
            .iter()
            .filter(|(b_index, b)| *b_index != a_index && b.name == a.name && is_twin(a, b, full_struct))
            .map(|(b_index, _)| *b_index)
            .collect();
        // One twin per method: the one it forwards to, else the first.
        let chosen = candidates
            .iter()
            .copied()
            .find(|&b| a.forwards_to == Some(b))
            .or(candidates.first().copied());
        if let Some(b) = chosen {
            // A method is the by-reference twin of one method at most.
            out.entry(MemberModelRef::Method(b))
                .or_insert(MemberModelRef::Method(a_index));
        }
    }
    out
}

/// Whether `b` is the by-reference twin of `a` (see the module doc).
fn is_twin(a: &MethodModel, b: &MethodModel, full_struct: &dyn Fn(&Ty) -> bool) -> bool {
    let fixed = |m: &MethodModel| !m.is_constructor && m.generic_params.is_empty() && (!m.is_virtual || m.is_final);
    if a.name != b.name
        || a.is_static != b.is_static
        || !fixed(a)
        || !fixed(b)
        || std::mem::discriminant(&a.this_access) != std::mem::discriminant(&b.this_access)
    {
        return false;
    }
    if a.params.iter().any(|p| p.pass != PassMode::Value) {
        return false;
    }
    let out = b.ret == Ty::Void && a.ret != Ty::Void;
    let compared = if out {
        let Some(last) = b.params.last() else { return false };
        let number = matches!(&a.ret, Ty::Primitive(p) if !matches!(p, Primitive::Bool | Primitive::Char));
        if b.params.len() != a.params.len() + 1 || last.pass != PassMode::Out || last.ty != a.ret {
            return false;
        }
        if !number && !full_struct(&a.ret) {
            return false;
        }
        &b.params[..a.params.len()]
    } else {
        if b.params.len() != a.params.len() || b.ret != a.ret {
            return false;
        }
        &b.params[..]
    };
    let mut differs = out;
    for (pa, pb) in a.params.iter().zip(compared) {
        if pa.ty != pb.ty {
            return false;
        }
        match pb.pass {
            PassMode::Value => {}
            PassMode::In if full_struct(&pb.ty) => differs = true,
            PassMode::Ref if pb.read_only && full_struct(&pb.ty) => differs = true,
            _ => return false,
        }
    }
    differs
}

/// Makes each pair of `twins` whose planned forms agree one function (see the module doc):
/// the one not called becomes `Ok(None)` in `planned`, and the result maps it to the member
/// whose item is the function. A twin whose form turns out to differ is a skip.
pub(super) fn merge(
    t: &TypeModel,
    twins: &HashMap<MemberModelRef, MemberModelRef>,
    planned: &mut [(MemberModelRef, Decided<Option<MemberItem>>)],
) -> HashMap<MemberModelRef, MemberModelRef> {
    let mut merged = HashMap::new();
    let Some(api) = t.api.as_ref() else {
        return merged;
    };
    let position = |planned: &[(MemberModelRef, Decided<Option<MemberItem>>)], r: MemberModelRef| {
        planned.iter().position(|(m, _)| *m == r)
    };
    let mut pairs: Vec<(&MemberModelRef, &MemberModelRef)> = twins.iter().collect();
    pairs.sort_by_key(|(b, _)| position(planned, **b));
    for (&b, &a) in pairs {
        let (Some(ia), Some(ib)) = (position(planned, a), position(planned, b)) else {
            continue;
        };
        let (MemberModelRef::Method(ma), MemberModelRef::Method(mb)) = (a, b) else {
            continue;
        };
        let Some(model_a) = api.methods.get(ma) else {
            continue;
        };
        let (Ok(Some(MemberItem::Method(item_a))), Ok(Some(MemberItem::Method(item_b)))) =
            (&planned[ia].1, &planned[ib].1)
        else {
            continue;
        };
        if !agree(item_a, item_b) {
            let why = format!(
                "the by-reference twin of `{}`, whose Rust form differs",
                item_a.net_signature
            );
            planned[ib].1 = Err((SkipKind::NoRustForm, why));
            continue;
        }
        // The by-value one when it translates to Rust; the by-reference one when the by-value
        // one only forwards to it; else the by-value one.
        let call_b = !matches!(model_a.pure_body, Some(Ok(_))) && model_a.forwards_to == Some(mb);
        let (keep, drop) = if call_b { (ib, ia) } else { (ia, ib) };
        let first_line = |d: &Decided<Option<MemberItem>>| match d {
            Ok(Some(MemberItem::Method(m))) => m.doc.first().cloned().unwrap_or_default(),
            _ => String::new(),
        };
        let (line_a, line_b) = (first_line(&planned[ia].1), first_line(&planned[ib].1));
        let declared = |d: &Decided<Option<MemberItem>>| match d {
            Ok(Some(MemberItem::Method(m))) => m.csharp.clone(),
            _ => Vec::new(),
        };
        let (mut csharp, twin) = (declared(&planned[ia].1), declared(&planned[ib].1));
        csharp.extend(twin);
        let which = if call_b {
            "This calls the by-reference one: the by-value one only forwards to it, so calling it \
             directly saves a call and the copies"
        } else if matches!(model_a.pure_body, Some(Ok(_))) {
            "This runs the by-value one, whose IL is translated into Rust when translation is on"
        } else {
            "This calls the by-value one (its IL does not show that it forwards to the other)"
        };
        let Ok(Some(MemberItem::Method(kept))) = &mut planned[keep].1 else {
            continue;
        };
        kept.csharp = csharp;
        // The by-value declaration first: the Rust name is its.
        if let Some(first) = kept.doc.first_mut() {
            first.clone_from(&line_a);
        }
        kept.doc.insert(1, String::new());
        kept.doc.insert(
            2,
            format!(
                "Also {}: C#'s by-value and `ref`/`out` twins take the same Rust form, so they are one function. {which}.",
                line_b.trim_end_matches('.').replacen("Binds", "binds", 1)
            ),
        );
        planned[drop].1 = Ok(None);
        merged.insert(planned[drop].0, planned[keep].0);
    }
    merged
}

/// The two planned methods take and return the same Rust values: each parameter the same
/// form, or a read-only reference to a full struct the other takes by value (both `&T`); the
/// result, or one's trailing `out` the other's result.
fn agree(a: &MethodItem, b: &MethodItem) -> bool {
    let same_param = |pa: &Pass, pb: &Pass| match pb {
        Pass::ByRef {
            pass: PassMode::In,
            target,
        } if matches!(**target, Pass::FullStruct(_)) => **target == *pa,
        _ => pa == pb,
    };
    let (Ret::Value(ra), Ret::Value(rb)) = (&a.ret, &b.ret) else {
        return false;
    };
    if a.receiver != b.receiver || a.is_unsafe || b.is_unsafe {
        return false;
    }
    let compared = if *rb == Pass::Void && *ra != Pass::Void {
        match b.params.split_last() {
            Some((last, rest)) if rest.len() == a.params.len() => match &last.pass {
                Pass::ByRef {
                    pass: PassMode::Out,
                    target,
                } if **target == *ra => rest,
                _ => return false,
            },
            _ => return false,
        }
    } else if ra == rb && a.params.len() == b.params.len() {
        &b.params[..]
    } else {
        return false;
    };
    a.params
        .iter()
        .zip(compared)
        .all(|(pa, pb)| pa.params_array.is_none() && pb.params_array.is_none() && same_param(&pa.pass, &pb.pass))
}
