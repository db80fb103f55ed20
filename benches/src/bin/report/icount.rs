//! Instruction counts (benches/icount.rs, run by gungraun under callgrind): reading them from
//! gungraun's output directory and writing the "Instruction counts" section.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::table::Table;

/// The exact valgrind command line gungraun runs each benchmark with (gungraun 0.20's defaults
/// plus benches/icount.rs's `config`), for the report.
pub(crate) const VALGRIND_FLAGS: &str = "valgrind --tool=callgrind --smc-check=all --cache-sim=no \
--toggle-collect='*::__gungraun_wrapper_mod::*' --separate-threads=yes --trace-children=yes \
--fair-sched=try --dump-line=yes --dump-instr=no --compress-strings=no --compress-pos=no \
--combine-dumps=no --vgdb=no --error-exitcode=0";

/// Kinds of figure, as benches/icount.rs ends its function names (longest first where one
/// ends another).
const KINDS: [&str; 7] = [
    "bare_thunk_handle",
    "bare_thunk",
    "bare_trampoline",
    "rust_fn",
    "generated",
    "c_api",
    "cilbind",
];

/// The criterion id of the same operation as gungraun's `group`/`function`.`bench`:
/// `call/sum_bare_thunk.x` → `call/sum/bare_thunk`, `boxing/int32_box_drop_c_api.x` →
/// `box/int32_box_drop/c_api`, `handles/create_cilbind.n1000000` →
/// `handles/create_1000000/cilbind` (bench ids `n<N>` are live handle counts).
pub(crate) fn criterion_id(group: &str, bench: &str) -> Option<String> {
    let (function, id) = bench.split_once('.')?;
    let (figure, kind) = KINDS
        .iter()
        .find_map(|k| Some((function.strip_suffix(k)?.strip_suffix('_')?, *k)))?;
    let group = if group == "boxing" { "box" } else { group };
    let live = id
        .strip_prefix('n')
        .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    Some(match live {
        Some(n) => format!("{group}/{figure}_{n}/{kind}"),
        None => format!("{group}/{figure}/{kind}"),
    })
}

/// Instructions per operation of every benchmark under `dir` (gungraun's
/// `<target>/gungraun/cilbind-benches/icount`), by criterion id: the `totals:` line of each
/// callgrind output file of the benchmark's last run (one file per thread; `.old` files are
/// the run before), summed.
pub(crate) fn read(dir: &Path) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    let Ok(groups) = std::fs::read_dir(dir) else { return out };
    for group in groups.flatten().filter(|e| e.path().is_dir()) {
        let Ok(benches) = std::fs::read_dir(group.path()) else {
            continue;
        };
        for bench in benches.flatten().filter(|e| e.path().is_dir()) {
            let (g, b) = (group.file_name(), bench.file_name());
            let Some(id) = criterion_id(&g.to_string_lossy(), &b.to_string_lossy()) else {
                continue;
            };
            let Ok(files) = std::fs::read_dir(bench.path()) else {
                continue;
            };
            let mut total = None;
            for f in files.flatten() {
                let name = f.file_name().to_string_lossy().into_owned();
                if !(name.starts_with("callgrind.") && name.ends_with(".out")) {
                    continue;
                }
                let text = std::fs::read_to_string(f.path()).unwrap_or_default();
                let n: Option<u64> = text
                    .lines()
                    .find_map(|l| l.strip_prefix("totals:"))
                    .and_then(|v| v.split_whitespace().next()?.parse().ok());
                if let Some(n) = n {
                    *total.get_or_insert(0) += n;
                }
            }
            if let Some(n) = total {
                out.insert(id, n as f64);
            }
        }
    }
    out
}

