//! `GC.WaitForPendingFinalizers` that returns when several threads wait at once.
//!
//! # The bug in Mono 6.8
//!
//! `ves_icall_System_GC_WaitForPendingFinalizers` (mono/metadata/gc.c) takes
//! `pending_done_mutex`, sets the one process-wide flag `pending_done = FALSE`, posts
//! `finalizer_sem` (`mono_gc_finalize_notify`) and sleeps on `pending_done_cond` until the flag
//! is TRUE. `finalizer_thread` (same file), after each round of finalizers, finds the semaphore
//! empty, sets `pending_done = TRUE` and calls **`mono_coop_cond_signal`**, which wakes *one*
//! sleeper, then goes back to sleep on `finalizer_sem`. With two or more callers asleep at once,
//! one returns and the others sleep forever while the flag they wait for is already TRUE: a
//! lost wake-up, not a missing finalizer. (A caller can also be knocked back to sleep by a newer
//! caller that resets the flag before the woken one re-takes the mutex; that newer caller's own
//! notification produces one more round, so only the single signal loses waiters.)
//!
//! Why only native threads seemed to hang: when a thread that Mono created exits,
//! `sgen_client_thread_detach_with_lock` (mono/metadata/sgen-mono.c) calls
//! `mono_threads_add_joinable_runtime_thread` (mono/metadata/threads.c), which, for threads
//! with `MonoThreadInfo::runtime_thread` set, queues the thread to be joined and calls
//! `mono_gc_finalize_notify`. Each managed thread that returns from the wait and exits thus
//! makes the finalizer run one more round and signal the next sleeper, so pure C# usually
//! finishes. Threads attached with `mono_thread_attach` have `runtime_thread == FALSE`, so
//! their exit never prods the finalizer — and managed threads that wait for each other before
//! exiting hang exactly like native ones (`tests/finalizer_wait.rs` in managed-tests shows
//! both). No way of attaching fixes it: the single signal is in the finalizer thread.
//!
//! Checked against Debian's `libmonosgen-2.0.so.1` (6.8.0.105): in the hang, the flag is 1
//! and the finalizer thread sits in `sem_wait`; the binary calls `pthread_cond_signal` (not
//! `broadcast`) right after storing 1 to the flag; and every extra `mono_gc_finalize_notify`
//! releases exactly one more waiter.
//!
//! # The fix
//!
//! Users reach `GC.WaitForPendingFinalizers` through generated bindings, `invoke` or managed
//! code, never through a cilbind helper, so the fix replaces the internal call itself, at
//! start-up, before anything can compile a wrapper for it: [`install`] looks up Mono's own
//! implementation (`mono_lookup_internal_call`) and registers [`wait_for_pending_finalizers`]
//! under the same name (`mono_dangerous_add_raw_internal_call`: `mono_lookup_internal_call_full`
//! in mono/metadata/icall.c searches the calls registered this way before its built-in tables,
//! which the tests confirm, and a raw call runs without the GC-safe transition that
//! `mono_add_internal_call` adds in hybrid/coop mode, i.e. in the same GC state as the built-in
//! call, so calling Mono's function from it is exactly what the wrapper would have done). The
//! replacement counts the threads inside Mono's wait; a thread that comes out while others are
//! still inside calls `mono_gc_finalize_notify`, so the finalizer runs another round and wakes
//! the next one, which does the same: the chain Mono's own thread exits provide, made
//! unconditional. Every waiter still returns only after a finalizer round that started after
//! its own request (Mono's flag logic is untouched), and a caller that is the finalizer thread
//! still returns at once inside Mono's code, so nothing here can block it.
//!
//! Cost: two atomic operations per `WaitForPendingFinalizers` call; nothing else changes
//! (thread attachment and the call path are untouched).

use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

use super::ffi;
use super::metadata::Class;

/// The method's internal-call name.
const NAME: &std::ffi::CStr = c"System.GC::WaitForPendingFinalizers";

/// Mono's own implementation (`ves_icall_System_GC_WaitForPendingFinalizers`), set once by
/// [`install`] before the replacement can run.
static ORIGINAL: AtomicPtr<std::ffi::c_void> = AtomicPtr::new(std::ptr::null_mut());

/// Threads currently inside Mono's wait (or about to enter it).
static INSIDE: AtomicUsize = AtomicUsize::new(0);

/// Replaces the internal call `System.GC::WaitForPendingFinalizers`. Called once, by the thread
/// that started Mono, before any managed code of the caller runs.
pub(crate) fn install() -> Result<(), String> {
    // SAFETY: Mono is initialised (called after mono_jit_init); corlib is loaded and never
    // unloaded; the strings are NUL-terminated; mono_class_from_name returns NULL when absent.
    let gc = unsafe { ffi::mono_class_from_name(ffi::mono_get_corlib(), c"System".as_ptr(), c"GC".as_ptr()) };
    let method = Class::from_ptr(gc)
        .ok_or("mscorlib has no System.GC")?
        .method("WaitForPendingFinalizers", &[])
        .map_err(|e| format!("System.GC.WaitForPendingFinalizers: {e}"))?;
    // SAFETY: `method` is a valid method of corlib; the call only reads Mono's icall tables
    // and returns NULL when the method has no internal call.
    let original = unsafe { ffi::mono_lookup_internal_call(method.as_ptr()) };
    if original.is_null() {
        return Err("System.GC.WaitForPendingFinalizers has no internal call to replace".into());
    }
    ORIGINAL.store(original, Ordering::Release);
    let replacement: unsafe extern "C" fn() = wait_for_pending_finalizers;
    // SAFETY: the name is NUL-terminated (Mono copies it); the function has the icall's
    // signature (`void (void)`: a static method without parameters) and never unwinds.
    unsafe { ffi::mono_dangerous_add_raw_internal_call(NAME.as_ptr(), replacement as *const std::ffi::c_void) };
    Ok(())
}

/// The replacement internal call: Mono's wait, plus one more finalizer round for the threads
/// still waiting (see the module documentation).
unsafe extern "C" fn wait_for_pending_finalizers() {
    INSIDE.fetch_add(1, Ordering::SeqCst);
    let original = ORIGINAL.load(Ordering::Acquire);
    // SAFETY: `install` stored Mono's implementation of this very internal call (non-null)
    // before registering this function, and Mono calls us exactly where it would have called
    // it (same thread, same GC state, no arguments).
    let original: unsafe extern "C" fn() = unsafe { std::mem::transmute(original) };
    // SAFETY: as above.
    unsafe { original() };
    if INSIDE.fetch_sub(1, Ordering::SeqCst) > 1 {
        // SAFETY: posts the finalizer's semaphore; Mono documents it as async-signal-safe, so
        // it is safe in any thread state.
        unsafe { ffi::mono_gc_finalize_notify() };
    }
}
