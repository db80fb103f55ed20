//! The generator: time to generate bindings for all of mscorlib with the release build of
//! `cilbind_codegen::Builder` (read → classify → emit, formatting included; writing the file is
//! not). Few samples: one generation takes about a second. Besides criterion's figure, the
//! median of each stage over every run (warm-up included) goes to
//! `<criterion dir>/generate/mscorlib/stages.json` for the report.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use cilbind_codegen::{Builder, Timings};
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};

const MSCORLIB: &str = "/usr/lib/mono/4.5/mscorlib.dll";

/// Where criterion writes its results, found the way criterion finds it.
fn criterion_dir() -> PathBuf {
    if let Some(home) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(home);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            let out = std::process::Command::new(std::env::var_os("CARGO")?)
                .args(["metadata", "--format-version", "1", "--no-deps"])
                .output()
                .ok()?;
            let meta: serde_json::Value = serde_json::from_slice(&out.stdout).ok()?;
            meta["target_directory"].as_str().map(PathBuf::from)
        })
        .unwrap_or_else(|| PathBuf::from("target"));
    target.join("criterion")
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e9
}

fn generate(c: &mut Criterion) {
    let mut stages: Vec<Timings> = Vec::new();
    let mut g = c.benchmark_group("generate");
    g.sampling_mode(SamplingMode::Flat);
    g.bench_function("mscorlib", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let start = Instant::now();
                let bindings = Builder::new().assembly(MSCORLIB).generate().expect("mscorlib binds");
                total += start.elapsed();
                stages.push(bindings.timings());
            }
            total
        })
    });
    g.finish();
    if stages.is_empty() {
        return; // filtered out
    }
    let stat = |f: fn(&Timings) -> Duration| median(stages.iter().map(f).collect());
    let json = serde_json::json!({
        "runs": stages.len(),
        "read_ns": stat(|t| t.read),
        "classify_ns": stat(|t| t.classify),
        "emit_ns": stat(|t| t.emit),
        "format_ns": stat(|t| t.format),
    });
    let dir = criterion_dir().join("generate").join("mscorlib");
    std::fs::create_dir_all(&dir).expect("criterion dir");
    std::fs::write(dir.join("stages.json"), json.to_string()).expect("write stages.json");
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(10);
    targets = generate
}
criterion_main!(benches);
