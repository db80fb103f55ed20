//! The end of a symbolic execution: the results as [`PureValue`]s, and only the statements
//! they need, numbered in order (every operation is pure, so dropping unused ones changes
//! nothing).

use super::pure_body::Refused;
use super::pure_eval::{refuse, Exec, FieldTy, Tree};
use crate::model::{PureBody, PureOp, PureOperand, PureValue, TypePath};
use std::collections::BTreeSet;

/// What the by-reference parameters are left with: each `out` in order, and each `ref`/`in`
/// by its index.
pub(super) struct ParamResults {
    pub outs: Vec<(Tree, FieldTy)>,
    pub refs: Vec<(usize, Tree, FieldTy)>,
}

impl Exec<'_, '_> {
    /// The body: statements still needed by the results, numbered in order.
    pub(super) fn finish(
        mut self,
        ret: Option<(Tree, FieldTy)>,
        this: Option<(Tree, FieldTy)>,
        ParamResults { outs, refs }: ParamResults,
        structs: BTreeSet<TypePath>,
        assemblies: BTreeSet<String>,
    ) -> Result<PureBody, Refused> {
        let ret = ret.map(|(t, ty)| self.value(t, &ty)).transpose()?;
        let this = this.map(|(t, ty)| self.value(t, &ty)).transpose()?;
        let mut outs = outs
            .into_iter()
            .map(|(t, ty)| self.value(t, &ty))
            .collect::<Result<Vec<_>, Refused>>()?;
        let mut refs = refs
            .into_iter()
            .map(|(i, t, ty)| Ok((i, self.value(t, &ty)?)))
            .collect::<Result<Vec<_>, Refused>>()?;
        let mut used = vec![false; self.stmts.len()];
        let mark = |o: &PureOperand, used: &mut Vec<bool>| {
            if let PureOperand::Temp(t) = o {
                used[*t as usize] = true;
            }
        };
        fn mark_value(v: &PureValue, used: &mut Vec<bool>, mark: &dyn Fn(&PureOperand, &mut Vec<bool>)) {
            match v {
                PureValue::Scalar { value, .. } => mark(value, used),
                PureValue::Struct { fields, .. } => fields.iter().for_each(|(_, f)| mark_value(f, used, mark)),
            }
        }
        for v in ret
            .iter()
            .chain(this.iter())
            .chain(outs.iter())
            .chain(refs.iter().map(|(_, v)| v))
        {
            mark_value(v, &mut used, &mark);
        }
        for s in self.stmts.iter().rev() {
            if used[s.temp as usize] {
                for o in operands(&s.op) {
                    mark(o, &mut used);
                }
            }
        }
        let mut renumber = vec![0u32; self.stmts.len()];
        let mut stmts = Vec::new();
        for s in self.stmts {
            if used[s.temp as usize] {
                renumber[s.temp as usize] = u32::try_from(stmts.len()).unwrap_or(u32::MAX);
                stmts.push(s);
            }
        }
        let re = |o: &mut PureOperand| {
            if let PureOperand::Temp(t) = o {
                *t = renumber[*t as usize];
            }
        };
        for s in &mut stmts {
            s.temp = renumber[s.temp as usize];
            operands_mut(&mut s.op).into_iter().for_each(re);
        }
        fn re_value(v: &mut PureValue, re: &dyn Fn(&mut PureOperand)) {
            match v {
                PureValue::Scalar { value, .. } => re(value),
                PureValue::Struct { fields, .. } => fields.iter_mut().for_each(|(_, f)| re_value(f, re)),
            }
        }
        let (mut ret, mut this) = (ret, this);
        let refs_mut = refs.iter_mut().map(|(_, v)| v);
        for v in ret
            .iter_mut()
            .chain(this.iter_mut())
            .chain(outs.iter_mut())
            .chain(refs_mut)
        {
            re_value(v, &re);
        }
        Ok(PureBody {
            stmts,
            ret,
            this,
            outs,
            refs,
            structs,
            assemblies,
        })
    }

    pub(super) fn value(&mut self, t: Tree, ty: &FieldTy) -> Result<PureValue, Refused> {
        match (t, ty) {
            (Tree::Node(l, fields), _) => Ok(PureValue::Struct {
                ty: l.path.clone(),
                fields: l
                    .fields
                    .iter()
                    .zip(fields)
                    .map(|((name, fty), f)| Ok((name.clone(), self.value(f, fty)?)))
                    .collect::<Result<_, Refused>>()?,
            }),
            (t, FieldTy::Prim(p)) => {
                let (value, _) = self.scalar(t)?;
                Ok(PureValue::Scalar { value, stored: *p })
            }
            (_, FieldTy::Struct(l)) => refuse(format!("a number is used as a `{}`", l.path.metadata_name)),
        }
    }
}

fn operands(op: &PureOp) -> Vec<&PureOperand> {
    match op {
        PureOp::Load(_) => vec![],
        PureOp::Binary(_, a, b) | PureOp::Compare(_, _, a, b) => vec![a, b],
        PureOp::Select(c, a, b) => vec![c, a, b],
        PureOp::Negate(a) | PureOp::Not(a) | PureOp::Convert(_, _, a) => vec![a],
        PureOp::Intrinsic(_, args) => args.iter().collect(),
    }
}

fn operands_mut(op: &mut PureOp) -> Vec<&mut PureOperand> {
    match op {
        PureOp::Load(_) => vec![],
        PureOp::Binary(_, a, b) | PureOp::Compare(_, _, a, b) => vec![a, b],
        PureOp::Select(c, a, b) => vec![c, a, b],
        PureOp::Negate(a) | PureOp::Not(a) | PureOp::Convert(_, _, a) => vec![a],
        PureOp::Intrinsic(_, args) => args.iter_mut().collect(),
    }
}
