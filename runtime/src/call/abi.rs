//! How Rust values cross into a raw call: each argument is lowered to its native-ABI form
//! (a slot on the caller's stack), and the return value is lifted back.
//!
//! | Rust argument | native form | .NET parameter |
//! |---|---|---|
//! | `i32`, `f64`, [`Int32`](crate::Int32), … | itself | the primitive |
//! | `bool`, [`Boolean`](crate::Boolean) | `u8` 0/1 | `bool` |
//! | `&T`/`Option<&T>` where `T:` [`Reference`] | `MonoObject*` (null for `None`) | class, interface, `object` |
//! | `&str`, `Option<&str>` | a new `MonoString*` | `string` |
//! | [`In(&v)`](In) where `v:` [`Blittable`] | `*const V` | full struct by value (trampoline) |
//! | [`Out(&mut v)`](Out) | `*mut V` | `ref`/`out` primitive, enum or full struct |
//! | [`RefObject(&mut Option<T>)`](RefObject) | `MonoObject**` | `ref`/`out` object |
//! | [`RefString(&mut Option<String>)`](RefString) | `MonoString**` | `ref`/`out` string |
//! | `&StructHandle<S>` | the box (`MonoObject*`) | managed struct by value, or its `this` |
//!
//! Raw references live only in these slots, on the stack, for the length of the call.

use crate::error::Result;
use crate::host::{raw, Blittable, RawObject};
use crate::store::{ManagedStruct, StructHandle};
use crate::value::string::read_string;
use crate::value::{Boolean, Object, Reference};

/// The native-ABI class of an argument or return value. A thunk checks, on every call, that
/// the Rust types' classes equal the method's (a few compares of constants), so a binding that
/// disagrees with the assembly is an error, never a call with garbage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Abi {
    /// No value.
    Void,
    /// `bool` as a byte.
    Bool,
    /// `char` as a UTF-16 unit.
    Char,
    /// `sbyte`
    I8,
    /// `byte`
    U8,
    /// `short`
    I16,
    /// `ushort`
    U16,
    /// `int`
    I32,
    /// `uint`
    U32,
    /// `long`
    I64,
    /// `ulong`
    U64,
    /// `float`
    F32,
    /// `double`
    F64,
    /// `nint`
    ISize,
    /// `nuint`
    USize,
    /// A managed reference (object, string, or a struct's box).
    Ref,
    /// A pointer to `size` bytes (by-ref parameters, full structs on trampolines).
    Ptr,
    /// A blittable result written through a trailing pointer (size in bytes).
    Sret(usize),
    /// Something the raw path cannot carry.
    Unsupported,
}

/// A Rust value that can be passed to a raw call.
pub trait Arg {
    /// The native-ABI class of this argument.
    const ABI: Abi;
    /// The argument's slot on the caller's stack.
    type Slot: ArgSlot;
    /// Converts the argument (may fail: a stale handle, for example).
    fn lower(self) -> Result<Self::Slot>;
}

/// A lowered argument: its native form, and a write-back after the call for by-ref ones.
pub trait ArgSlot {
    /// The native-ABI type.
    type Raw: Copy;
    /// The native value to pass (for by-ref slots, a pointer into the slot).
    fn raw(&mut self) -> Self::Raw;
    /// Writes results back to the caller (by-ref slots) once the call returned normally.
    fn finish(self) -> Result<()>;
}

/// A value a raw call can return.
pub trait Ret: Sized {
    /// The native-ABI class of this return value.
    const ABI: Abi;
    /// The native-ABI type.
    type Raw: Copy;
    /// Converts the native return value.
    fn lift(raw: Self::Raw) -> Result<Self>;
}

macro_rules! plain {
    ($($t:ty => $abi:ident),*) => {$(
        impl Arg for $t {
            const ABI: Abi = Abi::$abi;
            type Slot = $t;
            #[inline]
            fn lower(self) -> Result<$t> {
                Ok(self)
            }
        }
        impl ArgSlot for $t {
            type Raw = $t;
            #[inline]
            fn raw(&mut self) -> $t {
                *self
            }
            #[inline]
            fn finish(self) -> Result<()> {
                Ok(())
            }
        }
        impl Ret for $t {
            const ABI: Abi = Abi::$abi;
            type Raw = $t;
            #[inline]
            fn lift(raw: $t) -> Result<$t> {
                Ok(raw)
            }
        }
    )*};
}

plain!(i8 => I8, u8 => U8, i16 => I16, u16 => U16, i32 => I32, u32 => U32, i64 => I64, u64 => U64, f32 => F32,
    f64 => F64, isize => ISize, usize => USize);
plain!(
    crate::SByte => I8,
    crate::Byte => U8,
    crate::Int16 => I16,
    crate::UInt16 => U16,
    crate::Int32 => I32,
    crate::UInt32 => U32,
    crate::Int64 => I64,
    crate::UInt64 => U64,
    crate::Single => F32,
    crate::Double => F64,
    crate::IntPtr => ISize,
    crate::UIntPtr => USize,
    crate::Char => Char,
    Boolean => Bool
);

impl Arg for bool {
    const ABI: Abi = Abi::Bool;
    type Slot = u8;
    #[inline]
    fn lower(self) -> Result<u8> {
        // Exactly 0 or 1: Mono reads other values unpredictably (guide §2).
        Ok(self as u8)
    }
}

impl Ret for bool {
    const ABI: Abi = Abi::Bool;
    type Raw = u8;
    #[inline]
    fn lift(raw: u8) -> Result<bool> {
        Ok(raw != 0)
    }
}

