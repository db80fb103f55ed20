//! Object handles with 1, 1 000 and 1 000 000 live handles (the cost must not grow with the
//! count): create (a call returns a reference, which becomes a handle), clone, read (the
//! store lookup plus the object's class) and drop, each beside the same work done with
//! Mono's C API on bare GC handles.
//!
//! Create, clone and drop are timed in chunks of [`CHUNK`] so that the live count stays within
//! `n + CHUNK`: each chunk's handles are released (untimed) before the next.

use std::hint::black_box;
use std::time::{Duration, Instant};

use cilbind::{floor, Int32, Object, ObjectStore};
use cilbind_benches::{setup, BoxObject, ECHO};
use criterion::{criterion_group, criterion_main, Criterion};

const CHUNK: u64 = 100;

/// Runs `op` `iters` times in chunks, timing `op` only; `release` frees each chunk's results.
fn chunked<T>(iters: u64, mut op: impl FnMut() -> T, mut release: impl FnMut(Vec<T>)) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = iters;
    while left > 0 {
        let k = left.min(CHUNK);
        let mut out = Vec::with_capacity(k as usize);
        let start = Instant::now();
        for _ in 0..k {
            out.push(op());
        }
        total += start.elapsed();
        release(out);
        left -= k;
    }
    total
}

/// Times `drop` of handles made (untimed) by `make`, in chunks.
fn chunked_drop<T>(iters: u64, mut make: impl FnMut() -> T, mut free: impl FnMut(T)) -> Duration {
    let mut total = Duration::ZERO;
    let mut left = iters;
    while left > 0 {
        let k = left.min(CHUNK);
        let made: Vec<T> = (0..k).map(|_| make()).collect();
        let start = Instant::now();
        for h in made {
            free(h);
        }
        total += start.elapsed();
        left -= k;
    }
    total
}

fn handles(c: &mut Criterion) {
    setup();
    let echo = ECHO.thunk().unwrap();
    let mut g = c.benchmark_group("handles");
    for n in [1usize, 1_000, 1_000_000] {
        // n live handles, each to its own object; the benchmarks use the first.
        let live: Vec<Object> = (0..n as i32).map(|i| Int32(i).box_as_object()).collect();
        let obj = &live[0];
        let h = floor::gchandle_for(obj).unwrap();
        assert!(ObjectStore::live() >= n);

        g.bench_function(format!("create_{n}/cilbind"), |b| {
            b.iter_custom(|iters| {
                chunked(
                    iters,
                    || echo.call::<_, Option<Object>>((black_box(obj),)).unwrap(),
                    drop,
                )
            })
        });
        g.bench_function(format!("create_{n}/c_api"), |b| {
            b.iter_custom(|iters| {
                chunked(
                    iters,
                    // SAFETY: `echo` is the thunk of `static object Echo(object)`; the handle is live.
                    || unsafe { floor::call_ref_to_new_gchandle(echo, black_box(h)) },
                    // SAFETY: a live handle made by the floor above, freed once.
                    |v| v.into_iter().for_each(|h| unsafe { floor::free_gchandle(h) }),
                )
            })
        });
        g.bench_function(format!("clone_{n}/cilbind"), |b| {
            b.iter_custom(|iters| chunked(iters, || black_box(obj).clone(), drop))
        });
        g.bench_function(format!("clone_{n}/c_api"), |b| {
            b.iter_custom(|iters| {
                chunked(
                    iters,
                    // SAFETY: the handle is live until the end of this benchmark.
                    || unsafe { floor::gchandle_clone(black_box(h)) },
                    // SAFETY: a live handle made by the floor above, freed once.
                    |v| v.into_iter().for_each(|h| unsafe { floor::free_gchandle(h) }),
                )
            })
        });
        g.bench_function(format!("read_{n}/cilbind"), |b| {
            b.iter(|| ObjectStore::class_of(black_box(obj.key())).unwrap())
        });
        // SAFETY: the handle is live until the end of this benchmark.
        g.bench_function(format!("read_{n}/c_api"), |b| {
            b.iter(|| unsafe { floor::class_of(black_box(h)) })
        });
        g.bench_function(format!("drop_{n}/cilbind"), |b| {
            b.iter_custom(|iters| chunked_drop(iters, || obj.clone(), drop))
        });
        g.bench_function(format!("drop_{n}/c_api"), |b| {
            // SAFETY: the handle is live until the end of this benchmark. a live handle made by the floor above, freed once.
            b.iter_custom(|iters| {
                chunked_drop(
                    iters,
                    || unsafe { floor::gchandle_clone(h) },
                    |h| unsafe { floor::free_gchandle(h) },
                )
            })
        });
        // SAFETY: a live handle made by the floor above, freed once.
        unsafe { floor::free_gchandle(h) };
        drop(live);
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(30);
    targets = handles
}
criterion_main!(benches);
