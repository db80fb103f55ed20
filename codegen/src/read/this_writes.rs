//! Which instance methods of a struct may write through `this`, read from their IL.
//!
//! A struct's instance method receives `this` as a pointer to the caller's value, so a binding
//! must hand it `&mut` unless the method provably leaves that value alone. The rule is
//! conservative: anything it cannot follow counts as a write, with the reason.
//!
//! **Read-only by declaration.** A member marked `[IsReadOnly]` (C#'s `readonly` member) or a
//! member of a struct marked so (`readonly struct`) is read-only: C# compiles `this` of such a
//! member as an `in` reference and refuses any store through it.
//!
//! **Where pointers into `this` go.** Otherwise the body is interpreted abstractly: every
//! evaluation-stack entry, local and argument carries a *taint*, whether it may be a pointer
//! into the caller's value (`this`, `ldflda` of it, a `conv.u` of it when pinned by `fixed`,
//! …), or the address of a local or argument slot holding such a pointer. Branches and
//! exception handlers are followed to a fixed point. The method writes when:
//! * a store's target may point into `this` (`stfld`, `stobj`, `stind.*`, `initobj`,
//!   `cpobj`, `cpblk`, `initblk`), or a pointer into `this` is stored anywhere but a local
//!   (it escapes: a field, an array, a static, memory);
//! * a pointer into `this` is handed to a call that may write through it. A call is
//!   *followed*: the callee's own body is analyzed the same way for the parameter that
//!   receives the pointer (the receiver of another struct's method, as `Row0[i]` on a
//!   `Vector4` field; a `ref` parameter of a static method, as `Mult(ref this, …)`), across
//!   assemblies, to a depth of [`MAX_DEPTH`] calls. Instance methods of .NET's primitives
//!   never change their receiver (`X.GetHashCode()` on a `float` field); a `constrained.`
//!   call on a struct that does not override the method boxes a copy. What cannot be followed
//!   writes: a callee without IL, a virtual method that another type may override, a call
//!   through a function pointer, a generic receiver;
//! * the method returns a pointer into `this` (a `ref` return the caller may write through);
//! * its body cannot be decoded, or is longer than [`MAX_INSTRUCTIONS`].
//!
//! Loads through a pointer into `this` give values, not pointers into `this` (a struct cannot
//! hold a pointer to itself that survives a copy; storing one anywhere is a write above),
//! except loads of a `ref struct` (a `Span` over `this`) and loads out of a slot that holds
//! such a pointer. A call result is a pointer into `this` when a tainted argument went in and
//! the result can carry a pointer (a `ref`, a pointer, a native integer, a `ref struct`, a
//! generic parameter).
//!
//! **[`ThisAccess::Unknown`]** for methods without IL (abstract, `extern`, internal calls,
//! runtime-implemented). The plan decides those by name as before.
//!
//! Mutual recursion is solved as a greatest fixed point: a call back into a method under
//! analysis is assumed read-only (a write must come from some store, which is found where it
//! is), and a result that leaned on such an assumption is cached only once the method it
//! assumed is decided.

use super::assembly_set::{AssemblySet, DefRef, Loaded};
use super::definition::{attribute_type_name, type_kind};
use super::il_queries::{
    callee_name, carries_pointer, carries_pointer_param, ctor_type, declaring_type, il_text, is_byref_like,
    is_primitive, member_to_method, method_name, methods_of, signature_of, src_method, Owner,
};
use super::panic_guard::catch_quietly;
use crate::model::{ThisAccess, TypeKind};
use dotnetdll::prelude::*;
use dotnetdll::resolved::body::{DataSection, ExceptionKind};
use dotnetdll::resolved::il::{Instruction as I, LoadType};
use std::collections::HashMap;

/// Calls followed below the method analyzed; deeper ones count as writes.
pub(super) const MAX_DEPTH: usize = 12;
/// Longest body analyzed (instructions); a longer one counts as a write.
pub(super) const MAX_INSTRUCTIONS: usize = 20_000;

/// May point into the analyzed value.
const PTR: u8 = 1;
/// May point to a local or argument slot that holds a [`PTR`].
const SLOT: u8 = 2;

