//! Decodes a struct method's IL into a [`PureBody`] (straight-line typed operations) when the
//! method only computes on primitives and structs, so that the plan can translate it into
//! Rust (`plan/translate.rs`); anything else is refused with a reason and the method keeps
//! its managed binding.
//!
//! **How.** The body is executed symbolically, one path, from its first instruction: the
//! evaluation stack holds values (a temporary, a constant, or a struct as a tree of its
//! fields) and addresses (of a local, an argument, `this` or a field inside one), locals and
//! arguments are slots holding such values, and every operation appends one
//! statement. A call is inlined (its arguments become the callee's slots; `this` stays an
//! address into the caller's slot, so the callee's stores land there). A conditional branch
//! on a constant (`Vector.IsHardwareAccelerated`, a loop counter: operations on integer
//! constants fold, `read/pure_fold.rs`) is followed; one on a computed value leaves a state on
//! each way, with the condition it runs under. Loops unroll (`Exec::exec_frame`): one whose
//! count the constants bound (`for (int i = 0; i < 4; i++)`, with `break`, `continue` or
//! `return` on computed conditions inside) becomes straight-line code; one the inputs bound
//! runs into [`MAX_STEPS`] or [`MAX_STMTS`] and is refused. The states that reach an instruction
//! (or a `ret`) meet there: every slot and stack entry that differs becomes
//! `if c != 0 { a } else { b }`. Every operation is pure and cannot trap, so computing the
//! way not taken changes nothing.
//!
//! **Parameters**: by value; `out` (a zeroed slot of the body's own, as the binding's is, whose
//! final value is a result); `ref` and `in` (a slot holding the caller's value, whose final
//! value is written back when the body stored into it).
//!
//! **Accepted IL** (anything else is refused, with the opcode in the reason):
//!
//! | IL | Rust (`render/translated.rs`) |
//! |---|---|
//! | `ldarg`, `starg`, `ldloc`, `stloc`, `ldarga`, `ldloca`, `dup`, `pop`, `nop`, `ret` | slots (no code) |
//! | `ldc.i4`, `ldc.i8`, `ldc.r4`, `ldc.r8` | literals (floats by bits: `f32::from_bits`) |
//! | `ldfld`, `ldflda`, `stfld` on struct fields; `ldobj`, `stobj`, `initobj`; `ldind.*`, `stind.*` of primitives | field reads and writes of the slots; `initobj` is all zeros; a field of an enum type is its integer (`.0` of the Rust newtype, `bits()` of a `[Flags]` enum's, and back) |
//! | `add`, `sub`, `mul` | `wrapping_add` … on integers (.NET wraps), `+ - *` on floats |
//! | `div`, `rem` (`.un`) | floats: `/`, `%` (both IEEE, `%` is `fmod` as Mono's `rem`); integers: only by a constant that is neither 0 nor −1 (no `DivideByZeroException`/`OverflowException` to reproduce) |
//! | `and`, `or`, `xor`, `not`, `neg`, `shl`, `shr`, `shr.un` | `& \| ^ ! -` (`wrapping_neg`), `wrapping_shl`/`wrapping_shr` (x86-64 masks the count too) |
//! | `ceq`, `cgt`, `clt` (`.un`) | comparisons as `i32` (`.un` on floats: unordered or …) |
//! | `conv.i1` … `conv.u8` from integers, `conv.r4`, `conv.r8`, `conv.r.un` | `as` casts |
//! | `br`, `brtrue`, `brfalse`, `beq`, `bne.un`, `bgt`, `bge`, `blt`, `ble` (`.un`), forward or backward (loops, unrolled) | a constant condition is followed; on a computed one both ways run and meet in `if c != 0 { a } else { b }` (the `b*` comparisons as `ceq`/`cgt`/`clt`, ECMA-335 III.3.5–3.11) |
//! | `call`, `newobj` of a method of a struct (any loaded assembly) with IL; static methods of primitives (`Double`) and of classes (pure helpers such as `HashHelpers.Combine`); `constrained. T callvirt` of a method `T` declares | inlined |
//! | `call Math.Sqrt(double)`, `MathF.Sqrt(float)`, `Math.Abs`/`MathF.Abs` of `float`, `Math.Abs(double)`, `MathF.Sin`/`Cos`/`Tan`/`Acos` | `f64::sqrt`, `f32::sqrt`, `f32::abs`, `f64::abs` (IEEE: correctly rounded; `abs` clears the sign bit), `f32::sin` … (the C library's `sinf` … on both sides) |
//! | `call BitConverter::SingleToInt32Bits(float)` (Mono's `float.IsNaN` …) | `f32::to_bits` (exact; `BitConverter`'s type initializer only sets its own `IsLittleEndian`) |
//! | `float.GetHashCode()` (`call Single::GetHashCode`, `constrained. float32 callvirt Object::GetHashCode`) | its bits, NaNs and zeros reduced to their exponent, as Mono's mscorlib |
//! | `call IntPtr::op_Equality`, `op_Inequality` (and `UIntPtr`'s) | `==`, `!=` of the two integers (the runtimes' IL reads a `void*` field) |
//! | `call Vector.get_IsHardwareAccelerated` | `false`: what Mono 6.8 returns (`Vector.IsHardwareAccelerated` printed from C#) |
//! | a method marked `[Intrinsic]` (which CoreCLR's JIT may replace) | its IL, followed as every method is; unless it is one of [`EXACT_INTRINSICS`], the translation follows Mono's build (CoreCLR sums `Dot`'s lanes in SIMD) |
//!
//! Refused: checked arithmetic (`add.ovf` …, `conv.ovf.*`), float-to-integer conversions
//! (.NET leaves out-of-range results unspecified, Rust saturates), conversions to native
//! integers (`conv.i`, `conv.u`; native integers are fields, arguments and results, computed as
//! `long`: cilbind's targets are 64-bit), `char`,
//! enums other than as fields (locals, parameters, results), references of any kind
//! (objects, strings, arrays, static fields: a static's value
//! is the type initializer's, which only the runtime computes), calls of classes' instance
//! methods or of methods without IL (`Math.Sin`/`Math.Cos` of `double` too: Mono's JIT
//! computes them with x87 instructions, whose last bits Rust's do not match), methods of
//! types with a precise type initializer (see [`precise_initializer`]), generic methods and
//! types, recursion, exception handling, `switch`, and bodies (loops included) that grow past
//! [`MAX_STEPS`] instructions executed or [`MAX_STMTS`] statements.
//!
//! **Floats.** `float32` arithmetic is single precision, each operation rounded, as Mono
//! 6.8's JIT does (its `float32` optimization is on by default): checked bit for bit by the
//! properties in `managed-tests/tests/translated.rs`, with one exception neither side fixes:
//! when both operands of an operation are NaNs, which payload the result keeps depends on the
//! operand order the compiler picks (LLVM commutes `a * b` freely; so may Mono's JIT).

