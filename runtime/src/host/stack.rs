//! The stack check at every entry from C# into Rust (natives, Rust implementations of .NET
//! members, callbacks): with less than [`MARGIN`] bytes of the thread's stack left, the entry
//! throws `System.InsufficientExecutionStackException` in C# instead of running Rust code.
//!
//! # Why
//!
//! C# → Rust → C# recursion grows one stack through managed and native frames. Mono turns an
//! overflow in managed code into a `StackOverflowException`, but an overflow in native code
//! (Rust's frames, or Mono's own C code running for Rust: the JIT, `mono_runtime_invoke`) is
//! "Stack overflow in unmanaged" and the end of the process. Checking the remaining stack
//! where C# enters Rust bounds the Rust side: each entry either has room for the Rust frames
//! of one level (and for what they call until the next entry), or refuses with an exception
//! that unwinds the recursion like any other. Measured on a 2 MiB thread (the size of Rust's
//! test threads) by `managed-tests/tests/stack_depth.rs`: see that test's output.
//!
//! A Rust stack overflow *inside* one native body (Rust recursing on its own) is not crossing
//! anything and stays what it is in any Rust program: an abort.
//!
//! # Cost
//!
//! One thread-local load and a compare per entry: the limit is computed once per thread
//! (`pthread_getattr_np`), on its first entry.

use std::cell::Cell;

/// Stack kept free below an entry that is let in: the Rust frames of one level of recursion
/// (several KiB in a debug build) and what they call before the next entry (shims, Mono's
/// `runtime_invoke`, a method's first compilation by the JIT), plus Mono's own guard area at
/// the end of the stack (its stack-overflow pages, 36 KiB on amd64, and the thread's guard
/// page), which native code must never touch.
pub(crate) const MARGIN: usize = 256 * 1024;

/// Unknown yet for this thread.
const UNKNOWN: usize = usize::MAX;

thread_local! {
    /// The lowest stack address an entry may start from (the stack's end plus [`MARGIN`]);
    /// 0 when the bounds cannot be read (no check then).
    static LIMIT: Cell<usize> = const { Cell::new(UNKNOWN) };
}

/// Whether less than [`MARGIN`] bytes of the current thread's stack are left (the stack grows
/// down on every platform Mono runs cilbind on).
#[inline(always)]
pub(crate) fn is_low() -> bool {
    // The address of a local stands for the stack pointer; left uninitialised, it costs no
    // store.
    let here = std::mem::MaybeUninit::<u8>::uninit();
    let sp = here.as_ptr() as usize;
    sp < LIMIT.with(Cell::get) && slow(sp)
}

/// The first entry on this thread (the limit is unknown), or a stack that is really low.
#[cold]
#[inline(never)]
fn slow(sp: usize) -> bool {
    let mut limit = LIMIT.with(Cell::get);
    if limit == UNKNOWN {
        limit = bounds().map_or(0, |(low, _)| low.saturating_add(MARGIN));
        LIMIT.with(|l| l.set(limit));
    }
    sp < limit
}

/// The message of the exception thrown instead of entering `what` (`the native Ns.T::M(int)`).
pub(crate) fn refusal(what: &str) -> String {
    let here = 0u8;
    let sp = &here as *const u8 as usize;
    let usage = match bounds() {
        Some((low, size)) => format!(
            "{} KiB of this thread's {} KiB",
            sp.saturating_sub(low) / 1024,
            size / 1024
        ),
        None => "too little of this thread's stack".to_owned(),
    };
    format!(
        "{what} was not entered: {usage} are left, and Rust code needs {} KiB to run without overflowing \
         (recursion through C# and Rust this deep; a thread with a larger stack goes deeper)",
        MARGIN / 1024
    )
}

/// The current thread's stack: its lowest address and its size.
fn bounds() -> Option<(usize, usize)> {
    // SAFETY: `attr` is initialised by pthread_getattr_np before it is read, and destroyed
    // once; pthread_attr_getstack writes the two out-parameters, which are valid locals.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let ok = libc::pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        libc::pthread_attr_destroy(&mut attr);
        (ok && !addr.is_null()).then_some((addr as usize, size))
    }
}
