//! Bounds-checked little-endian reads. Every read of the image goes through here, so no input
//! can index out of bounds or overflow an offset computation.

/// `len` bytes at `at`, or `None` if any of them is outside `bytes` (or `at + len` overflows).
pub(crate) fn slice(bytes: &[u8], at: usize, len: usize) -> Option<&[u8]> {
    bytes.get(at..at.checked_add(len)?)
}

/// The byte at `at`.
pub(crate) fn u8_at(bytes: &[u8], at: usize) -> Option<u8> {
    bytes.get(at).copied()
}

/// The little-endian `u16` at `at` (ECMA-335 II.24.1: all metadata is little-endian).
pub(crate) fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(slice(bytes, at, 2)?.try_into().ok()?))
}

/// The little-endian `u32` at `at`.
pub(crate) fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(slice(bytes, at, 4)?.try_into().ok()?))
}

/// The little-endian `u64` at `at`.
pub(crate) fn u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(slice(bytes, at, 8)?.try_into().ok()?))
}

/// A column of `width` (2 or 4) bytes at `at`, widened to `u32`.
pub(crate) fn uint_at(bytes: &[u8], at: usize, width: usize) -> Option<u32> {
    match width {
        2 => u16_at(bytes, at).map(u32::from),
        4 => u32_at(bytes, at),
        _ => None,
    }
}

/// Decodes an ECMA-335 compressed unsigned integer (II.23.2) at the start of `bytes`:
/// `(value, bytes used)`, or `None` if it is truncated or uses the reserved `111xxxxx` form.
pub(crate) fn compressed_u32(bytes: &[u8]) -> Option<(u32, usize)> {
    let b0 = u32::from(*bytes.first()?);
    // why: II.23.2 — 0xxxxxxx is one byte, 10xxxxxx two, 110xxxxx four; 111xxxxx is not a
    // valid length prefix (0xFF marks a null string in custom attributes, never a length).
    if b0 & 0x80 == 0 {
        Some((b0, 1))
    } else if b0 & 0xC0 == 0x80 {
        let b1 = u32::from(*bytes.get(1)?);
        Some((((b0 & 0x3F) << 8) | b1, 2))
    } else if b0 & 0xE0 == 0xC0 {
        let rest = bytes.get(1..4)?;
        Some((
            ((b0 & 0x1F) << 24) | (u32::from(rest[0]) << 16) | (u32::from(rest[1]) << 8) | u32::from(rest[2]),
            4,
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compressed_forms() {
        // The examples of II.23.2.
        assert_eq!(compressed_u32(&[0x03]), Some((3, 1)));
        assert_eq!(compressed_u32(&[0x7F]), Some((0x7F, 1)));
        assert_eq!(compressed_u32(&[0x80, 0x80]), Some((0x80, 2)));
        assert_eq!(compressed_u32(&[0xBF, 0xFF]), Some((0x3FFF, 2)));
        assert_eq!(compressed_u32(&[0xC0, 0x00, 0x40, 0x00]), Some((0x4000, 4)));
        assert_eq!(compressed_u32(&[0xDF, 0xFF, 0xFF, 0xFF]), Some((0x1FFF_FFFF, 4)));
        assert_eq!(compressed_u32(&[0xE0]), None);
        assert_eq!(compressed_u32(&[0x80]), None);
        assert_eq!(compressed_u32(&[0xC0, 0, 0]), None);
        assert_eq!(compressed_u32(&[]), None);
    }

    #[test]
    fn reads_past_the_end_are_none() {
        let b = [1u8, 2, 3];
        assert_eq!(u16_at(&b, 1), Some(0x0302));
        assert_eq!(u16_at(&b, 2), None);
        assert_eq!(u32_at(&b, usize::MAX), None);
        assert_eq!(slice(&b, usize::MAX, 2), None);
    }
}
