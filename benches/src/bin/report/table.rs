//! The tables of BENCHMARKS.md: one row per figure (cilbind's time, its floor's, the ratio, the
//! goal where there is one), and the goal summary that the rows with goals feed (with the
//! instruction-count ratio of the same pair beside the timing ratio).

use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The report being written: the estimates it reads, the markdown so far, and the goals.
pub(crate) struct Table<'a> {
    /// Criterion medians in ns, by criterion id.
    pub(crate) est: &'a BTreeMap<String, f64>,
    /// Instructions per operation (benches/icount.rs), by the criterion id of the same operation.
    pub(crate) counts: &'a BTreeMap<String, f64>,
    pub(crate) md: String,
    /// Goal lines for the summary: (goal, figure, instruction-count ratio, verdict, what stands
    /// between when missed).
    pub(crate) goals: Vec<[String; 5]>,
}

impl Table<'_> {
    pub(crate) fn get(&self, id: &str) -> Option<f64> {
        self.est.get(id).copied()
    }

    /// Instructions per operation of `id`, when counted.
    pub(crate) fn count(&self, id: &str) -> Option<f64> {
        self.counts.get(id).copied()
    }

    /// `id`'s instruction count over `floor`'s, when both are counted.
    pub(crate) fn count_ratio(&self, id: &str, floor: &str) -> Option<f64> {
        match (self.count(id), self.count(floor)) {
            (Some(a), Some(b)) if b > 0.0 => Some(a / b),
            _ => None,
        }
    }

    /// `a - b` in ns, formatted (for the notes on missed goals).
    pub(crate) fn diff(&self, a: &str, b: &str) -> String {
        match (self.get(a), self.get(b)) {
            (Some(a), Some(b)) => format!("{:.1} ns", a - b),
            _ => "n/a".into(),
        }
    }

    /// `a - b` in instructions per operation, formatted (for the notes on missed goals).
    pub(crate) fn count_diff(&self, a: &str, b: &str) -> String {
        match (self.count(a), self.count(b)) {
            (Some(a), Some(b)) => format!("{:.0} instructions", a - b),
            _ => "n/a instructions".into(),
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
        let counted = self.count_ratio(id, floor);
        self.goal_line(
            goal,
            ratio.map(|r| (format!("{label}: {r:.2}× {floor_label}"), r <= g)),
            counted.map(|r| format!("{r:.2}×")),
            why,
        );
    }

    /// A goal in the summary: the timed figure and whether it meets the goal (the verdict), the
    /// same ratio in instructions when it is counted (`None`: not counted, shown as "—").
    pub(crate) fn goal_line(
        &mut self,
        goal: &str,
        result: Option<(String, bool)>,
        counted: Option<String>,
        why: String,
    ) {
        let (figure, verdict, why) = match result {
            Some((figure, true)) => (figure, "**met**".to_string(), String::new()),
            Some((figure, false)) => (figure, "**missed**".to_string(), why),
            None => ("n/a".into(), "not measured".into(), String::new()),
        };
        let counted = counted.unwrap_or_else(|| "—".into());
        self.goals.push([goal.to_string(), figure, counted, verdict, why]);
    }
}
