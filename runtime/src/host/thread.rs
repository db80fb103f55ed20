//! Automatic attachment of calling threads.
//!
//! A thread that calls managed code without being attached crashes the process (SIGSEGV in preemptive mode, an abort in hybrid mode),
//! and delegate pointers auto-attach only partially. Every entry point into Mono goes through
//! [`crate::Runtime::get`], which attaches the current thread once; the flag is thread-local so
//! the check costs a TLS read.

use std::cell::Cell;

use super::ffi;

thread_local! {
    static ATTACHED: Cell<bool> = const { Cell::new(false) };
}

/// Attaches the current thread to `domain` unless it is attached already.
#[inline]
pub(crate) fn ensure_attached(domain: *mut ffi::MonoDomain) {
    if !ATTACHED.with(Cell::get) {
        // SAFETY: `domain` is the live root domain; attaching an attached thread is harmless.
        unsafe { ffi::mono_thread_attach(domain) };
        mark_attached();
    }
}

/// Records that the current thread is attached (the thread that ran `mono_jit_init` is).
pub(crate) fn mark_attached() {
    ATTACHED.with(|a| a.set(true));
}

/// True when the current thread is attached.
#[inline]
pub(crate) fn is_attached() -> bool {
    ATTACHED.with(Cell::get)
}

/// Attaches the current thread if needed, starting the runtime if it never ran. Every host
/// function that can allocate, JIT, take Mono's locks or touch GC state calls this first.
#[inline]
pub(crate) fn ensure() {
    if !is_attached() {
        let _ = super::Runtime::get();
    }
}
