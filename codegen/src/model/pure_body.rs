//! A struct method's body decoded from its IL into straight-line typed operations (branches
//! become selects), for the
//! plan to translate into Rust (`plan/translate.rs`); `read/pure_body.rs` builds it and says
//! which IL it accepts.
//!
//! Every value is a numbered temporary assigned once ([`PureStmt`]), a constant, or read
//! from an input (`this` or a parameter, at the method's entry). Calls are inlined, so the
//! body names no other method. Struct values are trees of their fields
//! ([`PureValue::Struct`]), by metadata field name.

use super::TypePath;
use std::collections::BTreeSet;

/// A type on the IL evaluation stack (ECMA-335 III.1.1: `int32`, `int64`, `F`). `F` is
/// [`PureScalar::F32`] for a `float32` value: Mono 6.8 computes `float32` arithmetic in
/// single precision (its JIT's `float32` optimization, on by default), which the property
/// tests in `managed-tests/tests/translated.rs` check bit for bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureScalar {
    /// `int32` (also `bool`, `int8` … `uint32` once loaded).
    I32,
    /// `int64`, `uint64`.
    I64,
    /// `float32`.
    F32,
    /// `float64`.
    F64,
}

/// A primitive as stored in a field, parameter, local or return value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureStored {
    /// `bool` (read only: a store of anything but the constants 0 and 1 is refused).
    Bool,
    /// `sbyte`
    I8,
    /// `byte`
    U8,
    /// `short`
    I16,
    /// `ushort`
    U16,
    /// `int`
    I32,
    /// `uint`
    U32,
    /// `long`
    I64,
    /// `ulong`
    U64,
    /// `nint` (`IntPtr`): 64 bits, computed as a `long` (cilbind's targets are 64-bit)
    ISize,
    /// `nuint` (`UIntPtr`): 64 bits, computed as a `long`
    USize,
    /// `float`
    F32,
    /// `double`
    F64,
}

impl PureStored {
    /// The stack type a load of it pushes.
    pub fn scalar(self) -> PureScalar {
        match self {
            PureStored::I64 | PureStored::U64 | PureStored::ISize | PureStored::USize => PureScalar::I64,
            PureStored::F32 => PureScalar::F32,
            PureStored::F64 => PureScalar::F64,
            _ => PureScalar::I32,
        }
    }
}

/// An operand: a temporary or a constant (floats by their bits, so NaN payloads and `-0.0`
/// survive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureOperand {
    /// The temporary assigned by the [`PureStmt`] with this number.
    Temp(u32),
    /// `ldc.i4`
    I32(i32),
    /// `ldc.i8`
    I64(i64),
    /// `ldc.r4`, as bits.
    F32(u32),
    /// `ldc.r8`, as bits.
    F64(u64),
}

/// Where an input lives when the method is entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureRoot {
    /// The value `this` points at.
    This,
    /// Parameter `n` (0-based, `this` not counted).
    Param(usize),
}

/// A primitive read from an input: the root, then the metadata names of the fields down to it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PureInput {
    /// The input.
    pub root: PureRoot,
    /// The root's struct (`None` when the root itself is the primitive).
    pub root_ty: Option<TypePath>,
    /// Field names from the root (empty: the root itself is the primitive).
    pub fields: Vec<String>,
    /// How the primitive is stored.
    pub stored: PureStored,
}

/// A binary operator (`add`, `sub`, `mul` wrap on integers; `div`, `rem` are integer ones
/// only with a constant divisor that cannot trap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureBinary {
    /// `add`
    Add,
    /// `sub`
    Sub,
    /// `mul`
    Mul,
    /// `div` (signed, or IEEE)
    Div,
    /// `div.un`
    DivUn,
    /// `rem` (signed, or IEEE `fmod`)
    Rem,
    /// `rem.un`
    RemUn,
    /// `and`
    And,
    /// `or`
    Or,
    /// `xor`
    Xor,
    /// `shl` (count masked to the width, as x86-64 does)
    Shl,
    /// `shr`
    Shr,
    /// `shr.un`
    ShrUn,
}

/// A comparison, pushing `int32` 1 or 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureCompare {
    /// `ceq`
    Eq,
    /// `cgt`
    Gt,
    /// `cgt.un` (unsigned, or unordered-or-greater for floats)
    GtUn,
    /// `clt`
    Lt,
    /// `clt.un` (unsigned, or unordered-or-less for floats)
    LtUn,
}

/// A conversion target (`conv.*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureConvert {
    /// Truncate to the stored integer and widen back to the stack type (`conv.i1` … `conv.u8`).
    Int(PureStored),
    /// `conv.r4`
    F32,
    /// `conv.r8`
    F64,
    /// `conv.r.un`: an integer read as unsigned, to `float64`.
    F64Unsigned,
}

