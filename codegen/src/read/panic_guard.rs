//! Running dotnetdll so that a panic inside it becomes an error value and prints nothing.
//!
//! `catch_unwind` stops a panic, but by then the panic hook has already written the message
//! to stderr. dotnetdll decodes on rayon's worker threads, so a thread-local flag cannot tell
//! its panics apart. A process-wide counter of guarded calls does: while it is non-zero, the
//! hook installed here records the message for the error instead of printing it. Outside
//! guarded calls it defers to the hook that was installed before (normally the default one).
//!
//! [`crate::read`] runs `cilbind_image_check::check` before dotnetdll sees a file, so such a
//! panic means a corruption the checker does not cover, not a normal case.

use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

/// Number of guarded calls running now, on any thread.
static GUARDED: AtomicUsize = AtomicUsize::new(0);
static INSTALL: Once = Once::new();

fn install_hook() {
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if GUARDED.load(Ordering::SeqCst) == 0 {
                previous(info);
            }
        }));
    });
}

/// Runs `f`. A panic inside it (on this thread or on the worker threads it uses) becomes
/// `Err` with the panic message, and nothing is printed.
pub fn catch_quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    install_hook();
    GUARDED.fetch_add(1, Ordering::SeqCst);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    GUARDED.fetch_sub(1, Ordering::SeqCst);
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message() {
        assert_eq!(catch_quietly(|| 5), Ok(5));
        let err = catch_quietly(|| -> () { panic!("table row {} out of range", 7) }).unwrap_err();
        assert_eq!(err, "table row 7 out of range");
    }
}
