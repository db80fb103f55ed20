//! How each kind of parameter crosses from C# into a Rust body: the native-ABI form Mono passes,
//! what the thunk holds for the call, the Rust parameter lent from it, and the write-back of
//! `ref`/`out` parameters.
//!
//! The kinds are marker types ([`Value`], [`Str`], [`Obj`], …). A generated thunk makes one
//! generic call per step and parameter (`<Str as Incoming>::hold(a0)?`, then `lend`, then
//! `finish`), and the same markers serve every C#→Rust path (natives, and Rust implementations
//! of C# members), so the conversions are written once, here.

use std::marker::PhantomData;

use super::exception::NativeResult;
use super::lent::Lent;
use crate::error::Error;
use crate::host::{raw, ByRef, ObjectRef, RawRef};
use crate::value::object::wrap;
use crate::value::string::read_string;
use crate::value::Blittable;
use crate::value::{Array, ObjectArray, Reference};

/// A parameter kind of a C#→Rust call (sealed: the runtime defines every kind).
pub trait Incoming: sealed::Sealed {
    /// The native-ABI form Mono passes.
    type Abi;
    /// What the thunk holds for the call (the parameter is lent from it).
    type Held;
    /// The Rust parameter the body receives.
    type Param<'a>
    where
        Self: 'a;
    /// Takes the argument as Mono passed it. Fails (the call then throws in C#) when it cannot
    /// become the Rust parameter: a string that is not valid UTF-16, a null `this`.
    fn hold(raw: Self::Abi) -> NativeResult<Self::Held>;
    /// The parameter for the body, borrowed from the held value for the call.
    fn lend(held: &mut Self::Held) -> Self::Param<'_>;
    /// After the body returned `Ok`: writes `ref`/`out` parameters back to the caller's
    /// location, and keeps lent references on the stack until then.
    fn finish(held: Self::Held) -> NativeResult<()>;
}

pub(crate) mod sealed {
    pub trait Sealed {}
}