use super::assembly_set::{type_path, AssemblySet, DefRef, Loaded};
use super::definition::{by_ref_mode, source_base, type_kind};
use super::panic_guard::catch_quietly;
use super::pure_eval::{Arg, Exec, FieldTy, Frame, Layout, Tree};
use super::pure_finish::ParamResults;
use crate::model::{PassMode, PureBody, PureRoot, PureStored, TypeKind, TypePath};
use dotnetdll::prelude::*;
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// Instructions executed (over all inlined calls) before a body is refused as too long.
pub(super) const MAX_STEPS: usize = 20_000;
/// Statements before a body is refused as too large.
pub(super) const MAX_STMTS: usize = 4_000;
/// Nested inlined calls before a body is refused.
pub(super) const MAX_DEPTH: usize = 16;

/// Why a method is not translated.
pub(super) type Refused = String;

/// The decoded body of method `mi` of the struct `d`, or why it has none.
pub(super) fn decode(set: &AssemblySet, d: DefRef, mi: MethodIndex) -> Result<PureBody, Refused> {
    let mut types = Types {
        set,
        layouts: HashMap::new(),
        read: BTreeSet::new(),
    };
    if !d.def().generic_parameters.is_empty() {
        return Err("the struct is generic".into());
    }
    precise_initializer(d)?;
    let m = &d.asm.res[mi];
    let this_layout = types.layout(d)?;
    let mut exec = Exec::new(&mut types);
    let mut args = Vec::new();
    let mut args_tys = Vec::new();
    let is_ctor = m.runtime_special_name && m.name == ".ctor";
    if m.signature.instance {
        let tree = if is_ctor {
            Tree::zero(&FieldTy::Struct(this_layout.clone()))
        } else {
            Tree::input(&FieldTy::Struct(this_layout.clone()), PureRoot::This)
        };
        let slot = exec.new_slot(tree);
        exec.this_slot = Some(slot);
        args.push(Arg::Addr(slot, Vec::new(), FieldTy::Struct(this_layout.clone())));
    }
    let (mut out_slots, mut ref_slots) = (Vec::new(), Vec::new());
    for (i, p) in m.signature.parameters.iter().enumerate() {
        match &p.1 {
            ParameterType::Value(t) => {
                let ty = exec.types.var_ty(d.asm, t)?;
                let slot = exec.new_slot(Tree::input(&ty, PureRoot::Param(i)));
                args_tys.push(ty.clone());
                args.push(Arg::Value(slot, ty));
            }
            // C#'s `out` (`[Out]` without `[In]`, as the binding decides): a zeroed slot of
            // the body's own, whose final value is a result.
            ParameterType::Ref(t) if by_ref_mode(m, i) == PassMode::Out => {
                let ty = exec.types.var_ty(d.asm, t)?;
                let slot = exec.new_slot(Tree::zero(&ty));
                args_tys.push(ty.clone());
                out_slots.push((slot, ty.clone()));
                args.push(Arg::Addr(slot, Vec::new(), ty));
            }
            // `ref` or `in`: the caller's value, read through the reference; its final value
            // is written back where the binding lends it `&mut`.
            ParameterType::Ref(t) => {
                let ty = exec.types.var_ty(d.asm, t)?;
                let slot = exec.new_slot(Tree::input(&ty, PureRoot::Param(i)));
                args_tys.push(ty.clone());
                ref_slots.push((i, slot, ty.clone()));
                args.push(Arg::Addr(slot, Vec::new(), ty));
            }
            ParameterType::TypedReference => return Err(format!("parameter {i} is a TypedReference")),
        }
    }
    let ret_ty = match &m.signature.return_type.1 {
        None => None,
        Some(ParameterType::Value(t)) => Some(exec.types.var_ty(d.asm, t)?),
        Some(_) => return Err("it returns a reference".into()),
    };
    let frame = Frame {
        asm: d.asm,
        method: mi,
        args,
    };
    let mut structs = BTreeSet::new();
    let this_ty = FieldTy::Struct(this_layout);
    collect_structs(&this_ty, &mut structs);
    for a in &args_tys {
        collect_structs(a, &mut structs);
    }
    if let Some(r) = &ret_ty {
        collect_structs(r, &mut structs);
    }
    let returned = exec.run(frame, ret_ty.as_ref())?;
    let (ret, this) = if is_ctor {
        let slot = exec.this_slot.unwrap_or_default();
        (Some((exec.slot_value(slot), this_ty)), None)
    } else {
        let this = exec
            .this_slot
            .filter(|_| exec.this_written)
            .map(|slot| (exec.slot_value(slot), this_ty));
        (returned.zip(ret_ty), this)
    };
    let outs = out_slots
        .into_iter()
        .map(|(slot, ty)| (exec.slot_value(slot), ty))
        .collect();
    // Only what the body stored into: a `ref` it left alone needs no write-back.
    let refs = ref_slots
        .into_iter()
        .map(|(i, slot, ty)| (i, exec.slot_value(slot), ty))
        .filter(|(i, tree, _)| !exec.holds_input(tree, PureRoot::Param(*i), &mut Vec::new()))
        .collect();
    let assemblies = std::mem::take(&mut exec.types.read);
    exec.finish(ret, this, ParamResults { outs, refs }, structs, assemblies)
}

