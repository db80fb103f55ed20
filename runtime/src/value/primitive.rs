//! The 14 primitive types of `System` as `#[repr(transparent)]` wrappers, with conversions to
//! and from the Rust primitive and explicit boxing to exactly the interfaces mscorlib (Mono
//! 6.8) says each implements; a test compares these lists with Mono's metadata.

use crate::call::TypeRef;
use crate::error::{Error, Result};
use crate::host::{BlittableClass, Class};
use crate::value::corlib::{
    IComparable, IComparable1, IConvertible, IEquatable, IFormattable, ISerializable, ValueType,
};
use crate::value::Blittable;
use crate::value::{ManagedType, Object, Unbox};

macro_rules! primitive {
    ($(#[$doc:meta])* $name:ident($rust:ty), $dotnet:literal, [$($iface:ty),*]) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
        #[repr(transparent)]
        pub struct $name(pub $rust);

        impl From<$rust> for $name {
            fn from(v: $rust) -> Self {
                $name(v)
            }
        }

        impl From<$name> for $rust {
            fn from(v: $name) -> Self {
                v.0
            }
        }

        primitive!(@common $name, $dotnet, [$($iface),*]);
    };
    (@common $name:ident, $dotnet:literal, [$($iface:ty),*]) => {
        impl ManagedType for $name {
            fn class() -> Result<Class> {
                static TYPE: TypeRef = TypeRef::new("mscorlib", "System", $dotnet);
                TYPE.class()
            }
            fn type_ref() -> Option<&'static TypeRef> {
                static TYPE: TypeRef = TypeRef::new("mscorlib", "System", $dotnet);
                Some(&TYPE)
            }
        }

        // SAFETY: a transparent wrapper of a Rust primitive whose every bit pattern is valid and
        // whose size is the .NET primitive's (checked on first use).
        unsafe impl Blittable for $name {
            fn class_cache() -> Option<&'static BlittableClass<Self>> {
                static CLASS: BlittableClass<$name> = BlittableClass::new();
                Some(&CLASS)
            }
        }

        impl $name {
            /// The .NET interfaces this primitive boxes to (through [`BoxAs`](crate::BoxAs)),
            /// besides `Object` and `ValueType`.
            pub fn interfaces() -> Result<Vec<Class>> {
                Ok(vec![$(<$iface as ManagedType>::class()?),*])
            }
        }

        $crate::__impl_blittable_boxing!($name => Object, ValueType $(, $iface)*);

        impl TryFrom<&Object> for $name {
            type Error = Error;
            /// Unboxes (see [`Object::unbox`]): `Int32::try_from(&obj)?`.
            fn try_from(obj: &Object) -> Result<Self> {
                <$name as Unbox>::unbox_from(obj)
            }
        }
    };
}

primitive!(
    /// `System.SByte`.
    SByte(i8), "SByte", [IComparable, IComparable1<SByte>, IConvertible, IEquatable<SByte>, IFormattable]
);
primitive!(
    /// `System.Byte`.
    Byte(u8), "Byte", [IComparable, IComparable1<Byte>, IConvertible, IEquatable<Byte>, IFormattable]
);
primitive!(
    /// `System.Int16`.
    Int16(i16), "Int16", [IComparable, IComparable1<Int16>, IConvertible, IEquatable<Int16>, IFormattable]
);
primitive!(
    /// `System.UInt16`.
    UInt16(u16), "UInt16", [IComparable, IComparable1<UInt16>, IConvertible, IEquatable<UInt16>, IFormattable]
);
primitive!(
    /// `System.Int32`.
    Int32(i32), "Int32", [IComparable, IComparable1<Int32>, IConvertible, IEquatable<Int32>, IFormattable]
);
primitive!(
    /// `System.UInt32`.
    UInt32(u32), "UInt32", [IComparable, IComparable1<UInt32>, IConvertible, IEquatable<UInt32>, IFormattable]
);
primitive!(
    /// `System.Int64`.
    Int64(i64), "Int64", [IComparable, IComparable1<Int64>, IConvertible, IEquatable<Int64>, IFormattable]
);
primitive!(
    /// `System.UInt64`.
    UInt64(u64), "UInt64", [IComparable, IComparable1<UInt64>, IConvertible, IEquatable<UInt64>, IFormattable]
);
primitive!(
    /// `System.Single`.
    Single(f32), "Single", [IComparable, IComparable1<Single>, IConvertible, IEquatable<Single>, IFormattable]
);
primitive!(
    /// `System.Double`.
    Double(f64), "Double", [IComparable, IComparable1<Double>, IConvertible, IEquatable<Double>, IFormattable]
);
primitive!(
    /// `System.IntPtr` (`nint`).
    IntPtr(isize), "IntPtr", [IEquatable<IntPtr>, ISerializable]
);
primitive!(
    /// `System.UIntPtr` (`nuint`).
    UIntPtr(usize), "UIntPtr", [IEquatable<UIntPtr>, ISerializable]
);
primitive!(
    /// `System.Char`: one UTF-16 code unit (not a Rust `char`, which may need two).
    Char(u16), "Char", [IComparable, IComparable1<Char>, IConvertible, IEquatable<Char>]
);

