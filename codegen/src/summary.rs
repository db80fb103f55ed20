//! Counts of what was bound and what was skipped, by reason: a fold over the binding plan,
//! so they count exactly what the output contains.

use crate::coverage::{Coverage, CoverageRow};
use crate::plan::{MemberItem, MemberRef, Plan, SkipKind};
use std::collections::BTreeMap;
use std::fmt;

/// What a run bound and skipped. Members are what the output gives a function or a
/// constant (methods, constructors, accessors, fields, .NET constants); a full struct's
/// instance fields and an enum's values belong to their type's declaration. Each member of
/// a skipped type is counted as a skipped member too. The members bound on closed generic
/// instantiations (`impl List<Int32>`) are counted apart: their generic definition's own
/// members are already counted (once each), so adding them would count those members twice.
/// Natives (C# externs Rust implements) are counted apart as well
/// ([`Summary::natives_bound`]), and so are Rust implementations of C# types
/// ([`Summary::implementations_bound`]): their skips (items `implement Type` or
/// `implement Type.Member` in [`Bindings::skips`](crate::Bindings::skips)) say what Rust cannot
/// implement, extend or override, not what Rust cannot call, so they are no member skips: the
/// member counts and [`Summary::coverage`] stay those of the public surface.
/// [`Summary::coverage`] counts public members the way the coverage report does (a property
/// or event is one member).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Selected types the output declares.
    pub types_bound: usize,
    /// Selected types the output does not declare, by reason.
    pub types_skipped: BTreeMap<SkipKind, usize>,
    /// Members bound.
    pub members_bound: usize,
    /// Members skipped, by reason.
    pub members_skipped: BTreeMap<SkipKind, usize>,
    /// Members of closed generic instantiations bound.
    pub instance_members_bound: usize,
    /// Members of closed generic instantiations skipped, by reason.
    pub instance_members_skipped: BTreeMap<SkipKind, usize>,
    /// Natives (C# internal calls of any accessibility) that have a method in their type's
    /// natives trait. They are counted apart from members: a native is implemented by Rust,
    /// not bound for Rust to call (a public one is also a member, counted there as bound or
    /// skipped), and a private or internal one is no part of the public surface.
    pub natives_bound: usize,
    /// Natives with no trait method, by reason (`install_natives` reports them missing).
    pub natives_skipped: BTreeMap<SkipKind, usize>,
    /// Types Rust can implement or extend: interfaces with an `…Impl` trait and classes with
    /// an `…Overrides` trait.
    pub implementations_bound: usize,
    /// Implementation skips, by reason: interfaces and classes Rust cannot implement or
    /// extend, virtual members Rust subclasses cannot override (they keep the base
    /// behaviour), constructors and protected members a Rust subclass cannot reach.
    pub implementations_skipped: BTreeMap<SkipKind, usize>,
    /// The public members of the selected types, as the coverage report counts them.
    pub coverage: Coverage,
    /// Bound methods of full structs translated into Rust from their IL (they never enter
    /// Mono; [`Bindings::translations`](crate::Bindings::translations) lists them).
    pub methods_translated: usize,
    /// Bound methods of full structs that keep their managed call, translation having
    /// refused them (each with its reason in
    /// [`Bindings::translations`](crate::Bindings::translations)).
    pub translations_refused: usize,
}

impl Summary {
    /// Counts the decisions in `plan`; `coverage` is its coverage listing.
    pub(crate) fn of(plan: &Plan, coverage: &[CoverageRow]) -> Summary {
        let mut s = Summary {
            types_bound: plan.types.iter().filter(|t| t.bound).count(),
            coverage: Coverage::of(coverage),
            ..Summary::default()
        };
        for t in &plan.skipped_types {
            *s.types_skipped.entry(t.skip.kind).or_default() += 1;
        }
        for m in plan.type_member_items() {
            count(m, &mut s.members_bound, &mut s.members_skipped);
        }
        for m in plan.instance_member_items() {
            count(m, &mut s.instance_members_bound, &mut s.instance_members_skipped);
        }
        for n in plan.natives() {
            s.natives_bound += n.natives.len();
            for skip in &n.skips {
                *s.natives_skipped.entry(skip.kind).or_default() += 1;
            }
        }
        for t in &plan.types {
            s.implementations_bound += usize::from(t.implement.is_some());
            for skip in &t.implement_skips {
                *s.implementations_skipped.entry(skip.kind).or_default() += 1;
            }
        }
        for t in plan.translations() {
            match t.refused {
                None => s.methods_translated += 1,
                Some(_) => s.translations_refused += 1,
            }
        }
        s
    }