/// A .NET method with an exact Rust equivalent (`read/pure_body.rs` lists them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PureIntrinsic {
    /// `Math.Sqrt(double)` → `f64::sqrt` (both IEEE correctly rounded).
    SqrtF64,
    /// `MathF.Sqrt(float)` → `f32::sqrt` (both correctly rounded: a `float` square root
    /// computed in `double` and rounded is the correctly rounded one too).
    SqrtF32,
    /// `Math.Abs(float)`, `MathF.Abs(float)` → `f32::abs` (clears the sign bit).
    AbsF32,
    /// `Math.Abs(double)` → `f64::abs`.
    AbsF64,
    /// `MathF.Sin`, `MathF.Cos`, `MathF.Tan`, `MathF.Acos` → `f32::sin` …: Mono 6.8 runs them
    /// as internal calls of the C library's `sinf` …, and Rust's are the same library's
    /// functions, so both round alike (checked bit for bit against Mono on
    /// System.Numerics.Vectors' rotations, 10,000 cases each). `Math.Sin`/`Math.Cos` of
    /// `double` are not: Mono's JIT computes those with x87 instructions.
    SinF32,
    /// See [`PureIntrinsic::SinF32`].
    CosF32,
    /// See [`PureIntrinsic::SinF32`].
    TanF32,
    /// See [`PureIntrinsic::SinF32`].
    AcosF32,
    /// A `float32`'s bits as an `int32` (`f32::to_bits`): how `Single.GetHashCode` reads its
    /// value.
    F32Bits,
}

/// The operation that computes one temporary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PureOp {
    /// Reads an input primitive, widened to its stack type.
    Load(PureInput),
    /// `a op b`, both of the statement's type.
    Binary(PureBinary, PureOperand, PureOperand),
    /// `neg`
    Negate(PureOperand),
    /// `not`
    Not(PureOperand),
    /// `a cmp b`, both of type `ty`; the statement's type is `int32`.
    Compare(PureCompare, PureScalar, PureOperand, PureOperand),
    /// Converts `a`, of type `from`.
    Convert(PureConvert, PureScalar, PureOperand),
    /// Calls an intrinsic with its operands (one for each of today's).
    Intrinsic(PureIntrinsic, Vec<PureOperand>),
    /// `if c != 0 { a } else { b }` (`c` an integer): where a branch's two ways meet. Both
    /// were computed; every operation is pure and cannot trap, so that changes nothing.
    Select(PureOperand, PureOperand, PureOperand),
}

/// `let t{temp}: {ty} = {op};`
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PureStmt {
    /// The temporary's number.
    pub temp: u32,
    /// Its stack type.
    pub ty: PureScalar,
    /// What computes it.
    pub op: PureOp,
}

/// A value leaving the body: a primitive (already truncated to how it is stored) or a struct.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PureValue {
    /// A primitive.
    Scalar {
        /// Its value on the stack.
        value: PureOperand,
        /// How it is stored.
        stored: PureStored,
    },
    /// A struct, field by field in declaration order.
    Struct {
        /// The struct.
        ty: TypePath,
        /// `(metadata name, value)` of every instance field.
        fields: Vec<(String, PureValue)>,
    },
}

/// A decoded body.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PureBody {
    /// The statements, in order.
    pub stmts: Vec<PureStmt>,
    /// The returned value (`None` for `void`); for a constructor, the value built.
    pub ret: Option<PureValue>,
    /// For an instance method that stores through `this`: the value `this` is left with.
    pub this: Option<PureValue>,
    /// The values the `out` parameters are left with, in parameter order (each starts
    /// zeroed, as the binding's slot does).
    pub outs: Vec<PureValue>,
    /// The values the `ref` and `in` parameters the body stores into are left with, by
    /// parameter index (each starts as the caller's value).
    pub refs: Vec<(usize, PureValue)>,
    /// Every struct the body reads, builds or returns (each must have a Rust declaration).
    pub structs: BTreeSet<TypePath>,
    /// The assemblies (simple names) whose builds the translation follows: the declaring
    /// struct's, that of every struct whose layout it reads and of every method it inlines
    /// (intrinsics included), and `mscorlib` (the runtime's stand-in) where the runtime
    /// decides the answer (`Vector.IsHardwareAccelerated`, `conv.r.un`). The IL opcodes
    /// otherwise accepted have one meaning on every runtime (ECMA-335; shift counts masked,
    /// as C# requires of every runtime), so a body that reads nothing of another assembly
    /// holds wherever its own assembly's build is loaded.
    pub assemblies: BTreeSet<String>,
}
