//! Instance and static field access, checked here for both backends: the field's type against
//! the Rust value's, the instance's class against the field's owner, a static field's storage
//! against its class (both runtimes would otherwise write at the field's offset in whatever
//! they are given), then read or written by the backend that runs.

use std::ffi::c_void;

use super::backend::on_backend;
use super::metadata::{type_class, type_kind};
use super::plain::holds_references;
use super::raw::{blittable_class, zeroed_value, ObjectRef, PlainValue};
use super::type_init::Statics;
use super::{coreclr, mono, Class, Field, TypeKind};
use crate::error::{Error, Result};

/// Whose field is accessed: an instance (a class object or a struct box), or a class's static
/// storage, which exists only once the class's type initializer has run (`type_init.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum FieldHost {
    /// An instance field of this object.
    Instance(ObjectRef),
    /// A static field of this class.
    Static(Statics),
}

fn mismatch(field: Field, to: String) -> Error {
    Error::InvalidCast {
        from: format!(
            "field {}::{} of type {}",
            field.class().full_name(),
            field.name(),
            field.type_name()
        ),
        to,
    }
}

/// Checks that `field` holds a value of `V`'s size (so the copy fits the buffer) or, with
/// `as_value` false, a reference.
fn check_field<V: PlainValue>(field: Field, as_value: bool) -> Result<()> {
    let ty = field.type_handle();
    let (kind, _) = type_kind(ty);
    let ok = match (as_value, type_class(ty)) {
        (true, Some(c)) => c.is_value_type() && c.value_size().0 == std::mem::size_of::<V>(),
        (false, _) => matches!(kind, TypeKind::Reference | TypeKind::String),
        _ => false,
    };
    if ok {
        Ok(())
    } else if as_value {
        Err(mismatch(field, std::any::type_name::<V>().to_string()))
    } else {
        Err(mismatch(field, "a reference".to_string()))
    }
}

