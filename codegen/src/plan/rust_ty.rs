//! How model types are spelled in generated Rust (decided here, once, as paths relative to
//! the module that uses them), and how Mono names them (the strings a `MethodRef` matches
//! parameter types against).
//!
//! A type that has no Rust spelling here makes the member using it a skip; renderers only
//! print the spellings this file returns.

use super::classify::{ArrayElement, Crossing, TypeClass};
use crate::model::{GenericParam, PassMode, Primitive, Ty, TypePath};
use cilbind_abi::{GenericParam as AbiGenericParam, NamedType, Primitive as AbiPrimitive, TypeSig};
use std::collections::{BTreeMap, BTreeSet};

/// mscorlib types the runtime itself defines: generated code uses these instead of emitting
/// them again. `(metadata name, Rust path)`.
const CORE_TYPES: &[(&str, &str)] = &[
    ("System.Object", "::cilbind::Object"),
    ("System.String", "::cilbind::NetString"),
    ("System.ValueType", "::cilbind::ValueType"),
    ("System.Enum", "::cilbind::Enum"),
    ("System.IComparable", "::cilbind::IComparable"),
    ("System.IComparable`1", "::cilbind::IComparable1"),
    ("System.IEquatable`1", "::cilbind::IEquatable"),
    ("System.IFormattable", "::cilbind::IFormattable"),
    ("System.IConvertible", "::cilbind::IConvertible"),
    ("System.Runtime.Serialization.ISerializable", "::cilbind::ISerializable"),
];

/// The runtime's Rust path for a core mscorlib type.
pub(crate) fn core_type(path: &TypePath) -> Option<&'static str> {
    if path.assembly != "mscorlib" {
        return None;
    }
    CORE_TYPES
        .iter()
        .find(|(name, _)| *name == path.metadata_name)
        .map(|(_, rust)| *rust)
}

/// The Rust integer type of a primitive, as stored in memory (`bool` as `u8`, `char` as `u16`).
pub(crate) fn rust_primitive(p: Primitive) -> &'static str {
    match p {
        Primitive::Bool | Primitive::U8 => "u8",
        Primitive::Char | Primitive::U16 => "u16",
        Primitive::I8 => "i8",
        Primitive::I16 => "i16",
        Primitive::I32 => "i32",
        Primitive::U32 => "u32",
        Primitive::I64 => "i64",
        Primitive::U64 => "u64",
        Primitive::F32 => "f32",
        Primitive::F64 => "f64",
        Primitive::IntPtr => "isize",
        Primitive::UIntPtr => "usize",
    }
}

/// The Rust type of a primitive value in a signature: `bool`, `::cilbind::Char`, `i32`...
pub(crate) fn primitive_value(p: Primitive) -> &'static str {
    match p {
        Primitive::Bool => "bool",
        Primitive::Char => "::cilbind::Char",
        other => rust_primitive(other),
    }
}

/// The Rust type of a primitive stored in memory (fields, arrays, `ref` slots): `bool` is
/// `::cilbind::Boolean` (any byte is valid), `char` is `::cilbind::Char`.
pub(crate) fn primitive_stored(p: Primitive) -> &'static str {
    match p {
        Primitive::Bool => "::cilbind::Boolean",
        Primitive::Char => "::cilbind::Char",
        other => rust_primitive(other),
    }
}

/// True if `value` fits the integral primitive `p`.
pub(crate) fn fits(p: Primitive, value: i128) -> bool {
    let (min, max): (i128, i128) = match p {
        Primitive::Bool => (0, 1),
        Primitive::I8 => (i8::MIN.into(), i8::MAX.into()),
        Primitive::U8 => (0, u8::MAX.into()),
        Primitive::I16 => (i16::MIN.into(), i16::MAX.into()),
        Primitive::U16 | Primitive::Char => (0, u16::MAX.into()),
        Primitive::I32 => (i32::MIN.into(), i32::MAX.into()),
        Primitive::U32 => (0, u32::MAX.into()),
        Primitive::I64 | Primitive::IntPtr => (i64::MIN.into(), i64::MAX.into()),
        Primitive::U64 | Primitive::UIntPtr => (0, u64::MAX.into()),
        Primitive::F32 | Primitive::F64 => return false,
    };
    (min..=max).contains(&value)
}

