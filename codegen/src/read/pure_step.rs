//! One IL instruction of the symbolic execution (`read/pure_body.rs` documents the accepted
//! IL): its effect on the stack and slots, the statement it adds, or why the body is refused.

use super::assembly_set::{DefRef, Loaded};
use super::definition::type_kind;
use super::pure_body::{Refused, MAX_DEPTH};
use super::pure_eval::{pop, pop_addr, pop_value, refuse, Arg, Entry, Exec, FieldTy, Frame, Tree};
use crate::model::{
    PureBinary, PureCompare, PureConvert, PureIntrinsic, PureOp, PureOperand, PureScalar, PureStored, TypeKind,
    TypePath,
};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;

impl Exec<'_, '_> {
    pub(super) fn step(
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
                let (idx, _, owner) = self.field(frame.asm, param0)?;
                match pop(stack)? {
                    Entry::Addr(slot, mut path, FieldTy::Struct(l)) if l.path == owner => {
                        path.push(idx);
                        stack.push(Entry::Value(self.read(slot, &path)?));
                    }
                    Entry::Value(Tree::Node(l, mut fields)) if l.path == owner && idx < fields.len() => {
                        let f = fields.swap_remove(idx);
                        let f = match f {
                            Tree::Lazy(_) => {
                                let (v, s) = self.scalar(f)?;
                                Tree::Val(v, s)
                            }
                            f => f,
                        };
                        stack.push(Entry::Value(f));
                    }
                    _ => return refuse("it reads a field of something that is not a struct"),
                }
            }
            I::LoadFieldAddress(f) => {
                let (idx, ty, owner) = self.field(frame.asm, f)?;
                let Entry::Addr(slot, mut path, FieldTy::Struct(l)) = pop(stack)? else {
                    return refuse("it takes a field's address through something that is not an address");
                };
                if l.path != owner {
                    return refuse("it takes a field's address through an address of another type");
                }
                path.push(idx);
                stack.push(Entry::Addr(slot, path, ty));
            }
            I::StoreField { param0, .. } | I::StoreFieldSkipNullCheck(param0) => {
                let (idx, ty, owner) = self.field(frame.asm, param0)?;
                let v = pop_value(stack)?;
                let Entry::Addr(slot, mut path, FieldTy::Struct(l)) = pop(stack)? else {
                    return refuse("it stores a field through something that is not an address");
                };
                if l.path != owner {
                    return refuse("it stores a field through an address of another type");
                }
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
            I::ConvertUnsignedToFloat => {
                // Its rounding of the largest unsigned values is the runtime's (the JITs have
                // differed there): followed as the runtime it was translated beside does it.
                self.types.read.insert("mscorlib".to_string());
                self.conv(stack, PureConvert::F64Unsigned)?
            }
            I::Call { param0, .. } => self.call(frame.asm, param0, stack, false)?,
            I::CallVirtualConstrained(t, m) => {
                // `constrained. float32 callvirt Object::GetHashCode()`: `x.GetHashCode()` on a
                // `float` (the struct methods' hash codes), which is `Single.GetHashCode`.
                // On a struct that declares the method itself, it is that method, called.
                let on = match t {
                    MethodType::Base(b) if matches!(**b, BaseType::Float32) => None,
                    _ => Some(self.types.owner(frame.asm, t)?),
                };
                let callee = self.types.callee(frame.asm, m)?;
                let object_hash =
                    callee.name == "System.Object::GetHashCode" && callee.signature == "instance ()->Int32";
                match on {
                    None if object_hash => self.single_hash(stack)?,
                    Some(d) if object_hash && d.metadata_name() == "System.Single" => self.single_hash(stack)?,
                    Some(d) if type_kind(d) == TypeKind::Struct => {
                        let method = (callee.name.rsplit("::").next().unwrap_or_default(), &callee.signature);
                        let own = d.asm.res.enumerate_methods(d.idx).find(|(_, f)| {
                            f.name == method.0 && self.types.signature_key(d.asm, &f.signature) == *method.1
                        });
                        let Some((mi, _)) = own else {
                            return refuse(format!(
                                "it calls `{}` on `{}`, which does not declare it (a boxed call)",
                                callee.name,
                                d.metadata_name()
                            ));
                        };
                        self.call(d.asm, &MethodSource::User(UserMethod::Definition(mi)), stack, false)?;
                    }
                    _ => return refuse(format!("it uses `CallVirtualConstrained` (`{}`)", callee.name)),
                }
            }
            I::NewObject(u) => self.call(frame.asm, &MethodSource::User(*u), stack, true)?,
            I::AddOverflow(_) | I::SubtractOverflow(_) | I::MultiplyOverflow(_) | I::ConvertOverflow(..) => {
                return refuse("it uses checked arithmetic (`.ovf`)")
            }
            other => return refuse(format!("it uses `{}`", opcode_name(other))),
        }
        Ok(())
    }

    /// The index and type of an instance field of a struct, and the struct.
    fn field(&mut self, asm: &'static Loaded, f: &FieldSource) -> Result<(usize, FieldTy, TypePath), Refused> {
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
            .map(|i| (i, layout.fields[i].1.clone(), layout.path.clone()))
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
        if let Some(equal) = native_int_equality(&callee.name, &callee.signature) {
            // `IntPtr == IntPtr` (C# before native-sized integers calls the operator): each
            // runtime's IL reads a `void*` field; the operator compares the two integers on
            // every build, so no build is followed.
            self.compare(stack, PureCompare::Eq)?;
            if !equal {
                let (v, _) = self.scalar(pop_value(stack)?)?;
                let t = self.emit(
                    PureScalar::I32,
                    PureOp::Compare(PureCompare::Eq, PureScalar::I32, v, PureOperand::I32(0)),
                )?;
                stack.push(Entry::Value(t));
            }
            return Ok(());
        }
        // The callee's build is followed, inlined or as an intrinsic (which stands for its
        // own assembly's method: Mono's `Math.Sqrt` is mscorlib's).
        self.types.read.insert(callee.owner.asm.name.clone());
        let name = callee.name;
        if name == "System.Single::GetHashCode" && callee.signature == "instance ()->Int32" {
            return self.single_hash(stack);
        }
        if matches!(name.as_str(), "System.Math::Sin" | "System.Math::Cos") {
            // Not the C library's: the property tests found `Math.Cos(π/2)` is 6.123032e-17
            // under Mono (x87 `fcos`), 6.123234e-17 in Rust.
            return refuse(format!(
                "it calls `{name}`, which Mono 6.8's JIT computes with x87 instructions (Rust's differs in the last bits)"
            ));
        }
        if let Some(intrinsic) = intrinsic(&name, &callee.signature) {
            match intrinsic {
                None => {
                    // What the runtime answers (Mono 6.8: false), not what any IL computes.
                    self.types.read.insert("mscorlib".to_string());
                    stack.push(Entry::Value(Tree::Val(PureOperand::I32(0), PureScalar::I32)))
                }
                Some(f) => {
                    let (v, s) = self.scalar(pop_value(stack)?)?;
                    // Each keeps its argument's type, but a float's bits are an `int`.
                    let result = if f == PureIntrinsic::F32Bits {
                        PureScalar::I32
                    } else {
                        s
                    };
                    let t = self.emit(result, PureOp::Intrinsic(f, vec![v]))?;
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
        // A class's static method computes on its arguments alone like a struct's (a pure
        // helper such as `HashHelpers.Combine`); an instance method needs an object.
        match type_kind(owner) {
            TypeKind::Struct => {}
            TypeKind::Class if !callee.signature.instance && !new => {}
            TypeKind::Class => return refuse(format!("it calls `{name}`, an instance method of a class")),
            other => return refuse(format!("it calls `{name}`, a method of a {other:?}")),
        }
        super::pure_body::precise_initializer(owner).map_err(|why| format!("it calls `{name}`: {why}"))?;
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
        let mut new_slot = None;
        if sig.instance {
            let this_ty = FieldTy::Struct(self.types.layout(owner)?);
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
}

impl Exec<'_, '_> {
    /// `Single.GetHashCode` on the `float` whose address is on the stack, as Mono 6.8's
    /// mscorlib computes it: the value's bits, except that every NaN and both zeros keep only
    /// their exponent bits (`bits & 0x7F800000` when `((bits - 1) & 0x7FFFFFFF) >= 0x7F800000`).
    fn single_hash(&mut self, stack: &mut Vec<Entry>) -> Result<(), Refused> {
        // mscorlib's answer (CoreCLR's `float.GetHashCode` is another).
        self.types.read.insert("mscorlib".to_string());
        let (slot, path) = pop_addr(stack, &FieldTy::Prim(PureStored::F32))?;
        let value = self.read(slot, &path)?;
        let (v, _) = self.scalar(value)?;
        let bits = self.value_of(PureScalar::I32, PureOp::Intrinsic(PureIntrinsic::F32Bits, vec![v]))?;
        let less = self.value_of(
            PureScalar::I32,
            PureOp::Binary(PureBinary::Sub, bits, PureOperand::I32(1)),
        )?;
        let low = self.value_of(
            PureScalar::I32,
            PureOp::Binary(PureBinary::And, less, PureOperand::I32(0x7FFF_FFFF)),
        )?;
        // `low` is never negative: a signed `>` is the unsigned one.
        let nan_or_zero = self.value_of(
            PureScalar::I32,
            PureOp::Compare(PureCompare::Gt, PureScalar::I32, low, PureOperand::I32(0x7F7F_FFFF)),
        )?;
        let exponent = self.value_of(
            PureScalar::I32,
            PureOp::Binary(PureBinary::And, bits, PureOperand::I32(0x7F80_0000)),
        )?;
        let hash = self.emit(PureScalar::I32, PureOp::Select(nan_or_zero, exponent, bits))?;
        stack.push(Entry::Value(hash));
        Ok(())
    }

    fn value_of(&mut self, ty: PureScalar, op: PureOp) -> Result<PureOperand, Refused> {
        match self.emit(ty, op)? {
            Tree::Val(v, _) => Ok(v),
            _ => refuse("internal: an operation is not a value"),
        }
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
        ("System.MathF::Sin", "(Float32,)->Float32") => Some(Some(PureIntrinsic::SinF32)),
        ("System.MathF::Cos", "(Float32,)->Float32") => Some(Some(PureIntrinsic::CosF32)),
        ("System.MathF::Tan", "(Float32,)->Float32") => Some(Some(PureIntrinsic::TanF32)),
        ("System.MathF::Acos", "(Float32,)->Float32") => Some(Some(PureIntrinsic::AcosF32)),
        ("System.BitConverter::SingleToInt32Bits", "(Float32,)->Int32") => Some(Some(PureIntrinsic::F32Bits)),
        ("System.Numerics.Vector::get_IsHardwareAccelerated", "()->Boolean") => Some(None),
        _ => None,
    }
}

/// `IntPtr`'s and `UIntPtr`'s `==` (`Some(true)`) and `!=` (`Some(false)`).
fn native_int_equality(name: &str, signature: &str) -> Option<bool> {
    match (name, signature) {
        ("System.IntPtr::op_Equality", "(IntPtr,IntPtr,)->Boolean")
        | ("System.UIntPtr::op_Equality", "(UIntPtr,UIntPtr,)->Boolean") => Some(true),
        ("System.IntPtr::op_Inequality", "(IntPtr,IntPtr,)->Boolean")
        | ("System.UIntPtr::op_Inequality", "(UIntPtr,UIntPtr,)->Boolean") => Some(false),
        _ => None,
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