macro_rules! markers {
    ($($(#[$doc:meta])* $name:ident $(<$t:ident: $bound:path>)?;)*) => {$(
        $(#[$doc])*
        pub struct $name$(<$t>(PhantomData<fn() -> $t>))?;
        impl$(<$t: $bound>)? sealed::Sealed for $name$(<$t>)? {}
    )*};
}

markers! {
    /// A primitive (other than `bool`), an enum or a full struct, by value: the Rust value.
    Value<V: Blittable>;
    /// `bool`: Mono passes one byte; any non-zero byte is `true`.
    Bool;
    /// `string`: `Option<&str>` (`None` for null), decoded from UTF-16 for the call; a string
    /// with a lone surrogate throws `ArgumentException` in C#.
    Str;
    /// An object (class, interface, `object`) parameter: `Option<Lent<'_, T>>`.
    Obj<T: Reference>;
    /// The `this` of an instance native: `Lent<'_, T>` (null throws `NullReferenceException`).
    This<T: Reference>;
    /// An array of primitives, enums or full structs: `Option<Array<V>>`, a handle.
    Arr<V: Blittable>;
    /// An array of references: `Option<ObjectArray<T>>`, a handle.
    ObjArr<T: Reference>;
    /// `ref V` (primitive, enum, full struct): `&mut V`, starting with the caller's value and
    /// written back when the body returns `Ok`.
    RefValue<V: Blittable>;
    /// `out V`: `&mut V`, starting zeroed, written back when the body returns `Ok`.
    OutValue<V: Blittable>;
    /// `in V` (`ref readonly`; primitive other than `bool`, enum, full struct): `&V`, a copy
    /// of the caller's value (the callee must not write through an `in` reference).
    InValue<V: Blittable>;
    /// `ref bool`: `&mut bool`.
    RefBool;
    /// `out bool`: `&mut bool`, starting `false`.
    OutBool;
    /// `ref string`: `&mut Option<String>`, starting with the caller's string.
    RefStr;
    /// `out string`: `&mut Option<String>`, starting `None`.
    OutStr;
    /// `ref T` for a reference type: `&mut Option<T>` (a handle), starting with the caller's.
    RefObj<T: Reference>;
    /// `out T` for a reference type: `&mut Option<T>`, starting `None`.
    OutObj<T: Reference>;
    /// A value that does not cross from C# to Rust (a managed struct, as a generic type
    /// argument): a thunk with this kind is never registered, since the proxy's check of its
    /// kinds (`proxy::kinds`) refuses it, and its conversions fail.
    Unconverted<T: Sized>;
}

impl<V: Blittable> Incoming for Value<V> {
    type Abi = V;
    type Held = V;
    type Param<'a> = V;
    #[inline(always)]
    fn hold(raw: V) -> NativeResult<V> {
        Ok(raw)
    }
    #[inline(always)]
    fn lend(held: &mut V) -> V {
        *held
    }
    #[inline(always)]
    fn finish(_: V) -> NativeResult<()> {
        Ok(())
    }
}

impl Incoming for Bool {
    type Abi = u8;
    type Held = bool;
    type Param<'a> = bool;
    #[inline(always)]
    fn hold(raw: u8) -> NativeResult<bool> {
        Ok(raw != 0)
    }
    #[inline(always)]
    fn lend(held: &mut bool) -> bool {
        *held
    }
    #[inline(always)]
    fn finish(_: bool) -> NativeResult<()> {
        Ok(())
    }
}

impl Incoming for Str {
    type Abi = RawRef;
    type Held = Option<String>;
    type Param<'a> = Option<&'a str>;
    #[inline]
    fn hold(raw: RawRef) -> NativeResult<Option<String>> {
        Ok(read_string(raw.get())?)
    }
    #[inline(always)]
    fn lend(held: &mut Option<String>) -> Option<&str> {
        held.as_deref()
    }
    #[inline(always)]
    fn finish(_: Option<String>) -> NativeResult<()> {
        Ok(())
    }
}

impl<T: Reference> Incoming for Obj<T> {
    type Abi = RawRef;
    type Held = ObjectRef;
    type Param<'a>
        = Option<Lent<'a, T>>
    where
        T: 'a;
    #[inline(always)]
    fn hold(raw: RawRef) -> NativeResult<ObjectRef> {
        Ok(raw.get())
    }
    #[inline(always)]
    fn lend(held: &mut ObjectRef) -> Option<Lent<'_, T>> {
        (!held.is_null()).then(|| Lent::new(*held))
    }
    #[inline(always)]
    fn finish(held: ObjectRef) -> NativeResult<()> {
        // Keeps the reference in this frame until the body is done with it (see host/mono/native.rs
        // on conservative scanning).
        std::hint::black_box(held);
        Ok(())
    }
}

impl<T: Reference> Incoming for This<T> {
    type Abi = RawRef;
    type Held = ObjectRef;
    type Param<'a>
        = Lent<'a, T>
    where
        T: 'a;
    #[inline(always)]
    fn hold(raw: RawRef) -> NativeResult<ObjectRef> {
        let this = raw.get();
        if this.is_null() {
            return Err(Error::NullReference("an instance native was called on null".into()).into());
        }
        Ok(this)
    }
    #[inline(always)]
    fn lend(held: &mut ObjectRef) -> Lent<'_, T> {
        Lent::new(*held)
    }
    #[inline(always)]
    fn finish(held: ObjectRef) -> NativeResult<()> {
        std::hint::black_box(held);
        Ok(())
    }
}

macro_rules! handle_kind {
    ($marker:ident, $handle:ident, $bound:path) => {
        impl<T: $bound> Incoming for $marker<T> {
            type Abi = RawRef;
            type Held = Option<$handle<T>>;
            type Param<'a>
                = Option<$handle<T>>
            where
                T: 'a;
            #[inline]
            fn hold(raw: RawRef) -> NativeResult<Option<$handle<T>>> {
                Ok(wrap::<$handle<T>>(raw.get())?)
            }
            #[inline(always)]
            fn lend(held: &mut Option<$handle<T>>) -> Option<$handle<T>> {
                held.take()
            }
            #[inline(always)]
            fn finish(_: Option<$handle<T>>) -> NativeResult<()> {
                Ok(())
            }
        }
    };
}
handle_kind!(Arr, Array, Blittable);
handle_kind!(ObjArr, ObjectArray, Reference);

macro_rules! by_ref_value {
    ($marker:ident, $start:expr) => {
        impl<V: Blittable> Incoming for $marker<V> {
            type Abi = ByRef<V>;
            type Held = (ByRef<V>, V);
            type Param<'a> = &'a mut V;
            #[inline(always)]
            fn hold(raw: ByRef<V>) -> NativeResult<(ByRef<V>, V)> {
                let start: fn(&ByRef<V>) -> V = $start;
                let value = start(&raw);
                Ok((raw, value))
            }
            #[inline(always)]
            fn lend(held: &mut (ByRef<V>, V)) -> &mut V {
                &mut held.1
            }
            #[inline(always)]
            fn finish((location, value): (ByRef<V>, V)) -> NativeResult<()> {
                location.write(value);
                Ok(())
            }
        }
    };
}
by_ref_value!(RefValue, |r| r.read());
by_ref_value!(OutValue, |_| crate::value::zeroed());

