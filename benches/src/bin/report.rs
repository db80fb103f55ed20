//! Writes BENCHMARKS.md from criterion's results (run by `scripts/bench.sh` after the benches).
//!
//! `report [CRITERION_DIR] [OUT]` (defaults: `target/criterion`, `BENCHMARKS.md`). It reads
//! every `<group>/<bench>/new/{benchmark,estimates}.json` under CRITERION_DIR, takes the median,
//! measures what criterion does not (memory per live handle, boxing inside C#), and writes one
//! table row per figure: cilbind's time, its floor's, the ratio and the goal where there is one.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

/// Median in ns of every benchmark under `dir`, by criterion's full id (`call/sum/raw_shim`).
fn read_estimates(dir: &Path) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if !p.is_dir() {
                continue;
            }
            if p.file_name().is_some_and(|n| n == "new") {
                let read =
                    |f: &str| -> Option<Value> { serde_json::from_str(&std::fs::read_to_string(p.join(f)).ok()?).ok() };
                if let (Some(b), Some(est)) = (read("benchmark.json"), read("estimates.json")) {
                    if let (Some(id), Some(ns)) = (b["full_id"].as_str(), est["median"]["point_estimate"].as_f64()) {
                        out.insert(id.to_string(), ns);
                    }
                }
            } else {
                stack.push(p);
            }
        }
    }
    out
}

fn command_line(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    let text = String::from_utf8_lossy(if out.stdout.is_empty() {
        &out.stderr
    } else {
        &out.stdout
    })
    .into_owned();
    text.lines().next().map(|l| l.trim().to_string())
}

