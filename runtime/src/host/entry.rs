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

/// The entry points of one method, both of the same native signature.
#[derive(Clone, Copy)]
pub(crate) struct EntryPoints {
    /// Takes any arguments the signature allows: where the backend's entries test classes
    /// (CoreCLR), it tests every object argument's, `this`'s too.
    pub(crate) checked: *const c_void,
    /// For a call whose `this` the caller proved an instance of the method's class before the
    /// call (a `This` whose wrapper proved that type): on CoreCLR an entry that does not test
    /// the class of `this` (every other argument's it does), asked for with `this_proved`;
    /// otherwise `checked` itself (Mono's thunks test nothing).
    pub(crate) this_proved: *const c_void,
}

impl EntryPoints {
    /// One entry point for every call.
    fn single(entry: *const c_void) -> EntryPoints {
        EntryPoints {
            checked: entry,
            this_proved: entry,
        }
    }
}

/// The entry points of `method` itself (no trampoline); with `this_proved`, the one for a proved
/// receiver too (see [`EntryPoints`]).
pub(crate) fn unmanaged_thunk(method: Method, this_proved: bool) -> Result<EntryPoints> {
    on_backend!(
        mono => mono::entry::unmanaged_thunk(method.into()).map(EntryPoints::single),
        coreclr => coreclr::entry(method, 0, 0, this_proved),
    )
}

/// The entry points of a pointer trampoline of `method`: `mask` and `spans` say which
/// parameters it takes by pointer or as spans and how it returns (the bits of `abi.rs`);
/// `this_proved` as for [`unmanaged_thunk`].
pub(crate) fn trampoline_entry(method: Method, mask: i64, spans: i64, this_proved: bool) -> Result<EntryPoints> {
    on_backend!(
        mono => mono::entry::build_trampoline(method.into(), mask, spans)
            .and_then(mono::entry::unmanaged_thunk)
            .map(EntryPoints::single),
        coreclr => coreclr::entry(method, mask, spans, this_proved),
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
