//! The Rust end of a C# → Rust call into a proxy (a Rust implementation of a .NET interface
//! or subclass, `crate::proxy`): [`proxy_call`], which finds the Rust value behind the proxy
//! and runs the member's body through the natives' guard (`native::guarded`, as `native_call` but with the proxies' way to report a failure), so that
//! every C#→Rust path converts parameters with the same kinds (`native::Incoming` /
//! `native::Outgoing`) and fails the same way: an `Err(ManagedException)` throws that
//! exception at the C# call site, a panic `Cilbind.RustPanicException`, and a key naming no
//! live value (the value was released, or the key was forged) `ObjectDisposedException`.
//!
//! A thunk is an `extern "C" fn(this: RawRef, key: i64, a0: <K0 as Incoming>::Abi, …) ->
//! <R as Outgoing>::Abi`, the signature of the proxy class's icall `M{n}(object self, long key,
//! params…)`: the natives' forms plus the two leading arguments the proxy adds. It is
//! registered once per proxy class (`proxy_entry!(unsafe …)`), so a call costs one raw
//! internal call, one slab lookup (`proxy/slab.rs`) and the Rust method.

use std::marker::PhantomData;
use std::panic::catch_unwind;

use super::slab;
use crate::error::{Error, Result};
use crate::host::{ObjectRef, RawRef};
use crate::native::{guarded, ManagedException, NativeAbi, NativeResult};
use crate::proxy::ProxyType;
use crate::value::{Object, Reference};

/// The proxy being called, as the Rust implementation sees it for the length of one call
/// (`'call`): the managed object (for calls back into it, e.g. base implementations) and its
/// proxy class's forwarders. Only [`proxy_call`] makes one.
pub struct Receiver<'call> {
    this: ObjectRef,
    ty: &'static ProxyType,
    _call: PhantomData<&'call ()>,
}

impl Receiver<'_> {
    /// An owned handle to the proxy object (a new GC handle).
    pub fn object(&self) -> Result<Object> {
        Object::from_raw(self.this)?.ok_or_else(|| Error::NullReference("the proxy object".into()))
    }

    /// An owned handle to the proxy object as `C` (the class it extends or the interface it
    /// implements), checked against `C`'s class.
    pub fn handle<C: Reference>(&self) -> Result<C> {
        C::from_object(self.object()?)
    }

    /// The proxy class's forwarders (base calls, protected members).
    pub fn proxy_type(&self) -> &'static ProxyType {
        self.ty
    }
}

/// Runs `body` with the Rust value behind the proxy `this` (whose key is `key`), for the
/// proxy member `member` (its name, for messages), through the natives' guard: `Ok` is returned
/// to Mono, `Err` and panics throw at the C# call site. A key that names no live value of
/// type `T` throws `ObjectDisposedException`.
#[inline(always)]
pub fn proxy_call<T: Send + Sync + 'static, R: NativeAbi>(
    member: &'static str,
    this: RawRef,
    key: i64,
    body: impl FnOnce(&T, Receiver<'_>) -> NativeResult<R>,
) -> R {
    let raw = this.get();
    let result = guarded(
        member,
        || {
            // `this` is the proxy Mono passed to this internal call (only Mono makes a `RawRef`),
            // kept in this frame until after the value's last use (black_box below), which is
            // what `slab::get` needs; the slot's type is checked against `T` there.
            match slab::get::<T>(&this, key) {
                Some((value, ty)) => body(
                    value,
                    Receiver {
                        this: raw,
                        ty,
                        _call: PhantomData,
                    },
                ),
                None => Err(stale()),
            }
        },
        crate::host::proxy::set_pending_exception,
    );
    std::hint::black_box(&this);
    result
}

#[cold]
#[inline(never)]
fn stale() -> ManagedException {
    ManagedException::named(
        "System.ObjectDisposedException",
        "the Rust value behind this object was released",
    )
}

/// The `Created(object, long)` icall of every proxy class.
pub(crate) extern "C" fn created(this: ObjectRef, key: i64) {
    let _ = catch_unwind(|| slab::created(this, key));
}

/// `Cilbind.Proxies::Finalized(long)`.
pub(crate) extern "C" fn finalized(key: i64) {
    let _ = catch_unwind(|| slab::finalized(key));
}

/// `Cilbind.Proxies::Sweep()`.
pub(crate) extern "C" fn sweep() {
    let _ = catch_unwind(slab::sweep);
}
