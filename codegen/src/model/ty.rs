//! Assembly-independent type references.
//!
//! dotnetdll's `MemberType`/`MethodType` point into one file's tables, so they can't be
//! compared or combined across assemblies. Every type the generator looks at is converted
//! into a [`Ty`] first: named types are canonicalised to the assembly that *defines* them
//! (after following type forwarders), so the same type always has the same `Ty`.

use std::fmt;

/// The 14 primitive value types of the CLI (`System.Boolean` .. `System.UIntPtr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Primitive {
    /// `System.Boolean` (1 byte in managed memory).
    Bool,
    /// `System.Char` (a UTF-16 code unit).
    Char,
    /// `System.SByte`
    I8,
    /// `System.Byte`
    U8,
    /// `System.Int16`
    I16,
    /// `System.UInt16`
    U16,
    /// `System.Int32`
    I32,
    /// `System.UInt32`
    U32,
    /// `System.Int64`
    I64,
    /// `System.UInt64`
    U64,
    /// `System.Single`
    F32,
    /// `System.Double`
    F64,
    /// `System.IntPtr`
    IntPtr,
    /// `System.UIntPtr`
    UIntPtr,
}

impl Primitive {
    /// Every primitive, in declaration order.
    pub const ALL: [Primitive; 14] = [
        Primitive::Bool,
        Primitive::Char,
        Primitive::I8,
        Primitive::U8,
        Primitive::I16,
        Primitive::U16,
        Primitive::I32,
        Primitive::U32,
        Primitive::I64,
        Primitive::U64,
        Primitive::F32,
        Primitive::F64,
        Primitive::IntPtr,
        Primitive::UIntPtr,
    ];

    /// Size in managed memory on a 64-bit runtime (which is also its alignment).
    pub fn size(self) -> u32 {
        match self {
            Primitive::Bool | Primitive::I8 | Primitive::U8 => 1,
            Primitive::Char | Primitive::I16 | Primitive::U16 => 2,
            Primitive::I32 | Primitive::U32 | Primitive::F32 => 4,
            Primitive::I64 | Primitive::U64 | Primitive::F64 => 8,
            Primitive::IntPtr | Primitive::UIntPtr => 8,
        }
    }

    /// The `System` type name, e.g. `"Int32"`.
    pub fn system_name(self) -> &'static str {
        match self {
            Primitive::Bool => "Boolean",
            Primitive::Char => "Char",
            Primitive::I8 => "SByte",
            Primitive::U8 => "Byte",
            Primitive::I16 => "Int16",
            Primitive::U16 => "UInt16",
            Primitive::I32 => "Int32",
            Primitive::U32 => "UInt32",
            Primitive::I64 => "Int64",
            Primitive::U64 => "UInt64",
            Primitive::F32 => "Single",
            Primitive::F64 => "Double",
            Primitive::IntPtr => "IntPtr",
            Primitive::UIntPtr => "UIntPtr",
        }
    }

    /// The primitive whose `System` type name is `name` (without the `System.` prefix).
    pub fn from_system_name(name: &str) -> Option<Primitive> {
        Primitive::ALL.into_iter().find(|p| p.system_name() == name)
    }
}

/// Where a named type lives, independent of which assembly mentions it.
///
/// `Ns.Outer`1/Inner` from assembly `Lib` is `{ assembly: "Lib", namespace: "Ns",
/// nested: ["Outer"], name: "Inner", metadata_name: "Ns.Outer`1/Inner" }`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TypePath {
    /// Simple name of the defining assembly (forwarders already followed).
    pub assembly: String,
    /// Namespace of the outermost type; empty for the global namespace.
    pub namespace: String,
    /// Enclosing types, outermost first, without arity suffixes.
    pub nested: Vec<String>,
    /// The type's own name without its arity suffix (`List`, not ``List`1``).
    pub name: String,
    /// The exact metadata name with arity suffixes and `/` between nesting levels.
    pub metadata_name: String,
}

impl fmt::Display for TypePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]{}", self.assembly, self.metadata_name)
    }
}

/// A generic parameter, by position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GenericParam {
    /// `!i`: the i-th generic parameter of the enclosing type (including outer types' ones).
    Type(usize),
    /// `!!i`: the i-th generic parameter of the method.
    Method(usize),
}

