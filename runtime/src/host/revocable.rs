//! Values that C# may be running at any moment on any thread, and that Rust may revoke at any
//! moment: a table of them ([`insert`], [`with`], [`revoke`]), read on the call path without a
//! lock or an atomic read-modify-write. The closures behind delegates made from typed Rust
//! closures live here (`proxy/delegate.rs`): the delegate's target object holds the value's
//! key; dropping the Rust side's handle revokes the key, C# invocations from then on are refused,
//! and the closure is dropped as soon as no invocation is still running it. The table, not the
//! managed object, owns the value: no finalizer, weak handle or sweep is needed per delegate.
//!
//! # Keys
//!
//! Slots live in chunks allocated once and never moved (`chunks.rs`). A key is `generation << 32 | index`; a slot's generation is odd while a
//! value occupies it and is bumped when the value is revoked, so a revoked key, a forged one or
//! one of an earlier occupant names nothing.
//!
//! # How a reader stays safe
//!
//! Hazard pointers: a reader publishes the value's pointer in a slot of its thread's record,
//! then checks that the table slot still holds it under the key's generation; a revoker takes
//! the pointer out and drops the value only when no record holds it (else it waits in a list,
//! freed when the last reader leaves). Publishing needs a store-load barrier between the record
//! write and the check, which costs more than the rest of a call (about 9 ns here,
//! `fence(SeqCst)`). Linux's `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)` moves that barrier
//! to the revoker: every running thread of the process executes a full barrier before it
//! returns, so the reader needs only a compiler fence. Where the kernel refuses to register for
//! it, readers fall back to `fence(SeqCst)`. A reader nested deeper than a record's slots
//! (re-entrant invocations on one thread) counts itself in a shared counter instead, which
//! revokers check too.

use std::any::TypeId;
use std::cell::Cell;
use std::sync::atomic::{compiler_fence, fence, AtomicBool, AtomicPtr, AtomicU32, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use super::chunks::{key_of, split_key, Chunks, Indices};
use crate::error::Result;

/// Hazard slots per thread: nested invocations one thread may run without touching the shared
/// counter.
const SLOTS: usize = 16;

/// One thread's hazard slots (leaked; a record is reused by a later thread once its thread exits).
struct Record {
    slots: [AtomicPtr<()>; SLOTS],
    in_use: AtomicBool,
}

/// Every record ever made.
static RECORDS: Mutex<Vec<&'static Record>> = Mutex::new(Vec::new());

/// Readers nested deeper than [`SLOTS`] on their thread, right now.
static DEEP_READERS: AtomicUsize = AtomicUsize::new(0);

/// Pointers revoked while a reader may still have been using them.
static RETIRED: Mutex<Vec<Retired>> = Mutex::new(Vec::new());
/// True while [`RETIRED`] is not empty: a reader leaving its outermost read frees what it can.
static ANY_RETIRED: AtomicBool = AtomicBool::new(false);

/// How readers and revokers order their accesses: decided once, before any value exists.
static MODE: AtomicU8 = AtomicU8::new(UNDECIDED);
const UNDECIDED: u8 = 0;
/// Revokers run `membarrier`; readers need only a compiler fence.
const MEMBARRIER: u8 = 1;
/// Both sides run `fence(SeqCst)`.
const FENCES: u8 = 2;

/// This thread's record and how many reads it has open.
struct Local {
    record: &'static Record,
    depth: Cell<usize>,
}

impl Drop for Local {
    fn drop(&mut self) {
        // Every read of this thread has ended (its slots are null): the record may serve another.
        self.record.in_use.store(false, Ordering::Release);
    }
}

thread_local! {
    static LOCAL: Local = Local { record: claim_record(), depth: Cell::new(0) };
}

fn lock<T>(m: &'static Mutex<T>) -> MutexGuard<'static, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn claim_record() -> &'static Record {
    let mut records = lock(&RECORDS);
    for r in records.iter() {
        if r.in_use
            .compare_exchange(false, true, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
        {
            return r;
        }
    }
    let r: &'static Record = Box::leak(Box::new(Record {
        slots: [const { AtomicPtr::new(std::ptr::null_mut()) }; SLOTS],
        in_use: AtomicBool::new(true),
    }));
    records.push(r);
    r
}

