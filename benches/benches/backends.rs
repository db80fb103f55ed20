//! The same generated bindings on the backend `CILBIND_RUNTIME` names (one runtime per process:
//! `bash scripts/bench-backends.sh` runs this once per backend and prints both side by side),
//! each figure beside the two floors every backend has: a Rust function called through a
//! pointer, and the method's bare entry point (`Calls.Sum`'s, called through its pointer with
//! no conversion and no check: Mono's unmanaged thunk, or the wrapper the helper emits on
//! CoreCLR).

use std::hint::black_box;
use std::time::Duration;

use cilbind::{floor, BoxAs, Int32, Object};
use cilbind_benches::{rust_sum, setup, BOX_INTO_HANDLE, FREE_HANDLE, SUM};
use criterion::{criterion_group, criterion_main, Criterion};
use managed_tests::basics::fixtures::{Adder, Calls, IValueExt};

fn backends(c: &mut Criterion) {
    managed_tests::runtime();
    setup();
    managed_tests::basics::init().expect("Basics bindings load");
    let backend = managed_tests::backend().name();
    let mut g = c.benchmark_group(backend);
    let sum_fn: fn(i32, i32) -> i32 = rust_sum;
    g.bench_function("sum/rust_fn_pointer", |b| {
        b.iter(|| black_box(sum_fn)(black_box(1), black_box(2)))
    });
    let sum = SUM.thunk().unwrap();
    g.bench_function("sum/bare_entry", |b| {
        // SAFETY: `sum` is the entry point of `static int Sum(int, int)`, which does not throw.
        b.iter(|| unsafe { floor::bare_thunk_i32_i32(sum, black_box(1), black_box(2)) })
    });
    g.bench_function("sum/generated", |b| {
        b.iter(|| Calls::sum(black_box(1), black_box(2)).unwrap())
    });
    let adder: Adder = Calls::new_adder().unwrap().expect("an Adder");
    g.bench_function("instance/generated", |b| {
        b.iter(|| black_box(&adder).add_to(black_box(1)).unwrap())
    });
    g.bench_function("virtual/generated", |b| {
        b.iter(|| black_box(&adder).virt(black_box(1)).unwrap())
    });
    g.bench_function("interface/generated", |b| {
        b.iter(|| IValueExt::get(black_box(&adder), black_box(1)).unwrap())
    });
    g.bench_function("string_concat/generated", |b| {
        b.iter(|| Calls::concat(Some(black_box("hello, ")), Some(black_box("world"))).unwrap())
    });
    g.bench_function("int32_box_drop/generated", |b| {
        b.iter(|| drop(BoxAs::<Object>::box_to(black_box(&Int32(7))).unwrap()))
    });
    // The floor of keeping a box from native code through the runtime's own means: a box
    // behind a GC handle, made by one call and freed by another.
    let (alloc, free) = (BOX_INTO_HANDLE.thunk().unwrap(), FREE_HANDLE.thunk().unwrap());
    g.bench_function("int32_box_drop/gchandle_floor", |b| {
        b.iter(|| {
            // SAFETY: the entry points of `static IntPtr BoxIntoHandle(int)` and `static void
            // FreeHandle(IntPtr)`, given the handle the first returned (freed once).
            unsafe {
                let handle = floor::bare_thunk_i32_to_isize(alloc, black_box(7));
                floor::bare_thunk_isize(free, handle)
            }
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30);
    targets = backends
}
criterion_main!(benches);
