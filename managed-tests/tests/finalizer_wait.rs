//! Issue 10, case 4: several threads calling `GC.Collect()` then `GC.WaitForPendingFinalizers()`
//! at once used to hang for ever (Mono 6.8's finalizer thread wakes only one of the waiters; the
//! cause and the fix are in `runtime/src/host/finalizer_wait.rs`). Each test runs under a
//! watchdog that fails the whole test binary with a message instead of hanging CI.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cilbind::{MethodRef, TypeRef};
use managed_tests::load_fixture;

static GC: TypeRef = TypeRef::new("mscorlib", "System", "GC");
static COLLECT: MethodRef = MethodRef::new(&GC, "Collect", &[]);
static WAIT_FOR_PENDING_FINALIZERS: MethodRef = MethodRef::new(&GC, "WaitForPendingFinalizers", &[]);
static FINALIZABLE: TypeRef = TypeRef::new("Finalizers", "Fixtures", "Finalizable");
static MAKE_GARBAGE: MethodRef = MethodRef::new(&FINALIZABLE, "MakeGarbage", &["System.Int32"]);
static COUNTED: TypeRef = TypeRef::new("Finalizers", "Fixtures", "Counted");
static MAKE_COUNTED: MethodRef = MethodRef::new(&COUNTED, "MakeGarbage", &["System.Int32"]);
static COUNTED_FINALIZED: MethodRef = MethodRef::new(&COUNTED, "get_Finalized", &[]);
static ON_MANAGED_THREADS: MethodRef =
    MethodRef::new(&FINALIZABLE, "OnManagedThreads", &["System.Int32", "System.Int32"]);

/// How long a test may take before the watchdog ends the process (the tests take about a
/// second; before the fix they hung in the first rounds).
const LIMIT: Duration = Duration::from_secs(60);

/// Ends the process with a message if not dropped within `LIMIT` of its start; the message
/// says how many waits had returned when `waits` is given.
struct Watchdog(Arc<AtomicBool>);

impl Watchdog {
    fn start(test: &'static str, waits: Option<Arc<AtomicUsize>>) -> Watchdog {
        let done = Arc::new(AtomicBool::new(false));
        let flag = done.clone();
        std::thread::spawn(move || {
            let start = Instant::now();
            while !flag.load(Ordering::SeqCst) {
                if start.elapsed() > LIMIT {
                    // Straight to stderr: the test harness captures eprintln! output, and a
                    // captured message would be lost with the process.
                    let _ = writeln!(
                        std::io::stderr(),
                        "{test}: still running after {LIMIT:?}{}: threads are stuck in \
                         GC.WaitForPendingFinalizers (issue 10, case 4); failing instead of hanging",
                        waits.as_ref().map_or(String::new(), |w| format!(
                            " ({} waits returned)",
                            w.load(Ordering::SeqCst)
                        ))
                    );
                    std::process::exit(1);
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        });
        Watchdog(done)
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// 50 native (Rust) threads, 20 rounds: each thread makes garbage with finalizers, calls
/// `GC.Collect()` then `GC.WaitForPendingFinalizers()` through the raw-call path, and all
/// threads of a round are joined before the next.
#[test]
fn fifty_native_threads_collect_and_wait_for_finalizers_repeatedly() {
    load_fixture("Finalizers");
    const THREADS: usize = 50;
    const ROUNDS: usize = 20;
    let waits = Arc::new(AtomicUsize::new(0));
    let _watchdog = Watchdog::start(
        "fifty_native_threads_collect_and_wait_for_finalizers_repeatedly",
        Some(waits.clone()),
    );
    for _ in 0..ROUNDS {
        let threads: Vec<_> = (0..THREADS)
            .map(|_| {
                let waits = waits.clone();
                std::thread::spawn(move || {
                    MAKE_GARBAGE.thunk().unwrap().call::<_, ()>((8,)).unwrap();
                    COLLECT.thunk().unwrap().call::<_, ()>(()).unwrap();
                    WAIT_FOR_PENDING_FINALIZERS.thunk().unwrap().call::<_, ()>(()).unwrap();
                    waits.fetch_add(1, Ordering::SeqCst);
                })
            })
            .collect();
        for t in threads {
            t.join().expect("thread finished");
        }
    }
    assert_eq!(waits.load(Ordering::SeqCst), THREADS * ROUNDS);
}

/// The same on managed threads that wait for each other before exiting: it hung too (thread
/// exit was what rescued pure C#), and the fix covers every caller, managed or native.
#[test]
fn managed_threads_that_wait_for_each_other_collect_and_wait_for_finalizers() {
    load_fixture("Finalizers");
    let _watchdog = Watchdog::start(
        "managed_threads_that_wait_for_each_other_collect_and_wait_for_finalizers",
        None,
    );
    ON_MANAGED_THREADS.thunk().unwrap().call::<_, ()>((8, 20)).unwrap();
}

/// The replacement keeps the method's meaning: when it returns, the finalizers of the objects
/// that the collection found dead have run.
#[test]
fn finalizers_have_run_when_the_wait_returns() {
    load_fixture("Finalizers");
    let _watchdog = Watchdog::start("finalizers_have_run_when_the_wait_returns", None);
    let before: i32 = COUNTED_FINALIZED.thunk().unwrap().call(()).unwrap();
    MAKE_COUNTED.thunk().unwrap().call::<_, ()>((1000,)).unwrap();
    COLLECT.thunk().unwrap().call::<_, ()>(()).unwrap();
    WAIT_FOR_PENDING_FINALIZERS.thunk().unwrap().call::<_, ()>(()).unwrap();
    let after: i32 = COUNTED_FINALIZED.thunk().unwrap().call(()).unwrap();
    // A few objects may stay alive through conservatively scanned stack slots.
    assert!(after - before >= 990, "only {} of 1000 finalizers ran", after - before);
}
