//! The unit epoch, and each thread's record of the epoch it was set up for: the two facts the
//! call path checks, kept here, apart from either backend, so that the path reads the same
//! data whichever runtime runs.
//!
//! Everything cilbind loads lives in one *unit* (on Mono an AppDomain a reload replaces; on
//! CoreCLR, until it reloads, the process's one load context). Caches of what belongs to a
//! unit ([`EpochCell`](super::EpochCell)) are stamped with its epoch and resolved again once
//! it moves on; a thread records the epoch it entered, so that the check on every call is one
//! thread-local read and one compare. The epoch starts at 1 when a runtime starts (0 means
//! "never set up") and only grows.

use std::cell::Cell;
use std::sync::atomic::{AtomicU32, Ordering};

/// The current unit's epoch; bumped by each reload.
static EPOCH: AtomicU32 = AtomicU32::new(0);

/// The current unit's epoch (0 before the runtime started).
#[inline]
pub(crate) fn current() -> u32 {
    EPOCH.load(Ordering::Acquire)
}

/// Moves the epoch on (a unit starts or is retired); returns the new epoch.
pub(crate) fn advance() -> u32 {
    EPOCH.fetch_add(1, Ordering::AcqRel) + 1
}

/// `ENTERED` of a thread never set up: no epoch has this value.
pub(crate) const NEVER: u32 = u32::MAX;
/// `ENTERED` of a thread that left the unit (attached, in no unit).
pub(crate) const LEFT: u32 = u32::MAX - 1;

thread_local! {
    /// The unit epoch this thread was set up for, or [`NEVER`] / [`LEFT`].
    static ENTERED: Cell<u32> = const { Cell::new(NEVER) };
}

/// The epoch the calling thread was set up for ([`NEVER`] or [`LEFT`] when in none).
#[inline]
pub(crate) fn entered() -> u32 {
    ENTERED.with(Cell::get)
}

/// Records that the calling thread is set up for `epoch` (or [`LEFT`]).
pub(crate) fn set_entered(epoch: u32) {
    ENTERED.with(|e| e.set(epoch));
}

/// True when the calling thread is attached and set up for the current unit.
#[inline]
pub(crate) fn thread_is_current() -> bool {
    entered() == current()
}
