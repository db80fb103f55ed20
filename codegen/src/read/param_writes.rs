//! Which `ref` parameters a method never writes through, read from its IL, so that the
//! binding can take them as `&T` (a shared borrow of the caller's value) instead of `&mut T`:
//! C#'s `Mult(ref Matrix4 left, ref Matrix4 right, out Matrix4 result)` reads `left` and
//! `right` and writes only `result`.
//!
//! The rule is conservative: anything it cannot follow counts as a write, since a write
//! through a pointer made from a shared borrow would change a value Rust believes unchanged.
//!
//! **Which methods.** Only methods whose body is the one that runs: static methods,
//! constructors, non-virtual or `sealed` methods, and methods of structs and sealed classes.
//! An override could write through a parameter its base method only reads. Methods without
//! IL (abstract, `extern`, internal calls) and bodies with exception handlers are not read:
//! every `ref` parameter counts as written.
//!
//! **How.** The body runs once over an abstract evaluation stack in which every entry records
//! which `ref` parameters it may point into (`ldarg` of one, `ldflda` into it, `dup`). A
//! parameter is written when a pointer into it is
//! * the target of a store (`stfld`, `stobj`, `stind.*`, `initobj`, `cpobj`, `cpblk`,
//!   `initblk`) or of `mkrefany`;
//! * kept anywhere (a local, a field, an array, an argument slot, the result), used in
//!   arithmetic or a conversion, or passed where the callee takes a value;
//! * passed to a callee's `out` parameter, or to a `ref` one the callee may write (the same
//!   analysis, for a callee with IL in any loaded assembly; a callee that is being analysed
//!   counts as writing), or as `this` of a struct method that may write `this`
//!   (`read/this_writes.rs`); a callee's `in` parameter only reads (C#'s rule), as does
//!   `this` of a method of a .NET primitive;
//! * `starg`ed or `ldarga`ed (the pointer itself replaced or handed out), or reached by
//!   `jmp` or `calli`.
//!
//! Branches carry the stack to their targets, where the states meet (the union of what
//! each entry may point into); a backward branch that carries a pointer into a parameter, or
//! states of different depths, counts as a write of every `ref` parameter, as do a varargs
//! call and callees nested deeper than [`MAX_DEPTH`].

use super::assembly_set::{AssemblySet, DefRef, Loaded};
use super::definition::type_kind;
use super::panic_guard::catch_quietly;
use super::pure_body::Types;
use super::this_writes;
use crate::model::{ThisAccess, TypeKind};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;
use std::collections::HashMap;

/// A method of a loaded assembly.
type MethodKey = (*const Loaded, MethodIndex);

/// Which parameters an abstract stack entry may point into (bit `k`: parameter `k`, `this`
/// not counted).
type Tag = u64;

/// The analysis, with what it learnt about callees and structs so far.
pub(super) struct ParamWrites<'s> {
    types: Types<'s>,
    set: &'s AssemblySet,
    /// Per method: `written[k]` for each parameter; `None` while it is being analysed.
    methods: HashMap<MethodKey, Option<Vec<bool>>>,
    /// Per struct: its instance methods' `this` access.
    structs: HashMap<(*const Loaded, TypeIndex), HashMap<MethodIndex, ThisAccess>>,
    /// Callees being analysed, one inside the other.
    depth: usize,
}

/// Callees analysed one inside the other before the rest count as writing.
const MAX_DEPTH: usize = 32;

impl<'s> ParamWrites<'s> {
    pub(super) fn new(set: &'s AssemblySet) -> Self {
        ParamWrites {
            types: Types::new(set),
            set,
            methods: HashMap::new(),
            structs: HashMap::new(),
            depth: 0,
        }
    }

    /// For each parameter of method `mi` of `d`: a `ref` parameter (not `out`, not `in`) that
    /// the method provably never writes through. Empty when the method has none.
    pub(super) fn read_only(&mut self, d: DefRef, mi: MethodIndex) -> Vec<bool> {
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
        let written = self.written(d.asm, mi);
        refs.iter().zip(&written).map(|(r, w)| *r && !w).collect()
    }

