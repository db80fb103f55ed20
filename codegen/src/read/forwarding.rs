//! Whether a method's whole body forwards to another method of its type: C#'s
//! `static Matrix4 Mult(Matrix4 left, Matrix4 right) { Matrix4 result; Mult(ref left, ref
//! right, out result); return result; }`. The plan then knows that the two are the same
//! function and may call the one that copies less (`plan::twins`).
//!
//! The body must be, `nop`s aside: `this` (for an instance method), then each parameter in
//! order, by value (`ldarg`) or by address (`ldarga`), then optionally the address of one
//! local (`ldloca`, the callee's trailing `out`), then one `call` of a method of the same
//! type taking exactly those arguments, then `ret` of what it returned or of that local
//! (moves between locals and branches to the next instruction, which compilers emit in
//! debug builds, are followed).

use super::assembly_set::DefRef;
use super::panic_guard::catch_quietly;
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;
use std::collections::HashMap;

/// The method of `d`'s that the body of `mi` only forwards to, if it does.
pub(super) fn target(d: DefRef, mi: MethodIndex) -> Option<MethodIndex> {
    let res = &d.asm.res;
    let m = &res[mi];
    if m.abstract_member || m.internal_call || m.pinvoke.is_some() || !matches!(m.body_format, BodyFormat::IL) {
        return None;
    }
    let body = catch_quietly(|| res.method_body(mi)).ok()?.ok()?;
    if !body.data_sections.is_empty() {
        return None;
    }
    let code: Vec<&Instruction> = body
        .instructions
        .iter()
        .filter(|i| !matches!(i, I::NoOperation))
        .collect();
    let instance = m.signature.instance;
    let count = m.signature.parameters.len();
    let mut at = 0;
    if instance {
        if !matches!(code.first(), Some(I::LoadArgument(0))) {
            return None;
        }
        at = 1;
    }
    let first = u16::from(instance);
    for k in 0..count {
        let arg = first + u16::try_from(k).ok()?;
        match code.get(at) {
            Some(I::LoadArgument(a) | I::LoadArgumentAddress(a)) if *a == arg => at += 1,
            _ => return None,
        }
    }
    let out_local = match code.get(at) {
        Some(I::LoadLocalAddress(l)) => {
            at += 1;
            Some(*l)
        }
        _ => None,
    };
    let callee = match code.get(at) {
        Some(I::Call {
            param0: MethodSource::User(UserMethod::Definition(callee)),
            ..
        }) if callee.parent_type() == d.idx && *callee != mi => *callee,
        _ => return None,
    };
    at += 1;
    let c = &res[callee].signature;
    let extra = usize::from(out_local.is_some());
    if c.instance != instance || c.parameters.len() != count + extra {
        return None;
    }
    if out_local.is_some() && (c.return_type.1.is_some() || m.signature.return_type.1.is_none()) {
        return None;
    }
    // What the rest returns: the callee's result, or the local it wrote.
    #[derive(Clone, Copy, PartialEq)]
    enum Val {
        Result,
        Out,
        Other,
    }
    let mut stack: Vec<Val> = Vec::new();
    if c.return_type.1.is_some() {
        stack.push(Val::Result);
    }
    let mut locals: HashMap<u16, Val> = HashMap::new();
    if let Some(l) = out_local {
        locals.insert(l, Val::Out);
    }
    let wanted = match (out_local, m.signature.return_type.1.is_some()) {
        (Some(_), _) => Some(Val::Out),
        (None, true) => Some(Val::Result),
        (None, false) => None,
    };
    // The index of the next instruction in the unfiltered body, for `br` to it.
    let next_index = |ins: &Instruction| {
        body.instructions
            .iter()
            .position(|i| std::ptr::eq(i, ins))
            .map(|p| p + 1)
    };
    for ins in &code[at..] {
        match ins {
            I::StoreLocal(l) => {
                let v = stack.pop()?;
                locals.insert(*l, v);
            }
            I::LoadLocal(l) => stack.push(locals.get(l).copied().unwrap_or(Val::Other)),
            I::Branch(t) => {
                // Only to the next real instruction.
                let mut next = next_index(ins)?;
                while matches!(body.instructions.get(next), Some(I::NoOperation)) {
                    next += 1;
                }
                let mut target = *t;
                while matches!(body.instructions.get(target), Some(I::NoOperation)) {
                    target += 1;
                }
                if target != next {
                    return None;
                }
            }
            I::Return => {
                return match wanted {
                    None if stack.is_empty() => Some(callee),
                    Some(w) if stack == [w] => Some(callee),
                    _ => None,
                };
            }
            _ => return None,
        }
    }
    None
}
