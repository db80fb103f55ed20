//! Rust implementations of the generic interfaces the runtime declares itself
//! (``IEquatable`1<T>`` as [`IEquatable`], ``IComparable`1<T>`` as [`IComparable1`]): generated
//! bindings cannot add `implement` to a type of this crate, so it is written here, as the
//! generator writes it for an interface (`render/implement.rs`): a trait generic over the type
//! argument, a thunk per member, and a proxy class per closed interface whose thunks' kinds are
//! checked against the closed members when it is built.

use super::dispatch::proxy_call;
use crate::error::Result;
use crate::host::RawRef;
use crate::native::kind::{Bool, Value};
use crate::native::{Incoming, NativeResult, Outgoing};
use crate::proxy::{ProxyMember, ProxyType};
use crate::value::corlib::{ICOMPARABLE1, IEQUATABLE1};
use crate::value::{IComparable1, IEquatable, ManagedType, Reference, TypeArg};

/// The value a C# caller passes for a `T` parameter, as the type argument's kind lends it
/// (`i32`, `bool`, `Option<Lent<'_, T>>` for a reference type).
pub type Lends<'a, T> = <<T as TypeArg>::Kind as Incoming>::Param<'a>;

/// A Rust implementation of ``System.IEquatable`1<T>`` for the type argument `T`:
/// [`IEquatable::implement`] makes a managed object whose `Equals(T)` calls
/// [`equals`](Self::equals). Calls come from any thread and may re-enter, hence `&self` and
/// `Send + Sync`. An `Err` throws its managed exception at the C# call site; a panic throws
/// `Cilbind.RustPanicException`.
pub trait IEquatableImpl<T: TypeArg>: Send + Sync + 'static {
    /// `IEquatable<T>.Equals(T other)`.
    fn equals(&self, other: Lends<'_, T>) -> NativeResult<bool>;
}

/// A Rust implementation of ``System.IComparable`1<T>`` for the type argument `T`:
/// [`IComparable1::implement`] makes a managed object whose `CompareTo(T)` calls
/// [`compare_to`](Self::compare_to). As [`IEquatableImpl`] for threads and errors.
pub trait IComparableImpl<T: TypeArg>: Send + Sync + 'static {
    /// `IComparable<T>.CompareTo(T other)`: negative, zero or positive as `self` sorts before,
    /// with or after `other`.
    fn compare_to(&self, other: Lends<'_, T>) -> NativeResult<i32>;
}

extern "C" fn equals<I: IEquatableImpl<T>, T: TypeArg>(
    this: RawRef,
    key: i64,
    a0: <T::Kind as Incoming>::Abi,
) -> <Bool as Outgoing>::Abi {
    proxy_call::<I, _>("System.IEquatable`1::Equals(T)", this, key, move |v, _| {
        let mut h0 = <T::Kind as Incoming>::hold(a0)?;
        let r = v.equals(<T::Kind as Incoming>::lend(&mut h0))?;
        <T::Kind as Incoming>::finish(h0)?;
        <Bool as Outgoing>::give(r)
    })
}

extern "C" fn compare_to<I: IComparableImpl<T>, T: TypeArg>(
    this: RawRef,
    key: i64,
    a0: <T::Kind as Incoming>::Abi,
) -> <Value<i32> as Outgoing>::Abi {
    proxy_call::<I, _>("System.IComparable`1::CompareTo(T)", this, key, move |v, _| {
        let mut h0 = <T::Kind as Incoming>::hold(a0)?;
        let r = v.compare_to(<T::Kind as Incoming>::lend(&mut h0))?;
        <T::Kind as Incoming>::finish(h0)?;
        <Value<i32> as Outgoing>::give(r)
    })
}

impl<T: TypeArg> IEquatable<T> {
    /// A new managed object implementing ``IEquatable`1<T>`` with `value` (see
    /// [`IEquatableImpl`]). The value lives as long as the object: it is dropped after the
    /// object is collected.
    pub fn implement<I: IEquatableImpl<T>>(value: I) -> Result<Self> {
        let ty = ProxyType::of_closed::<I, (T,)>(Self::class()?, || {
            Ok(vec![ProxyMember::ImplementClosed {
                owner: &IEQUATABLE1,
                closed: Self::class()?,
                name: "Equals",
                params: &["T"],
                // `equals::<I, T>` takes `this`, the key and `T::Kind`'s ABI form, returns
                // `Bool`'s, and runs through `proxy_call` with `I`.
                entry: crate::__proxy_entry!(unsafe kinds (<T as TypeArg>::Kind) -> Bool, equals::<I, T>),
            }])
        })?;
        Self::from_object(ty.implement(value)?)
    }
}

impl<T: TypeArg> IComparable1<T> {
    /// A new managed object implementing ``IComparable`1<T>`` with `value` (see
    /// [`IComparableImpl`]). The value lives as long as the object.
    pub fn implement<I: IComparableImpl<T>>(value: I) -> Result<Self> {
        let ty = ProxyType::of_closed::<I, (T,)>(Self::class()?, || {
            Ok(vec![ProxyMember::ImplementClosed {
                owner: &ICOMPARABLE1,
                closed: Self::class()?,
                name: "CompareTo",
                params: &["T"],
                // As in `IEquatable::implement`, returning `Value<i32>`'s ABI form.
                entry: crate::__proxy_entry!(unsafe kinds (<T as TypeArg>::Kind) -> Value<i32>, compare_to::<I, T>),
            }])
        })?;
        Self::from_object(ty.implement(value)?)
    }
}