/// Refuses a method of struct `d` when `d` has a precise type initializer (a static
/// constructor without `beforefieldinit`): C# runs it before the first call of any of the
/// struct's methods or constructors, and translated code would skip it (its effects, or the
/// `TypeInitializationException` it throws). A `beforefieldinit` initializer only has to run
/// before a static field is read, and translated code reads none (`ldsfld` is refused).
pub(super) fn precise_initializer(d: DefRef) -> Result<(), Refused> {
    let def = d.def();
    let has_cctor = d
        .asm
        .res
        .enumerate_methods(d.idx)
        .any(|(_, m)| m.runtime_special_name && m.name == ".cctor");
    if has_cctor && !def.flags.before_field_init {
        return Err(format!(
            "`{}` has a static constructor, which C# runs before its methods",
            d.metadata_name()
        ));
    }
    Ok(())
}

/// Struct layouts and signature types, resolved across the loaded assemblies.
pub(super) struct Types<'s> {
    set: &'s AssemblySet,
    layouts: HashMap<(usize, TypeIndex), Rc<Layout>>,
    /// The assemblies read so far ([`PureBody::assemblies`]).
    pub(super) read: BTreeSet<String>,
}

impl Types<'_> {
    /// The instance fields of struct `d`, in declaration order.
    pub(super) fn layout(&mut self, d: DefRef) -> Result<Rc<Layout>, Refused> {
        self.layout_at(d, 0)
    }

    fn layout_at(&mut self, d: DefRef, depth: usize) -> Result<Rc<Layout>, Refused> {
        let key = (std::ptr::from_ref(d.asm) as usize, d.idx);
        if let Some(l) = self.layouts.get(&key) {
            return Ok(l.clone());
        }
        self.read.insert(d.asm.name.clone());
        let name = d.metadata_name();
        if type_kind(d) != TypeKind::Struct || is_primitive(&name) {
            return Err(format!("`{name}` is not a struct of fields"));
        }
        if !d.def().generic_parameters.is_empty() {
            return Err(format!("`{name}` is generic"));
        }
        if depth > MAX_DEPTH {
            return Err(format!("`{name}` nests too deeply"));
        }
        if matches!(d.def().flags.layout, dotnetdll::resolved::types::Layout::Explicit(_)) {
            return Err(format!("`{name}` has an explicit layout"));
        }
        let mut fields = Vec::new();
        for f in d.def().fields.iter().filter(|f| !f.static_member) {
            let ty = match &f.return_type {
                MemberType::Base(b) => self
                    .field_ty(d.asm, b, depth)
                    .map_err(|e| format!("the field `{name}.{}`: {e}", f.name))?,
                MemberType::TypeGeneric(_) => return Err(format!("`{name}` is generic")),
            };
            fields.push((f.name.to_string(), ty));
        }
        let layout = Rc::new(Layout {
            path: type_path(d),
            fields,
        });
        self.layouts.insert(key, layout.clone());
        Ok(layout)
    }

    /// The type of a struct's field: an enum's is its underlying integer (IL reads and writes
    /// an enum field as that integer; the plan wraps and unwraps the Rust newtype around it).
    /// Anything else as [`Types::base_ty`] says.
    fn field_ty<T>(&mut self, asm: &'static Loaded, b: &BaseType<T>, depth: usize) -> Result<FieldTy, Refused> {
        if let BaseType::Type {
            source: TypeSource::User(u),
            ..
        } = b
        {
            let d = self.resolve(asm, u)?;
            if type_kind(d) == TypeKind::Enum {
                self.read.insert(d.asm.name.clone());
                let underlying = d
                    .def()
                    .fields
                    .iter()
                    .find(|f| !f.static_member)
                    .ok_or_else(|| format!("the enum `{}` has no value field", d.metadata_name()))?;
                return match &underlying.return_type {
                    MemberType::Base(u) => match self.base_ty(d.asm, u, depth)? {
                        FieldTy::Prim(p) if p != PureStored::Bool && p != PureStored::F32 && p != PureStored::F64 => {
                            Ok(FieldTy::Prim(p))
                        }
                        _ => Err(format!("the enum `{}` is not over an integer", d.metadata_name())),
                    },
                    MemberType::TypeGeneric(_) => Err(format!("the enum `{}` is generic", d.metadata_name())),
                };
            }
        }
        self.base_ty(asm, b, depth)
    }

    /// The type of a local, parameter or return value.
    pub(super) fn var_ty(&mut self, asm: &'static Loaded, t: &MethodType) -> Result<FieldTy, Refused> {
        match t {
            MethodType::Base(b) => self.base_ty(asm, b, 0),
            _ => Err("it uses a generic parameter".into()),
        }
    }

    fn base_ty<T>(&mut self, asm: &'static Loaded, b: &BaseType<T>, depth: usize) -> Result<FieldTy, Refused> {
        let prim = |p| Ok(FieldTy::Prim(p));
        match b {
            BaseType::Boolean => prim(PureStored::Bool),
            BaseType::Int8 => prim(PureStored::I8),
            BaseType::UInt8 => prim(PureStored::U8),
            BaseType::Int16 => prim(PureStored::I16),
            BaseType::UInt16 => prim(PureStored::U16),
            BaseType::Int32 => prim(PureStored::I32),
            BaseType::UInt32 => prim(PureStored::U32),
            BaseType::Int64 => prim(PureStored::I64),
            BaseType::UInt64 => prim(PureStored::U64),
            BaseType::Float32 => prim(PureStored::F32),
            BaseType::Float64 => prim(PureStored::F64),
            BaseType::Char => Err("it uses `char`".into()),
            BaseType::IntPtr => prim(PureStored::ISize),
            BaseType::UIntPtr => prim(PureStored::USize),
            BaseType::Type {
                source: TypeSource::User(u),
                ..
            } => {
                let d = self.resolve(asm, u)?;
                match type_kind(d) {
                    TypeKind::Struct => self.layout_at(d, depth + 1).map(FieldTy::Struct),
                    TypeKind::Enum => Err(format!("it uses the enum `{}`", d.metadata_name())),
                    _ => Err(format!("it uses the reference type `{}`", d.metadata_name())),
                }
            }
            BaseType::Type { .. } => Err("it uses a generic type".into()),
            BaseType::ValuePointer(..) | BaseType::FunctionPointer(_) => Err("it uses a pointer".into()),
            BaseType::String => Err("it uses `string` (a reference)".into()),
            BaseType::Object => Err("it uses `object` (a reference)".into()),
            _ => Err("it uses an array or pointer (a reference)".into()),
        }
    }

    fn resolve(&self, asm: &'static Loaded, u: &UserType) -> Result<DefRef, Refused> {
        self.set
            .resolve_user_type(asm, u)
            .map_err(|e| format!("a type does not resolve ({e})"))
    }

    /// The type a method reference's parent names.
    pub(super) fn owner(&self, asm: &'static Loaded, t: &MethodType) -> Result<DefRef, Refused> {
        match t {
            MethodType::Base(b) => match &**b {
                BaseType::Type { source, .. } => match source {
                    TypeSource::User(u) => self.resolve(asm, u),
                    TypeSource::Generic { .. } => Err("it calls a method of a generic type".into()),
                },
                _ => Err("it calls a method of a primitive or array".into()),
            },
            _ => Err("it calls a method of a generic parameter".into()),
        }
    }

    /// What a call names: the type, the method's name and its resolved signature
    /// ([`Types::signature_key`]), and its definition when the type has one of that name and
    /// signature (methods and property accessors).
    pub(super) fn callee(&self, asm: &'static Loaded, m: &MethodSource) -> Result<Callee, Refused> {
        let u = match m {
            MethodSource::User(u) => *u,
            MethodSource::Generic(_) => return Err("it calls a generic method".into()),
        };
        match u {
            UserMethod::Definition(mi) => {
                let owner = DefRef {
                    asm,
                    idx: mi.parent_type(),
                };
                let def = &asm.res[mi];
                Ok(Callee {
                    name: format!("{}::{}", owner.metadata_name(), def.name),
                    signature: self.signature_key(asm, &def.signature),
                    owner,
                    method: Some(mi),
                })
            }
            UserMethod::Reference(ri) => {
                let r = &asm.res[ri];
                let MethodReferenceParent::Type(t) = &r.parent else {
                    return Err(format!("it calls `{}`, which is not a type's method", r.name));
                };
                let owner = self.owner(asm, t)?;
                let signature = self.signature_key(asm, &r.signature);
                let res = &owner.asm.res;
                let mut all: Vec<MethodIndex> = res.enumerate_methods(owner.idx).map(|(i, _)| i).collect();
                for (p, _) in res.enumerate_properties(owner.idx) {
                    all.extend(res.property_getter_index(p));
                    all.extend(res.property_setter_index(p));
                }
                let method = all.into_iter().find(|&mi| {
                    res[mi].name == r.name && self.signature_key(owner.asm, &res[mi].signature) == signature
                });
                Ok(Callee {
                    name: format!("{}::{}", owner.metadata_name(), r.name),
                    signature,
                    owner,
                    method,
                })
            }
        }
    }

    /// A signature spelled with resolved type names, comparable across assemblies.
    pub(super) fn signature_key(&self, asm: &'static Loaded, s: &ManagedMethod<MethodType>) -> String {
        let mut out = format!("{}(", if s.instance { "instance " } else { "" });
        for p in &s.parameters {
            out.push_str(&self.param_key(asm, &p.1));
            out.push(',');
        }
        out.push_str(")->");
        match &s.return_type.1 {
            Some(p) => out.push_str(&self.param_key(asm, p)),
            None => out.push_str("void"),
        }
        out
    }

    fn param_key(&self, asm: &'static Loaded, p: &ParameterType<MethodType>) -> String {
        let (by_ref, t) = match p {
            ParameterType::Value(t) => ("", t),
            ParameterType::Ref(t) => ("&", t),
            ParameterType::TypedReference => return "typedref".into(),
        };
        let name = match t {
            MethodType::Base(b) => match &**b {
                BaseType::Type {
                    source: TypeSource::User(u),
                    ..
                } => self
                    .set
                    .resolve_user_type(asm, u)
                    .map_or_else(|_| "?".into(), |d| format!("[{}]{}", d.asm.name, d.metadata_name())),
                BaseType::Type { source, .. } => format!("generic {}", source_base(source).type_name(&asm.res)),
                other => primitive_name(other).to_string(),
            },
            other => format!("{other:?}"),
        };
        format!("{by_ref}{name}")
    }
}

