//! Per-thread caches of a store's vacant slots, so that making and dropping a handle takes no
//! lock.
//!
//! Boxing an `Int32` and dropping its handle was two atomic read-modify-writes of the store's
//! writer lock (one to reserve a slot, one to free it) around one call into the runtime; on
//! the VMs this runs on each costs about as much as the call. With a cache, a thread reserves
//! from slots it already owns and puts freed slots back there; it touches the store's lock
//! once per [`BATCH`] slots. No other thread can take a cached slot, so reuse needs no lock.
//!
//! Where emptying a slot's managed half is itself a call into the runtime (CoreCLR: Rust never
//! writes the managed heap), a freed slot goes into the cache *as it is*: its version already
//! says vacant, so every key to it is stale at once, but its object stays in the slot until
//! the slot is reused (the new object overwrites it) or emptied, with a batch of others, in one
//! call: when the cache overflows, when the thread exits (below), or when
//! [`ObjectStore::empty_dropped_slots`](crate::ObjectStore::empty_dropped_slots) runs on the
//! thread ([`Runtime::collect`](crate::Runtime::collect) calls it). So an
//! object whose last handle a live thread dropped may stay reachable until then (at most
//! [`CACHED`] objects a thread), and making and dropping handles in a steady state empties
//! nothing at all. A thread that exits hands its slots to a thread of the store's
//! ([`empty_for_exiting_thread`]), which empties them before the exit completes: an exiting
//! thread itself must not call into the runtime, which may have let go of it already. The
//! store's shared free list holds empty slots only.

use std::cell::{Cell, RefCell};
use std::sync::mpsc;
use std::sync::OnceLock;
use std::time::Duration;

/// Vacant slots a thread keeps at most.
pub(crate) const CACHED: usize = 64;
/// Slots a thread takes from its store's free list, or gives back to it, at once.
pub(crate) const BATCH: usize = 32;

/// Where a store's threads keep their caches: a type whose [`with`](ThreadCache::with) reaches
/// a `thread_local!` of its own. A type rather than a value, so that the access compiles to a
/// read of thread memory where a `&'static LocalKey` kept in the store would be a call through
/// the key's pointer on every operation.
pub(crate) trait ThreadCache: 'static {
    /// Runs `f` on this thread's cache; `None` when the store has none, or while the thread
    /// exits.
    fn with<R>(f: impl FnOnce(&ThreadSlots) -> R) -> Option<R>;
}

/// No per-thread cache: every insert and remove goes through the shared free list.
pub(crate) struct NoThreadCache;

impl ThreadCache for NoThreadCache {
    #[inline(always)]
    fn with<R>(_: impl FnOnce(&ThreadSlots) -> R) -> Option<R> {
        None
    }
}

/// Takes the slots out of this thread's cache of one store (see [`ThreadSlots::serve`]).
pub(crate) type Drain = fn() -> Option<Vec<u32>>;

/// The store a thread's cache belongs to: takes back what the cache holds when the thread
/// exits.
pub(crate) trait SlotOwner: Sync {
    /// Takes back a thread's cached slots (vacant; on a backend that empties slots in
    /// batches their objects may still be in them); true when they must be emptied
    /// ([`SlotOwner::empty_orphans`]) for their objects to be collectable.
    fn take_back(&self, cached: &[u32]) -> bool;

    /// Empties the slots taken back from threads that exited.
    fn empty_orphans(&'static self);
}

/// One thread's slots of one store. Only `Cell`s: a store's operations may run again on the
/// same thread from inside one (a call into the runtime that calls back into Rust), so no
/// borrow is ever held across one; each operation reads, then writes, its counts.
///
/// No `Drop`: a `thread_local!` of a type without one is a plain access to thread memory,
/// where one with a destructor first checks whether it is registered (a call, measured at
/// about a tenth of boxing an `Int32` on CoreCLR). What the thread holds goes back to the
/// store through [`ExitGuard`] instead, registered on first use.
pub(crate) struct ThreadSlots {
    served: Cell<bool>,
    free: [Cell<u32>; CACHED],
    free_len: Cell<usize>,
}

impl ThreadSlots {
    /// An empty cache (for a `thread_local!`'s `const` initialiser).
    #[allow(clippy::new_without_default)] // only for `thread_local!`
    pub(crate) const fn new() -> ThreadSlots {
        ThreadSlots {
            served: Cell::new(false),
            free: [const { Cell::new(0) }; CACHED],
            free_len: Cell::new(0),
        }
    }

