//! Branches of the symbolic execution (`read/pure_body.rs` documents them): a comparing branch
//! as a comparison, and both ways of a branch on a computed value merged into selects.

use super::pure_body::Refused;
use super::pure_eval::{refuse, Entry, Exec, FieldTy, Frame, Tree};
use crate::model::{PureCompare, PureOp, PureOperand, PureScalar};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;

impl Exec<'_, '_> {
    /// Both ways of a branch on `cond`, merged.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fork(
        &mut self,
        frame: &Frame,
        body: &'static dotnetdll::resolved::body::Method,
        locals: &[(usize, FieldTy)],
        stack: Vec<Entry>,
        cond: PureOperand,
        if_true: usize,
        if_false: usize,
        ret: Option<&FieldTy>,
    ) -> Result<Option<Tree>, Refused> {
        let (before, written) = (self.slots.clone(), self.this_written);
        let base = before.len();
        let on_true = self.exec_from(frame, body, locals, stack.clone(), if_true, ret)?;
        let true_slots = std::mem::replace(&mut self.slots, before);
        let true_written = std::mem::replace(&mut self.this_written, written);
        let on_false = self.exec_from(frame, body, locals, stack, if_false, ret)?;
        self.this_written |= true_written;
        // Slots made on either way belonged to calls that have returned: only the older
        // ones meet.
        for (i, t) in true_slots.into_iter().enumerate().take(base) {
            let f = std::mem::replace(&mut self.slots[i], Tree::Val(PureOperand::I32(0), PureScalar::I32));
            self.slots[i] = self.merge(cond, t, f)?;
        }
        match (on_true, on_false) {
            (Some(t), Some(f)) => Ok(Some(self.merge(cond, t, f)?)),
            (None, None) => Ok(None),
            _ => refuse("internal: one way returns a value and the other not"),
        }
    }

    /// `if cond != 0 { t } else { f }`, field by field.
    fn merge(&mut self, cond: PureOperand, t: Tree, f: Tree) -> Result<Tree, Refused> {
        match (t, f) {
            (Tree::Node(l, ts), Tree::Node(m, fs)) if l.path == m.path && ts.len() == fs.len() => {
                let mut out = Vec::with_capacity(ts.len());
                for (t, f) in ts.into_iter().zip(fs) {
                    out.push(self.merge(cond, t, f)?);
                }
                Ok(Tree::Node(l, out))
            }
            (Tree::Lazy(a), Tree::Lazy(b)) if a == b => Ok(Tree::Lazy(a)),
            (t, f) => {
                let ((a, sa), (b, sb)) = (self.scalar(t)?, self.scalar(f)?);
                if sa != sb {
                    return refuse(format!("its branches leave {sa:?} and {sb:?} in one place"));
                }
                if a == b {
                    return Ok(Tree::Val(a, sa));
                }
                self.emit(sa, PureOp::Select(cond, a, b))
            }
        }
    }
}

/// Where a branch instruction jumps.
pub(super) fn branch_target(ins: &Instruction) -> Option<usize> {
    match ins {
        I::Branch(t)
        | I::BranchTruthy(t)
        | I::BranchFalsy(t)
        | I::BranchEqual(t)
        | I::BranchNotEqual(t)
        | I::BranchGreater(_, t)
        | I::BranchGreaterOrEqual(_, t)
        | I::BranchLess(_, t)
        | I::BranchLessOrEqual(_, t)
        | I::Leave(t) => Some(*t),
        _ => None,
    }
}

/// A comparing branch as a comparison and whether it jumps when the comparison holds
/// (`true`) or when it fails (ECMA-335 III.3.5–3.11: `bge` is `clt.un` failing for floats,
/// `clt` failing for integers; `bge.un` the other way round; likewise `ble` with `cgt`).
pub(super) fn compare_branch(ins: &Instruction, float: bool) -> (PureCompare, bool) {
    use NumberSign::{Signed, Unsigned};
    match (ins, float) {
        (I::BranchEqual(_), _) => (PureCompare::Eq, true),
        (I::BranchNotEqual(_), _) => (PureCompare::Eq, false),
        (I::BranchGreater(Signed, _), _) => (PureCompare::Gt, true),
        (I::BranchGreater(Unsigned, _), _) => (PureCompare::GtUn, true),
        (I::BranchLess(Signed, _), _) => (PureCompare::Lt, true),
        (I::BranchLess(Unsigned, _), _) => (PureCompare::LtUn, true),
        (I::BranchGreaterOrEqual(Signed, _), true) | (I::BranchGreaterOrEqual(Unsigned, _), false) => {
            (PureCompare::LtUn, false)
        }
        (I::BranchGreaterOrEqual(..), _) => (PureCompare::Lt, false),
        (I::BranchLessOrEqual(Signed, _), true) | (I::BranchLessOrEqual(Unsigned, _), false) => {
            (PureCompare::GtUn, false)
        }
        (I::BranchLessOrEqual(..), _) => (PureCompare::Gt, false),
        _ => (PureCompare::Eq, true),
    }
}
