//! A type as a method signature names it, and its canonical spelling.

use std::fmt;

/// The built-in types of ECMA-335's signature encoding (`ELEMENT_TYPE_VOID` …
/// `ELEMENT_TYPE_OBJECT`), each spelled by its `System` type's full name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Primitive {
    /// `System.Void` (a return type, or the target of `void*`).
    Void,
    /// `System.Boolean`.
    Boolean,
    /// `System.Char`.
    Char,
    /// `System.SByte`.
    SByte,
    /// `System.Byte`.
    Byte,
    /// `System.Int16`.
    Int16,
    /// `System.UInt16`.
    UInt16,
    /// `System.Int32`.
    Int32,
    /// `System.UInt32`.
    UInt32,
    /// `System.Int64`.
    Int64,
    /// `System.UInt64`.
    UInt64,
    /// `System.Single`.
    Single,
    /// `System.Double`.
    Double,
    /// `System.IntPtr`.
    IntPtr,
    /// `System.UIntPtr`.
    UIntPtr,
    /// `System.String`.
    String,
    /// `System.Object`.
    Object,
    /// `System.TypedReference`.
    TypedReference,
}

impl Primitive {
    /// Every primitive, in ECMA-335's element-type order.
    pub const ALL: [Primitive; 18] = [
        Primitive::Void,
        Primitive::Boolean,
        Primitive::Char,
        Primitive::SByte,
        Primitive::Byte,
        Primitive::Int16,
        Primitive::UInt16,
        Primitive::Int32,
        Primitive::UInt32,
        Primitive::Int64,
        Primitive::UInt64,
        Primitive::Single,
        Primitive::Double,
        Primitive::IntPtr,
        Primitive::UIntPtr,
        Primitive::String,
        Primitive::Object,
        Primitive::TypedReference,
    ];

    /// The name of its type in namespace `System` (`Int32`).
    pub const fn name(self) -> &'static str {
        match self {
            Primitive::Void => "Void",
            Primitive::Boolean => "Boolean",
            Primitive::Char => "Char",
            Primitive::SByte => "SByte",
            Primitive::Byte => "Byte",
            Primitive::Int16 => "Int16",
            Primitive::UInt16 => "UInt16",
            Primitive::Int32 => "Int32",
            Primitive::UInt32 => "UInt32",
            Primitive::Int64 => "Int64",
            Primitive::UInt64 => "UInt64",
            Primitive::Single => "Single",
            Primitive::Double => "Double",
            Primitive::IntPtr => "IntPtr",
            Primitive::UIntPtr => "UIntPtr",
            Primitive::String => "String",
            Primitive::Object => "Object",
            Primitive::TypedReference => "TypedReference",
        }
    }

    /// Its canonical spelling, the full name (`System.Int32`).
    pub const fn full_name(self) -> &'static str {
        match self {
            Primitive::Void => "System.Void",
            Primitive::Boolean => "System.Boolean",
            Primitive::Char => "System.Char",
            Primitive::SByte => "System.SByte",
            Primitive::Byte => "System.Byte",
            Primitive::Int16 => "System.Int16",
            Primitive::UInt16 => "System.UInt16",
            Primitive::Int32 => "System.Int32",
            Primitive::UInt32 => "System.UInt32",
            Primitive::Int64 => "System.Int64",
            Primitive::UInt64 => "System.UInt64",
            Primitive::Single => "System.Single",
            Primitive::Double => "System.Double",
            Primitive::IntPtr => "System.IntPtr",
            Primitive::UIntPtr => "System.UIntPtr",
            Primitive::String => "System.String",
            Primitive::Object => "System.Object",
            Primitive::TypedReference => "System.TypedReference",
        }
    }
}

/// A class, struct, enum, interface or delegate, by its metadata names, with its generic
/// arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedType {
    /// Simple name of the defining assembly. Not part of the spelling (type names in a
    /// signature are resolved from the method's assembly and its references), but part of the
    /// type's identity for a backend that resolves it.
    pub assembly: String,
    /// Namespace of the outermost type; empty for the global namespace.
    pub namespace: String,
    /// Enclosing types' metadata names, outermost first (``Outer`1``).
    pub nesting: Vec<String>,
    /// The type's own metadata name, with its arity suffix if generic (``List`1``).
    pub name: String,
    /// Generic arguments (the closed instantiation's, or the definition's own parameters);
    /// empty for a non-generic type.
    pub args: Vec<TypeSig>,
}

impl NamedType {
    /// A type named by its assembly and its metadata full name
    /// (``Namespace.Outer`1/Inner``, nested levels after `/`), without generic arguments.
    pub fn from_metadata_name(assembly: &str, namespace: &str, metadata_name: &str) -> NamedType {
        let local = if namespace.is_empty() {
            metadata_name
        } else {
            metadata_name
                .strip_prefix(namespace)
                .and_then(|rest| rest.strip_prefix('.'))
                .unwrap_or(metadata_name)
        };
        let mut levels: Vec<String> = local.split('/').map(str::to_owned).collect();
        let name = levels.pop().unwrap_or_default();
        NamedType {
            assembly: assembly.to_owned(),
            namespace: namespace.to_owned(),
            nesting: levels,
            name,
            args: Vec::new(),
        }
    }

