//! Delegates on typed Rust closures, called as directly as a Rust implementation of an
//! interface: the generated `from_fn` of a delegate type whose `Invoke` takes and returns
//! values that cross natively (primitives, enums, full structs) makes its delegate here.
//!
//! The delegate is bound to the `Invoke` of a proxy class built once per delegate type
//! (`Cilbind.Proxies.Build` with the delegate type as its target), whose forwarder is a raw
//! internal call on Mono and a function-pointer call on CoreCLR into a thunk the generator
//! emits per delegate type: C#'s arguments reach the closure as native values, with no
//! `object[]`, no boxing and no lock. The path of any other delegate (`call/callback.rs`)
//! boxes them into an `object[]` and reads them back through the runtime: about 20 times
//! slower on Mono.
//!
//! # Lifetime
//!
//! The closure lives in the table of revocable values (`host/revocable.rs`) under a key that
//! the proxy object, the delegate's target, holds; the [`Callback`] inside the `FnDelegate`
//! that `from_fn` returns holds the same key. Dropping that callback revokes the key: C#
//! invocations from then on throw `ObjectDisposedException`, and the closure (with what it
//! captured: handles to managed objects included, so an event source the closure refers to is
//! not kept alive through it) is dropped at once, or when the last invocation still running it
//! returns. The proxy object has no finalizer: it is collected with its delegate like any
//! small object.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::call::callback::{Callback, Exclusive, FnDelegate};
use crate::call::TypeRef;
use crate::error::{Error, Result};
use crate::host::revocable;
use crate::host::ResultSlot;
use crate::native::{guarded_as, ManagedException, NativeAbi, NativeResult, Voice};
use crate::proxy::{ProxyEntry, ProxyMember, ProxyType};
use crate::value::Reference;

/// Typed closures alive now (made and not yet dropped), for [`Callback::live`].
pub(crate) static LIVE: AtomicUsize = AtomicUsize::new(0);

/// The closure, called with the delegate's arguments as a tuple.
enum Closure<A, R> {
    /// `Fn + Sync`: called directly, concurrently and re-entrantly. Its error is boxed so that
    /// the result of the dynamic call comes back in registers.
    Shared(Box<dyn Fn(A) -> std::result::Result<R, Box<Error>> + Send + Sync>),
    /// `FnMut`: one call at a time (see [`Exclusive`]).
    Exclusive(Exclusive<dyn FnMut(A) -> Result<R> + Send>),
}

/// The closure of a delegate on a typed Rust closure, which the generated thunk of the
/// delegate type's `Invoke` calls with the arguments as a tuple `A` ([`DelegateFn::call`]).
/// Counted in [`Callback::live`] while it exists.
pub struct DelegateFn<A: 'static, R: 'static> {
    closure: Closure<A, R>,
}

impl<A: 'static, R: 'static> DelegateFn<A, R> {
    /// An `Fn + Sync` closure: C# invocations on several threads run it concurrently.
    pub fn shared(f: impl Fn(A) -> Result<R> + Send + Sync + 'static) -> DelegateFn<A, R> {
        Self::of(Closure::Shared(Box::new(move |args| f(args).map_err(Box::new))))
    }

    /// An `FnMut` closure: invocations run one at a time; one from inside the closure, on the
    /// same thread, throws `InvalidOperationException` in C# (as for any delegate on a Rust
    /// closure, `Callback::new_mut`).
    pub fn exclusive(f: impl FnMut(A) -> Result<R> + Send + 'static) -> DelegateFn<A, R> {
        Self::of(Closure::Exclusive(Exclusive::new(Box::new(f))))
    }

    fn of(closure: Closure<A, R>) -> DelegateFn<A, R> {
        LIVE.fetch_add(1, Ordering::Relaxed);
        DelegateFn { closure }
    }

