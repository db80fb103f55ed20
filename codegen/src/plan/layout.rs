//! Managed layouts of value types with no references in them, computed the way Mono 6.8
//! does (ECMA-335 §II.10.7 gives the rules; the sizes are checked against Mono's `sizeof`).

use crate::model::{Layout, Ty};

/// One instance field of a value type, placed at its managed offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldSlot {
    /// Field name.
    pub name: String,
    /// Field type, with the struct's generic arguments substituted.
    pub ty: Ty,
    /// Byte offset in the managed (unboxed) value.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// Natural alignment in managed memory (before `Pack`).
    pub align: u32,
}

/// The managed layout of a value type with no references in it, as Mono computes it
/// (checked against `sizeof` under Mono 6.8: the unit tests below and `tests/fixtures/Fixture.cs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    /// Instance fields in declaration order.
    pub fields: Vec<FieldSlot>,
    /// Size in bytes of the unboxed value.
    pub size: u32,
    /// Alignment in bytes of the unboxed value.
    pub align: u32,
    /// True for `LayoutKind.Explicit` (fields may overlap).
    pub explicit: bool,
}

fn align_up(v: u32, a: u32) -> u32 {
    v.div_ceil(a.max(1)) * a.max(1)
}

/// Places the fields like Mono 6.8 does (measured, see the layout tests):
/// * sequential/auto: each field at the next multiple of `min(align, pack)`; the size is
///   `max(Size, end)` rounded up to the struct's alignment; an empty struct has size 1.
///   (Mono keeps declaration order for auto-layout value types too.)
/// * explicit: fields at their `[FieldOffset]`; the size is `max(Size, end)` when `Size`
///   is given (not rounded: `Size = 6` around an `int` gives 6), otherwise `end` rounded up.
pub(crate) fn lay_out(mut fields: Vec<FieldSlot>, layout: Layout) -> StructLayout {
    const DEFAULT_PACK: u32 = 8;
    let (pack, class_size, explicit) = match layout {
        Layout::Auto => (DEFAULT_PACK, None, false),
        Layout::Sequential { pack, size } => (pack.unwrap_or(DEFAULT_PACK), size, false),
        Layout::Explicit { size } => (DEFAULT_PACK, size, true),
    };
    let mut end = 0;
    let mut align = 1;
    for f in &mut fields {
        let a = f.align.min(pack).max(1);
        if !explicit {
            f.offset = align_up(end, a);
        }
        end = end.max(f.offset.saturating_add(f.size));
        align = align.max(a);
    }
    let size = match (explicit, class_size) {
        (true, Some(cs)) => cs.max(end),
        (true, None) => align_up(end, align),
        (false, cs) => align_up(cs.unwrap_or(0).max(end), align),
    };
    StructLayout {
        fields,
        size: size.max(1),
        align,
        explicit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(name: &str, size: u32, offset: u32) -> FieldSlot {
        FieldSlot {
            name: name.into(),
            ty: Ty::Void,
            offset,
            size,
            align: size,
        }
    }

    // Expected values are Mono 6.8's `sizeof` results for the same declarations.
    #[test]
    fn sequential_and_explicit_sizes_match_mono() {
        let seq = |pack, size| Layout::Sequential { pack, size };
        assert_eq!(lay_out(vec![slot("a", 4, 0)], seq(None, Some(6))).size, 8);
        assert_eq!(lay_out(vec![slot("a", 4, 0)], seq(None, Some(3))).size, 4);
        assert_eq!(
            lay_out(vec![slot("a", 1, 0), slot("b", 8, 0)], seq(Some(2), None)).size,
            10
        );
        assert_eq!(lay_out(vec![slot("a", 4, 0)], seq(Some(2), Some(9))).size, 10);
        assert_eq!(lay_out(vec![], seq(None, None)).size, 1);
        let exp = |size| Layout::Explicit { size };
        assert_eq!(lay_out(vec![slot("a", 4, 0)], exp(Some(6))).size, 6);
        assert_eq!(lay_out(vec![slot("a", 4, 0)], exp(Some(3))).size, 4);
        assert_eq!(lay_out(vec![slot("a", 8, 0), slot("b", 1, 8)], exp(None)).size, 16);
        assert_eq!(lay_out(vec![slot("a", 4, 1)], exp(None)).size, 8);
        assert_eq!(lay_out(vec![slot("a", 4, 2)], exp(Some(5))).size, 6);
    }
}