/// A primitive element type's name (`Float64`); `?` for anything else.
fn primitive_name<T>(b: &BaseType<T>) -> &'static str {
    match b {
        BaseType::Boolean => "Boolean",
        BaseType::Char => "Char",
        BaseType::Int8 => "Int8",
        BaseType::UInt8 => "UInt8",
        BaseType::Int16 => "Int16",
        BaseType::UInt16 => "UInt16",
        BaseType::Int32 => "Int32",
        BaseType::UInt32 => "UInt32",
        BaseType::Int64 => "Int64",
        BaseType::UInt64 => "UInt64",
        BaseType::Float32 => "Float32",
        BaseType::Float64 => "Float64",
        BaseType::IntPtr => "IntPtr",
        BaseType::UIntPtr => "UIntPtr",
        BaseType::Object => "Object",
        BaseType::String => "String",
        _ => "?",
    }
}

/// A call's target (see [`Types::callee`]).
pub(super) struct Callee {
    /// `Namespace.Type::Method`.
    pub name: String,
    /// Its resolved signature.
    pub signature: String,
    /// The type.
    pub owner: DefRef,
    /// The definition, when found.
    pub method: Option<MethodIndex>,
}

/// .NET's primitive structs (their fields are the runtime's own representation).
fn is_primitive(name: &str) -> bool {
    matches!(
        name,
        "System.Boolean"
            | "System.Char"
            | "System.SByte"
            | "System.Byte"
            | "System.Int16"
            | "System.UInt16"
            | "System.Int32"
            | "System.UInt32"
            | "System.Int64"
            | "System.UInt64"
            | "System.Single"
            | "System.Double"
            | "System.IntPtr"
            | "System.UIntPtr"
    )
}

