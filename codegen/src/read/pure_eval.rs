//! The symbolic execution behind `read/pure_body.rs` (which documents the accepted IL):
//! slots, the evaluation stack, and one function per instruction family.

use super::assembly_set::{DefRef, Loaded};
use super::pure_body::{body_of, Refused, Types, MAX_STEPS, MAX_STMTS};
use super::pure_branch::{compare_branch, State};
use crate::model::{PureConvert, PureInput, PureOp, PureOperand, PureRoot, PureScalar, PureStmt, PureStored, TypePath};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// A struct's instance fields in declaration order.
#[derive(Debug)]
pub(super) struct Layout {
    pub path: TypePath,
    pub fields: Vec<(String, FieldTy)>,
}

/// The type of a field, local, argument or return value.
#[derive(Clone, Debug)]
pub(super) enum FieldTy {
    Prim(PureStored),
    Struct(Rc<Layout>),
}

impl FieldTy {
    pub(super) fn same(&self, other: &FieldTy) -> bool {
        match (self, other) {
            (FieldTy::Prim(a), FieldTy::Prim(b)) => a == b,
            (FieldTy::Struct(a), FieldTy::Struct(b)) => a.path == b.path,
            _ => false,
        }
    }
}

/// A value: a primitive on the stack, a primitive not read yet from an input, or a struct.
#[derive(Clone, Debug)]
pub(super) enum Tree {
    Val(PureOperand, PureScalar),
    Lazy(PureInput),
    Node(Rc<Layout>, Vec<Tree>),
}

impl Tree {
    /// All zeros (`initobj`, `.locals init`, a new struct).
    pub(super) fn zero(ty: &FieldTy) -> Tree {
        match ty {
            FieldTy::Prim(p) => Tree::Val(
                match p.scalar() {
                    PureScalar::I32 => PureOperand::I32(0),
                    PureScalar::I64 => PureOperand::I64(0),
                    PureScalar::F32 => PureOperand::F32(0),
                    PureScalar::F64 => PureOperand::F64(0),
                },
                p.scalar(),
            ),
            FieldTy::Struct(l) => Tree::Node(l.clone(), l.fields.iter().map(|(_, f)| Tree::zero(f)).collect()),
        }
    }

    /// The value of an input at entry.
    pub(super) fn input(ty: &FieldTy, root: PureRoot) -> Tree {
        let root_ty = match ty {
            FieldTy::Struct(l) => Some(l.path.clone()),
            FieldTy::Prim(_) => None,
        };
        Tree::input_at(ty, root, &root_ty, Vec::new())
    }

    pub(super) fn input_at(ty: &FieldTy, root: PureRoot, root_ty: &Option<TypePath>, fields: Vec<String>) -> Tree {
        match ty {
            FieldTy::Prim(p) => Tree::Lazy(PureInput {
                root,
                root_ty: root_ty.clone(),
                fields,
                stored: *p,
            }),
            FieldTy::Struct(l) => Tree::Node(
                l.clone(),
                l.fields
                    .iter()
                    .map(|(name, f)| {
                        let mut path = fields.clone();
                        path.push(name.clone());
                        Tree::input_at(f, root, root_ty, path)
                    })
                    .collect(),
            ),
        }
    }
}

/// An argument of a frame: a slot of its own, or an address (`this`, a `ref` parameter).
pub(super) enum Arg {
    Value(usize, FieldTy),
    Addr(usize, Vec<usize>, FieldTy),
}

/// One method being executed.
pub(super) struct Frame {
    pub asm: &'static Loaded,
    pub method: MethodIndex,
    pub args: Vec<Arg>,
}

/// An entry of the evaluation stack.
#[derive(Clone, Debug)]
pub(super) enum Entry {
    Value(Tree),
    /// A managed pointer: slot, field indices, pointee type.
    Addr(usize, Vec<usize>, FieldTy),
}

/// The state of one symbolic execution.
pub(super) struct Exec<'t, 's> {
    pub types: &'t mut Types<'s>,
    pub(super) slots: Vec<Tree>,
    pub(super) stmts: Vec<PureStmt>,
    pub(super) steps: usize,
    pub(super) calls: Vec<(usize, MethodIndex)>,
    /// The slot `this` of the translated method points at.
    pub this_slot: Option<usize>,
    /// Something was stored into it.
    pub this_written: bool,
    /// A backward branch ran (a loop): a body that grows too large then names it.
    pub(super) looped: bool,
    /// The conditions of the two ways of each branch on a computed value, and the condition
    /// the branch ran under: when both ways meet again, that is theirs.
    pub(super) splits: HashMap<(PureOperand, PureOperand), Option<PureOperand>>,
}