/// Decides [`MODE`] (once): registers the process for expedited private membarriers.
fn decide_mode() {
    if MODE.load(Ordering::Acquire) != UNDECIDED {
        return;
    }
    static DECIDE: Mutex<()> = Mutex::new(());
    let _once = lock(&DECIDE);
    if MODE.load(Ordering::Acquire) != UNDECIDED {
        return;
    }
    // SAFETY: `membarrier` takes (cmd, flags, cpu_id) and touches no memory of ours.
    let registered = unsafe {
        libc::syscall(
            libc::SYS_membarrier,
            libc::MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED,
            0,
            0,
        )
    } == 0;
    MODE.store(if registered { MEMBARRIER } else { FENCES }, Ordering::Release);
}

/// The reader's half of the barrier, between publishing a hazard and checking it.
#[inline(always)]
fn reader_barrier() {
    if MODE.load(Ordering::Relaxed) == MEMBARRIER {
        compiler_fence(Ordering::SeqCst);
    } else {
        fence(Ordering::SeqCst);
    }
}

/// The revoker's half: after it, every reader's published hazard is visible, or that reader
/// sees the value revoked. False when the barrier could not be run (then nothing may be freed).
fn revoker_barrier() -> bool {
    if MODE.load(Ordering::Acquire) == MEMBARRIER {
        // SAFETY: as in `decide_mode`.
        let done = unsafe { libc::syscall(libc::SYS_membarrier, libc::MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) } == 0;
        fence(Ordering::SeqCst);
        done
    } else {
        fence(Ordering::SeqCst);
        true
    }
}

/// A revoked entry (an `Entry<T>`, which carries its own drop function).
struct Retired {
    pointer: *mut (),
}

// SAFETY: a `Retired` owns an `Entry<T>` of a `T: Send` (`insert`), dropped on whichever thread
// frees it.
unsafe impl Send for Retired {}

impl Retired {
    fn free(self) {
        // SAFETY: `pointer` is an `Entry<T>` that `take` swapped out of its slot (so only this
        // `Retired` owns it) and no reader holds; its `drop` is `drop_entry::<T>`, whose field
        // is at the same offset in every `Entry`.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| unsafe {
            let drop = (*(self.pointer as *const Entry<()>)).drop;
            drop(self.pointer)
        }));
    }
}

/// Drops an `Entry<T>` made by [`insert`].
///
/// # Safety
/// `p` came from `Box::<Entry<T>>::into_raw` and is dropped once.
unsafe fn drop_entry<T>(p: *mut ()) {
    // SAFETY: the caller's promise.
    drop(unsafe { Box::from_raw(p as *mut Entry<T>) });
}

/// Drops `retired` now, or once no reader holds it.
fn retire(retired: Retired) {
    let mut list = lock(&RETIRED);
    list.push(retired);
    free_unread(list);
}

/// Frees each retired pointer no reader holds; keeps the others for a later try.
fn free_unread(mut retired: MutexGuard<'static, Vec<Retired>>) {
    if retired.is_empty() {
        return;
    }
    if !revoker_barrier() || DEEP_READERS.load(Ordering::SeqCst) > 0 {
        ANY_RETIRED.store(true, Ordering::Release);
        return;
    }
    let held: Vec<*mut ()> = lock(&RECORDS)
        .iter()
        .flat_map(|r| r.slots.iter().map(|s| s.load(Ordering::Acquire)))
        .filter(|p| !p.is_null())
        .collect();
    let (free, kept): (Vec<Retired>, Vec<Retired>) = retired.drain(..).partition(|r| !held.contains(&r.pointer));
    *retired = kept;
    ANY_RETIRED.store(!retired.is_empty(), Ordering::Release);
    drop(retired);
    // Dropped with no lock held: a value's `Drop` may revoke other values.
    for r in free {
        r.free();
    }
}