/// How a value crosses, with every type already spelled in Rust (relative to the module of
/// the item that uses it). The plan's form of a classification [`Crossing`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Pass {
    /// No value (`void` return).
    Void,
    /// A primitive, by value.
    Primitive(Primitive),
    /// An enum newtype or bitflags type.
    Enum {
        /// Its Rust path.
        rust: String,
        /// Its underlying integer.
        underlying: Primitive,
        /// `[Flags]`: a bitflags type.
        flags: bool,
    },
    /// A full struct, by pointer to the Rust value.
    FullStruct(String),
    /// A managed struct, by its box.
    ManagedStruct(String),
    /// An object reference (class, interface, delegate, object), as a handle type.
    Handle(String),
    /// `System.String`.
    String,
    /// An array of primitives, enums or full structs: `handle` is the array's handle type,
    /// `elem` the element as stored.
    BlittableArray {
        /// `::cilbind::Array<elem>`.
        handle: String,
        /// Element type.
        elem: String,
    },
    /// An array of references, as its handle type.
    ObjectArray(String),
    /// An unmanaged pointer parameter: `*mut pointee` (the pointee as stored in memory, or
    /// `::core::ffi::c_void` for `void*`), in an `unsafe fn`.
    Pointer(String),
    /// `Nullable<T>` (`T?`): `Option` of the value's own form (a [`Pass::Primitive`],
    /// [`Pass::Enum`] or [`Pass::FullStruct`]).
    Nullable(Box<Pass>),
    /// `Span<T>` (`mutable`: `&mut [elem]`) or `ReadOnlySpan<T>` (`&[elem]`), `elem` the
    /// element as stored in memory.
    Span {
        /// Element type.
        elem: String,
        /// `Span<T>`.
        mutable: bool,
    },
    /// A value of a type parameter of the generic type whose `impl` the member is in: the
    /// parameter's name (`T0`), a `::cilbind::TypeArg`.
    TypeParam(String),
    /// A generic method's `T[]` or `T[,…]` of a `struct`-constrained type parameter: a slice
    /// of the parameter (`M0: ::cilbind::Blittable`; see `Crossing::Buffer`).
    Buffer {
        /// The type parameter's name (`M0`).
        param: String,
        /// `None` for `T[]`, else the rank.
        rank: Option<usize>,
        /// Not `[In]`-only: a `&mut` slice, written back.
        writable: bool,
    },
    /// A value of a `struct`-constrained type parameter of a generic method as stored in
    /// memory (`M0: ::cilbind::Blittable`): only behind `ref`/`out`/`in`.
    BlittableParam(String),
    /// A value of a `class`-constrained type parameter of a generic method
    /// (`M0: ::cilbind::Reference`): only behind `ref`/`in`.
    ReferenceParam(String),
    /// `ref`/`out`/`in` of one of the above.
    ByRef {
        /// How it is passed.
        pass: PassMode,
        /// What the reference points at.
        target: Box<Pass>,
    },
}

/// Spells model types in Rust: knows every declared type's module and name.
pub(crate) struct Resolver<'p> {
    /// The class of every modeled type.
    pub classes: &'p BTreeMap<TypePath, TypeClass>,
    /// Module path and Rust name of every declared type.
    pub names: &'p BTreeMap<TypePath, (Vec<String>, String)>,
    /// The same pairs, for lookups by name.
    pub module_names: &'p BTreeSet<(Vec<String>, String)>,
}

