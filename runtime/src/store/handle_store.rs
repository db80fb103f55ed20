//! The one mechanism behind both stores: a slot map from keys to GC handles.

use std::sync::RwLock;

use slotmap::{Key, SlotMap};

use crate::error::{Error, Result};
use crate::host::raw::{self, RawObject};

/// Keys → strong GC handles. Thread-safe and growable; lookups take a read lock.
pub(crate) struct HandleStore<K: Key> {
    slots: RwLock<SlotMap<K, u32>>,
}

impl<K: Key> HandleStore<K> {
    pub(crate) fn new() -> Self {
        HandleStore {
            slots: RwLock::new(SlotMap::with_key()),
        }
    }

    /// Pins `obj` with a new GC handle and returns its key. `obj` must be non-null.
    pub(crate) fn insert(&self, obj: RawObject) -> K {
        debug_assert!(!obj.is_null());
        let handle = raw::gchandle_new(obj);
        self.slots.write().unwrap_or_else(|p| p.into_inner()).insert(handle)
    }

    /// The object behind `key`, for the length of the current call.
    ///
    /// The GC handle is read under the lock, so a concurrent `remove` cannot free it in
    /// between; once read, the reference sits on this thread's stack, where SGen's
    /// conservative scan keeps it alive and in place even if the key is removed meanwhile.
    #[inline]
    pub(crate) fn target(&self, key: K) -> Result<RawObject> {
        let slots = self.slots.read().unwrap_or_else(|p| p.into_inner());
        let handle = *slots.get(key).ok_or(Error::StaleHandle)?;
        Ok(raw::gchandle_target(handle))
    }

    /// A new key (and GC handle) for the object behind `key`.
    pub(crate) fn duplicate(&self, key: K) -> Result<K> {
        let obj = self.target(key)?;
        Ok(self.insert(obj))
    }

    /// Frees `key`'s slot and GC handle.
    pub(crate) fn remove(&self, key: K) -> Result<()> {
        let handle = self
            .slots
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key)
            .ok_or(Error::StaleHandle)?;
        raw::gchandle_free(handle);
        Ok(())
    }

    /// True while `key` is live.
    pub(crate) fn contains(&self, key: K) -> bool {
        self.slots.read().unwrap_or_else(|p| p.into_inner()).contains_key(key)
    }

    /// Number of live handles.
    pub(crate) fn len(&self) -> usize {
        self.slots.read().unwrap_or_else(|p| p.into_inner()).len()
    }
}
