//! Writes BENCHMARKS.md from criterion's results (run by `scripts/bench.sh` after the benches).
//!
//! `report [CRITERION_DIR] [OUT]` (defaults: `target/criterion`, `BENCHMARKS.md`). It reads
//! every `<group>/<bench>/new/{benchmark,estimates}.json` under CRITERION_DIR, takes the median,
//! measures what criterion does not (memory per live handle, boxing inside C#), and writes one
//! table row per figure: cilbind's time, its floor's, the ratio and the goal where there is one;
//! then the generator's time for mscorlib (total and per stage, from `generate/mscorlib` and the
//! `stages.json` benches/generate.rs writes beside it). Every goal (issues 5, 14 and 15) is also
//! listed in a summary at the top, with what stands between the figure and the goal when it is missed.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod icount;
mod reload;
mod table;
use table::Table;

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

/// Median stage times of the generator benchmark (written by benches/generate.rs).
fn generator_stages(dir: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(dir.join("generate/mscorlib/stages.json")).ok()?).ok()
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

    // The C# → Rust figures are loops of INCOMING_CALLS calls: per call.
    for (id, ns) in est.iter_mut() {
        if id.starts_with("incoming/") {
            *ns /= f64::from(cilbind_benches::INCOMING_CALLS);
        }
    }
    // What criterion does not measure: one process, after the benches.
    cilbind_benches::setup();
    let per_handle = cilbind_benches::memory_per_handle(1_000_000);
    let managed_box = cilbind_benches::managed_box_ns(10_000_000);
    est.insert("extra/int32_box/csharp_loop".into(), managed_box);

    // Instruction counts (benches/icount.rs), from gungraun's directory beside criterion's.
    let icount_dir = dir
        .parent()
        .map_or_else(|| PathBuf::from("target"), Path::to_path_buf)
        .join("gungraun/cilbind-benches/icount");
    let counts = icount::read(&icount_dir);
    let mut t = Table {
        est: &est,
        counts: &counts,
        md: String::new(),
        goals: Vec::new(),
    };

    // ---- Calls ----
    t.header("Calls", "Every cilbind figure is a call through the bindings generated at build time by managed-tests (`managed_tests::basics` for fixtures/Basics.cs, `::game` for fixtures/Game.cs, `::vectors` for Mono's System.Numerics.Vectors), `Result` unwrapped. Floors: the bare thunk pointer of `static int Sum(int, int)` (no checks, no attach test) is the usual one; calls on an object are held to the bare `Sum` thunk (issue 15: a handle is a slot of a managed array that Rust reads directly), and shown beside `mono_gchandle_get_target` + the bare thunk, what a call on a GC handle costs at the least (the design before issue 15); strings: the same thunk called bare with the strings made (`mono_string_new_utf16`) and read (`mono_string_chars` + UTF-16 decoding) directly; full structs: their pointer trampoline called bare; out parameters: the bare thunk with two pointers; throwing: the bare thunk returning the exception object (cilbind also reads its type, message and stack trace into `Error::ManagedException`). A floor that is itself more than a plain thunk is first shown against the bare `Sum` thunk.");
    t.row(
        "bare thunk `int Sum(int, int)`",
        "call/sum/bare_thunk",
        "Rust fn",
        "call/sum/rust_fn",
        None,
    );
    let why = format!(
        "what the shim does around Mono's thunk, none of it a call: the cached thunk's `OnceLock`, the attach test (`Runtime::ensure_current_thread`, a thread-local read), the signature compare (one 128-bit constant), the exception slot and the `Result`: {} and {} over the bare thunk, whose own {} are Mono's native-to-managed wrapper (its GC-unsafe transitions and thread-info lookups) and `Sum`.",
        t.diff("call/sum/generated", "call/sum/bare_thunk"),
        t.count_diff("call/sum/generated", "call/sum/bare_thunk"),
        t.count("call/sum/bare_thunk").map_or("n/a".into(), |c| format!("{c:.0} instructions"))
    );
    t.goal_row(
        "raw-shim `Sum` ≤ 1.10× the bare thunk (issue 15)",
        "`Calls::sum(1, 2)` (raw shim)",
        "call/sum/generated",
        "bare thunk",
        "call/sum/bare_thunk",
        1.10,
        why,
    );
    t.row(
        "`Adder::add_to` (instance)",
        "call/instance/generated",
        "get_target + bare thunk",
        "call/instance/bare_thunk_handle",
        None,
    );
    let object_why = |t: &Table, id: &str| {
        format!(
            "no GC handle is resolved any more (the `get_target` floor, the previous design's, costs {} and {} over the bare thunk); what remains is {} and {} over the bare static thunk, none of it a call: the static call's own share (above: {}), the store lookup (the slot's segment, its generation compare, the load of the object from the managed slot array and the seqlock re-read) and the class check of `this` (two dependent loads from the object header), several short chains of dependent loads.",
            t.diff("call/instance/bare_thunk_handle", "call/sum/bare_thunk"),
            t.count_diff("call/instance/bare_thunk_handle", "call/sum/bare_thunk"),
            t.diff(id, "call/sum/bare_thunk"),
            t.count_diff(id, "call/sum/bare_thunk"),
            t.count_diff("call/sum/generated", "call/sum/bare_thunk"),
        )
    };
    let why = object_why(&t, "call/instance/generated");
    t.goal_row(
        "instance call ≤ 1.25× the bare static thunk (issue 15)",
        "`Adder::add_to` (instance)",
        "call/instance/generated",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        1.25,
        why,
    );
    t.row(
        "`Adder::virt` (virtual, overridden)",
        "call/virtual/generated",
        "get_target + bare thunk",
        "call/instance/bare_thunk_handle",
        None,
    );
    let why = object_why(&t, "call/virtual/generated");
    t.goal_row(
        "virtual call ≤ 1.4× the bare static thunk (issue 15)",
        "`Adder::virt` (virtual, overridden)",
        "call/virtual/generated",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        1.4,
        why,
    );
    t.row(
        "`IValueExt::get` (interface)",
        "call/interface/generated",
        "get_target + bare thunk",
        "call/instance/bare_thunk_handle",
        None,
    );
    let why = object_why(&t, "call/interface/generated");
    t.goal_row(
        "interface call ≤ 1.4× the bare static thunk (issue 15)",
        "`IValueExt::get` (interface)",
        "call/interface/generated",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        1.4,
        why,
    );
    t.row(
        "raw call, `this` of the declared class, checked",
        "call/checks/this_exact_checked",
        "the same call unchecked",
        "call/checks/this_exact_unchecked",
        None,
    );
    t.row(
        "raw call, `this` of a subclass (cached), checked",
        "call/checks/this_subclass_checked",
        "the same call unchecked",
        "call/checks/this_subclass_unchecked",
        None,
    );
    t.row(
        "raw call, object argument (a `Dog` as `Animal`), checked",
        "call/checks/object_arg_checked",
        "the same call unchecked",
        "call/checks/object_arg_unchecked",
        None,
    );
    t.row(
        "managed struct `RaycastHit::score`",
        "call/managed_struct/generated",
        "get_target + bare thunk",
        "call/instance/bare_thunk_handle",
        None,
    );
    t.row(
        "C API floor: `Concat(string, string)` → string",
        "call/string_concat/c_api",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    t.row(
        "`Calls::concat(\"hello, \", \"world\")`",
        "call/string_concat/generated",
        "C API (strings made + read)",
        "call/string_concat/c_api",
        None,
    );
    t.row(
        "C API floor: `Length(string)`",
        "call/string_length/c_api",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    t.row(
        "`Calls::length(\"hello, world\")`",
        "call/string_length/generated",
        "C API (string made)",
        "call/string_length/c_api",
        None,
    );
    t.row(
        "bare trampoline `Vector3.Add` (12 B)",
        "call/v3_add/bare_trampoline",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    t.row(
        "`game::Vector3::add` (translated into Rust)",
        "call/v3_add/generated",
        "bare trampoline",
        "call/v3_add/bare_trampoline",
        None,
    );
    let why = format!(
        "the translated body itself: three `f32` additions and a 12-byte copy ({} against `Calls::sum`'s {}, which is one transition into Mono); a miss means the call was not inlined into the benchmark loop or the `Result` is not optimized away",
        t.ns("call/v3_add/generated"),
        t.ns("call/sum/generated")
    );
    t.goal_row(
        "`Vector3.Add` ≤ 0.5× `Calls::sum` (translated, issue 15)",
        "`game::Vector3::add`",
        "call/v3_add/generated",
        "`Calls::sum`",
        "call/sum/generated",
        0.5,
        why,
    );
    t.row(
        "`numerics::Vector3::add` (translated)",
        "call/numerics_v3_add/generated",
        "`Calls::sum`",
        "call/sum/generated",
        None,
    );
    t.row(
        "bare trampoline `Matrix4x4.Multiply` (64 B)",
        "call/m4x4_multiply/bare_trampoline",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    let why = format!(
        "the translated body itself: 64 `f32` multiplications and 48 additions in .NET's order (never fused), {} against the bare trampoline's {}",
        t.ns("call/m4x4_multiply/generated"),
        t.ns("call/m4x4_multiply/bare_trampoline")
    );
    t.goal_row(
        "`Matrix4x4.Multiply` ≤ 0.3× the bare trampoline (translated, issue 15)",
        "`numerics::Matrix4x4::multiply` (translated)",
        "call/m4x4_multiply/generated",
        "bare trampoline",
        "call/m4x4_multiply/bare_trampoline",
        0.3,
        why,
    );
    t.row(
        "bare thunk `Divmod(int, int, out int, out int)`",
        "call/divmod/bare_thunk",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    t.row(
        "`Calls::divmod(17, 5)` (two out parameters)",
        "call/divmod/generated",
        "bare thunk",
        "call/divmod/bare_thunk",
        None,
    );
    t.row(
        "bare thunk of `Throw(string)`, exception returned",
        "call/throw/bare_thunk",
        "bare thunk `Sum`",
        "call/sum/bare_thunk",
        None,
    );
    t.row(
        "`Calls::throw(\"boom\")` → `Err` (per call)",
        "call/throw/generated",
        "bare thunk, exception returned",
        "call/throw/bare_thunk",
        None,
    );
    t.goal_row(
        "generic `invoke` ≤ 1.0× `mono_runtime_invoke` with boxed arguments",
        "reflective `invoke` of `Sum`",
        "call/sum/generic_invoke",
        "`mono_runtime_invoke` (boxed args)",
        "call/sum/mono_runtime_invoke_boxed",
        1.0,
        "converting the `Value`s to Mono's argument array and the boxed result back.".into(),
    );

    // ---- C# → Rust ----
    t.header("C# → Rust", &format!("C# loops in fixtures/Incoming.cs make {calls} calls each; a figure is one loop's time divided by {calls}: one call plus the loop's own work (the same in every loop). Natives: `Loops.NativeAdd`, a C# internal call implemented in Rust through the generated `LoopsNatives` trait (thunk: the `native_call` guard and the parameter kinds); floors: the same internal call bound to a bare `extern \"C\"` function (no cilbind thunk), a P/Invoke of the same addition as a C function (`DllImport(\"__Internal\")`, exported by the bench binary) and a `[NoInlining]` C# static method. Interfaces: `IAdder.Add` called from C# on a Rust implementation (`IAdder::implement`: a Reflection.Emit proxy class whose method is an internal call into the Rust value) and on a C# class.", calls = cilbind_benches::INCOMING_CALLS));
    t.row(
        "bare internal call (no cilbind thunk)",
        "incoming/bare_icall",
        "C# static call",
        "incoming/managed_static",
        None,
    );
    t.row(
        "native `Loops.NativeAdd` (generated thunk)",
        "incoming/native",
        "bare internal call",
        "incoming/bare_icall",
        None,
    );
    let why = format!(
        "the internal call itself: a bare `extern \"C\"` function bound as an internal call costs {} over the C# static call.",
        t.diff("incoming/bare_icall", "incoming/managed_static")
    );
    t.goal_row(
        "C# → Rust native ≤ 1.5× a P/Invoke",
        "native `Loops.NativeAdd`",
        "incoming/native",
        "P/Invoke of a C function",
        "incoming/pinvoke",
        1.5,
        why,
    );
    t.row(
        "native `Loops.NativeAdd`",
        "incoming/native",
        "C# static call",
        "incoming/managed_static",
        None,
    );
    let why = format!(
        "any call out of managed code: the bare internal call alone costs {} over the C# static call, more than a C# interface call costs in all ({}); the proxy adds the interface dispatch, loading its key and the slab lookup: {} over the bare internal call.",
        t.diff("incoming/bare_icall", "incoming/managed_static"),
        t.ns("incoming/interface_csharp"),
        t.diff("incoming/interface_rust", "incoming/bare_icall")
    );
    t.goal_row(
        "interface call into Rust ≤ 2× the C# implementation",
        "`IAdder.Add` on a Rust implementation",
        "incoming/interface_rust",
        "`IAdder.Add` in C#",
        "incoming/interface_csharp",
        2.0,
        why,
    );
    t.row(
        "`IAdder.Add` on a Rust implementation",
        "incoming/interface_rust",
        "bare internal call",
        "incoming/bare_icall",
        None,
    );

    // ---- Boxing ----
    t.header("Boxing", "Box to an `Object` handle and drop it; floor: `mono_value_box` + `mono_gchandle_new` + `mono_gchandle_free`, what a box held by a GC handle costs through the C API. cilbind boxes in one call into managed code (a `Box` method emitted per value type by the runtime's C# helper) that allocates the box straight into its store slot, and a drop clears the slot without calling Mono. Unbox (checked, through the handle); floor: `mono_gchandle_get_target` + `mono_object_unbox` + a copy, unchecked.");
    for (name, ty) in [
        ("int32", "Int32"),
        ("team", "enum `Team : byte`"),
        ("v3", "struct `V3` (12 B)"),
    ] {
        let id = format!("box/{name}_box_drop/cilbind");
        let floor = format!("box/{name}_box_drop/c_api");
        let why = format!(
            "the call into managed code (Mono's native-to-managed wrapper and its GC-unsafe transitions) and the allocation, which is SGen's and moves with GC timing: {} in all against {} for the same box made inside C#; the slot costs {} to release.",
            t.ns(&id),
            t.ns("extra/int32_box/csharp_loop"),
            t.ns("handles/drop_1000/cilbind"),
        );
        t.goal_row(
            &format!("{ty} box + drop ≤ 0.6× the C API (issue 15)"),
            &format!("{ty} box + drop"),
            &id,
            "C API",
            &floor,
            0.6,
            why,
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

    // ---- Handles ----
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
    const FLAT: f64 = 1.2;
    let _ = writeln!(
        t.md,
        "\n**Flatness** (slowest ÷ fastest of the three live counts; goal: flat, read as ≤ {FLAT}×; the C API's own spread beside it):"
    );
    let spread = |kind: &str, op: &str| -> Option<f64> {
        let v: Vec<f64> = ["1", "1000", "1000000"]
            .iter()
            .filter_map(|n| est.get(&format!("handles/{op}_{n}/{kind}")).copied())
            .collect();
        (v.len() == 3).then(|| {
            let (lo, hi) = v.iter().fold((f64::MAX, 0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
            hi / lo
        })
    };
    for op in ["create", "clone", "read", "drop"] {
        let (c, f) = (spread("cilbind", op), spread("c_api", op));
        let fmt = |x: Option<f64>| x.map_or("n/a".into(), |x| format!("{x:.2}×"));
        let added: Vec<String> = ["1", "1000", "1000000"]
            .iter()
            .map(|n| t.diff(&format!("handles/{op}_{n}/cilbind"), &format!("handles/{op}_{n}/c_api")))
            .collect();
        let _ = writeln!(
            t.md,
            "- {op}: cilbind {}, C API {}; cilbind adds {} at 1 / 10³ / 10⁶ live",
            fmt(c),
            fmt(f),
            added.join(" / ")
        );
        let why = if f.is_some_and(|f| f > FLAT) {
            format!(
                "Mono's own cost grows with the live count (the C API alone spreads {}: SGen's handle table and the objects stop fitting in cache at 10⁶); what cilbind adds is {} at 1 / 10³ / 10⁶ live.",
                fmt(f),
                added.join(" / ")
            )
        } else {
            format!(
                "cilbind's own part grows while the C API stays flat ({}): it adds {} at 1 / 10³ / 10⁶ live; the instruction counts do not grow (see the instruction counts), so what grows is memory: at 10⁶ live the store's slots (16 MB of versions and references) and the objects no longer fit in cache.",
                fmt(f),
                added.join(" / ")
            )
        };
        t.goal_line(
            &format!("handle {op} flat from 1 to 10⁶ live handles"),
            c.map(|c| (format!("{op}: {c:.2}× slowest ÷ fastest"), c <= FLAT)),
            icount::spread(&t, op, "cilbind").map(|s| format!("{s:.2}× (1 → 10⁶ live)")),
            why,
        );
    }
    let _ = write!(
        t.md,
        "\n**Memory per live handle: {per_handle:.1} bytes** (RSS growth while 10⁶ extra handles to one object are held, minus the test's own `Vec` of keys). Expected: cilbind's slot is one `u64` (version, or the free list's link) in native memory and one reference in a managed `object[]` segment = 16 B, in segments that double, so up to 2× that while a segment fills; no GC handle per object (a store holds one pinned handle per segment). Objects themselves are not included.\n"
    );

    // ---- Hot reload ----
    reload::section(&mut t, &dir);

    // ---- Instruction counts ----
    icount::section(&mut t);

    // ---- Generator ----
    let total = est.get("generate/mscorlib").copied();
    let stages = generator_stages(&dir);
    let ms = |ns: Option<f64>| ns.map_or("n/a".into(), |ns| format!("{:.0}", ns / 1e6));
    let stage = |k: &str| stages.as_ref().and_then(|s| s[k].as_f64());
    let _ = write!(
        t.md,
        "\n## Generator\n\nBindings for all of mscorlib (`/usr/lib/mono/4.5/mscorlib.dll`) with the release build of `cilbind_codegen::Builder::new().assembly(..).generate()` (benches/generate.rs: criterion, 10 samples of one generation each; writing the file is not included). Total is criterion's median; the stages are the medians of `Bindings::timings()` over every run ({} runs).\n\n| stage | median (ms) | goal |\n|---|---:|---|\n| **total** | {} | ≤ 2000 ms: {} |\n| read (assemblies → model) | {} | |\n| classify | {} | |\n| emit | {} | |\n| of which formatting (syn + prettyplease) | {} | |\n",
        stages.as_ref().and_then(|s| s["runs"].as_u64()).map_or("n/a".into(), |r| r.to_string()),
        ms(total),
        total.map_or("n/a", |x| if x <= 2e9 { "**met**" } else { "**missed**" }),
        ms(stage("read_ns")),
        ms(stage("classify_ns")),
        ms(stage("emit_ns")),
        ms(stage("format_ns")),
    );
    let why = format!(
        "emit, and within it formatting ({} ms of {} ms): the whole source is parsed by syn and pretty-printed.",
        ms(stage("format_ns")),
        ms(stage("emit_ns"))
    );
    t.goal_line(
        "generating all of mscorlib ≤ 2 s",
        total.map(|x| (format!("{} ms", ms(Some(x))), x <= 2e9)),
        None,
        why,
    );

    // ---- Assemble: header, machine, goals, then the sections ----
    let mut md = String::from("# Benchmarks\n\nWritten by `bash scripts/bench.sh` (criterion, short runs: 0.3 s warm-up, 1 s measurement,\n30 samples, 10 for the generator; each figure is the median). Every cilbind figure sits beside\nits floor, the same work done with Mono's C API (`cilbind::floor`, feature `floors`) in the same\nrun, so the ratio is what cilbind adds. The machine is a shared VM: figures move by ±20 % between\nruns, and a figure measured while a neighbour is busy can move by 2×; compare ratios across\nseveral runs before trusting a single verdict; the [instruction counts](#instruction-counts)\n(callgrind, through gungraun) of the call, boxing and handle figures do not move, and sit beside\nthe timing ratios in the goal summary. Criterion's own reports are in `target/criterion/`.\n\n## Machine\n\n");
    md.push_str(&machine());
    md.push_str(
        "\n## Goals (issues 5, 14 and 15)\n\nVerdicts on the timing ratio; `instructions` is the same ratio in instruction counts (see [Instruction counts](#instruction-counts); — where not counted).\n\n| goal | figure | instructions | verdict | what stands between (when missed) |\n|---|---|---|---|---|\n",
    );
    for [goal, figure, counted, verdict, why] in &t.goals {
        let _ = writeln!(md, "| {goal} | {figure} | {counted} | {verdict} | {why} |");
    }
    md.push_str(&t.md);
    md.push_str(&compile_time_section(&out));
    md.push_str(&user_build_section(&out));
    std::fs::write(&out, md).expect("write the report");
    println!("wrote {}", out.display());
}

/// The section on a user's clean build: measured by `scripts/user-build-time.sh` (a clean
/// build of a fresh crate, minutes), kept as the previous report has it, between its markers.
fn user_build_section(previous: &std::path::Path) -> String {
    const BEGIN: &str = "<!-- user-build-time:begin -->";
    const END: &str = "<!-- user-build-time:end -->";
    let old = std::fs::read_to_string(previous).unwrap_or_default();
    let table = match (old.find(BEGIN), old.find(END)) {
        (Some(b), Some(e)) if b < e => old[b + BEGIN.len()..e].trim().to_string(),
        _ => "Not measured yet: run `bash scripts/user-build-time.sh --write`.".to_string(),
    };
    format!(
        "\n## Build cost of a user's crate (issue 25)\n\nGoal: a clean debug build of a crate outside the workspace that generates bindings in its build script (the README's kind of crate: System.Numerics.Vectors, and Json.NET's `Newtonsoft.Json.Linq` with `JsonConvert`; cilbind and cilbind-codegen as path dependencies) in ≤ 60 s on 2 cores. \
         `bash scripts/user-build-time.sh --write` measures it with Cargo's defaults (the generator, a build dependency, unoptimised), from an empty target folder. Before issue 25 (the README then advised `[profile.dev.build-override] opt-level = 3`, and the generator's command line pulled `clap` into every build script): 136.5 s (200 s CPU), measured by the same script on the same machine (load 0.65).\n\n{BEGIN}\n{table}\n{END}\n"
    )
}

/// The compile-time section: measured by `scripts/compile-time.sh` (minutes of builds, so not
/// part of every benchmark run), kept as the previous report has it, between its markers.
fn compile_time_section(previous: &std::path::Path) -> String {
    const BEGIN: &str = "<!-- compile-time:begin -->";
    const END: &str = "<!-- compile-time:end -->";
    let old = std::fs::read_to_string(previous).unwrap_or_default();
    let table = match (old.find(BEGIN), old.find(END)) {
        (Some(b), Some(e)) if b < e => old[b + BEGIN.len()..e].trim().to_string(),
        _ => "Not measured yet: run `bash scripts/compile-time.sh --write`.".to_string(),
    };
    format!(
        "\n## Compile time of generated bindings (issue 13)\n\nGoal: all of mscorlib compiles in ≤ 30 s (debug, 2 cores); one class of a large assembly in seconds. \
         `bash scripts/compile-time.sh --write` measures it: bindings generated by the release generator, built as a library crate in the dev profile without incremental compilation (a clean build), the runtime built beforehand so that only the bindings are timed. Before issue 13's changes (git df014f5, the same script on the same machine, 2026-11-25): all of mscorlib was 367,945 lines and 42.8 s (51.6 s CPU); what took it down: `#[inline]` on every generated method (a binding is compiled where it is called), one-call bodies (`M.call((…))`: no binding, `?` or `Ok` to type-check), class wrappers through the runtime's `class_wrapper!`, no empty `impl` blocks.\n\n{BEGIN}\n{table}\n{END}\n"
    )
}
