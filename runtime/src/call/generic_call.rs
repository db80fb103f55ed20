//! One call of a generic member for one instantiation, as generated bindings make it: through
//! the member's cached thunk for the Rust types that name the instantiation, or, in a client of
//! a remote runtime (where no class is made locally), on the server, which instantiates the
//! member from the types' names.

use std::marker::PhantomData;

use crate::call::generic::GenericMethodRef;
use crate::call::{ArgList, Ret};
use crate::error::{Error, Result};
use crate::host::Class;
use crate::remote::TypeName;
use crate::value::{Blittable, ManagedType};

/// What names one instantiation remotely: the closed type's names and the method type
/// arguments'.
pub type RemoteInstance = (TypeName, Vec<TypeName>);

/// A generic member's call for the instantiation the Rust types `K` name: [`GenericMethodRef::of`]
/// and [`GenericMethodRef::keyed`] make it, and `call`/`call_sret` make the call. `resolve`
/// makes the instantiation's classes (the first call in a unit); `remote` names them, for a
/// client of a remote runtime.
#[doc(hidden)]
#[must_use = "a generic call does nothing until `call` or `call_sret`"]
pub struct GenericCall<'m, K, F, N> {
    method: &'m GenericMethodRef,
    resolve: F,
    remote: N,
    _key: PhantomData<fn() -> K>,
}

impl GenericMethodRef {
    /// The member in the closed generic type `S` (a generated member of a generic type).
    #[inline]
    #[allow(clippy::type_complexity)]
    pub fn of<S: ManagedType + 'static>(
        &self,
    ) -> GenericCall<'_, S, impl FnOnce() -> Result<(Class, Vec<Class>)>, impl FnOnce() -> Result<RemoteInstance>> {
        GenericCall {
            method: self,
            resolve: || Ok((S::class()?, Vec::new())),
            remote: || Ok((S::remote_type()?, Vec::new())),
            _key: PhantomData,
        }
    }

    /// The generic method's instantiation the Rust types `K` name, whose classes `resolve`
    /// makes (see [`GenericMethodRef::thunk_keyed`]) and whose names `remote` gives.
    #[inline]
    pub fn keyed<K: 'static, F, N>(&self, resolve: F, remote: N) -> GenericCall<'_, K, F, N>
    where
        F: FnOnce() -> Result<(Class, Vec<Class>)>,
        N: FnOnce() -> Result<RemoteInstance>,
    {
        GenericCall {
            method: self,
            resolve,
            remote,
            _key: PhantomData,
        }
    }
}

impl<K: 'static, F, N> GenericCall<'_, K, F, N>
where
    F: FnOnce() -> Result<(Class, Vec<Class>)>,
    N: FnOnce() -> Result<RemoteInstance>,
{
    /// Calls the member with `args` (as [`Thunk::call`](crate::call::Thunk::call)).
    #[inline]
    pub fn call<A: ArgList, R: Ret>(self, args: A) -> Result<R> {
        let (method, remote) = (self.method, self.remote);
        match method.thunk_keyed::<K>(self.resolve) {
            Ok(thunk) => thunk.call(args),
            Err(e) => elsewhere(e, remote, |instance| {
                crate::remote::call_generic::<K, A, R>(method, instance, args)
            }),
        }
    }

    /// Calls the member whose blittable struct result comes back by pointer (as
    /// [`Thunk::call_sret`](crate::call::Thunk::call_sret)).
    #[inline]
    pub fn call_sret<A: ArgList, R: Blittable>(self, args: A) -> Result<R> {
        let (method, remote) = (self.method, self.remote);
        match method.thunk_keyed::<K>(self.resolve) {
            Ok(thunk) => thunk.call_sret(args),
            Err(e) => elsewhere(e, remote, |instance| {
                crate::remote::call_generic_sret::<K, A, R>(method, instance, args)
            }),
        }
    }
}

/// Where no local runtime could resolve the member: a client of a remote runtime names the
/// instantiation (`remote`) to its server, which makes the call (`send`); anywhere else the
/// error `e` stands.
#[cold]
#[inline(never)]
fn elsewhere<R>(
    e: Error,
    remote: impl FnOnce() -> Result<RemoteInstance>,
    send: impl FnOnce(RemoteInstance) -> Result<R>,
) -> Result<R> {
    if !crate::remote::connected() {
        return Err(e);
    }
    send(remote()?)
}
