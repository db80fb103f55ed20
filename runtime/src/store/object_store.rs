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
        match OBJECTS.target(key) {
            Ok(obj) => Ok(obj),
            Err(e) => Err(not_here(key, e)),
        }
    }

    pub(crate) fn duplicate(key: ObjectKey) -> Result<ObjectKey> {
        match OBJECTS.duplicate(key) {
            Ok(key) => Ok(key),
            Err(e) if crate::remote::connected() => crate::remote::objects::duplicate(key).map_err(|_| e),
            Err(e) => Err(e),
        }
    }

    pub(crate) fn remove(key: ObjectKey) -> Result<()> {
        match OBJECTS.remove(key) {
            Ok(()) => Ok(()),
            Err(e) => remove_remote(key, e),
        }
    }
}

/// The error for a key this process's runtime does not hold: a remote object's handle says
/// where its object is (a local runtime cannot reach it); any other key is `e`.
#[cold]
fn not_here(key: ObjectKey, e: crate::Error) -> crate::Error {
    match crate::remote::objects::class_name(key) {
        Some(class) => crate::Error::Unsupported(format!(
            "this {class} lives in the runtime of the server this process is a client of: only calls of generated \
             bindings' methods reach it"
        )),
        None => e,
    }
}

/// [`ObjectStore::remove`] of a key the local store does not hold: a remote object's handle,
/// or `e`.
#[cold]
fn remove_remote(key: ObjectKey, e: crate::Error) -> Result<()> {
    if crate::remote::connected() {
        crate::remote::objects::remove(key).map_err(|_| e)
    } else {
        Err(e)
    }
}