/// One value's place.
struct Slot {
    /// Odd while occupied (the occupant's key carries it); even while free.
    generation: AtomicU32,
    /// The occupant, an `Entry<T>` as a thin pointer; null while free.
    value: AtomicPtr<()>,
}

static TABLE: Chunks<Slot> = Chunks::new();

/// Which slots are free: touched only by [`insert`] and [`revoke`] (never by reads).
static INDICES: Mutex<Indices> = Mutex::new(Indices::new());

/// A value with its type, so that a read checks the type of what a key names.
#[repr(C)]
struct Entry<T> {
    /// First, at the same offset for every `T`: read before the entry's type is known.
    ty: TypeId,
    /// `drop_entry::<T>`, at the same offset for every `T` too.
    drop: unsafe fn(*mut ()),
    value: T,
}

#[inline]
fn slot(index: u32) -> Option<&'static Slot> {
    TABLE.get(index)
}

fn empty_slot() -> Slot {
    Slot {
        generation: AtomicU32::new(0),
        value: AtomicPtr::new(std::ptr::null_mut()),
    }
}

/// Stores `value` and returns its key.
pub(crate) fn insert<T: Send + Sync + 'static>(value: T) -> Result<i64> {
    decide_mode();
    let mut indices = lock(&INDICES);
    let index = indices.take(&TABLE, empty_slot, "delegates on Rust closures alive at once")?;
    let s = slot(index).expect("allocated above");
    let entry = Box::new(Entry {
        ty: TypeId::of::<T>(),
        drop: drop_entry::<T>,
        value,
    });
    s.value.store(Box::into_raw(entry) as *mut (), Ordering::Relaxed);
    // Publishes the value to readers that Acquire-load this generation.
    let generation = s.generation.load(Ordering::Relaxed).wrapping_add(1) | 1;
    s.generation.store(generation, Ordering::Release);
    Ok(key_of(generation, index))
}

/// Runs `f` with the value `key` names, or returns `None` when it names none of type `T` (it
/// was revoked, or the key is forged or of another type's value).
#[inline]
pub(crate) fn with<T: 'static, R>(key: i64, f: impl FnOnce(&T) -> R) -> Option<R> {
    let (generation, index) = split_key(key);
    let s = slot(index)?;
    // A thread whose thread-locals are being destroyed has no record any more.
    let Ok(local) = LOCAL.try_with(|local| local as *const Local) else {
        return with_deep(s, generation, f);
    };
    // SAFETY: this thread's own `Local`, alive for the rest of this call (thread-locals are
    // destroyed only when the thread exits, after its calls returned).
    let local = unsafe { &*local };
    let depth = local.depth.get();
    let Some(hazard) = local.record.slots.get(depth) else {
        return with_deep(s, generation, f);
    };
    let p = s.value.load(Ordering::Acquire);
    if p.is_null() || s.generation.load(Ordering::Acquire) != generation {
        return None;
    }
    hazard.store(p, Ordering::Relaxed);
    reader_barrier();
    /// Clears the hazard when the read ends, by return or by unwinding.
    struct Leave<'a>(&'a Local, usize);
    impl Drop for Leave<'_> {
        // Inlined into every read (a call and its frame otherwise: `delegate_rust` in
        // benches/icount_backends.rs); what is rare stays out of line.
        #[inline(always)]
        fn drop(&mut self) {
            self.0.record.slots[self.1].store(std::ptr::null_mut(), Ordering::Release);
            self.0.depth.set(self.1);
            if self.1 == 0 && ANY_RETIRED.load(Ordering::Relaxed) {
                free_retired();
            }
        }
    }
    local.depth.set(depth + 1);
    let _leave = Leave(local, depth);
    if s.value.load(Ordering::Acquire) != p || s.generation.load(Ordering::Acquire) != generation {
        return None;
    }
    // SAFETY: `p` is the entry the slot held under `key`'s generation after this thread's
    // hazard slot held it and the barrier ran: a revoker takes the entry out before its own
    // barrier, so after that barrier it sees this hazard and keeps the entry alive until the
    // hazard is cleared (`Leave`), after the last use of the reference.
    let entry = unsafe { &*(p as *const Entry<()>) };
    if entry.ty != TypeId::of::<T>() {
        return None;
    }
    // SAFETY: the entry's type is `Entry<T>` (checked just above; `ty` is at the same offset
    // in every `Entry`, which is `repr(C)`).
    Some(f(unsafe { &(*(p as *const Entry<T>)).value }))
}

