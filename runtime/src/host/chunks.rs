//! Slots that never move: a table of fixed-size chunks, each allocated on first use and kept
//! for the life of the process, so a slot's address is stable and a reader finds it with no
//! lock (one chunk load, one index). The tables whose keys C# holds while Rust may free their
//! values use it: the proxies' values (`proxy/slab.rs`) and the closures of typed delegates
//! (`revocable.rs`). Which slots are free is the owner's to track, under its own lock
//! ([`Indices`]).

use std::sync::OnceLock;

use crate::error::{Error, Result};

/// Slots per chunk.
const CHUNK: usize = 1024;
/// Chunks per table: at most `CHUNK * CHUNKS` slots.
const CHUNKS: usize = 4096;

/// A table of slots of type `S`.
pub(crate) struct Chunks<S: 'static> {
    chunks: [OnceLock<Box<[S]>>; CHUNKS],
}

impl<S: 'static> Chunks<S> {
    pub(crate) const fn new() -> Chunks<S> {
        Chunks {
            chunks: [const { OnceLock::new() }; CHUNKS],
        }
    }

    /// Slot `index`, if its chunk was allocated.
    #[inline]
    pub(crate) fn get(&'static self, index: u32) -> Option<&'static S> {
        let index = index as usize;
        self.chunks.get(index / CHUNK)?.get()?.get(index % CHUNK)
    }
}

/// A key's generation and slot index: keys are `generation << 32 | index`.
#[inline]
pub(crate) fn split_key(key: i64) -> (u32, u32) {
    ((key as u64 >> 32) as u32, key as u64 as u32)
}

/// The key of slot `index` under `generation`.
#[inline]
pub(crate) fn key_of(generation: u32, index: u32) -> i64 {
    ((generation as u64) << 32 | index as u64) as i64
}

/// Which slots of a table are in use: the owner keeps it under its lock.
pub(crate) struct Indices {
    /// Slots never used so far start at this index.
    next: u32,
    free: Vec<u32>,
}

impl Indices {
    pub(crate) const fn new() -> Indices {
        Indices {
            next: 0,
            free: Vec::new(),
        }
    }

    /// A free slot of `table` (its chunk allocated with slots made by `empty`), or an error
    /// saying that more than the table's capacity of `what` are in use.
    pub(crate) fn take<S>(&mut self, table: &'static Chunks<S>, empty: fn() -> S, what: &str) -> Result<u32> {
        if let Some(i) = self.free.pop() {
            return Ok(i);
        }
        let i = self.next;
        if i as usize >= CHUNK * CHUNKS {
            return Err(Error::Unsupported(format!("more than {} {what}", CHUNK * CHUNKS)));
        }
        table.chunks[i as usize / CHUNK].get_or_init(|| (0..CHUNK).map(|_| empty()).collect());
        self.next += 1;
        Ok(i)
    }

    /// Gives slot `index` back.
    pub(crate) fn give_back(&mut self, index: u32) {
        self.free.push(index);
    }

    /// Every index handed out so far (in use or free).
    pub(crate) fn all(&self) -> std::ops::Range<u32> {
        0..self.next
    }
}
