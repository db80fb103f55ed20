//! How a Rust body's result crosses back to C#: one marker per return kind (the parameter
//! markers of [`incoming`](super::incoming) where the kind is the same, plus [`Void`]).

use super::exception::NativeResult;
use super::guard::NativeAbi;
use super::incoming::{sealed, Arr, Bool, Obj, ObjArr, Str, Unconverted, Value};
use crate::error::Error;
use crate::host::{raw, ObjectRef, RawRet};
use crate::value::Blittable;
use crate::value::{Array, ObjectArray, Reference};

/// A return kind of a C#→Rust call (sealed).
pub trait Outgoing: sealed::Sealed {
    /// The Rust value the body returns.
    type Value;
    /// The native-ABI form Mono receives.
    type Abi: NativeAbi;
    /// Converts the body's result.
    fn give(value: Self::Value) -> NativeResult<Self::Abi>;
}

/// `void`.
pub struct Void;
impl sealed::Sealed for Void {}

impl Outgoing for Void {
    type Value = ();
    type Abi = ();
    #[inline(always)]
    fn give(_: ()) -> NativeResult<()> {
        Ok(())
    }
}

impl<V: Blittable> Outgoing for Value<V> {
    type Value = V;
    type Abi = V;
    #[inline(always)]
    fn give(value: V) -> NativeResult<V> {
        Ok(value)
    }
}

impl Outgoing for Bool {
    type Value = bool;
    type Abi = u8;
    #[inline(always)]
    fn give(value: bool) -> NativeResult<u8> {
        Ok(u8::from(value))
    }
}

impl Outgoing for Str {
    type Value = Option<String>;
    type Abi = RawRet;
    #[inline]
    fn give(value: Option<String>) -> NativeResult<RawRet> {
        Ok(match value {
            Some(s) => RawRet::new(raw::string_from_str(&s)?),
            None => RawRet::NULL,
        })
    }
}

/// The reference behind a handle, returned to Mono. The handle is dropped right after; the
/// reference stays in this thread's registers or stack until Mono has it, where the collector
/// finds it (host/mono/native.rs).
#[inline]
fn reference<R: Reference>(value: Option<R>) -> NativeResult<RawRet> {
    Ok(match value {
        Some(v) => RawRet::new(v.as_object().raw()?.detached()?),
        None => RawRet::new(ObjectRef::NULL),
    })
}

impl<T: Reference> Outgoing for Obj<T> {
    type Value = Option<T>;
    type Abi = RawRet;
    #[inline]
    fn give(value: Option<T>) -> NativeResult<RawRet> {
        reference(value)
    }
}

impl<V: Blittable> Outgoing for Arr<V> {
    type Value = Option<Array<V>>;
    type Abi = RawRet;
    #[inline]
    fn give(value: Option<Array<V>>) -> NativeResult<RawRet> {
        reference(value)
    }
}

impl<T: Reference> Outgoing for ObjArr<T> {
    type Value = Option<ObjectArray<T>>;
    type Abi = RawRet;
    #[inline]
    fn give(value: Option<ObjectArray<T>>) -> NativeResult<RawRet> {
        reference(value)
    }
}

impl<T> Outgoing for Unconverted<T> {
    type Value = T;
    type Abi = RawRet;
    fn give(_: T) -> NativeResult<RawRet> {
        Err(Error::Unsupported("a managed struct does not cross from Rust to C# yet".into()).into())
    }
}
