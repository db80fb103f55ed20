//! The coverage report of an assembly: its public surface as reflection lists it (by
//! [`PUBLIC_SURFACE_CS`], run on Mono: independent of the generator) joined with the
//! generator's [coverage listing](crate::Bindings::coverage). Each member reflection sees is
//! looked up in the listing: bound, skipped (by category), or silently missing (in the
//! listing as missing, or not in it at all: a generator bug the report exists to catch); a
//! member the listing has and reflection does not (or has twice) is reported too. The same
//! join serves `cilbind coverage`, `scripts/coverage.sh` (COVERAGE.md) and the generator's
//! own tests.

use crate::coverage::{Coverage, CoverageRow, MemberKind, Status};
use crate::SkipKind;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The C# program that lists an assembly's public surface by reflection: compile it with
/// `mcs`, run it with `mono PublicSurface.exe ASSEMBLY.dll`; each output line is
/// `type<TAB>kind<TAB>key`, spelled as the coverage listing spells members.
pub const PUBLIC_SURFACE_CS: &str = include_str!("../coverage/PublicSurface.cs");

/// A member as both sides name it: type, kind (`method`, `enum-value`, …) and key.
pub type MemberKey = (String, String, String);

/// What the join found for one assembly.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CoverageReport {
    /// The assembly's simple name.
    pub assembly: String,
    /// Reflection's members, counted by what the listing says of each (a member absent from
    /// the listing counts as missing).
    pub coverage: Coverage,
    /// Reflection's members the listing does not bind or skip, sorted.
    pub silently_missing: Vec<MemberKey>,
    /// Members the listing has and reflection does not, or has twice, sorted.
    pub generator_only: Vec<MemberKey>,
}

impl CoverageReport {
    /// Joins reflection's `listing` (the lines [`PUBLIC_SURFACE_CS`] prints) with the
    /// generator's `rows`. A malformed line is an error naming it.
    pub fn join(assembly: &str, listing: &str, rows: &[CoverageRow]) -> Result<CoverageReport, String> {
        let mut listed: BTreeMap<MemberKey, (&Status, usize)> = BTreeMap::new();
        for row in rows {
            let key = (row.type_name.clone(), row.kind.key().to_string(), row.key.clone());
            listed.entry(key).or_insert((&row.status, 0)).1 += 1;
        }
        let mut reflected = BTreeSet::new();
        for line in listing.lines().filter(|l| !l.is_empty()) {
            let mut fields = line.splitn(3, '\t').map(str::to_string);
            match (fields.next(), fields.next(), fields.next()) {
                (Some(t), Some(k), Some(key)) => reflected.insert((t, k, key)),
                _ => {
                    return Err(format!(
                        "not a `type<TAB>kind<TAB>key` line of the reflection listing: {line:?}"
                    ))
                }
            };
        }
        let mut report = CoverageReport {
            assembly: assembly.to_string(),
            ..CoverageReport::default()
        };
        let c = &mut report.coverage;
        for key in &reflected {
            let status = listed.get(key).map(|(s, _)| *s);
            if key.1 == MemberKind::EnumValue.key() {
                c.enum_values += 1;
                c.enum_values_bound += usize::from(status == Some(&Status::Bound));
                continue;
            }
            c.members += 1;
            match status {
                Some(Status::Bound) => c.bound += 1,
                Some(Status::Skipped(kind, _)) => *c.skipped.entry(*kind).or_default() += 1,
                Some(Status::Missing) | None => {
                    c.missing += 1;
                    report.silently_missing.push(key.clone());
                }
            }
        }
        report.generator_only = listed
            .iter()
            .filter(|(key, (_, times))| *times > 1 || !reflected.contains(*key))
            .map(|(key, _)| key.clone())
            .collect();
        Ok(report)
    }

    /// True when every public member is bound or skipped and the listing names nothing
    /// reflection does not.
    pub fn is_complete(&self) -> bool {
        self.silently_missing.is_empty() && self.generator_only.is_empty()
    }

    /// The report's row of COVERAGE.md's table (under [`CoverageReport::TABLE_HEADER`]).
    pub fn table_row(&self) -> String {
        let c = &self.coverage;
        format!(
            "| {} | {} | {} | {:.1}% | {} | {} | {} | {} ({}) |",
            self.assembly,
            c.members,
            c.bound,
            c.percent_bound(),
            c.skipped.values().sum::<usize>(),
            c.missing,
            self.generator_only.len(),
            c.enum_values,
            c.enum_values_bound
        )
    }