impl Resolver<'_> {
    /// The name of an item the generator derives from a type's (`MonsterBase`,
    /// `IScorerImpl`, `UnitNatives`, `IScorerExt`), changed (`MonsterBase_`) while a type of
    /// the module has it: a class `MonsterBase` beside an extendable `Monster` keeps its name.
    pub(crate) fn item_name(&self, module: &[String], mut name: String) -> String {
        while self.module_names.contains(&(module.to_vec(), name.clone())) {
            name.push('_');
        }
        name
    }

    /// A parameter's name `name` in module `module`, changed (`value_`) when a type of the
    /// module has it: a binding cannot shadow a tuple struct (rustc's E0530).
    pub(crate) fn binding_name(&self, module: &[String], name: String) -> String {
        if self.module_names.contains(&(module.to_vec(), name.clone())) {
            format!("{name}_")
        } else {
            name
        }
    }

    /// The Rust path of declared type `target`, as seen from inside module `from`.
    pub(crate) fn path_from(&self, from: &[String], target: &TypePath) -> Option<String> {
        let (module, name) = self.names.get(target)?;
        if module.as_slice() == from {
            return Some(name.clone());
        }
        let mut parts: Vec<String> = vec!["super".to_string(); from.len()];
        parts.extend(module.iter().cloned());
        parts.push(name.clone());
        Some(parts.join("::"))
    }

    /// The Rust type that stands for `ty` as a reference-type handle or a generic argument,
    /// seen from `module`; `None` when it has no binding.
    pub(crate) fn handle_type(&self, module: &[String], ty: &Ty) -> Option<String> {
        match ty {
            // Generic arguments: `List<i32>`, as users write it (`i32: cilbind::TypeArg`).
            Ty::Primitive(p) => Some(primitive_value(*p).to_string()),
            Ty::String => Some("::cilbind::NetString".into()),
            Ty::Object => Some("::cilbind::Object".into()),
            Ty::Named { path, args } => {
                let base = match core_type(path) {
                    Some(core) => core.to_string(),
                    None => self.path_from(module, path)?,
                };
                if args.is_empty() {
                    Some(base)
                } else {
                    let args: Option<Vec<String>> = args.iter().map(|a| self.handle_type(module, a)).collect();
                    Some(format!("{base}<{}>", args?.join(", ")))
                }
            }
            Ty::GenericParam(p) => Some(type_param_name(*p)),
            Ty::SzArray(element) if matches!(**element, Ty::GenericParam(_)) => Some(format!(
                "<{} as ::cilbind::TypeArg>::ArrayOf",
                self.handle_type(module, element)?
            )),
            Ty::SzArray(element) if self.is_managed_struct(element) => Some(format!(
                "::cilbind::StructArray<{}>",
                self.handle_type(module, element)?
            )),
            Ty::SzArray(element) => match self.blittable_element(module, element) {
                Some(e) => Some(format!("::cilbind::Array<{e}>")),
                None => Some(format!(
                    "::cilbind::ObjectArray<{}>",
                    self.handle_type(module, element)?
                )),
            },
            _ => None,
        }
    }

    /// True when `ty` is a managed struct (a value type holding references, or any closed
    /// generic value type): Rust holds its values as handles to boxes.
    fn is_managed_struct(&self, ty: &Ty) -> bool {
        match ty {
            Ty::Named { path, args } => match self.classes.get(path) {
                Some(TypeClass::ManagedStruct { .. }) => args.is_empty(),
                Some(TypeClass::GenericStruct) => !args.is_empty(),
                _ => false,
            },
            _ => false,
        }
    }

    /// The Rust type of a blittable value of type `ty` (primitive, enum or full struct) as
    /// stored in memory; `None` for anything else.
    pub(crate) fn blittable_element(&self, module: &[String], ty: &Ty) -> Option<String> {
        match ty {
            Ty::Primitive(p) => Some(primitive_stored(*p).to_string()),
            Ty::Named { path, args } if args.is_empty() => match self.classes.get(path)? {
                TypeClass::Enum { .. } | TypeClass::FlagsEnum { .. } | TypeClass::FullStruct(_) => {
                    self.path_from(module, path)
                }
                TypeClass::Primitive(p) => Some(primitive_stored(*p).to_string()),
                _ => None,
            },
            _ => None,
        }
    }

    /// The Rust form of crossing `c` seen from `module`, or why it has none.
    pub(crate) fn pass(&self, module: &[String], c: &Crossing) -> Result<Pass, String> {
        let bound =
            |rust: Option<String>, ty: &dyn std::fmt::Display| rust.ok_or_else(|| format!("{ty} has no Rust binding"));
        Ok(match c {
            Crossing::Void => Pass::Void,
            Crossing::Primitive(p) => Pass::Primitive(*p),
            Crossing::String => Pass::String,
            Crossing::Enum { ty, underlying, flags } => Pass::Enum {
                rust: bound(self.path_from(module, ty), ty)?,
                underlying: *underlying,
                flags: *flags,
            },
            Crossing::FullStruct(ty) => Pass::FullStruct(bound(self.blittable_element(module, ty), ty)?),
            Crossing::ManagedStruct(ty) => Pass::ManagedStruct(bound(self.handle_type(module, ty), ty)?),
            Crossing::Handle { ty, .. } => Pass::Handle(bound(self.handle_type(module, ty), ty)?),
            Crossing::Array { ty, element } => match element {
                ArrayElement::Object(_) | ArrayElement::ManagedStruct(_) => {
                    Pass::ObjectArray(bound(self.handle_type(module, ty), ty)?)
                }
                _ => {
                    let handle = bound(self.handle_type(module, ty), ty)?;
                    let Ty::SzArray(e) = ty else {
                        return Err(format!("{ty} is not a vector"));
                    };
                    Pass::BlittableArray {
                        handle,
                        elem: bound(self.blittable_element(module, e), e)?,
                    }
                }
            },
            Crossing::TypeParam(p) => Pass::TypeParam(type_param_name(*p)),
            Crossing::Buffer { param, rank, writable } => Pass::Buffer {
                param: type_param_name(*param),
                rank: *rank,
                writable: *writable,
            },
            Crossing::BlittableParam(p) => Pass::BlittableParam(type_param_name(*p)),
            Crossing::ReferenceParam(p) => Pass::ReferenceParam(type_param_name(*p)),
            Crossing::Pointer(None) => Pass::Pointer("::core::ffi::c_void".into()),
            Crossing::Pointer(Some(ty)) => Pass::Pointer(bound(self.blittable_element(module, ty), ty)?),
            Crossing::Nullable(value) => Pass::Nullable(Box::new(self.pass(module, value)?)),
            Crossing::Span {
                element: Ty::GenericParam(p),
                mutable,
            } => Pass::Span {
                elem: type_param_name(*p),
                mutable: *mutable,
            },
            Crossing::Span { element, mutable } => Pass::Span {
                elem: bound(self.blittable_element(module, element), element)?,
                mutable: *mutable,
            },
            Crossing::ByRef { pass, target } => Pass::ByRef {
                pass: *pass,
                target: Box::new(self.pass(module, target)?),
            },
        })
    }
}