    /// Whether the cache may be used: true once the thread's exit is set to give its slots
    /// back to `owner` (done on first use). False while the thread exits (its exit guard is
    /// gone or going): what a thread's last destructors free then goes through the shared
    /// paths, one by one, or it would stay cached for ever.
    #[inline]
    pub(crate) fn serve(&self, drain: Drain, owner: &'static dyn SlotOwner) -> bool {
        if self.served.get() {
            return true;
        }
        let registered = EXIT
            .try_with(|exit| {
                let mut caches = exit.caches.borrow_mut();
                if caches.is_empty() {
                    exit.main.set(std::thread::current().name() == Some("main"));
                }
                caches.push((drain, owner));
            })
            .is_ok();
        self.served.set(registered);
        registered
    }

    /// Every slot the cache holds, taken out as the thread exits; the cache is not used again
    /// (see [`ThreadSlots::serve`]).
    pub(crate) fn retire(&self) -> Vec<u32> {
        self.served.set(false);
        self.drain_free(CACHED)
    }

    /// Every slot the cache holds, taken out.
    pub(crate) fn take_all(&self) -> Vec<u32> {
        self.drain_free(CACHED)
    }

    /// A vacant slot of this thread's, if it has one.
    #[inline]
    pub(crate) fn pop_free(&self) -> Option<u32> {
        let len = self.free_len.get().checked_sub(1)?;
        self.free_len.set(len);
        Some(self.free[len].get())
    }

    /// Keeps `idx` (vacant); `false` when the cache is full.
    #[inline]
    pub(crate) fn push_free(&self, idx: u32) -> bool {
        let len = self.free_len.get();
        let Some(cell) = self.free.get(len) else {
            return false;
        };
        cell.set(idx);
        self.free_len.set(len + 1);
        true
    }

    /// Takes the last `n` free slots out of the cache (to give them back to the store).
    pub(crate) fn drain_free(&self, n: usize) -> Vec<u32> {
        let len = self.free_len.get();
        let keep = len.saturating_sub(n);
        self.free_len.set(keep);
        self.free[keep..len].iter().map(Cell::get).collect()
    }
}

/// The caches a thread used, each with its store: given back when the thread exits.
pub(crate) struct ExitGuard {
    caches: RefCell<Vec<(Drain, &'static dyn SlotOwner)>>,
    /// Whether this is the process's main thread (read when the first cache is registered:
    /// not while the thread's locals are being destroyed).
    main: Cell<bool>,
}

thread_local! {
    static EXIT: ExitGuard = const {
        ExitGuard {
            caches: RefCell::new(Vec::new()),
            main: Cell::new(false),
        }
    };
}

impl Drop for ExitGuard {
    fn drop(&mut self) {
        for (drain, owner) in self.caches.take() {
            // A cache has no destructor, so it is still there while this one runs.
            if let Some(cached) = drain() {
                // The main thread's end is the process's: nothing to empty for, and the
                // runtime may be going down with it.
                if owner.take_back(&cached) && !self.main.get() {
                    empty_for_exiting_thread(owner);
                }
            }
        }
    }
}

/// A request to the thread that empties what exiting threads leave: the store, and where to
/// say it is done.
type Orphaned = (&'static dyn SlotOwner, mpsc::SyncSender<()>);

/// Has `owner`'s orphaned slots emptied by a thread of cilbind's (started on first use) and
/// waits for it (a few seconds at most: then the slots wait for the next thread that takes
/// slots from the store, or for `Runtime::collect`).
fn empty_for_exiting_thread(owner: &'static dyn SlotOwner) {
    static JANITOR: OnceLock<Option<mpsc::Sender<Orphaned>>> = OnceLock::new();
    let janitor = JANITOR.get_or_init(|| {
        let (requests, incoming) = mpsc::channel::<Orphaned>();
        std::thread::Builder::new()
            .name("cilbind-slots".into())
            .spawn(move || {
                for (owner, done) in incoming {
                    owner.empty_orphans();
                    let _ = done.send(());
                }
            })
            .ok()
            .map(|_| requests)
    });
    let Some(janitor) = janitor else { return };
    let (done, finished) = mpsc::sync_channel(1);
    if janitor.send((owner, done)).is_ok() {
        let _ = finished.recv_timeout(Duration::from_secs(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_slots_come_back_last_in_first_out_and_the_cache_has_a_bound() {
        let c = ThreadSlots::new();
        assert_eq!(c.pop_free(), None);
        for i in 0..CACHED as u32 {
            assert!(c.push_free(i));
        }
        assert!(!c.push_free(99), "a full cache refuses");
        assert_eq!(c.pop_free(), Some(CACHED as u32 - 1));
        assert_eq!(
            c.drain_free(BATCH),
            ((CACHED - 1 - BATCH) as u32..CACHED as u32 - 1).collect::<Vec<_>>()
        );
        assert_eq!(c.free_len.get(), CACHED - 1 - BATCH);
    }
}