/// One row: `id` against `floor` in instructions, the timing ratio of the same pair beside it,
/// and issue 15's goal for the ratio where it has one.
fn row(t: &mut Table, label: &str, id: &str, floor_label: &str, floor: &str, goal: Option<f64>) {
    let (c, f) = (t.count(id), t.count(floor));
    let n = |x: Option<f64>| x.map_or("n/a".to_string(), |x| format!("{x:.0}"));
    let r = t.count_ratio(id, floor);
    let timed = match (t.get(id), t.get(floor)) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}×", a / b),
        _ => "n/a".into(),
    };
    let goal = match (goal, r) {
        (Some(g), Some(r)) => format!("≤ {g}×: {}", if r <= g { "met" } else { "missed" }),
        (Some(g), None) => format!("≤ {g}×"),
        (None, _) => String::new(),
    };
    let _ = writeln!(
        t.md,
        "| {label} | {} | {floor_label} | {} | {} | {timed} | {goal} |",
        n(c),
        n(f),
        r.map_or("n/a".into(), |r| format!("{r:.2}×"))
    );
}

/// Slowest ÷ fastest count of `op` (`handles/{op}_{n}/{kind}`) over 1 and 10⁶ live handles.
pub(crate) fn spread(t: &Table, op: &str, kind: &str) -> Option<f64> {
    let a = t.count(&format!("handles/{op}_1/{kind}"))?;
    let b = t.count(&format!("handles/{op}_1000000/{kind}"))?;
    (a > 0.0 && b > 0.0).then(|| a.max(b) / a.min(b))
}