impl<V: Blittable> Incoming for InValue<V> {
    type Abi = ByRef<V>;
    type Held = V;
    type Param<'a> = &'a V;
    #[inline(always)]
    fn hold(raw: ByRef<V>) -> NativeResult<V> {
        Ok(raw.read())
    }
    #[inline(always)]
    fn lend(held: &mut V) -> &V {
        held
    }
    #[inline(always)]
    fn finish(_: V) -> NativeResult<()> {
        Ok(())
    }
}

macro_rules! by_ref_bool {
    ($marker:ident, $start:expr) => {
        impl Incoming for $marker {
            type Abi = ByRef<u8>;
            type Held = (ByRef<u8>, bool);
            type Param<'a> = &'a mut bool;
            #[inline(always)]
            fn hold(raw: ByRef<u8>) -> NativeResult<(ByRef<u8>, bool)> {
                let start: fn(&ByRef<u8>) -> bool = $start;
                let value = start(&raw);
                Ok((raw, value))
            }
            #[inline(always)]
            fn lend(held: &mut (ByRef<u8>, bool)) -> &mut bool {
                &mut held.1
            }
            #[inline(always)]
            fn finish((location, value): (ByRef<u8>, bool)) -> NativeResult<()> {
                location.write(u8::from(value));
                Ok(())
            }
        }
    };
}
by_ref_bool!(RefBool, |r| r.read() != 0);
by_ref_bool!(OutBool, |_| false);

macro_rules! by_ref_string {
    ($marker:ident, $read:expr) => {
        impl Incoming for $marker {
            type Abi = ByRef<ObjectRef>;
            type Held = (ByRef<ObjectRef>, Option<String>);
            type Param<'a> = &'a mut Option<String>;
            #[inline]
            fn hold(raw: ByRef<ObjectRef>) -> NativeResult<(ByRef<ObjectRef>, Option<String>)> {
                let value = if $read { read_string(raw.read_ref())? } else { None };
                Ok((raw, value))
            }
            #[inline(always)]
            fn lend(held: &mut (ByRef<ObjectRef>, Option<String>)) -> &mut Option<String> {
                &mut held.1
            }
            #[inline]
            fn finish((location, value): (ByRef<ObjectRef>, Option<String>)) -> NativeResult<()> {
                let s = match value {
                    Some(s) => raw::string_from_str(&s)?,
                    None => ObjectRef::NULL,
                };
                location.store_ref(s);
                Ok(())
            }
        }
    };
}
by_ref_string!(RefStr, true);
by_ref_string!(OutStr, false);

macro_rules! by_ref_object {
    ($marker:ident, $read:expr) => {
        impl<T: Reference> Incoming for $marker<T> {
            type Abi = ByRef<ObjectRef>;
            type Held = (ByRef<ObjectRef>, Option<T>);
            type Param<'a>
                = &'a mut Option<T>
            where
                T: 'a;
            #[inline]
            fn hold(raw: ByRef<ObjectRef>) -> NativeResult<(ByRef<ObjectRef>, Option<T>)> {
                let value = if $read { wrap::<T>(raw.read_ref())? } else { None };
                Ok((raw, value))
            }
            #[inline(always)]
            fn lend(held: &mut (ByRef<ObjectRef>, Option<T>)) -> &mut Option<T> {
                &mut held.1
            }
            #[inline]
            fn finish((location, value): (ByRef<ObjectRef>, Option<T>)) -> NativeResult<()> {
                // `T` is the parameter's declared type (or narrower), so the store is typed
                // as C# would have typed it.
                let obj = match &value {
                    Some(v) => v.as_object().raw()?.detached()?,
                    None => ObjectRef::NULL,
                };
                location.store_ref(obj);
                Ok(())
            }
        }
    };
}
by_ref_object!(RefObj, true);
by_ref_object!(OutObj, false);

impl<T> Incoming for Unconverted<T> {
    type Abi = RawRef;
    type Held = ();
    type Param<'a>
        = std::convert::Infallible
    where
        T: 'a;
    fn hold(_: RawRef) -> NativeResult<()> {
        Err(Error::Unsupported("a managed struct does not cross from C# to Rust yet".into()).into())
    }
    fn lend(_: &mut ()) -> std::convert::Infallible {
        unreachable!("`hold` never succeeds")
    }
    fn finish(_: ()) -> NativeResult<()> {
        Ok(())
    }
}
