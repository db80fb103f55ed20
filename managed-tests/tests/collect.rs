//! `Runtime::collect()`: a full collection carried through to its end. The finalizers it
//! queued have run when it returns, and the Rust values behind collected proxies are dropped,
//! also those that only another dropped Rust value kept. A test binary of its own: it counts
//! process-wide finalizers and proxies.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use cilbind::native::NativeResult;
use cilbind::{MethodRef, TypeRef};
use managed_tests::implement::r#impl::{IDamageable, IDamageableExt, IDamageableImpl};
use managed_tests::load_fixture;

static COUNTED: TypeRef = TypeRef::new("Finalizers", "Fixtures", "Counted");
static MAKE_COUNTED: MethodRef = MethodRef::new(&COUNTED, "MakeGarbage", &["System.Int32"]);
static COUNTED_FINALIZED: MethodRef = MethodRef::new(&COUNTED, "get_Finalized", &[]);

/// A Rust implementation of `IDamageable` that counts its drops and may hold another proxy.
struct Link {
    drops: Arc<AtomicUsize>,
    next: Option<IDamageable>,
}

impl IDamageableImpl for Link {
    /// Passed down the chain: the last link's answer.
    fn damage(&self, amount: i32) -> NativeResult<i32> {
        match &self.next {
            Some(next) => Ok(next.damage(amount)?),
            None => Ok(amount),
        }
    }
    fn name(&self) -> NativeResult<Option<String>> {
        Ok(None)
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        self.drops.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn collect_runs_the_finalizers_and_drops_the_rust_values_of_collected_proxies() {
    load_fixture("Finalizers");
    managed_tests::implement::init().unwrap();
    let rt = managed_tests::runtime();

    // C# finalizers: all of them have run when collect() returns (a few may be kept by stale
    // stack slots, which SGen scans conservatively).
    let before: i32 = COUNTED_FINALIZED.call(()).unwrap();
    MAKE_COUNTED.call::<_, ()>((1000,)).unwrap();
    let report = rt.collect().unwrap();
    let after: i32 = COUNTED_FINALIZED.call(()).unwrap();
    assert!(after - before >= 990, "only {} of 1000 finalizers ran", after - before);
    assert!(report.rounds >= 2, "{report:?}");

    // Rust values behind proxies: ten unreferenced ones, and a chain of three where only the
    // first is unreferenced (the second and third are held by the Rust value before them). Made
    // and called on a thread that then exits: SGen scans attached threads' stacks conservatively,
    // and a stale copy of a proxy's reference left in a dead slot of this thread's stack would
    // keep it alive.
    let drops = Arc::new(AtomicUsize::new(0));
    let made = drops.clone();
    std::thread::spawn(move || {
        let link = |next: Option<IDamageable>| {
            IDamageable::implement(Link {
                drops: made.clone(),
                next,
            })
            .unwrap()
        };
        for _ in 0..10 {
            let proxy = link(None);
            assert_eq!(proxy.damage(3).unwrap(), 3);
        }
        let third = link(None);
        let second = link(Some(third));
        let first = link(Some(second));
        assert_eq!(first.damage(1).unwrap(), 1);
    })
    .join()
    .unwrap();
    assert_eq!(
        drops.load(Ordering::SeqCst),
        0,
        "nothing is dropped before a collection"
    );
    let report = rt.collect().unwrap();
    assert_eq!(drops.load(Ordering::SeqCst), 13, "{report:?}");
    assert_eq!(report.proxy_values_dropped, 13, "{report:?}");
    assert_eq!(cilbind::proxy::live(), 0);
    eprintln!("collect(): {report:?}");

    // Nothing left: two idle rounds.
    let again = rt.collect().unwrap();
    assert_eq!((again.rounds, again.proxy_values_dropped), (2, 0));
}
