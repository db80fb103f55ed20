//! The one mechanism behind both stores: a table from generation-checked keys to GC handles.
//!
//! Every call that takes an object reads this table, so reads take no lock. A slot is one
//! `AtomicU64` holding `version << 32 | payload`: an odd version marks a live slot whose payload
//! is its GC handle, an even version a vacant slot whose payload links the free list (as in
//! `slotmap`, whose key types the stores keep). Releasing a slot bumps its version, so every
//! key to it, copies included, fails the version compare: [`Error::StaleHandle`], never
//! another object. Writers (insert, remove) serialise on a small spin lock that also guards
//! the free list.
//!
//! Slots live in segments that double in size and are never moved or freed (the stores are
//! process-wide), so a reader can hold a slot reference without a lock and lookups cost the
//! same with 1 or 10⁶ live handles.

use std::marker::PhantomData;
use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

use slotmap::{Key, KeyData};

use crate::error::{Error, Result};
use crate::host::raw::{self, RawObject};

/// Slots in segment 0; segment `s` holds `FIRST_SEGMENT << s`.
const FIRST_SEGMENT: usize = 64;
/// Enough segments for every index below `u32::MAX` (`64 · (2²⁷ − 1) > 2³²`).
const SEGMENTS: usize = 27;
/// End of the free list. Never a valid index: it is slotmap's null key's index.
const NIL: u32 = u32::MAX;

/// Keys → strong GC handles. Thread-safe and growable; lookups are lock-free.
pub(crate) struct HandleStore<K: Key> {
    segments: [OnceLock<Box<[AtomicU64]>>; SEGMENTS],
    writer: WriterLock,
    _key: PhantomData<fn() -> K>,
}

/// The writers' lock and the state it guards.
///
/// A spin lock rather than `std::sync::Mutex`: its critical sections are a few loads and
/// stores, and on this workload's VMs every atomic read-modify-write costs ~6.5 ns. A mutex
/// pays two (lock, and unlock checking for waiters), this lock one (unlocking is a plain
/// store), which is a tenth of boxing an Int32. The guarded fields are atomics only so that no
/// `unsafe` is needed: they are read and written with `Relaxed` while the lock is held.
struct WriterLock {
    locked: AtomicBool,
    /// Head of the list of vacant slots (linked through their payloads), or [`NIL`].
    free: AtomicU32,
    /// Slots handed out so far; index `fresh` is the next never-used slot.
    fresh: AtomicU32,
    /// Live slots.
    live: AtomicUsize,
}

impl WriterLock {
    fn lock(&self) -> WriterGuard<'_> {
        let mut spins = 0u32;
        while self.locked.swap(true, Ordering::Acquire) {
            while self.locked.load(Ordering::Relaxed) {
                // A holder preempted inside its few instructions: let it run.
                spins += 1;
                if spins % 64 == 0 {
                    std::thread::yield_now();
                } else {
                    std::hint::spin_loop();
                }
            }
        }
        WriterGuard(self)
    }
}

/// Holds the writers' lock; releases it when dropped (on unwind too).
struct WriterGuard<'a>(&'a WriterLock);

impl Drop for WriterGuard<'_> {
    fn drop(&mut self) {
        self.0.locked.store(false, Ordering::Release);
    }
}

fn word(version: u32, payload: u32) -> u64 {
    (u64::from(version) << 32) | u64::from(payload)
}

fn version(word: u64) -> u32 {
    (word >> 32) as u32
}

fn payload(word: u64) -> u32 {
    word as u32
}

/// Segment and offset of slot `idx`.
#[inline]
fn locate(idx: u32) -> (usize, usize) {
    let block = idx as usize / FIRST_SEGMENT + 1;
    let segment = block.ilog2() as usize;
    (segment, idx as usize - FIRST_SEGMENT * ((1 << segment) - 1))
}

impl<K: Key> HandleStore<K> {
    pub(crate) const fn new() -> Self {
        HandleStore {
            segments: [const { OnceLock::new() }; SEGMENTS],
            writer: WriterLock {
                locked: AtomicBool::new(false),
                free: AtomicU32::new(NIL),
                fresh: AtomicU32::new(0),
                live: AtomicUsize::new(0),
            },
            _key: PhantomData,
        }
    }

    /// The slot at `idx`, if its segment exists.
    #[inline]
    fn slot(&self, idx: u32) -> Option<&AtomicU64> {
        let (segment, offset) = locate(idx);
        self.segments.get(segment)?.get()?.get(offset)
    }

    /// `key`'s index and version.
    #[inline]
    fn split(key: K) -> (u32, u32) {
        let ffi = key.data().as_ffi();
        (ffi as u32, (ffi >> 32) as u32)
    }