/// Checks that `host` holds `field`: the instance's class has the field, or the static
/// storage is that of the field's class.
fn check_host(host: FieldHost, field: Field) -> Result<()> {
    match (host, field.is_static()) {
        (FieldHost::Static(s), true) if s.class() == field.class() => Ok(()),
        (FieldHost::Static(s), true) => Err(Error::InvalidArgument(format!(
            "field {}::{} is not a static field of {}",
            field.class().full_name(),
            field.name(),
            s.class().full_name()
        ))),
        (FieldHost::Instance(o), false) => {
            let Some(owner) = o.class() else {
                return Err(Error::NullReference(format!(
                    "instance field {} read on null",
                    field.name()
                )));
            };
            let declaring = field.class();
            if declaring.is_assignable_from(owner) {
                Ok(())
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
        (FieldHost::Static(_), false) => Err(Error::NullReference(format!(
            "instance field {} needs an instance",
            field.name()
        ))),
        (FieldHost::Instance(_), true) => Err(Error::InvalidArgument(format!("field {} is static", field.name()))),
    }
}

/// Checks that `field` holds a value of the struct `class` exactly.
fn check_struct_field(field: Field, class: Class) -> Result<()> {
    let ty = field.type_handle();
    match type_class(ty) {
        Some(c) if c == class && !type_kind(ty).1 => Ok(()),
        _ => Err(mismatch(field, class.full_name())),
    }
}

/// The class of a `Nullable<T>` field whose `T` is exactly `V`'s class, or InvalidCast.
fn check_nullable_field<V: PlainValue>(field: Field) -> Result<Class> {
    let ty = field.type_handle();
    let value = blittable_class::<V>()?;
    match type_class(ty) {
        Some(n) if !type_kind(ty).1 && n.nullable_param() == Some(value) => Ok(n),
        _ => Err(mismatch(field, format!("System.Nullable<{}>", value.full_name()))),
    }
}

/// Mono's view of a checked host.
fn mono_host(host: FieldHost) -> Result<mono::fields::FieldHost> {
    Ok(match host {
        FieldHost::Instance(o) => mono::fields::FieldHost::Instance(o.into()),
        FieldHost::Static(s) => mono::fields::FieldHost::Static(
            s.mono()
                .ok_or_else(|| Error::Unsupported("static storage of another runtime".into()))?,
        ),
    })
}

/// The object whose field CoreCLR's reflection reads or writes (null for a static field).
fn target(host: FieldHost) -> ObjectRef {
    match host {
        FieldHost::Instance(o) => o,
        FieldHost::Static(_) => ObjectRef::NULL,
    }
}

/// The bytes of a plain value, for writing.
fn bytes_mut<V: PlainValue>(value: &mut V) -> &mut [u8] {
    // SAFETY: `V` is plain data (PlainValue contract): any bytes are a valid `V`, and the slice
    // covers exactly its `size_of` bytes for the borrow.
    unsafe { std::slice::from_raw_parts_mut(value as *mut V as *mut u8, std::mem::size_of::<V>()) }
}

/// Reads a value-type field of `host`.
pub(crate) fn field_get_value<V: PlainValue>(host: FieldHost, field: Field) -> Result<V> {
    check_field::<V>(field, true)?;
    check_host(host, field)?;
    let mut out = zeroed_value::<V>();
    on_backend!(
        mono => mono::fields::read(mono_host(host)?, field.into(), &mut out as *mut V as *mut c_void),
        coreclr => {
            let boxed = coreclr::heap::field_get(field, target(host))?;
            coreclr::heap::unbox_into(boxed, bytes_mut(&mut out))?;
        },
    );
    Ok(out)
}

/// Writes a value-type field of `host`.
pub(crate) fn field_set_value<V: PlainValue>(host: FieldHost, field: Field, value: V) -> Result<()> {
    check_field::<V>(field, true)?;
    check_host(host, field)?;
    let mut v = value;
    on_backend!(
        mono => {
            mono::fields::write(mono_host(host)?, field.into(), &mut v as *mut V as *mut c_void);
            Ok(())
        },
        coreclr => {
            let class = type_class(field.type_handle()).ok_or_else(|| mismatch(field, "a value".into()))?;
            let boxed = coreclr::heap::box_bytes(class, bytes_mut(&mut v))?;
            coreclr::heap::field_set(field, target(host), boxed)
        },
    )
}

/// Reads a reference-typed field of `host`.
pub(crate) fn field_get_ref(host: FieldHost, field: Field) -> Result<ObjectRef> {
    check_field::<u8>(field, false)?;
    check_host(host, field)?;
    on_backend!(
        mono => {
            let mut out = mono::ObjectRef::NULL;
            mono::fields::read(mono_host(host)?, field.into(), &mut out as *mut mono::ObjectRef as *mut c_void);
            Ok(out.into())
        },
        coreclr => coreclr::heap::field_get(field, target(host)),
    )
}

/// Writes a reference-typed field of `host`.
pub(crate) fn field_set_ref(host: FieldHost, field: Field, value: ObjectRef) -> Result<()> {
    check_field::<u8>(field, false)?;
    check_host(host, field)?;
    if let (Some(class), Some(t)) = (value.class(), type_class(field.type_handle())) {
        if !t.is_assignable_from(class) {
            return Err(Error::InvalidCast {
                from: class.full_name(),
                to: field.type_name(),
            });
        }
    }
    on_backend!(
        mono => {
            // mono_field_set_value takes the reference itself (not its address) for static
            // and instance reference fields alike, as the value pointer's pointee is copied.
            mono::fields::write(mono_host(host)?, field.into(), mono::ObjectRef::from(value).as_ptr() as *mut c_void);
            Ok(())
        },
        coreclr => coreclr::heap::field_set(field, target(host), value),
    )
}

/// A boxed copy of a struct-typed field of `host`: managed structs hold references, so their
/// bytes never leave managed memory.
pub(crate) fn field_get_boxed(host: FieldHost, field: Field, class: Class) -> Result<ObjectRef> {
    check_struct_field(field, class)?;
    check_host(host, field)?;
    let boxed = on_backend!(
        mono => ObjectRef::from(mono::fields::value_object(mono_host(host)?, field.into())?),
        coreclr => coreclr::heap::field_get(field, target(host))?,
    );
    if boxed.is_null() {
        return Err(Error::NullReference(format!("field {} gave no value", field.name())));
    }
    Ok(boxed)
}

/// Writes a struct-typed field of `host` from the value inside `boxed` (a box of exactly the
/// field's type), with the GC's write barriers.
pub(crate) fn field_set_from_box(host: FieldHost, field: Field, boxed: ObjectRef) -> Result<()> {
    let class = boxed
        .class()
        .ok_or_else(|| Error::NullReference("a null struct box".into()))?;
    check_struct_field(field, class)?;
    check_host(host, field)?;
    on_backend!(
        mono => {
            // The value pointer points into the box, which stays on this stack for the write.
            mono::fields::write(mono_host(host)?, field.into(), mono::ObjectRef::from(boxed).unboxed_ptr() as *mut c_void);
            Ok(())
        },
        coreclr => coreclr::heap::field_set(field, target(host), boxed),
    )
}

/// Reads a `Nullable<T>` field of `host` as the CLI boxes it: null, or a box of `T` (`T`
/// checked to be `V`'s class).
pub(crate) fn field_get_nullable<V: PlainValue>(host: FieldHost, field: Field) -> Result<ObjectRef> {
    check_nullable_field::<V>(field)?;
    check_host(host, field)?;
    on_backend!(
        mono => mono::fields::value_object(mono_host(host)?, field.into()).map(ObjectRef::from),
        coreclr => coreclr::heap::field_get(field, target(host)),
    )
}

/// Writes a `Nullable<T>` field of `host` (`T` checked to be `V`'s class).
pub(crate) fn field_set_nullable<V: PlainValue>(host: FieldHost, field: Field, value: Option<V>) -> Result<()> {
    let nullable = check_nullable_field::<V>(field)?;
    check_host(host, field)?;
    let mut value = value;
    write_nullable(host, field, nullable, value.as_mut().map(|v| &*bytes_mut(v)))
}

/// Writes a `Nullable<T>` field of `host` from the bytes of one `T` (or `None`: no value), for
/// a value known only at run time (a replay); `T` must hold no reference, and the bytes be
/// exactly one value of it.
pub(crate) fn field_set_nullable_bytes(host: FieldHost, field: Field, value: Option<&[u8]>) -> Result<()> {
    let ty = field.type_handle();
    let (nullable, inner) = match type_class(ty).and_then(|n| Some((n, n.nullable_param()?))) {
        Some(found) if !type_kind(ty).1 => found,
        _ => return Err(mismatch(field, "a System.Nullable<T>".into())),
    };
    if let Some(bytes) = value {
        if holds_references(inner) || inner.value_size().0 != bytes.len() {
            return Err(mismatch(field, format!("{} bytes of a plain value", bytes.len())));
        }
    }
    check_host(host, field)?;
    write_nullable(host, field, nullable, value)
}

/// Writes checked `Nullable<T>` bytes (`T`'s, or none) into `field` of `host`.
fn write_nullable(host: FieldHost, field: Field, nullable: Class, value: Option<&[u8]>) -> Result<()> {
    on_backend!(
        mono => mono::fields::write_nullable(mono_host(host)?, field.into(), nullable.into(), value),
        coreclr => {
            // Reflection sets a Nullable<T> field from null or a box of T.
            let boxed = match (value, nullable.nullable_param()) {
                (Some(bytes), Some(inner)) => coreclr::heap::box_bytes(inner, bytes)?,
                (Some(_), None) => return Err(mismatch(field, "a System.Nullable<T>".into())),
                (None, _) => ObjectRef::NULL,
            };
            coreclr::heap::field_set(field, target(host), boxed)
        },
    )
}

/// Reads any field of `host` as a reference, for a value known only at run time (a replay):
/// a reference-typed field's object, a value-type field's value in a new box (a
/// `Nullable<T>` as null or a box of `T`, as the CLI boxes one).
pub(crate) fn field_get_any(host: FieldHost, field: Field) -> Result<ObjectRef> {
    check_host(host, field)?;
    on_backend!(
        mono => mono::fields::value_object(mono_host(host)?, field.into()).map(ObjectRef::from),
        coreclr => coreclr::heap::field_get(field, target(host)),
    )
}
