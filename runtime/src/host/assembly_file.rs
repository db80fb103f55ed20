//! An assembly file, read and validated before any runtime sees it: the runtimes trust the
//! offsets, row counts and indexes in a file (Mono fails an assertion or crashes on a corrupt
//! one, and CoreCLR was measured to crash on one of the mutants `image_mutation.rs` makes), so
//! [`cilbind_image_check::check`] validates it first. Its name and module version (a new one per
//! build) tell another build of a loaded name from the loaded one.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// A validated assembly file.
pub(crate) struct AssemblyFile {
    /// Its bytes, as validated.
    pub(crate) bytes: Vec<u8>,
    /// The module version ID, spelled as Mono spells it (see [`image_guid`]).
    pub(crate) guid: String,
    /// The assembly's simple name (its Assembly table row).
    pub(crate) name: String,
}

/// Reads and validates the file at `path`: a missing file, an unreadable one and one that is
/// no valid .NET assembly are [`Error::AssemblyLoad`] naming the path and what is wrong.
pub(crate) fn read(path: &Path) -> Result<AssemblyFile> {
    let failed = |reason: String| Error::AssemblyLoad {
        path: PathBuf::from(path),
        reason,
    };
    if !path.is_file() {
        return Err(failed("no such file".into()));
    }
    let bytes = std::fs::read(path).map_err(|e| failed(format!("cannot read it: {e}")))?;
    let checked =
        cilbind_image_check::check(&bytes).map_err(|e| failed(format!("corrupt or not a .NET assembly: {e}")))?;
    let guid = image_guid(&bytes, &checked);
    let name = assembly_name(&bytes, &checked).ok_or_else(|| failed("it has no assembly name (a module?)".into()))?;
    Ok(AssemblyFile { bytes, guid, name })
}

/// The GUID an image is keyed by (the first of its `#GUID` heap), spelled as Mono spells it
/// (`mono_guid_to_string`: the first three groups little-endian, upper case). `checked` found a
/// `#GUID` heap of whole GUIDs and a Module row whose version ID indexes it, so there is one.
pub(crate) fn image_guid(bytes: &[u8], checked: &cilbind_image_check::CheckedImage) -> String {
    let g: [u8; 16] = checked
        .streams
        .get("#GUID")
        .and_then(|r| bytes.get(r.start..r.start.checked_add(16)?))
        .and_then(|g| g.try_into().ok())
        .unwrap_or_default();
    format!(
        "{:02X}{:02X}{:02X}{:02X}-{:02X}{:02X}-{:02X}{:02X}-{:02X}{:02X}-{:02X}{:02X}{:02X}{:02X}{:02X}{:02X}",
        g[3], g[2], g[1], g[0], g[5], g[4], g[7], g[6], g[8], g[9], g[10], g[11], g[12], g[13], g[14], g[15]
    )
}

/// The Name of the image's Assembly row (ECMA-335 II.22.2: table 0x20, column 7), read from
/// the `#Strings` heap the check validated.
fn assembly_name(bytes: &[u8], checked: &cilbind_image_check::CheckedImage) -> Option<String> {
    /// The Assembly table and its Name column.
    const ASSEMBLY: u8 = 0x20;
    const NAME: usize = 7;
    if checked.tables.rows.get(usize::from(ASSEMBLY)).is_none_or(|&n| n == 0) {
        return None;
    }
    let index = checked.tables.cell(ASSEMBLY, 1, NAME) as usize;
    let strings = bytes.get(checked.streams.get("#Strings")?)?;
    let tail = strings.get(index..)?;
    let end = tail.iter().position(|&b| b == 0)?;
    std::str::from_utf8(&tail[..end]).ok().map(str::to_owned)
}
