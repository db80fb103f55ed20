//! Type arguments: the Rust types that can stand for `T` in a generic .NET type or method
//! (`List<T>`, `Dictionary<TKey, TValue>`, `JsonConvert.DeserializeObject<T>`), and how a value
//! of `T` crosses a generic member's call.
//!
//! A generic member is bound once, for every `T` (`impl<T0: TypeArg> List<T0> { fn add(&self,
//! item: T0::Param<'_>) … }`); the closed class (`List<Int32>`) is made at run time from
//! `T0`'s class, and each closed method gets its own cached thunk (`GenericMethodRef`). How
//! a `T` value crosses depends on what `T` is:
//!
//! | `T` | parameter (`Param`) | result (`Output`) | native form |
//! |---|---|---|---|
//! | `i32`, `f64`, …, [`Int32`](crate::Int32), … | `i32`, `f64`, … | same | itself |
//! | `bool`, [`Boolean`](crate::Boolean) | `bool` | `bool` | a byte |
//! | [`Char`](crate::Char) | `Char` | `Char` | a UTF-16 unit |
//! | a class, interface, [`Object`], [`NetString`](crate::NetString), a generic wrapper | `Option<&T>` | `Option<T>` | the reference |
//! | an enum (generated) | the enum | the enum | its underlying integer |
//! | a full struct (generated) | `&S` | `S` | a box (copied in and out) |
//! | a managed struct (generated) | `&S` | `S` | its box |
//!
//! An `out T` parameter is part of the result, like every `out` parameter: Rust gets the
//! value the callee wrote, as `T::Output`.
//!
//! Every argument is still checked against the closed method's native signature and its
//! declared classes on each call (`Thunk::call`), so an implementation that disagrees with
//! the .NET type is an error, never a call with garbage.

use crate::call::abi::{Arg, Boxed, Out, RefObject, Ret};
use crate::call::field_ref::{FieldOwner, FieldRef};
use crate::call::Value;
use crate::error::{Error, Result};
use crate::native::kind::{Bool, Obj};
use crate::native::{Incoming, Outgoing};
use crate::proxy::KindCheck;
use crate::value::boxing::{box_blittable, unbox_blittable, ManagedType};
use crate::value::{Boolean, Object, Reference};

/// A Rust type that stands for a .NET type argument, and how its values cross the members
/// of generic types and generic methods (see the module documentation).
pub trait TypeArg: ManagedType + Sized + 'static {
    /// What a generic member's parameter of this type takes.
    type Param<'a>;
    /// The argument as the raw call passes it.
    type Arg<'a>: Arg;
    /// The raw call's result for a return value of this type.
    type Raw: Ret;
    /// What a generic member returns for a result of this type.
    type Output;
    /// Lowers a parameter value (boxing a struct, for example).
    fn arg<'a>(value: Self::Param<'a>) -> Result<Self::Arg<'a>>;
    /// Lifts a raw result (unboxing a struct, for example; a null box is an error).
    fn output(raw: Self::Raw) -> Result<Self::Output>;
    /// Where an `out` parameter of this type is written (a zeroed value, a null reference,
    /// or a fresh box that the callee writes into).
    type Slot;
    /// The `out` argument pointing at a slot.
    type OutArg<'a>: Arg;
    /// A new slot, before the call.
    fn new_slot() -> Result<Self::Slot>;
    /// A slot holding a copy of `value`, for a `ref` parameter: the callee reads it and may
    /// replace it ([`TypeArg::from_slot`] gives what it left there).
    fn ref_slot(value: &Self::Output) -> Result<Self::Slot>;
    /// The argument for `slot`.
    fn out_arg(slot: &mut Self::Slot) -> Self::OutArg<'_>;
    /// The value the callee wrote, after the call.
    fn from_slot(slot: Self::Slot) -> Result<Self::Output>;
    /// The handle of an array `T[]` of this type: [`Array<T>`](crate::Array) of a primitive,
    /// enum or full struct, [`ObjectArray<T>`](crate::ObjectArray) of a reference type, and a
    /// plain [`Object`] for managed structs (whose arrays have no typed handle yet; the class
    /// checks still hold).
    type ArrayOf: Reference + 'static;
    /// Reads a field of this type (`owner` `None` for a static field).
    fn get_field(field: &FieldRef, owner: Option<&dyn FieldOwner>) -> Result<Self::Output>;
    /// Writes a field of this type.
    fn set_field(field: &FieldRef, owner: Option<&dyn FieldOwner>, value: Self::Param<'_>) -> Result<()>;
    /// How a value of this type crosses from C# into a Rust implementation of a generic
    /// interface's member, as a parameter or a result (`native::kind::Value<i32>`, `Bool`,
    /// `Obj<T>`; a managed struct's is `Unconverted`, which the proxy refuses).
    type Kind: Incoming + Outgoing<Value = Self::Output> + KindCheck;
    /// A delegate's argument of this type, as the `from_fn` closure of a generic delegate
    /// receives it (an error when C# passed something else).
    fn from_value(value: &Value) -> Result<Self::Output>;
    /// A `from_fn` closure's result of this type, as the delegate returns it.
    fn to_value(value: Self::Output) -> Result<Value>;
}

