//! The tables of BENCHMARKS.md: one row per figure (cilbind's time, its floor's, the ratio, the
//! goal where there is one), and the goal summary that the rows with goals feed.

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The report being written: the estimates it reads, the markdown so far, and the goals.
pub(crate) struct Table<'a> {
    pub(crate) est: &'a BTreeMap<String, f64>,
    pub(crate) md: String,
    /// Goal lines for the summary: (goal, figure, verdict, what stands between when missed).
    pub(crate) goals: Vec<[String; 4]>,
}

impl Table<'_> {
    pub(crate) fn get(&self, id: &str) -> Option<f64> {
        self.est.get(id).copied()
    }

    /// `a - b` in ns, formatted (for the notes on missed goals).
    pub(crate) fn diff(&self, a: &str, b: &str) -> String {
        match (self.get(a), self.get(b)) {
            (Some(a), Some(b)) => format!("{:.1} ns", a - b),
            _ => "n/a".into(),
        }
    }

    pub(crate) fn ns(&self, id: &str) -> String {
        self.get(id).map_or("n/a".into(), |x| format!("{x:.1} ns"))
    }

    pub(crate) fn header(&mut self, title: &str, note: &str) {
        let _ = write!(
            self.md,
            "\n## {title}\n\n{note}\n\n| figure | cilbind (ns) | floor | floor (ns) | ratio | goal |\n|---|---:|---|---:|---:|---|\n"
        );
    }

    /// One row: `id` against `floor`, with an optional goal ratio; returns the ratio.
    pub(crate) fn row(
        &mut self,
        label: &str,
        id: &str,
        floor_label: &str,
        floor: &str,
        goal: Option<f64>,
    ) -> Option<f64> {
        let v = self.get(id);
        let f = self.get(floor);
        let ns = |x: Option<f64>| x.map_or("n/a".to_string(), |x| format!("{x:.1}"));
        let ratio = match (v, f) {
            (Some(v), Some(f)) if f > 0.0 => Some(v / f),
            _ => None,
        };
        let verdict = match (goal, ratio) {
            (Some(g), Some(r)) => format!("≤ {g}×: {}", if r <= g { "**met**" } else { "**missed**" }),
            (Some(g), None) => format!("≤ {g}×"),
            (None, _) => String::new(),
        };
        let _ = writeln!(
            self.md,
            "| {label} | {} | {floor_label} | {} | {} | {verdict} |",
            ns(v),
            ns(f),
            ratio.map_or("n/a".into(), |r| format!("{r:.2}×"))
        );
        ratio
    }

    /// A row with a goal, also listed in the goal summary with `why` (what stands between the
    /// figure and the goal) when the goal is missed.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn goal_row(
        &mut self,
        goal: &str,
        label: &str,
        id: &str,
        floor_label: &str,
        floor: &str,
        g: f64,
        why: String,
    ) {
        let ratio = self.row(label, id, floor_label, floor, Some(g));
        self.goal_line(
            goal,
            ratio.map(|r| (format!("{label}: {r:.2}× {floor_label}"), r <= g)),
            why,
        );
    }

    pub(crate) fn goal_line(&mut self, goal: &str, result: Option<(String, bool)>, why: String) {
        let (figure, verdict, why) = match result {
            Some((figure, true)) => (figure, "**met**".to_string(), String::new()),
            Some((figure, false)) => (figure, "**missed**".to_string(), why),
            None => ("n/a".into(), "not measured".into(), String::new()),
        };
        self.goals.push([goal.to_string(), figure, verdict, why]);
    }
}