/// Frees what revokers left while readers held it (a reader's outermost read ends).
#[cold]
#[inline(never)]
fn free_retired() {
    free_unread(lock(&RETIRED));
}

/// [`with`] for a read nested deeper than the thread's hazard slots.
#[cold]
fn with_deep<T: 'static, R>(s: &'static Slot, generation: u32, f: impl FnOnce(&T) -> R) -> Option<R> {
    struct Counted;
    impl Drop for Counted {
        fn drop(&mut self) {
            DEEP_READERS.fetch_sub(1, Ordering::SeqCst);
        }
    }
    DEEP_READERS.fetch_add(1, Ordering::SeqCst);
    let _counted = Counted;
    let p = s.value.load(Ordering::SeqCst);
    if p.is_null() || s.generation.load(Ordering::SeqCst) != generation {
        return None;
    }
    // SAFETY: a revoker takes the entry out, runs its barrier, then frees nothing while the
    // count (raised before the loads above, all sequentially consistent) is above zero.
    let entry = unsafe { &*(p as *const Entry<()>) };
    if entry.ty != TypeId::of::<T>() {
        return None;
    }
    // SAFETY: as in `with`.
    Some(f(unsafe { &(*(p as *const Entry<T>)).value }))
}

/// Revokes the value `key` names (nothing when it names none): later reads return `None`, and
/// the value is dropped now, or when the last read still running it ends.
pub(crate) fn revoke(key: i64) {
    let (generation, index) = split_key(key);
    let Some(s) = slot(index) else { return };
    let taken = {
        let mut indices = lock(&INDICES);
        if s.generation.load(Ordering::Relaxed) != generation || generation & 1 == 0 {
            return;
        }
        take(&mut indices, s, index)
    };
    retire(taken);
}

/// Revokes every value (a reload, or a guest plugin's shutdown) and returns how many there were.
pub(crate) fn revoke_all() -> usize {
    let taken: Vec<Retired> = {
        let mut indices = lock(&INDICES);
        indices
            .all()
            .filter_map(|index| {
                let s = slot(index)?;
                (s.generation.load(Ordering::Relaxed) & 1 == 1).then(|| take(&mut indices, s, index))
            })
            .collect()
    };
    let count = taken.len();
    let mut retired = lock(&RETIRED);
    retired.extend(taken);
    free_unread(retired);
    count
}

