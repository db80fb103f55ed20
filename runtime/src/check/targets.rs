//! [`BoxTargets`]: every reference type a value type boxes to (`Object`, `ValueType`, `Enum`
//! for enums, each interface), as the generated `impl_boxing!` lists them, so that one check
//! can box through each and unbox again.

use crate::value::{BoxAs, Object, Reference};

/// The reference types a generated value type boxes to, each as a [`BoxTarget`]. Generated
/// with `Builder::quickcheck(true)` beside the type's `BoxAs` impls, from the same list.
pub trait BoxTargets: Sized + 'static {
    /// One entry per `BoxAs<Target>` impl of the type.
    fn box_targets() -> Vec<BoxTarget<Self>>;
}

/// Boxing a `V` as one target type, seen as the `Object` it is.
pub struct BoxTarget<V> {
    boxer: fn(&V) -> crate::Result<Object>,
    name: fn() -> String,
}

impl<V> BoxTarget<V> {
    /// Boxing through `BoxAs<T>`.
    pub fn of<T: Reference>() -> Self
    where
        V: BoxAs<T>,
    {
        BoxTarget {
            boxer: |v| Ok(v.box_to()?.into_object()),
            name: || match T::class() {
                Ok(class) => class.full_name(),
                Err(_) => std::any::type_name::<T>().to_string(),
            },
        }
    }

    /// Boxes `value` as the target type, and hands back the box as an `Object`.
    pub fn box_value(&self, value: &V) -> crate::Result<Object> {
        (self.boxer)(value)
    }

    /// The target's .NET name (`System.IEquatable`1[…]`).
    pub fn name(&self) -> String {
        (self.name)()
    }
}
