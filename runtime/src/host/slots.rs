//! Managed slot arrays: where the stores keep the objects Rust holds, on either backend.
//!
//! A store's objects live in `object[]` segments owned by the managed heap, one element per
//! store slot, so that an object held from Rust is an ordinary managed reference that the
//! collector traces and updates when it moves the object. On Mono the segment is pinned and a
//! slot is read with one load (`mono/slots.rs`); on CoreCLR Rust never reads a reference: a
//! slot's [`ObjectRef`] is the word naming the slot itself, which managed code resolves on its
//! side of a call, so loading one costs no memory access into the managed heap at all.

use std::num::NonZeroU64;
use std::sync::atomic::AtomicU64;

use super::backend::on_backend;
use super::raw::{ObjectRef, PlainValue};
use super::{coreclr, mono, Class};
use crate::error::Result;

/// What an entry point receives for a store's object when the entry itself proves, each call,
/// that the slot still holds the object of the key that named it (CoreCLR's checked words:
/// the slot and the key's version, see `coreclr/slots.rs`). It depends on the key alone, and a
/// segment never moves or changes its id, so a handle computes it once and keeps it for its
/// whole life ([`Object`](crate::Object)): a call then passes it without reading the store.
/// Made only by a segment, from a live key's slot; Rust never reads through it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ArgumentWord(NonZeroU64);

impl ArgumentWord {
    /// The word of a checked reference (a segment makes it: nothing else names a slot).
    pub(in crate::host) fn new(word: NonZeroU64) -> ArgumentWord {
        ArgumentWord(word)
    }

    /// The word as the reference an entry point's argument passes.
    #[inline(always)]
    pub(crate) fn object(self) -> ObjectRef {
        ObjectRef(self.0.get() as usize as *mut std::ffi::c_void)
    }
}

/// Lets go of the objects the calling thread's recent calls passed or got back, between its
/// calls: CoreCLR's ring of the thread's temporary words (the last 256) keeps them reachable
/// until newer ones replace them; Mono keeps none (its collector scans the thread's stack
/// conservatively instead, which nothing but later calls overwrites). For a thread that goes
/// idle between calls whose released objects must be collectable (a server's session).
pub(crate) fn release_temporaries() -> Result<()> {
    on_backend!(mono => Ok(()), coreclr => coreclr::heap::release_temporaries())
}

/// One segment of a store: `len` slots, each empty or holding one object.
pub(crate) enum ManagedSegment {
    /// A pinned `object[]` of the current unit.
    Mono(mono::slots::ManagedSegment),
    /// A segment of the helper's slot table.
    CoreClr(coreclr::slots::Segment),
}

impl ManagedSegment {
    /// A new segment of `len` empty slots whose store keeps their versions in `versions`
    /// (one word a slot: the version of the key naming it in the high half, odd while the slot
    /// is live; the store bumps it before it empties a slot and publishes it after it fills
    /// one). A backend that resolves slots on the managed side checks them there (CoreCLR).
    /// Needs the runtime (the callers hold an object).
    pub(crate) fn new(len: usize, versions: &'static [AtomicU64]) -> Result<ManagedSegment> {
        on_backend!(
            mono => mono::slots::ManagedSegment::new(len).map(ManagedSegment::Mono),
            coreclr => coreclr::slots::Segment::new(len, versions).map(ManagedSegment::CoreClr),
        )
    }

    /// Replaces the segment's array with a new one of the same length in the current unit (a
    /// reload, once every slot is empty; nothing else runs meanwhile).
    pub(crate) fn renew(&self) {
        match self {
            ManagedSegment::Mono(s) => s.renew(),
            // CoreCLR's segments are process-wide: a unit change leaves them empty and valid.
            ManagedSegment::CoreClr(_) => {}
        }
    }

    /// The object in slot `offset`, which a key of `version` names, for the length of the
    /// current call: null when the slot is empty, and, where the backend can tell only on the
    /// managed side (CoreCLR), a reference whose use is [`Error::StaleHandle`](crate::Error)
    /// once the key is released. The caller rechecks the version after this load.
    #[inline(always)]
    pub(crate) fn load(&self, offset: usize, version: u32) -> ObjectRef {
        match self {
            ManagedSegment::Mono(s) => s.load(offset).into(),
            ManagedSegment::CoreClr(s) => s.load(offset, version),
        }
    }

