//! Reading and writing fields of objects, struct boxes and classes (static fields).
//!
//! Mono's `mono_field_get_value`/`mono_field_set_value` copy at the field's offset in whatever
//! object they are given and as many bytes as the field's type has, so every access here first
//! checks the owner's class against the field's declaring class and the Rust value's size
//! against the field's type. A static field is reached only through its class's [`Statics`],
//! which exist once the class's type initializer has run (`type_init.rs`).

use std::ffi::c_void;
use std::ptr;

use super::ffi;
use super::metadata::{Class, Field};
use super::raw::{ObjectRef, PlainValue};
use super::runtime::Runtime;
use super::thread;
use super::type_init::Statics;
use super::type_kind::{type_class, type_kind, TypeHandle, TypeKind};
use crate::error::{Error, Result};

/// Checks that `field` holds a value of `V`'s size (so Mono's copy fits the buffer) or, with
/// `V = None`, a reference.
fn check_field<V: PlainValue>(field: Field, as_value: bool) -> Result<()> {
    let ty = field_type(field);
    let (kind, _) = type_kind(ty);
    let class = type_class(ty);
    let ok = match (as_value, class) {
        (true, Some(c)) => c.is_value_type() && c.value_size().0 == std::mem::size_of::<V>(),
        (false, _) => matches!(kind, TypeKind::Reference | TypeKind::String),
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        Err(Error::InvalidCast {
            from: format!(
                "field {}::{} of type {}",
                field.class().full_name(),
                field.name(),
                field.type_name()
            ),
            to: if as_value {
                std::any::type_name::<V>().to_string()
            } else {
                "a reference".to_string()
            },
        })
    }
}

/// Whose field is accessed: an instance (a class object or a struct box), or a class's static
/// storage, which exists only once the class's type initializer has run (`type_init.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum FieldHost {
    /// An instance field of this object.
    Instance(ObjectRef),
    /// A static field of this class.
    Static(Statics),
}

/// Checks that `host` holds `field`: the instance's class has the field, or the static
/// storage is that of the field's class.
fn check_host(host: FieldHost, field: Field) -> Result<FieldHost> {
    match (host, field.is_static()) {
        (FieldHost::Static(s), true) if s.class() == field.class() => Ok(host),
        (FieldHost::Static(s), true) => Err(Error::InvalidArgument(format!(
            "field {}::{} is not a static field of {}",
            field.class().full_name(),
            field.name(),
            s.class().full_name()
        ))),
        (FieldHost::Instance(o), false) if !o.is_null() => {
            // Mono writes at the field's offset in whatever object it is given: an object of
            // another class would be written past its end or over its own fields.
            let owner = o.class().expect("checked non-null");
            let declaring = field.class();
            if declaring.is_assignable_from(owner) {
                Ok(host)
            } else {
                Err(Error::InvalidArgument(format!(
                    "field {}::{} belongs to {}, not to an object of type {}",
                    declaring.full_name(),
                    field.name(),
                    declaring.full_name(),
                    owner.full_name()
                )))
            }
        }
        (FieldHost::Instance(_), false) => Err(Error::NullReference(format!(
            "instance field {} read on null",
            field.name()
        ))),
        (FieldHost::Static(_), false) => Err(Error::NullReference(format!(
            "instance field {} needs an instance",
            field.name()
        ))),
        (FieldHost::Instance(_), true) => Err(Error::InvalidArgument(format!("field {} is static", field.name()))),
    }
}

fn field_read(host: FieldHost, field: Field, out: *mut c_void) -> Result<()> {
    thread::ensure();
    match check_host(host, field)? {
        // SAFETY: `out` has room for the field's type (checked by check_field); reference
        // fields land in a ObjectRef slot on the caller's stack.
        FieldHost::Instance(o) => unsafe { ffi::mono_field_get_value(o.as_ptr(), field.as_ptr(), out) },
        // SAFETY: as above; the vtable is the field's class's, whose initializer has run.
        FieldHost::Static(s) => unsafe { ffi::mono_field_static_get_value(s.vtable(), field.as_ptr(), out) },
    }
    Ok(())
}