    /// Runs the closure with `args`: its `Err` becomes the exception C# gets from any delegate
    /// on a Rust closure (`InvalidOperationException`, whose message carries the error).
    ///
    /// A panic unwinds out of here: [`typed_call`]'s guard catches it (no `catch_unwind` of
    /// its own here, whose result would cross memory in a way that stalls the call).
    #[inline]
    pub fn call(&self, args: A) -> NativeResult<R> {
        let ran = match &self.closure {
            Closure::Shared(f) => f(args),
            Closure::Exclusive(f) => f.run(|f| f(args)).map_err(Box::new),
        };
        ran.map_err(|e| failed(*e))
    }
}

impl<A: 'static, R: 'static> Drop for DelegateFn<A, R> {
    fn drop(&mut self) {
        LIVE.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cold]
#[inline(never)]
fn failed(e: Error) -> ManagedException {
    invalid(format!("the Rust closure behind this delegate failed: {e}"))
}

#[cold]
#[inline(never)]
fn invalid(message: String) -> ManagedException {
    ManagedException::named("System.InvalidOperationException", message)
}

#[cold]
#[inline(never)]
fn disposed() -> ManagedException {
    ManagedException::named(
        "System.ObjectDisposedException",
        "the Rust closure behind this delegate was dropped",
    )
}

/// The body of a typed delegate's thunk (the generated `__invoke` of a delegate type, which its
/// proxy's `Invoke` calls with the key its proxy object holds): runs `body` with the
/// [`DelegateFn`] behind `key` through the natives' guard, writes its result to `out` and
/// returns 1, or makes its failure the pending exception and returns 0 (which the CoreCLR
/// forwarder throws; Mono throws a pending exception itself when the internal call returns). A
/// key whose closure was dropped (or a forged one) throws `ObjectDisposedException`; a panic
/// `InvalidOperationException`, as for any delegate on a Rust closure.
#[inline(always)]
pub fn typed_call<A: 'static, R: 'static, O: NativeAbi>(
    member: &'static str,
    key: i64,
    out: ResultSlot<O>,
    body: impl FnOnce(&DelegateFn<A, R>) -> NativeResult<O>,
) -> i32 {
    let done = guarded_as(
        member,
        || match revocable::with(key, body) {
            Some(result) => result.map(|r| {
                out.write(r);
                1u8
            }),
            None => Err(disposed()),
        },
        crate::host::proxy::set_pending_exception,
        &CLOSURE,
    );
    i32::from(done)
}

/// What a delegate on a Rust closure throws instead of running it, on either path.
const CLOSURE: Voice = Voice {
    entry: |_| "the Rust closure behind this delegate".into(),
    panicked: |_, _| invalid("the Rust closure behind this delegate panicked".into()),
};

/// True when delegates on typed closures take this module's path: false in a client of a
/// remote runtime, whose delegates the server makes (`Callback::new`).
pub fn typed_delegates() -> bool {
    !crate::remote::connected()
}

/// A delegate of `D` (the delegate type `delegate` binds, whose `Invoke` takes parameters of
/// the .NET types `params`) running `f` through `entry`, the generated thunk of `D`'s `Invoke`.
/// The thunk's form is `(key, values…, result slot) -> i32`: the closure's key in the table of
/// revocable closures, `Invoke`'s arguments as native values, where its result goes, and 1
/// when the closure ran, 0 when it failed (the failure is thrown in C#: see [`typed_call`]).
///
/// # Errors
/// When the proxy class cannot be built (the loaded `Invoke` is not the signature `entry` was
/// made for) or the delegate cannot be made.
pub fn typed_delegate<D: Reference, A: Send + 'static, R: 'static>(
    delegate: &'static TypeRef,
    params: &'static [&'static str],
    entry: ProxyEntry,
    f: DelegateFn<A, R>,
) -> Result<FnDelegate<D>> {
    let ty = ProxyType::of::<DelegateFn<A, R>>(delegate, || {
        vec![ProxyMember::Implement {
            owner: delegate,
            name: "Invoke",
            params,
            entry,
        }]
    })?;
    let key = revocable::insert(f)?;
    let object = match ty.delegate_with_key(key) {
        Ok(object) => object,
        Err(e) => {
            revocable::revoke(key);
            return Err(e);
        }
    };
    // The callback owns the key from here: dropping it revokes the closure.
    FnDelegate::of(Callback::typed(object, key))
}
