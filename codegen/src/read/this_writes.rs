//! Which instance methods of a struct may write through `this`, read from their IL.
//!
//! A struct's instance method receives `this` as a pointer to the caller's value, so a binding
//! must hand it `&mut` unless the method provably leaves that value alone. The rule is
//! conservative: anything it cannot follow counts as a write.
//!
//! **Where `this` goes.** Every `ldarg.0` (optionally followed by a chain of `ldflda`, the
//! address of a field of `this`) is looked at together with the instruction that consumes
//! it. An immediate `ldfld` or `ldobj` only reads. Anything else lets the address *escape*:
//! it may be a call's receiver or `ref` argument, a store's target, kept in a local, …
//!
//! **[`ThisAccess::Writes`]** when the body has any of:
//! * `starg 0` (`this = …` replaces the caller's value) or `ldarga 0`;
//! * once `this` escapes, any store through an address (`stfld`, `stobj`, `stind.*`,
//!   `initobj`, `cpobj`, `cpblk`, `initblk`, `mkrefany`), whatever its target: telling
//!   `this` apart from a local is not attempted;
//! * once `this` escapes, a call that might write through a pointer it gets: `calli`, `jmp`,
//!   a `ref` return (the caller could write through it), a callee with a `ref`/`out`/`in`
//!   parameter, an instance method of a value type or a `constrained.` call on one — except
//!   methods of .NET primitives (`this.X.GetHashCode()` with a `float` `X`: they never
//!   change the value) and methods of the same struct that are themselves read-only (so
//!   `ToString()` calling `ToString(string, IFormatProvider)` is read-only when that one
//!   is; a constrained call counts every instance overload of that name and arity). Another
//!   struct's methods are not looked into (`Plane.Equals` calling `Normal.Equals` on its
//!   `Vector3` field stays a write);
//! * a body that dotnetdll cannot decode.
//!
//! **[`ThisAccess::Unknown`]** for methods without IL (abstract, `extern`, internal calls,
//! runtime-implemented). The plan decides those by name as before.
//!
//! Methods calling each other in the same struct are solved together: all start read-only
//! and any that calls a non-read-only one is demoted until nothing changes (a cycle of
//! methods none of which writes never writes).

use super::assembly_set::{AssemblySet, DefRef, Loaded};
use super::definition::{source_base, type_kind};
use super::panic_guard::catch_quietly;
use crate::model::{ThisAccess, TypeKind};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;
use std::collections::HashMap;

/// What one body says before same-struct callees are known.
enum Direct {
    Writes,
    Unknown,
    /// Read-only if every listed method of the same struct is.
    ReadOnlyIf(Vec<MethodIndex>),
}

