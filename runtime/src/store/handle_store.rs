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
//! the version compare: [`Error::StaleHandle`], never another object. Only a key's owner (the
//! one [`Object`](crate::Object) or struct handle that holds it; copies of keys can name an
//! object but never free it) releases its slot, so releasing takes no atomic
//! read-modify-write; a reload that empties every store marks the slots it empties instead of
//! freeing them, and their owners free them when they drop (`remove`). The shared free list
//! and the making of segments serialise on a small spin lock; a store may give each thread a
//! cache of vacant slots (`thread_slots.rs`), so that most inserts and removes take no lock.
//!
//! Slots live in segments that double in size and are never moved or freed (the stores are
//! process-wide; a reload only gives each segment a new managed array), so a reader can hold a
//! slot reference without a lock and lookups cost the same with 1 or 10⁶ live handles.

use std::marker::PhantomData;
use std::sync::atomic::{fence, AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use slotmap::{Key, KeyData};

use crate::error::{Error, Result};
use crate::host::slots::{self, ArgumentWord, ManagedSegment};
use crate::host::ObjectRef;

use super::thread_slots::{NoThreadCache, SlotOwner, ThreadCache, ThreadSlots, BATCH};

/// Slots in segment 0; segment `s` holds `FIRST_SEGMENT << s`. 1024 references make an array
/// of 8 KiB and more, which SGen allocates in its large-object space (objects over 8000
/// bytes, `SGEN_MAX_SMALL_OBJ_SIZE`), so no segment sits pinned in the nursery.
const FIRST_SEGMENT: usize = 1024;
/// Enough segments for every index below `u32::MAX` (`1024 · (2²³ − 1) > 2³²`).
const SEGMENTS: usize = 23;
/// End of the free list. Never a valid index: it is slotmap's null key's index.
const NIL: u32 = u32::MAX;
/// The payload of a slot a reload emptied while its key's owner still held it (see
/// `invalidate_all`); never a valid index either.
const EMPTIED: u32 = u32::MAX - 1;

/// A store that a reload empties, then gives new slot arrays in the new unit.
trait Invalidate: Send + Sync {
    fn invalidate_all(&'static self) -> usize;
    fn renew_all(&self);
}

impl<K: Key, C: ThreadCache> Invalidate for HandleStore<K, C> {
    fn invalidate_all(&'static self) -> usize {
        HandleStore::invalidate_all(self)
    }

    fn renew_all(&self) {
        let _guard = self.writer.lock();
        for segment in self.segments.iter().filter_map(OnceLock::get) {
            segment.objects.renew();
        }
    }
}

impl<K: Key, C: ThreadCache> SlotOwner for HandleStore<K, C> {
    fn take_back(&self, cached: &[u32]) -> bool {
        // They may still hold objects: emptied by another thread (a call into the runtime,
        // which an exiting thread must not make).
        if cached.is_empty() {
            return false;
        }
        self.orphans
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(cached);
        self.orphaned.store(true, Ordering::Release);
        self.segments[0].get().is_some_and(|s| s.objects.empties_in_batches())
    }

    fn empty_orphans(&'static self) {
        HandleStore::empty_orphans(self);
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

/// Keys → objects in managed slots. Thread-safe and growable; lookups are lock-free. `C`
/// gives each thread a cache of the store's vacant slots (see `thread_slots.rs`), or none.
pub(crate) struct HandleStore<K: Key, C: ThreadCache = NoThreadCache> {
    segments: [OnceLock<Segment>; SEGMENTS],
    writer: WriterLock,
    /// Vacant slots threads cached when they exited (their objects may still be in them: see
    /// `thread_slots.rs`), emptied during the exit by a thread of cilbind's, or failing that
    /// by the next thread that takes slots from the shared list.
    orphans: Mutex<Vec<u32>>,
    /// True while `orphans` may hold slots: one load instead of a lock.
    orphaned: AtomicBool,
    _key: PhantomData<fn() -> (K, C)>,
}

/// The writers' lock and the state it guards.
///
/// A spin lock rather than `std::sync::Mutex`: its critical sections are a few loads and
/// stores, and on this workload's VMs every atomic read-modify-write costs ~6.5 ns. A mutex
/// pays two (lock, and unlock checking for waiters), this lock one (unlocking is a plain
/// store). The guarded fields are atomics only so that no `unsafe` is needed: they are read
/// and written with `Relaxed` while the lock is held.
struct WriterLock {
    locked: AtomicBool,
    /// Head of the shared list of vacant, empty slots (linked through their payloads), or
    /// [`NIL`].
    free: AtomicU32,
    /// Slots handed out so far; index `fresh` is the next never-used slot.
    fresh: AtomicU32,
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

impl<K: Key, C: ThreadCache> HandleStore<K, C> {
    /// An empty store.
    pub(crate) const fn new() -> Self {
        HandleStore {
            segments: [const { OnceLock::new() }; SEGMENTS],
            writer: WriterLock {
                locked: AtomicBool::new(false),
                free: AtomicU32::new(NIL),
                fresh: AtomicU32::new(0),
            },
            orphans: Mutex::new(Vec::new()),
            orphaned: AtomicBool::new(false),
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
        self.insert_keeping_argument(fill).map(|(key, _)| key)
    }

    /// [`insert_with`](Self::insert_with), with the new key's
    /// [`argument_word`](Self::argument_word) (known here without a second lookup).
    #[inline]
    pub(crate) fn insert_keeping_argument(
        &'static self,
        fill: impl FnOnce(&ManagedSegment, usize) -> Result<()>,
    ) -> Result<(K, Option<ArgumentWord>)> {
        let idx = self.reserve()?;
        let (slot, objects, offset) = self.slot(idx).expect("reserved slots exist");
        if let Err(e) = fill(objects, offset) {
            objects.clear(offset);
            // Never published: the version stays the vacant one it had.
            self.give_back(idx);
            return Err(e);
        }
        let live_version = version(slot.load(Ordering::Relaxed)).wrapping_add(1);
        // Release: a reader that gets this key through any synchronised channel sees the
        // object stored above (and the version).
        slot.store(word(live_version, idx), Ordering::Release);
        let key = K::from(KeyData::from_ffi(word(live_version, idx)));
        Ok((key, objects.argument(offset, live_version)))
    }

    /// A vacant slot for an insert: from this thread's cache (where a backend that empties
    /// slots in batches may have left a dropped handle's object, which the insert overwrites),
    /// else from the shared list (or a fresh one). Its version stays even (vacant) until
    /// `insert_with` publishes it, so no key reaches it meanwhile.
    #[inline]
    fn reserve(&'static self) -> Result<u32> {
        // `None`: no cache, or this thread exits: the shared list serves.
        if let Some(cached) = self.local(ThreadSlots::pop_free) {
            return match cached {
                Some(idx) => Ok(idx),
                None => self.refill(),
            };
        }
        let mut one = [NIL];
        self.take_shared(&mut one)?;
        Ok(one[0])
    }

    /// Takes a batch of slots from the shared list into this thread's empty cache, and one of
    /// them for the caller.
    #[inline(never)]
    fn refill(&'static self) -> Result<u32> {
        self.empty_orphans();
        let mut batch = [NIL; BATCH];
        let taken = self.take_shared(&mut batch)?;
        let (first, rest) = batch[..taken]
            .split_first()
            .expect("take_shared takes at least one slot");
        // What does not fit (a call made inside this one filled the cache) or finds the cache
        // gone (the thread exits) goes back.
        self.give_back_all(rest);
        Ok(*first)
    }

    /// Fills `into` with vacant slots off the shared free list, then fresh ones; how many it
    /// took (at least one, or an error).
    fn take_shared(&'static self, into: &mut [u32]) -> Result<usize> {
        let w = &self.writer;
        let _guard = w.lock();
        let mut taken = 0;
        while taken < into.len() {
            let free = w.free.load(Ordering::Relaxed);
            let idx = if free != NIL {
                let (slot, _, _) = self.slot(free).expect("free slots exist");
                w.free.store(payload(slot.load(Ordering::Relaxed)), Ordering::Relaxed);
                free
            } else {
                match self.fresh_slot() {
                    Ok(idx) => idx,
                    Err(e) if taken == 0 => return Err(e),
                    Err(_) => break,
                }
            };
            into[taken] = idx;
            taken += 1;
        }
        Ok(taken)
    }

    /// A never-used slot, making its segment if it is the first of one. The writer's lock is
    /// held.
    fn fresh_slot(&'static self) -> Result<u32> {
        let w = &self.writer;
        let idx = w.fresh.load(Ordering::Relaxed);
        if idx >= EMPTIED {
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
        // Release: `len` reads `fresh` without the lock, then the versions below it.
        w.fresh.store(idx + 1, Ordering::Release);
        Ok(idx)
    }

    /// Puts vacant, empty slots on the shared free list.
    fn put_shared(&self, slots: &[u32]) {
        if slots.is_empty() {
            return;
        }
        let w = &self.writer;
        let _guard = w.lock();
        for &idx in slots {
            let (slot, _, _) = self.slot(idx).expect("vacant slots exist");
            let vacant = version(slot.load(Ordering::Relaxed));
            debug_assert_eq!(vacant & 1, 0, "only vacant slots are freed");
            slot.store(word(vacant, w.free.load(Ordering::Relaxed)), Ordering::Relaxed);
            w.free.store(idx, Ordering::Relaxed);
        }
    }

    /// Makes `idx` (vacant) reusable: into this thread's cache, or, when that is full, with
    /// half the cache emptied onto the shared list.
    #[inline]
    fn give_back(&'static self, idx: u32) {
        match self.local(|c| c.push_free(idx)) {
            Some(true) => {}
            Some(false) => self.spill(idx),
            None => self.empty_onto_shared(&[idx]),
        }
    }

    /// [`give_back`](Self::give_back) for many slots, with one access to the thread's cache.
    fn give_back_all(&'static self, slots: &[u32]) {
        let placed = self
            .local(|c| slots.iter().take_while(|&&idx| c.push_free(idx)).count())
            .unwrap_or(0);
        // What does not fit (a full cache) or finds no cache goes to the shared list.
        self.empty_onto_shared(&slots[placed..]);
    }

    /// This thread's cache is full: empties half of it, with `idx`, onto the shared list.
    #[inline(never)]
    fn spill(&'static self, idx: u32) {
        let mut spilled = C::with(|c| c.drain_free(BATCH)).unwrap_or_default();
        spilled.push(idx);
        self.empty_onto_shared(&spilled);
    }

    /// Empties the managed halves of vacant slots (one call into the runtime where emptying
    /// costs one) and puts them on the shared list.
    fn empty_onto_shared(&'static self, vacant: &[u32]) {
        if vacant.is_empty() {
            return;
        }
        slots::clear_all(vacant.iter().map(|&idx| {
            let (_, objects, offset) = self.slot(idx).expect("vacant slots exist");
            (objects, offset)
        }));
        self.put_shared(vacant);
    }

    /// What this thread's cache holds, taken out when the thread exits.
    fn drain_cache() -> Option<Vec<u32>> {
        C::with(ThreadSlots::retire)
    }

    /// Runs `f` on this thread's cache, if the store has one and the thread's exit will give
    /// the cache back (`None` otherwise, and the shared list serves).
    #[inline]
    fn local<R>(&'static self, f: impl FnOnce(&ThreadSlots) -> R) -> Option<R> {
        C::with(|c| c.serve(Self::drain_cache, self).then(|| f(c))).flatten()
    }

    /// Empties the slots threads that exited left cached.
    fn empty_orphans(&'static self) {
        if !self.orphaned.load(Ordering::Relaxed) || !self.orphaned.swap(false, Ordering::Acquire) {
            return;
        }
        let orphans = std::mem::take(&mut *self.orphans.lock().unwrap_or_else(|p| p.into_inner()));
        self.empty_onto_shared(&orphans);
    }

    /// Empties the slots this thread's cache holds and those of threads that exited, so that
    /// the objects of handles dropped there become collectable now (before a collection meant
    /// to find them).
    pub(crate) fn empty_cached(&'static self) {
        let mine = C::with(ThreadSlots::take_all).unwrap_or_default();
        self.empty_onto_shared(&mine);
        self.empty_orphans();
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
        Self::read_checked(slot, objects, offset, key_version)
    }

    /// The object in slot `offset` (version word `slot`) if a key of `key_version` names it.
    #[inline(always)]
    fn read_checked(slot: &AtomicU64, objects: &ManagedSegment, offset: usize, key_version: u32) -> Result<ObjectRef> {
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

    /// What an entry point's argument passes for `key` where the entry itself proves that the
    /// slot still holds `key`'s object when it reads it (CoreCLR's checked words, whose version
    /// the entry compares after loading the object, and refuses with [`Error::StaleHandle`]):
    /// the word naming the slot and `key`'s version, which a handle keeps (see
    /// [`ArgumentWord`]); `None` where each argument is [`target`](Self::target) (Mono, whose
    /// argument is the object itself, or a slot no checked word names). Only for what an entry
    /// point resolves: code that reads the word itself (a class, an `is` test) uses `target`,
    /// which refuses a stale key before anything is read.
    #[inline]
    pub(crate) fn argument_word(&self, key: K) -> Option<ArgumentWord> {
        let (idx, key_version) = Self::split(key);
        let (_, objects, offset) = self.slot(idx)?;
        objects.argument(offset, key_version)
    }

    /// A new key (and slot) for the object behind `key`.
    pub(crate) fn duplicate(&'static self, key: K) -> Result<K> {
        let obj = self.target(key)?;
        self.insert(obj)
    }

    /// Frees `key`'s slot, dropping the store's reference to its object: at once where that
    /// is a store into managed memory (Mono); where it is a call into the runtime (CoreCLR),
    /// when the slot is reused or emptied with others (see `thread_slots.rs`). The key, and
    /// every copy of it, is stale from here on.
    ///
    /// Only the key's owner calls this, once (the one handle that holds it, when it drops),
    /// so no other thread frees this slot meanwhile: the version is bumped with a plain store.
    /// The one thing that may race it is a reload emptying every store (whose contract forbids
    /// it, but a data race must still not free a slot twice): `invalidate_all` bumps the
    /// version of the slot it empties by compare-and-swap and leaves the freeing to the owner,
    /// here, whichever of the two bumps wins.
    #[inline]
    pub(crate) fn remove(&'static self, key: K) -> Result<()> {
        let (idx, key_version) = Self::split(key);
        let Some((slot, objects, offset)) = self.slot(idx) else {
            return Err(Error::StaleHandle);
        };
        let current = slot.load(Ordering::Relaxed);
        let vacant = key_version.wrapping_add(1);
        if current == word(vacant, EMPTIED) {
            // A reload emptied the slot and left its freeing to this owner.
            slot.store(word(vacant, idx), Ordering::Relaxed);
            self.give_back(idx);
            return Err(Error::StaleHandle);
        }
        if version(current) != key_version {
            return Err(Error::StaleHandle);
        }
        slot.store(word(vacant, payload(current)), Ordering::Relaxed);
        // Readers see the version bump before the cleared slot (see `target`).
        fence(Ordering::Release);
        if !objects.empties_in_batches() {
            // Emptying is a store (Mono): at once.
            objects.clear(offset);
        }
        // Where emptying is a call, the object stays until the slot is reused or emptied with
        // others (see `thread_slots.rs`).
        self.give_back(idx);
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
    ///
    /// Released slots of other threads keep their objects until those threads empty them;
    /// a backend that empties slots in batches empties every slot of a unit it unloads.
    fn invalidate_all(&'static self) -> usize {
        let mut emptied = 0;
        for idx in 0..self.writer.fresh.load(Ordering::Acquire) {
            let Some((slot, objects, offset)) = self.slot(idx) else {
                continue;
            };
            let current = slot.load(Ordering::Relaxed);
            // Even: vacant, or reserved by an insert that has not published its key.
            if version(current) & 1 == 0 {
                continue;
            }
            // Marked, not freed: the key's owner frees it when it drops (see `remove`).
            let marked = word(version(current).wrapping_add(1), EMPTIED);
            if slot
                .compare_exchange(current, marked, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
            {
                // Removed meanwhile by its owner, who frees it.
                continue;
            }
            fence(Ordering::Release);
            objects.clear(offset);
            emptied += 1;
        }
        self.empty_cached();
        emptied
    }

    /// Number of live handles: slots whose version is odd (a scan: for leak checks, not
    /// for hot paths).
    pub(crate) fn len(&self) -> usize {
        let fresh = self.writer.fresh.load(Ordering::Acquire) as usize;
        let mut live = 0;
        for (s, segment) in self.segments.iter().enumerate() {
            let first = FIRST_SEGMENT * ((1 << s) - 1);
            if first >= fresh {
                break;
            }
            let Some(segment) = segment.get() else { break };
            let used = (fresh - first).min(segment.versions.len());
            live += segment.versions[..used]
                .iter()
                .filter(|v| version(v.load(Ordering::Relaxed)) & 1 == 1)
                .count();
        }
        live
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