    /// What an entry point's argument passes for slot `offset` as a live key of `version`
    /// names it, when the entry itself proves the slot still holds that key's object (CoreCLR's
    /// checked words: see `coreclr/slots.rs`), so the store need not read the slot's version
    /// first. `None` where the argument is the object itself (Mono), which the store loads
    /// and checks as for any read.
    #[inline(always)]
    pub(crate) fn argument(&self, offset: usize, version: u32) -> Option<ArgumentWord> {
        match self {
            ManagedSegment::Mono(_) => None,
            ManagedSegment::CoreClr(s) => s.argument(offset, version),
        }
    }

    /// Stores `obj` in slot `offset` (a call's result, or another slot's object); a reference
    /// loaded through a key released since is [`Error::StaleHandle`](crate::Error).
    #[inline(always)]
    pub(crate) fn store(&self, offset: usize, obj: ObjectRef) -> Result<()> {
        match self {
            ManagedSegment::Mono(s) => {
                s.store(offset, obj.into());
                Ok(())
            }
            ManagedSegment::CoreClr(s) => s.store(offset, obj),
        }
    }

    /// True when emptying a slot is a call into the runtime (CoreCLR, where Rust never writes
    /// the managed heap): the store then empties released slots in batches ([`clear_all`]).
    #[inline(always)]
    pub(crate) fn empties_in_batches(&self) -> bool {
        matches!(self, ManagedSegment::CoreClr(_))
    }

    /// Empties slot `offset`, dropping the store's reference to its object.
    #[inline(always)]
    pub(crate) fn clear(&self, offset: usize) {
        match self {
            ManagedSegment::Mono(s) => s.clear(offset),
            ManagedSegment::CoreClr(s) => s.clear(offset),
        }
    }
}

/// Empties every `(segment, offset)` slot of `slots`: one call into the runtime for all of them
/// where emptying one is a call (see [`ManagedSegment::empties_in_batches`]).
pub(crate) fn clear_all<'a>(slots: impl Iterator<Item = (&'a ManagedSegment, usize)>) {
    let mut batched = coreclr::slots::ClearBatch::new();
    for (segment, offset) in slots {
        match segment {
            ManagedSegment::Mono(s) => s.clear(offset),
            ManagedSegment::CoreClr(s) => batched.push(s, offset),
        }
    }
    batched.finish();
}

/// What boxes values of one blittable type into a slot, resolved once per type (in its
/// [`BlittableClass`](super::BlittableClass) cache).
pub(crate) enum SlotBoxer {
    /// The helper's emitted `Box(IntPtr, object[], int)` for the type.
    Mono(mono::slots::SlotBoxer),
    /// The bridge's boxer for the type, which boxes straight into a slot.
    CoreClr(coreclr::slots::Boxer),
}

impl SlotBoxer {
    /// The boxer of values of `class` (a value type).
    pub(crate) fn resolve(class: Class) -> Result<SlotBoxer> {
        on_backend!(
            mono => mono::slots::SlotBoxer::resolve(class.into()).map(SlotBoxer::Mono),
            coreclr => coreclr::slots::Boxer::resolve(class).map(SlotBoxer::CoreClr),
        )
    }

    /// Boxes a copy of `value` into element `index` of `array`, an `object[]` (the reflective
    /// path's arguments); a thrown exception (an `OutOfMemoryException`, or an index outside
    /// the array) is the error. `V` is the type this boxer was resolved for.
    #[inline]
    pub(crate) fn box_into_array<V: PlainValue>(&self, value: &V, array: ObjectRef, index: usize) -> Result<()> {
        match self {
            SlotBoxer::Mono(b) => b
                .box_into_array(value, array.into(), index)
                .map_err(mono::exception::to_error),
            SlotBoxer::CoreClr(_) => super::array::array_set_ref(array, index, super::raw::box_value(value)?),
        }
    }

    /// Boxes a copy of `value` into slot `offset` of `segment`; a thrown exception (an
    /// `OutOfMemoryException`) is the error. `V` must be the type this boxer was resolved for
    /// (its [`BlittableClass`](super::BlittableClass) guarantees it).
    #[inline]
    pub(crate) fn box_into<V: PlainValue>(&self, value: &V, segment: &ManagedSegment, offset: usize) -> Result<()> {
        match (self, segment) {
            (SlotBoxer::Mono(b), ManagedSegment::Mono(s)) => {
                b.box_into(value, s, offset).map_err(mono::exception::to_error)
            }
            (SlotBoxer::CoreClr(b), ManagedSegment::CoreClr(s)) => b.box_into((value as *const V).cast(), s, offset),
            _ => Err(crate::Error::Unsupported(
                "a boxer and a store segment of different runtimes".into(),
            )),
        }
    }
}
