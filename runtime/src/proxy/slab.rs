//! The slab holding the Rust values behind proxies (Rust implementations of .NET interfaces
//! and subclasses, `crate::proxy`), and the lookup every C# → Rust call does.
//!
//! # Layout and the lock-free read
//!
//! Slots live in fixed-size chunks that are allocated once and never move or shrink
//! (`host/chunks.rs`), so a slot's address is stable for the life of the process and a
//! reader needs no lock. A key is `generation << 32 | index`; a slot's generation is odd while
//! a value occupies it and is bumped (Release) *before* its value is taken out, so a reader
//! that sees its key's generation (Acquire) also sees the value stored before that generation
//! was published. The call path is: one chunk load, one generation compare, one pointer load.
//!
//! # Why the value outlives every call into it
//!
//! A value is dropped only by [`sweep`], and only when its proxy's long weak handle (track
//! resurrection, `host::proxy::long_weak_handle`) reads null, i.e. when SGen has reclaimed the
//! object. Every call into the value comes from a method of that proxy, whose icall receives
//! the object as its first argument; the thunk keeps it on its native stack for the whole
//! call (`RawRef`, `std::hint::black_box` in `proxy_call`), and SGen, with preemptive suspend,
//! scans every attached thread's whole stack and registers conservatively, pinning what any
//! word there points to (the fact `host/mono/raw.rs`'s `ObjectRef` relies on), so the object cannot be
//! reclaimed, hence the value not dropped, while the call runs. A finalizer that resurrects
//! the proxy keeps the handle non-null, so the value stays too. What is not covered: C# code
//! that rewrites a proxy's private readonly `key` field through private reflection to another
//! live proxy's key (the CLI leaves writes to initonly fields after construction undefined,
//! ECMA-335 §II.16.1.2); a key that names no live value is refused.

use std::any::{Any, TypeId};

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::error::Result;
use crate::host::chunks::{key_of, split_key, Chunks, Indices};
use crate::host::proxy::{free_handle, is_reclaimed, long_weak_handle};
use crate::host::{ObjectRef, RawRef};
use crate::proxy::ProxyType;

/// One value's place.
struct Slot {
    /// Odd while occupied (the occupant's key carries it); even while free.
    generation: AtomicU32,
    /// The occupant, a `Box<T>` as a thin pointer; null while free.
    value: AtomicPtr<()>,
    /// `drop_box::<T>` for the occupant.
    drop: AtomicUsize,
    /// The proxy's long weak handle; 0 until its constructor reported it (`created`).
    weak: AtomicUsize,
    /// The proxy class the value was inserted for (leaked, lives for the process).
    ty: AtomicPtr<ProxyType>,
    /// True while the slot is on the pending list (written under the state lock): a finalized
    /// proxy is queued once without searching the list, which grows to the number of proxies
    /// finalized between two sweeps (hundreds of thousands for short-lived delegates).
    queued: AtomicBool,
}

static TABLE: Chunks<Slot> = Chunks::new();

/// Allocation state, touched only when values are inserted or released (never by calls).
struct State {
    indices: Indices,
    /// Slots whose proxy was finalized, to check at the next sweep.
    pending: Vec<u32>,
    live: usize,
}

static STATE: Mutex<State> = Mutex::new(State {
    indices: Indices::new(),
    pending: Vec::new(),
    live: 0,
});

fn state() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|p| p.into_inner())
}

// `slot`, `split_key` and `occupied` run on every call into a Rust implementation, inside thunks
// that generic code instantiates in the bindings' crate: inlined there, not called across it.
#[inline]
fn slot(index: u32) -> Option<&'static Slot> {
    TABLE.get(index)
}

/// Drops a `Box<T>` made by [`insert`].
///
/// # Safety
/// `p` came from `Box::<T>::into_raw` and is dropped once.
unsafe fn drop_box<T>(p: *mut ()) {
    // SAFETY: the caller's promise.
    drop(unsafe { Box::from_raw(p as *mut T) });
}

