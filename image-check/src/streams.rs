//! The metadata root and its stream headers (ECMA-335 II.24.2.1, II.24.2.2).

use crate::bytes::{slice, u16_at, u32_at};
use crate::error::{ImageError, Result};
use std::ops::Range;

/// One stream: its name and where its bytes are in the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stream {
    /// `#~`, `#Strings`, `#Blob`, `#GUID`, `#US`, ...
    pub name: String,
    /// File range of the stream's bytes.
    pub range: Range<usize>,
    /// File range of the stream's header in the metadata root.
    pub header: Range<usize>,
}

/// The streams of an image, by role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Streams {
    /// Every stream, in header order.
    pub all: Vec<Stream>,
    /// File range of the metadata root up to the first stream header.
    pub root_header: Range<usize>,
}

impl Streams {
    /// The file range of the stream named `name`.
    pub fn get(&self, name: &str) -> Option<Range<usize>> {
        self.all.iter().find(|s| s.name == name).map(|s| s.range.clone())
    }
}

fn root_err(what: impl Into<String>, offset: usize) -> ImageError {
    ImageError::MetadataRoot {
        what: what.into(),
        offset,
    }
}

/// Reads the metadata root at `metadata` (a file range already known to be inside `bytes`).
pub fn parse(bytes: &[u8], metadata: Range<usize>) -> Result<Streams> {
    let md = bytes
        .get(metadata.clone())
        .ok_or_else(|| root_err("metadata range is outside the file", metadata.start))?;
    let base = metadata.start;
    let short = |o: usize| root_err("metadata ends inside the root header", base + o);
    // why: II.24.2.1 — the root starts with the signature 0x424A5342 ("BSJB").
    if u32_at(md, 0).ok_or_else(|| short(0))? != 0x424A_5342 {
        return Err(root_err("bad signature (expected 'BSJB')", base));
    }
    // why: II.24.2.1 — Length is the version string's size, "rounded up to a multiple of four"
    // and at most 255 bytes.
    let len = u32_at(md, 12).ok_or_else(|| short(12))? as usize;
    if len > 256 || len % 4 != 0 {
        return Err(root_err(
            format!("version string length {len} (must be a multiple of 4, ≤ 256)"),
            base + 12,
        ));
    }
    let n_streams = u16_at(md, 18 + len).ok_or_else(|| short(18 + len))?;
    // why: II.24.2.2 lists five stream kinds; Mono also knows #Pdb and #JTD. More than a handful
    // of headers is corruption, and bounding the count bounds the work below.
    if n_streams == 0 || n_streams > 16 {
        return Err(root_err(
            format!("{n_streams} streams (must be 1..=16)"),
            base + 18 + len,
        ));
    }
    let mut at = 20 + len;
    let root_header = base..base + at;
    let mut all: Vec<Stream> = Vec::with_capacity(usize::from(n_streams));
    for _ in 0..n_streams {
        let hdr_start = at;
        let offset = u32_at(md, at).ok_or_else(|| short(at))? as usize;
        let size = u32_at(md, at + 4).ok_or_else(|| short(at + 4))? as usize;
        // why: II.24.2.2 — the name is NUL-terminated ASCII of at most 32 characters, padded to
        // the next 4-byte boundary.
        let name_area = md.get(at + 8..).ok_or_else(|| short(at + 8))?;
        let nul = name_area
            .iter()
            .take(33)
            .position(|&b| b == 0)
            .ok_or_else(|| root_err("stream name is not NUL-terminated within 32 characters", base + at + 8))?;
        let name_bytes = &name_area[..nul];
        if !name_bytes.iter().all(|b| b.is_ascii_graphic()) {
            return Err(root_err("stream name is not printable ASCII", base + at + 8));
        }
        let name = String::from_utf8_lossy(name_bytes).into_owned();
        at += 8 + (nul + 4) / 4 * 4;
        // why: II.24.2.2 — Offset is relative to the metadata root and the stream must lie inside
        // the metadata block the CLI header gives.
        if slice(md, offset, size).is_none() {
            return Err(root_err(
                format!(
                    "stream {name} [{offset:#x}, +{size:#x}) is outside the metadata ({} bytes)",
                    md.len()
                ),
                base + hdr_start,
            ));
        }
        // why: a duplicated stream name makes readers disagree on which one counts (Mono takes
        // the last, others the first).
        if all.iter().any(|s| s.name == name) {
            return Err(root_err(format!("stream {name} appears twice"), base + hdr_start));
        }
        all.push(Stream {
            name,
            range: base + offset..base + offset + size,
            header: base + hdr_start..base + at,
        });
    }
    // why: II.24.2.6 — an assembly's tables live in "#~" (Mono also accepts the uncompressed
    // "#-" form); without them there is nothing to read.
    if !all.iter().any(|s| s.name == "#~" || s.name == "#-") {
        return Err(root_err("no #~ (tables) stream", base));
    }
    if all.iter().any(|s| s.name == "#~") && all.iter().any(|s| s.name == "#-") {
        return Err(root_err("both #~ and #- streams", base));
    }
    Ok(Streams { all, root_header })
}
