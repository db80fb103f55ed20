//! Parameters that take a Rust form other than one value each: an unmanaged pointer with its
//! length (a slice, in the `_slice` companion; the rule is in `member.rs`'s module doc) and a
//! `params T[]` array (a slice of its elements).

use super::items::{Param, ParamsArray};
use super::rust_ty::Pass;
use crate::model::{MethodModel, Primitive, Ty};

/// The `(pointer, length, length type)` parameter pairs of a method whose every pointer
/// parameter has an obvious length, or `None` (see the module doc).
pub(super) fn slice_pairs(m: &MethodModel, params: &[Param]) -> Option<Vec<(usize, usize, Primitive)>> {
    let mut pairs = Vec::new();
    for (i, p) in params.iter().enumerate() {
        if !matches!(p.pass, Pass::Pointer(_)) {
            continue;
        }
        if !matches!(m.params.get(i)?.ty, Ty::Pointer(Some(_))) {
            return None; // `void*`: no element type
        }
        let len = params.get(i + 1)?;
        let Pass::Primitive(prim @ (Primitive::I32 | Primitive::I64)) = len.pass else {
            return None;
        };
        let name = m.params.get(i + 1)?.name.to_ascii_lowercase();
        let obvious = name == "n" || ["count", "length", "len", "size"].iter().any(|w| name.contains(w));
        if !obvious {
            return None;
        }
        pairs.push((i, i + 1, prim));
    }
    Some(pairs)
}

/// How a `params T[]` parameter of form `pass` takes a slice (`None`: as a plain array).
pub(super) fn params_array(pass: &Pass) -> Option<ParamsArray> {
    match pass {
        Pass::BlittableArray { .. } => Some(ParamsArray::Values),
        Pass::ObjectArray(handle) => {
            let elem = handle.strip_prefix("::cilbind::ObjectArray<")?.strip_suffix('>')?;
            Some(if elem == "::cilbind::NetString" {
                ParamsArray::Strings
            } else {
                ParamsArray::Objects(elem.to_string())
            })
        }
        _ => None,
    }
}