fn empty_slot() -> Slot {
    Slot {
        generation: AtomicU32::new(0),
        value: AtomicPtr::new(std::ptr::null_mut()),
        drop: AtomicUsize::new(0),
        weak: AtomicUsize::new(0),
        ty: AtomicPtr::new(std::ptr::null_mut()),
        queued: AtomicBool::new(false),
    }
}

/// Stores `value` and returns its key.
pub(crate) fn insert<T: Send + Sync + 'static>(value: T, ty: &'static ProxyType) -> Result<i64> {
    let mut st = state();
    let index = st
        .indices
        .take(&TABLE, empty_slot, "Rust values behind live managed objects")?;
    let s = slot(index).expect("allocated above");
    s.value
        .store(Box::into_raw(Box::new(value)) as *mut (), Ordering::Relaxed);
    s.drop
        .store(drop_box::<T> as unsafe fn(*mut ()) as usize, Ordering::Relaxed);
    s.weak.store(0, Ordering::Relaxed);
    s.ty.store(ty as *const ProxyType as *mut ProxyType, Ordering::Relaxed);
    // Publishes the value stores above to readers that Acquire-load this generation.
    let generation = s.generation.load(Ordering::Relaxed).wrapping_add(1) | 1;
    s.generation.store(generation, Ordering::Release);
    st.live += 1;
    Ok(key_of(generation, index))
}

/// The occupant of `key`'s slot, if `key` is current.
#[inline]
fn occupied(key: i64) -> Option<&'static Slot> {
    let (generation, index) = split_key(key);
    let s = slot(index)?;
    (generation & 1 == 1 && s.generation.load(Ordering::Acquire) == generation).then_some(s)
}

/// The value behind `key`, borrowed for as long as `this` (the proxy that holds `key`, as
/// Mono passed it to the running internal call) is borrowed; `None` for a key that names no
/// live value of type `T` (released, or forged through private reflection, including a key
/// copied from a proxy of another Rust type: the slot's proxy class records its Rust type).
#[inline]
pub(crate) fn get<T: 'static>(this: &RawRef, key: i64) -> Option<(&T, &'static ProxyType)> {
    if this.get().is_null() {
        return None;
    }
    let s = occupied(key)?;
    let p = s.value.load(Ordering::Relaxed) as *const T;
    let ty = s.ty.load(Ordering::Relaxed) as *const ProxyType;
    // SAFETY: `ty` was stored before the generation matched by `occupied` (Acquire) was
    // published, and points to a leaked `ProxyType` (never freed).
    let ty = unsafe { ty.as_ref()? };
    if ty.rust_type() != TypeId::of::<T>() {
        return None;
    }
    // SAFETY: the generation matched after an Acquire load, so `p` is the `Box<T>` (`T`
    // checked just above) stored before that generation was published. It is not dropped
    // while the proxy object is alive (module documentation), and `this`, a reference to it
    // that Mono passed to the running internal call, stays on the caller's stack while the result is borrowed.
    unsafe { Some((p.as_ref()?, ty)) }
}

/// Records the long weak handle of the proxy `this` whose constructor runs with `key` (the
/// proxy's `Created` icall); the first report wins.
pub(crate) fn created(this: ObjectRef, key: i64) {
    let Some(s) = occupied(key) else { return };
    if this.is_null() {
        return;
    }
    let Ok(handle) = long_weak_handle(this) else {
        return;
    };
    if s.weak
        .compare_exchange(0, handle, Ordering::AcqRel, Ordering::Relaxed)
        .is_err()
    {
        free_handle(handle);
    }
}

/// A proxy with `key` was finalized: check its slot at the next sweep.
pub(crate) fn finalized(key: i64) {
    if let Some(s) = occupied(key) {
        let (_, index) = split_key(key);
        let mut st = state();
        if !s.queued.swap(true, Ordering::Relaxed) {
            st.pending.push(index);
        }
    }
}