const IS_READ_ONLY: &str = "System.Runtime.CompilerServices.IsReadOnlyAttribute";

/// A method and the argument (IL numbering: `this` is 0) that holds the pointer.
type Key = (usize, MethodIndex, u16);

/// What a method does with the pointer it receives: `Err` is a write, with the reason.
type Verdict = Result<(), String>;

/// The analysis, with what it decided so far (shared by every struct of a run: a callee
/// reached from several structs is analyzed once).
#[derive(Default)]
pub(super) struct ThisWrites {
    cache: HashMap<Key, Verdict>,
    /// Methods under analysis, outermost first.
    active: Vec<Key>,
}

impl ThisWrites {
    /// [`ThisAccess`] of every instance method (including accessors) of the struct `d`;
    /// other types get an empty map.
    pub(super) fn analyze(&mut self, set: &AssemblySet, d: DefRef) -> HashMap<MethodIndex, ThisAccess> {
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
        let mut out = HashMap::new();
        for mi in all {
            let m = &res[mi];
            if !m.signature.instance {
                continue;
            }
            let access = if declared_read_only(d, m) {
                ThisAccess::ReadOnly
            } else if no_il(m) {
                ThisAccess::Unknown
            } else {
                match self.through(set, d, mi, 0, 0).0 {
                    Ok(()) => ThisAccess::ReadOnly,
                    Err(why) => ThisAccess::Writes(why),
                }
            };
            out.insert(mi, access);
        }
        out
    }

    /// Whether method `mi` of `owner` may write through its argument `arg` (IL numbering:
    /// `this` is 0): `Err` says why (`read/param_writes.rs` asks this of `ref` parameters).
    pub(super) fn writes_through(&mut self, set: &AssemblySet, owner: DefRef, mi: MethodIndex, arg: u16) -> Verdict {
        self.through(set, owner, mi, arg, 0).0
    }

    /// Whether method `mi` of `owner` may write through its argument `arg`; with the lowest
    /// index in `active` whose assumption the answer leaned on (`usize::MAX`: none).
    fn through(
        &mut self,
        set: &AssemblySet,
        owner: DefRef,
        mi: MethodIndex,
        arg: u16,
        depth: usize,
    ) -> (Verdict, usize) {
        let key = (std::ptr::from_ref(owner.asm) as usize, mi, arg);
        if let Some(v) = self.cache.get(&key) {
            return (v.clone(), usize::MAX);
        }
        if let Some(pos) = self.active.iter().position(|k| *k == key) {
            return (Ok(()), pos);
        }
        if depth > MAX_DEPTH {
            // Depends on where the chain started: cached only by the outermost method.
            return (Err(format!("calls nest deeper than {MAX_DEPTH}")), 0);
        }
        self.active.push(key);
        let me = self.active.len() - 1;
        let (verdict, low) = self.body(set, owner, mi, arg, depth);
        self.active.pop();
        if low >= me {
            self.cache.insert(key, verdict.clone());
            (verdict, usize::MAX)
        } else {
            (verdict, low)
        }
    }

    fn body(&mut self, set: &AssemblySet, owner: DefRef, mi: MethodIndex, arg: u16, depth: usize) -> (Verdict, usize) {
        let res = &owner.asm.res;
        let m = &res[mi];
        if arg == 0 && m.signature.instance && declared_read_only(owner, m) {
            return (Ok(()), usize::MAX);
        }
        if no_il(m) {
            return (Err("it has no IL".into()), usize::MAX);
        }
        // Bodies are decoded lazily; a damaged one must not stop the run, only cost `&self`.
        let Ok(Ok(body)) = catch_quietly(|| res.method_body(mi)) else {
            return (Err("its IL cannot be decoded".into()), usize::MAX);
        };
        if body.instructions.len() > MAX_INSTRUCTIONS {
            return (
                Err(format!("its body is longer than {MAX_INSTRUCTIONS} instructions")),
                usize::MAX,
            );
        }
        let args = m.signature.parameters.len() + usize::from(m.signature.instance);
        let mut flow = Flow {
            analysis: self,
            set,
            asm: owner.asm,
            method: m,
            code: &body.instructions,
            entry: vec![None; body.instructions.len()],
            locals: vec![0; body.header.local_variables.len()],
            args: vec![0; args],
            work: Vec::new(),
            depth,
            low: usize::MAX,
        };
        if let Some(a) = flow.args.get_mut(usize::from(arg)) {
            *a = PTR;
        }
        let verdict = flow.run(&body.data_sections);
        (verdict, flow.low)
    }
}

