//! Boxes over a connection: a box is made, and read, on the server. A value crosses by its
//! bytes, named by its type's names; the server checks what a local box checks (the value
//! type converts to the target; an unbox reads the box's exact type or an enum's underlying
//! one) and keeps the box for the client, which holds a handle to it. A managed struct the
//! client holds by handle is such a box too (its default value and its copies are made
//! there). Both halves are here: the client's, then the session's.

use crate::call::{Recorded, Value};
use crate::error::{Error, Result};
use crate::host::plain::{holds_references, unboxed_bytes};
use crate::host::raw::{box_default, rebox};
use crate::remote::session::{class_of, value_of_class, Session};
use crate::remote::wire::{MakeBox, ReadBox, Step, TypeName};
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

/// `StructHandle::<T>::unbox(obj)` of a box the server holds: a copy made there, when the box
/// holds exactly the value type `ty` (value types are sealed: a cast to one is its exact type).
#[cfg(feature = "remote")]
pub(crate) fn unbox_struct(obj: &Object, ty: TypeName) -> Result<Object> {
    let object = values::object(Some(obj))?;
    let from = match &object {
        Recorded::Object { class, .. } => class.clone(),
        other => other.to_string(),
    };
    let to = if ty.namespace.is_empty() {
        ty.name.clone()
    } else {
        format!("{}.{}", ty.namespace, ty.name)
    };
    let step = crate::remote::wire::IsInstance { object, ty };
    let what = format!("unboxing a {to}");
    if client::step(Step::IsInstance(Box::new(step)), what)? != Recorded::Boolean(true) {
        return Err(Error::InvalidCast { from, to });
    }
    copy_box(obj)
}

// ---- The session's side --------------------------------------------------------------------

impl Session {
    /// Boxes a value the client sent (see [`MakeBox`]): its type must be a value type the
    /// bytes are one value of, holding no references, and convert to the target.
    pub fn make_box(&self, step: &MakeBox) -> Result<Recorded> {
        let class = class_of(&step.ty)?;
        let target = class_of(&step.target)?;
        if !class.is_value_type() || !target.is_assignable_from(class) {
            return Err(Error::InvalidCast {
                from: class.full_name(),
                to: target.full_name(),
            });
        }
        let boxed = value_of_class(class, &step.bytes)?;
        self.keep(Value::Object(boxed))
    }

    /// Reads the value out of a box the client holds (see [`ReadBox`]): the box's exact type
    /// or, for an enum's box, its underlying type; the value's bytes.
    pub fn read_box(&self, step: &ReadBox) -> Result<Recorded> {
        let boxed = match &step.object {
            Recorded::Object { cookie, .. } => self.object(*cookie)?,
            Recorded::Null => return Err(Error::NullReference("cannot unbox null".into())),
            other => return Err(Error::InvalidArgument(format!("{other} is no box"))),
        };
        let actual = boxed.class()?;
        let target = class_of(&step.ty)?;
        // A value holding references is not sent by its bytes (they would be addresses).
        if !target.is_value_type()
            || holds_references(target)
            || (actual != target && actual.enum_underlying() != Some(target))
        {
            return Err(Error::InvalidCast {
                from: actual.full_name(),
                to: target.full_name(),
            });
        }
        Ok(Recorded::Struct {
            assembly: String::new(),
            type_name: String::new(),
            bytes: unboxed_bytes(boxed.raw()?)?,
        })
    }

    /// A new box of the value type `ty` names, holding its default value, kept for the client.
    pub fn default_value(&self, ty: &TypeName) -> Result<Recorded> {
        let class = class_of(ty)?;
        if !class.is_value_type() {
            return Err(Error::InvalidArgument(format!(
                "{} is no value type",
                class.full_name()
            )));
        }
        let boxed = Object::from_raw(box_default(class)?)?
            .ok_or_else(|| Error::NullReference(format!("no {} was made", class.full_name())))?;
        self.keep(Value::Object(boxed))
    }

    /// A copy of a box of a value type the client holds, kept for the client.
    pub fn copy_value(&self, boxed: &Recorded) -> Result<Recorded> {
        let original = match boxed {
            Recorded::Object { cookie, .. } => self.object(*cookie)?,
            other => return Err(Error::InvalidArgument(format!("{other} is no box to copy"))),
        };
        let class = original.class()?;
        if !class.is_value_type() {
            return Err(Error::InvalidArgument(format!(
                "a {} is no box of a value type",
                class.full_name()
            )));
        }
        let copy = Object::from_raw(rebox(original.raw()?)?)?
            .ok_or_else(|| Error::NullReference("the copy of a box is null".into()))?;
        self.keep(Value::Object(copy))
    }
}
