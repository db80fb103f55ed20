//! Managed objects lent to a native for the length of one call.

use std::fmt;
use std::marker::PhantomData;

use crate::error::{Error, Result};
use crate::host::{Class, ObjectRef};
use crate::value::object::wrap;
use crate::value::{Object, Reference};

/// A managed object (of type `T`, never null) that C# passed to a native, borrowed for the call
/// (`'call`): it cannot be stored beyond it, since after the native returns nothing keeps the
/// object alive or in place. Make a handle with [`Lent::to_owned`] to keep it (the usual `T`,
/// held by a GC handle); that costs one handle, so a native that only inspects an object's type
/// pays nothing.
///
/// ```ignore
/// fn hit(this: Lent<'_, Entity>, amount: i32) -> NativeResult<()> {
///     let entity: Entity = this.to_owned()?; // a handle: may be stored, used after the call
///     entity.set_health(entity.health()? - amount)?;
///     Ok(())
/// }
/// ```
pub struct Lent<'call, T> {
    raw: ObjectRef,
    _call: PhantomData<&'call ()>,
    _type: PhantomData<fn() -> T>,
}

impl<'call, T: Reference> Lent<'call, T> {
    /// Lends `raw` (non-null, an instance of `T`'s class as the method's signature declares).
    #[inline]
    pub(crate) fn new(raw: ObjectRef) -> Lent<'call, T> {
        Lent {
            raw,
            _call: PhantomData,
            _type: PhantomData,
        }
    }

    /// A handle to the object (a new GC handle): it stays valid after the call, and survives
    /// collections that move the object. Checked against `T`'s class like every reference a
    /// call produces.
    pub fn to_owned(&self) -> Result<T> {
        wrap::<T>(self.raw)?.ok_or_else(|| Error::NullReference("a lent object is never null".into()))
    }

    /// The object's runtime class (`GetType()`), without making a handle.
    pub fn class(&self) -> Class {
        self.raw.class().expect("a lent object is never null")
    }

    /// The object as an `Object` handle (same identity), for APIs that take any object.
    pub fn to_object(&self) -> Result<Object> {
        Object::from_raw(self.raw)?.ok_or_else(|| Error::NullReference("a lent object is never null".into()))
    }

    /// The same object lent as `U`, when it is an instance of `U` (a downcast or an interface
    /// it implements); otherwise [`Error::InvalidCast`] naming both types.
    pub fn cast<U: Reference>(&self) -> Result<Lent<'call, U>> {
        let (actual, target) = (self.class(), U::class()?);
        if target.is_assignable_from(actual) {
            Ok(Lent::new(self.raw))
        } else {
            Err(Error::InvalidCast {
                from: actual.full_name(),
                to: target.full_name(),
            })
        }
    }

    /// True when both lend the same object (`ReferenceEquals`).
    pub fn same_object<U>(&self, other: &Lent<'_, U>) -> bool {
        self.raw == other.raw
    }
}

impl<T> fmt::Debug for Lent<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.raw.class() {
            Some(class) => write!(f, "Lent({})", class.full_name()),
            None => write!(f, "Lent(null)"),
        }
    }
}
