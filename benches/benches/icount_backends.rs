//! Instruction counts of the figures of `backends.rs` on the backend `CILBIND_RUNTIME` names
//! (gungraun under callgrind, as `icount.rs`), each beside the same two floors: a Rust function
//! called through a pointer and the method's bare entry point. Timings of one call on a shared
//! 2-core VM move by a factor of two between runs on CoreCLR; instruction counts do not, so this
//! is what the CoreCLR call path is tuned against. `bash scripts/bench-backends.sh` runs it once
//! per backend and prints both.
//!
//! The `incoming_calls` group counts C# → Rust calls (`natives.rs`' figures): each benchmark is one
//! C# loop of `INCOMING_CALLS` calls, and the script divides by it.
//!
//! As in `icount.rs`, the setup (starting the runtime, binding the fixture) runs before
//! callgrind counts, and makes every operation first, so the count is the steady state: every
//! method compiled, every binding resolved.

use std::hint::black_box;

use cilbind::{floor, BoxAs, FnDelegate, Int32, Object, Runtime, Thunk};
use cilbind_benches::natives::{install, RustAdder};
use cilbind_benches::{rust_sum, setup, BOX_INTO_HANDLE, FREE_HANDLE, INCOMING_CALLS, SUM};
use gungraun::{library_benchmark, library_benchmark_group, main, Callgrind, LibraryBenchmarkConfig};
use managed_tests::basics::fixtures::{Adder, Calls, IValueExt};
use managed_tests::imports::imp::{Adding, IAdder, Loops};

/// What every figure uses: the entry points of the floors and an `Adder` (a `SubAdder`).
struct Fixture {
    sum: &'static Thunk,
    box_into_handle: &'static Thunk,
    free_handle: &'static Thunk,
    adder: Adder,
}

/// Starts the backend, binds the fixture and settles every operation below (see [`settle`]).
/// Leaked: the process ends after the one measured operation.
fn fixture() -> &'static Fixture {
    managed_tests::runtime();
    setup();
    managed_tests::basics::init().expect("Basics bindings load");
    let f = Box::leak(Box::new(Fixture {
        sum: SUM.thunk().unwrap(),
        box_into_handle: BOX_INTO_HANDLE.thunk().unwrap(),
        free_handle: FREE_HANDLE.thunk().unwrap(),
        adder: Calls::new_adder().unwrap().expect("an Adder"),
    }));
    let warm = |f: &Fixture| {
        op_sum_rust_fn_pointer(f);
        op_sum_bare_entry(f);
        op_sum_generated(f);
        op_instance_generated(f);
        op_virtual_generated(f);
        op_interface_generated(f);
        op_string_concat_generated(f);
        op_int32_box_drop_generated(f);
        op_int32_box_drop_gchandle_floor(f);
    };
    settle(|| warm(f));
    f
}

/// Runs `warm` 300 times with pauses, collects, and runs it twice again. CoreCLR compiles a
/// method quickly first (tier 0) and again optimized (tier 1) on a background thread once it
/// was called 30 times and calls have paused for 100 ms: the calls and pauses let every method
/// on the path reach tier 1, as in a running game. The collection leaves nothing of the
/// setup's for a measured operation to collect.
fn settle(warm: impl Fn()) {
    for _ in 0..3 {
        for _ in 0..100 {
            warm();
        }
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
    Runtime::get().expect("runtime").collect_garbage();
    warm();
    warm();
}

/// What the C# → Rust figures use: a Rust implementation of `IAdder`, and a delegate on a Rust
/// closure (each a loop of [`INCOMING_CALLS`] calls made by C#).
struct Incoming {
    rust: IAdder,
    closure: FnDelegate<Adding>,
}

/// Installs the natives of `Imports`, makes the Rust implementation and the delegate, checks
/// each loop's sum, and settles as [`fixture`] does.
fn incoming() -> &'static Incoming {
    install();
    let f = Box::leak(Box::new(Incoming {
        rust: IAdder::implement(RustAdder).unwrap(),
        closure: Adding::from_fn(|a, b| Ok(a.wrapping_add(b))).unwrap(),
    }));
    let expected: i32 = (0..INCOMING_CALLS).map(|i| i + 1).sum();
    assert_eq!(op_import(f), expected);
    assert_eq!(op_import_bare(f), expected);
    assert_eq!(op_interface_rust(f), expected);
    assert_eq!(op_delegate_rust(f), expected);
    settle(|| {
        op_import(f);
        op_import_bare(f);
        op_interface_rust(f);
        op_delegate_rust(f);
    });
    f
}

#[inline(always)]
fn op_import(_: &Incoming) -> i32 {
    Loops::native(black_box(INCOMING_CALLS)).unwrap()
}

#[inline(always)]
fn op_import_bare(_: &Incoming) -> i32 {
    Loops::bare(black_box(INCOMING_CALLS)).unwrap()
}