/// The argument's object (a boxed primitive as its box, a string as a new string object), for a
/// reference type argument.
fn object_of(value: &Value) -> Result<Option<Object>> {
    match value {
        Value::Object(o) => Ok(Some(o.clone())),
        other => crate::call::callback::object_of(other.clone()),
    }
}

/// How a Rust primitive (and `Char`, `bool`) is a callback's [`Value`].
#[doc(hidden)]
pub trait PrimitiveValue: Sized {
    /// The value, or an error when the variant is another.
    fn from_value(value: &Value) -> Result<Self>;
    /// The variant holding `self`.
    fn to_value(self) -> Value;
}

macro_rules! primitive_value {
    ($($t:ty => $variant:ident $(, $wrap:expr, $unwrap:expr)?;)*) => {$(
        impl PrimitiveValue for $t {
            #[inline]
            fn from_value(value: &Value) -> Result<$t> {
                match value {
                    Value::$variant(v) => Ok(primitive_value!(@wrap *v $(, $wrap)?)),
                    other => Err(Error::InvalidArgument(format!(
                        "expected {}, got {other:?}",
                        stringify!($variant)
                    ))),
                }
            }
            #[inline]
            fn to_value(self) -> Value {
                Value::$variant(primitive_value!(@wrap self $(, $unwrap)?))
            }
        }
    )*};
    (@wrap $v:expr) => { $v };
    (@wrap $v:expr, $f:expr) => { ($f)($v) };
}
primitive_value! {
    i8 => SByte; u8 => Byte; i16 => Int16; u16 => UInt16; i32 => Int32; u32 => UInt32;
    i64 => Int64; u64 => UInt64; f32 => Single; f64 => Double; isize => IntPtr; usize => UIntPtr;
    bool => Boolean;
    crate::Char => Char, crate::Char, |c: crate::Char| c.0;
}

/// [`PrimitiveValue::to_value`] for generated code (an enum's underlying integer).
#[doc(hidden)]
pub fn primitive_to_value<P: PrimitiveValue>(value: P) -> Value {
    value.to_value()
}

/// A value of the type argument `T` as an `object` (a primitive or struct boxed): what a Rust
/// implementation of `IEnumerator<T>.Current` gives for the `IEnumerator.Current` it hides.
#[doc(hidden)]
pub fn type_arg_object<T: TypeArg>(value: T::Output) -> Result<Option<Object>> {
    crate::call::callback::object_of(T::to_value(value)?)
}

/// A boxed enum or struct argument of a delegate, unboxed as `V`.
#[doc(hidden)]
pub fn unbox_value<V: crate::Unbox>(value: &Value) -> Result<V> {
    match value {
        Value::Object(o) => o.unbox::<V>(),
        other => Err(Error::InvalidArgument(format!("expected a boxed value, got {other:?}"))),
    }
}

/// Every reference type: classes, interfaces, delegates, [`Object`], `NetString`, and the
/// generic wrappers themselves (`List<List<i32>>`).
impl<T: Reference + 'static> TypeArg for T {
    type Param<'a> = Option<&'a T>;
    type Arg<'a> = Option<&'a T>;
    type Raw = Option<T>;
    type Output = Option<T>;
    #[inline]
    fn arg<'a>(value: Self::Param<'a>) -> Result<Self::Arg<'a>> {
        Ok(value)
    }
    #[inline]
    fn output(raw: Self::Raw) -> Result<Self::Output> {
        Ok(raw)
    }
    type Slot = Option<T>;
    type OutArg<'a> = RefObject<'a, T>;
    type ArrayOf = crate::ObjectArray<T>;
    fn new_slot() -> Result<Option<T>> {
        Ok(None)
    }
    fn ref_slot(value: &Option<T>) -> Result<Option<T>> {
        value
            .as_ref()
            .map(|v| T::from_object(v.as_object().clone()))
            .transpose()
    }
    fn out_arg(slot: &mut Option<T>) -> RefObject<'_, T> {
        RefObject(slot)
    }
    fn from_slot(slot: Option<T>) -> Result<Option<T>> {
        Ok(slot)
    }
    fn get_field(field: &FieldRef, owner: Option<&dyn FieldOwner>) -> Result<Option<T>> {
        field.get_object(owner)
    }
    fn set_field(field: &FieldRef, owner: Option<&dyn FieldOwner>, value: Option<&T>) -> Result<()> {
        field.set_object(owner, value)
    }
    type Kind = Obj<T>;
    fn from_value(value: &Value) -> Result<Option<T>> {
        object_of(value)?.map(|o| o.cast::<T>()).transpose()
    }
    fn to_value(value: Option<T>) -> Result<Value> {
        Ok(value.map_or(Value::Null, |v| Value::Object(v.into_object())))
    }
}

