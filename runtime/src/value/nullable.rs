//! `System.Nullable<T>` of a blittable `T` (C#'s `int?`, `Color?`, `Vector3?`) as a Rust
//! [`Option`].
//!
//! The CLI never boxes a `Nullable<T>` as itself: boxing one gives null (no value) or a box of
//! `T`, and unboxing as `Nullable<T>` accepts exactly those two. Mono's unmanaged thunks take
//! and return value types boxed, so a `Nullable<T>` parameter or return crosses the raw path
//! as that reference (the runtime checks an argument's box against `T`'s exact class, and a
//! returned box against the Rust type's), and [`Nullable::box_value`] / [`Nullable::unbox`]
//! follow the same rule for explicit boxing.

use crate::call::abi::{sealed, Abi, Arg, ArgSlot};
use crate::error::{Error, Result};
use crate::host::{raw, ObjectRef};
use crate::value::boxing::unbox_raw;
use crate::value::Object;
use crate::value::{zeroed, Blittable};

/// A `System.Nullable<V>`: `None` is C#'s `null` (no value).
///
/// Generated bindings take and return plain `Option<V>`s and wrap them in this type only to
/// cross a call: `Option<V>` itself cannot be an argument type, since `Option<&T>` already is
/// one for object handles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nullable<V: Blittable>(pub Option<V>);

impl<V: Blittable> Nullable<V> {
    /// Boxes the value as the CLI boxes a `Nullable<V>`: `None` for no value, otherwise a box
    /// of `V` (never a box of `Nullable<V>`).
    pub fn box_value(&self) -> Result<Option<Object>> {
        self.0.as_ref().map(crate::value::box_blittable).transpose()
    }

    /// Unboxes as C#'s `(V?)obj` does: null is `None`, a box of `V` (or of an enum whose
    /// underlying type `V` is) is `Some`; any other object is [`Error::InvalidCast`].
    pub fn unbox(obj: Option<&Object>) -> Result<Nullable<V>> {
        obj.map(crate::value::unbox_blittable).transpose().map(Nullable)
    }

    /// Lowers to the reference a thunk takes for a `Nullable<V>` parameter.
    pub(crate) fn to_raw(self) -> Result<ObjectRef> {
        match self.0 {
            Some(v) => raw::box_value(&v),
            None => Ok(ObjectRef::NULL),
        }
    }

    /// Lifts the reference a thunk returns for a `Nullable<V>`: null, or a box checked to be
    /// of `V`'s class.
    pub(crate) fn from_raw(obj: ObjectRef) -> Result<Nullable<V>> {
        if obj.is_null() {
            return Ok(Nullable(None));
        }
        unbox_raw(obj).map(|v| Nullable(Some(v))).map_err(|e| match e {
            Error::InvalidCast { from, to } => Error::InvalidCast {
                from,
                to: format!("System.Nullable<{to}>"),
            },
            other => other,
        })
    }
}

impl<V: Blittable> From<Option<V>> for Nullable<V> {
    fn from(value: Option<V>) -> Self {
        Nullable(value)
    }
}

impl<V: Blittable> From<Nullable<V>> for Option<V> {
    fn from(value: Nullable<V>) -> Self {
        value.0
    }
}

/// A `Nullable<V>` laid out as Mono lays out `Nullable<T>`: `hasValue` first, then the value at
/// `T`'s alignment (checked against the backend's layout when a method is bound; with equal
/// total sizes the alignments, and so the offsets, are equal).
#[repr(C)]
#[derive(Clone, Copy)]
struct Repr<V> {
    has_value: u8,
    value: V,
}

/// A `ref`/`out`/`in` `Nullable<V>` parameter (`ref int?`): the callee reads and writes a
/// `Nullable<V>` in a slot on the caller's stack (through a trampoline that takes it by
/// pointer), and the slot is written back to the `Option` after the call.
pub struct RefNullable<'a, V: Blittable>(pub &'a mut Option<V>);

/// Slot of [`RefNullable`].
pub struct RefNullableSlot<'a, V: Blittable> {
    target: &'a mut Option<V>,
    value: Repr<V>,
}

impl<V: Blittable> sealed::Arg for RefNullable<'_, V> {}
impl<'a, V: Blittable> Arg for RefNullable<'a, V> {
    const ABI: Abi = Abi::ByRef(std::mem::size_of::<Repr<V>>());
    type Slot = RefNullableSlot<'a, V>;
    fn lower(self) -> Result<Self::Slot> {
        let value = match *self.0 {
            Some(v) => Repr { has_value: 1, value: v },
            None => Repr {
                has_value: 0,
                value: zeroed(),
            },
        };
        Ok(RefNullableSlot { target: self.0, value })
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        // As a `Nullable<V>` by value: null, or the value's bytes; the server writes back
        // what the callee left.
        Ok(match &*self.0 {
            Some(value) => crate::remote::values::plain_value(value),
            None => crate::call::Recorded::Null,
        })
    }
    fn write_back_remote(self, value: crate::call::Recorded) -> Result<()> {
        *self.0 = match value {
            crate::call::Recorded::Null => None,
            value => Some(crate::remote::values::plain_from_recorded(value)?),
        };
        Ok(())
    }
}

impl<V: Blittable> sealed::Slot for RefNullableSlot<'_, V> {}
impl<V: Blittable> ArgSlot for RefNullableSlot<'_, V> {
    type Raw = *mut u8;
    fn raw(&mut self) -> *mut u8 {
        &mut self.value as *mut Repr<V> as *mut u8
    }
    fn finish(self) -> Result<()> {
        // `hasValue` is a C# bool: any byte but 0 is true, as .NET reads it.
        *self.target = (self.value.has_value != 0).then_some(self.value.value);
        Ok(())
    }
}
