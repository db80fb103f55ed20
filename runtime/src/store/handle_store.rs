//! The one mechanism behind both stores: generation-checked keys to objects held in managed
//! slot arrays.
//!
//! Every call that takes an object reads this table, so reads take no lock. A store slot has
//! two halves with the same index. The native half is one `AtomicU64` holding
//! `version << 32 | payload`: an odd version marks a live slot, an even version a vacant slot
//! whose payload links the free list (as in `slotmap`, whose key types the stores keep, and
//! whose keys always carry an odd version, so no key names a vacant slot). The
//! managed half is an element of a pinned `object[]` (`host/mono/slots.rs`) holding the object
//! itself, so the collector traces it and updates it when the object moves, and reading it is
//! one load. Releasing a slot bumps its version, so every key to it, copies included, fails
//! the version compare: [`Error::StaleHandle`], never another object. Writers (insert, remove)
//! serialise on a small spin lock that also guards the free list.
//!
//! Slots live in segments that double in size and are never moved or freed (the stores are
//! process-wide; a reload only gives each segment a new managed array), so a reader can hold a
//! slot reference without a lock and lookups cost the same with 1 or 10⁶ live handles.

use std::marker::PhantomData;
use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

use slotmap::{Key, KeyData};

use crate::error::{Error, Result};
use crate::host::slots::ManagedSegment;
use crate::host::ObjectRef;

/// Slots in segment 0; segment `s` holds `FIRST_SEGMENT << s`. 1024 references make an array
/// of 8 KiB and more, which SGen allocates in its large-object space (objects over 8000
/// bytes, `SGEN_MAX_SMALL_OBJ_SIZE`), so no segment sits pinned in the nursery.
const FIRST_SEGMENT: usize = 1024;
/// Enough segments for every index below `u32::MAX` (`1024 · (2²³ − 1) > 2³²`).
const SEGMENTS: usize = 23;
/// End of the free list. Never a valid index: it is slotmap's null key's index.
const NIL: u32 = u32::MAX;

/// A store that a reload empties, then gives new slot arrays in the new unit.
trait Invalidate: Send + Sync {
    fn invalidate_all(&self) -> usize;
    fn renew_all(&self);
}

impl<K: Key> Invalidate for HandleStore<K> {
    fn invalidate_all(&self) -> usize {
        HandleStore::invalidate_all(self)
    }

    fn renew_all(&self) {
        let _guard = self.writer.lock();
        for segment in self.segments.iter().filter_map(OnceLock::get) {
            segment.objects.renew();
        }
    }
}

/// Every store that has slots (registered when it makes its first segment).
static STORES: std::sync::Mutex<Vec<&'static dyn Invalidate>> = std::sync::Mutex::new(Vec::new());

/// Empties every slot of every store, making every key stale (a reload's first step: the
/// objects belong to the unit about to be unloaded, see `host/mono/unit.rs`). Returns how many
/// handles were live.
pub(crate) fn invalidate_every_store() -> usize {
    let stores = STORES.lock().unwrap_or_else(|p| p.into_inner()).clone();
    stores.iter().map(|s| s.invalidate_all()).sum()
}

/// Gives every store new (empty) slot arrays in the current unit (a reload's step once the new
/// unit has started: the arrays live in the unit, see `host/mono/slots.rs`).
pub(crate) fn renew_every_store() {
    let stores = STORES.lock().unwrap_or_else(|p| p.into_inner()).clone();
    for store in stores {
        store.renew_all();
    }
}

/// Keys → objects in managed slots. Thread-safe and growable; lookups are lock-free.
pub(crate) struct HandleStore<K: Key> {
    segments: [OnceLock<Segment>; SEGMENTS],
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

/// One segment: the versions and the managed references of the same slots.
struct Segment {
    /// Never freed: the managed half's backend may read them (see `ManagedSegment::new`).
    versions: &'static [AtomicU64],
    objects: ManagedSegment,
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

    /// The slot at `idx` (its version word, its segment and offset), if its segment exists.
    #[inline]
    fn slot(&self, idx: u32) -> Option<(&AtomicU64, &ManagedSegment, usize)> {
        let (segment, offset) = locate(idx);
        let segment = self.segments.get(segment)?.get()?;
        Some((segment.versions.get(offset)?, &segment.objects, offset))
    }