macro_rules! by_value {
    ($($t:ty => $rust:ty, $stored:ty, $kind:ty),* $(,)?) => {$(
        impl TypeArg for $t {
            type Param<'a> = $rust;
            type Arg<'a> = $rust;
            type Raw = $rust;
            type Output = $rust;
            #[inline]
            fn arg<'a>(value: Self::Param<'a>) -> Result<Self::Arg<'a>> {
                Ok(value)
            }
            #[inline]
            fn output(raw: Self::Raw) -> Result<Self::Output> {
                Ok(raw)
            }
            type Slot = $stored;
            type OutArg<'a> = Out<'a, $stored>;
            type ArrayOf = crate::Array<$stored>;
            fn new_slot() -> Result<$stored> {
                Ok(crate::value::zeroed())
            }
            fn ref_slot(value: &$rust) -> Result<$stored> {
                Ok(<$stored>::from(*value))
            }
            fn out_arg(slot: &mut $stored) -> Out<'_, $stored> {
                Out(slot)
            }
            fn from_slot(slot: $stored) -> Result<$rust> {
                Ok(slot.into())
            }
            fn get_field(field: &FieldRef, owner: Option<&dyn FieldOwner>) -> Result<$rust> {
                Ok(field.get::<$stored>(owner)?.into())
            }
            fn set_field(field: &FieldRef, owner: Option<&dyn FieldOwner>, value: $rust) -> Result<()> {
                field.set(owner, <$stored>::from(value))
            }
            type Kind = $kind;
            #[inline]
            fn from_value(value: &Value) -> Result<$rust> {
                <$rust as PrimitiveValue>::from_value(value)
            }
            #[inline]
            fn to_value(value: $rust) -> Result<Value> {
                Ok(value.to_value())
            }
        }
    )*};
}

use crate::native::kind::Value as V;
use crate::value::Blittable;
// `bool` is stored as a `Boolean` (any byte is valid) in `out` slots.
by_value!(
    i8 => i8, i8, V<i8>, u8 => u8, u8, V<u8>, i16 => i16, i16, V<i16>, u16 => u16, u16, V<u16>,
    i32 => i32, i32, V<i32>, u32 => u32, u32, V<u32>, i64 => i64, i64, V<i64>, u64 => u64, u64, V<u64>,
    f32 => f32, f32, V<f32>, f64 => f64, f64, V<f64>, isize => isize, isize, V<isize>,
    usize => usize, usize, V<usize>, bool => bool, Boolean, Bool,
    crate::SByte => i8, i8, V<i8>, crate::Byte => u8, u8, V<u8>, crate::Int16 => i16, i16, V<i16>,
    crate::UInt16 => u16, u16, V<u16>, crate::Int32 => i32, i32, V<i32>, crate::UInt32 => u32, u32, V<u32>,
    crate::Int64 => i64, i64, V<i64>, crate::UInt64 => u64, u64, V<u64>, crate::Single => f32, f32, V<f32>,
    crate::Double => f64, f64, V<f64>, crate::IntPtr => isize, isize, V<isize>,
    crate::UIntPtr => usize, usize, V<usize>, crate::Char => crate::Char, crate::Char, V<crate::Char>,
    Boolean => bool, Boolean, Bool,
);

/// Boxes a full struct for a generic member's parameter (see [`__type_arg!`]).
#[doc(hidden)]
pub fn box_arg<V: Blittable>(value: &V) -> Result<Boxed> {
    match box_blittable(value) {
        Ok(boxed) => Ok(Boxed(boxed)),
        // No local runtime: a client of a remote runtime boxes on its server.
        Err(e) => crate::value::boxing::box_elsewhere::<V, crate::value::Object>(value, e).map(Boxed),
    }
}

