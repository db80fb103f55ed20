//! Branches of the symbolic execution (`read/pure_body.rs` documents them): a comparing branch
//! as a comparison, the two ways of a branch on a computed value as states with their
//! conditions, and states meeting in selects.

use super::pure_body::Refused;
use super::pure_eval::{refuse, Entry, Exec, Tree};
use crate::model::{PureBinary, PureCompare, PureOp, PureOperand, PureScalar};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;

/// One way through a frame: the condition under which it runs (`None`: always), the slots,
/// whether `this` was stored to, and the evaluation stack.
pub(super) struct State {
    pub cond: Option<PureOperand>,
    pub slots: Vec<Tree>,
    pub written: bool,
    pub stack: Vec<Entry>,
}

impl Exec<'_, '_> {
    /// The current slots (taken: `self.slots` is left empty) as a [`State`] running under
    /// `cond`, with `stack`.
    pub(super) fn state(&mut self, cond: Option<PureOperand>, stack: Vec<Entry>) -> State {
        State {
            cond,
            slots: std::mem::take(&mut self.slots),
            written: self.this_written,
            stack,
        }
    }

    /// The conditions (0 or 1) of the two ways of a branch on `value` taken when it is
    /// non-zero (`taken`) or zero, from a state running under `cond`: (jumping, falling through).
    pub(super) fn split(
        &mut self,
        cond: Option<PureOperand>,
        value: (PureOperand, PureScalar),
        taken: bool,
    ) -> Result<(PureOperand, PureOperand), Refused> {
        let (v, ty) = value;
        let zero = match ty {
            PureScalar::I64 => PureOperand::I64(0),
            _ => PureOperand::I32(0),
        };
        // A comparison's result is already 0 or 1.
        let non_zero = if self.is_bit(v) {
            v
        } else {
            self.bit(PureOp::Compare(PureCompare::GtUn, ty, v, zero))?
        };
        let zero = self.bit(PureOp::Binary(PureBinary::Xor, non_zero, PureOperand::I32(1)))?;
        let (jump, fall) = if taken { (non_zero, zero) } else { (zero, non_zero) };
        let ways = match cond {
            None => (jump, fall),
            Some(c) => (
                self.bit(PureOp::Binary(PureBinary::And, c, jump))?,
                self.bit(PureOp::Binary(PureBinary::And, c, fall))?,
            ),
        };
        self.splits.insert(ways, cond);
        Ok(ways)
    }

    fn bit(&mut self, op: PureOp) -> Result<PureOperand, Refused> {
        match self.emit(PureScalar::I32, op)? {
            Tree::Val(v, _) => Ok(v),
            _ => refuse("internal: an operation is not a value"),
        }
    }

    /// The states that reach one instruction, as one: each slot (below `base`: the others
    /// belonged to calls that have returned) and stack entry is the first state's where its
    /// condition holds, else the next one's, and so on; it runs when any of them does.
    pub(super) fn meet(&mut self, states: Vec<State>, base: usize) -> Result<State, Refused> {
        let mut states = states.into_iter().rev();
        let Some(mut acc) = states.next() else {
            return refuse("internal: no state to meet");
        };
        acc.slots.truncate(base);
        for mut s in states {
            s.slots.truncate(base);
            let Some(c) = s.cond else {
                // Runs always: it alone counts.
                acc = s;
                continue;
            };
            if s.slots.len() != acc.slots.len() || s.stack.len() != acc.stack.len() {
                return refuse("internal: ways that meet differ in shape");
            }
            let mut slots = Vec::with_capacity(s.slots.len());
            for (a, b) in s.slots.into_iter().zip(std::mem::take(&mut acc.slots)) {
                slots.push(self.choose(Some(c), a, b)?);
            }
            let mut stack = Vec::with_capacity(s.stack.len());
            for (a, b) in s.stack.into_iter().zip(std::mem::take(&mut acc.stack)) {
                stack.push(match (a, b) {
                    (Entry::Value(a), Entry::Value(b)) => Entry::Value(self.choose(Some(c), a, b)?),
                    (Entry::Addr(s1, p1, t), Entry::Addr(s2, p2, _)) if s1 == s2 && p1 == p2 => Entry::Addr(s1, p1, t),
                    _ => return refuse("its branches leave different addresses on the stack"),
                });
            }
            // The two ways of one branch meet again under the branch's own condition.
            let cond = match acc.cond {
                None => None,
                Some(d) => match self.splits.get(&(c, d)).or_else(|| self.splits.get(&(d, c))) {
                    Some(parent) => *parent,
                    None => Some(self.bit(PureOp::Binary(PureBinary::Or, c, d))?),
                },
            };
            acc = State {
                cond,
                slots,
                written: s.written || acc.written,
                stack,
            };
        }
        Ok(acc)
    }

    /// `t` where `cond` holds, else `f` (`None`: always `t`).
    pub(super) fn choose(&mut self, cond: Option<PureOperand>, t: Tree, f: Tree) -> Result<Tree, Refused> {
        match cond {
            None => Ok(t),
            Some(c) => self.merge(c, t, f),
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
        | I::BranchLessOrEqual(_, t) => Some(*t),
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
