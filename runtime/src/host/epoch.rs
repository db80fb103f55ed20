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

/// Set in [`GATE`] while a recording runs.
const RECORDING: u32 = 1 << 31;

/// What a thread's `ENTERED` must equal for a call to take the fast path: the current epoch,
/// with [`RECORDING`] set while a recording runs, a bit no thread's `ENTERED` ever has (epochs
/// stay far below it; [`NEVER`] and [`LEFT`] are never a gate either). So one thread-local read
/// and one compare prove three facts on each call: the thread is attached, it is set up for
/// the current unit, and no recording runs (while one does, every call takes the slow path,
/// where it is recorded).
static GATE: AtomicU32 = AtomicU32::new(0);

/// The current unit's epoch (0 before the runtime started).
#[inline]
pub(crate) fn current() -> u32 {
    EPOCH.load(Ordering::Acquire)
}

/// Moves the epoch on (a unit starts or is retired); returns the new epoch.
pub(crate) fn advance() -> u32 {
    let new = EPOCH.fetch_add(1, Ordering::AcqRel) + 1;
    // After the epoch: a thread that passes the new gate sees the new epoch too.
    let _ = GATE.fetch_update(Ordering::AcqRel, Ordering::Acquire, |g| Some((g & RECORDING) | new));
    new
}

/// The value a thread's entered epoch must equal for the fast path (see [`GATE`]).
#[inline(always)]
pub(crate) fn gate() -> u32 {
    GATE.load(Ordering::Acquire)
}

/// Turns the recorder's switch on or off (see [`GATE`]).
pub(crate) fn set_recording(on: bool) {
    let _ = GATE.fetch_update(Ordering::AcqRel, Ordering::Acquire, |g| {
        Some(if on { g | RECORDING } else { g & !RECORDING })
    });
}

/// True while a recording runs. Relaxed: a call that sees it late (or early) is simply in the
/// log or not; what is written is ordered by the recorder's sink.
#[inline(always)]
pub(crate) fn recording() -> bool {
    GATE.load(Ordering::Relaxed) & RECORDING != 0
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

/// True when a call on the calling thread may take the fast path (see [`GATE`]).
#[inline(always)]
pub(crate) fn fast_path_open() -> bool {
    entered() == gate()
}