fn machine() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| {
            l.strip_prefix("model name")
                .and_then(|r| r.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    let cores = cpuinfo.lines().filter(|l| l.starts_with("processor")).count();
    let date = command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_default();
    let mut rev = command_line("git", &["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".into());
    if command_line("git", &["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty()) {
        rev.push_str(" (with uncommitted changes)");
    }
    let mono = command_line("mono", &["--version"]).unwrap_or_default();
    let rustc = command_line("rustc", &["--version"]).unwrap_or_default();
    format!(
        "| | |\n|---|---|\n| CPU | {model} |\n| cores | {cores} |\n| date | {date} |\n| git rev | {rev} |\n| Mono | {mono} |\n| rustc | {rustc} |\n"
    )
}

struct Table<'a> {
    est: &'a BTreeMap<String, f64>,
    md: String,
}

impl Table<'_> {
    fn header(&mut self, title: &str, note: &str) {
        let _ = write!(
            self.md,
            "\n## {title}\n\n{note}\n\n| figure | cilbind (ns) | floor | floor (ns) | ratio | goal |\n|---|---:|---|---:|---:|---|\n"
        );
    }

    /// One row: `id` against `floor`, with an optional goal ratio.
    fn row(&mut self, label: &str, id: &str, floor_label: &str, floor: &str, goal: Option<f64>) {
        let v = self.est.get(id).copied();
        let f = self.est.get(floor).copied();
        let ns = |x: Option<f64>| x.map_or("n/a".to_string(), |x| format!("{x:.1}"));
        let (ratio, verdict) = match (v, f) {
            (Some(v), Some(f)) if f > 0.0 => {
                let r = v / f;
                let verdict = goal.map_or(String::new(), |g| {
                    format!("≤ {g}×: {}", if r <= g { "**met**" } else { "**missed**" })
                });
                (format!("{r:.2}×"), verdict)
            }
            _ => ("n/a".into(), goal.map_or(String::new(), |g| format!("≤ {g}×"))),
        };
        let _ = writeln!(
            self.md,
            "| {label} | {} | {floor_label} | {} | {ratio} | {verdict} |",
            ns(v),
            ns(f)
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().unwrap_or_else(|| "target/criterion".into()));
    let out = PathBuf::from(args.next().unwrap_or_else(|| "BENCHMARKS.md".into()));
    let mut est = read_estimates(&dir);
    assert!(
        !est.is_empty(),
        "no criterion results under {}: run the benches first",
        dir.display()
    );

    // What criterion does not measure: one process, after the benches.
    cilbind_benches::setup();
    let per_handle = cilbind_benches::memory_per_handle(1_000_000);
    let managed_box = cilbind_benches::managed_box_ns(10_000_000);
    est.insert("extra/int32_box/csharp_loop".into(), managed_box);

    let mut t = Table {
        est: &est,
        md: String::new(),
    };
    t.md.push_str("# Benchmarks\n\nWritten by `bash scripts/bench.sh` (criterion, short runs: 0.3 s warm-up, 1 s measurement,\n30 samples; each figure is the median). Every cilbind figure sits beside its floor, the same\nwork done with Mono's C API (`cilbind::floor`, feature `floors`) in the same run, so the\nratio is what cilbind adds. The machine is a shared VM: figures move by ±20 % between runs;\nthe ratios move less. Criterion's own reports are in `target/criterion/`.\n\n## Machine\n\n");
    t.md.push_str(&machine());

    t.header("Calls", "Floors: the bare thunk pointer (no checks, no attach test); for calls on an object, `mono_gchandle_get_target` + the bare thunk, since every call on a handle must resolve it.");
    t.row(
        "bare thunk `int Sum(int, int)`",
        "call/sum/bare_thunk",
        "Rust fn",
        "call/sum/rust_fn",
        None,
    );
    t.row(
        "raw shim, static `Sum`",
        "call/sum/raw_shim",
        "bare thunk",
        "call/sum/bare_thunk",
        None,
    );
    t.row(
        "raw shim, instance `AddTo`",
        "call/instance/raw_shim",
        "get_target + bare thunk",
        "call/instance/bare_thunk_handle",
        None,
    );
    t.row(
        "raw shim, instance `AddTo`",
        "call/instance/raw_shim",
        "bare thunk (static)",
        "call/sum/bare_thunk",
        Some(1.5),
    );
    t.row(
        "raw shim, virtual `Virt`",
        "call/virtual/raw_shim",
        "get_target + bare thunk",
        "call/instance/bare_thunk_handle",
        None,
    );
    t.row(
        "raw shim, interface `IValue.Get`",
        "call/interface/raw_shim",
        "get_target + bare thunk",
        "call/instance/bare_thunk_handle",
        None,
    );
    t.row(
        "pointer trampoline `V3.Add(V3, V3)`",
        "call/v3_add/trampoline",
        "bare thunk (static)",
        "call/sum/bare_thunk",
        None,
    );
    t.row(
        "reflective `invoke` of `Sum`",
        "call/sum/generic_invoke",
        "`mono_runtime_invoke` (boxed args)",
        "call/sum/mono_runtime_invoke_boxed",
        None,
    );

    t.header("Boxing", "Box to an `Object` handle and drop it; floor: `mono_value_box` + `mono_gchandle_new` + `mono_gchandle_free`. Unbox (checked, through the handle); floor: `mono_gchandle_get_target` + `mono_object_unbox` + a copy, unchecked.");
    for (name, ty) in [
        ("int32", "Int32"),
        ("team", "enum `Team : byte`"),
        ("v3", "struct `V3` (12 B)"),
    ] {
        t.row(
            &format!("{ty} box + drop"),
            &format!("box/{name}_box_drop/cilbind"),
            "C API",
            &format!("box/{name}_box_drop/c_api"),
            Some(1.2),
        );
        t.row(
            &format!("{ty} unbox"),
            &format!("box/{name}_unbox/cilbind"),
            "C API",
            &format!("box/{name}_unbox/c_api"),
            None,
        );
    }
    t.row(
        "Int32 box inside C# (`BoxInts` loop of 10⁷, per box)",
        "extra/int32_box/csharp_loop",
        "—",
        "",
        None,
    );
    t.row(
        "Int32 box + drop from Rust vs boxing in C#",
        "box/int32_box_drop/cilbind",
        "C# loop",
        "extra/int32_box/csharp_loop",
        None,
    );

    t.header("Handles", "With 1, 1 000 and 1 000 000 live handles (each to its own object). Create: a call returns a reference that becomes a handle (floor: bare thunk + `mono_gchandle_new`); clone: a second handle to the same object; read: the store lookup plus the object's class (floor: `mono_gchandle_get_target` + `mono_object_get_class`); drop: releasing a handle (floor: `mono_gchandle_free`). Create, clone and drop are timed in chunks of 100 so the live count stays within n + 100.");
    for op in ["create", "clone", "read", "drop"] {
        for n in ["1", "1000", "1000000"] {
            t.row(
                &format!("{op}, {n} live"),
                &format!("handles/{op}_{n}/cilbind"),
                "C API",
                &format!("handles/{op}_{n}/c_api"),
                None,
            );
        }
    }
    let _ = writeln!(
        t.md,
        "\n**Flatness** (slowest ÷ fastest of the three live counts, cilbind):"
    );
    for op in ["create", "clone", "read", "drop"] {
        let v: Vec<f64> = ["1", "1000", "1000000"]
            .iter()
            .filter_map(|n| est.get(&format!("handles/{op}_{n}/cilbind")).copied())
            .collect();
        if v.len() == 3 {
            let (lo, hi) = v.iter().fold((f64::MAX, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
            let _ = writeln!(t.md, "- {op}: {:.2}×", hi / lo);
        }
    }
    let _ = write!(
        t.md,
        "\n**Memory per live handle: {per_handle:.1} bytes** (RSS growth while 10⁶ extra handles to one object are held, minus the test's own `Vec` of keys). Expected: cilbind's slot is one `u64` (version and GC handle) = 8 B, in segments that double, so up to 2× that while a segment fills; Mono's GC handle is one pointer-sized entry in SGen's handle table = 8 B, also in doubling buckets. Objects themselves are not included.\n"
    );
    std::fs::write(&out, t.md).expect("write the report");
    println!("wrote {}", out.display());
}