/// The methods marked `[Intrinsic]` (which CoreCLR's JIT may replace with instructions of its
/// own) whose replacements compute what their IL computes, field by field (lane-wise SIMD
/// arithmetic, comparisons, `minps`/`maxps`, which pick as `a < b ? a : b` does, and square
/// roots are exact): these are translated from their IL on any runtime; the translation of
/// any other `[Intrinsic]` method follows Mono's build ([`inexact_intrinsic`]). The property
/// checks compare both kinds with CoreCLR's run (managed-tests' check_vectors.rs, on CoreCLR's
/// own System.Numerics.Vectors).
const EXACT_INTRINSICS: &[&str] = &[
    ".ctor",
    "get_Zero",
    "get_One",
    "op_Addition",
    "op_Subtraction",
    "op_Multiply",
    "op_Division",
    "op_Equality",
    "op_Inequality",
    "Equals",
    "Min",
    "Max",
    "Abs",
    "SquareRoot",
];

/// True when the method is marked `[Intrinsic]` and is not one of [`EXACT_INTRINSICS`]: what
/// its IL computes is what Mono 6.8's JIT runs, but CoreCLR's may run instructions of its own
/// in its place (CoreCLR sums `Vector3.Dot`'s lanes in SIMD, with another signed zero).
pub(super) fn inexact_intrinsic(d: DefRef, mi: MethodIndex) -> bool {
    let m = &d.asm.res[mi];
    !EXACT_INTRINSICS.contains(&m.name.as_ref())
        && m.attributes.iter().any(|a| {
            super::definition::attribute_type_name(d.asm, a) == "System.Runtime.CompilerServices.IntrinsicAttribute"
        })
}