    /// Total number of implementation skips.
    pub fn implementations_skipped_total(&self) -> usize {
        self.implementations_skipped.values().sum()
    }

    /// Total number of natives with no trait method.
    pub fn natives_skipped_total(&self) -> usize {
        self.natives_skipped.values().sum()
    }

    /// Total number of skipped members of closed generic instantiations.
    pub fn instance_members_skipped_total(&self) -> usize {
        self.instance_members_skipped.values().sum()
    }

    /// Total number of skipped types.
    pub fn types_skipped_total(&self) -> usize {
        self.types_skipped.values().sum()
    }

    /// Total number of skipped members.
    pub fn members_skipped_total(&self) -> usize {
        self.members_skipped.values().sum()
    }
}

/// Adds one member item to a bound count or a skipped-by-reason count.
fn count(m: MemberRef, bound: &mut usize, skipped: &mut BTreeMap<SkipKind, usize>) {
    match m {
        MemberRef::Item(MemberItem::Skip(skip)) | MemberRef::Skip(skip) => *skipped.entry(skip.kind).or_default() += 1,
        MemberRef::Item(MemberItem::Method(_) | MemberItem::Field(_) | MemberItem::Const(_)) => *bound += 1,
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "types bound: {} (skipped: {})",
            self.types_bound,
            self.types_skipped_total()
        )?;
        for (kind, n) in &self.types_skipped {
            writeln!(f, "  {n:>6}  {kind}")?;
        }
        writeln!(f, "members bound: {}", self.members_bound)?;
        writeln!(f, "members skipped: {}", self.members_skipped_total())?;
        for (kind, n) in &self.members_skipped {
            writeln!(f, "  {n:>6}  {kind}")?;
        }
        if self.instance_members_bound > 0 || !self.instance_members_skipped.is_empty() {
            writeln!(
                f,
                "members of closed generic instantiations bound: {} (skipped: {})",
                self.instance_members_bound,
                self.instance_members_skipped_total()
            )?;
            for (kind, n) in &self.instance_members_skipped {
                writeln!(f, "  {n:>6}  {kind}")?;
            }
        }
        if self.natives_bound > 0 || !self.natives_skipped.is_empty() {
            writeln!(
                f,
                "natives (C# externs Rust implements: internal calls and `__Internal` imports) with a trait method: {} (skipped: {})",
                self.natives_bound,
                self.natives_skipped_total()
            )?;
            for (kind, n) in &self.natives_skipped {
                writeln!(f, "  {n:>6}  {kind}")?;
            }
        }
        if self.implementations_bound > 0 || !self.implementations_skipped.is_empty() {
            writeln!(
                f,
                "types Rust implements or extends: {} (implementation skips: {})",
                self.implementations_bound,
                self.implementations_skipped_total()
            )?;
            for (kind, n) in &self.implementations_skipped {
                writeln!(f, "  {n:>6}  {kind}")?;
            }
        }
        if self.methods_translated > 0 || self.translations_refused > 0 {
            writeln!(
                f,
                "methods of full structs translated into Rust: {} (refused: {})",
                self.methods_translated, self.translations_refused
            )?;
        }
        let c = &self.coverage;
        writeln!(
            f,
            "public members (a property or event counts once): {}, bound {} ({:.1}%), missing {}",
            c.members,
            c.bound,
            c.percent_bound(),
            c.missing
        )?;
        for (kind, n) in &c.skipped {
            writeln!(f, "  {n:>6}  {kind}")?;
        }
        writeln!(f, "enum values: {}, bound {}", c.enum_values, c.enum_values_bound)
    }
}