    /// The metadata full name: ``Namespace.Outer`1/Inner`` (arity suffixes kept, `/` between
    /// nesting levels, no generic arguments).
    pub fn metadata_name(&self) -> String {
        let mut s = String::new();
        if !self.namespace.is_empty() {
            s.push_str(&self.namespace);
            s.push('.');
        }
        for outer in &self.nesting {
            s.push_str(outer);
            s.push('/');
        }
        s.push_str(&self.name);
        s
    }
}

/// A generic parameter, by position and by the name its definition gives it (the name is what
/// the spelling prints: `T`, `TKey`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GenericParam {
    /// `!index`: a parameter of the declaring type (outer types' ones included).
    Type {
        /// Position.
        index: usize,
        /// Name in the type's definition.
        name: String,
    },
    /// `!!index`: a parameter of the method.
    Method {
        /// Position.
        index: usize,
        /// Name in the method's definition.
        name: String,
    },
}

impl GenericParam {
    /// The name the spelling prints.
    pub fn name(&self) -> &str {
        match self {
            GenericParam::Type { name, .. } | GenericParam::Method { name, .. } => name,
        }
    }
}

/// A type as a method signature names it. Its [`Display`](fmt::Display) is the canonical
/// spelling, the one [`MethodSignature`](crate::MethodSignature)s and so function IDs are made
/// of:
///
/// | form | spelling |
/// |---|---|
/// | primitive | `System.Int32`, `System.Void`, `System.String` |
/// | named | `Namespace.Outer.Inner`: nesting levels joined with `.`, arity suffixes dropped |
/// | generic instantiation | `System.Collections.Generic.List<System.Int32>`: arguments in `<>`, comma-separated, no spaces |
/// | generic parameter | its name: `T` |
/// | single-dimensional array | `System.Int32[]` |
/// | array of rank n | `System.Int32[,]` (n − 1 commas) |
/// | by-ref | `System.Int32&` |
/// | pointer | `System.Int32*`, `System.Void*` |
///
/// This is also the text Mono's `mono_type_get_name` prints (its IL format), so IDs computed
/// before this crate existed are unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeSig {
    /// A built-in type.
    Primitive(Primitive),
    /// A named type, with its generic arguments.
    Named(NamedType),
    /// A generic parameter.
    GenericParam(GenericParam),
    /// A single-dimensional, zero-based array.
    SzArray(Box<TypeSig>),
    /// A general array of `rank` dimensions.
    Array {
        /// Element type.
        element: Box<TypeSig>,
        /// Number of dimensions.
        rank: usize,
    },
    /// A managed reference (`ref`/`out`/`in`).
    ByRef(Box<TypeSig>),
    /// An unmanaged pointer (`void*` is a pointer to [`Primitive::Void`]).
    Pointer(Box<TypeSig>),
}

impl From<Primitive> for TypeSig {
    fn from(p: Primitive) -> TypeSig {
        TypeSig::Primitive(p)
    }
}

impl From<NamedType> for TypeSig {
    fn from(n: NamedType) -> TypeSig {
        TypeSig::Named(n)
    }
}

impl TypeSig {
    /// `T[]`.
    pub fn sz_array(element: TypeSig) -> TypeSig {
        TypeSig::SzArray(Box::new(element))
    }

    /// `T&`.
    pub fn by_ref(target: TypeSig) -> TypeSig {
        TypeSig::ByRef(Box::new(target))
    }

    /// `T*`.
    pub fn pointer(target: TypeSig) -> TypeSig {
        TypeSig::Pointer(Box::new(target))
    }

    /// The canonical spelling (the same as `to_string()`).
    pub fn spelling(&self) -> String {
        self.to_string()
    }
}

/// A metadata name without its arity suffix (``List`1`` → `List`).
fn strip_arity(name: &str) -> &str {
    name.split('`').next().unwrap_or(name)
}

impl fmt::Display for TypeSig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeSig::Primitive(p) => f.write_str(p.full_name()),
            TypeSig::Named(n) => {
                if !n.namespace.is_empty() {
                    write!(f, "{}.", n.namespace)?;
                }
                for outer in &n.nesting {
                    write!(f, "{}.", strip_arity(outer))?;
                }
                f.write_str(strip_arity(&n.name))?;
                if !n.args.is_empty() {
                    f.write_str("<")?;
                    for (i, a) in n.args.iter().enumerate() {
                        if i > 0 {
                            f.write_str(",")?;
                        }
                        write!(f, "{a}")?;
                    }
                    f.write_str(">")?;
                }
                Ok(())
            }
            TypeSig::GenericParam(p) => f.write_str(p.name()),
            TypeSig::SzArray(e) => write!(f, "{e}[]"),
            TypeSig::Array { element, rank } => {
                write!(f, "{element}[{}]", ",".repeat(rank.saturating_sub(1)))
            }
            TypeSig::ByRef(t) => write!(f, "{t}&"),
            TypeSig::Pointer(t) => write!(f, "{t}*"),
        }
    }
}