/// Unboxes a full struct returned by a generic member (see [`__type_arg!`]): checked against
/// `V`'s class; null (impossible for a value type, but a wrong binding might) is an error.
#[doc(hidden)]
pub fn unbox_output<V: Blittable>(raw: Option<Object>) -> Result<V> {
    let obj = raw.ok_or_else(|| Error::NullReference("a generic member returned a null struct".into()))?;
    unbox_blittable(&obj)
}

/// A fresh box of a zeroed full struct: the slot of an `out` parameter of a struct type
/// argument (Mono's thunk passes a by-ref struct as a box the callee writes into).
#[doc(hidden)]
pub fn zeroed_box<V: Blittable>() -> Result<Object> {
    box_blittable(&crate::value::zeroed::<V>())
}

/// Implements [`TypeArg`] for a generated enum, full struct or managed struct (reference
/// types have it already):
///
/// ```ignore
/// cilbind::generated::type_arg!(enum Team: i32, |v| v.0, Team);      // newtype enum
/// cilbind::generated::type_arg!(enum Flags: u8, |v| v.bits(), Flags::from_bits_retain);
/// cilbind::generated::type_arg!(struct Vector3);                        // full struct
/// cilbind::generated::type_arg!(managed Entry);                         // managed struct
/// ```
///
/// It expands beside the bound types of a module, which could be named like any local of
/// its own: those are `__`-prefixed (no generated type's name is) and the prelude's items are
/// written from the crate root (`::core::result::Result::Ok`), as in the generated code.
#[doc(hidden)]
#[macro_export]
macro_rules! __type_arg {
    (enum $ty:ty : $raw:ty, $to:expr, $from:expr) => {
        impl $crate::TypeArg for $ty {
            type Param<'a> = $ty;
            type Arg<'a> = $raw;
            type Raw = $raw;
            type Output = $ty;
            #[inline]
            fn arg<'a>(__value: Self::Param<'a>) -> $crate::Result<Self::Arg<'a>> {
                let __to: fn($ty) -> $raw = $to;
                ::core::result::Result::Ok(__to(__value))
            }
            #[inline]
            fn output(__raw: Self::Raw) -> $crate::Result<Self::Output> {
                let __from: fn($raw) -> $ty = $from;
                ::core::result::Result::Ok(__from(__raw))
            }
            type Slot = $ty;
            type OutArg<'a> = $crate::Out<'a, $ty>;
            type ArrayOf = $crate::Array<$ty>;
            #[inline]
            fn new_slot() -> $crate::Result<$ty> {
                ::core::result::Result::Ok($crate::generated::zeroed())
            }
            #[inline]
            fn ref_slot(__value: &$ty) -> $crate::Result<$ty> {
                ::core::result::Result::Ok(*__value)
            }
            #[inline]
            fn out_arg(__slot: &mut $ty) -> $crate::Out<'_, $ty> {
                $crate::Out(__slot)
            }
            #[inline]
            fn from_slot(__slot: $ty) -> $crate::Result<$ty> {
                ::core::result::Result::Ok(__slot)
            }
            #[inline]
            fn get_field(
                __field: &$crate::FieldRef,
                __owner: ::core::option::Option<&dyn $crate::FieldOwner>,
            ) -> $crate::Result<$ty> {
                __field.get::<$ty>(__owner)
            }
            #[inline]
            fn set_field(
                __field: &$crate::FieldRef,
                __owner: ::core::option::Option<&dyn $crate::FieldOwner>,
                __value: $ty,
            ) -> $crate::Result<()> {
                __field.set(__owner, __value)
            }
            type Kind = $crate::generated::native_kind::Value<$ty>;
            #[inline]
            fn from_value(__value: &$crate::Value) -> $crate::Result<$ty> {
                $crate::generated::unbox_value::<$ty>(__value)
            }
            #[inline]
            fn to_value(__value: $ty) -> $crate::Result<$crate::Value> {
                let __to: fn($ty) -> $raw = $to;
                ::core::result::Result::Ok($crate::generated::primitive_to_value(__to(__value)))
            }
        }
    };
    (struct $ty:ty) => {
        impl $crate::TypeArg for $ty {
            type Param<'a> = &'a $ty;
            type Arg<'a> = $crate::generated::Boxed;
            type Raw = ::core::option::Option<$crate::Object>;
            type Output = $ty;
            #[inline]
            fn arg<'a>(__value: Self::Param<'a>) -> $crate::Result<Self::Arg<'a>> {
                $crate::generated::box_arg(__value)
            }
            #[inline]
            fn output(__raw: Self::Raw) -> $crate::Result<Self::Output> {
                $crate::generated::unbox_output(__raw)
            }
            type Slot = $crate::Object;
            type OutArg<'a> = &'a $crate::Object;
            type ArrayOf = $crate::Array<$ty>;
            #[inline]
            fn new_slot() -> $crate::Result<$crate::Object> {
                $crate::generated::zeroed_box::<$ty>()
            }
            #[inline]
            fn ref_slot(__value: &$ty) -> $crate::Result<$crate::Object> {
                $crate::box_blittable(__value)
            }
            #[inline]
            fn out_arg(__slot: &mut $crate::Object) -> &$crate::Object {
                __slot
            }
            #[inline]
            fn from_slot(__slot: $crate::Object) -> $crate::Result<$ty> {
                $crate::unbox_blittable(&__slot)
            }
            #[inline]
            fn get_field(
                __field: &$crate::FieldRef,
                __owner: ::core::option::Option<&dyn $crate::FieldOwner>,
            ) -> $crate::Result<$ty> {
                __field.get::<$ty>(__owner)
            }
            #[inline]
            fn set_field(
                __field: &$crate::FieldRef,
                __owner: ::core::option::Option<&dyn $crate::FieldOwner>,
                __value: &$ty,
            ) -> $crate::Result<()> {
                __field.set(__owner, *__value)
            }
            type Kind = $crate::generated::native_kind::Value<$ty>;
            #[inline]
            fn from_value(__value: &$crate::Value) -> $crate::Result<$ty> {
                $crate::generated::unbox_value::<$ty>(__value)
            }
            #[inline]
            fn to_value(__value: $ty) -> $crate::Result<$crate::Value> {
                ::core::result::Result::Ok($crate::Value::Object($crate::generated::box_blittable(&__value)?))
            }
        }
    };
    (managed $ty:ident) => {
        $crate::__type_arg!(@managed [] $ty, |__h| $ty(__h));
    };
    (managed $ty:ident <$($g:ident),+>) => {
        $crate::__type_arg!(@managed [$($g),+] $ty<$($g),+>, |__h| $ty(__h, ::core::marker::PhantomData));
    };
    (@managed [$($g:ident),*] $ty:ty, |$h:ident| $wrap:expr) => {
        impl<$($g: $crate::TypeArg),*> $crate::TypeArg for $ty {
            type Param<'a> = &'a Self;
            type Arg<'a> = &'a $crate::StructHandle<Self>;
            type Raw = $crate::StructHandle<Self>;
            type Output = Self;
            #[inline]
            fn arg<'a>(__value: Self::Param<'a>) -> $crate::Result<Self::Arg<'a>> {
                ::core::result::Result::Ok(&__value.0)
            }
            #[inline]
            fn output(__raw: Self::Raw) -> $crate::Result<Self::Output> {
                let $h = __raw;
                ::core::result::Result::Ok($wrap)
            }
            type Slot = Self;
            type OutArg<'a> = &'a $crate::StructHandle<Self>;
            type ArrayOf = $crate::Object;
            #[inline]
            fn new_slot() -> $crate::Result<Self> {
                $crate::StructHandle::default_value().map(|$h| $wrap)
            }
            #[inline]
            fn ref_slot(__value: &Self) -> $crate::Result<Self> {
                __value.0.try_clone().map(|$h| $wrap)
            }
            #[inline]
            fn out_arg(__slot: &mut Self) -> &$crate::StructHandle<Self> {
                &__slot.0
            }
            #[inline]
            fn from_slot(__slot: Self) -> $crate::Result<Self> {
                ::core::result::Result::Ok(__slot)
            }
            #[inline]
            fn get_field(
                __field: &$crate::FieldRef,
                __owner: ::core::option::Option<&dyn $crate::FieldOwner>,
            ) -> $crate::Result<Self> {
                __field.get_struct::<Self>(__owner).map(|$h| $wrap)
            }
            #[inline]
            fn set_field(
                __field: &$crate::FieldRef,
                __owner: ::core::option::Option<&dyn $crate::FieldOwner>,
                __value: &Self,
            ) -> $crate::Result<()> {
                __field.set_struct(__owner, &__value.0)
            }
            type Kind = $crate::generated::native_kind::Unconverted<Self>;
            #[inline]
            fn from_value(__value: &$crate::Value) -> $crate::Result<Self> {
                $crate::generated::unbox_value::<Self>(__value)
            }
            #[inline]
            fn to_value(__value: Self) -> $crate::Result<$crate::Value> {
                ::core::result::Result::Ok($crate::Value::Object($crate::BoxAs::<$crate::Object>::box_to(&__value)?))
            }
        }
    };
}
