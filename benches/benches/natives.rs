//! C# → Rust natives on the backend `CILBIND_RUNTIME` names (one runtime per process: `bash
//! scripts/bench-backends.sh` runs it once per backend), each figure one call of a C# loop of
//! `INCOMING_CALLS` calls (fixture `managed-tests/fixtures/Imports.cs`, class `Loops`):
//! - `import`: `Loops.Add`, a `[DllImport("__Internal")]` native implemented in Rust through
//!   the generated `LoopsNatives` trait (its thunk: the `native_call` guard and the kinds);
//! - `import_bare`: `Loops.BareAdd`, the same P/Invoke bound to a bare `extern "C"` function
//!   with the same body (no cilbind thunk): a P/Invoke of the same C function, the floor;
//! - `pinvoke_libc`: a P/Invoke of libc's `abs` (a C function of an ordinary library), to show
//!   that binding through cilbind's symbol library costs what any library does;
//! - `interface_rust`: `IAdder.Add` on a Rust implementation (`IAdder::implement`: a proxy class
//!   whose method reaches the Rust value through an internal call on Mono, a function pointer on
//!   CoreCLR);
//! - `interface_csharp`: `IAdder.Add` on a C# implementation (C# → C#);
//! - `delegate_rust`: a delegate of `Adding` (`int (int, int)`) made from a Rust closure with
//!   the generated `from_fn`, invoked by C#: what an event handler in Rust costs;
//! - `delegate_boxed`: the same closure behind a delegate of `Adding` made with
//!   `cilbind::Callback::new` (arguments boxed into an `object[]`, the path of delegates whose
//!   `Invoke` takes objects or strings);
//! - `delegate_csharp`: the same delegate type on a C# lambda (C# → C#).

use std::hint::black_box;

use cilbind_benches::natives::{install, RustAdder};
use criterion::{criterion_group, criterion_main, Criterion};
use managed_tests::imports::imp::{Adding, IAdder, Loops, ManagedAdder};

fn natives(c: &mut Criterion) {
    install();
    let n = cilbind_benches::INCOMING_CALLS;
    let expected: i32 = (0..n).map(|i| i + 1).sum();
    assert_eq!(Loops::native(n).unwrap(), expected);
    assert_eq!(Loops::bare(n).unwrap(), expected);
    assert_eq!(Loops::libc(n).unwrap(), expected);
    let csharp: IAdder = ManagedAdder::new().unwrap().into();
    assert_eq!(Loops::interface(Some(&csharp), n).unwrap(), expected);
    let rust = IAdder::implement(RustAdder).unwrap();
    assert_eq!(Loops::interface(Some(&rust), n).unwrap(), expected);
    let closure = Adding::from_fn(|a, b| Ok(a.wrapping_add(b))).unwrap();
    assert_eq!(Loops::delegate(Some(&closure), n).unwrap(), expected);
    // Kept to the end of the function: it owns the closure.
    let boxed_callback = cilbind::Callback::new::<Adding>(|args| match args {
        [cilbind::Value::Int32(a), cilbind::Value::Int32(b)] => Ok(cilbind::Value::Int32(a.wrapping_add(*b))),
        other => Err(cilbind::Error::InvalidArgument(format!("{other:?}"))),
    })
    .unwrap();
    let boxed: Adding = boxed_callback.delegate().unwrap();
    assert_eq!(Loops::delegate(Some(&boxed), n).unwrap(), expected);
    let lambda = Loops::c_sharp_adding().unwrap().expect("a C# delegate");
    assert_eq!(Loops::delegate(Some(&lambda), n).unwrap(), expected);
    let mut g = c.benchmark_group(format!("natives_{}", managed_tests::backend().name()));
    g.bench_function("import", |b| b.iter(|| Loops::native(black_box(n)).unwrap()));
    g.bench_function("import_bare", |b| b.iter(|| Loops::bare(black_box(n)).unwrap()));
    g.bench_function("pinvoke_libc", |b| b.iter(|| Loops::libc(black_box(n)).unwrap()));
    g.bench_function("interface_rust", |b| {
        b.iter(|| Loops::interface(Some(black_box(&rust)), black_box(n)).unwrap())
    });
    g.bench_function("interface_csharp", |b| {
        b.iter(|| Loops::interface(Some(black_box(&csharp)), black_box(n)).unwrap())
    });
    g.bench_function("delegate_rust", |b| {
        b.iter(|| Loops::delegate(Some(black_box(&closure)), black_box(n)).unwrap())
    });
    g.bench_function("delegate_boxed", |b| {
        b.iter(|| Loops::delegate(Some(black_box(&boxed)), black_box(n)).unwrap())
    });
    g.bench_function("delegate_csharp", |b| {
        b.iter(|| Loops::delegate(Some(black_box(&lambda)), black_box(n)).unwrap())
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1))
        .sample_size(30);
    targets = natives
}
criterion_main!(benches);
