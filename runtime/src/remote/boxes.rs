//! Boxing in a client of a remote runtime: the box is made, and read, on the server. A value
//! crosses by its bytes, named by its type's names; the server checks what a local box
//! checks (the value type converts to the target; an unbox reads the box's exact type or an
//! enum's underlying one) and keeps the box for the client, which holds a handle to it.

use crate::error::{Error, Result};
use crate::remote::wire::{MakeBox, ReadBox, Step};
use crate::remote::{client, values};
use crate::value::{Blittable, Object, Reference};

/// `value.box_as::<T>()` made on the server.
pub(crate) fn box_value<V: Blittable, T: Reference>(value: &V) -> Result<T> {
    let what = format!(
        "boxing a {} as {}",
        std::any::type_name::<V>(),
        std::any::type_name::<T>()
    );
    let step = MakeBox {
        ty: V::remote_type()?,
        bytes: crate::host::plain::value_bytes(value),
        target: T::remote_type()?,
    };
    let boxed = client::step(Step::MakeBox(Box::new(step)), what)?;
    // The server checked that the box converts to `T` before it kept it.
    crate::value::object::remote_reference(boxed)?
        .ok_or_else(|| Error::NullReference("the server's box is null".into()))
}

/// `obj.unbox::<V>()` of a box the server holds.
pub(crate) fn unbox_value<V: Blittable>(obj: &Object) -> Result<V> {
    let what = format!("unboxing a {}", std::any::type_name::<V>());
    let step = ReadBox {
        object: values::object(Some(obj))?,
        ty: V::remote_type()?,
    };
    values::plain_from_recorded(client::step(Step::ReadBox(Box::new(step)), what)?)
}

/// A managed struct's default value, in a box the server makes and keeps.
#[cfg(feature = "remote")]
pub(crate) fn default_box(ty: crate::remote::TypeName) -> Result<Object> {
    let what = format!("making a default {}", ty.name);
    values::remote_object(client::step(Step::DefaultValue(Box::new(ty)), what)?)?
        .ok_or_else(|| Error::NullReference("the server made no box".into()))
}

/// A copy of a box the server holds (a managed struct's clone).
#[cfg(feature = "remote")]
pub(crate) fn copy_box(boxed: &Object) -> Result<Object> {
    let step = Step::CopyValue(Box::new(values::object(Some(boxed))?));
    values::remote_object(client::step(step, "copying a managed struct".into())?)?
        .ok_or_else(|| Error::NullReference("the server's copy is null".into()))
}
