//! A value type's bytes, copied out of a box and into a new one: how the call log
//! (`record/`) carries structs from one process to another. Only value types that hold no
//! managed reference, at any depth, are rebuilt from bytes: bytes written over a reference
//! field would be a forged pointer that the collector then follows.

use std::ffi::c_void;
use std::ptr;

use super::ffi;
use super::metadata::Class;
use super::raw::ObjectRef;
use super::runtime::Runtime;
use super::type_kind::{type_class, type_kind, TypeHandle};
use super::TypeKind;
use crate::error::{Error, Result};

/// Nesting depth past which a struct is taken to hold references (fail closed): no real
/// struct nests this deep, and a cycle through a generic instantiation cannot recurse forever.
const MAX_DEPTH: usize = 32;

/// True when a value of the value type `class` holds a managed reference in one of its
/// instance fields, or in theirs: strings, classes, arrays, `object`, by-ref fields, and
/// anything Mono gives no plain kind for.
pub(crate) fn holds_references(class: Class) -> bool {
    holds(class, 0)
}

fn holds(class: Class, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return true;
    }
    super::thread::ensure();
    let mut iter: *mut c_void = ptr::null_mut();
    loop {
        // SAFETY: iterator protocol of mono_class_get_fields (which sets up the class's
        // fields first); `iter` starts null and only Mono writes it.
        let field = unsafe { ffi::mono_class_get_fields(class.as_ptr(), &mut iter) };
        if field.is_null() {
            return false;
        }
        // SAFETY: `field` is a field of `class`, valid as long as its image.
        let (flags, ty) = unsafe {
            (
                ffi::mono_field_get_flags(field),
                TypeHandle(ffi::mono_field_get_type(field)),
            )
        };
        if flags & ffi::FIELD_ATTRIBUTE_STATIC != 0 {
            continue;
        }
        let (kind, byref) = type_kind(ty);
        let plain = !byref
            && match kind {
                TypeKind::String | TypeKind::Reference | TypeKind::Other | TypeKind::Void => false,
                TypeKind::Struct => type_class(ty).is_some_and(|c| c != class && !holds(c, depth + 1)),
                // Primitives, enums and unmanaged pointers are plain data.
                _ => true,
            };
        if !plain {
            return true;
        }
    }
}

/// The bytes of the value in `boxed`, a box of a value type (its class's value size).
pub(crate) fn unboxed_bytes(boxed: ObjectRef) -> Result<Vec<u8>> {
    let class = boxed
        .class()
        .ok_or_else(|| Error::NullReference("a null box has no bytes".into()))?;
    if !class.is_value_type() {
        return Err(Error::InvalidArgument(format!(
            "{} is not a value type: its object has no bytes to copy",
            class.full_name()
        )));
    }
    let size = class.value_size().0;
    let mut bytes = vec![0u8; size];
    // SAFETY: `boxed` is a live, non-null box of a value type (checked above) that sits on
    // this stack for the call; its data holds `size` bytes, and `bytes` has room for them.
    unsafe { ptr::copy_nonoverlapping(boxed.unboxed_ptr(), bytes.as_mut_ptr(), size) };
    Ok(bytes)
}

/// A new box of the value type `class` holding `bytes`, which must be exactly one value of
/// it; refused for value types that hold references ([`holds_references`]).
pub(crate) fn box_bytes(class: Class, bytes: &[u8]) -> Result<ObjectRef> {
    if !class.is_value_type() {
        return Err(Error::InvalidArgument(format!(
            "{} is not a value type: it cannot be made from bytes",
            class.full_name()
        )));
    }
    let size = class.value_size().0;
    if size != bytes.len() {
        return Err(Error::InvalidArgument(format!(
            "a value of {} has {size} bytes, not {}",
            class.full_name(),
            bytes.len()
        )));
    }
    if holds_references(class) {
        return Err(Error::Unsupported(format!(
            "{} holds managed references: a value of it cannot be made from bytes",
            class.full_name()
        )));
    }
    let rt = Runtime::get()?;
    // SAFETY: `class` is a value type of exactly `bytes.len()` bytes (checked above) whose
    // fields are primitives, enums, pointers and such structs only (no reference for the GC
    // to follow); Mono copies the bytes into the new box, which stays on this stack.
    Ok(ObjectRef(unsafe {
        ffi::mono_value_box(rt.domain(), class.as_ptr(), bytes.as_ptr() as *mut c_void)
    }))
}
