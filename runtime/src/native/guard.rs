//! The one function every C#→Rust thunk body runs through: a panic or an `Err` becomes a
//! pending managed exception, never an unwind into managed frames.

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::exception::{ManagedException, NativeResult};
use crate::host::native::set_pending_exception;
use crate::host::{stack, Class, RawRet, Runtime};
use crate::value::Blittable;

/// A native-ABI result an internal call returns to Mono, with the value returned along with a
/// pending exception (Mono ignores it: the exception is thrown instead). Sealed.
pub trait NativeAbi: sealed::Sealed + Sized {
    /// The value returned when the body failed: zero, or null.
    fn failed() -> Self;
}

mod sealed {
    pub trait Sealed {}
    impl<V: crate::Blittable> Sealed for V {}
    impl Sealed for crate::host::RawRet {}
    impl Sealed for () {}
}

impl<V: Blittable> NativeAbi for V {
    #[inline]
    fn failed() -> V {
        crate::value::zeroed()
    }
}

impl NativeAbi for RawRet {
    #[inline]
    fn failed() -> RawRet {
        RawRet::NULL
    }
}

impl NativeAbi for () {
    #[inline]
    fn failed() {}
}

/// Runs a native's body for the thunk of the internal call `method` (its signature-qualified
/// name, for messages). `Ok` is returned to Mono as is; an `Err` becomes a pending managed
/// exception of its type, and a panic a `Cilbind.RustPanicException` with the panic's message
/// and `method`; then a zero/null value is returned, which Mono discards while it throws the
/// exception at the C# call site (`mono_runtime_set_pending_exception`, mono/metadata/object.h).
///
/// Nothing is allocated on the success path: `catch_unwind` costs nothing until a panic.
///
/// The unwinding boundary returns the ABI value itself, and an `Err` leaves through a local:
/// `catch_unwind` moves its closure's result through memory, and a `NativeResult<i32>` written
/// as 4 bytes and read back as 8 cost a failed store-to-load forward (about 3 ns, a third of an
/// interface call into Rust, seen with `perf annotate` on benches/incoming.rs).
///
/// Before the body, the stack: with too little of the thread's stack left for Rust code to run
/// safely (deep C# → Rust → C# recursion), the body does not run and
/// `System.InsufficientExecutionStackException` is thrown at the call site instead (see
/// `host/mono/stack.rs`): an exception that unwinds the recursion, where running on would end the
/// process ("Stack overflow in unmanaged"). One thread-local load and a compare.
#[inline(always)]
pub fn native_call<R: NativeAbi>(method: &'static str, body: impl FnOnce() -> NativeResult<R>) -> R {
    guarded(method, body, set_pending_exception)
}

/// [`native_call`] whose failures are handed to `set` (the exception's class and message)
/// instead of the natives' pending exception: a proxy's way (`host/proxy.rs`).
#[inline(always)]
pub(crate) fn guarded<R: NativeAbi>(
    method: &'static str,
    body: impl FnOnce() -> NativeResult<R>,
    set: fn(Class, &str),
) -> R {
    guarded_as(method, body, set, &NATIVE)
}

/// How a guarded entry names itself in the exceptions it throws instead of running.
pub(crate) struct Voice {
    /// What the stack check says was not entered, for the entry `method`.
    pub(crate) entry: fn(&str) -> String,
    /// The exception a panic becomes (the panic's message, the entry `method`).
    pub(crate) panicked: fn(&str, &str) -> ManagedException,
}

/// A native's (and a proxy member's): a panic is a `Cilbind.RustPanicException` with the
/// panic's message and the method.
const NATIVE: Voice = Voice {
    entry: |method| format!("the native {method}"),
    panicked: |text, method| ManagedException::panic(format!("{text} (in native {method})")),
};

/// [`guarded`] speaking with `voice` (a delegate on a Rust closure throws what every delegate on
/// a Rust closure throws).
#[inline(always)]
pub(crate) fn guarded_as<R: NativeAbi>(
    method: &'static str,
    body: impl FnOnce() -> NativeResult<R>,
    set: fn(Class, &str),
    voice: &'static Voice,
) -> R {
    if stack::is_low() {
        too_deep(method, set, voice);
        return R::failed();
    }
    let mut failure: Option<ManagedException> = None;
    let outcome = catch_unwind(AssertUnwindSafe(|| match body() {
        Ok(value) => value,
        Err(exception) => {
            failure = Some(exception);
            R::failed()
        }
    }));
    match outcome {
        Ok(value) => match failure {
            None => value,
            Some(exception) => {
                raise(&exception, method, set);
                R::failed()
            }
        },
        Err(payload) => {
            raise_panic(payload, method, set, voice);
            R::failed()
        }
    }
}

/// Makes `exception` the thread's pending exception.
#[cold]
#[inline(never)]
fn raise(exception: &ManagedException, method: &str, set_pending_exception: fn(Class, &str)) {
    // A panic here (a Mono call failing in a way nobody expects) must not unwind either.
    let _ = catch_unwind(AssertUnwindSafe(|| match exception.class() {
        Ok(class) => set_pending_exception(class, exception.message()),
        Err(error) => {
            if let Ok(class) = Runtime::get().and_then(|rt| rt.corlib().class("System", "InvalidOperationException")) {
                let message = format!(
                    "native {method} failed with {exception}, but that exception type cannot be thrown: {error}"
                );
                set_pending_exception(class, &message);
            }
        }
    }));
}

/// Turns a panic's payload into the pending exception `voice` makes of it.
#[cold]
#[inline(never)]
fn raise_panic(payload: Box<dyn Any + Send>, method: &str, set: fn(Class, &str), voice: &Voice) {
    let text = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "Box<dyn Any>".to_owned());
    // The payload may panic when dropped: drop it where that cannot unwind into Mono.
    let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
    raise(&(voice.panicked)(&text, method), method, set);
}

/// Makes `System.InsufficientExecutionStackException` the thread's pending exception: the
/// native `method` was not run, for lack of stack.
#[cold]
#[inline(never)]
fn too_deep(method: &str, set: fn(Class, &str), voice: &Voice) {
    let text = stack::refusal(&(voice.entry)(method));
    raise(
        &ManagedException::named("System.InsufficientExecutionStackException", text),
        method,
        set,
    );
}
