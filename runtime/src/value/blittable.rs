//! Blittable values: plain data that crosses to managed code by copy (primitives, enums and
//! full structs), and how the host sees them ([`PlainValue`], [`PlainData`]).

use crate::error::Result;
use crate::host::{raw, BlittableClass, Class, PlainData, PlainValue};
use crate::value::ManagedType;

/// Plain data that crosses to managed code by copy: primitives, enums and full structs.
///
/// # Safety
/// Implementors are `#[repr(C)]` or `#[repr(transparent)]`, contain only `Blittable` fields,
/// and every bit pattern of their size is a valid value (so `bool` is represented as `u8`).
/// Their layout equals Mono's layout of [`ManagedType::class`](crate::ManagedType::class):
/// the size is checked on every copy, field offsets once when generated bindings load.
pub unsafe trait Blittable: Copy + ManagedType + 'static {
    /// The type's cache of its checked class. [`blittable!`](crate::blittable) and the
    /// runtime's primitives provide one (a `static`); without it, every box and unbox asks
    /// Mono for the class's size again.
    #[doc(hidden)]
    fn class_cache() -> Option<&'static BlittableClass<Self>> {
        None
    }
}

// SAFETY: Blittable types are valid for every bit pattern and laid out as their class (their
// own contract).
unsafe impl<T: Blittable> PlainValue for T {
    #[inline]
    fn value_class() -> Result<Class> {
        <T as ManagedType>::class()
    }

    #[inline]
    fn value_class_cache() -> Option<&'static BlittableClass<Self>> {
        <T as Blittable>::class_cache()
    }
}

// SAFETY: Blittable types are valid for every bit pattern (their own contract).
unsafe impl<T: Blittable> PlainData for T {}

/// An all-zero `V` (C#'s `default(V)` for blittable types): the initial value of `out`
/// parameters.
#[inline]
pub fn zeroed<V: Blittable>() -> V {
    raw::zeroed_value()
}
