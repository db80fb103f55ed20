//! The symbolic execution behind `read/pure_body.rs` (which documents the accepted IL):
//! slots, the evaluation stack, and one function per instruction family.

use super::assembly_set::{DefRef, Loaded};
use super::definition::type_kind;
use super::pure_body::{body_of, Refused, Types, MAX_DEPTH, MAX_STEPS, MAX_STMTS};
use crate::model::{
    PureBinary, PureBody, PureCompare, PureConvert, PureInput, PureIntrinsic, PureOp, PureOperand, PureRoot,
    PureScalar, PureStmt, PureStored, PureValue, TypeKind, TypePath,
};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;
use std::collections::BTreeSet;
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
    fn same(&self, other: &FieldTy) -> bool {
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

    fn input_at(ty: &FieldTy, root: PureRoot, root_ty: &Option<TypePath>, fields: Vec<String>) -> Tree {
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
enum Entry {
    Value(Tree),
    /// A managed pointer: slot, field indices, pointee type.
    Addr(usize, Vec<usize>, FieldTy),
}

/// The state of one symbolic execution.
pub(super) struct Exec<'t, 's> {
    pub types: &'t mut Types<'s>,
    slots: Vec<Tree>,
    stmts: Vec<PureStmt>,
    steps: usize,
    calls: Vec<(usize, MethodIndex)>,
    /// The slot `this` of the translated method points at.
    pub this_slot: Option<usize>,
    /// Something was stored into it.
    pub this_written: bool,
}

fn refuse<T>(why: impl Into<String>) -> Result<T, Refused> {
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
        }
    }

    pub(super) fn new_slot(&mut self, t: Tree) -> usize {
        self.slots.push(t);
        self.slots.len() - 1
    }

    /// The current value of a slot, inputs read.
    pub(super) fn slot_value(&mut self, slot: usize) -> Tree {
        self.slots[slot].clone()
    }

    fn emit(&mut self, ty: PureScalar, op: PureOp) -> Result<Tree, Refused> {
        if self.stmts.len() >= MAX_STMTS {
            return refuse(format!("it grows past {MAX_STMTS} operations"));
        }
        let temp = u32::try_from(self.stmts.len()).unwrap_or(u32::MAX);
        self.stmts.push(PureStmt { temp, ty, op });
        Ok(Tree::Val(PureOperand::Temp(temp), ty))
    }

    /// A primitive's stack value (an input is read by a statement).
    fn scalar(&mut self, t: Tree) -> Result<(PureOperand, PureScalar), Refused> {
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
    fn read(&mut self, slot: usize, path: &[usize]) -> Result<Tree, Refused> {
        let mut t = &self.slots[slot];
        for &i in path {
            let Tree::Node(_, fields) = t else {
                return refuse("internal: a field of a number");
            };
            t = &fields[i];
        }
        let t = t.clone();
        if let Tree::Lazy(_) = t {
            let (v, s) = self.scalar(t)?;
            self.write_raw(slot, path, Tree::Val(v, s))?;
            return Ok(Tree::Val(v, s));
        }
        Ok(t)
    }

    fn write_raw(&mut self, slot: usize, path: &[usize], value: Tree) -> Result<(), Refused> {
        let mut t = &mut self.slots[slot];
        for &i in path {
            let Tree::Node(_, fields) = t else {
                return refuse("internal: a field of a number");
            };
            t = &mut fields[i];
        }
        *t = value;
        Ok(())
    }

    fn write(&mut self, slot: usize, path: &[usize], value: Tree) -> Result<(), Refused> {
        if Some(slot) == self.this_slot {
            self.this_written = true;
        }
        self.write_raw(slot, path, value)
    }

    /// A value stored as `ty`: primitives truncated to it (and read back as a load would).
    fn convert_to(&mut self, value: Tree, ty: &FieldTy) -> Result<Tree, Refused> {
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

    fn store_scalar(&mut self, v: PureOperand, s: PureScalar, p: PureStored) -> Result<Tree, Refused> {
        use PureScalar as S;
        use PureStored as P;
        match (p, s) {
            (P::F32, S::F32) | (P::F64, S::F64) | (P::I32 | P::U32, S::I32) | (P::I64 | P::U64, S::I64) => {
                Ok(Tree::Val(v, s))
            }
            (P::F32, S::F64) => self.emit(S::F32, PureOp::Convert(PureConvert::F32, s, v)),
            (P::F64, S::F32) => self.emit(S::F64, PureOp::Convert(PureConvert::F64, s, v)),
            (P::Bool, S::I32) => match v {
                PureOperand::I32(0 | 1) => Ok(Tree::Val(v, s)),
                _ => refuse("it stores a computed `bool`"),
            },
            (P::I8 | P::U8 | P::I16 | P::U16, S::I32) => self.convert(PureConvert::Int(p), v, s),
            _ => refuse(format!("it stores a {s:?} value as {p:?}")),
        }
    }

    /// `conv.*`, constants folded.
    fn convert(&mut self, c: PureConvert, v: PureOperand, s: PureScalar) -> Result<Tree, Refused> {
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
            PureConvert::Int(P::I64 | P::U64) => S::I64,
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
        let mut stack: Vec<Entry> = Vec::new();
        let mut pc = 0;
        loop {
            self.steps += 1;
            if self.steps > MAX_STEPS {
                return refuse(format!("it runs past {MAX_STEPS} instructions"));
            }
            let Some(ins) = body.instructions.get(pc) else {
                return refuse("it runs off the end of its body");
            };
            pc += 1;
            match ins {
                I::Return => {
                    return match ret {
                        None => Ok(None),
                        Some(ty) => {
                            let v = pop_value(&mut stack)?;
                            Ok(Some(self.convert_to(v, ty)?))
                        }
                    };
                }
                I::Branch(t) => pc = *t,
                I::BranchTruthy(t) | I::BranchFalsy(t) => {
                    let (v, _) = self.scalar(pop_value(&mut stack)?)?;
                    let truthy = match v {
                        PureOperand::I32(x) => x != 0,
                        PureOperand::I64(x) => x != 0,
                        _ => return refuse("it branches on a computed value"),
                    };
                    if truthy == matches!(ins, I::BranchTruthy(_)) {
                        pc = *t;
                    }
                }
                other => self.step(other, &frame, &locals, &mut stack)?,
            }
        }
    }

    fn step(
        &mut self,
        ins: &Instruction,
        frame: &Frame,
        locals: &[(usize, FieldTy)],
        stack: &mut Vec<Entry>,
    ) -> Result<(), Refused> {
        let local = |i: &u16| locals.get(usize::from(*i)).ok_or("internal: no such local".to_string());
        let arg = |i: &u16| {
            frame
                .args
                .get(usize::from(*i))
                .ok_or("internal: no such argument".to_string())
        };
        match ins {
            I::NoOperation => {}
            I::Pop => drop(pop(stack)?),
            I::Duplicate => {
                let e = pop(stack)?;
                stack.push(e.clone());
                stack.push(e);
            }
            I::LoadConstantInt32(x) => stack.push(Entry::Value(Tree::Val(PureOperand::I32(*x), PureScalar::I32))),
            I::LoadConstantInt64(x) => stack.push(Entry::Value(Tree::Val(PureOperand::I64(*x), PureScalar::I64))),
            I::LoadConstantFloat32(x) => {
                stack.push(Entry::Value(Tree::Val(PureOperand::F32(x.to_bits()), PureScalar::F32)));
            }
            I::LoadConstantFloat64(x) => {
                stack.push(Entry::Value(Tree::Val(PureOperand::F64(x.to_bits()), PureScalar::F64)));
            }
            I::LoadLocal(i) => {
                let (slot, _) = local(i)?;
                stack.push(Entry::Value(self.read(*slot, &[])?));
            }
            I::StoreLocal(i) => {
                let (slot, ty) = local(i)?;
                let v = self.convert_to(pop_value(stack)?, ty)?;
                self.write(*slot, &[], v)?;
            }
            I::LoadLocalAddress(i) => {
                let (slot, ty) = local(i)?;
                stack.push(Entry::Addr(*slot, Vec::new(), ty.clone()));
            }
            I::LoadArgument(i) => match arg(i)? {
                Arg::Value(slot, _) => stack.push(Entry::Value(self.read(*slot, &[])?)),
                Arg::Addr(slot, path, ty) => stack.push(Entry::Addr(*slot, path.clone(), ty.clone())),
            },
            I::StoreArgument(i) => match arg(i)? {
                Arg::Value(slot, ty) => {
                    let v = self.convert_to(pop_value(stack)?, ty)?;
                    self.write(*slot, &[], v)?;
                }
                Arg::Addr(..) => return refuse("it replaces `this` or a `ref` argument's address"),
            },
            I::LoadArgumentAddress(i) => match arg(i)? {
                Arg::Value(slot, ty) => stack.push(Entry::Addr(*slot, Vec::new(), ty.clone())),
                Arg::Addr(..) => return refuse("it takes the address of `this` or of a `ref` argument"),
            },
            I::LoadField { param0, .. } | I::LoadFieldSkipNullCheck(param0) => {
                let (idx, ty) = self.field(frame.asm, param0)?;
                match pop(stack)? {
                    Entry::Addr(slot, mut path, FieldTy::Struct(_)) => {
                        path.push(idx);
                        stack.push(Entry::Value(self.read(slot, &path)?));
                    }
                    Entry::Value(Tree::Node(_, mut fields)) if idx < fields.len() => {
                        let f = fields.swap_remove(idx);
                        let f = match f {
                            Tree::Lazy(_) => {
                                let (v, s) = self.scalar(f)?;
                                Tree::Val(v, s)
                            }
                            f => f,
                        };
                        let _ = ty;
                        stack.push(Entry::Value(f));
                    }
                    _ => return refuse("it reads a field of something that is not a struct"),
                }
            }
            I::LoadFieldAddress(f) => {
                let (idx, ty) = self.field(frame.asm, f)?;
                let Entry::Addr(slot, mut path, FieldTy::Struct(_)) = pop(stack)? else {
                    return refuse("it takes a field's address through something that is not an address");
                };
                path.push(idx);
                stack.push(Entry::Addr(slot, path, ty));
            }
            I::StoreField { param0, .. } | I::StoreFieldSkipNullCheck(param0) => {
                let (idx, ty) = self.field(frame.asm, param0)?;
                let v = pop_value(stack)?;
                let Entry::Addr(slot, mut path, FieldTy::Struct(_)) = pop(stack)? else {
                    return refuse("it stores a field through something that is not an address");
                };
                let v = self.convert_to(v, &ty)?;
                path.push(idx);
                self.write(slot, &path, v)?;
            }
            I::LoadObject { param0, .. } => {
                let ty = self.types.var_ty(frame.asm, param0)?;
                let (slot, path) = pop_addr(stack, &ty)?;
                stack.push(Entry::Value(self.read(slot, &path)?));
            }
            I::StoreObject { param0, .. } => {
                let ty = self.types.var_ty(frame.asm, param0)?;
                let v = self.convert_to(pop_value(stack)?, &ty)?;
                let (slot, path) = pop_addr(stack, &ty)?;
                self.write(slot, &path, v)?;
            }
            I::InitializeForObject(t) => {
                let ty = self.types.var_ty(frame.asm, t)?;
                let (slot, path) = pop_addr(stack, &ty)?;
                self.write(slot, &path, Tree::zero(&ty))?;
            }
            I::LoadIndirect { param0, .. } => {
                let Some(p) = load_type(*param0) else {
                    return refuse(format!("it uses `ldind` of {param0:?}"));
                };
                let (slot, path) = pop_addr(stack, &FieldTy::Prim(p))?;
                stack.push(Entry::Value(self.read(slot, &path)?));
            }
            I::StoreIndirect { param0, .. } => {
                let v = pop_value(stack)?;
                let Entry::Addr(slot, path, FieldTy::Prim(p)) = pop(stack)? else {
                    return refuse("it uses `stind` on something that is not a primitive's address");
                };
                if store_type(*param0) != Some(p.scalar()) {
                    return refuse(format!("it uses `stind` of {param0:?} on a {p:?}"));
                }
                let v = self.convert_to(v, &FieldTy::Prim(p))?;
                self.write(slot, &path, v)?;
            }
            I::Add => self.binary(stack, PureBinary::Add)?,
            I::Subtract => self.binary(stack, PureBinary::Sub)?,
            I::Multiply => self.binary(stack, PureBinary::Mul)?,
            I::Divide(NumberSign::Signed) => self.binary(stack, PureBinary::Div)?,
            I::Divide(NumberSign::Unsigned) => self.binary(stack, PureBinary::DivUn)?,
            I::Remainder(NumberSign::Signed) => self.binary(stack, PureBinary::Rem)?,
            I::Remainder(NumberSign::Unsigned) => self.binary(stack, PureBinary::RemUn)?,
            I::And => self.binary(stack, PureBinary::And)?,
            I::Or => self.binary(stack, PureBinary::Or)?,
            I::Xor => self.binary(stack, PureBinary::Xor)?,
            I::ShiftLeft => self.binary(stack, PureBinary::Shl)?,
            I::ShiftRight(NumberSign::Signed) => self.binary(stack, PureBinary::Shr)?,
            I::ShiftRight(NumberSign::Unsigned) => self.binary(stack, PureBinary::ShrUn)?,
            I::Negate | I::Not => {
                let (v, s) = self.scalar(pop_value(stack)?)?;
                let op = if matches!(ins, I::Negate) {
                    PureOp::Negate(v)
                } else if matches!(s, PureScalar::F32 | PureScalar::F64) {
                    return refuse("it uses `not` on a float");
                } else {
                    PureOp::Not(v)
                };
                let t = self.emit(s, op)?;
                stack.push(Entry::Value(t));
            }
            I::CompareEqual => self.compare(stack, PureCompare::Eq)?,
            I::CompareGreater(NumberSign::Signed) => self.compare(stack, PureCompare::Gt)?,
            I::CompareGreater(NumberSign::Unsigned) => self.compare(stack, PureCompare::GtUn)?,
            I::CompareLess(NumberSign::Signed) => self.compare(stack, PureCompare::Lt)?,
            I::CompareLess(NumberSign::Unsigned) => self.compare(stack, PureCompare::LtUn)?,
            I::Convert(c) => {
                let to = match c {
                    ConversionType::Int8 => PureStored::I8,
                    ConversionType::UInt8 => PureStored::U8,
                    ConversionType::Int16 => PureStored::I16,
                    ConversionType::UInt16 => PureStored::U16,
                    ConversionType::Int32 => PureStored::I32,
                    ConversionType::UInt32 => PureStored::U32,
                    ConversionType::Int64 => PureStored::I64,
                    ConversionType::UInt64 => PureStored::U64,
                    ConversionType::IntPtr | ConversionType::UIntPtr => {
                        return refuse("it converts to a native integer")
                    }
                };
                self.conv(stack, PureConvert::Int(to))?;
            }
            I::ConvertFloat32 => self.conv(stack, PureConvert::F32)?,
            I::ConvertFloat64 => self.conv(stack, PureConvert::F64)?,
            I::ConvertUnsignedToFloat => self.conv(stack, PureConvert::F64Unsigned)?,
            I::Call { param0, .. } => self.call(frame.asm, param0, stack, false)?,
            I::NewObject(u) => self.call(frame.asm, &MethodSource::User(*u), stack, true)?,
            I::AddOverflow(_) | I::SubtractOverflow(_) | I::MultiplyOverflow(_) | I::ConvertOverflow(..) => {
                return refuse("it uses checked arithmetic (`.ovf`)")
            }
            other => return refuse(format!("it uses `{}`", opcode_name(other))),
        }
        Ok(())
    }

    /// The index and type of an instance field of a struct.
    fn field(&mut self, asm: &'static Loaded, f: &FieldSource) -> Result<(usize, FieldTy), Refused> {
        let (owner, name) = match f {
            FieldSource::Definition(fi) => (
                DefRef {
                    asm,
                    idx: fi.parent_type(),
                },
                asm.res[*fi].name.to_string(),
            ),
            FieldSource::Reference(fr) => {
                let r = &asm.res[*fr];
                let FieldReferenceParent::Type(t) = &r.parent else {
                    return refuse("it uses a module's field");
                };
                (self.types.owner(asm, t)?, r.name.to_string())
            }
        };
        if type_kind(owner) != TypeKind::Struct {
            return refuse(format!(
                "it uses the field `{name}` of the class `{}`",
                owner.metadata_name()
            ));
        }
        let layout = self.types.layout(owner)?;
        layout
            .fields
            .iter()
            .position(|(n, _)| *n == name)
            .map(|i| (i, layout.fields[i].1.clone()))
            .ok_or_else(|| format!("it uses `{}.{name}`, not an instance field", owner.metadata_name()))
    }

    fn binary(&mut self, stack: &mut Vec<Entry>, op: PureBinary) -> Result<(), Refused> {
        let (b, sb) = self.scalar(pop_value(stack)?)?;
        let (a, sa) = self.scalar(pop_value(stack)?)?;
        let float = matches!(sa, PureScalar::F32 | PureScalar::F64);
        let shift = matches!(op, PureBinary::Shl | PureBinary::Shr | PureBinary::ShrUn);
        if shift {
            if float || sb != PureScalar::I32 {
                return refuse("it shifts a float or by a non-`int32` count");
            }
        } else if sa != sb {
            return refuse(format!("it mixes {sa:?} and {sb:?} in one operation"));
        }
        match op {
            PureBinary::And | PureBinary::Or | PureBinary::Xor | PureBinary::DivUn | PureBinary::RemUn if float => {
                return refuse(format!("it uses {op:?} on floats"));
            }
            PureBinary::Div | PureBinary::DivUn | PureBinary::Rem | PureBinary::RemUn if !float => {
                let safe = match b {
                    PureOperand::I32(x) => x != 0 && x != -1,
                    PureOperand::I64(x) => x != 0 && x != -1,
                    _ => false,
                };
                if !safe {
                    return refuse("it divides integers by a value that may be 0 or -1 (.NET throws)");
                }
            }
            _ => {}
        }
        let t = self.emit(sa, PureOp::Binary(op, a, b))?;
        stack.push(Entry::Value(t));
        Ok(())
    }

    fn compare(&mut self, stack: &mut Vec<Entry>, op: PureCompare) -> Result<(), Refused> {
        let (b, sb) = self.scalar(pop_value(stack)?)?;
        let (a, sa) = self.scalar(pop_value(stack)?)?;
        if sa != sb {
            return refuse(format!("it compares {sa:?} with {sb:?}"));
        }
        let t = self.emit(PureScalar::I32, PureOp::Compare(op, sa, a, b))?;
        stack.push(Entry::Value(t));
        Ok(())
    }

    fn conv(&mut self, stack: &mut Vec<Entry>, c: PureConvert) -> Result<(), Refused> {
        let (v, s) = self.scalar(pop_value(stack)?)?;
        let t = self.convert(c, v, s)?;
        stack.push(Entry::Value(t));
        Ok(())
    }

    /// `call` (or `newobj` when `new`): an intrinsic, or the callee inlined.
    fn call(
        &mut self,
        asm: &'static Loaded,
        m: &MethodSource,
        stack: &mut Vec<Entry>,
        new: bool,
    ) -> Result<(), Refused> {
        let callee = self.types.callee(asm, m)?;
        let name = callee.name;
        if let Some(intrinsic) = intrinsic(&name, &callee.signature) {
            match intrinsic {
                None => stack.push(Entry::Value(Tree::Val(PureOperand::I32(0), PureScalar::I32))),
                Some(f) => {
                    let (v, s) = self.scalar(pop_value(stack)?)?;
                    let t = self.emit(s, PureOp::Intrinsic(f, v))?;
                    stack.push(Entry::Value(t));
                }
            }
            return Ok(());
        }
        let owner = callee.owner;
        let Some(mi) = callee.method else {
            return refuse(format!("it calls `{name}`, which is not found"));
        };
        let callee = &owner.asm.res[mi];
        if type_kind(owner) != TypeKind::Struct {
            return refuse(format!("it calls `{name}`, a method of a class"));
        }
        let key = (std::ptr::from_ref(owner.asm) as usize, mi);
        if self.calls.contains(&key) {
            return refuse(format!("it calls `{name}` recursively"));
        }
        if self.calls.len() >= MAX_DEPTH {
            return refuse("its calls nest too deeply");
        }
        let sig = &callee.signature;
        let mut args = Vec::new();
        for (i, p) in sig.parameters.iter().enumerate().rev() {
            let arg = match &p.1 {
                ParameterType::Value(t) => {
                    let ty = self.types.var_ty(owner.asm, t)?;
                    let v = self.convert_to(pop_value(stack)?, &ty)?;
                    Arg::Value(self.new_slot(v), ty)
                }
                ParameterType::Ref(t) => {
                    let ty = self.types.var_ty(owner.asm, t)?;
                    let (slot, path) = pop_addr(stack, &ty)?;
                    Arg::Addr(slot, path, ty)
                }
                ParameterType::TypedReference => {
                    return refuse(format!("`{name}` takes parameter {i} as a TypedReference"))
                }
            };
            args.push(arg);
        }
        let this_ty = FieldTy::Struct(self.types.layout(owner)?);
        let mut new_slot = None;
        if sig.instance {
            if new {
                let slot = self.new_slot(Tree::zero(&this_ty));
                new_slot = Some(slot);
                args.push(Arg::Addr(slot, Vec::new(), this_ty));
            } else {
                let (slot, path) = pop_addr(stack, &this_ty)?;
                args.push(Arg::Addr(slot, path, this_ty));
            }
        }
        args.reverse();
        let ret = match &sig.return_type.1 {
            None => None,
            Some(ParameterType::Value(t)) => Some(self.types.var_ty(owner.asm, t)?),
            Some(_) => return refuse(format!("`{name}` returns a reference")),
        };
        self.calls.push(key);
        let frame = Frame {
            asm: owner.asm,
            method: mi,
            args,
        };
        let r = self
            .run(frame, ret.as_ref())
            .map_err(|e| format!("calls `{name}`, which: {e}"))?;
        self.calls.pop();
        if let Some(slot) = new_slot {
            let v = self.read(slot, &[])?;
            stack.push(Entry::Value(v));
        } else if let Some(v) = r {
            let v = match v {
                Tree::Lazy(_) => {
                    let (v, s) = self.scalar(v)?;
                    Tree::Val(v, s)
                }
                v => v,
            };
            stack.push(Entry::Value(v));
        }
        Ok(())
    }

    /// The body: statements still needed by the results, numbered in order.
    pub(super) fn finish(
        mut self,
        ret: Option<(Tree, FieldTy)>,
        this: Option<(Tree, FieldTy)>,
        structs: BTreeSet<TypePath>,
    ) -> Result<PureBody, Refused> {
        let ret = ret.map(|(t, ty)| self.value(t, &ty)).transpose()?;
        let this = this.map(|(t, ty)| self.value(t, &ty)).transpose()?;
        let mut used = vec![false; self.stmts.len()];
        let mark = |o: &PureOperand, used: &mut Vec<bool>| {
            if let PureOperand::Temp(t) = o {
                used[*t as usize] = true;
            }
        };
        fn mark_value(v: &PureValue, used: &mut Vec<bool>, mark: &dyn Fn(&PureOperand, &mut Vec<bool>)) {
            match v {
                PureValue::Scalar { value, .. } => mark(value, used),
                PureValue::Struct { fields, .. } => fields.iter().for_each(|(_, f)| mark_value(f, used, mark)),
            }
        }
        for v in ret.iter().chain(this.iter()) {
            mark_value(v, &mut used, &mark);
        }
        for s in self.stmts.iter().rev() {
            if used[s.temp as usize] {
                for o in operands(&s.op) {
                    mark(o, &mut used);
                }
            }
        }
        let mut renumber = vec![0u32; self.stmts.len()];
        let mut stmts = Vec::new();
        for s in self.stmts {
            if used[s.temp as usize] {
                renumber[s.temp as usize] = u32::try_from(stmts.len()).unwrap_or(u32::MAX);
                stmts.push(s);
            }
        }
        let re = |o: &mut PureOperand| {
            if let PureOperand::Temp(t) = o {
                *t = renumber[*t as usize];
            }
        };
        for s in &mut stmts {
            s.temp = renumber[s.temp as usize];
            operands_mut(&mut s.op).into_iter().for_each(re);
        }
        fn re_value(v: &mut PureValue, re: &dyn Fn(&mut PureOperand)) {
            match v {
                PureValue::Scalar { value, .. } => re(value),
                PureValue::Struct { fields, .. } => fields.iter_mut().for_each(|(_, f)| re_value(f, re)),
            }
        }
        let (mut ret, mut this) = (ret, this);
        for v in ret.iter_mut().chain(this.iter_mut()) {
            re_value(v, &re);
        }
        Ok(PureBody {
            stmts,
            ret,
            this,
            structs,
        })
    }

    fn value(&mut self, t: Tree, ty: &FieldTy) -> Result<PureValue, Refused> {
        match (t, ty) {
            (Tree::Node(l, fields), _) => Ok(PureValue::Struct {
                ty: l.path.clone(),
                fields: l
                    .fields
                    .iter()
                    .zip(fields)
                    .map(|((name, fty), f)| Ok((name.clone(), self.value(f, fty)?)))
                    .collect::<Result<_, Refused>>()?,
            }),
            (t, FieldTy::Prim(p)) => {
                let (value, _) = self.scalar(t)?;
                Ok(PureValue::Scalar { value, stored: *p })
            }
            (_, FieldTy::Struct(l)) => refuse(format!("a number is used as a `{}`", l.path.metadata_name)),
        }
    }
}

fn operands(op: &PureOp) -> Vec<&PureOperand> {
    match op {
        PureOp::Load(_) => vec![],
        PureOp::Binary(_, a, b) | PureOp::Compare(_, _, a, b) => vec![a, b],
        PureOp::Negate(a) | PureOp::Not(a) | PureOp::Convert(_, _, a) | PureOp::Intrinsic(_, a) => vec![a],
    }
}

fn operands_mut(op: &mut PureOp) -> Vec<&mut PureOperand> {
    match op {
        PureOp::Load(_) => vec![],
        PureOp::Binary(_, a, b) | PureOp::Compare(_, _, a, b) => vec![a, b],
        PureOp::Negate(a) | PureOp::Not(a) | PureOp::Convert(_, _, a) | PureOp::Intrinsic(_, a) => vec![a],
    }
}

/// The .NET methods with an exact Rust equivalent, by `Type::Method` and resolved
/// signature: `Some(None)` is `Vector.IsHardwareAccelerated` (a constant `false`).
fn intrinsic(name: &str, signature: &str) -> Option<Option<PureIntrinsic>> {
    match (name, signature) {
        ("System.Math::Sqrt", "(Float64,)->Float64") => Some(Some(PureIntrinsic::SqrtF64)),
        ("System.Math::Abs", "(Float32,)->Float32") => Some(Some(PureIntrinsic::AbsF32)),
        ("System.Math::Abs", "(Float64,)->Float64") => Some(Some(PureIntrinsic::AbsF64)),
        ("System.MathF::Sqrt", "(Float32,)->Float32") => Some(Some(PureIntrinsic::SqrtF32)),
        ("System.MathF::Abs", "(Float32,)->Float32") => Some(Some(PureIntrinsic::AbsF32)),
        ("System.Numerics.Vector::get_IsHardwareAccelerated", "()->Boolean") => Some(None),
        _ => None,
    }
}

fn pop(stack: &mut Vec<Entry>) -> Result<Entry, Refused> {
    stack.pop().ok_or_else(|| "its stack underflows".to_string())
}

fn pop_value(stack: &mut Vec<Entry>) -> Result<Tree, Refused> {
    match pop(stack)? {
        Entry::Value(t) => Ok(t),
        Entry::Addr(..) => refuse("it uses an address as a value"),
    }
}

fn pop_addr(stack: &mut Vec<Entry>, ty: &FieldTy) -> Result<(usize, Vec<usize>), Refused> {
    match pop(stack)? {
        Entry::Addr(slot, path, t) if t.same(ty) => Ok((slot, path)),
        Entry::Addr(..) => refuse("it reinterprets an address as another type"),
        Entry::Value(_) => refuse("it uses a value where an address is expected"),
    }
}

fn load_type(t: LoadType) -> Option<PureStored> {
    Some(match t {
        LoadType::Int8 => PureStored::I8,
        LoadType::UInt8 => PureStored::U8,
        LoadType::Int16 => PureStored::I16,
        LoadType::UInt16 => PureStored::U16,
        LoadType::Int32 => PureStored::I32,
        LoadType::UInt32 => PureStored::U32,
        LoadType::Int64 => PureStored::I64,
        LoadType::Float32 => PureStored::F32,
        LoadType::Float64 => PureStored::F64,
        LoadType::IntPtr | LoadType::Object => return None,
    })
}

fn store_type(t: StoreType) -> Option<PureScalar> {
    Some(match t {
        StoreType::Int8 | StoreType::Int16 | StoreType::Int32 => PureScalar::I32,
        StoreType::Int64 => PureScalar::I64,
        StoreType::Float32 => PureScalar::F32,
        StoreType::Float64 => PureScalar::F64,
        StoreType::IntPtr | StoreType::Object => return None,
    })
}

/// The instruction's variant name (`LoadStaticField`), for refusals.
fn opcode_name(ins: &Instruction) -> String {
    let debug = format!("{ins:?}");
    debug
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}