pub(super) fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
    Err(why.into())
}

impl<'t, 's> Exec<'t, 's> {
    pub(super) fn new(types: &'t mut Types<'s>) -> Self {
        Exec {
            types,
            slots: Vec::new(),
            stmts: Vec::new(),
            steps: 0,
            calls: Vec::new(),
            this_slot: None,
            this_written: false,
            looped: false,
            splits: HashMap::new(),
        }
    }

    /// Why a body grew too large, when a loop ran.
    fn unbounded(&self) -> &'static str {
        if self.looped {
            " (a loop whose count the constants do not bound)"
        } else {
            ""
        }
    }

    pub(super) fn new_slot(&mut self, t: Tree) -> usize {
        self.slots.push(t);
        self.slots.len() - 1
    }

    /// `t` is still the input `root` (at `path`), field for field: each leaf not yet read, or
    /// read by a load of that very field. (A value stored that equals it is not detected: the
    /// answer errs on "written".)
    pub(super) fn holds_input(&self, t: &Tree, root: PureRoot, path: &mut Vec<String>) -> bool {
        match t {
            Tree::Lazy(input) => input.root == root && input.fields == *path,
            Tree::Val(PureOperand::Temp(n), _) => self
                .stmts
                .get(*n as usize)
                .is_some_and(|s| matches!(&s.op, PureOp::Load(input) if input.root == root && input.fields == *path)),
            Tree::Val(..) => false,
            Tree::Node(layout, fields) => layout.fields.iter().zip(fields).all(|((name, _), f)| {
                path.push(name.clone());
                let same = self.holds_input(f, root, path);
                path.pop();
                same
            }),
        }
    }

    /// The current value of a slot.
    pub(super) fn slot_value(&self, slot: usize) -> Tree {
        self.slots
            .get(slot)
            .cloned()
            .unwrap_or(Tree::Val(PureOperand::I32(0), PureScalar::I32))
    }

    pub(super) fn emit(&mut self, ty: PureScalar, op: PureOp) -> Result<Tree, Refused> {
        // An operation on integer constants is a constant: a loop counter stays one, so its
        // condition is, and the loop unrolls.
        if let Some(v) = super::pure_fold::fold(&op) {
            return Ok(Tree::Val(v, ty));
        }
        if self.stmts.len() >= MAX_STMTS {
            return refuse(format!("it grows past {MAX_STMTS} operations{}", self.unbounded()));
        }
        let temp = u32::try_from(self.stmts.len()).unwrap_or(u32::MAX);
        self.stmts.push(PureStmt { temp, ty, op });
        Ok(Tree::Val(PureOperand::Temp(temp), ty))
    }

    /// A primitive's stack value (an input is read by a statement).
    pub(super) fn scalar(&mut self, t: Tree) -> Result<(PureOperand, PureScalar), Refused> {
        match t {
            Tree::Val(v, s) => Ok((v, s)),
            Tree::Lazy(input) => {
                let ty = input.stored.scalar();
                match self.emit(ty, PureOp::Load(input))? {
                    Tree::Val(v, s) => Ok((v, s)),
                    _ => refuse("internal: a load is not a value"),
                }
            }
            Tree::Node(l, _) => refuse(format!("a `{}` is used as a number", l.path.metadata_name)),
        }
    }

    /// The value at a place; a primitive input is read once and kept in the slot.
    pub(super) fn read(&mut self, slot: usize, path: &[usize]) -> Result<Tree, Refused> {
        let mut t = self.slots.get(slot).ok_or("internal: no such slot")?;
        for &i in path {
            let Tree::Node(_, fields) = t else {
                return refuse("internal: a field of a number");
            };
            t = fields.get(i).ok_or("internal: no such field")?;
        }
        let t = t.clone();
        if let Tree::Lazy(_) = t {
            let (v, s) = self.scalar(t)?;
            self.write_raw(slot, path, Tree::Val(v, s))?;
            return Ok(Tree::Val(v, s));
        }
        Ok(t)
    }

    pub(super) fn write_raw(&mut self, slot: usize, path: &[usize], value: Tree) -> Result<(), Refused> {
        let mut t = self.slots.get_mut(slot).ok_or("internal: no such slot")?;
        for &i in path {
            let Tree::Node(_, fields) = t else {
                return refuse("internal: a field of a number");
            };
            t = fields.get_mut(i).ok_or("internal: no such field")?;
        }
        *t = value;
        Ok(())
    }

    pub(super) fn write(&mut self, slot: usize, path: &[usize], value: Tree) -> Result<(), Refused> {
        if Some(slot) == self.this_slot {
            self.this_written = true;
        }
        self.write_raw(slot, path, value)
    }

    /// A value stored as `ty`: primitives truncated to it (and read back as a load would).
    pub(super) fn convert_to(&mut self, value: Tree, ty: &FieldTy) -> Result<Tree, Refused> {
        match ty {
            FieldTy::Struct(l) => match &value {
                Tree::Node(v, _) if v.path == l.path => Ok(value),
                _ => refuse(format!("a value stored as `{}` is not one", l.path.metadata_name)),
            },
            FieldTy::Prim(p) => {
                let (v, s) = self.scalar(value)?;
                self.store_scalar(v, s, *p)
            }
        }
    }

    pub(super) fn store_scalar(&mut self, v: PureOperand, s: PureScalar, p: PureStored) -> Result<Tree, Refused> {
        use PureScalar as S;
        use PureStored as P;
        match (p, s) {
            (P::F32, S::F32)
            | (P::F64, S::F64)
            | (P::I32 | P::U32, S::I32)
            | (P::I64 | P::U64 | P::ISize | P::USize, S::I64) => Ok(Tree::Val(v, s)),
            (P::F32, S::F64) => self.emit(S::F32, PureOp::Convert(PureConvert::F32, s, v)),
            (P::F64, S::F32) => self.emit(S::F64, PureOp::Convert(PureConvert::F64, s, v)),
            // A `bool` is stored as its low byte, like a `byte` (2 stays 2: a full struct
            // declares a `bool` field `u8`); 0 and 1 (constants, comparisons) are already one.
            (P::Bool, S::I32) if self.is_bit(v) => Ok(Tree::Val(v, s)),
            (P::Bool, S::I32) => self.convert(PureConvert::Int(P::U8), v, s),
            (P::I8 | P::U8 | P::I16 | P::U16, S::I32) => self.convert(PureConvert::Int(p), v, s),
            _ => refuse(format!("it stores a {s:?} value as {p:?}")),
        }
    }

    /// `v` is 0 or 1: a constant, a comparison, or a select of such (only those have a Rust
    /// `bool`).
    pub(super) fn is_bit(&self, v: PureOperand) -> bool {
        match v {
            PureOperand::I32(0 | 1) => true,
            PureOperand::Temp(t) => match self.stmts.get(t as usize).map(|s| &s.op) {
                Some(PureOp::Compare(..)) => true,
                Some(PureOp::Select(_, a, b)) => self.is_bit(*a) && self.is_bit(*b),
                _ => false,
            },
            _ => false,
        }
    }

    /// `conv.*`, constants folded.
    pub(super) fn convert(&mut self, c: PureConvert, v: PureOperand, s: PureScalar) -> Result<Tree, Refused> {
        use PureScalar as S;
        use PureStored as P;
        let int = |x: i64| -> Option<i64> {
            match c {
                PureConvert::Int(P::I8) => Some(i64::from(x as i8)),
                PureConvert::Int(P::U8) => Some(i64::from(x as u8)),
                PureConvert::Int(P::I16) => Some(i64::from(x as i16)),
                PureConvert::Int(P::U16) => Some(i64::from(x as u16)),
                PureConvert::Int(P::I32 | P::U32) => Some(i64::from(x as i32)),
                PureConvert::Int(P::I64) => Some(x),
                _ => None,
            }
        };
        let to = match c {
            PureConvert::Int(P::I64 | P::U64 | P::ISize | P::USize) => S::I64,
            PureConvert::Int(_) => S::I32,
            PureConvert::F32 => S::F32,
            PureConvert::F64 | PureConvert::F64Unsigned => S::F64,
        };
        if matches!(s, S::F32 | S::F64) && matches!(c, PureConvert::Int(_) | PureConvert::F64Unsigned) {
            return refuse("it converts a float to an integer (out-of-range results differ)");
        }
        if matches!(c, PureConvert::Int(P::Bool | P::F32 | P::F64)) {
            return refuse("internal: not an integer conversion");
        }
        // Identities and constants need no statement.
        match (c, s, v) {
            (PureConvert::Int(P::I32 | P::U32), S::I32, _)
            | (PureConvert::Int(P::I64 | P::U64), S::I64, _)
            | (PureConvert::F32, S::F32, _)
            | (PureConvert::F64, S::F64, _) => return Ok(Tree::Val(v, s)),
            (PureConvert::Int(P::U64), S::I32, PureOperand::I32(x)) => {
                return Ok(Tree::Val(PureOperand::I64(i64::from(x as u32)), S::I64))
            }
            (PureConvert::Int(_), _, PureOperand::I32(x)) => {
                if let Some(r) = int(i64::from(x)) {
                    return Ok(match to {
                        S::I64 => Tree::Val(PureOperand::I64(r), S::I64),
                        _ => Tree::Val(PureOperand::I32(r as i32), S::I32),
                    });
                }
            }
            _ => {}
        }
        self.emit(to, PureOp::Convert(c, s, v))
    }

    /// Executes `frame` from its first instruction to its `ret`; the returned value.
    pub(super) fn run(&mut self, frame: Frame, ret: Option<&FieldTy>) -> Result<Option<Tree>, Refused> {
        let owner = DefRef {
            asm: frame.asm,
            idx: frame.method.parent_type(),
        };
        let body = body_of(owner, frame.method)?;
        if super::pure_body::inexact_intrinsic(owner, frame.method) {
            // Its IL is what Mono 6.8's JIT runs; CoreCLR's JIT may run its own instructions in
            // its place: the translation follows Mono's build, as `Vector.IsHardwareAccelerated`'s
            // answer does, and runs managed beside any other.
            self.types.read.insert("mscorlib".to_string());
        }
        if !body.data_sections.is_empty() {
            return refuse("it has exception handling");
        }
        let mut locals = Vec::new();
        for l in &body.header.local_variables {
            let LocalVariable::Variable {
                by_ref: false,
                pinned: false,
                var_type,
                ..
            } = l
            else {
                return refuse("it has a reference or pinned local");
            };
            let ty = self.types.var_ty(frame.asm, var_type)?;
            locals.push((self.new_slot(Tree::zero(&ty)), ty));
        }
        self.exec_frame(&frame, body, &locals, ret)
    }

    /// Executes `frame`'s body to its `ret`s. Its instructions run in increasing order: a
    /// branch on a computed value leaves one state on each way, each with the condition
    /// under which it runs, and states that reach the same instruction meet there
    /// (`read/pure_branch.rs`), as do the states that return. Every operation is pure and
    /// cannot trap, so computing a way not taken changes nothing.
    ///
    /// A loop is unrolled: a backward branch jumps back like any other, on a constant
    /// condition as taken, on a computed one as a state waiting at its target (the smallest
    /// pending instruction, so it runs next) while the way out waits after the branch. When
    /// the backward branch runs, every other waiting state is past it (a state stops at the
    /// first waiting instruction it reaches), so the unrolled iterations never meet states of
    /// an earlier iteration inside the loop; ways out of every iteration meet after it. A loop
    /// whose count the constants do not bound runs into [`MAX_STEPS`] (or [`MAX_STMTS`]) and
    /// the method is refused with that reason.
    pub(super) fn exec_frame(
        &mut self,
        frame: &Frame,
        body: &'static dotnetdll::resolved::body::Method,
        locals: &[(usize, FieldTy)],
        ret: Option<&FieldTy>,
    ) -> Result<Option<Tree>, Refused> {
        // Slots made while the frame runs belong to calls that return within one
        // instruction: between instructions only older ones are live.
        let base = self.slots.len();
        let mut pending: BTreeMap<usize, Vec<State>> = BTreeMap::new();
        pending.insert(0, vec![self.state(None, Vec::new())]);
        let mut returned: Vec<(State, Option<Tree>)> = Vec::new();
        while let Some((mut pc, states)) = pending.pop_first() {
            let state = self.meet(states, base)?;
            let (cond, mut stack) = (state.cond, state.stack);
            (self.slots, self.this_written) = (state.slots, state.written);
            loop {
                // Another state may join at `pc` or after it: wait for it there.
                if pending.first_key_value().is_some_and(|(next, _)| *next <= pc) {
                    let s = self.state(cond, stack);
                    pending.entry(pc).or_default().push(s);
                    break;
                }
                self.steps += 1;
                if self.steps > MAX_STEPS {
                    return refuse(format!("it runs past {MAX_STEPS} instructions{}", self.unbounded()));
                }
                let Some(ins) = body.instructions.get(pc) else {
                    return refuse("it runs off the end of its body");
                };
                if super::pure_branch::branch_target(ins).is_some_and(|t| t <= pc) {
                    self.looped = true;
                }
                pc += 1;
                let (value, taken, jump) = match ins {
                    I::Return => {
                        let v = match ret {
                            None => None,
                            Some(ty) => {
                                let v = pop_value(&mut stack)?;
                                Some(self.convert_to(v, ty)?)
                            }
                        };
                        let s = self.state(cond, Vec::new());
                        returned.push((s, v));
                        break;
                    }
                    I::Branch(t) => {
                        pc = *t;
                        continue;
                    }
                    I::BranchTruthy(t) | I::BranchFalsy(t) => {
                        let v = self.scalar(pop_value(&mut stack)?)?;
                        (v, matches!(ins, I::BranchTruthy(_)), *t)
                    }
                    I::BranchEqual(t)
                    | I::BranchNotEqual(t)
                    | I::BranchGreater(_, t)
                    | I::BranchGreaterOrEqual(_, t)
                    | I::BranchLess(_, t)
                    | I::BranchLessOrEqual(_, t) => {
                        let (b, sb) = self.scalar(pop_value(&mut stack)?)?;
                        let (a, sa) = self.scalar(pop_value(&mut stack)?)?;
                        if sa != sb {
                            return refuse(format!("it compares {sa:?} with {sb:?}"));
                        }
                        let (op, when) = compare_branch(ins, matches!(sa, PureScalar::F32 | PureScalar::F64));
                        let Tree::Val(c, _) = self.emit(PureScalar::I32, PureOp::Compare(op, sa, a, b))? else {
                            return refuse("internal: a comparison is not a value");
                        };
                        ((c, PureScalar::I32), when, *t)
                    }
                    other => {
                        self.step(other, frame, locals, &mut stack)?;
                        continue;
                    }
                };
                // `value` non-zero jumps when `taken`, else falls through.
                match value.0 {
                    PureOperand::I32(x) if (x != 0) == taken => pc = jump,
                    PureOperand::I64(x) if (x != 0) == taken => pc = jump,
                    PureOperand::I32(_) | PureOperand::I64(_) => {}
                    PureOperand::F32(_) | PureOperand::F64(_) => return refuse("it branches on a float"),
                    PureOperand::Temp(_) => {
                        let (on_jump, on_fall) = self.split(cond, value, taken)?;
                        let s = State {
                            cond: Some(on_jump),
                            slots: self.slots.clone(),
                            written: self.this_written,
                            stack: stack.clone(),
                        };
                        pending.entry(jump).or_default().push(s);
                        let s = self.state(Some(on_fall), stack);
                        pending.entry(pc).or_default().push(s);
                        break;
                    }
                }
            }
        }
        let mut value = None;
        let mut last: Option<State> = None;
        // The first return's values win where its condition holds, then the next, …
        for (state, v) in returned.into_iter().rev() {
            match last.take() {
                None => {
                    value = v;
                    last = Some(state);
                }
                Some(later) => {
                    let cond = state.cond;
                    value = match (v, value) {
                        (Some(a), Some(b)) => Some(self.choose(cond, a, b)?),
                        (None, None) => None,
                        _ => return refuse("internal: one way returns a value and another not"),
                    };
                    last = Some(self.meet(vec![state, later], base)?);
                }
            }
        }
        let Some(state) = last else {
            return refuse("it never returns");
        };
        (self.slots, self.this_written) = (state.slots, state.written);
        Ok(value)
    }
}

pub(super) fn pop(stack: &mut Vec<Entry>) -> Result<Entry, Refused> {
    stack.pop().ok_or_else(|| "its stack underflows".to_string())
}

pub(super) fn pop_value(stack: &mut Vec<Entry>) -> Result<Tree, Refused> {
    match pop(stack)? {
        Entry::Value(t) => Ok(t),
        Entry::Addr(..) => refuse("it uses an address as a value"),
    }
}

pub(super) fn pop_addr(stack: &mut Vec<Entry>, ty: &FieldTy) -> Result<(usize, Vec<usize>), Refused> {
    match pop(stack)? {
        Entry::Addr(slot, path, t) if t.same(ty) => Ok((slot, path)),
        Entry::Addr(..) => refuse("it reinterprets an address as another type"),
        Entry::Value(_) => refuse("it uses a value where an address is expected"),
    }
}