/// Takes the occupant of slot `index` out and frees the slot.
fn take(indices: &mut Indices, s: &Slot, index: u32) -> Retired {
    s.generation
        .store(s.generation.load(Ordering::Relaxed).wrapping_add(1), Ordering::SeqCst);
    let p = s.value.swap(std::ptr::null_mut(), Ordering::SeqCst);
    indices.give_back(index);
    Retired { pointer: p }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// Counts its drops.
    struct Probe(Arc<AtomicU32>);
    impl Drop for Probe {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    /// The tests share the table: one at a time, so that a freed slot is the next one reused.
    fn one_at_a_time() -> MutexGuard<'static, ()> {
        static SERIAL: Mutex<()> = Mutex::new(());
        lock(&SERIAL)
    }

    fn probe() -> (i64, Arc<AtomicU32>) {
        let drops = Arc::new(AtomicU32::new(0));
        (insert(Probe(drops.clone())).unwrap(), drops)
    }

    #[test]
    fn a_value_is_dropped_at_revocation_when_nobody_reads_it_and_its_key_names_nothing_after() {
        let _serial = one_at_a_time();
        let (key, drops) = probe();
        assert_eq!(with(key, |p: &Probe| p.0.load(Ordering::SeqCst)), Some(0));
        assert!(
            with(key, |_: &u32| ()).is_none(),
            "a key of another type's value names nothing"
        );
        revoke(key);
        assert_eq!(drops.load(Ordering::SeqCst), 1);
        assert!(with(key, |_: &Probe| ()).is_none(), "a revoked key names nothing");
        // The slot is reused under a new generation: the old key still names nothing.
        let (again, _) = probe();
        assert_eq!(again as u32, key as u32, "the freed slot is reused");
        assert!(
            with(key, |_: &Probe| ()).is_none(),
            "an earlier occupant's key names nothing"
        );
        revoke(key);
        assert!(
            with(again, |_: &Probe| ()).is_some(),
            "revoking a stale key revokes nothing"
        );
        revoke(again);
        assert_eq!(drops.load(Ordering::SeqCst), 1, "dropped once");
        assert!(with(i64::MAX, |_: &Probe| ()).is_none(), "a forged key names nothing");
    }

    #[test]
    fn a_value_revoked_while_read_lives_until_the_read_ends() {
        let _serial = one_at_a_time();
        // Revoked from inside its own read (a closure dropping its own delegate)...
        let (key, drops) = probe();
        let seen = with(key, |p: &Probe| {
            revoke(key);
            assert_eq!(drops.load(Ordering::SeqCst), 0, "not dropped while read");
            p.0.load(Ordering::SeqCst)
        });
        assert_eq!(seen, Some(0));
        // ...and freed when the read ended.
        assert_eq!(drops.load(Ordering::SeqCst), 1);

        // Revoked by another thread while this one reads it.
        let (key, drops) = probe();
        with(key, |_: &Probe| {
            std::thread::spawn(move || revoke(key)).join().unwrap();
            assert_eq!(drops.load(Ordering::SeqCst), 0, "not dropped while read");
        });
        assert_eq!(drops.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn reads_nested_deeper_than_the_hazard_slots_are_protected_too() {
        let _serial = one_at_a_time();
        fn nest(key: i64, drops: &AtomicU32, depth: usize) {
            with(key, |_: &Probe| {
                if depth == 0 {
                    revoke(key);
                    assert_eq!(drops.load(Ordering::SeqCst), 0);
                } else {
                    nest(key, drops, depth - 1);
                }
            })
            .expect("live when the read began");
        }
        let (key, drops) = probe();
        nest(key, &drops, SLOTS + 3);
        assert_eq!(drops.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn threads_reading_and_revoking_never_see_a_dropped_value() {
        let _serial = one_at_a_time();
        // Each value checks it is alive on every read; values are revoked under the readers.
        struct Checked(AtomicU32);
        impl Drop for Checked {
            fn drop(&mut self) {
                self.0.store(0xdead, Ordering::SeqCst);
            }
        }
        for _ in 0..50 {
            let key = insert(Checked(AtomicU32::new(7))).unwrap();
            let readers: Vec<_> = (0..3)
                .map(|_| {
                    std::thread::spawn(move || {
                        let mut reads = 0u64;
                        while let Some(v) = with(key, |c: &Checked| c.0.load(Ordering::SeqCst)) {
                            assert_eq!(v, 7, "read a dropped value");
                            reads += 1;
                        }
                        reads
                    })
                })
                .collect();
            std::thread::sleep(std::time::Duration::from_micros(200));
            revoke(key);
            for t in readers {
                t.join().unwrap();
            }
        }
    }
}