    /// `written[k]` for each parameter of `mi` (every one, when the body is not followed).
    fn written(&mut self, asm: &'static Loaded, mi: MethodIndex) -> Vec<bool> {
        let key = (asm as *const Loaded, mi);
        let count = asm.res[mi].signature.parameters.len();
        match self.methods.get(&key) {
            Some(Some(w)) => return w.clone(),
            // Recursion: assume the worst.
            Some(None) => return vec![true; count],
            None => {}
        }
        if self.depth >= MAX_DEPTH {
            return vec![true; count];
        }
        self.methods.insert(key, None);
        let d = DefRef {
            asm,
            idx: mi.parent_type(),
        };
        self.depth += 1;
        let written = self.body(d, mi).unwrap_or_else(|| vec![true; count]);
        self.depth -= 1;
        self.methods.insert(key, Some(written.clone()));
        written
    }

    /// Runs the body of `mi`; `None` when it cannot be followed.
    fn body(&mut self, d: DefRef, mi: MethodIndex) -> Option<Vec<bool>> {
        let res = &d.asm.res;
        let m = &res[mi];
        if m.abstract_member || m.internal_call || m.pinvoke.is_some() || !matches!(m.body_format, BodyFormat::IL) {
            return None;
        }
        let body = catch_quietly(|| res.method_body(mi)).ok()?.ok()?;
        if !body.data_sections.is_empty() {
            return None;
        }
        let this = usize::from(m.signature.instance);
        let count = m.signature.parameters.len();
        if count > 64 {
            return None;
        }
        let mut run = Run {
            written: vec![false; count],
            stack: Vec::new(),
            entries: HashMap::new(),
        };
        let param = |arg: u16| usize::from(arg).checked_sub(this).filter(|&k| k < count);
        let by_ref = |k: usize| matches!(m.signature.parameters[k].1, ParameterType::Ref(_));
        let returns = m.signature.return_type.1.is_some();
        let code = &body.instructions;
        let mut reachable = true;
        for (i, ins) in code.iter().enumerate() {
            match (run.entries.remove(&i), reachable) {
                (Some(entry), true) => run.meet(entry)?,
                (Some(entry), false) => run.stack = entry,
                (None, true) => {}
                // Only reached by a backward branch (checked there) or not at all.
                (None, false) => run.stack.clear(),
            }
            reachable = true;
            match ins {
                I::LoadArgument(a) => run.push(match param(*a) {
                    Some(k) if by_ref(k) => 1 << k,
                    _ => 0,
                }),
                I::LoadArgumentAddress(a) | I::StoreArgument(a) => {
                    if matches!(ins, I::StoreArgument(_)) {
                        run.escape(1)?;
                    }
                    if let Some(k) = param(*a).filter(|&k| by_ref(k)) {
                        run.written[k] = true;
                    }
                    if matches!(ins, I::LoadArgumentAddress(_)) {
                        run.push(0);
                    }
                }
                I::LoadFieldAddress(_) => {
                    let t = run.pop()?;
                    run.push(t);
                }
                I::Duplicate => {
                    let t = run.pop()?;
                    run.push(t);
                    run.push(t);
                }
                I::LoadField { .. }
                | I::LoadFieldSkipNullCheck(_)
                | I::LoadObject { .. }
                | I::LoadIndirect { .. }
                | I::BoxValue(_)
                | I::UnboxIntoAddress { .. }
                | I::UnboxIntoValue(_)
                | I::CastClass { .. }
                | I::IsInstance(_)
                | I::NewArray(_)
                | I::LoadLength
                | I::LoadVirtualMethodPointer { .. }
                | I::ReadTypedReferenceType
                | I::ReadTypedReferenceValue(_)
                | I::LocalMemoryAllocate => {
                    run.pop()?;
                    run.push(0);
                }
                I::Pop => {
                    run.pop()?;
                }
                I::StoreField { .. }
                | I::StoreFieldSkipNullCheck(_)
                | I::StoreObject { .. }
                | I::StoreIndirect { .. } => {
                    run.escape(1)?;
                    run.store_through()?;
                }
                I::InitializeForObject(_) | I::MakeTypedReference(_) => run.store_through()?,
                I::CopyObject(_) => {
                    run.pop()?;
                    run.store_through()?;
                }
                I::CopyMemoryBlock { .. } | I::InitializeMemoryBlock { .. } => {
                    run.escape(2)?;
                    run.store_through()?;
                }
                I::StoreLocal(_) | I::Throw | I::EndFilter => {
                    run.escape(1)?;
                    reachable = !matches!(ins, I::Throw | I::EndFilter);
                }
                I::LoadLocal(_)
                | I::LoadLocalAddress(_)
                | I::LoadConstantInt32(_)
                | I::LoadConstantInt64(_)
                | I::LoadConstantFloat32(_)
                | I::LoadConstantFloat64(_)
                | I::LoadNull
                | I::LoadString(_)
                | I::LoadStaticField { .. }
                | I::LoadStaticFieldAddress(_)
                | I::LoadTokenField(_)
                | I::LoadTokenMethod(_)
                | I::LoadTokenType(_)
                | I::LoadMethodPointer(_)
                | I::Sizeof(_)
                | I::ArgumentList => run.push(0),
                I::StoreStaticField { .. } => run.escape(1)?,
                I::StoreElement { .. } | I::StoreElementPrimitive { .. } => run.escape(3)?,
                I::LoadElement { .. }
                | I::LoadElementPrimitive { .. }
                | I::LoadElementAddress { .. }
                | I::LoadElementAddressReadonly(_) => {
                    run.escape(2)?;
                    run.push(0);
                }
                I::Add
                | I::AddOverflow(_)
                | I::Subtract
                | I::SubtractOverflow(_)
                | I::Multiply
                | I::MultiplyOverflow(_)
                | I::Divide(_)
                | I::Remainder(_)
                | I::And
                | I::Or
                | I::Xor
                | I::ShiftLeft
                | I::ShiftRight(_)
                | I::CompareEqual
                | I::CompareGreater(_)
                | I::CompareLess(_) => {
                    run.escape(2)?;
                    run.push(0);
                }
                I::Negate
                | I::Not
                | I::Convert(_)
                | I::ConvertOverflow(..)
                | I::ConvertFloat32
                | I::ConvertFloat64
                | I::ConvertUnsignedToFloat
                | I::CheckFinite => {
                    run.escape(1)?;
                    run.push(0);
                }
                I::NoOperation | I::Breakpoint => {}
                I::Branch(t) | I::Leave(t) => {
                    if matches!(ins, I::Leave(_)) {
                        run.escape(run.stack.len())?;
                    }
                    run.branch(i, *t)?;
                    reachable = false;
                }
                I::BranchTruthy(t) | I::BranchFalsy(t) => {
                    run.pop()?;
                    run.branch(i, *t)?;
                }
                I::BranchEqual(t)
                | I::BranchNotEqual(t)
                | I::BranchGreater(_, t)
                | I::BranchGreaterOrEqual(_, t)
                | I::BranchLess(_, t)
                | I::BranchLessOrEqual(_, t) => {
                    run.escape(2)?;
                    run.branch(i, *t)?;
                }
                I::Switch(targets) => {
                    run.pop()?;
                    for t in targets {
                        run.branch(i, *t)?;
                    }
                }
                I::Return => {
                    if returns {
                        run.escape(1)?;
                    }
                    reachable = false;
                }
                I::Rethrow | I::EndFinally => reachable = false,
                I::Call { param0, .. } | I::CallVirtual { param0, .. } | I::CallVirtualTail(param0) => {
                    let exact = matches!(ins, I::Call { .. });
                    self.call(d.asm, &mut run, param0, exact)?;
                }
                I::CallConstrained(t, src) | I::CallVirtualConstrained(t, src) => {
                    self.constrained(d.asm, &mut run, t, src)?;
                }
                I::NewObject(u) => self.new_object(d.asm, &mut run, *u)?,
                I::CallIndirect { .. } | I::Jump(_) => return None,
            }
        }
        Some(run.written)
    }

