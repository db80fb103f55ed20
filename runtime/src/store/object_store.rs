//! The store of object handles: every reference-typed value (class instances, interfaces,
//! strings held as objects, boxes) that Rust holds lives here.

use crate::error::Result;
use crate::host::slots::ManagedSegment;
use crate::host::{Class, ObjectRef};
use crate::store::HandleStore;

slotmap::new_key_type! {
    /// A generation-checked key into the [`ObjectStore`]. Copyable: an [`Object`](crate::Object)
    /// owns one, and dynamic callers (consoles, RPC) may keep copies; a copy of a released key
    /// is [`Error::StaleHandle`](crate::Error::StaleHandle), never another object.
    pub struct ObjectKey;
}

static OBJECTS: HandleStore<ObjectKey> = HandleStore::new();

/// The process-wide store of object handles.
pub struct ObjectStore;

impl ObjectStore {
    /// Number of live object handles (for leak tests).
    pub fn live() -> usize {
        OBJECTS.len() + crate::remote::objects::live()
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

    pub(crate) fn insert(obj: ObjectRef) -> Result<ObjectKey> {
        OBJECTS.insert(obj)
    }

    /// A new slot whose object `fill` puts in place (boxing straight into the slot).
    #[inline]
    pub(crate) fn insert_with(fill: impl FnOnce(&ManagedSegment, usize) -> Result<()>) -> Result<ObjectKey> {
        OBJECTS.insert_with(fill)
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
