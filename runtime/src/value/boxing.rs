//! Explicit boxing. A value type becomes an object only through [`BoxAs::box_as`], and only
//! to a target it really converts to (`Object`, `ValueType`, `Enum` for enums, and each
//! interface it implements): there is no `From`/`Into` that allocates a box. Unboxing is
//! checked ([`Unbox`]).

use crate::error::{Error, Result};
use crate::host::{raw, Class};
use crate::value::{Object, Reference};

pub use crate::host::raw::Blittable;

/// A .NET type with a Rust binding: knows its Mono class.
pub trait ManagedType {
    /// The type's class, resolved once and cached by implementors.
    fn class() -> Result<Class>;
}

/// Boxing to the reference type `Target`: implemented exactly for the targets the .NET type
/// converts to (its base types and its interfaces, inherited ones included).
pub trait BoxAs<Target: Reference> {
    /// Boxes a copy of the value; the box has its own identity.
    fn box_to(&self) -> Result<Target>;
}

/// `value.box_as::<Target>()`: the same conversion as [`BoxAs::box_to`], with the target named
/// at the call site. Implemented for every type.
pub trait Boxing {
    /// Boxes a copy of the value as `Target` (only where `Self: BoxAs<Target>`).
    fn box_as<Target: Reference>(&self) -> Result<Target>
    where
        Self: BoxAs<Target>,
    {
        self.box_to()
    }
}

impl<T: ?Sized> Boxing for T {}

/// Checked unboxing from an [`Object`] (see [`Object::unbox`]).
pub trait Unbox: Sized {
    /// Copies the value out of `obj`, or fails with [`Error::InvalidCast`] naming both types.
    fn unbox_from(obj: &Object) -> Result<Self>;
}

/// Boxes a blittable value (primitive, enum or full struct) as an `Object`.
pub fn box_blittable<V: Blittable>(value: &V) -> Result<Object> {
    let boxed = raw::box_value(value)?;
    Ok(Object::from_raw(boxed).expect("mono_value_box never returns null"))
}

/// Unboxes a blittable value under the CLI's rule: the box's exact type, or an enum box read
/// as its underlying type.
pub fn unbox_blittable<V: Blittable>(obj: &Object) -> Result<V> {
    let boxed = obj.raw()?;
    let actual = boxed.class().expect("stored objects are never null");
    let target = raw::blittable_class::<V>()?;
    if actual == target || (actual.is_enum() && actual.enum_underlying() == Some(target)) {
        Ok(raw::read_unboxed(boxed))
    } else {
        Err(Error::InvalidCast {
            from: actual.full_name(),
            to: target.full_name(),
        })
    }
}

/// Implements [`BoxAs`] for a blittable type and each listed target, and [`Unbox`].
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_blittable_boxing {
    ($ty:ty => $($target:ty),* $(,)?) => {
        $(
            impl $crate::BoxAs<$target> for $ty {
                fn box_to(&self) -> $crate::Result<$target> {
                    $crate::box_blittable(self).map(<$target as $crate::Reference>::from_object)
                }
            }
        )*
        impl $crate::Unbox for $ty {
            fn unbox_from(obj: &$crate::Object) -> $crate::Result<Self> {
                $crate::unbox_blittable(obj)
            }
        }
    };
}
