//! Reading and writing fields of objects, struct boxes and classes (static fields) on Mono.
//!
//! Mono's `mono_field_get_value`/`mono_field_set_value` copy at the field's offset in whatever
//! object they are given and as many bytes as the field's type has: the host's `fields.rs`
//! checks the owner's class against the field's declaring class and the Rust value's size
//! against the field's type before any of these runs. A static field is reached only through
//! its class's [`Statics`], which exist once the class's type initializer has run.

use std::ffi::c_void;
use std::ptr;

use super::ffi;
use super::metadata::{Class, Field};
use super::raw::ObjectRef;
use super::runtime::Runtime;
use super::thread;
use super::type_init::Statics;
use crate::error::{Error, Result};

/// Whose field is accessed (checked by the caller to hold the field).
#[derive(Clone, Copy, Debug)]
pub(crate) enum FieldHost {
    /// An instance field of this non-null object.
    Instance(ObjectRef),
    /// A static field of this class.
    Static(Statics),
}

/// Copies the field's value to `out`, which has room for the field's type (checked by the
/// caller; a reference field lands in an `ObjectRef` slot on the caller's stack).
pub(crate) fn read(host: FieldHost, field: Field, out: *mut c_void) {
    thread::ensure();
    match host {
        // SAFETY: `out` has room for the field's type and `o` holds the field (the caller's
        // checks); the object is live on this stack.
        FieldHost::Instance(o) => unsafe { ffi::mono_field_get_value(o.as_ptr(), field.as_ptr(), out) },
        // SAFETY: as above; the vtable is the field's class's, whose initializer has run.
        FieldHost::Static(s) => unsafe { ffi::mono_field_static_get_value(s.vtable(), field.as_ptr(), out) },
    }
}

/// Copies the value at `value` (of the field's type, checked by the caller) into the field.
pub(crate) fn write(host: FieldHost, field: Field, value: *mut c_void) {
    thread::ensure();
    match host {
        // SAFETY: `value` points to a value of the field's type and `o` holds the field (the
        // caller's checks); Mono applies the write barrier for references.
        FieldHost::Instance(o) => unsafe { ffi::mono_field_set_value(o.as_ptr(), field.as_ptr(), value) },
        // SAFETY: as above; the vtable is the field's class's, whose initializer has run.
        FieldHost::Static(s) => unsafe { ffi::mono_field_static_set_value(s.vtable(), field.as_ptr(), value) },
    }
}

/// The field's value as an object: a new box of a value-type field (null or a box of `T` for
/// a `Nullable<T>`), the reference of a reference field.
pub(crate) fn value_object(host: FieldHost, field: Field) -> Result<ObjectRef> {
    // Mono takes the instance, or NULL for a static field (whose class's initializer has run:
    // Mono would run it itself and abort the process if it threw).
    let owner = match host {
        FieldHost::Instance(o) => o.as_ptr(),
        FieldHost::Static(_) => ptr::null_mut(),
    };
    let rt = Runtime::get()?;
    // SAFETY: valid domain and field; `owner` holds the field (caller's checks) or is NULL for
    // a static field of an initialised class.
    Ok(ObjectRef(unsafe {
        ffi::mono_field_get_value_object(rt.domain(), field.as_ptr(), owner)
    }))
}

/// Writes a `Nullable<T>` field (of class `nullable`): `value` the bytes of one `T` (its
/// value size, checked by the caller) or `None` for no value. The value is laid out as Mono
/// lays out `Nullable<T>` (its `hasValue` and `value` fields at the offsets Mono reports),
/// then copied in.
pub(crate) fn write_nullable(host: FieldHost, field: Field, nullable: Class, value: Option<&[u8]>) -> Result<()> {
    let size = nullable.value_size().0;
    let has_value = nullable.field("hasValue")?.value_offset();
    let at = nullable.field("value")?.value_offset();
    let len = value.map_or(0, <[u8]>::len);
    if has_value >= size || at + len > size {
        return Err(Error::LayoutMismatch {
            type_name: nullable.full_name(),
            detail: format!("fields at {has_value} and {at} do not fit {size} bytes"),
        });
    }
    let mut buf = vec![0u8; size];
    if let Some(v) = value {
        buf[has_value] = 1;
        buf[at..at + v.len()].copy_from_slice(v);
    }
    // Mono copies the Nullable's size from `buf`, which has exactly that many bytes.
    write(host, field, buf.as_mut_ptr() as *mut c_void);
    Ok(())
}

/// The field's type (its signature type).
pub(crate) fn field_type(field: Field) -> super::TypeHandle {
    // SAFETY: valid field.
    super::TypeHandle(unsafe { ffi::mono_field_get_type(field.as_ptr()) })
}