    /// `key`'s index and version.
    #[inline]
    fn split(key: K) -> (u32, u32) {
        let ffi = key.data().as_ffi();
        (ffi as u32, (ffi >> 32) as u32)
    }

    /// Stores `obj` (non-null) in a new slot and returns its key. An `obj` loaded through a
    /// key released since is [`Error::StaleHandle`]; no segment for the slot (out of memory,
    /// or 2³² − 1 slots of one store live) is the runtime's error.
    pub(crate) fn insert(&'static self, obj: ObjectRef) -> Result<K> {
        debug_assert!(!obj.is_null());
        self.insert_with(|objects, offset| objects.store(offset, obj))
    }

    /// Reserves a slot, lets `fill` put the object in its managed half (a call into managed
    /// code that allocates it there, or a store), then publishes the key. If `fill` fails the
    /// slot goes back to the free list and nothing is published.
    #[inline]
    pub(crate) fn insert_with(&'static self, fill: impl FnOnce(&ManagedSegment, usize) -> Result<()>) -> Result<K> {
        let idx = self.reserve()?;
        let (slot, objects, offset) = self.slot(idx).expect("reserved slots exist");
        if let Err(e) = fill(objects, offset) {
            objects.clear(offset);
            let _guard = self.writer.lock();
            // Never published: the version stays the vacant one it had.
            self.release(idx, slot, version(slot.load(Ordering::Relaxed)));
            return Err(e);
        }
        let live_version = version(slot.load(Ordering::Relaxed)).wrapping_add(1);
        // Release: a reader that gets this key through any synchronised channel sees the
        // object stored above (and the version).
        slot.store(word(live_version, idx), Ordering::Release);
        Ok(K::from(KeyData::from_ffi(word(live_version, idx))))
    }

