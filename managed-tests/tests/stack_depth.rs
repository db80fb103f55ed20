//! Recursion through C# and Rust until the stack runs out ends in a managed
//! `InsufficientExecutionStackException`, not in the end of the process ("Stack overflow in
//! unmanaged"): every entry from C# into Rust (a native, a Rust closure behind a delegate)
//! checks the stack left first (`runtime/src/host/stack.rs`). On CoreCLR, where no exception
//! may cross a P/Invoke back into C#, a refused native returns zero instead (and the refusal
//! is logged), so the recursion unwinds normally. The depths reached are printed;
//! a thread with a larger stack goes deeper. A test binary of its own: before the check, the
//! first test killed the process.

use std::cell::Cell;
use std::sync::{Arc, Once, OnceLock};

use cilbind::native::NativeResult;
use cilbind::Error;
use managed_tests::depth::depth::{Deeper, Recursion, RecursionNatives};

thread_local! {
    /// Levels of `Down` now running on this thread, and the most seen.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    static DEEPEST: Cell<u32> = const { Cell::new(0) };
}

/// Counts a level for the duration of `f`.
fn level<T>(f: impl FnOnce() -> T) -> T {
    let now = DEPTH.with(|d| {
        d.set(d.get() + 1);
        d.get()
    });
    DEEPEST.with(|d| d.set(d.get().max(now)));
    let r = f();
    DEPTH.with(|d| d.set(d.get() - 1));
    r
}

struct Host;

impl RecursionNatives for Host {
    fn down(n: i32) -> NativeResult<i32> {
        level(|| Ok(Recursion::step(n)?))
    }
}

fn setup() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        managed_tests::start_with(|| managed_tests::depth::init_with_natives([Recursion::natives::<Host>()]))
    });
}

/// Runs `f` on a new thread with a stack of `mib` MiB; `f`'s result and the deepest level seen.
fn on_thread<T: Send + 'static>(mib: usize, f: impl FnOnce() -> T + Send + 'static) -> (T, u32) {
    std::thread::Builder::new()
        .stack_size(mib << 20)
        .spawn(move || {
            DEEPEST.with(|d| d.set(0));
            let r = f();
            (r, DEEPEST.with(Cell::get))
        })
        .unwrap()
        .join()
        .unwrap()
}

fn is_insufficient_stack(e: &Error) -> bool {
    matches!(e, Error::ManagedException { type_name, message, .. }
        if type_name == "System.InsufficientExecutionStackException" && message.contains("was not entered"))
}

#[test]
fn recursion_through_rust_natives_ends_in_a_refusal_not_a_crash() {
    setup();
    if managed_tests::on_coreclr() {
        return refusal_returns_zero_on_coreclr();
    }
    let (result, deepest_2) = on_thread(2, || Recursion::step(1_000_000));
    let e = result.unwrap_err();
    assert!(is_insufficient_stack(&e), "{e:?}");
    eprintln!("2 MiB thread: the stack check stopped C# -> Rust -> C# recursion at depth {deepest_2}: {e}");
    assert!(deepest_2 >= 100, "only {deepest_2} levels on a 2 MiB thread");
    // The thread that was refused goes on: less deep, the same recursion works.
    let (again, _) = on_thread(2, move || {
        let refused = Recursion::step(1_000_000).is_err();
        (refused, Recursion::step(50))
    });
    assert!(again.0);
    assert_eq!(again.1.unwrap(), 50);
    // A larger stack goes deeper.
    let (result, deepest_16) = on_thread(16, || Recursion::step(1_000_000));
    assert!(is_insufficient_stack(&result.unwrap_err()));
    eprintln!("16 MiB thread: depth {deepest_16}");
    assert!(
        deepest_16 > 4 * deepest_2,
        "{deepest_16} levels on 16 MiB against {deepest_2} on 2 MiB"
    );
}

/// CoreCLR's form of the refusal: no exception may cross the P/Invoke back into C#, so the
/// native the check refuses returns zero (and the refusal is logged). `Step(n)` is
/// `1 + Down(n - 1)`, so the recursion unwinds normally and returns one more than the levels
/// of `Down` that were entered: exactly the deepest level the check allowed, plus one.
fn refusal_returns_zero_on_coreclr() {
    let (result, deepest_2) = on_thread(2, || Recursion::step(1_000_000));
    let reached = result.unwrap();
    eprintln!("2 MiB thread: the stack check refused C# -> Rust -> C# recursion at depth {deepest_2}");
    assert!(deepest_2 >= 100, "only {deepest_2} levels on a 2 MiB thread");
    assert_eq!(
        i64::from(reached),
        i64::from(deepest_2) + 1,
        "the refused native returned zero"
    );
    // The thread goes on: less deep, the same recursion is whole.
    let (again, _) = on_thread(2, || (Recursion::step(1_000_000), Recursion::step(50)));
    assert!(again.0.unwrap() < 1_000_000);
    assert_eq!(again.1.unwrap(), 50);
    // A larger stack goes deeper.
    let (result, deepest_16) = on_thread(16, || Recursion::step(1_000_000));
    assert_eq!(i64::from(result.unwrap()), i64::from(deepest_16) + 1);
    eprintln!("16 MiB thread: depth {deepest_16}");
    assert!(
        deepest_16 > 4 * deepest_2,
        "{deepest_16} levels on 16 MiB against {deepest_2} on 2 MiB"
    );
}

#[test]
fn csharp_catches_the_exception_the_stack_check_throws() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::NATIVE_EXCEPTIONS) {
        return;
    }
    setup();
    let (caught, _) = on_thread(2, || Recursion::catch(1_000_000));
    let caught = caught.unwrap().unwrap();
    assert!(
        caught.starts_with(
            "System.InsufficientExecutionStackException: the native Depth.Recursion::Down(int) was not entered: "
        ),
        "{caught}"
    );
    let (fine, _) = on_thread(2, || Recursion::catch(20));
    assert_eq!(fine.unwrap().as_deref(), Some("depth 20"));
}

#[test]
fn recursion_through_a_rust_closure_behind_a_delegate_ends_in_an_exception() {
    setup();
    let (result, deepest) = on_thread(2, || {
        let me: Arc<OnceLock<Deeper>> = Arc::new(OnceLock::new());
        let inner = me.clone();
        let deeper = Deeper::from_fn(move |n: i32| {
            level(|| Recursion::through(Some(inner.get().expect("set before the call")), n))
        })
        .unwrap();
        me.set((*deeper).clone()).unwrap();
        let r = Recursion::through(Some(&deeper), 1_000_000);
        drop(deeper);
        r
    });
    // Each closure level passes the error up as its own (a closure's `Err` is thrown in C# as
    // `InvalidOperationException` carrying its text); the deepest entry was refused.
    let e = result.unwrap_err();
    assert!(
        matches!(&e, Error::ManagedException { message, .. }
            if message.contains("System.InsufficientExecutionStackException: the Rust closure behind this delegate was not entered")),
        "{}",
        e.to_string().chars().take(2000).collect::<String>()
    );
    eprintln!("2 MiB thread: recursion through a delegate stopped at depth {deepest}");
    assert!(deepest >= 50, "{deepest}");
}