/// The Rust name of a type parameter: the declaring type's `!i` is `T{i}` (the generic
/// impl's parameter), the method's `!!i` is `M{i}` (the generic function's).
pub(crate) fn type_param_name(p: GenericParam) -> String {
    match p {
        GenericParam::Type(i) => format!("T{i}"),
        GenericParam::Method(i) => format!("M{i}"),
    }
}

/// The names Mono prints for type parameters in a generic definition's signatures (`T`,
/// `TKey`): the declaring type's and the method's.
#[derive(Clone, Copy, Default)]
pub(crate) struct ParamNames<'a> {
    /// The declaring type's (`!i`).
    pub of_type: &'a [String],
    /// The method's (`!!i`).
    pub of_method: &'a [String],
}

/// A type as `cilbind-abi` describes signatures: the model's `Ty`, each type parameter named
/// by `type_params` (`T`, as the generic definition names it). `None` for types with no such
/// form here (function pointers, `TypedReference`, a parameter `type_params` does not name).
pub(crate) fn type_sig(ty: &Ty, type_params: ParamNames) -> Option<TypeSig> {
    Some(match ty {
        Ty::Void => AbiPrimitive::Void.into(),
        Ty::Primitive(p) => abi_primitive(*p).into(),
        Ty::String => AbiPrimitive::String.into(),
        Ty::Object => AbiPrimitive::Object.into(),
        Ty::Named { path, args } => {
            let mut named = NamedType::from_metadata_name(&path.assembly, &path.namespace, &path.metadata_name);
            named.args = args.iter().map(|a| type_sig(a, type_params)).collect::<Option<_>>()?;
            TypeSig::Named(named)
        }
        Ty::SzArray(e) => TypeSig::sz_array(type_sig(e, type_params)?),
        Ty::Array { element, rank } => TypeSig::Array {
            element: Box::new(type_sig(element, type_params)?),
            rank: *rank,
        },
        Ty::ByRef(t) => TypeSig::by_ref(type_sig(t, type_params)?),
        Ty::Pointer(Some(t)) => TypeSig::pointer(type_sig(t, type_params)?),
        Ty::Pointer(None) => TypeSig::pointer(AbiPrimitive::Void.into()),
        Ty::GenericParam(GenericParam::Type(i)) => TypeSig::GenericParam(AbiGenericParam::Type {
            index: *i,
            name: type_params.of_type.get(*i)?.clone(),
        }),
        Ty::GenericParam(GenericParam::Method(i)) => TypeSig::GenericParam(AbiGenericParam::Method {
            index: *i,
            name: type_params.of_method.get(*i)?.clone(),
        }),
        Ty::FunctionPointer | Ty::TypedReference => return None,
    })
}

