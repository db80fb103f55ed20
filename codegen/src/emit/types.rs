//! How model types are written in generated Rust, and how Mono names them (the strings a
//! `MethodRef` matches parameter types against).

use super::EmitCx;
use crate::model::{Primitive, Ty, TypePath};

/// mscorlib types the runtime itself defines: generated code uses these instead of emitting
/// them again. `(metadata name, Rust path)`.
pub(crate) const CORE_TYPES: &[(&str, &str)] = &[
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

/// The runtime's wrapper of a primitive (`::cilbind::Int32`): what generic arguments use.
pub(crate) fn primitive_wrapper(p: Primitive) -> String {
    format!("::cilbind::{}", p.system_name())
}

/// The Rust type of a primitive value in a signature: `bool`, `::cilbind::Char`, `i32`...
pub(crate) fn primitive_value(p: Primitive) -> &'static str {
    match p {
        Primitive::Bool => "bool",
        Primitive::Char => "::cilbind::Char",
        other => super::rust_primitive(other),
    }
}

/// The Rust type of a primitive stored in memory (fields, arrays, `ref` slots): `bool` is
/// `::cilbind::Boolean` (any byte is valid), `char` is `::cilbind::Char`.
pub(crate) fn primitive_stored(p: Primitive) -> &'static str {
    match p {
        Primitive::Bool => "::cilbind::Boolean",
        Primitive::Char => "::cilbind::Char",
        other => super::rust_primitive(other),
    }
}

impl EmitCx<'_> {
    /// The Rust type that stands for `ty` as a reference-type handle or a generic argument,
    /// seen from `module`; `None` when it has no binding.
    pub(crate) fn handle_type(&self, module: &[String], ty: &Ty) -> Option<String> {
        match ty {
            Ty::Primitive(p) => Some(primitive_wrapper(*p)),
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

    /// The Rust type of a blittable value of type `ty` (primitive, enum or full struct) as
    /// stored in memory; `None` for anything else.
    pub(crate) fn blittable_element(&self, module: &[String], ty: &Ty) -> Option<String> {
        match ty {
            Ty::Primitive(p) => Some(primitive_stored(*p).to_string()),
            Ty::Named { path, args } if args.is_empty() => {
                use crate::classify::TypeClass;
                match self.model.class_of(path)? {
                    TypeClass::Enum { .. } | TypeClass::FlagsEnum { .. } | TypeClass::FullStruct(_) => {
                        self.path_from(module, path)
                    }
                    TypeClass::Primitive(p) => Some(primitive_stored(*p).to_string()),
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Mono's name of a type, as `mono_type_get_name` prints it: `System.Int32`,
/// `Outer.Inner`, ``System.Collections.Generic.List<System.Int32>``, `System.String[]`,
/// `System.Int32&`. `None` for types with no such name here (generic parameters).
pub(crate) fn mono_name(ty: &Ty) -> Option<String> {
    Some(match ty {
        Ty::Void => "System.Void".into(),
        Ty::Primitive(p) => format!("System.{}", p.system_name()),
        Ty::String => "System.String".into(),
        Ty::Object => "System.Object".into(),
        Ty::Named { path, args } => {
            let mut name = String::new();
            if !path.namespace.is_empty() {
                name.push_str(&path.namespace);
                name.push('.');
            }
            for outer in &path.nested {
                name.push_str(strip_arity(outer));
                name.push('.');
            }
            name.push_str(strip_arity(&path.name));
            if !args.is_empty() {
                let args: Option<Vec<String>> = args.iter().map(mono_name).collect();
                name.push('<');
                name.push_str(&args?.join(","));
                name.push('>');
            }
            name
        }
        Ty::SzArray(e) => format!("{}[]", mono_name(e)?),
        Ty::Array { element, rank } => format!("{}[{}]", mono_name(element)?, ",".repeat(rank.saturating_sub(1))),
        Ty::ByRef(t) => format!("{}&", mono_name(t)?),
        Ty::Pointer(Some(t)) => format!("{}*", mono_name(t)?),
        Ty::Pointer(None) => "System.Void*".into(),
        Ty::GenericParam(_) | Ty::FunctionPointer | Ty::TypedReference => return None,
    })
}

fn strip_arity(name: &str) -> &str {
    name.split('`').next().unwrap_or(name)
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

/// Name of the `static TypeRef` of an emitted type (one per type, in its module).
pub(crate) fn type_ref_static(rust_name: &str) -> String {
    format!("__TYPE_{}", rust_name.trim_start_matches("r#"))
}

/// Declares the `static TypeRef` of `path`.
pub(crate) fn type_ref_decl(path: &TypePath, rust_name: &str) -> String {
    let (assembly, namespace, name) = type_ref_parts(path);
    format!(
        "#[doc(hidden)]\n#[allow(non_upper_case_globals)]\npub static {}: ::cilbind::TypeRef = ::cilbind::TypeRef::new({assembly:?}, {namespace:?}, {name:?});\n",
        type_ref_static(rust_name)
    )
}
