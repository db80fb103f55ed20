//! Hot reload: `Runtime::reload` of a unit holding the Basics fixture, then one call through a
//! binding (which resolves again), beside its floor: the same assembly loaded into a fresh
//! domain, one thunk called, the domain unloaded, with Mono's C API alone
//! (`cilbind::floor::domain_cycle`). After the timings, RSS is measured over 100 more reloads
//! (what a reload leaves behind); `scripts/bench.sh` passes a file in `CILBIND_RELOAD_RSS` for
//! the report.

use std::hint::black_box;

use cilbind::{floor, Runtime};
use cilbind_benches::SUM;
use criterion::{criterion_group, criterion_main, Criterion};

fn rss_kib() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux /proc");
    statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse::<u64>().ok())
        .expect("statm rss")
        * 4
}

fn reload(c: &mut Criterion) {
    let path = managed_tests::fixture_path("Basics");
    let rt = Runtime::start_reloadable().unwrap();
    rt.load_assembly(&path).unwrap();
    assert_eq!(SUM.call::<_, i32>((1i32, 2i32)).unwrap(), 3);
    let mut g = c.benchmark_group("reload");
    g.bench_function("reload", |b| {
        b.iter(|| {
            // SAFETY: the bench runs on one thread and keeps nothing of the old unit.
            unsafe { rt.reload() }.unwrap();
            black_box(SUM.call::<_, i32>((1i32, 2i32)).unwrap())
        })
    });
    let text = path.to_string_lossy().into_owned();
    g.bench_function("floor_domain_cycle", |b| {
        // SAFETY: Basics' Fixtures.Calls.Sum is a static int(int, int) that does not throw.
        b.iter(|| black_box(unsafe { floor::domain_cycle(&text, "Fixtures", "Calls", "Sum") }.unwrap()))
    });
    g.finish();

    // Memory: 10 reloads to warm up, then 100 measured.
    for _ in 0..10 {
        // SAFETY: as above.
        unsafe { rt.reload() }.unwrap();
        SUM.call::<_, i32>((1i32, 2i32)).unwrap();
    }
    let before = rss_kib();
    for _ in 0..100 {
        // SAFETY: as above.
        unsafe { rt.reload() }.unwrap();
        SUM.call::<_, i32>((1i32, 2i32)).unwrap();
    }
    let after = rss_kib();
    let line = format!("{before} {after}");
    println!("reload: RSS {before} KiB before 100 reloads, {after} KiB after");
    if let Ok(file) = std::env::var("CILBIND_RELOAD_RSS") {
        std::fs::write(file, line).expect("write the RSS figures");
    }
}

criterion_group!(benches, reload);
criterion_main!(benches);
