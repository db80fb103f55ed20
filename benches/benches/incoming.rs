//! C# → Rust calls, each figure beside its floors in the same run (fixture
//! `managed-tests/fixtures/Incoming.cs`). Every figure is one call of a C# loop that makes
//! `INCOMING_CALLS` calls of one kind, so criterion's time per iteration divided by it is the cost
//! of one C# → Rust (or C# → C#) call plus the loop's own work, the same in every loop:
//! - `native`: `Loops.NativeAdd`, an internal call implemented in Rust through the generated
//!   `LoopsNatives` trait (its thunk: the `native_call` guard and the parameter kinds);
//! - `bare_icall`: `Loops.BareAdd`, an internal call bound to a bare `extern "C"` function, no
//!   cilbind thunk: the floor of any internal call;
//! - `pinvoke`: `Loops.PInvokeAdd`, a P/Invoke (`[DllImport("__Internal")]`, bound by cilbind's
//!   symbol library) of the same addition as a bare C function (the floor for natives);
//! - `managed_static`: a `[NoInlining]` C# static method (C# → C#);
//! - `interface_rust`: `IAdder.Add` on a Rust implementation (`IAdder::implement`: a proxy class
//!   made with Reflection.Emit whose method is an internal call into the Rust value);
//! - `interface_csharp`: `IAdder.Add` on a C# implementation.

use std::hint::black_box;

use cilbind::native::{NativeEntry, NativeResult, NativeTable};
use cilbind::Runtime;
use criterion::{criterion_group, criterion_main, Criterion};
use managed_tests::incoming::incoming::{IAdder, IAdderImpl, Loops, LoopsNatives, ManagedAdder};

/// The C function the P/Invoke floor calls.
#[no_mangle]
pub extern "C" fn cilbind_bench_add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// The bare internal call: what an internal call costs without cilbind's thunk.
extern "C" fn bare_add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// The Rust implementation of `Loops`' natives.
struct Natives;

impl LoopsNatives for Natives {
    fn native_add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
    fn bare_add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
    fn p_invoke_add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
}

/// The Rust implementation of `IAdder`.
struct RustAdder;

impl IAdderImpl for RustAdder {
    fn add(&self, a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
}

fn install() {
    managed_tests::load_fixture("Incoming");
    let generated = Loops::natives::<Natives>();
    // `BareAdd` is bound to `bare_add` directly; `NativeAdd` to its generated thunk.
    let table: NativeTable = generated
        .entries()
        .iter()
        .map(|entry| {
            if entry.name().starts_with("Incoming.Loops::BareAdd(") {
                // SAFETY: `bare_add` is `extern "C" fn(i32, i32) -> i32`, never unwinds, and
                // `static int BareAdd(int, int)` is passed exactly so to an internal call.
                unsafe { NativeEntry::new_unchecked(entry.name(), bare_add as *const ()) }
            } else if entry.name().starts_with("Incoming.Loops::PInvokeAdd(") {
                // The `[DllImport("__Internal")]` floor, bound to the C function itself.
                // SAFETY: `cilbind_bench_add` is `extern "C" fn(i32, i32) -> i32`, never
                // unwinds, and a P/Invoke of `static int PInvokeAdd(int, int)` passes exactly that.
                unsafe { NativeEntry::new_unchecked(entry.name(), cilbind_bench_add as *const ()) }
            } else {
                *entry
            }
        })
        .collect();
    Runtime::get()
        .and_then(|rt| rt.assembly("Incoming"))
        .and_then(|asm| asm.install_natives([table]))
        .expect("install Incoming's natives");
    // After the natives: init() refuses to start while one is not installed.
    managed_tests::incoming::init().expect("Incoming bindings load");
}

fn incoming(c: &mut Criterion) {
    install();
    let n = cilbind_benches::INCOMING_CALLS;
    // Each loop's result is checked once, so a figure is never that of a loop that failed.
    let expected: i32 = (0..n).map(|i| i + 1).sum();
    assert_eq!(Loops::native(n).unwrap(), expected);
    assert_eq!(Loops::bare(n).unwrap(), expected);
    assert_eq!(Loops::p_invoke(n).unwrap(), expected);
    assert_eq!(Loops::managed(n).unwrap(), expected);
    let csharp: IAdder = ManagedAdder::new().unwrap().into();
    assert_eq!(Loops::interface(Some(&csharp), n).unwrap(), expected);
    let rust = IAdder::implement(RustAdder).unwrap();
    assert_eq!(Loops::interface(Some(&rust), n).unwrap(), expected);

    let mut g = c.benchmark_group("incoming");
    g.bench_function("native", |b| b.iter(|| Loops::native(black_box(n)).unwrap()));
    g.bench_function("bare_icall", |b| b.iter(|| Loops::bare(black_box(n)).unwrap()));
    g.bench_function("pinvoke", |b| b.iter(|| Loops::p_invoke(black_box(n)).unwrap()));
    g.bench_function("managed_static", |b| b.iter(|| Loops::managed(black_box(n)).unwrap()));
    g.bench_function("interface_rust", |b| {
        b.iter(|| Loops::interface(Some(black_box(&rust)), black_box(n)).unwrap())
    });
    g.bench_function("interface_csharp", |b| {
        b.iter(|| Loops::interface(Some(black_box(&csharp)), black_box(n)).unwrap())
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_secs(1))
        .sample_size(30);
    targets = incoming
}
criterion_main!(benches);
