//! The stores' slots on CoreCLR: segments of the helper's slot table (`SlotTable` in C#),
//! `object[]`s reachable from a static, so their objects are roots the precise collector
//! traces and moves. Rust never reads a reference out of one: the word naming a slot is what
//! crosses (see `bridge::SlotWord`), and managed code resolves it on its side of each call.
//!
//! A store's object crosses as a *checked word*: the slot and the version of the key that
//! named it. Managed code reads the object, then the slot's version in the store's version
//! array (native memory it was given with the segment), and refuses the word when the key was
//! released since (`Cilbind.StaleSlotException`, [`Error::StaleHandle`] here), so another
//! thread freeing and reusing the slot between Rust's check and the call is an error, never
//! the slot's new object, without a call into managed code to pin the object first. For an
//! entry point's argument that check is the only one: the word depends on the key alone
//! ([`Segment::argument`]), so a handle computes it once, when it is made, and passes it to
//! every call without reading the store; what Rust reads through a word itself (its class) is
//! checked on this side first. Managed
//! code also writes each stored object's type handle into the segment's class array (native
//! memory too), so the call path's type check of an argument reads memory instead of asking
//! the runtime.
//!
//! Its functions are never inlined, so that the host's `ManagedSegment` keeps Mono's arm (one
//! load) small enough to inline into the call path.