    /// Takes a vacant slot off the free list (or a fresh one), counted live; its version stays
    /// even (vacant) until `insert_with` publishes it, so no key reaches it meanwhile.
    fn reserve(&'static self) -> Result<u32> {
        let w = &self.writer;
        let _guard = w.lock();
        let free = w.free.load(Ordering::Relaxed);
        let idx = if free != NIL {
            let (slot, _, _) = self.slot(free).expect("free slots exist");
            w.free.store(payload(slot.load(Ordering::Relaxed)), Ordering::Relaxed);
            free
        } else {
            let idx = w.fresh.load(Ordering::Relaxed);
            if idx == NIL {
                return Err(Error::Unsupported("more than 2³² − 1 live handles in one store".into()));
            }
            let (segment, _) = locate(idx);
            if self.segments[segment].get().is_none() {
                let len = FIRST_SEGMENT << segment;
                // Leaked: segments are never freed (the stores are statics).
                let versions: &'static [AtomicU64] = Box::leak((0..len).map(|_| AtomicU64::new(0)).collect());
                let objects = ManagedSegment::new(len, versions)?;
                // Only writers create segments, under the lock: this cannot race.
                let _ = self.segments[segment].set(Segment { versions, objects });
                if segment == 0 {
                    // The store has slots now: a reload must be able to empty them.
                    STORES.lock().unwrap_or_else(|p| p.into_inner()).push(self);
                }
            }
            w.fresh.store(idx + 1, Ordering::Relaxed);
            idx
        };
        w.live.store(w.live.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
        Ok(idx)
    }

    /// Puts slot `idx` (managed half already cleared) on the free list with the vacant (even)
    /// version `vacant`. The writer's lock is held.
    fn release(&self, idx: u32, slot: &AtomicU64, vacant: u32) {
        let w = &self.writer;
        slot.store(word(vacant, w.free.load(Ordering::Relaxed)), Ordering::Relaxed);
        w.free.store(idx, Ordering::Relaxed);
        w.live.store(w.live.load(Ordering::Relaxed) - 1, Ordering::Relaxed);
    }

    /// The object behind `key`, for the length of the current call.
    ///
    /// Lock-free, in the manner of a seqlock: read the version, load the object from the
    /// managed slot, then read the version again. [`remove`](Self::remove) bumps the version
    /// *before* it clears the slot, and the slot is refilled only after a later insert
    /// published a new version, so if the second read still sees the same word, the loaded
    /// object is `key`'s. Otherwise the result is discarded and the key reported stale, as it
    /// now is. Once loaded, the reference sits on this thread's stack, where SGen's
    /// conservative scan keeps it alive and in place for the call even if the key is removed
    /// meanwhile.
    // Always inlined: every call that passes an object runs it, and the host's segment load,
    // which has two backends' arms, made it too large for the inliner's threshold
    // (`icount::handles::read_cilbind` 91 → 114 instructions, a call and its frame).
    #[inline(always)]
    pub(crate) fn target(&self, key: K) -> Result<ObjectRef> {
        let (idx, key_version) = Self::split(key);
        // `let … else` rather than `ok_or(Error::StaleHandle)`, which builds and drops an
        // Error on every successful lookup.
        let Some((slot, objects, offset)) = self.slot(idx) else {
            return Err(Error::StaleHandle);
        };
        let before = slot.load(Ordering::Acquire);
        if version(before) != key_version {
            return Err(Error::StaleHandle);
        }
        let obj = objects.load(offset, key_version);
        // Pairs with the release fence in `remove`: if the load above saw the slot cleared,
        // the re-read below sees the version bump that preceded the clear.
        fence(Ordering::Acquire);
        if slot.load(Ordering::Relaxed) != before || obj.is_null() {
            return Err(Error::StaleHandle);
        }
        Ok(obj)
    }

    /// A new key (and slot) for the object behind `key`.
    pub(crate) fn duplicate(&'static self, key: K) -> Result<K> {
        let obj = self.target(key)?;
        self.insert(obj)
    }

    /// Frees `key`'s slot, dropping the store's reference to its object. No call into Mono.
    pub(crate) fn remove(&self, key: K) -> Result<()> {
        let (idx, key_version) = Self::split(key);
        let _guard = self.writer.lock();
        let Some((slot, objects, offset)) = self.slot(idx) else {
            return Err(Error::StaleHandle);
        };
        let current = slot.load(Ordering::Relaxed);
        if version(current) != key_version {
            return Err(Error::StaleHandle);
        }
        let vacant = key_version.wrapping_add(1);
        // Readers see the version bump before the cleared slot (see `target`).
        slot.store(word(vacant, payload(current)), Ordering::Relaxed);
        fence(Ordering::Release);
        objects.clear(offset);
        // The slot is cleared before it goes on the free list, so a later insert's object is
        // never cleared by this remove.
        self.release(idx, slot, vacant);
        Ok(())
    }

    /// True while `key` is live.
    pub(crate) fn contains(&self, key: K) -> bool {
        let (idx, key_version) = Self::split(key);
        self.slot(idx)
            .is_some_and(|(s, _, _)| version(s.load(Ordering::Acquire)) == key_version)
    }

    /// Empties every live slot and makes its keys stale, as [`remove`](Self::remove) would
    /// one by one; returns how many there were.
    fn invalidate_all(&self) -> usize {
        let _guard = self.writer.lock();
        let mut emptied = 0;
        for idx in 0..self.writer.fresh.load(Ordering::Relaxed) {
            let Some((slot, objects, offset)) = self.slot(idx) else {
                continue;
            };
            let current = slot.load(Ordering::Relaxed);
            // Even: vacant, or reserved by an insert that has not published its key.
            if version(current) & 1 == 0 {
                continue;
            }
            let vacant = version(current).wrapping_add(1);
            slot.store(word(vacant, payload(current)), Ordering::Relaxed);
            fence(Ordering::Release);
            objects.clear(offset);
            self.release(idx, slot, vacant);
            emptied += 1;
        }
        emptied
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
        assert_eq!(locate(1023), (0, 1023));
        assert_eq!(locate(1024), (1, 0));
        assert_eq!(locate(3071), (1, 2047));
        assert_eq!(locate(3072), (2, 0));
        let (segment, offset) = locate(NIL - 1);
        assert!(segment < SEGMENTS && offset < FIRST_SEGMENT << segment);
    }
}
