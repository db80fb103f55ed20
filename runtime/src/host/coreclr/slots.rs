//! The stores' slots on CoreCLR: segments of the helper's slot table (`SlotTable` in C#),
//! `object[]`s reachable from a static, so their objects are roots the precise collector
//! traces and moves. Rust never reads a reference out of one: the word naming a slot is what
//! crosses (see `bridge::SlotWord`), and managed code resolves it on its side of each call.
//! Its functions are never inlined, so that the host's `ManagedSegment` keeps Mono's arm (one
//! load) small enough to inline into the call path.

use super::bridge::SlotWord;
use super::heap::{object, word};
use super::runtime;
use crate::error::{Error, Result};
use crate::host::ObjectRef;

/// One segment: its id in the slot table and its length.
pub(crate) struct Segment {
    id: i32,
    len: usize,
}

impl Segment {
    /// A new segment of `len` empty slots.
    pub(crate) fn new(len: usize) -> Result<Segment> {
        let length =
            i32::try_from(len).map_err(|_| Error::InvalidArgument(format!("a store segment of {len} slots")))?;
        let id = runtime()
            .bridge
            .new_segment(length)
            .map_err(|e| Error::Unsupported(format!("CoreCLR could not make a store segment of {len} slots: {e}")))?;
        Ok(Segment { id, len })
    }

    #[inline]
    fn slot(&self, offset: usize) -> SlotWord {
        assert!(offset < self.len, "slot {offset} outside a segment of {}", self.len);
        SlotWord::store(self.id, offset as u32)
    }

    /// The object in slot `offset` (null when empty), for the length of the current call: a
    /// thread slot that holds the object itself, as a loaded reference does on Mono, so that
    /// the store's check of the slot's version after this load proves the object is the one
    /// the key named (another thread may free and reuse the store slot right after).
    #[inline(never)]
    pub(crate) fn load(&self, offset: usize) -> ObjectRef {
        object(runtime().bridge.hold(self.slot(offset)))
    }

    /// Puts `obj` in slot `offset` (a thread slot's object moves; another store slot's object
    /// is shared).
    #[inline(never)]
    pub(crate) fn store(&self, offset: usize, obj: ObjectRef) {
        runtime().bridge.move_slot(word(obj), self.slot(offset));
    }

    /// Empties slot `offset`.
    #[inline(never)]
    pub(crate) fn clear(&self, offset: usize) {
        runtime().bridge.move_slot(SlotWord::NULL, self.slot(offset));
    }
}
