//! The few mscorlib reference types the runtime itself needs as boxing targets: `ValueType`,
//! `Enum`, and the interfaces the primitives implement. Generated bindings map these .NET
//! names to these Rust types instead of generating them again.

use std::marker::PhantomData;

use crate::call::TypeRef;
use crate::error::Result;
use crate::value::object::generic_reference;
use crate::value::{ManagedType, Object};

/// Declares a non-generic reference wrapper over [`Object`].
#[doc(hidden)]
#[macro_export]
macro_rules! __reference_type {
    ($(#[$doc:meta])* $name:ident, $assembly:literal, $namespace:literal, $dotnet:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name($crate::Object);

        impl $crate::ManagedType for $name {
            fn class() -> $crate::Result<$crate::Class> {
                <$name as $crate::ManagedType>::type_ref().expect("named").class()
            }
            fn type_ref() -> ::std::option::Option<&'static $crate::TypeRef> {
                static TYPE: $crate::TypeRef = $crate::TypeRef::new($assembly, $namespace, $dotnet);
                ::std::option::Option::Some(&TYPE)
            }
        }

        impl $crate::Reference for $name {
            unsafe fn from_object_unchecked(__obj: $crate::Object) -> Self {
                $name(__obj)
            }
            fn as_object(&self) -> &$crate::Object {
                &self.0
            }
            fn into_object(self) -> $crate::Object {
                self.0
            }
        }

        impl $crate::Is<$crate::Object> for $name {}

        impl ::std::convert::AsRef<$crate::Object> for $name {
            fn as_ref(&self) -> &$crate::Object {
                &self.0
            }
        }
    };
}

crate::__reference_type!(
    /// `System.ValueType`: the base of every boxed struct, enum and primitive.
    ValueType, "mscorlib", "System", "ValueType"
);
crate::__reference_type!(
    /// `System.Enum`: the base of every boxed enum.
    Enum, "mscorlib", "System", "Enum"
);
crate::__reference_type!(
    /// `System.IComparable`.
    IComparable, "mscorlib", "System", "IComparable"
);
crate::__reference_type!(
    /// `System.IConvertible`.
    IConvertible, "mscorlib", "System", "IConvertible"
);
crate::__reference_type!(
    /// `System.IFormattable`.
    IFormattable, "mscorlib", "System", "IFormattable"
);
crate::__reference_type!(
    /// `System.Runtime.Serialization.ISerializable`.
    ISerializable, "mscorlib", "System.Runtime.Serialization", "ISerializable"
);

pub(crate) static ICOMPARABLE1: TypeRef = TypeRef::new("mscorlib", "System", "IComparable`1");
pub(crate) static IEQUATABLE1: TypeRef = TypeRef::new("mscorlib", "System", "IEquatable`1");

macro_rules! generic_interface {
    ($(#[$doc:meta])* $name:ident, $def:ident) => {
        $(#[$doc])*
        pub struct $name<T>(Object, PhantomData<fn() -> T>);

        generic_reference!($name<T: ManagedType>, $def.class()?.instantiate(&[T::class()?]));
    };
}

generic_interface!(
    /// ``System.IComparable`1<T>`` (the arity suffix keeps it apart from [`IComparable`]).
    IComparable1, ICOMPARABLE1
);
generic_interface!(
    /// ``System.IEquatable`1<T>``.
    IEquatable, IEQUATABLE1
);

impl IComparable {
    /// `IComparable.CompareTo(object)` (interface dispatch).
    pub fn compare_to(&self, other: Option<&Object>) -> Result<i32> {
        static M: crate::call::MethodRef = crate::call::MethodRef::new(&ICOMPARABLE, "CompareTo", &["System.Object"]);
        M.call((&self.0, other))
    }
}

static ICOMPARABLE: TypeRef = TypeRef::new("mscorlib", "System", "IComparable");

/// The method `name(T)` of the generic interface `I<T>`, for `T`'s class.
fn generic_interface_method<I: ManagedType, T: ManagedType>(name: &str) -> Result<&'static crate::Thunk> {
    let class = I::class()?;
    let method = class.method(name, &[&T::class()?.full_name()])?;
    crate::call::lookup::thunk_of(method)
}

impl<T: ManagedType + crate::Arg> IComparable1<T> {
    /// ``IComparable`1<T>.CompareTo(T)`` (interface dispatch), for primitive `T`.
    pub fn compare_to(&self, other: T) -> Result<i32> {
        generic_interface_method::<Self, T>("CompareTo")?.call((&self.0, other))
    }
}

impl<T: ManagedType + crate::Arg> IEquatable<T> {
    /// ``IEquatable`1<T>.Equals(T)`` (interface dispatch), for primitive `T`.
    pub fn equals(&self, other: T) -> Result<bool> {
        generic_interface_method::<Self, T>("Equals")?.call((&self.0, other))
    }
}