/// Releases `key` whose proxy was never constructed (the constructor call failed before the
/// proxy reported itself); a key whose proxy exists is left to the finalizer and the sweep.
pub(crate) fn abandon(key: i64) {
    if let Some(s) = occupied(key) {
        if s.weak.load(Ordering::Acquire) == 0 {
            let (_, index) = split_key(key);
            let dropped = release(&mut state(), index);
            drop(dropped);
        }
    }
}

/// Drops the values of finalized proxies that SGen has reclaimed; keeps the others pending
/// (a resurrected proxy stays usable, and is checked again at later sweeps).
pub(crate) fn sweep() {
    let mut dropped = Vec::new();
    {
        let mut st = state();
        let pending = std::mem::take(&mut st.pending);
        for index in pending {
            let Some(s) = slot(index) else { continue };
            let weak = s.weak.load(Ordering::Acquire);
            if weak != 0 && is_reclaimed(weak) {
                free_handle(weak);
                dropped.push(release(&mut st, index));
            } else {
                st.pending.push(index);
            }
        }
    }
    // Dropped after the lock is released: a value's `Drop` may make or release proxies.
    let any = !dropped.is_empty();
    drop(dropped);
    if any {
        // The handles those values held were dropped on this thread (often the finalizer
        // thread, which makes no handles of its own): empty their slots now, or their objects
        // (the next proxies of a chain) would stay reachable from this thread's cache.
        crate::store::ObjectStore::empty_dropped_slots();
    }
}

/// Drops every value (a reload: the proxies belong to the unit about to be unloaded, see
/// `host/mono/unit.rs`) and returns how many there were. Their weak handles are forgotten, not
/// freed: Mono frees a domain's GC handles when it unloads the domain, and freeing one again
/// later could free a handle that number names by then.
pub(crate) fn release_all() -> usize {
    let dropped: Vec<Released> = {
        let mut st = state();
        for index in std::mem::take(&mut st.pending) {
            if let Some(s) = slot(index) {
                s.queued.store(false, Ordering::Relaxed);
            }
        }
        st.indices
            .all()
            .map(|index| release(&mut st, index))
            .filter(|r| !r.value.is_null())
            .collect()
    };
    let count = dropped.len();
    // Dropped after the lock is released: a value's `Drop` may make or release proxies.
    drop(dropped);
    count
}

/// A value taken out of its slot; dropping it drops the value (a panic in the value's `Drop`
/// is caught: this runs on Mono's finalizer thread, which must not unwind).
struct Released {
    value: *mut (),
    drop: usize,
}

impl Drop for Released {
    fn drop(&mut self) {
        if self.value.is_null() {
            return;
        }
        // SAFETY: `drop` is the `drop_box::<T>` that `insert` stored with `value`, and `value`
        // is dropped once: `release` swapped it out of its slot.
        let drop: unsafe fn(*mut ()) = unsafe { std::mem::transmute::<usize, unsafe fn(*mut ())>(self.drop) };
        let value = self.value;
        // SAFETY: as above.
        let _: std::result::Result<(), Box<dyn Any + Send>> = catch_unwind(AssertUnwindSafe(|| unsafe { drop(value) }));
    }
}

/// Frees slot `index` and hands back its value, for the caller to drop once it has released
/// the state lock.
fn release(st: &mut State, index: u32) -> Released {
    let none = Released {
        value: std::ptr::null_mut(),
        drop: 0,
    };
    let Some(s) = slot(index) else { return none };
    // Off the pending list (the sweep took it off, or this slot never was on it).
    s.queued.store(false, Ordering::Relaxed);
    let generation = s.generation.load(Ordering::Relaxed);
    if generation & 1 == 0 {
        return none;
    }
    s.generation.store(generation.wrapping_add(1), Ordering::Release);
    let p = s.value.swap(std::ptr::null_mut(), Ordering::AcqRel);
    let drop = s.drop.load(Ordering::Relaxed);
    s.weak.store(0, Ordering::Relaxed);
    st.indices.give_back(index);
    st.live -= 1;
    Released { value: p, drop }
}

/// Number of live values (for leak tests).
pub(crate) fn live() -> usize {
    state().live
}