fn field_write(host: FieldHost, field: Field, value: *mut c_void) -> Result<()> {
    thread::ensure();
    match check_host(host, field)? {
        // SAFETY: `value` points to a value of the field's type (checked); Mono applies the
        // write barrier for references.
        FieldHost::Instance(o) => unsafe { ffi::mono_field_set_value(o.as_ptr(), field.as_ptr(), value) },
        // SAFETY: as above; the vtable is the field's class's, whose initializer has run.
        FieldHost::Static(s) => unsafe { ffi::mono_field_static_set_value(s.vtable(), field.as_ptr(), value) },
    }
    Ok(())
}

/// The object `mono_field_get_value_object` takes: the instance, or NULL for a static field
/// (whose class's initializer has run: Mono would run it itself and abort the process if it
/// threw).
fn value_object_owner(host: FieldHost, field: Field) -> Result<*mut ffi::MonoObject> {
    Ok(match check_host(host, field)? {
        FieldHost::Instance(o) => o.as_ptr(),
        FieldHost::Static(_) => ptr::null_mut(),
    })
}

/// Reads a value-type field of `host`.
pub(crate) fn field_get_value<V: PlainValue>(host: FieldHost, field: Field) -> Result<V> {
    check_field::<V>(field, true)?;
    let mut out = std::mem::MaybeUninit::<V>::zeroed();
    field_read(host, field, out.as_mut_ptr() as *mut c_void)?;
    // SAFETY: Mono wrote exactly size_of::<V>() bytes (checked); any bit pattern is a valid V.
    Ok(unsafe { out.assume_init() })
}

/// Writes a value-type field of `host`.
pub(crate) fn field_set_value<V: PlainValue>(host: FieldHost, field: Field, value: V) -> Result<()> {
    check_field::<V>(field, true)?;
    let mut v = value;
    field_write(host, field, &mut v as *mut V as *mut c_void)
}

/// Reads a reference-typed field of `host`.
pub(crate) fn field_get_ref(host: FieldHost, field: Field) -> Result<ObjectRef> {
    check_field::<u8>(field, false)?;
    let mut out = ObjectRef::NULL;
    field_read(host, field, &mut out as *mut ObjectRef as *mut c_void)?;
    Ok(out)
}

/// Writes a reference-typed field of `host`.
pub(crate) fn field_set_ref(host: FieldHost, field: Field, value: ObjectRef) -> Result<()> {
    check_field::<u8>(field, false)?;
    if let (Some(class), Some(t)) = (value.class(), type_class(field_type(field))) {
        if !t.is_assignable_from(class) {
            return Err(Error::InvalidCast {
                from: class.full_name(),
                to: field.type_name(),
            });
        }
    }
    // mono_field_set_value takes the reference itself (not its address) for static and
    // instance reference fields alike, as the value pointer's pointee is copied.
    field_write(host, field, value.as_ptr() as *mut c_void)
}

/// Checks that `field` holds a value of the struct `class` exactly.
fn check_struct_field(field: Field, class: Class) -> Result<()> {
    match type_class(field_type(field)) {
        Some(c) if c == class && !type_kind(field_type(field)).1 => Ok(()),
        _ => Err(Error::InvalidCast {
            from: format!(
                "field {}::{} of type {}",
                field.class().full_name(),
                field.name(),
                field.type_name()
            ),
            to: class.full_name(),
        }),
    }
}

/// A boxed copy of a struct-typed field of `host`: managed structs
/// hold references, so their bytes never leave managed memory.
pub(crate) fn field_get_boxed(host: FieldHost, field: Field, class: Class) -> Result<ObjectRef> {
    check_struct_field(field, class)?;
    let owner = value_object_owner(host, field)?;
    let rt = Runtime::get()?;
    // SAFETY: valid domain and field; `owner` is the live instance, or NULL for a static field
    // whose class's initializer has run. Returns a new box of the field's value.
    let boxed = unsafe { ffi::mono_field_get_value_object(rt.domain(), field.as_ptr(), owner) };
    if boxed.is_null() {
        return Err(Error::NullReference(format!("field {} gave no value", field.name())));
    }
    Ok(ObjectRef(boxed))
}

