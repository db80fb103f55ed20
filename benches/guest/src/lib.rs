//! Guest mode's call figures beside host mode's. [`run`] times the loops of
//! benches/benches/backends.rs (a Rust function through a pointer, `Calls.Sum`'s bare entry, then
//! the generated static, instance, virtual, interface and string calls, an Int32 box + drop and
//! its GC-handle floor), in that order, over the Basics fixture's bindings, and prints one line a
//! figure: `<mode> <runtime> <figure> <ns per call>`.
//!
//! The same code runs in both modes: `guest-bench-host` (src/main.rs) starts the runtime and
//! calls [`run`]; in guest mode `mono Bench.exe` or `dotnet Bench.exe` (managed/Bench.cs) owns
//! the process and its runtime, loads this crate's cdylib, calls `cilbind_guest_init` (which
//! adopts the runtime and loads the bindings) and then `cilbind_bench_run`. `bash
//! scripts/bench-guest.sh` runs both modes on both runtimes several times and prints the table.
//!
//! Each figure is the median of [`SAMPLES`] samples, each a loop timed as a whole and sized to
//! take about [`SAMPLE_TIME`] (criterion's scheme without its statistics: a plugin cannot run
//! criterion's harness).

use std::hint::black_box;
use std::time::{Duration, Instant};

use cilbind::{floor, BoxAs, Int32, Object};
use cilbind_benches::{rust_sum, BOX_INTO_HANDLE, FREE_HANDLE, SUM};
use managed_tests::basics::fixtures::{Adder, Calls, IValueExt};

/// Samples per figure (the median is printed).
pub const SAMPLES: usize = 21;

/// About how long one sample's loop runs.
pub const SAMPLE_TIME: Duration = Duration::from_millis(4);

// Guest mode's entry: once the host's runtime is adopted, the Basics bindings load Basics.dll
// (from where managed-tests' build put it) and check it, as in host mode.
cilbind::guest_plugin!(start);

fn start(_rt: &'static cilbind::Runtime) -> cilbind::Result<()> {
    managed_tests::basics::init()
}

/// Guest mode's second call, from Bench.exe: runs the loops; 0 on success, 1 after printing
/// the error.
#[unsafe(no_mangle)]
pub extern "C" fn cilbind_bench_run() -> u8 {
    std::panic::catch_unwind(|| run("guest")).unwrap_or_else(|_| {
        eprintln!("bench: panicked");
        1
    })
}

/// Loads the Basics bindings, times every figure and prints it; 0 on success, 1 after printing
/// the error. The runtime runs already (started by the caller in host mode, adopted in guest
/// mode).
pub fn run(mode: &str) -> u8 {
    match figures() {
        Ok(figures) => {
            let backend = cilbind::Runtime::get().map(|rt| rt.backend().name()).unwrap_or("?");
            for (name, ns) in figures {
                println!("{mode} {backend} {name} {ns:.3}");
            }
            0
        }
        Err(e) => {
            eprintln!("bench ({mode}): {e}");
            1
        }
    }
}

/// Nanoseconds per call of `f`: the median of [`SAMPLES`] timed loops, after a calibration loop
/// that also warms up.
fn median_ns<F: FnMut()>(mut f: F) -> f64 {
    let mut loop_of = |n: u32| {
        let start = Instant::now();
        for _ in 0..n {
            f();
        }
        start.elapsed()
    };
    let mut n = 1000u32;
    let mut took = loop_of(n);
    while took < SAMPLE_TIME / 4 {
        n = n.saturating_mul(4);
        took = loop_of(n);
    }
    let n = ((n as f64) * SAMPLE_TIME.as_secs_f64() / took.as_secs_f64()).max(1.0) as u32;
    let mut ns: Vec<f64> = (0..SAMPLES)
        .map(|_| loop_of(n).as_nanos() as f64 / f64::from(n))
        .collect();
    ns.sort_by(f64::total_cmp);
    ns[SAMPLES / 2]
}

/// Every figure, in benches/benches/backends.rs's order.
pub fn figures() -> cilbind::Result<Vec<(&'static str, f64)>> {
    managed_tests::basics::init()?;
    let mut out = Vec::new();
    let sum_fn: fn(i32, i32) -> i32 = rust_sum;
    out.push((
        "sum/rust_fn_pointer",
        median_ns(|| {
            black_box(black_box(sum_fn)(black_box(1), black_box(2)));
        }),
    ));
    let sum = SUM.thunk()?;
    out.push((
        "sum/bare_entry",
        // SAFETY: `sum` is the entry point of `static int Sum(int, int)`, which does not throw.
        median_ns(|| {
            black_box(unsafe { floor::bare_thunk_i32_i32(sum, black_box(1), black_box(2)) });
        }),
    ));
    out.push((
        "sum/generated",
        median_ns(|| {
            black_box(Calls::sum(black_box(1), black_box(2)).unwrap());
        }),
    ));
    let adder: Adder = Calls::new_adder()?.expect("NewAdder returns an Adder");
    out.push((
        "instance/generated",
        median_ns(|| {
            black_box(black_box(&adder).add_to(black_box(1)).unwrap());
        }),
    ));
    out.push((
        "virtual/generated",
        median_ns(|| {
            black_box(black_box(&adder).virt(black_box(1)).unwrap());
        }),
    ));
    out.push((
        "interface/generated",
        median_ns(|| {
            black_box(IValueExt::get(black_box(&adder), black_box(1)).unwrap());
        }),
    ));
    out.push((
        "string_concat/generated",
        median_ns(|| {
            black_box(Calls::concat(Some(black_box("hello, ")), Some(black_box("world"))).unwrap());
        }),
    ));
    out.push((
        "int32_box_drop/generated",
        median_ns(|| drop(BoxAs::<Object>::box_to(black_box(&Int32(7))).unwrap())),
    ));
    let (alloc, free) = (BOX_INTO_HANDLE.thunk()?, FREE_HANDLE.thunk()?);
    out.push((
        "int32_box_drop/gchandle_floor",
        median_ns(|| {
            // SAFETY: the entry points of `static IntPtr BoxIntoHandle(int)` and `static void
            // FreeHandle(IntPtr)`, given the handle the first returned (freed once).
            unsafe {
                let handle = floor::bare_thunk_i32_to_isize(alloc, black_box(7));
                floor::bare_thunk_isize(free, handle)
            }
        }),
    ));
    Ok(out)
}