    /// A call: its arguments leave the stack, its result (if any) is pushed.
    fn call(&mut self, asm: &'static Loaded, run: &mut Run, src: &MethodSource, exact: bool) -> Option<()> {
        let user = match src {
            MethodSource::User(u) => *u,
            MethodSource::Generic(g) => g.base,
        };
        let sig = signature_of(&asm.res, user);
        // A varargs call site passes more than the signature lists: not followed.
        if matches!(sig.calling_convention, CallingConvention::Vararg) {
            return None;
        }
        let count = sig.parameters.len();
        let instance = sig.instance;
        let returns = sig.return_type.1.is_some();
        let args = run.take(count + usize::from(instance))?;
        if args.iter().any(|&t| t != 0) {
            let callee = self.types.callee(asm, &MethodSource::User(user)).ok();
            let passes = |k: usize| pass_of(&asm.res, user, k);
            let (this_tag, params) = if instance {
                (args[0], &args[1..])
            } else {
                (0, &args[..])
            };
            let target = callee
                .as_ref()
                .and_then(|c| c.method.map(|mi| (c.owner, mi)))
                .filter(|(owner, mi)| exact || runs_as_declared(*owner, &owner.asm.res[*mi]));
            let mut callee_written: Option<Vec<bool>> = None;
            for (k, &tag) in params.iter().enumerate() {
                if tag == 0 {
                    continue;
                }
                let safe = match passes(k) {
                    Pass::In => true,
                    Pass::Ref => match target {
                        Some((owner, mi)) => {
                            let w = callee_written.get_or_insert_with(|| self.written(owner.asm, mi));
                            !w.get(k).copied().unwrap_or(true)
                        }
                        None => false,
                    },
                    Pass::Out | Pass::Value => false,
                };
                if !safe {
                    run.mark(tag);
                }
            }
            if this_tag != 0 {
                let safe = match &callee {
                    Some(c) if is_primitive(c.owner) => true,
                    Some(c) if type_kind(c.owner) == TypeKind::Struct => c
                        .method
                        .is_some_and(|mi| self.this_access(c.owner, mi) == ThisAccess::ReadOnly),
                    _ => false,
                };
                if !safe {
                    run.mark(this_tag);
                }
            }
        }
        if returns {
            run.push(0);
        }
        Some(())
    }