/// Writes a struct-typed field of `host` from the value inside `boxed` (a box of exactly the
/// field's type). Mono copies the value with the GC's write barriers.
pub(crate) fn field_set_from_box(host: FieldHost, field: Field, boxed: ObjectRef) -> Result<()> {
    let class = boxed
        .class()
        .ok_or_else(|| Error::NullReference("a null struct box".into()))?;
    check_struct_field(field, class)?;
    // The value pointer points into the box, which stays on this stack for the write.
    field_write(host, field, boxed.unboxed_ptr() as *mut c_void)
}

/// The class of a `Nullable<T>` field whose `T` is exactly `V`'s class, or InvalidCast.
fn check_nullable_field<V: PlainValue>(field: Field) -> Result<Class> {
    let ty = field_type(field);
    let value = super::raw::blittable_class::<V>()?;
    match type_class(ty) {
        Some(n) if !type_kind(ty).1 && n.nullable_param() == Some(value) => Ok(n),
        _ => Err(Error::InvalidCast {
            from: format!(
                "field {}::{} of type {}",
                field.class().full_name(),
                field.name(),
                field.type_name()
            ),
            to: format!("System.Nullable<{}>", value.full_name()),
        }),
    }
}

/// Reads a `Nullable<T>` field of `host` as Mono boxes it: null,
/// or a box of `T` (`T` checked to be `V`'s class).
pub(crate) fn field_get_nullable<V: PlainValue>(host: FieldHost, field: Field) -> Result<ObjectRef> {
    check_nullable_field::<V>(field)?;
    let owner = value_object_owner(host, field)?;
    let rt = Runtime::get()?;
    // SAFETY: valid domain and field; `owner` as in `field_get_boxed`. Mono boxes a Nullable
    // field's value as the CLI boxes a Nullable: null or a box of T.
    Ok(ObjectRef(unsafe {
        ffi::mono_field_get_value_object(rt.domain(), field.as_ptr(), owner)
    }))
}

/// Writes a `Nullable<T>` field of `host` (`T` checked to be `V`'s class): the value is laid
/// out as Mono lays out `Nullable<T>` (its `hasValue` and `value` fields at the offsets Mono
/// reports), then copied in.
pub(crate) fn field_set_nullable<V: PlainValue>(host: FieldHost, field: Field, value: Option<V>) -> Result<()> {
    let nullable = check_nullable_field::<V>(field)?;
    let size = nullable.value_size().0;
    let has_value = nullable.field("hasValue")?.value_offset();
    let at = nullable.field("value")?.value_offset();
    if has_value >= size || at + std::mem::size_of::<V>() > size {
        return Err(Error::LayoutMismatch {
            type_name: nullable.full_name(),
            detail: format!("fields at {has_value} and {at} do not fit {size} bytes"),
        });
    }
    let mut buf = vec![0u8; size];
    if let Some(v) = value {
        buf[has_value] = 1;
        // SAFETY: `at + size_of::<V>()` is within `buf` (checked above); V is plain data.
        unsafe {
            ptr::copy_nonoverlapping(
                &v as *const V as *const u8,
                buf.as_mut_ptr().add(at),
                std::mem::size_of::<V>(),
            )
        };
    }
    // Mono copies the Nullable's size from `buf`, which has exactly that many bytes.
    field_write(host, field, buf.as_mut_ptr() as *mut c_void)
}

fn field_type(field: Field) -> TypeHandle {
    // SAFETY: valid field.
    TypeHandle(unsafe { ffi::mono_field_get_type(field.as_ptr()) })
}
