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
        OBJECTS.len()
    }

    /// True while `key` refers to a live handle.
    pub fn contains(key: ObjectKey) -> bool {
        OBJECTS.contains(key)
    }

    /// The runtime class of the object behind `key`.
    pub fn class_of(key: ObjectKey) -> Result<Class> {
        let obj = OBJECTS.target(key)?;
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
        OBJECTS.target(key)
    }

    pub(crate) fn duplicate(key: ObjectKey) -> Result<ObjectKey> {
        OBJECTS.duplicate(key)
    }

    pub(crate) fn remove(key: ObjectKey) -> Result<()> {
        OBJECTS.remove(key)
    }
}
