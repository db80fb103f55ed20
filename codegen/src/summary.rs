//! Counts of what was bound and what was skipped, by reason.

use crate::classify::{ClassifiedMember, ClassifiedModel, SkipKind, TypeClass};
use std::collections::BTreeMap;
use std::fmt;

/// What a run bound and skipped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Bound types that can be bound.
    pub types_bound: usize,
    /// Bound types that can't, by reason.
    pub types_skipped: BTreeMap<SkipKind, usize>,
    /// Members (methods, constructors, accessors, fields) that can be bound.
    pub members_bound: usize,
    /// Members that can't, by reason.
    pub members_skipped: BTreeMap<SkipKind, usize>,
}

impl Summary {
    /// Counts the decisions in `model`.
    pub fn of(model: &ClassifiedModel) -> Summary {
        let mut s = Summary::default();
        for t in &model.types {
            match &t.class {
                TypeClass::Unsupported(u) => *s.types_skipped.entry(u.kind).or_default() += 1,
                _ => s.types_bound += 1,
            }
            s.count_members(&t.members);
        }
        for i in &model.instances {
            s.count_members(&i.members);
        }
        s
    }

    fn count_members(&mut self, members: &[ClassifiedMember]) {
        for m in members {
            match &m.binding {
                Ok(_) => self.members_bound += 1,
                Err(u) => *self.members_skipped.entry(u.kind).or_default() += 1,
            }
        }
    }

    /// Moves members the emitter could not write from "bound" to "skipped".
    pub(crate) fn add_emit_skips(&mut self, skipped: &[(String, String)]) {
        self.members_bound = self.members_bound.saturating_sub(skipped.len());
        if !skipped.is_empty() {
            *self.members_skipped.entry(SkipKind::NotEmitted).or_default() += skipped.len();
        }
    }

    /// Total number of skipped members.
    pub fn members_skipped_total(&self) -> usize {
        self.members_skipped.values().sum()
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let types_skipped: usize = self.types_skipped.values().sum();
        writeln!(f, "types bound: {} (skipped: {types_skipped})", self.types_bound)?;
        for (kind, n) in &self.types_skipped {
            writeln!(f, "  {n:>6}  {kind}")?;
        }
        writeln!(f, "members bound: {}", self.members_bound)?;
        writeln!(f, "members skipped: {}", self.members_skipped_total())?;
        for (kind, n) in &self.members_skipped {
            writeln!(f, "  {n:>6}  {kind}")?;
        }
        Ok(())
    }
}
