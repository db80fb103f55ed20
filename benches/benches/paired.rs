//! The call ratios of `backends.rs` (each generated call ÷ the method's bare entry point) measured
//! *paired*: the bare entry and each call are timed in alternating short rounds, and each
//! round gives one ratio, of two timings taken a few microseconds apart. A slowdown of the
//! machine (another guest on the host, a frequency change) then lands in both halves of a
//! round or spoils that one round, which the median drops, where criterion's separate runs of
//! each figure can each meet a different machine: on this project's VMs the same code measured
//! from 1.1× to 2.3× its bare entry that way, a spread no change in the code could be read
//! through.
//!
//! Runs on the backend `CILBIND_RUNTIME` names (`bash scripts/bench-backends.sh` runs it for
//! both) and prints, per figure, the median ratio and its quartiles over the rounds, with the
//! median nanoseconds of each half; the first row times the bare entry against itself.
//!
//! Pairing removes the machine's drift between figures, not what differs between binaries:
//! the same calls take other times in this binary than in `backends.rs`' (code placement), so
//! its ratios are this binary's, beside criterion's and the instruction counts.

use std::hint::black_box;
use std::time::{Duration, Instant};

use cilbind::{floor, Thunk};
use cilbind_benches::{setup, SUM};
use managed_tests::basics::fixtures::{Adder, Calls, IValueExt};

/// Calls per half-round: long enough that the clock's own cost (~25 ns a read) is noise,
/// short enough (~0.1 ms) that a round rarely straddles a slowdown's edge.
const CALLS: u32 = 5_000;
/// Rounds per figure.
const ROUNDS: usize = 400;

/// One timed half-round: `CALLS` calls of `op`, in nanoseconds per call.
fn time(op: &impl Fn() -> i32) -> f64 {
    let start = Instant::now();
    for _ in 0..CALLS {
        black_box(op());
    }
    start.elapsed().as_nanos() as f64 / f64::from(CALLS)
}

/// The `q`-quantile of sorted `v` (nearest rank).
fn quantile(v: &[f64], q: f64) -> f64 {
    v[((v.len() - 1) as f64 * q).round() as usize]
}

/// Rounds of the bare entry against `op`, alternating which goes first; per round the ratio,
/// then the medians.
fn paired(name: &str, bare: &impl Fn() -> i32, op: &impl Fn() -> i32) {
    let (mut ratios, mut bare_ns, mut op_ns) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let (b, o) = if round % 2 == 0 {
            let b = time(bare);
            (b, time(op))
        } else {
            let o = time(op);
            (time(bare), o)
        };
        ratios.push(o / b);
        bare_ns.push(b);
        op_ns.push(o);
    }
    for v in [&mut ratios, &mut bare_ns, &mut op_ns] {
        v.sort_by(f64::total_cmp);
    }
    println!(
        "| `{name}` | {:.2} | {:.2}–{:.2} | {:.1} | {:.1} |",
        quantile(&ratios, 0.5),
        quantile(&ratios, 0.25),
        quantile(&ratios, 0.75),
        quantile(&bare_ns, 0.5),
        quantile(&op_ns, 0.5),
    );
}

fn main() {
    // `cargo bench` passes `--bench`; a filter or other flags mean nothing here.
    managed_tests::runtime();
    setup();
    managed_tests::basics::init().expect("Basics bindings load");
    let sum: &'static Thunk = SUM.thunk().unwrap();
    let adder: Adder = Calls::new_adder().unwrap().expect("an Adder");
    // SAFETY: `sum` is the entry point of `static int Sum(int, int)`, which does not throw.
    let bare = || unsafe { floor::bare_thunk_i32_i32(sum, black_box(1), black_box(2)) };
    let generated = || Calls::sum(black_box(1), black_box(2)).unwrap();
    let instance = || black_box(&adder).add_to(black_box(1)).unwrap();
    let virtual_call = || black_box(&adder).virt(black_box(1)).unwrap();
    let interface = || IValueExt::get(black_box(&adder), black_box(1)).unwrap();
    // CoreCLR compiles a method quickly first and optimized once it was called 30 times and
    // calls paused for 100 ms (tiered compilation): settle every path first, as
    // `icount_backends.rs` does.
    for _ in 0..3 {
        for op in [
            &bare as &dyn Fn() -> i32,
            &generated,
            &instance,
            &virtual_call,
            &interface,
        ] {
            for _ in 0..100 {
                black_box(op());
            }
        }
        std::thread::sleep(Duration::from_millis(500));
    }
    println!(
        "{}: each call ÷ the bare entry, {ROUNDS} paired rounds of {CALLS} calls each",
        managed_tests::backend().name()
    );
    println!();
    println!("| figure | median ratio | quartiles | bare ns | call ns |");
    println!("|---|---|---|---|---|");
    // The control: the bare entry against itself, which must come out 1.00 (no order bias).
    paired("bare/bare", &bare, &bare);
    paired("sum/generated", &bare, &generated);
    paired("instance/generated", &bare, &instance);
    paired("virtual/generated", &bare, &virtual_call);
    paired("interface/generated", &bare, &interface);
}
