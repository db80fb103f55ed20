//! What kind of value a type carries across the native boundary (primitive, enum, struct,
//! reference, pointer), read from Mono's type descriptors.

use super::ffi;
use super::metadata::Class;
use crate::host::TypeKind;

/// A type as a method's signature or a field names it (by-ref ones included): a handle to
/// the backend's metadata, opaque above the host (on Mono a `MonoType*`, valid as long as its
/// image).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct TypeHandle(pub(super) *mut ffi::MonoType);

/// The kind of a type and whether it is by reference (`ref`/`out`).
pub(crate) fn type_kind(TypeHandle(ty): TypeHandle) -> (TypeKind, bool) {
    // SAFETY: `ty` is a valid type from a signature or field.
    let (code, byref) = unsafe { (ffi::mono_type_get_type(ty), ffi::mono_type_is_byref(ty) != 0) };
    let kind = match code {
        0x01 => TypeKind::Void,
        0x02 => TypeKind::Boolean,
        0x03 => TypeKind::Char,
        0x04 => TypeKind::SByte,
        0x05 => TypeKind::Byte,
        0x06 => TypeKind::Int16,
        0x07 => TypeKind::UInt16,
        0x08 => TypeKind::Int32,
        0x09 => TypeKind::UInt32,
        0x0a => TypeKind::Int64,
        0x0b => TypeKind::UInt64,
        0x0c => TypeKind::Single,
        0x0d => TypeKind::Double,
        0x0e => TypeKind::String,
        0x18 => TypeKind::IntPtr,
        0x19 => TypeKind::UIntPtr,
        // VALUETYPE, or GENERICINST of a value type
        0x11 | 0x15 => {
            // SAFETY: value and generic-instance types have a class.
            match Class::from_ptr(unsafe { ffi::mono_class_from_mono_type(ty) }) {
                Some(c) if c.is_enum() => TypeKind::Enum,
                Some(c) if c.is_value_type() => TypeKind::Struct,
                _ => TypeKind::Reference,
            }
        }
        // PTR
        0x0f => TypeKind::Pointer,
        // CLASS, ARRAY, OBJECT, SZARRAY
        0x12 | 0x14 | 0x1c | 0x1d => TypeKind::Reference,
        _ => TypeKind::Other,
    };
    (kind, byref)
}

/// The class of a (possibly by-ref) type.
pub(crate) fn type_class(TypeHandle(ty): TypeHandle) -> Option<Class> {
    // SAFETY: valid type; by-ref types map to their element class.
    Class::from_ptr(unsafe { ffi::mono_class_from_mono_type(ty) })
}
