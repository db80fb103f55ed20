//! A value type's bytes, copied out of a box and into a new one: how the call log (`record/`)
//! carries structs from one process to another. Only value types that hold no managed
//! reference, at any depth, are rebuilt from bytes: bytes written over a reference field would
//! be a forged pointer that the collector then follows.

use super::backend::on_backend;
use super::raw::ObjectRef;
use super::{coreclr, mono, Class};
use crate::error::Result;

/// True when a value of the value type `class` holds a managed reference in one of its
/// instance fields, or in theirs.
pub(crate) fn holds_references(class: Class) -> bool {
    on_backend!(
        mono => mono::plain::holds_references(class.into()),
        coreclr => coreclr::heap::holds_references(class),
    )
}

/// The bytes of the value in `boxed`, a box of a value type (its class's value size).
pub(crate) fn unboxed_bytes(boxed: ObjectRef) -> Result<Vec<u8>> {
    on_backend!(
        mono => mono::plain::unboxed_bytes(boxed.into()),
        coreclr => coreclr::heap::unboxed_bytes(boxed),
    )
}

/// True when the value in `boxed`, a box of a value type, is its type's default (every byte
/// zero: every reference null), whether or not it holds references; false when that cannot be
/// told.
pub(crate) fn is_default_box(boxed: ObjectRef) -> bool {
    on_backend!(
        mono => mono::plain::unboxed_bytes(boxed.into()).is_ok_and(|bytes| bytes.iter().all(|&b| b == 0)),
        coreclr => coreclr::heap::is_default_box(boxed),
    )
}

/// A new box of the value type `class` holding `bytes`, which must be exactly one value of
/// it; refused for value types that hold references ([`holds_references`]).
pub(crate) fn box_bytes(class: Class, bytes: &[u8]) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::plain::box_bytes(class.into(), bytes).map(ObjectRef::from),
        coreclr => coreclr::heap::box_bytes(class, bytes),
    )
}

/// The bytes of a plain value, as a client of a remote runtime sends a full struct (its
/// server boxes them as the parameter's type, checking the size there).
pub(crate) fn value_bytes<V: super::raw::PlainData>(value: &V) -> Vec<u8> {
    let mut bytes = vec![0u8; std::mem::size_of::<V>()];
    // SAFETY: `bytes` has `V`'s size and does not overlap `value`. The plain values sent are
    // Blittable: `#[repr(C)]` structs of plain fields laid out as the managed type, which
    // generated bindings write with every padding byte named as a field, so every byte copied
    // is initialised (the same copy boxing a value makes).
    unsafe { std::ptr::copy_nonoverlapping(value as *const V as *const u8, bytes.as_mut_ptr(), bytes.len()) };
    bytes
}

/// A plain value from its bytes, which must be exactly `V`'s size (otherwise
/// `Error::LayoutMismatch`).
pub(crate) fn value_from_bytes<V: super::raw::PlainData>(bytes: &[u8]) -> Result<V> {
    if bytes.len() != std::mem::size_of::<V>() {
        return Err(crate::Error::LayoutMismatch {
            type_name: std::any::type_name::<V>().to_string(),
            detail: format!(
                "the server sent {} bytes for a value of {} bytes",
                bytes.len(),
                std::mem::size_of::<V>()
            ),
        });
    }
    // SAFETY: `bytes` holds exactly `size_of::<V>()` bytes, and every bit pattern of that size
    // is a valid `V` (PlainData contract); the read is unaligned.
    Ok(unsafe { std::ptr::read_unaligned(bytes.as_ptr() as *const V) })
}