impl Ret for () {
    const ABI: Abi = Abi::Void;
    type Raw = ();
    #[inline]
    fn lift(_: ()) -> Result<()> {
        Ok(())
    }
}

/// A raw reference in a slot (for object and string arguments).
#[derive(Clone, Copy)]
pub struct RefSlot(RawObject);

impl ArgSlot for RefSlot {
    type Raw = RawObject;
    #[inline]
    fn raw(&mut self) -> RawObject {
        self.0
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

impl<T: Reference> Arg for &T {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    #[inline]
    fn lower(self) -> Result<RefSlot> {
        Ok(RefSlot(self.as_object().raw()?))
    }
}

impl<T: Reference> Arg for Option<&T> {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    #[inline]
    fn lower(self) -> Result<RefSlot> {
        match self {
            Some(o) => Ok(RefSlot(o.as_object().raw()?)),
            None => Ok(RefSlot(RawObject::NULL)),
        }
    }
}

impl Arg for &str {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    fn lower(self) -> Result<RefSlot> {
        crate::Runtime::get()?;
        let units: Vec<u16> = self.encode_utf16().collect();
        Ok(RefSlot(raw::string_new(&units)))
    }
}

impl Arg for Option<&str> {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    fn lower(self) -> Result<RefSlot> {
        match self {
            Some(s) => s.lower(),
            None => Ok(RefSlot(RawObject::NULL)),
        }
    }
}

impl<S: ManagedStruct> Arg for &StructHandle<S> {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    #[inline]
    fn lower(self) -> Result<RefSlot> {
        Ok(RefSlot(self.raw()?))
    }
}

impl<T: Reference> Ret for Option<T> {
    const ABI: Abi = Abi::Ref;
    type Raw = RawObject;
    #[inline]
    fn lift(raw: RawObject) -> Result<Option<T>> {
        Ok(Object::from_raw(raw).map(T::from_object))
    }
}

impl Ret for Option<String> {
    const ABI: Abi = Abi::Ref;
    type Raw = RawObject;
    fn lift(raw: RawObject) -> Result<Option<String>> {
        read_string(raw)
    }
}

impl<S: ManagedStruct> Ret for StructHandle<S> {
    const ABI: Abi = Abi::Ref;
    type Raw = RawObject;
    fn lift(raw: RawObject) -> Result<StructHandle<S>> {
        // The thunk returns a fresh box: it becomes the struct's private copy.
        StructHandle::from_box(raw)
    }
}

/// A blittable value passed by pointer to a trampoline parameter that takes it by value.
pub struct In<'a, V: Blittable>(pub &'a V);

impl<'a, V: Blittable> Arg for In<'a, V> {
    const ABI: Abi = Abi::Ptr;
    type Slot = In<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self> {
        Ok(self)
    }
}

impl<V: Blittable> ArgSlot for In<'_, V> {
    type Raw = *const V;
    #[inline]
    fn raw(&mut self) -> *const V {
        self.0
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

/// A `ref`/`out` primitive, enum or full struct: the callee writes straight into the value.
pub struct Out<'a, V: Blittable>(pub &'a mut V);

impl<'a, V: Blittable> Arg for Out<'a, V> {
    const ABI: Abi = Abi::Ptr;
    type Slot = Out<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self> {
        Ok(self)
    }
}

impl<V: Blittable> ArgSlot for Out<'_, V> {
    type Raw = *mut V;
    #[inline]
    fn raw(&mut self) -> *mut V {
        self.0
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

/// A `ref`/`out` object parameter: the reference is written back after the call.
pub struct RefObject<'a, T: Reference>(pub &'a mut Option<T>);

/// Slot of [`RefObject`].
pub struct RefObjectSlot<'a, T: Reference> {
    target: &'a mut Option<T>,
    value: RawObject,
}

impl<'a, T: Reference> Arg for RefObject<'a, T> {
    const ABI: Abi = Abi::Ptr;
    type Slot = RefObjectSlot<'a, T>;
    fn lower(self) -> Result<Self::Slot> {
        let value = match self.0 {
            Some(o) => o.as_object().raw()?,
            None => RawObject::NULL,
        };
        Ok(RefObjectSlot { target: self.0, value })
    }
}

impl<T: Reference> ArgSlot for RefObjectSlot<'_, T> {
    type Raw = *mut RawObject;
    fn raw(&mut self) -> *mut RawObject {
        &mut self.value
    }
    fn finish(self) -> Result<()> {
        *self.target = Object::from_raw(self.value).map(T::from_object);
        Ok(())
    }
}

/// A `ref`/`out` string parameter: the string is written back after the call.
pub struct RefString<'a>(pub &'a mut Option<String>);

/// Slot of [`RefString`].
pub struct RefStringSlot<'a> {
    target: &'a mut Option<String>,
    value: RawObject,
}

impl<'a> Arg for RefString<'a> {
    const ABI: Abi = Abi::Ptr;
    type Slot = RefStringSlot<'a>;
    fn lower(self) -> Result<Self::Slot> {
        let value = match self.0.as_deref() {
            Some(s) => s.lower()?.0,
            None => RawObject::NULL,
        };
        Ok(RefStringSlot { target: self.0, value })
    }
}

impl ArgSlot for RefStringSlot<'_> {
    type Raw = *mut RawObject;
    fn raw(&mut self) -> *mut RawObject {
        &mut self.value
    }
    fn finish(self) -> Result<()> {
        *self.target = read_string(self.value)?;
        Ok(())
    }
}