use std::num::NonZeroU64;
use std::sync::atomic::{fence, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;

use super::bridge::{BoxInto, ManagedHandle, SlotWord};
use super::heap::{object, word};
use super::{runtime, types};
use crate::error::{Error, Result};
use crate::host::slots::ArgumentWord;
use crate::host::{Class, ObjectRef};

/// The full name of the exception managed code throws for a checked word whose key was
/// released since.
pub(crate) const STALE_SLOT: &str = "Cilbind.StaleSlotException";

/// Marks a checked word (bit 63 marks a thread slot, so checked words are positive).
const CHECKED: i64 = 1 << 62;
/// Segment ids a checked word can name (7 bits); a segment with a higher id passes its
/// objects through a thread slot instead.
const CHECKED_SEGMENTS: usize = 128;
/// Slots of one segment a checked word can name (24 bits): the first 16 segments of a store
/// (its first 2²⁴ − 1024 handles).
const CHECKED_OFFSETS: usize = 1 << 24;

/// What Rust keeps of one segment for reading checked words: the store's versions and the
/// class array managed code writes.
struct SegmentArrays {
    versions: &'static [AtomicU64],
    classes: &'static [AtomicUsize],
}

/// The arrays of each segment a checked word can name, by slot-table id.
static CHECKED_ARRAYS: [OnceLock<SegmentArrays>; CHECKED_SEGMENTS] = [const { OnceLock::new() }; CHECKED_SEGMENTS];

/// One segment: its id in the slot table and its length.
pub(crate) struct Segment {
    id: i32,
    len: usize,
    /// The bits every checked word of this segment carries ([`CHECKED`] and the id), or 0 when
    /// no checked word can name it (see [`checked_word`]).
    checked_base: i64,
    /// How many of the segment's first slots a checked word can name: none when
    /// `checked_base` is 0, else `len`, at most [`CHECKED_OFFSETS`] (one compare on the call
    /// path instead of three).
    checked_len: usize,
}

impl Segment {
    /// A new segment of `len` empty slots whose versions are `versions` (one word a slot,
    /// the version of its key in the high half, odd while the slot is live).
    pub(crate) fn new(len: usize, versions: &'static [AtomicU64]) -> Result<Segment> {
        let length =
            i32::try_from(len).map_err(|_| Error::InvalidArgument(format!("a store segment of {len} slots")))?;
        if versions.len() != len {
            return Err(Error::InvalidArgument(format!(
                "a store segment of {len} slots with {} versions",
                versions.len()
            )));
        }
        // Never freed: segments live as long as the process (the stores are statics).
        let classes: &'static [AtomicUsize] = Box::leak((0..len).map(|_| AtomicUsize::new(0)).collect());
        let id = runtime()
            .bridge
            .new_segment(length, versions.as_ptr().cast(), classes.as_ptr().cast())
            .map_err(|e| Error::Unsupported(format!("CoreCLR could not make a store segment of {len} slots: {e}")))?;
        register(id, versions, classes);
        let checked_base = checked_word(id, 0, 1).map_or(0, |w| w.0);
        let checked_len = if checked_base == 0 { 0 } else { len.min(CHECKED_OFFSETS) };
        Ok(Segment {
            id,
            len,
            checked_base,
            checked_len,
        })
    }

    #[inline]
    fn slot(&self, offset: usize) -> SlotWord {
        assert!(offset < self.len, "slot {offset} outside a segment of {}", self.len);
        SlotWord::store(self.id, offset as u32)
    }

    /// The object in slot `offset`, which a key of `version` names, for the length of the
    /// current call: a checked word (see the module documentation), or for a slot one cannot
    /// name, a thread slot that holds the object itself, so that the store's check of the
    /// slot's version after this load proves the object is the one the key named.
    // The common case (a checked word: a few bit operations) inlines into the store's read;
    // the rest is out of line. (Inlined, it also lowers Mono's instance call by three
    // instructions: `icount::call::instance_generated`.)
    #[inline(always)]
    pub(crate) fn load(&self, offset: usize, version: u32) -> ObjectRef {
        if offset < self.checked_len {
            let w = SlotWord(self.checked_base | i64::from(version >> 1) << 31 | offset as i64);
            debug_assert_eq!(Some(w.0), checked_word(self.id, offset, version).map(|c| c.0));
            return object(w);
        }
        self.load_held(offset)
    }

    /// The checked word of slot `offset` as a live key of `version` names it, for an entry
    /// point's argument, without reading the slot's version (a segment keeps its id for the
    /// life of the process, so the word stays the key's): the entry reads the object,
    /// then the version, and throws `Cilbind.StaleSlotException` ([`Error::StaleHandle`]) when
    /// they disagree, which is the whole proof the store's own check would give. `None` when
    /// no checked word names the slot, or `version` is not a live key's (odd).
    #[inline(always)]
    pub(crate) fn argument(&self, offset: usize, version: u32) -> Option<ArgumentWord> {
        if offset < self.checked_len && version & 1 == 1 {
            // Positive and non-zero: `checked_base` carries `CHECKED` (bit 62).
            let w = self.checked_base | i64::from(version >> 1) << 31 | offset as i64;
            return NonZeroU64::new(w as u64).map(ArgumentWord::new);
        }
        None
    }

    /// [`Segment::load`] of a slot no checked word can name: through a thread slot.
    #[inline(never)]
    fn load_held(&self, offset: usize) -> ObjectRef {
        object(runtime().bridge.hold(self.slot(offset)))
    }

    /// Puts `obj` in slot `offset` (a thread slot's object moves; another store slot's object
    /// is shared). A checked word whose key was released since is [`Error::StaleHandle`].
    #[inline(never)]
    pub(crate) fn store(&self, offset: usize, obj: ObjectRef) -> Result<()> {
        match runtime().bridge.move_slot(word(obj), self.slot(offset)) {
            1 => Ok(()),
            0 => Err(Error::StaleHandle),
            _ => Err(Error::InvalidArgument(format!(
                "a reference word {:#x} that names no slot",
                word(obj).0
            ))),
        }
    }

    /// Empties slot `offset`.
    #[inline(never)]
    pub(crate) fn clear(&self, offset: usize) {
        // Clearing cannot fail: the null word names no slot to check.
        let _ = runtime().bridge.move_slot(SlotWord::NULL, self.slot(offset));
    }
}

/// Slots to empty, gathered to be emptied by one call into managed code per
/// [`ClearBatch::CAPACITY`].
pub(crate) struct ClearBatch {
    words: [SlotWord; ClearBatch::CAPACITY],
    len: usize,
}

impl ClearBatch {
    const CAPACITY: usize = 64;

    /// An empty batch.
    pub(crate) fn new() -> ClearBatch {
        ClearBatch {
            words: [SlotWord::NULL; ClearBatch::CAPACITY],
            len: 0,
        }
    }

    /// Adds slot `offset` of `segment` (emptying the batch first when it is full).
    #[inline]
    pub(crate) fn push(&mut self, segment: &Segment, offset: usize) {
        if self.len == ClearBatch::CAPACITY {
            self.finish();
        }
        self.words[self.len] = segment.slot(offset);
        self.len += 1;
    }

    /// Empties the gathered slots.
    pub(crate) fn finish(&mut self) {
        if self.len == 0 {
            return;
        }
        let cleared = runtime().bridge.clear_slots(&self.words[..self.len]);
        debug_assert_eq!(cleared, self.len, "every word names a store slot");
        self.len = 0;
    }
}

/// Records segment `id`'s arrays for [`class_of_checked`] (when a checked word can name it).
pub(crate) fn register(id: i32, versions: &'static [AtomicU64], classes: &'static [AtomicUsize]) {
    if let Some(arrays) = usize::try_from(id).ok().and_then(|i| CHECKED_ARRAYS.get(i)) {
        // The slot table hands out each id once, so this is the first set.
        let _ = arrays.set(SegmentArrays { versions, classes });
    }
}

/// The checked word of slot `offset` of segment `id` as a key of `version` names it, if one
/// can name it (see [`CHECKED_SEGMENTS`], [`CHECKED_OFFSETS`]).
#[inline]
pub(crate) fn checked_word(id: i32, offset: usize, version: u32) -> Option<SlotWord> {
    let id = usize::try_from(id).ok().filter(|&id| id < CHECKED_SEGMENTS)?;
    if offset >= CHECKED_OFFSETS {
        return None;
    }
    let version_bits = i64::from(version >> 1) << 31;
    Some(SlotWord(CHECKED | version_bits | ((id as i64) << 24) | offset as i64))
}

/// Boxes values of one value type straight into a store slot: one call into managed code
/// per box, no lookup (the bridge emitted it for the type and checked its size).
pub(crate) struct Boxer(BoxInto);

impl Boxer {
    /// The boxer of values of `class`, a value type without references whose size the caller
    /// checked against the Rust type's.
    pub(crate) fn resolve(class: Class) -> Result<Boxer> {
        let (size, _) = class.value_size();
        runtime()
            .bridge
            .make_boxer(types::of_class(class), size)
            .map(Boxer)
            .map_err(|e| Error::Unsupported(format!("boxing {} from Rust: {e}", class.full_name())))
    }

    /// Boxes the value at `data` (of the type this boxer was made for) into slot `offset` of
    /// `segment`.
    #[inline(never)]
    pub(crate) fn box_into(&self, data: *const u8, segment: &Segment, offset: usize) -> Result<()> {
        let to = segment.slot(offset);
        // SAFETY: `data` points to a value of the boxer's type (its size checked when the
        // boxer was made), readable for the call; `to` names a slot of a live segment; the
        // boxer catches every exception.
        match unsafe { (self.0)(data, to) } {
            1 => Ok(()),
            _ => Err(Error::Unsupported(
                "CoreCLR could not box a value into a store slot (out of memory?)".into(),
            )),
        }
    }
}

/// The class of the object a checked word names, read from its segment's class array:
/// `Some(None)` when the word's key was released since (the slot may hold another object),
/// `None` when `w` is not a checked word.
#[inline]
pub(crate) fn class_of_checked(w: SlotWord) -> Option<Option<Class>> {
    if w.0 & CHECKED == 0 || w.0 < 0 {
        return None;
    }
    let id = ((w.0 >> 24) & 0x7f) as usize;
    let offset = (w.0 & 0xff_ffff) as usize;
    let expected = (((w.0 >> 30) & 0xffff_ffff) | 1) as u64;
    let arrays = CHECKED_ARRAYS[id].get()?;
    let (Some(version), Some(class)) = (arrays.versions.get(offset), arrays.classes.get(offset)) else {
        return Some(None);
    };
    // Managed code writes the class before the object and the store publishes the version
    // after both; a release bumps the version first. So: class, then version; if the version
    // is still the key's, the class is its object's.
    let handle = class.load(Ordering::Acquire);
    fence(Ordering::Acquire);
    if version.load(Ordering::Relaxed) >> 32 != expected {
        return Some(None);
    }
    Some(types::class_of_object(ManagedHandle(handle as *mut _)))
}

/// `o`, in one of the thread's slots when it is a checked word (see `ObjectRef::detached`).
#[inline(never)]
pub(crate) fn detached(o: ObjectRef) -> Result<ObjectRef> {
    let w = word(o);
    if w.0 < 0 || w.0 & CHECKED == 0 {
        return Ok(o);
    }
    match runtime().bridge.hold(w) {
        SlotWord::NULL => Err(Error::StaleHandle),
        held => Ok(object(held)),
    }
}