impl TryFrom<Char> for char {
    type Error = crate::Error;
    /// A lone surrogate has no `char`.
    fn try_from(c: Char) -> Result<char> {
        char::from_u32(u32::from(c.0)).ok_or(crate::Error::InvalidUtf16 { index: 0, unit: c.0 })
    }
}

/// `System.Boolean`, stored as the byte .NET uses (0 or 1) so that every bit pattern read
/// from managed memory is a valid Rust value; nonzero reads as `true`.
#[derive(Clone, Copy, Debug, Default)]
#[repr(transparent)]
pub struct Boolean(u8);

impl Boolean {
    /// `true` or `false` as a `System.Boolean`.
    pub const fn new(v: bool) -> Self {
        Boolean(v as u8)
    }
    /// The value; any nonzero byte is `true`, as in the CLI.
    pub const fn get(self) -> bool {
        self.0 != 0
    }
}

impl PartialEq for Boolean {
    fn eq(&self, other: &Self) -> bool {
        self.get() == other.get()
    }
}

impl From<bool> for Boolean {
    fn from(v: bool) -> Self {
        Boolean::new(v)
    }
}

impl From<Boolean> for bool {
    fn from(v: Boolean) -> Self {
        v.get()
    }
}

primitive!(@common Boolean, "Boolean", [IComparable, IComparable1<Boolean>, IConvertible, IEquatable<Boolean>]);

/// The Rust primitives map to the same .NET primitives as their wrappers (`u16` is `UInt16`;
/// `System.Char` is only [`Char`]), so they can be read and written by copy (fields, `ref`
/// parameters). Boxing goes through the wrappers.
macro_rules! rust_primitive {
    ($($rust:ty => $wrapper:ident),*) => {$(
        impl ManagedType for $rust {
            fn class() -> Result<Class> {
                $wrapper::class()
            }
            fn type_ref() -> Option<&'static TypeRef> {
                $wrapper::type_ref()
            }
        }
        /// `obj.unbox::<i32>()`: the CLI's unboxing (exactly this primitive, or an enum read
        /// as its underlying type), like the wrapper's.
        impl Unbox for $rust {
            fn unbox_from(obj: &Object) -> Result<Self> {
                crate::value::boxing::unbox_blittable(obj)
            }
        }
        impl TryFrom<&Object> for $rust {
            type Error = Error;
            /// Unboxes (see [`Object::unbox`]): [`Error::InvalidCast`] naming both types when
            /// the box holds another type.
            fn try_from(obj: &Object) -> Result<Self> {
                crate::value::boxing::unbox_blittable(obj)
            }
        }
        // SAFETY: a Rust primitive whose every bit pattern is valid, the size of the .NET one.
        unsafe impl Blittable for $rust {
            fn class_cache() -> Option<&'static BlittableClass<Self>> {
                static CLASS: BlittableClass<$rust> = BlittableClass::new();
                Some(&CLASS)
            }
        }
    )*};
}

/// `bool` is `System.Boolean` as a generic argument (`List<bool>`); it is not `Blittable`,
/// since a byte other than 0 or 1 is no valid `bool` (memory holds [`Boolean`]).
impl ManagedType for bool {
    fn class() -> Result<Class> {
        Boolean::class()
    }
    fn type_ref() -> Option<&'static TypeRef> {
        Boolean::type_ref()
    }
}

/// `obj.unbox::<bool>()`: a boxed `System.Boolean`, read as [`Boolean`] (any byte is valid)
/// and then as a `bool`.
impl Unbox for bool {
    fn unbox_from(obj: &Object) -> Result<bool> {
        Boolean::unbox_from(obj).map(bool::from)
    }
}

impl TryFrom<&Object> for bool {
    type Error = Error;
    /// Unboxes a boxed `System.Boolean` (see [`Object::unbox`]).
    fn try_from(obj: &Object) -> Result<bool> {
        bool::unbox_from(obj)
    }
}

rust_primitive!(i8 => SByte, u8 => Byte, i16 => Int16, u16 => UInt16, i32 => Int32, u32 => UInt32, i64 => Int64, u64 => UInt64,
    f32 => Single, f64 => Double, isize => IntPtr, usize => UIntPtr);
