//! Constant folding for the symbolic execution (`read/pure_eval.rs`): an operation whose
//! operands are integer constants is computed while decoding, as the translated Rust would
//! compute it (`render/translated.rs`: wrapping arithmetic, shifts masked to the width,
//! `.un` as unsigned), so a loop counter stays a constant and its loop unrolls. Floats are
//! never folded (the statement keeps Rust's own float arithmetic); a select on a constant
//! condition is its chosen operand.

use crate::model::{PureBinary, PureCompare, PureOp, PureOperand};

/// The constant `op` computes, if its operands make it one.
pub(super) fn fold(op: &PureOp) -> Option<PureOperand> {
    use PureOperand::{I32, I64};
    match *op {
        PureOp::Select(I32(c), a, b) => Some(if c != 0 { a } else { b }),
        PureOp::Select(I64(c), a, b) => Some(if c != 0 { a } else { b }),
        PureOp::Binary(op, I32(a), I32(b)) => binary32(op, a, b).map(I32),
        PureOp::Binary(op, I64(a), I64(b)) => binary64(op, a, b).map(I64),
        PureOp::Binary(op @ (PureBinary::Shl | PureBinary::Shr | PureBinary::ShrUn), I64(a), I32(b)) => {
            binary64(op, a, i64::from(b)).map(I64)
        }
        PureOp::Compare(c, _, I32(a), I32(b)) => Some(I32(i32::from(compare(
            c,
            i64::from(a),
            i64::from(b),
            u64::from(a as u32),
            u64::from(b as u32),
        )))),
        PureOp::Compare(c, _, I64(a), I64(b)) => Some(I32(i32::from(compare(c, a, b, a as u64, b as u64)))),
        PureOp::Negate(I32(a)) => Some(I32(a.wrapping_neg())),
        PureOp::Negate(I64(a)) => Some(I64(a.wrapping_neg())),
        PureOp::Not(I32(a)) => Some(I32(!a)),
        PureOp::Not(I64(a)) => Some(I64(!a)),
        _ => None,
    }
}

fn compare(c: PureCompare, a: i64, b: i64, ua: u64, ub: u64) -> bool {
    match c {
        PureCompare::Eq => a == b,
        PureCompare::Gt => a > b,
        PureCompare::Lt => a < b,
        PureCompare::GtUn => ua > ub,
        PureCompare::LtUn => ua < ub,
    }
}

fn binary32(op: PureBinary, a: i32, b: i32) -> Option<i32> {
    let (ua, ub) = (a as u32, b as u32);
    Some(match op {
        PureBinary::Add => a.wrapping_add(b),
        PureBinary::Sub => a.wrapping_sub(b),
        PureBinary::Mul => a.wrapping_mul(b),
        // .NET throws on these: the decoder refuses them before, and folding leaves them be.
        PureBinary::Div | PureBinary::Rem if b == 0 || b == -1 => return None,
        PureBinary::DivUn | PureBinary::RemUn if b == 0 => return None,
        PureBinary::Div => a.wrapping_div(b),
        PureBinary::Rem => a.wrapping_rem(b),
        PureBinary::DivUn => (ua / ub) as i32,
        PureBinary::RemUn => (ua % ub) as i32,
        PureBinary::And => a & b,
        PureBinary::Or => a | b,
        PureBinary::Xor => a ^ b,
        PureBinary::Shl => a.wrapping_shl(ub),
        PureBinary::Shr => a.wrapping_shr(ub),
        PureBinary::ShrUn => ua.wrapping_shr(ub) as i32,
    })
}

fn binary64(op: PureBinary, a: i64, b: i64) -> Option<i64> {
    let (ua, ub) = (a as u64, b as u64);
    Some(match op {
        PureBinary::Add => a.wrapping_add(b),
        PureBinary::Sub => a.wrapping_sub(b),
        PureBinary::Mul => a.wrapping_mul(b),
        PureBinary::Div | PureBinary::Rem if b == 0 || b == -1 => return None,
        PureBinary::DivUn | PureBinary::RemUn if b == 0 => return None,
        PureBinary::Div => a.wrapping_div(b),
        PureBinary::Rem => a.wrapping_rem(b),
        PureBinary::DivUn => (ua / ub) as i64,
        PureBinary::RemUn => (ua % ub) as i64,
        PureBinary::And => a & b,
        PureBinary::Or => a | b,
        PureBinary::Xor => a ^ b,
        // The count is an `int32` (`b` widened from it): masked to 6 bits, as x86-64 does.
        PureBinary::Shl => a.wrapping_shl(b as u32),
        PureBinary::Shr => a.wrapping_shr(b as u32),
        PureBinary::ShrUn => ua.wrapping_shr(b as u32) as i64,
    })
}
