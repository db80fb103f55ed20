//! One call of a generic member for one instantiation, as generated bindings make it: through
//! the member's cached thunk for the Rust types that name the instantiation, or, in a client of
//! a remote runtime (where no class is made locally), on the server, which instantiates the
//! member from the types' names.

use std::marker::PhantomData;

use crate::call::generic::GenericMethodRef;
use crate::call::lookup::TypeRef;
use crate::call::{ArgList, Ret};
use crate::error::{Error, Result};
use crate::host::Class;
use crate::remote::TypeName;
use crate::value::{Blittable, ManagedType};

/// What names one instantiation remotely: the closed type's names and the method type
/// arguments'.
pub(crate) type RemoteInstance = (TypeName, Vec<TypeName>);

/// The Rust types that name a generic method's instantiation, as generated bindings spell
/// them: `(C, (M0, …))`, `C` the closed class's Rust type (or `()` where the class is the
/// definition's own, not generic), `M0, …` the method type arguments.
#[doc(hidden)]
pub trait InstanceKey: 'static {
    /// The instantiation's names, given the definition's type (the class when `C` is `()`).
    fn remote(definition: &TypeRef) -> Result<RemoteInstance>;
}

/// The method type arguments of an [`InstanceKey`]: a tuple of [`ManagedType`]s.
#[doc(hidden)]
pub trait MethodArgs: 'static {
    /// Their names.
    fn remote() -> Result<Vec<TypeName>>;
}

macro_rules! method_args {
    ($($m:ident),+) => {
        impl<$($m: ManagedType + 'static),+> MethodArgs for ($($m,)+) {
            fn remote() -> Result<Vec<TypeName>> {
                Ok(vec![$($m::remote_type()?),+])
            }
        }
    };
}

method_args!(M0);
method_args!(M0, M1);
method_args!(M0, M1, M2);
method_args!(M0, M1, M2, M3);
method_args!(M0, M1, M2, M3, M4);
method_args!(M0, M1, M2, M3, M4, M5);
method_args!(M0, M1, M2, M3, M4, M5, M6);
method_args!(M0, M1, M2, M3, M4, M5, M6, M7);

impl<M: MethodArgs> InstanceKey for ((), M) {
    fn remote(definition: &TypeRef) -> Result<RemoteInstance> {
        Ok((definition.remote_name("a generic method")?, M::remote()?))
    }
}

impl<C: ManagedType + 'static, M: MethodArgs> InstanceKey for (C, M) {
    fn remote(_: &TypeRef) -> Result<RemoteInstance> {
        Ok((C::remote_type()?, M::remote()?))
    }
}

/// A member of the generic type whose closed instantiation `S` is.
fn member_of<S: ManagedType>(_: &TypeRef) -> Result<RemoteInstance> {
    Ok((S::remote_type()?, Vec::new()))
}

/// A generic member's call for the instantiation `K` names: [`GenericMethodRef::of`] and
/// [`GenericMethodRef::keyed`] make it, and `call`/`call_sret` make the call.
#[doc(hidden)]
#[must_use = "a generic call does nothing until `call` or `call_sret`"]
pub struct GenericCall<'m, K, F> {
    method: &'m GenericMethodRef,
    resolve: F,
    remote: fn(&TypeRef) -> Result<RemoteInstance>,
    _key: PhantomData<fn() -> K>,
}

impl GenericMethodRef {
    /// The member in the closed generic type `S` (a generated member of a generic type).
    #[inline]
    pub fn of<S: ManagedType + 'static>(&self) -> GenericCall<'_, S, impl FnOnce() -> Result<(Class, Vec<Class>)>> {
        GenericCall {
            method: self,
            resolve: || Ok((S::class()?, Vec::new())),
            remote: member_of::<S>,
            _key: PhantomData,
        }
    }

    /// The generic method's instantiation `K` names, whose classes `resolve` makes (see
    /// [`GenericMethodRef::thunk_keyed`]).
    #[inline]
    pub fn keyed<K: InstanceKey, F: FnOnce() -> Result<(Class, Vec<Class>)>>(
        &self,
        resolve: F,
    ) -> GenericCall<'_, K, F> {
        GenericCall {
            method: self,
            resolve,
            remote: K::remote,
            _key: PhantomData,
        }
    }
}

impl<K: 'static, F: FnOnce() -> Result<(Class, Vec<Class>)>> GenericCall<'_, K, F> {
    /// Calls the member with `args` (as [`Thunk::call`](crate::call::Thunk::call)).
    #[inline]
    pub fn call<A: ArgList, R: Ret>(self, args: A) -> Result<R> {
        let (method, remote) = (self.method, self.remote);
        match method.thunk_keyed::<K>(self.resolve) {
            Ok(thunk) => thunk.call(args),
            Err(e) => call_elsewhere::<K, A, R>(method, remote, e, args),
        }
    }

    /// Calls the member whose blittable struct result comes back by pointer (as
    /// [`Thunk::call_sret`](crate::call::Thunk::call_sret)).
    #[inline]
    pub fn call_sret<A: ArgList, R: Blittable>(self, args: A) -> Result<R> {
        let (method, remote) = (self.method, self.remote);
        match method.thunk_keyed::<K>(self.resolve) {
            Ok(thunk) => thunk.call_sret(args),
            Err(e) => call_sret_elsewhere::<K, A, R>(method, remote, e, args),
        }
    }
}

/// Where no local runtime could resolve the member: a client of a remote runtime names the
/// instantiation to its server, which makes the call; anywhere else the error stands.
#[cold]
#[inline(never)]
fn call_elsewhere<K: 'static, A: ArgList, R: Ret>(
    method: &GenericMethodRef,
    remote: fn(&TypeRef) -> Result<RemoteInstance>,
    e: Error,
    args: A,
) -> Result<R> {
    if !crate::remote::connected() {
        return Err(e);
    }
    crate::remote::call_generic::<K, A, R>(method, remote(method.definition_type())?, args)
}

/// [`call_elsewhere`] for a struct result by pointer.
#[cold]
#[inline(never)]
fn call_sret_elsewhere<K: 'static, A: ArgList, R: Blittable>(
    method: &GenericMethodRef,
    remote: fn(&TypeRef) -> Result<RemoteInstance>,
    e: Error,
    args: A,
) -> Result<R> {
    if !crate::remote::connected() {
        return Err(e);
    }
    crate::remote::call_generic_sret::<K, A, R>(method, remote(method.definition_type())?, args)
}