#[inline(always)]
fn op_interface_rust(f: &Incoming) -> i32 {
    Loops::interface(Some(black_box(&f.rust)), black_box(INCOMING_CALLS)).unwrap()
}

#[inline(always)]
fn op_delegate_rust(f: &Incoming) -> i32 {
    Loops::delegate(Some(black_box(&f.closure)), black_box(INCOMING_CALLS)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = incoming)]
fn import(f: &Incoming) -> i32 {
    op_import(f)
}

#[library_benchmark]
#[bench::x(setup = incoming)]
fn import_bare(f: &Incoming) -> i32 {
    op_import_bare(f)
}

#[library_benchmark]
#[bench::x(setup = incoming)]
fn interface_rust(f: &Incoming) -> i32 {
    op_interface_rust(f)
}

#[library_benchmark]
#[bench::x(setup = incoming)]
fn delegate_rust(f: &Incoming) -> i32 {
    op_delegate_rust(f)
}

library_benchmark_group!(
    name = incoming_calls;
    benchmarks = import, import_bare, interface_rust, delegate_rust
);

#[inline(always)]
fn op_sum_rust_fn_pointer(_: &Fixture) -> i32 {
    let sum_fn: fn(i32, i32) -> i32 = rust_sum;
    black_box(sum_fn)(black_box(1), black_box(2))
}

#[inline(always)]
fn op_sum_bare_entry(f: &Fixture) -> i32 {
    // SAFETY: `sum` is the entry point of `static int Sum(int, int)`, which does not throw.
    unsafe { floor::bare_thunk_i32_i32(f.sum, black_box(1), black_box(2)) }
}

#[inline(always)]
fn op_sum_generated(_: &Fixture) -> i32 {
    Calls::sum(black_box(1), black_box(2)).unwrap()
}

#[inline(always)]
fn op_instance_generated(f: &Fixture) -> i32 {
    black_box(&f.adder).add_to(black_box(1)).unwrap()
}

#[inline(always)]
fn op_virtual_generated(f: &Fixture) -> i32 {
    black_box(&f.adder).virt(black_box(1)).unwrap()
}

#[inline(always)]
fn op_interface_generated(f: &Fixture) -> i32 {
    IValueExt::get(black_box(&f.adder), black_box(1)).unwrap()
}

#[inline(always)]
fn op_string_concat_generated(_: &Fixture) -> Option<String> {
    Calls::concat(Some(black_box("hello, ")), Some(black_box("world"))).unwrap()
}

#[inline(always)]
fn op_int32_box_drop_generated(_: &Fixture) {
    drop(BoxAs::<Object>::box_to(black_box(&Int32(7))).unwrap())
}

#[inline(always)]
fn op_int32_box_drop_gchandle_floor(f: &Fixture) {
    // SAFETY: the entry points of `static IntPtr BoxIntoHandle(int)` and `static void
    // FreeHandle(IntPtr)`, given the handle the first returned (freed once).
    unsafe {
        let handle = floor::bare_thunk_i32_to_isize(f.box_into_handle, black_box(7));
        floor::bare_thunk_isize(f.free_handle, handle)
    }
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn sum_rust_fn_pointer(f: &Fixture) -> i32 {
    op_sum_rust_fn_pointer(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn sum_bare_entry(f: &Fixture) -> i32 {
    op_sum_bare_entry(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn sum_generated(f: &Fixture) -> i32 {
    op_sum_generated(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn instance_generated(f: &Fixture) -> i32 {
    op_instance_generated(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn virtual_generated(f: &Fixture) -> i32 {
    op_virtual_generated(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn interface_generated(f: &Fixture) -> i32 {
    op_interface_generated(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn string_concat_generated(f: &Fixture) -> Option<String> {
    op_string_concat_generated(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn int32_box_drop_generated(f: &Fixture) {
    op_int32_box_drop_generated(f)
}

#[library_benchmark]
#[bench::x(setup = fixture)]
fn int32_box_drop_gchandle_floor(f: &Fixture) {
    op_int32_box_drop_gchandle_floor(f)
}

library_benchmark_group!(
    name = backend;
    benchmarks = sum_rust_fn_pointer, sum_bare_entry, sum_generated, instance_generated,
        virtual_generated, interface_generated, string_concat_generated, int32_box_drop_generated,
        int32_box_drop_gchandle_floor
);

main!(
    config = config();
    library_benchmark_groups = backend, incoming_calls
);

/// As `icount.rs`'s: `--smc-check=all` (both runtimes write and patch machine code at run
/// time), no cache simulation, and the environment kept (it carries `CILBIND_RUNTIME`).
fn config() -> LibraryBenchmarkConfig {
    let mut c = LibraryBenchmarkConfig::default();
    c.env_clear(false)
        .tool(Callgrind::with_args(["--smc-check=all", "--cache-sim=no"]));
    c
}