/// [`ThisAccess`] of every instance method (including accessors) of the struct `d`; other
/// types get an empty map.
pub(super) fn analyze(set: &AssemblySet, d: DefRef) -> HashMap<MethodIndex, ThisAccess> {
    if type_kind(d) != TypeKind::Struct {
        return HashMap::new();
    }
    let res = &d.asm.res;
    let mut all: Vec<MethodIndex> = res.enumerate_methods(d.idx).map(|(i, _)| i).collect();
    for (p, _) in res.enumerate_properties(d.idx) {
        all.extend(res.property_getter_index(p));
        all.extend(res.property_setter_index(p));
    }
    for (e, _) in res.enumerate_events(d.idx) {
        all.push(res.event_add_index(e));
        all.push(res.event_remove_index(e));
    }
    let mut direct: HashMap<MethodIndex, Direct> = HashMap::new();
    for mi in all {
        if res[mi].signature.instance {
            direct.insert(mi, direct_access(set, d, mi));
        }
    }
    // Greatest fixed point: demote read-only candidates whose same-struct callees are not.
    let mut read_only: HashMap<MethodIndex, bool> = direct
        .iter()
        .map(|(mi, a)| (*mi, matches!(a, Direct::ReadOnlyIf(_))))
        .collect();
    loop {
        let mut changed = false;
        for (mi, a) in &direct {
            if let Direct::ReadOnlyIf(callees) = a {
                if read_only[mi] && !callees.iter().all(|c| read_only.get(c).copied().unwrap_or(false)) {
                    read_only.insert(*mi, false);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    direct
        .into_iter()
        .map(|(mi, a)| {
            let access = match a {
                Direct::Unknown => ThisAccess::Unknown,
                _ if read_only[&mi] => ThisAccess::ReadOnly,
                _ => ThisAccess::Writes,
            };
            (mi, access)
        })
        .collect()
}

fn direct_access(set: &AssemblySet, d: DefRef, mi: MethodIndex) -> Direct {
    let res = &d.asm.res;
    let m = &res[mi];
    if m.abstract_member || m.internal_call || m.pinvoke.is_some() || !matches!(m.body_format, BodyFormat::IL) {
        return Direct::Unknown;
    }
    // Bodies are decoded lazily; a damaged one must not stop the run, only cost `&self`.
    let Ok(Ok(body)) = catch_quietly(|| res.method_body(mi)) else {
        return Direct::Writes;
    };
    let code = &body.instructions;
    let mut escapes = false;
    let mut i = 0;
    while i < code.len() {
        match &code[i] {
            I::StoreArgument(0) | I::LoadArgumentAddress(0) => return Direct::Writes,
            I::LoadArgument(0) => {
                let mut next = i + 1;
                while matches!(code.get(next), Some(I::LoadFieldAddress(_))) {
                    next += 1;
                }
                let read = matches!(
                    code.get(next),
                    Some(I::LoadField { .. } | I::LoadFieldSkipNullCheck(_) | I::LoadObject { .. })
                );
                escapes |= !read;
            }
            _ => {}
        }
        i += 1;
    }
    if !escapes {
        return Direct::ReadOnlyIf(Vec::new());
    }
    let returns_ref = matches!(m.signature.return_type.1, Some(ParameterType::Ref(_)));
    if returns_ref {
        return Direct::Writes;
    }
    let mut callees = Vec::new();
    for ins in code {
        let call = match ins {
            I::StoreField { .. }
            | I::StoreFieldSkipNullCheck(_)
            | I::StoreObject { .. }
            | I::StoreIndirect { .. }
            | I::InitializeForObject(_)
            | I::CopyObject(_)
            | I::CopyMemoryBlock { .. }
            | I::InitializeMemoryBlock { .. }
            | I::MakeTypedReference(_)
            | I::CallIndirect { .. }
            | I::Jump(_) => return Direct::Writes,
            I::CallConstrained(t, src) | I::CallVirtualConstrained(t, src) => {
                match constrained_safety(set, d, t, src) {
                    Some(same_struct) => callees.extend(same_struct),
                    None => return Direct::Writes,
                }
                continue;
            }
            I::Call { param0, .. } | I::CallVirtual { param0, .. } | I::CallVirtualTail(param0) => match param0 {
                MethodSource::User(u) => *u,
                MethodSource::Generic(g) => g.base,
            },
            // A constructor call of `newobj` gets new storage, never `this`: only its
            // arguments matter.
            I::NewObject(u) => {
                if takes_ref(signature_of(res, *u)) {
                    return Direct::Writes;
                }
                continue;
            }
            _ => continue,
        };
        match callee_safety(set, d, call) {
            Safety::Safe => {}
            Safety::IfReadOnly(mi) => callees.push(mi),
            Safety::Unsafe => return Direct::Writes,
        }
    }
    Direct::ReadOnlyIf(callees)
}

enum Safety {
    Safe,
    /// A method of the same struct: safe if it is read-only.
    IfReadOnly(MethodIndex),
    Unsafe,
}

/// Whether a call may write through a pointer to `this` that it might receive.
fn callee_safety(set: &AssemblySet, d: DefRef, call: UserMethod) -> Safety {
    let res = &d.asm.res;
    let signature = signature_of(res, call);
    if takes_ref(signature) {
        return Safety::Unsafe;
    }
    if !signature.instance {
        return Safety::Safe;
    }
    let owner = match call {
        UserMethod::Definition(mi) if mi.parent_type() == d.idx => return Safety::IfReadOnly(mi),
        UserMethod::Definition(mi) => Owner::Def(DefRef {
            asm: d.asm,
            idx: mi.parent_type(),
        }),
        UserMethod::Reference(ri) => match &res[ri].parent {
            MethodReferenceParent::Type(t) => declaring_type(set, d.asm, t),
            _ => Owner::Unknown,
        },
    };
    match owner {
        Owner::Primitive | Owner::Class => Safety::Safe,
        Owner::Def(o) if is_primitive(o) || !matches!(type_kind(o), TypeKind::Struct | TypeKind::Enum) => Safety::Safe,
        Owner::Def(_) | Owner::Unknown => Safety::Unsafe,
    }
}

/// `constrained. T callvirt M`: the receiver is a pointer to a `T`, passed on to `T`'s own
/// `M` if it has one, else dereferenced and boxed (a copy). `None` when the call may write;
/// else the methods of the same struct that must be read-only (every instance overload of
/// `M` with as many parameters: matching signatures exactly is not worth it).
fn constrained_safety(set: &AssemblySet, d: DefRef, t: &MethodType, src: &MethodSource) -> Option<Vec<MethodIndex>> {
    let res = &d.asm.res;
    let target = match src {
        MethodSource::User(u) => *u,
        MethodSource::Generic(g) => g.base,
    };
    let signature = signature_of(res, target);
    if takes_ref(signature) {
        return None;
    }
    match declaring_type(set, d.asm, t) {
        Owner::Primitive | Owner::Class => Some(Vec::new()),
        Owner::Def(o) if std::ptr::eq(o.asm, d.asm) && o.idx == d.idx => {
            let name = match target {
                UserMethod::Definition(mi) => &res[mi].name,
                UserMethod::Reference(ri) => &res[ri].name,
            };
            let arity = signature.parameters.len();
            Some(
                res.enumerate_methods(d.idx)
                    .filter(|(_, m)| m.name == *name && m.signature.instance && m.signature.parameters.len() == arity)
                    .map(|(mi, _)| mi)
                    .collect(),
            )
        }
        Owner::Def(o) if is_primitive(o) || !matches!(type_kind(o), TypeKind::Struct | TypeKind::Enum) => {
            Some(Vec::new())
        }
        Owner::Def(_) | Owner::Unknown => None,
    }
}

fn signature_of<'r>(res: &'r Resolution<'static>, m: UserMethod) -> &'r ManagedMethod<MethodType> {
    match m {
        UserMethod::Definition(mi) => &res[mi].signature,
        UserMethod::Reference(ri) => &res[ri].signature,
    }
}

/// A `ref`/`out`/`in` (or `TypedReference`) parameter: the callee may write through it.
fn takes_ref(signature: &ManagedMethod<MethodType>) -> bool {
    signature
        .parameters
        .iter()
        .any(|p| matches!(p.1, ParameterType::Ref(_) | ParameterType::TypedReference))
}

/// The type declaring a referenced method.
enum Owner {
    /// A primitive written as an element type (`int32::GetHashCode`).
    Primitive,
    /// `object`, `string`, an array: reference types.
    Class,
    Def(DefRef),
    /// A generic parameter, a module, or a type that does not resolve.
    Unknown,
}

fn declaring_type(set: &AssemblySet, from: &'static Loaded, t: &MethodType) -> Owner {
    let MethodType::Base(b) = t else {
        return Owner::Unknown;
    };
    match &**b {
        BaseType::Type { source, .. } => set
            .resolve_user_type(from, source_base(source))
            .map_or(Owner::Unknown, Owner::Def),
        BaseType::Object | BaseType::String | BaseType::Vector(..) | BaseType::Array(..) => Owner::Class,
        BaseType::ValuePointer(..) | BaseType::FunctionPointer(_) => Owner::Unknown,
        _ => Owner::Primitive,
    }
}

/// .NET's primitive structs: their instance methods never change the value.
fn is_primitive(d: DefRef) -> bool {
    const PRIMITIVES: &[&str] = &[
        "System.Boolean",
        "System.Char",
        "System.SByte",
        "System.Byte",
        "System.Int16",
        "System.UInt16",
        "System.Int32",
        "System.UInt32",
        "System.Int64",
        "System.UInt64",
        "System.Single",
        "System.Double",
        "System.IntPtr",
        "System.UIntPtr",
    ];
    PRIMITIVES.contains(&d.metadata_name().as_str())
}