    /// `constrained. T call(virt) M`: `this` is a pointer to a `T`, handed to `T`'s own `M`
    /// when it declares one (else the value is boxed: a copy).
    fn constrained(&mut self, asm: &'static Loaded, run: &mut Run, t: &MethodType, src: &MethodSource) -> Option<()> {
        let user = match src {
            MethodSource::User(u) => *u,
            MethodSource::Generic(g) => g.base,
        };
        let sig = signature_of(&asm.res, user);
        let count = sig.parameters.len();
        let returns = sig.return_type.1.is_some();
        let args = run.take(count + 1)?;
        // Arguments other than `this`: as for any call (none may point into a parameter).
        for &tag in &args[1..] {
            run.mark(tag);
        }
        if args[0] != 0 {
            let name = match user {
                UserMethod::Definition(mi) => asm.res[mi].name.to_string(),
                UserMethod::Reference(ri) => asm.res[ri].name.to_string(),
            };
            let safe = match self.types.owner(asm, t) {
                Ok(owner) if is_primitive(owner) || type_kind(owner) != TypeKind::Struct => true,
                Ok(owner) => {
                    let own: Vec<MethodIndex> = owner
                        .asm
                        .res
                        .enumerate_methods(owner.idx)
                        .filter(|(_, m)| {
                            m.name == name && m.signature.instance && m.signature.parameters.len() == count
                        })
                        .map(|(mi, _)| mi)
                        .collect();
                    own.into_iter()
                        .all(|mi| self.this_access(owner, mi) == ThisAccess::ReadOnly)
                }
                // A primitive named as an element type (`int32`): never changed.
                Err(_) => matches!(t, MethodType::Base(b) if !matches!(**b, BaseType::Type { .. })),
            };
            if !safe {
                run.mark(args[0]);
            }
        }
        if returns {
            run.push(0);
        }
        Some(())
    }

    /// `newobj`: the constructor's arguments leave the stack, the new object is pushed.
    fn new_object(&mut self, asm: &'static Loaded, run: &mut Run, ctor: UserMethod) -> Option<()> {
        let count = signature_of(&asm.res, ctor).parameters.len();
        let args = run.take(count)?;
        if args.iter().any(|&t| t != 0) {
            let target = self
                .types
                .callee(asm, &MethodSource::User(ctor))
                .ok()
                .and_then(|c| c.method.map(|mi| (c.owner, mi)));
            let written = target.map(|(owner, mi)| self.written(owner.asm, mi));
            for (k, &tag) in args.iter().enumerate() {
                let safe = match pass_of(&asm.res, ctor, k) {
                    Pass::In => true,
                    Pass::Ref => written.as_ref().is_some_and(|w| !w.get(k).copied().unwrap_or(true)),
                    Pass::Out | Pass::Value => false,
                };
                if tag != 0 && !safe {
                    run.mark(tag);
                }
            }
        }
        run.push(0);
        Some(())
    }