/// `[IsReadOnly]` on the member or its struct.
fn declared_read_only(owner: DefRef, m: &Method<'static>) -> bool {
    let marked = |attrs: &[Attribute<'static>]| attrs.iter().any(|a| attribute_type_name(owner.asm, a) == IS_READ_ONLY);
    marked(&m.attributes) || marked(&owner.def().attributes)
}

fn no_il(m: &Method<'static>) -> bool {
    m.abstract_member || m.internal_call || m.pinvoke.is_some() || !matches!(m.body_format, BodyFormat::IL)
}

/// One body's abstract interpretation.
struct Flow<'a> {
    analysis: &'a mut ThisWrites,
    set: &'a AssemblySet,
    asm: &'static Loaded,
    method: &'static Method<'static>,
    code: &'static [I],
    /// The stack's taints where each instruction starts (`None`: not reached yet).
    entry: Vec<Option<Vec<u8>>>,
    /// Taints of locals and arguments, whatever the instruction (flow-insensitive).
    locals: Vec<u8>,
    args: Vec<u8>,
    work: Vec<usize>,
    depth: usize,
    low: usize,
}

/// What an instruction does to the stack, besides the taints `step` computes.
enum Next {
    /// Falls through to the next instruction.
    On,
    /// Goes to these instructions (and not to the next one unless listed).
    To(Vec<usize>),
    /// Leaves the method or the handler.
    End,
}

