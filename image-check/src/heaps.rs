//! The `#Strings`, `#Blob` and `#GUID` heaps (ECMA-335 II.24.2.3, II.24.2.4, II.24.2.5): every
//! heap index a table holds is checked against them.

use crate::bytes::compressed_u32;
use crate::error::{ImageError, Result};

/// The heaps' bytes, borrowed from the image.
#[derive(Debug, Clone, Copy)]
pub struct Heaps<'a> {
    /// `#Strings`.
    pub strings: &'a [u8],
    /// `#Blob` (empty if absent).
    pub blob: &'a [u8],
    /// `#GUID` (empty if absent).
    pub guid: &'a [u8],
}

impl<'a> Heaps<'a> {
    /// Checks the heaps as a whole.
    pub fn new(strings: &'a [u8], blob: &'a [u8], guid: &'a [u8]) -> Result<Heaps<'a>> {
        let heap = |heap, what: &str| ImageError::Heap {
            heap,
            what: what.into(),
        };
        // why: II.24.2.3 — the first entry is the empty string, and every entry is
        // NUL-terminated; a heap that does not end in NUL lets a reader of its last string run
        // past the stream (Mono reads names with strlen).
        if strings.first() != Some(&0) {
            return Err(heap("#Strings", "missing, or does not start with the empty string"));
        }
        if strings.last() != Some(&0) {
            return Err(heap("#Strings", "does not end with a NUL byte"));
        }
        // why: II.24.2.3 — the strings are UTF-8. Checked once here; a single index then only
        // has to land on a character boundary.
        for s in strings.split(|&b| b == 0) {
            if std::str::from_utf8(s).is_err() {
                return Err(heap("#Strings", "holds a string that is not valid UTF-8"));
            }
        }
        // why: II.24.2.5 — the GUID heap is an array of 16-byte GUIDs.
        if guid.len() % 16 != 0 {
            return Err(heap("#GUID", "size is not a multiple of 16"));
        }
        Ok(Heaps { strings, blob, guid })
    }

    /// Checks a `#Strings` index: inside the heap and at the start of a UTF-8 character.
    /// Returns whether the string there is empty. O(1): the heap as a whole was checked in
    /// [`Heaps::new`].
    pub fn check_string(&self, index: u32) -> std::result::Result<bool, String> {
        let first = *self.strings.get(index as usize).ok_or_else(|| {
            format!(
                "#Strings index {index:#x} is past the heap ({} bytes)",
                self.strings.len()
            )
        })?;
        // The whole heap is valid UTF-8 between NULs, so an index is a valid string start
        // unless it lands on a continuation byte (10xxxxxx).
        if first & 0xC0 == 0x80 {
            return Err(format!(
                "#Strings index {index:#x} points into the middle of a UTF-8 character"
            ));
        }
        Ok(first == 0)
    }

    /// The string at a `#Strings` index (checked as by [`Heaps::check_string`]).
    pub fn string(&self, index: u32) -> std::result::Result<&'a str, String> {
        self.check_string(index)?;
        let rest = self.strings.get(index as usize..).unwrap_or_default();
        // The heap ends with NUL (checked in `new`), so `position` always finds one.
        let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        std::str::from_utf8(rest.get(..end).unwrap_or_default())
            .map_err(|_| format!("#Strings index {index:#x} is not valid UTF-8"))
    }

    /// Checks a `#Blob` index and returns the blob's bytes.
    pub fn blob(&self, index: u32) -> std::result::Result<&'a [u8], String> {
        // why: II.24.2.4 — a blob is a compressed length followed by that many bytes; both must
        // be inside the heap.
        let i = index as usize;
        let rest = self
            .blob
            .get(i..)
            .filter(|r| !r.is_empty())
            .ok_or_else(|| format!("#Blob index {index:#x} is past the heap ({} bytes)", self.blob.len()))?;
        let (len, used) =
            compressed_u32(rest).ok_or_else(|| format!("#Blob index {index:#x}: bad compressed length"))?;
        rest.get(used..used.saturating_add(len as usize))
            .ok_or_else(|| format!("#Blob index {index:#x}: length {len} runs past the heap"))
    }

    /// Checks a `#GUID` index (1-based; 0 means none).
    pub fn guid(&self, index: u32) -> std::result::Result<(), String> {
        // why: II.24.2.5 — GUID indexes are 1-based positions of 16-byte entries.
        let count = self.guid.len() / 16;
        if (index as usize) > count {
            Err(format!("#GUID index {index} is past the heap ({count} GUIDs)"))
        } else {
            Ok(())
        }
    }
}