/// The `cilbind-abi` primitive of a model primitive.
fn abi_primitive(p: Primitive) -> AbiPrimitive {
    match p {
        Primitive::Bool => AbiPrimitive::Boolean,
        Primitive::Char => AbiPrimitive::Char,
        Primitive::I8 => AbiPrimitive::SByte,
        Primitive::U8 => AbiPrimitive::Byte,
        Primitive::I16 => AbiPrimitive::Int16,
        Primitive::U16 => AbiPrimitive::UInt16,
        Primitive::I32 => AbiPrimitive::Int32,
        Primitive::U32 => AbiPrimitive::UInt32,
        Primitive::I64 => AbiPrimitive::Int64,
        Primitive::U64 => AbiPrimitive::UInt64,
        Primitive::F32 => AbiPrimitive::Single,
        Primitive::F64 => AbiPrimitive::Double,
        Primitive::IntPtr => AbiPrimitive::IntPtr,
        Primitive::UIntPtr => AbiPrimitive::UIntPtr,
    }
}

/// A type's name in signatures, as `cilbind-abi` spells a [`type_sig`] (the runtime's
/// `MethodRef` lookups and function IDs use it): `System.Int32`, `Outer.Inner`,
/// `System.Collections.Generic.List<System.Int32>`, `System.String[]`, `System.Int32&`; a
/// type parameter by its name in `type_params`. `None` where [`type_sig`] is.
pub(crate) fn cli_name(ty: &Ty, type_params: ParamNames) -> Option<String> {
    type_sig(ty, type_params).map(|t| t.to_string())
}

/// The `(assembly, namespace, name)` a runtime `TypeRef` takes: nested types as `Outer/Inner`,
/// generic definitions with their arity suffix.
pub(crate) fn type_ref_parts(path: &TypePath) -> (String, String, String) {
    let metadata = &path.metadata_name;
    let local = if path.namespace.is_empty() {
        metadata.as_str()
    } else {
        metadata
            .strip_prefix(&format!("{}.", path.namespace))
            .unwrap_or(metadata)
    };
    (path.assembly.clone(), path.namespace.clone(), local.to_string())
}

/// Name of the `static TypeRef` of a declared type (one per type, in its module).
pub(crate) fn type_ref_static(rust_name: &str) -> String {
    format!("__TYPE_{}", rust_name.trim_start_matches("r#"))
}