/// The decoded IL of a method, or why it cannot be read.
pub(super) fn body_of(d: DefRef, mi: MethodIndex) -> Result<&'static dotnetdll::resolved::body::Method, Refused> {
    let res = &d.asm.res;
    let m = &res[mi];
    let name = format!("{}::{}", d.metadata_name(), m.name);
    if m.internal_call || m.pinvoke.is_some() || !matches!(m.body_format, BodyFormat::IL) {
        return Err(format!("`{name}` has no IL (an internal call or native method)"));
    }
    if m.abstract_member {
        return Err(format!("`{name}` is abstract"));
    }
    if !m.generic_parameters.is_empty() {
        return Err(format!("`{name}` is generic"));
    }
    match catch_quietly(|| res.method_body(mi)) {
        Ok(Ok(body)) => Ok(body),
        _ => Err(format!("the IL of `{name}` cannot be decoded")),
    }
}

/// The struct types of `structs` (for [`PureBody::structs`]): every struct a parameter,
/// `this` or the result is made of.
pub(super) fn collect_structs(ty: &FieldTy, out: &mut BTreeSet<TypePath>) {
    if let FieldTy::Struct(l) = ty {
        if out.insert(l.path.clone()) {
            for (_, f) in &l.fields {
                collect_structs(f, out);
            }
        }
    }
}