    /// The header of COVERAGE.md's table (two lines).
    pub const TABLE_HEADER: &'static str = "| assembly | public members | bound | bound % | skipped | silently missing | listed by the generator only | enum values (bound) |\n|---|---:|---:|---:|---:|---:|---:|---:|";

    /// The skip categories, most members first (then by name).
    pub fn skips_by_count(&self) -> Vec<(SkipKind, usize)> {
        let mut by: Vec<_> = self.coverage.skipped.iter().map(|(k, n)| (*k, *n)).collect();
        by.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.key().cmp(b.0.key())));
        by
    }

    /// The report's section of COVERAGE.md: skips by category (most first), then up to 50 of
    /// each kind of discrepancy.
    pub fn details(&self) -> String {
        let mut out = format!(
            "### {}\n\nSkipped, by category:\n\n| category | members |\n|---|---:|\n",
            self.assembly
        );
        for (kind, n) in self.skips_by_count() {
            let _ = writeln!(out, "| {} | {n} |", kind.key());
        }
        out.push('\n');
        for (t, k, key) in self.silently_missing.iter().take(50) {
            let _ = write!(out, "silently missing: `{t}\t{k}\t{key}`\n\n");
        }
        for (t, k, key) in self.generator_only.iter().take(50) {
            let _ = write!(out, "listed by the generator only (or twice): `{t}\t{k}\t{key}`\n\n");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(t: &str, kind: MemberKind, key: &str, status: Status) -> CoverageRow {
        CoverageRow {
            assembly: "A".into(),
            type_name: t.into(),
            kind,
            key: key.into(),
            status,
        }
    }

    #[test]
    fn every_reflected_member_is_looked_up_and_discrepancies_are_named() {
        let rows = [
            row("N.T", MemberKind::Method, "M()->System.Void", Status::Bound),
            row(
                "N.T",
                MemberKind::Field,
                "f",
                Status::Skipped(SkipKind::Pointer, "a pointer".into()),
            ),
            row("N.T", MemberKind::Field, "g", Status::Missing),
            row("N.T", MemberKind::Field, "extra", Status::Bound),
            row("N.E", MemberKind::EnumValue, "A", Status::Bound),
        ];
        let listing = "N.T\tmethod\tM()->System.Void\nN.T\tfield\tf\nN.T\tfield\tg\nN.T\tfield\th\nN.E\tenum-value\tA\nN.E\tenum-value\tB\n";
        let r = CoverageReport::join("A", listing, &rows).unwrap();
        assert_eq!((r.coverage.members, r.coverage.bound, r.coverage.missing), (4, 1, 2));
        assert_eq!(r.coverage.skipped.get(&SkipKind::Pointer), Some(&1));
        assert_eq!((r.coverage.enum_values, r.coverage.enum_values_bound), (2, 1));
        let names = |keys: &[MemberKey]| keys.iter().map(|k| k.2.clone()).collect::<Vec<_>>();
        assert_eq!(
            names(&r.silently_missing),
            ["g", "h"],
            "missing in the listing, or absent from it"
        );
        assert_eq!(names(&r.generator_only), ["extra"]);
        assert!(!r.is_complete());
        assert_eq!(r.table_row(), "| A | 4 | 1 | 25.0% | 1 | 2 | 1 | 2 (1) |");
        assert!(r.details().contains("| pointer | 1 |\n"), "{}", r.details());
        assert!(r.details().contains("silently missing: `N.T\tfield\th`"));
    }

    #[test]
    fn a_member_listed_twice_and_a_malformed_line_are_reported() {
        let rows = [
            row("N.T", MemberKind::Field, "f", Status::Bound),
            row("N.T", MemberKind::Field, "f", Status::Bound),
        ];
        let r = CoverageReport::join("A", "N.T\tfield\tf\n", &rows).unwrap();
        assert_eq!(r.generator_only.len(), 1);
        assert!(CoverageReport::join("A", "no tabs here", &rows)
            .unwrap_err()
            .contains("no tabs here"));
    }
}
