//! Internal-call names: the key under which the runtime registers a Rust implementation of a
//! C# `extern` method marked `[MethodImpl(MethodImplOptions.InternalCall)]`, written by the
//! generator and read by the runtime. The form is the one Mono's internal-call table looks
//! methods up by (`mono_add_internal_call`, with parameters as `mono_signature_get_desc`
//! prints them): `Namespace.Outer/Inner::Method(int,string&)`. It is not a function ID's
//! spelling; a backend that has no internal calls never reads it.

use crate::type_sig::{Primitive, TypeSig};

/// A parameter type as an internal-call name spells it (`int`, `single`, `string[]`,
/// `Namespace.Outer/Inner&`); `None` for the types that form has no name for here (generic
/// instantiations and parameters, general arrays, pointers, `void`, `TypedReference`).
pub fn param_desc(ty: &TypeSig) -> Option<String> {
    Some(match ty {
        TypeSig::Primitive(p) => match p {
            Primitive::Boolean => "bool",
            Primitive::Char => "char",
            Primitive::SByte => "sbyte",
            Primitive::Byte => "byte",
            Primitive::Int16 => "int16",
            Primitive::UInt16 => "uint16",
            Primitive::Int32 => "int",
            Primitive::UInt32 => "uint",
            Primitive::Int64 => "long",
            Primitive::UInt64 => "ulong",
            Primitive::Single => "single",
            Primitive::Double => "double",
            Primitive::IntPtr => "intptr",
            Primitive::UIntPtr => "uintptr",
            Primitive::String => "string",
            Primitive::Object => "object",
            Primitive::Void | Primitive::TypedReference => return None,
        }
        .to_string(),
        TypeSig::Named(n) if n.args.is_empty() => n.metadata_name(),
        TypeSig::SzArray(element) => format!("{}[]", param_desc(element)?),
        TypeSig::ByRef(target) => format!("{}&", param_desc(target)?),
        _ => return None,
    })
}

/// `Namespace.Outer/Inner::Method(int,string&)`: the internal-call name of `method` of the
/// type whose metadata full name is `type_metadata_name`, its parameters already spelled by
/// [`param_desc`].
pub fn name<P: AsRef<str>>(type_metadata_name: &str, method: &str, params: &[P]) -> String {
    let params: Vec<&str> = params.iter().map(AsRef::as_ref).collect();
    format!("{type_metadata_name}::{method}({})", params.join(","))
}