    fn this_access(&mut self, owner: DefRef, mi: MethodIndex) -> ThisAccess {
        let set = self.set;
        self.structs
            .entry((owner.asm as *const Loaded, owner.idx))
            .or_insert_with(|| this_writes::analyze(set, owner))
            .get(&mi)
            .copied()
            .unwrap_or(ThisAccess::Unknown)
    }
}

/// The abstract state of one body.
struct Run {
    written: Vec<bool>,
    stack: Vec<Tag>,
    /// The stack each forward branch carries to its target.
    entries: HashMap<usize, Vec<Tag>>,
}

impl Run {
    fn push(&mut self, t: Tag) {
        self.stack.push(t);
    }

    fn pop(&mut self) -> Option<Tag> {
        self.stack.pop()
    }

    /// The top `n` entries, bottom first.
    fn take(&mut self, n: usize) -> Option<Vec<Tag>> {
        let at = self.stack.len().checked_sub(n)?;
        Some(self.stack.split_off(at))
    }

    /// Every parameter `tag` may point into counts as written.
    fn mark(&mut self, tag: Tag) {
        for (k, w) in self.written.iter_mut().enumerate() {
            if tag & (1 << k) != 0 {
                *w = true;
            }
        }
    }

    /// The top `n` entries go where they cannot be followed.
    fn escape(&mut self, n: usize) -> Option<()> {
        for t in self.take(n)? {
            self.mark(t);
        }
        Some(())
    }

    /// A store through the address on top of the stack.
    fn store_through(&mut self) -> Option<()> {
        self.escape(1)
    }

    fn branch(&mut self, from: usize, to: usize) -> Option<()> {
        if to <= from {
            // A loop: only an empty stack (or one without pointers) is followed.
            if self.stack.iter().any(|&t| t != 0) {
                return None;
            }
            return Some(());
        }
        match self.entries.get_mut(&to) {
            Some(entry) if entry.len() != self.stack.len() => None,
            Some(entry) => {
                for (e, t) in entry.iter_mut().zip(&self.stack) {
                    *e |= t;
                }
                Some(())
            }
            None => {
                self.entries.insert(to, self.stack.clone());
                Some(())
            }
        }
    }

    /// Falling through into a branch target.
    fn meet(&mut self, entry: Vec<Tag>) -> Option<()> {
        if entry.len() != self.stack.len() {
            return None;
        }
        for (s, e) in self.stack.iter_mut().zip(entry) {
            *s |= e;
        }
        Some(())
    }
}

/// How a callee takes one parameter.
enum Pass {
    Value,
    Ref,
    Out,
    In,
}

fn pass_of(res: &Resolution<'static>, m: UserMethod, k: usize) -> Pass {
    let sig = signature_of(res, m);
    let Some(p) = sig.parameters.get(k) else {
        return Pass::Value;
    };
    if !matches!(p.1, ParameterType::Ref(_)) {
        return Pass::Value;
    }
    // Only a definition carries `out`/`in` (a reference's signature says `ref` alone).
    let meta = match m {
        UserMethod::Definition(mi) => res[mi].parameter_metadata.get(k).and_then(Option::as_ref),
        UserMethod::Reference(_) => None,
    };
    match meta {
        Some(md) if md.is_out => Pass::Out,
        Some(md) if md.is_in => Pass::In,
        _ => Pass::Ref,
    }
}

fn signature_of<'r>(res: &'r Resolution<'static>, m: UserMethod) -> &'r ManagedMethod<MethodType> {
    match m {
        UserMethod::Definition(mi) => &res[mi].signature,
        UserMethod::Reference(ri) => &res[ri].signature,
    }
}

/// The method's own body is what a call runs: no override can replace it.
fn runs_as_declared(d: DefRef, m: &Method) -> bool {
    !m.signature.instance
        || !m.virtual_member
        || m.sealed
        || d.def().flags.sealed
        || matches!(type_kind(d), TypeKind::Struct | TypeKind::Enum)
}

/// .NET's primitive structs: their instance methods never change the value.
fn is_primitive(d: DefRef) -> bool {
    d.def().namespace.as_deref() == Some("System")
        && matches!(
            &*d.def().name,
            "Boolean"
                | "Char"
                | "SByte"
                | "Byte"
                | "Int16"
                | "UInt16"
                | "Int32"
                | "UInt32"
                | "Int64"
                | "UInt64"
                | "Single"
                | "Double"
                | "IntPtr"
                | "UIntPtr"
        )
}
