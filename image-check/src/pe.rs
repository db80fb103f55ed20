//! The PE container: DOS stub, COFF and optional headers, the section table, RVA → file offset
//! mapping, and the CLI header (ECMA-335 II.25).

use crate::bytes::{slice, u16_at, u32_at};
use crate::error::{ImageError, Result};
use std::ops::Range;

/// One section: where it is in memory (RVA) and in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Section {
    /// RVA of the first byte.
    pub virtual_address: u32,
    /// Bytes present in the file.
    pub raw_size: u32,
    /// File offset of the first byte.
    pub raw_offset: u32,
}

/// The parsed, bounds-checked PE container.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pe {
    /// File offset of the `PE\0\0` signature.
    pub pe_offset: usize,
    /// File range of the section table.
    pub section_table: Range<usize>,
    /// The sections, in table order.
    pub sections: Vec<Section>,
    /// File range of the CLI header.
    pub cli_header: Range<usize>,
    /// File range of the metadata (the metadata root and its streams).
    pub metadata: Range<usize>,
    /// File range of the managed resources, if any.
    pub resources: Option<Range<usize>>,
    /// The entry point token of the CLI header (0 for none).
    pub entry_point_token: u32,
}

fn pe_err(what: impl Into<String>, offset: usize) -> ImageError {
    ImageError::Pe {
        what: what.into(),
        offset,
    }
}

impl Pe {
    /// Maps an RVA range `[rva, rva + size)` to a file range, requiring it to lie entirely inside
    /// the raw data of one section.
    pub fn map(&self, rva: u32, size: u32) -> Option<Range<usize>> {
        // why: II.25 — an RVA is only meaningful inside a section; Mono (like the Windows loader)
        // maps it through the section whose [VirtualAddress, VirtualAddress + SizeOfRawData)
        // contains it, so the whole range must fit in that section's file data.
        let end = rva.checked_add(size)?;
        self.sections.iter().find_map(|s| {
            let s_end = s.virtual_address.checked_add(s.raw_size)?;
            if rva >= s.virtual_address && rva < s_end && end <= s_end {
                let start = usize::try_from(s.raw_offset.checked_add(rva - s.virtual_address)?).ok()?;
                Some(start..start.checked_add(usize::try_from(size).ok()?)?)
            } else {
                None
            }
        })
    }

