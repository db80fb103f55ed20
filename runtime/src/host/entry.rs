//! Resolving a method to the native entry point the raw-call shim calls, and the reflective
//! path that calls a method with its arguments in an `object[]`.
//!
//! Both backends hand out the same shape, `extern "C" fn(args…, *mut ExceptionSlot) -> R`
//! under the rules `signature.rs` describes: Mono's unmanaged thunk of the method (or of a
//! pointer trampoline the C# helper emitted), and on CoreCLR a wrapper the helper emits per
//! method that resolves slot words, catches every exception and hands it back (an exception
//! escaping into native code would abort the process there).

use std::ffi::c_void;

use super::backend::on_backend;
use super::{coreclr, mono, Method, ObjectRef};
use crate::error::Result;

/// True when the backend's entry points refuse an object of another class than the one a
/// parameter passed as a plain object reference declares, failing the call with
/// [`Error::InvalidArgument`](crate::Error) as the caller's check would: CoreCLR's emitted
/// entries test the class as they cast each argument (which they must do anyway). Mono's
/// unmanaged thunks trust their arguments, so there the caller checks.
pub(crate) fn checks_argument_classes() -> bool {
    on_backend!(mono => false, coreclr => true)
}

/// The entry point of `method` itself (no trampoline).
pub(crate) fn unmanaged_thunk(method: Method) -> Result<*const c_void> {
    on_backend!(
        mono => mono::entry::unmanaged_thunk(method.into()),
        coreclr => coreclr::entry(method, 0, 0),
    )
}

/// The entry point of a pointer trampoline of `method`: `mask` and `spans` say which
/// parameters it takes by pointer or as spans and how it returns (the bits of `abi.rs`).
pub(crate) fn trampoline_entry(method: Method, mask: i64, spans: i64) -> Result<*const c_void> {
    on_backend!(
        mono => mono::entry::build_trampoline(method.into(), mask, spans)
            .and_then(mono::entry::unmanaged_thunk),
        coreclr => coreclr::entry(method, mask, spans),
    )
}

/// A static method that runs `method` through a pointer trampoline (`mask`, `spans`), for the
/// reflective path: a constructor as a method that returns the new object.
pub(crate) fn build_trampoline(method: Method, mask: i64, spans: i64) -> Result<Method> {
    on_backend!(
        mono => mono::entry::build_trampoline(method.into(), mask, spans).map(Method::from),
        coreclr => coreclr::types::trampoline(method, mask, spans),
    )
}

/// Calls `method` reflectively on `this` (virtually, for a virtual method) with the arguments
/// in `args`, an `object[]` (value types boxed, `ref` arguments written back into it); its
/// result boxed, or the thrown exception as the error.
pub(crate) fn invoke_array(method: Method, this: Option<ObjectRef>, args: ObjectRef) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::entry::invoke_array(method.into(), this.map(Into::into), args.into())
            .map(ObjectRef::from)
            .map_err(mono::exception::to_error),
        coreclr => coreclr::heap::invoke(method, this.unwrap_or(ObjectRef::NULL), args),
    )
}

/// The address inside a boxed `System.Reflection.Pointer` or `IntPtr` that a reflective call
/// returned for an unmanaged pointer result (0 for null).
pub(crate) fn pointer_address(result: ObjectRef) -> Result<usize> {
    on_backend!(
        mono => mono::entry::pointer_address(result.into()),
        coreclr => coreclr::heap::pointer_address(result),
    )
}