/// An assembly-independent type reference.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ty {
    /// `void`, only as a return type.
    Void,
    /// One of the 14 primitive value types.
    Primitive(Primitive),
    /// `System.String`.
    String,
    /// `System.Object`.
    Object,
    /// A class, struct, enum, interface or delegate, with its generic arguments (if any).
    Named {
        /// Which type.
        path: TypePath,
        /// Generic arguments; empty for non-generic types.
        args: Vec<Ty>,
    },
    /// A generic parameter of the enclosing type or method.
    GenericParam(GenericParam),
    /// A single-dimensional, zero-based array `T[]`.
    SzArray(Box<Ty>),
    /// A multi-dimensional array `T[,]` of the given rank.
    Array {
        /// Element type.
        element: Box<Ty>,
        /// Number of dimensions.
        rank: usize,
    },
    /// A managed reference (`ref`/`out`/`in` parameters, `ref` returns).
    ByRef(Box<Ty>),
    /// An unmanaged pointer `T*`; `None` is `void*`.
    Pointer(Option<Box<Ty>>),
    /// A function pointer (`delegate*<...>` / `method` in IL).
    FunctionPointer,
    /// `System.TypedReference` (only legal in signatures).
    TypedReference,
}

impl Ty {
    /// Replace generic parameters: `!i` by `type_args[i]`, `!!i` by `method_args[i]`.
    ///
    /// Parameters without a corresponding argument are kept, so substituting only the type's
    /// arguments into a generic method's signature leaves its `!!i` in place.
    pub fn substitute(&self, type_args: &[Ty], method_args: &[Ty]) -> Ty {
        let sub = |t: &Ty| t.substitute(type_args, method_args);
        match self {
            Ty::GenericParam(GenericParam::Type(i)) => type_args.get(*i).cloned().unwrap_or_else(|| self.clone()),
            Ty::GenericParam(GenericParam::Method(i)) => method_args.get(*i).cloned().unwrap_or_else(|| self.clone()),
            Ty::Named { path, args } => Ty::Named {
                path: path.clone(),
                args: args.iter().map(sub).collect(),
            },
            Ty::SzArray(t) => Ty::SzArray(Box::new(sub(t))),
            Ty::Array { element, rank } => Ty::Array {
                element: Box::new(sub(element)),
                rank: *rank,
            },
            Ty::ByRef(t) => Ty::ByRef(Box::new(sub(t))),
            Ty::Pointer(Some(t)) => Ty::Pointer(Some(Box::new(sub(t)))),
            Ty::Void
            | Ty::Primitive(_)
            | Ty::String
            | Ty::Object
            | Ty::Pointer(None)
            | Ty::FunctionPointer
            | Ty::TypedReference => self.clone(),
        }
    }

    /// The first generic parameter mentioned anywhere inside this type, if any.
    pub fn first_generic_param(&self) -> Option<GenericParam> {
        match self {
            Ty::GenericParam(p) => Some(*p),
            Ty::Named { args, .. } => args.iter().find_map(Ty::first_generic_param),
            Ty::SzArray(t) | Ty::ByRef(t) | Ty::Pointer(Some(t)) => t.first_generic_param(),
            Ty::Array { element, .. } => element.first_generic_param(),
            _ => None,
        }
    }

    /// Every named type mentioned in this type (itself, generic arguments, element types).
    pub fn visit_named<'t>(&'t self, out: &mut impl FnMut(&'t TypePath)) {
        match self {
            Ty::Named { path, args } => {
                out(path);
                for a in args {
                    a.visit_named(out);
                }
            }
            Ty::SzArray(t) | Ty::ByRef(t) | Ty::Pointer(Some(t)) => t.visit_named(out),
            Ty::Array { element, .. } => element.visit_named(out),
            _ => {}
        }
    }
}

/// ILAsm-like rendering, used in doc comments and skip reasons.
impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Void => f.write_str("void"),
            Ty::Primitive(p) => write!(f, "System.{}", p.system_name()),
            Ty::String => f.write_str("System.String"),
            Ty::Object => f.write_str("System.Object"),
            Ty::Named { path, args } => {
                f.write_str(&path.metadata_name)?;
                if !args.is_empty() {
                    f.write_str("<")?;
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{a}")?;
                    }
                    f.write_str(">")?;
                }
                Ok(())
            }
            Ty::GenericParam(GenericParam::Type(i)) => write!(f, "!{i}"),
            Ty::GenericParam(GenericParam::Method(i)) => write!(f, "!!{i}"),
            Ty::SzArray(t) => write!(f, "{t}[]"),
            Ty::Array { element, rank } => write!(f, "{element}[{}]", ",".repeat(rank.saturating_sub(1))),
            Ty::ByRef(t) => write!(f, "{t}&"),
            Ty::Pointer(Some(t)) => write!(f, "{t}*"),
            Ty::Pointer(None) => f.write_str("void*"),
            Ty::FunctionPointer => f.write_str("method*"),
            Ty::TypedReference => f.write_str("System.TypedReference"),
        }
    }
}