    /// Reads and checks the PE headers, the section table and the CLI header.
    pub fn parse(bytes: &[u8]) -> Result<Pe> {
        // why: II.25.2.1 — the MS-DOS header starts with "MZ" and holds the PE header's file
        // offset (lfanew) at 0x3c.
        if !bytes.starts_with(b"MZ") {
            return Err(ImageError::NotPe("no 'MZ' signature".into()));
        }
        let lfanew = u32_at(bytes, 0x3c).ok_or_else(|| pe_err("file ends inside the MS-DOS header", 0x3c))?;
        let pe_offset = lfanew as usize;
        match slice(bytes, pe_offset, 4) {
            Some(b"PE\0\0") => {}
            Some(_) => return Err(ImageError::NotPe(format!("no 'PE\\0\\0' signature at {pe_offset:#x}"))),
            None => return Err(pe_err("PE signature offset is past the end of the file", 0x3c)),
        }
        // why: II.25.2.2 — the 20-byte PE file header follows the signature.
        let coff = pe_offset + 4;
        let sections = u16_at(bytes, coff + 2).ok_or_else(|| pe_err("file ends inside the PE file header", coff))?;
        let opt_size = u16_at(bytes, coff + 16).ok_or_else(|| pe_err("file ends inside the PE file header", coff))?;
        let opt = coff + 20;
        // why: II.25.2.3 — the optional header is PE32 (magic 0x10b) or PE32+ (0x20b); its data
        // directories start at offset 96 (PE32) or 112 (PE32+), and II.25.2.3.3 requires 16 of
        // them (the CLI header is the 15th).
        let magic = u16_at(bytes, opt).ok_or_else(|| pe_err("file ends inside the optional header", opt))?;
        let dirs_at = match magic {
            0x10b => 96,
            0x20b => 112,
            m => {
                return Err(pe_err(
                    format!("optional header magic {m:#x} is neither PE32 nor PE32+"),
                    opt,
                ))
            }
        };
        let min_opt = dirs_at + 16 * 8;
        if usize::from(opt_size) < min_opt {
            return Err(pe_err(
                format!("optional header is {opt_size} bytes, needs at least {min_opt}"),
                coff + 16,
            ));
        }
        let n_dirs =
            u32_at(bytes, opt + dirs_at - 4).ok_or_else(|| pe_err("file ends inside the optional header", opt))?;
        if n_dirs < 15 {
            return Err(pe_err(
                format!("{n_dirs} data directories; the CLI header is directory 15"),
                opt + dirs_at - 4,
            ));
        }
        if slice(bytes, opt, usize::from(opt_size)).is_none() {
            return Err(pe_err("file ends inside the optional header", opt));
        }

        // why: II.25.3 — section headers (40 bytes each) follow the optional header. The PE/COFF
        // specification limits the count to 96; a corrupt count must not allocate or loop long.
        if sections == 0 || sections > 96 {
            return Err(pe_err(format!("{sections} sections (must be 1..=96)"), coff + 2));
        }
        let table_at = opt + usize::from(opt_size);
        let table_len = usize::from(sections) * 40;
        if slice(bytes, table_at, table_len).is_none() {
            return Err(pe_err("section table runs past the end of the file", table_at));
        }
        let mut secs = Vec::with_capacity(usize::from(sections));
        for i in 0..usize::from(sections) {
            let h = table_at + i * 40;
            let read = |o| u32_at(bytes, h + o).ok_or_else(|| pe_err("truncated section header", h));
            let s = Section {
                virtual_address: read(12)?,
                raw_size: read(16)?,
                raw_offset: read(20)?,
            };
            // why: II.25.3 — SizeOfRawData/PointerToRawData locate the section in the file; data
            // the headers promise must be there, or every RVA into it reads past the end.
            if slice(bytes, s.raw_offset as usize, s.raw_size as usize).is_none() {
                return Err(pe_err(
                    format!(
                        "section {} data [{:#x}, +{:#x}) runs past the end of the file ({} bytes)",
                        i + 1,
                        s.raw_offset,
                        s.raw_size,
                        bytes.len()
                    ),
                    h + 16,
                ));
            }
            if s.virtual_address.checked_add(s.raw_size).is_none() {
                return Err(pe_err(format!("section {} RVA range overflows", i + 1), h + 12));
            }
            secs.push(s);
        }

        let mut pe = Pe {
            pe_offset,
            section_table: table_at..table_at + table_len,
            sections: secs,
            cli_header: 0..0,
            metadata: 0..0,
            resources: None,
            entry_point_token: 0,
        };

        // why: II.25.2.3.3 — data directory 14 (0-based) is the CLI header; zero means the image
        // is native code only.
        let cli_dir = opt + dirs_at + 14 * 8;
        let cli_rva = u32_at(bytes, cli_dir).ok_or_else(|| pe_err("truncated data directory", cli_dir))?;
        let cli_size = u32_at(bytes, cli_dir + 4).ok_or_else(|| pe_err("truncated data directory", cli_dir))?;
        if cli_rva == 0 {
            return Err(ImageError::NotCli);
        }
        // why: II.25.3.3 — the CLI header is 72 bytes and starts with its own size (cb).
        if cli_size < 72 {
            return Err(ImageError::CliHeader(format!("directory size {cli_size} < 72")));
        }
        pe.cli_header = pe
            .map(cli_rva, 72)
            .ok_or_else(|| ImageError::CliHeader(format!("RVA {cli_rva:#x} is not inside a section")))?;
        let h = pe.cli_header.start;
        let read = |o: usize| u32_at(bytes, h + o).ok_or_else(|| ImageError::CliHeader("truncated".into()));
        let cb = read(0)?;
        if cb < 72 {
            return Err(ImageError::CliHeader(format!("cb = {cb}, must be at least 72")));
        }
        // why: II.25.3.3 — MetaData (RVA, size) at offset 8 locates the metadata root.
        let (md_rva, md_size) = (read(8)?, read(12)?);
        if md_rva == 0 || md_size == 0 {
            return Err(ImageError::CliHeader("no metadata directory".into()));
        }
        pe.metadata = pe.map(md_rva, md_size).ok_or_else(|| {
            ImageError::CliHeader(format!(
                "metadata [{md_rva:#x}, +{md_size:#x}) is not inside one section's file data"
            ))
        })?;
        pe.entry_point_token = read(20)?;
        // why: II.25.3.3 — Resources and StrongNameSignature are (RVA, size) pairs read by the
        // loader on demand; when present they must lie inside a section.
        for (name, at) in [("Resources", 24), ("StrongNameSignature", 32)] {
            let (rva, size) = (read(at)?, read(at + 4)?);
            if rva == 0 && size == 0 {
                continue;
            }
            let r = pe.map(rva, size).ok_or_else(|| {
                ImageError::CliHeader(format!(
                    "{name} [{rva:#x}, +{size:#x}) is not inside one section's file data"
                ))
            })?;
            if name == "Resources" {
                pe.resources = Some(r);
            }
        }
        Ok(pe)
    }
}
