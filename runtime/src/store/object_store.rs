//! The store of object handles: every reference-typed value (class instances, interfaces,
//! strings held as objects, boxes) that Rust holds lives here.

use crate::error::Result;
use crate::host::slots::{ArgumentWord, ManagedSegment};
use crate::host::{Class, ObjectRef};
use crate::store::thread_slots::{ThreadCache, ThreadSlots};
use crate::store::HandleStore;

slotmap::new_key_type! {
    /// A generation-checked key into the [`ObjectStore`]. Copyable: an [`Object`](crate::Object)
    /// owns one, and dynamic callers (consoles, RPC) may keep copies; a copy of a released key
    /// is [`Error::StaleHandle`](crate::Error::StaleHandle), never another object.
    pub struct ObjectKey;
}

static OBJECTS: HandleStore<ObjectKey, ObjectSlots> = HandleStore::new();

/// Each thread's vacant object slots: making and dropping handles takes no lock.
struct ObjectSlots;

impl ThreadCache for ObjectSlots {
    #[inline(always)]
    fn with<R>(f: impl FnOnce(&ThreadSlots) -> R) -> Option<R> {
        thread_local! {
            static SLOTS: ThreadSlots = const { ThreadSlots::new() };
        }
        SLOTS.try_with(f).ok()
    }
}

/// The process-wide store of object handles.
pub struct ObjectStore;

impl ObjectStore {
    /// Number of live object handles (for leak tests).
    pub fn live() -> usize {
        OBJECTS.len() + crate::remote::objects::live()
    }

    /// Empties the store slots of the handles this thread dropped (and those threads that
    /// exited dropped) that still hold their objects, so that a collection can find those
    /// objects unreachable.
    ///
    /// A dropped handle's slot goes back to a cache of vacant slots kept by the thread that
    /// dropped it, so that making and dropping handles takes no lock. On CoreCLR, where
    /// emptying a slot is a call into the runtime, the slot goes back with its object still in
    /// it; reusing the slot for the thread's next handle overwrites it. So there the object of
    /// a dropped handle stays reachable until the thread reuses its slot, until the thread
    /// drops 64 handles more than it makes (the cache empties half of itself), until the
    /// thread exits (its exit empties them), or until this runs: at most 64 objects per live
    /// thread. [`Runtime::collect`](crate::Runtime::collect) calls it first; call it on a
    /// thread that goes idle after dropping handles to objects that must be collected (a
    /// finalizer to run, a weak reference to clear). On Mono a slot is emptied when its handle
    /// drops, and this only hands the thread's cache back to the store.
    pub fn empty_dropped_slots() {
        OBJECTS.empty_cached();
    }

    /// True while `key` refers to a live handle.
    pub fn contains(key: ObjectKey) -> bool {
        OBJECTS.contains(key) || crate::remote::objects::contains(key)
    }

    /// The runtime class of the object behind `key`.
    pub fn class_of(key: ObjectKey) -> Result<Class> {
        let obj = ObjectStore::target(key)?;
        // No class: the key was released since the lookup (another thread dropped it). A
        // `match`: `ok_or` builds and drops an Error on every successful read.
        match obj.class() {
            Some(class) => Ok(class),
            None => Err(crate::Error::StaleHandle),
        }
    }

    /// A new handle's key for `obj` (non-null), with the word an entry point's argument passes
    /// for it where that word is the key's for good (see [`ArgumentWord`]).
    pub(crate) fn insert(obj: ObjectRef) -> Result<(ObjectKey, Option<ArgumentWord>)> {
        debug_assert!(!obj.is_null());
        OBJECTS.insert_keeping_argument(|objects, offset| objects.store(offset, obj))
    }

    /// A new slot whose object `fill` puts in place (boxing straight into the slot), as
    /// [`insert`](Self::insert) returns it.
    #[inline]
    pub(crate) fn insert_with(
        fill: impl FnOnce(&ManagedSegment, usize) -> Result<()>,
    ) -> Result<(ObjectKey, Option<ArgumentWord>)> {
        OBJECTS.insert_keeping_argument(fill)
    }

    /// The word an entry point's argument passes for `key` where it is the key's for good (see
    /// `HandleStore::argument_word`); `None` elsewhere (Mono, a client of a remote runtime, a
    /// key of no slot). Reads nothing of the slot: a released key's word is refused by the
    /// entry it is passed to.
    pub(crate) fn argument_word(key: ObjectKey) -> Option<ArgumentWord> {
        if crate::remote::connected() {
            return None;
        }
        OBJECTS.argument_word(key)
    }

    #[inline]
    pub(crate) fn target(key: ObjectKey) -> Result<ObjectRef> {
        if crate::remote::connected() {
            return Err(not_here(key, crate::Error::StaleHandle));
        }
        OBJECTS.target(key)
    }

    pub(crate) fn duplicate(key: ObjectKey) -> Result<ObjectKey> {
        if crate::remote::connected() {
            return duplicate_remote(key);
        }
        OBJECTS.duplicate(key)
    }

    /// Releases the handle `key` (nothing when it is stale): what dropping an
    /// [`Object`](crate::Object) does.
    #[inline]
    pub(crate) fn release(key: ObjectKey) {
        // One load of a flag that never changes once set (none without the `remote` feature):
        // a client of a remote runtime holds its handles in a store of its own
        // (`remote/objects.rs`).
        if crate::remote::connected() {
            return release_remote(key);
        }
        let _ = OBJECTS.remove(key);
    }
}

/// The error for a key this process's runtime does not hold: a remote object's handle says
/// where its object is (a local runtime cannot reach it); any other key is `e`.
#[cold]
#[inline(never)]
fn not_here(key: ObjectKey, e: crate::Error) -> crate::Error {
    match crate::remote::objects::class_name(key) {
        Some(class) => crate::Error::Unsupported(format!(
            "this {class} lives in the runtime of the server this process is a client of: only calls of generated \
             bindings' methods reach it"
        )),
        None => e,
    }
}

/// [`ObjectStore::duplicate`] in a client of a remote runtime. Out of line: the local copy
/// stays as small as it was.
#[cold]
#[inline(never)]
fn duplicate_remote(key: ObjectKey) -> Result<ObjectKey> {
    crate::remote::objects::duplicate(key)
}

/// [`ObjectStore::release`] in a client of a remote runtime (a stale key: nothing to do).
#[cold]
#[inline(never)]
fn release_remote(key: ObjectKey) {
    let _ = crate::remote::objects::remove(key);
}