impl Flow<'_> {
    fn run(&mut self, sections: &[DataSection]) -> Verdict {
        self.enter(0, Vec::new())?;
        for section in sections {
            if let DataSection::ExceptionHandlers(handlers) = section {
                for h in handlers {
                    match &h.kind {
                        ExceptionKind::TypedException(_) => self.enter(h.handler_offset, vec![0])?,
                        ExceptionKind::Filter { offset } => {
                            self.enter(h.handler_offset, vec![0])?;
                            self.enter(*offset, vec![0])?;
                        }
                        ExceptionKind::Finally | ExceptionKind::Fault => self.enter(h.handler_offset, Vec::new())?,
                    }
                }
            }
        }
        while let Some(i) = self.work.pop() {
            let mut stack = self.entry[i].clone().unwrap_or_default();
            let slots = (self.locals.clone(), self.args.clone());
            let next = self
                .step(i, &mut stack)
                .map_err(|why| format!("instruction {i}: {why}"))?;
            match next {
                Next::On => self.enter(i + 1, stack)?,
                Next::To(targets) => {
                    for t in targets {
                        self.enter(t, stack.clone())?;
                    }
                }
                Next::End => {}
            }
            // A slot's taint grew: every reached instruction may read it.
            if slots != (self.locals.clone(), self.args.clone()) {
                self.work
                    .extend((0..self.code.len()).filter(|&j| self.entry[j].is_some()));
            }
        }
        Ok(())
    }

    /// Merges `stack` into what instruction `i` starts with.
    fn enter(&mut self, i: usize, stack: Vec<u8>) -> Verdict {
        if i >= self.code.len() {
            return Err("control runs off the end of the body".into());
        }
        match &mut self.entry[i] {
            Some(old) if old.len() != stack.len() => Err(format!("the stack depths disagree at instruction {i}")),
            Some(old) => {
                let mut changed = false;
                for (o, n) in old.iter_mut().zip(&stack) {
                    if *o | n != *o {
                        *o |= n;
                        changed = true;
                    }
                }
                if changed {
                    self.work.push(i);
                }
                Ok(())
            }
            slot @ None => {
                *slot = Some(stack);
                self.work.push(i);
                Ok(())
            }
        }
    }

    fn step(&mut self, i: usize, stack: &mut Vec<u8>) -> Result<Next, String> {
        let ins = &self.code[i];
        let res = &self.asm.res;
        let what = || il_text(ins, res);
        macro_rules! pop {
            () => {
                stack
                    .pop()
                    .ok_or_else(|| format!("`{}` finds the stack empty", what()))?
            };
        }
        let pop_n = |stack: &mut Vec<u8>, n: usize| -> Result<Vec<u8>, String> {
            if stack.len() < n {
                return Err(format!("`{}` finds too few values on the stack", il_text(ins, res)));
            }
            Ok(stack.split_off(stack.len() - n))
        };
        let into_this = |what: String| Err(format!("`{what}` stores into this"));
        let escapes = |what: String| Err(format!("`{what}` stores a pointer into this outside the method"));
        match ins {
            I::NoOperation | I::Breakpoint => {}
            I::ArgumentList
            | I::LoadConstantInt32(_)
            | I::LoadConstantInt64(_)
            | I::LoadConstantFloat32(_)
            | I::LoadConstantFloat64(_)
            | I::LoadNull
            | I::LoadString(_)
            | I::LoadMethodPointer(_)
            | I::LoadStaticField { .. }
            | I::LoadStaticFieldAddress(_)
            | I::LoadTokenField(_)
            | I::LoadTokenMethod(_)
            | I::LoadTokenType(_)
            | I::Sizeof(_) => stack.push(0),
            // Arithmetic keeps a pointer's taint (pointer arithmetic); comparisons give bools.
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
            | I::ShiftRight(_) => {
                let (b, a) = (pop!(), pop!());
                stack.push(a | b);
            }
            I::CompareEqual | I::CompareGreater(_) | I::CompareLess(_) => {
                pop_n(stack, 2)?;
                stack.push(0);
            }
            I::Negate
            | I::Not
            | I::Convert(_)
            | I::ConvertOverflow(..)
            | I::CastClass { .. }
            | I::IsInstance(_)
            | I::BoxValue(_)
            | I::UnboxIntoAddress { .. }
            | I::UnboxIntoValue(_)
            | I::MakeTypedReference(_)
            | I::ReadTypedReferenceValue(_) => {
                let a = pop!();
                stack.push(a);
            }
            I::CheckFinite
            | I::ConvertFloat32
            | I::ConvertFloat64
            | I::ConvertUnsignedToFloat
            | I::LoadLength
            | I::NewArray(_)
            | I::LocalMemoryAllocate
            | I::LoadVirtualMethodPointer { .. }
            | I::ReadTypedReferenceType => {
                pop!();
                stack.push(0);
            }
            I::Duplicate => {
                let a = pop!();
                stack.extend([a, a]);
            }
            I::Pop => {
                pop!();
            }
            I::LoadArgument(n) => stack.push(*self.args.get(usize::from(*n)).ok_or("no such argument")?),
            I::LoadArgumentAddress(n) => {
                let a = *self.args.get(usize::from(*n)).ok_or("no such argument")?;
                stack.push(if a != 0 { SLOT } else { 0 });
            }
            I::StoreArgument(n) => {
                let v = pop!();
                *self.args.get_mut(usize::from(*n)).ok_or("no such argument")? |= v;
            }
            I::LoadLocal(n) => stack.push(*self.locals.get(usize::from(*n)).ok_or("no such local")?),
            I::LoadLocalAddress(n) => {
                let l = *self.locals.get(usize::from(*n)).ok_or("no such local")?;
                stack.push(if l != 0 { SLOT } else { 0 });
            }
            I::StoreLocal(n) => {
                let v = pop!();
                *self.locals.get_mut(usize::from(*n)).ok_or("no such local")? |= v;
            }
            I::LoadIndirect { param0, .. } => {
                let addr = pop!();
                let pointer = matches!(param0, LoadType::IntPtr);
                stack.push(if addr & SLOT != 0 && pointer { PTR } else { 0 });
            }
            I::LoadObject { param0, .. } => {
                let addr = pop!();
                stack.push(self.loaded(addr, param0));
            }
            I::LoadField { param0: f, .. } | I::LoadFieldSkipNullCheck(f) => {
                let from = pop!();
                let t = self.field_type(f);
                stack.push(t.map_or(from, |t| self.loaded(from, &t)));
            }
            I::LoadFieldAddress(_) => {
                let a = pop!();
                stack.push(a);
            }
            I::LoadElement { .. } | I::LoadElementPrimitive { .. } | I::LoadElementAddress { .. } => {
                pop_n(stack, 2)?;
                stack.push(0);
            }
            I::LoadElementAddressReadonly(_) => {
                pop_n(stack, 2)?;
                stack.push(0);
            }
            I::StoreIndirect { .. } | I::StoreObject { .. } | I::StoreField { .. } | I::StoreFieldSkipNullCheck(_) => {
                let (value, addr) = (pop!(), pop!());
                if addr & PTR != 0 {
                    return into_this(what());
                }
                if value != 0 {
                    return escapes(what());
                }
            }
            I::InitializeForObject(_) => {
                if pop!() & PTR != 0 {
                    return into_this(what());
                }
            }
            I::CopyObject(_) => {
                let (src, dest) = (pop!(), pop!());
                if dest & PTR != 0 {
                    return into_this(what());
                }
                if src & SLOT != 0 {
                    return escapes(what());
                }
            }
            I::CopyMemoryBlock { .. } => {
                let v = pop_n(stack, 3)?;
                if v[0] & PTR != 0 {
                    return into_this(what());
                }
                if v[1] & SLOT != 0 {
                    return escapes(what());
                }
            }
            I::InitializeMemoryBlock { .. } => {
                if pop_n(stack, 3)?[0] & PTR != 0 {
                    return into_this(what());
                }
            }
            I::StoreElement { .. } | I::StoreElementPrimitive { .. } => {
                if pop_n(stack, 3)?[2] != 0 {
                    return escapes(what());
                }
            }
            I::StoreStaticField { .. } => {
                if pop!() != 0 {
                    return escapes(what());
                }
            }
            I::Branch(t) => return Ok(Next::To(vec![*t])),
            I::BranchFalsy(t) | I::BranchTruthy(t) => {
                pop!();
                return Ok(Next::To(vec![*t, i + 1]));
            }
            I::BranchEqual(t)
            | I::BranchNotEqual(t)
            | I::BranchGreaterOrEqual(_, t)
            | I::BranchGreater(_, t)
            | I::BranchLessOrEqual(_, t)
            | I::BranchLess(_, t) => {
                pop_n(stack, 2)?;
                return Ok(Next::To(vec![*t, i + 1]));
            }
            I::Switch(targets) => {
                pop!();
                let mut all = targets.clone();
                all.push(i + 1);
                return Ok(Next::To(all));
            }
            I::Leave(t) => {
                stack.clear();
                return Ok(Next::To(vec![*t]));
            }
            I::Return => {
                if self.method.signature.return_type.1.is_some() {
                    let v = pop!();
                    // A method bound from Rust that hands out a pointer into `this`: C# callers
                    // write through it (a `ref` indexer). A callee's result is the caller's
                    // concern (see `call`).
                    if v != 0 && self.depth == 0 {
                        return Err("it returns a pointer into this".into());
                    }
                }
                return Ok(Next::End);
            }
            I::Throw => {
                pop!();
                return Ok(Next::End);
            }
            I::Rethrow | I::EndFinally => return Ok(Next::End),
            I::EndFilter => {
                pop!();
                return Ok(Next::End);
            }
            I::Jump(_) => return Err("`jmp` hands every argument, this included, to another method".into()),
            I::CallIndirect { param0: sig, .. } => {
                let n = sig.parameters.len() + sig.varargs.as_ref().map_or(0, Vec::len) + usize::from(sig.instance);
                let v = pop_n(stack, n + 1)?;
                if v.iter().any(|t| *t != 0) {
                    return Err("it passes a pointer into this to a call through a function pointer".into());
                }
                if sig.return_type.1.is_some() {
                    stack.push(0);
                }
            }
            I::Call { param0: src, .. } => self.call(stack, src_method(src), Dispatch::Direct)?,
            I::CallVirtual { param0: src, .. } | I::CallVirtualTail(src) => {
                self.call(stack, src_method(src), Dispatch::Virtual)?
            }
            I::CallConstrained(t, src) | I::CallVirtualConstrained(t, src) => {
                self.call(stack, src_method(src), Dispatch::Constrained(t))?
            }
            I::NewObject(ctor) => self.call(stack, *ctor, Dispatch::New)?,
        }
        Ok(Next::On)
    }

    /// The taint of a value of type `t` loaded from a place of taint `from`.
    fn loaded(&self, from: u8, t: &MethodType) -> u8 {
        if from == 0 {
            return 0;
        }
        if is_byref_like(self.set, self.asm, t) || (from & SLOT != 0 && carries_pointer(self.set, self.asm, t)) {
            PTR
        } else {
            0
        }
    }

    fn field_type(&self, f: &FieldSource) -> Option<MethodType> {
        let field = match f {
            FieldSource::Definition(fi) => &self.asm.res[*fi].return_type,
            FieldSource::Reference(ri) => &self.asm.res[*ri].field_type,
        };
        match field {
            MemberType::Base(b) => Some(MethodType::Base(Box::new(b.clone().map(member_to_method)))),
            MemberType::TypeGeneric(n) => Some(MethodType::TypeGeneric(*n)),
        }
    }

    /// A call (or `newobj`): pops its arguments, follows the callee for every argument that
    /// may point into `this`, and pushes the result.
    fn call(&mut self, stack: &mut Vec<u8>, target: UserMethod, dispatch: Dispatch<'_>) -> Result<(), String> {
        let res = &self.asm.res;
        let sig = signature_of(res, target);
        let params = sig.parameters.len() + sig.varargs.as_ref().map_or(0, Vec::len);
        let receiver = sig.instance && !matches!(dispatch, Dispatch::New);
        let n = params + usize::from(receiver);
        if stack.len() < n {
            return Err(format!(
                "a call of {} finds too few values on the stack",
                callee_name(res, target)
            ));
        }
        let taints = stack.split_off(stack.len() - n);
        let tainted = taints.iter().any(|t| *t != 0);
        let result = match dispatch {
            Dispatch::New => Some(ParameterType::Value(ctor_type(res, target))),
            _ => sig.return_type.1.clone(),
        };
        if let Some(r) = &result {
            let pointer = tainted
                && match (r, &dispatch) {
                    (ParameterType::Value(t), Dispatch::New) => is_byref_like(self.set, self.asm, t),
                    _ => carries_pointer_param(self.set, self.asm, r),
                };
            stack.push(if pointer { PTR } else { 0 });
        }
        if !tainted {
            return Ok(());
        }
        let name = callee_name(res, target);
        if taints.iter().any(|t| t & SLOT != 0) {
            return Err(format!(
                "it passes the address of a slot holding a pointer into this to {name}"
            ));
        }
        // The callee's argument numbers: `this` of a constructor is not on the stack.
        let shift = u16::from(matches!(dispatch, Dispatch::New));
        let mut pending: Vec<u16> = (0..n).filter(|&k| taints[k] != 0).map(|k| k as u16 + shift).collect();
        let declared = self.declaring(target);
        if receiver && taints[0] != 0 {
            match dispatch {
                Dispatch::Constrained(t) => match declaring_type(self.set, self.asm, t) {
                    // A class's reference is read through the pointer; a primitive never
                    // changes.
                    Owner::Primitive | Owner::Class => pending.retain(|&a| a != 0),
                    Owner::Def(o) if is_primitive(o) || !matches!(type_kind(o), TypeKind::Struct | TypeKind::Enum) => {
                        pending.retain(|&a| a != 0)
                    }
                    Owner::Def(o) => {
                        let name_of = method_name(res, target);
                        let own: Vec<MethodIndex> = methods_of(o)
                            .into_iter()
                            .filter(|&mi| {
                                let m = &o.asm.res[mi];
                                m.name == name_of
                                    && m.signature.instance
                                    && m.signature.parameters.len() == sig.parameters.len()
                            })
                            .collect();
                        // Without an override of its own, the struct is boxed: a copy.
                        for mi in own {
                            self.follow(o, mi, &pending, &format!("{}::{}", o.metadata_name(), name_of))?;
                        }
                        pending.retain(|&a| a != 0);
                    }
                    Owner::Unknown => {
                        return Err(format!(
                            "it calls {name} on a generic receiver, with a pointer into this"
                        ))
                    }
                },
                _ => {
                    if declared.as_ref().is_some_and(|(o, _)| o.is_primitive()) {
                        pending.retain(|&a| a != 0);
                    }
                }
            }
        }
        if pending.is_empty() {
            return Ok(());
        }
        let Some((Owner::Def(owner), candidates)) = declared else {
            return Err(format!(
                "it passes a pointer into this to {name}, which does not resolve to a method with IL"
            ));
        };
        if candidates.is_empty() {
            return Err(format!(
                "it passes a pointer into this to {name}, which does not resolve"
            ));
        }
        for mi in candidates {
            let m = &owner.asm.res[mi];
            let overridable = m.virtual_member
                && !m.sealed
                && !owner.def().flags.sealed
                && !matches!(type_kind(owner), TypeKind::Struct | TypeKind::Enum);
            if overridable && !matches!(dispatch, Dispatch::Direct | Dispatch::New) {
                return Err(format!(
                    "it passes a pointer into this to {name}, which another type may override"
                ));
            }
            self.follow(owner, mi, &pending, &name)?;
        }
        Ok(())
    }

    /// Analyzes the callee for each argument in `args`.
    fn follow(&mut self, owner: DefRef, mi: MethodIndex, args: &[u16], name: &str) -> Result<(), String> {
        for &a in args {
            let (verdict, low) = self.analysis.through(self.set, owner, mi, a, self.depth + 1);
            self.low = self.low.min(low);
            if let Err(why) = verdict {
                let what = if a == 0 && owner.asm.res[mi].signature.instance {
                    "its `this`".to_string()
                } else {
                    format!("its argument {a}")
                };
                return Err(format!(
                    "it calls {name} with a pointer into this as {what}; there, {why}"
                ));
            }
        }
        Ok(())
    }

    /// The type declaring `target`, and its methods that `target` may name (one for a
    /// definition; for a reference, those of that name, kind and parameter count).
    fn declaring(&self, target: UserMethod) -> Option<(Owner, Vec<MethodIndex>)> {
        let res = &self.asm.res;
        match target {
            UserMethod::Definition(mi) => Some((
                Owner::Def(DefRef {
                    asm: self.asm,
                    idx: mi.parent_type(),
                }),
                vec![mi],
            )),
            UserMethod::Reference(ri) => {
                let r = &res[ri];
                match &r.parent {
                    MethodReferenceParent::Type(t) => {
                        let owner = declaring_type(self.set, self.asm, t);
                        let candidates = match &owner {
                            Owner::Def(o) => methods_of(*o)
                                .into_iter()
                                .filter(|&mi| {
                                    let m = &o.asm.res[mi];
                                    m.name == r.name
                                        && m.signature.instance == r.signature.instance
                                        && m.signature.parameters.len() == r.signature.parameters.len()
                                })
                                .collect(),
                            _ => Vec::new(),
                        };
                        Some((owner, candidates))
                    }
                    MethodReferenceParent::VarargMethod(mi) => Some((
                        Owner::Def(DefRef {
                            asm: self.asm,
                            idx: mi.parent_type(),
                        }),
                        vec![*mi],
                    )),
                    _ => None,
                }
            }
        }
    }
}

/// How a call picks its method.
enum Dispatch<'a> {
    /// `call`: exactly the named method.
    Direct,
    /// `callvirt`: an override, if the method is virtual.
    Virtual,
    /// `constrained. T call(virt)`: `T`'s own method, or the named one on a boxed copy.
    Constrained(&'a MethodType),
    /// `newobj`: the constructor, on new storage.
    New,
}