    /// Pins `obj` with a new GC handle and returns its key. `obj` must be non-null.
    pub(crate) fn insert(&self, obj: RawObject) -> K {
        debug_assert!(!obj.is_null());
        let handle = raw::gchandle_new(obj);
        let w = &self.writer;
        let guard = w.lock();
        let free = w.free.load(Ordering::Relaxed);
        let idx = if free != NIL {
            let next = payload(self.slot(free).expect("free slots exist").load(Ordering::Relaxed));
            w.free.store(next, Ordering::Relaxed);
            free
        } else {
            let idx = w.fresh.load(Ordering::Relaxed);
            assert!(idx < NIL, "more than 2³² − 1 live handles");
            let (segment, _) = locate(idx);
            self.segments[segment].get_or_init(|| (0..FIRST_SEGMENT << segment).map(|_| AtomicU64::new(0)).collect());
            w.fresh.store(idx + 1, Ordering::Relaxed);
            idx
        };
        let slot = self.slot(idx).expect("allocated above");
        let live_version = version(slot.load(Ordering::Relaxed)).wrapping_add(1);
        // Release: a reader that gets this key through any synchronised channel sees the slot.
        slot.store(word(live_version, handle), Ordering::Release);
        w.live.store(w.live.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
        drop(guard);
        K::from(KeyData::from_ffi(word(live_version, idx)))
    }

    /// The object behind `key`, for the length of the current call.
    ///
    /// Lock-free, in the manner of a seqlock: read the slot, resolve its GC handle, then read
    /// the slot again. [`remove`](Self::remove) bumps the version *before* freeing the handle,
    /// so if the second read still sees the same word, the handle was live when Mono resolved
    /// it and the object is `key`'s. If a concurrent remove got in between (Mono may then have
    /// resolved a freed or reused handle: it returns null or another object, and never
    /// faults), the result is discarded and the key reported stale, as it now is. Once
    /// returned, the reference sits on this thread's stack, where SGen's conservative scan
    /// keeps it alive and in place for the call even if the key is removed meanwhile.
    #[inline]
    pub(crate) fn target(&self, key: K) -> Result<RawObject> {
        let (idx, key_version) = Self::split(key);
        // `let … else` rather than `ok_or(Error::StaleHandle)`, which builds and drops an
        // Error on every successful lookup.
        let Some(slot) = self.slot(idx) else {
            return Err(Error::StaleHandle);
        };
        let before = slot.load(Ordering::Acquire);
        if version(before) != key_version {
            return Err(Error::StaleHandle);
        }
        let obj = raw::gchandle_target(payload(before));
        // Pairs with the release fence in `remove`: if Mono's read saw the handle freed, the
        // re-read below sees the version bump that preceded the free.
        fence(Ordering::Acquire);
        if slot.load(Ordering::Relaxed) != before {
            return Err(Error::StaleHandle);
        }
        Ok(obj)
    }

    /// A new key (and GC handle) for the object behind `key`.
    pub(crate) fn duplicate(&self, key: K) -> Result<K> {
        let obj = self.target(key)?;
        Ok(self.insert(obj))
    }

    /// Frees `key`'s slot and GC handle.
    pub(crate) fn remove(&self, key: K) -> Result<()> {
        let (idx, key_version) = Self::split(key);
        let w = &self.writer;
        let guard = w.lock();
        let Some(slot) = self.slot(idx) else {
            return Err(Error::StaleHandle);
        };
        let current = slot.load(Ordering::Relaxed);
        if version(current) != key_version {
            return Err(Error::StaleHandle);
        }
        slot.store(
            word(key_version.wrapping_add(1), w.free.load(Ordering::Relaxed)),
            Ordering::Relaxed,
        );
        w.free.store(idx, Ordering::Relaxed);
        w.live.store(w.live.load(Ordering::Relaxed) - 1, Ordering::Relaxed);
        drop(guard);
        // The version bump above is ordered before Mono's writes that free the handle (see
        // `target`).
        fence(Ordering::Release);
        raw::gchandle_free(payload(current));
        Ok(())
    }

    /// True while `key` is live.
    pub(crate) fn contains(&self, key: K) -> bool {
        let (idx, key_version) = Self::split(key);
        self.slot(idx)
            .is_some_and(|s| version(s.load(Ordering::Acquire)) == key_version)
    }

    /// Number of live handles.
    pub(crate) fn len(&self) -> usize {
        let _guard = self.writer.lock();
        self.writer.live.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_tile_the_index_space() {
        assert_eq!(locate(0), (0, 0));
        assert_eq!(locate(63), (0, 63));
        assert_eq!(locate(64), (1, 0));
        assert_eq!(locate(191), (1, 127));
        assert_eq!(locate(192), (2, 0));
        let (segment, offset) = locate(NIL - 1);
        assert!(segment < SEGMENTS && offset < FIRST_SEGMENT << segment);
    }
}
