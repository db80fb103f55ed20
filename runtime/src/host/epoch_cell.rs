//! A cell valid for one unit epoch: a cache of something that belongs to one unit (a class, a
//! method, a thunk, a boxer), stamped with the epoch of the unit it was resolved in (see
//! `epoch.rs`: each reload starts a new epoch); filled on first use, stale once the epoch ends,
//! then filled again.
//!
//! Reading is one load of a pointer and one compare of the value's epoch with the current one,
//! as cheap as the `OnceLock` it replaces: an empty cell points at an epoch no unit has
//! ([`epoch::NEVER`]), so the read needs no test for null. Values are never freed: a reference
//! handed out while a unit was current stays valid memory for the life of the process (callers
//! may keep `&'static` references to a `static` cell's value), and a value stamped with an old
//! epoch is simply never handed out again. The cost is one value per cell per reload that
//! resolved it again, which BENCHMARKS.md measures over 100 reloads.

use std::sync::atomic::{AtomicPtr, Ordering};

use super::epoch;

/// A value and the epoch of the unit it was resolved in. `repr(C)`: the epoch comes first, so a
/// reader can compare it through a pointer that may be [`EMPTY`]'s.
#[repr(C)]
struct Stamped<T> {
    epoch: u32,
    value: T,
}

/// What an empty cell points at: the epoch of no unit (epochs stay far below it).
static EMPTY: u32 = epoch::NEVER;

/// The pointer of an empty cell, as a `Stamped<T>`: only its epoch is ever read through it.
const fn empty<T>() -> *mut Stamped<T> {
    (&raw const EMPTY).cast_mut().cast()
}

/// A cache valid for one unit epoch (usable in a `static`).
pub(crate) struct EpochCell<T> {
    current: AtomicPtr<Stamped<T>>,
}

// SAFETY: the cell hands out `&T` to any thread, so `T` must be `Sync`; values move into the
// cell from the thread that resolved them, so `T` must be `Send`.
unsafe impl<T: Send + Sync> Sync for EpochCell<T> {}
// SAFETY: as above.
unsafe impl<T: Send + Sync> Send for EpochCell<T> {}

impl<T> EpochCell<T> {
    /// An empty cell.
    pub(crate) const fn new() -> Self {
        EpochCell {
            current: AtomicPtr::new(empty()),
        }
    }

    /// The value resolved in the current unit, if any.
    #[inline]
    pub(crate) fn get(&self) -> Option<&T> {
        self.get_at(epoch::current())
    }

    /// [`EpochCell::get`] given the current epoch, which the caller already read (a call
    /// proved it with its thread check: see `Runtime::enter_call`); never [`epoch::NEVER`].
    #[inline(always)]
    pub(crate) fn get_at(&self, epoch: u32) -> Option<&T> {
        debug_assert_ne!(epoch, epoch::NEVER);
        let p = self.current.load(Ordering::Acquire);
        // SAFETY: `p` is `EMPTY` (a `u32`) or came from `Box::into_raw` in `fill` and is never
        // freed, its contents never written after publication (Acquire pairs with the Release
        // of the compare-exchange that published it); either way its first four bytes are an
        // epoch (`Stamped` is `repr(C)`).
        let stamped_epoch = unsafe { p.cast::<u32>().read() };
        if stamped_epoch != epoch {
            return None;
        }
        // SAFETY: `EMPTY`'s epoch is no unit's, so `p` is a published `Stamped<T>` (as above).
        Some(unsafe { &(*p).value })
    }

    /// [`EpochCell::get_or_try_init`] given the current epoch (see [`EpochCell::get_at`]).
    #[inline(always)]
    pub(crate) fn get_or_try_init_at<E>(&self, epoch: u32, resolve: impl FnOnce() -> Result<T, E>) -> Result<&T, E> {
        match self.get_at(epoch) {
            Some(v) => Ok(v),
            None => self.fill(resolve),
        }
    }

    /// The cached value, or the one `resolve` makes (stored for this unit). When two threads
    /// resolve at once, the first stored value wins and is the one both get.
    #[inline]
    pub(crate) fn get_or_try_init<E>(&self, resolve: impl FnOnce() -> Result<T, E>) -> Result<&T, E> {
        match self.get() {
            Some(v) => Ok(v),
            None => self.fill(resolve),
        }
    }

    /// [`EpochCell::get_or_try_init`] for a resolution that cannot fail.
    #[inline]
    pub(crate) fn get_or_init(&self, resolve: impl FnOnce() -> T) -> &T {
        match self.get_or_try_init(|| Ok::<T, std::convert::Infallible>(resolve())) {
            Ok(v) => v,
            Err(never) => match never {},
        }
    }

    #[cold]
    fn fill<E>(&self, resolve: impl FnOnce() -> Result<T, E>) -> Result<&T, E> {
        let epoch = epoch::current();
        let value = resolve()?;
        let new = Box::into_raw(Box::new(Stamped { epoch, value }));
        let mut seen = self.current.load(Ordering::Acquire);
        loop {
            if seen != empty() {
                // SAFETY: as in `get_at`: not `EMPTY`, so a published pointer, never freed.
                let old = unsafe { &*seen };
                if old.epoch == epoch {
                    // Another thread filled the cell for this unit first.
                    // SAFETY: `new` came from Box::into_raw above and was never published.
                    drop(unsafe { Box::from_raw(new) });
                    return Ok(&old.value);
                }
            }
            match self
                .current
                .compare_exchange(seen, new, Ordering::AcqRel, Ordering::Acquire)
            {
                // SAFETY: `new` is published and never freed (see the module docs).
                Ok(_) => return Ok(unsafe { &(*new).value }),
                Err(now) => seen = now,
            }
        }
    }
}

impl<T> Default for EpochCell<T> {
    fn default() -> Self {
        Self::new()
    }
}