/// The "Instruction counts" section.
pub(crate) fn section(t: &mut Table) {
    let _ = write!(
        t.md,
        "\n## Instruction counts\n\n\
Instructions executed per operation, counted by callgrind: deterministic, so they do not move with the machine's load as the timings above do (a rerun gives the same counts as long as the code, Mono and the toolchain are the same). \
`benches/benches/icount.rs` is a [gungraun](https://crates.io/crates/gungraun) library benchmark: each figure is one call of a benchmark function doing one operation, in its own process, run as\n\n\
```text\nsetarch -R {VALGRIND_FLAGS} <bench binary>\n```\n\n\
(`setarch -R`: no address randomization; `--toggle-collect`: counting runs only inside the benchmark function, on any thread; `--smc-check=all`: Mono writes machine code at run time and patches it, and valgrind must see every change to code it has translated; with valgrind's default `all-non-file`, and even with `none`, the call figures counted the same on 2026-11-25, so `all` is a safeguard, for about 13 % more run time). \
Mono needs no setting of its own under valgrind 3.19: its preemptive suspend and SGen's stop-the-world (a full collection ends every setup) work as they are. \
One process per figure, 31 figures: about 2.5 minutes on 2 cores, most of it the eight setups with 10⁶ live handles. \
The setup before it, not counted, starts Mono, loads the fixtures (and makes the live handles), runs every operation of its group twice, collects garbage fully and runs them twice again: every method on the path is compiled and every `MethodRef` resolved, the nursery is empty and the thread has an allocation buffer, so the count is the steady state of one operation, not a first call. \
The operations and their floors are the criterion benches' (the same `cilbind::floor` functions, the same fixtures); each count includes the benchmark function's own call and `black_box`es, a few instructions, floors included (the Rust-function floor of `Sum` is almost only that). \
`time ratio` is the criterion ratio of the same pair above. `goal` is issue 15's, checked against the count ratio; the verdicts in the goal summary stay on the timing ratios.\n\n\
| figure | cilbind (instr.) | floor | floor (instr.) | ratio | time ratio | goal |\n|---|---:|---|---:|---:|---:|---|\n"
    );
    row(
        t,
        "bare thunk `int Sum(int, int)`",
        "call/sum/bare_thunk",
        "Rust fn",
        "call/sum/rust_fn",
        None,
    );
    row(
        t,
        "`Calls::sum(1, 2)`",
        "call/sum/generated",
        "bare thunk",
        "call/sum/bare_thunk",
        Some(1.10),
    );
    row(
        t,
        "C floor: get_target + bare thunk `AddTo`",
        "call/instance/bare_thunk_handle",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    for (label, id, goal) in [
        ("`Adder::add_to` (instance)", "call/instance/generated", 1.25),
        ("`Adder::virt` (virtual)", "call/virtual/generated", 1.4),
        ("`IValueExt::get` (interface)", "call/interface/generated", 1.4),
    ] {
        row(t, label, id, "bare thunk `Sum`", "call/sum/bare_thunk", Some(goal));
        row(
            t,
            label,
            id,
            "get_target + bare thunk",
            "call/instance/bare_thunk_handle",
            None,
        );
    }
    for (label, trampoline, id) in [
        (
            "`game::Vector3::add`",
            "call/v3_add/bare_trampoline",
            "call/v3_add/generated",
        ),
        (
            "`numerics::Vector3::add`",
            "call/numerics_v3_add/bare_trampoline",
            "call/numerics_v3_add/generated",
        ),
    ] {
        row(
            t,
            &format!("bare trampoline of {label}"),
            trampoline,
            "bare thunk `Sum`",
            "call/sum/bare_thunk",
            None,
        );
        row(t, label, id, "`Calls::sum`", "call/sum/generated", Some(0.5));
        row(t, label, id, "bare trampoline", trampoline, None);
    }
    row(
        t,
        "bare trampoline `Matrix4x4.Multiply`",
        "call/m4x4_multiply/bare_trampoline",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    row(
        t,
        "`numerics::Matrix4x4::multiply`",
        "call/m4x4_multiply/generated",
        "bare trampoline",
        "call/m4x4_multiply/bare_trampoline",
        Some(0.3),
    );
    row(
        t,
        "Int32 box + drop",
        "box/int32_box_drop/cilbind",
        "C API (value_box + gchandle new/free)",
        "box/int32_box_drop/c_api",
        Some(0.6),
    );
    for op in ["create", "clone", "read", "drop"] {
        for (n, live) in [("1", "1"), ("1000000", "10⁶")] {
            row(
                t,
                &format!("handle {op}, {live} live"),
                &format!("handles/{op}_{n}/cilbind"),
                "C API",
                &format!("handles/{op}_{n}/c_api"),
                None,
            );
        }
    }
    let _ = writeln!(
        t.md,
        "\n**Spread** of the handle counts from 1 to 10⁶ live handles (larger ÷ smaller; a count does not see cache misses, so this shows whether more instructions run with more live handles, not what the timings' spread shows):"
    );
    for op in ["create", "clone", "read", "drop"] {
        let fmt = |x: Option<f64>| x.map_or("n/a".into(), |x| format!("{x:.2}×"));
        let _ = writeln!(
            t.md,
            "- {op}: cilbind {}, C API {}",
            fmt(spread(t, op, "cilbind")),
            fmt(spread(t, op, "c_api"))
        );
    }
}

#[cfg(test)]
mod tests {
    use super::criterion_id;

    #[test]
    fn gungraun_names_map_to_criterion_ids() {
        let id = |g, b| criterion_id(g, b);
        assert_eq!(id("call", "sum_bare_thunk.x").as_deref(), Some("call/sum/bare_thunk"));
        assert_eq!(id("call", "sum_rust_fn.x").as_deref(), Some("call/sum/rust_fn"));
        assert_eq!(
            id("call", "instance_bare_thunk_handle.x").as_deref(),
            Some("call/instance/bare_thunk_handle")
        );
        assert_eq!(
            id("call", "numerics_v3_add_bare_trampoline.x").as_deref(),
            Some("call/numerics_v3_add/bare_trampoline")
        );
        assert_eq!(
            id("boxing", "int32_box_drop_c_api.x").as_deref(),
            Some("box/int32_box_drop/c_api")
        );
        assert_eq!(
            id("handles", "create_cilbind.n1000000").as_deref(),
            Some("handles/create_1000000/cilbind")
        );
        assert_eq!(id("handles", "drop_c_api.n1").as_deref(), Some("handles/drop_1/c_api"));
        // Not a figure of benches/icount.rs: skipped, not misread.
        assert_eq!(id("call", "sum_unknown.x"), None);
        assert_eq!(id("call", "no_bench_id"), None);
    }
}
