//! Automatic attachment of calling threads, and moving them into the current unit.
//!
//! A thread that calls managed code without being attached crashes the process (SIGSEGV in
//! preemptive mode, an abort in hybrid mode), and delegate pointers auto-attach only partially.
//! Every entry point into Mono goes through [`crate::Runtime::get`] or [`ensure`], which attach
//! the current thread once. A thread must also run with the current unit's domain as its
//! current domain (`unit.rs`: after a reload the old one is freed), so the thread-local records
//! the unit epoch the thread was set up for: the check is one thread-local read and one
//! compare with the current epoch.

use super::ffi;
use crate::host::epoch::{self, NEVER};
use crate::host::thread::join;

/// Takes the calling thread out of its unit's domain (its current domain becomes the root
/// domain): Mono cannot unload a domain that a live thread has as its current domain
/// (unloading walks the threads and crashed, SIGSEGV in its JIT-info lookup, when a thread
/// parked in Rust still had the domain current). `host/thread.rs` keeps the record of who is
/// in a unit; the caller is in one.
pub(crate) fn leave() {
    // SAFETY: the thread is attached (it entered a unit); the root domain lives as long as
    // the process.
    unsafe { ffi::mono_domain_set(ffi::mono_get_root_domain(), 1) };
}

/// Attaches the current thread to `domain` (the current unit's) unless it is attached already,
/// and makes `domain` its current domain if it was set up for an older unit.
#[inline]
pub(crate) fn ensure_attached(domain: *mut ffi::MonoDomain) {
    let seen = epoch::entered();
    let epoch = epoch::current();
    // No current unit: a reload is between unloading the old unit and starting the new one,
    // and a finalizer of the old unit called into Rust. Nothing to enter.
    if seen != epoch && !domain.is_null() {
        if seen == NEVER {
            // SAFETY: reads the calling thread's current domain: NULL on a thread Mono never
            // attached.
            let current = unsafe { ffi::mono_domain_get() };
            if super::is_guest() && current == domain {
                // A thread of the host (cilbind is a guest in its Mono) that runs in the
                // adopted domain: set up as it is, so its next calls take the fast path. Not
                // counted as in the unit: where it runs is the host's business, and Mono
                // aborts it out of a domain the host unloads (see `mark_adopted`).
                epoch::set_entered(epoch);
                return;
            }
            if !current.is_null() {
                // Attached by Mono itself (its finalizer thread, which calls in through
                // proxies' finalizers) or a thread managed code started: its current domain
                // is Mono's business. The finalizer thread sets the domain of each object it
                // finalizes and goes back to its own, which must not be a unit that a reload
                // unloads later.
                return;
            }
            // Attached to the root domain, then moved into the unit: attaching pushes a
            // reference to the attach domain on the thread (`mono_thread_push_appdomain_ref`
            // in Mono's thread attach), and unloading a domain waits for every thread holding
            // such a reference to be aborted out of it, which a thread parked in Rust never
            // is: the unload would hang.
            // SAFETY: the root domain lives as long as the process and the thread is not
            // attached.
            unsafe { ffi::mono_thread_attach(ffi::mono_get_root_domain()) };
        }
        // SAFETY: `domain` is the live current unit; `force = 1` enters it even while the
        // thread's previous domain is gone. Setting the current domain pushes no reference.
        unsafe { ffi::mono_domain_set(domain, 1) };
        epoch::set_entered(epoch);
        join(epoch);
    }
}

/// Records that the current thread, a thread of the host's running in the domain cilbind
/// adopts, is set up for the current unit, without counting it as in the unit: what counts
/// are the threads cilbind itself moved into the unit's domain (`ensure_attached`), which a
/// host's unload of the domain must find gone (`guest::host_unloads_domain`).
pub(crate) fn mark_adopted() {
    epoch::set_entered(epoch::current());
}

/// Records that the current thread is attached and set up for the current unit (the thread
/// that starts a unit is).
pub(crate) fn mark_attached() {
    let epoch = epoch::current();
    epoch::set_entered(epoch);
    join(epoch);
}

/// True when the current thread is attached and runs in the current unit.
#[inline]
pub(crate) fn is_attached() -> bool {
    epoch::entered() == epoch::current()
}

/// Attaches the current thread if needed (and moves it into the current unit), starting the
/// runtime if it never ran. Every host function that can allocate, JIT, take Mono's locks or
/// touch GC state calls this first.
#[inline]
pub(crate) fn ensure() {
    if !is_attached() {
        let _ = super::Runtime::get();
    }
}
