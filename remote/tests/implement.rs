//! Rust implementations of .NET interfaces in a client (fixture `Implement.cs`): the generated
//! `implement` of a client makes a relay on the server, and C# calling its methods during one
//! of the client's calls runs the Rust value here, with a full struct, `ref`, `out`, strings
//! and a result crossing both ways. The value lives as long as the server's object. One test:
//! a process is the client of one connection at a time.

mod common;

use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::sync::Arc;

use cilbind::native::{ManagedException, NativeResult};
use cilbind::Error;
use common::{ServerProcess, TOKEN};
use managed_tests::implement::r#impl::{
    Arena, IDamageable, IDamageableImpl, IScorer, IScorerExt, IScorerImpl, Monster, MonsterBase, MonsterOverrides,
    Point,
};

struct Scorer;

impl IScorerImpl for Scorer {
    fn score(&self, p: Point, bonus: &mut i32, note: &mut Option<String>) -> NativeResult<Option<String>> {
        *bonus += p.x * p.y;
        *note = Some(format!("bonus was raised by {}", p.x * p.y));
        Ok(Some(format!("({}, {})", p.x, p.y)))
    }
}

/// Takes hits until its health is gone; counts its drops.
struct Dummy {
    name: &'static str,
    health: AtomicI32,
    dropped: Arc<AtomicUsize>,
}

impl IDamageableImpl for Dummy {
    fn damage(&self, amount: i32) -> NativeResult<i32> {
        if amount < 0 {
            return Err(ManagedException::named(
                "System.ArgumentOutOfRangeException",
                format!("{} cannot be healed by a hit", self.name),
            ));
        }
        Ok(self.health.fetch_sub(amount, Ordering::Relaxed) - amount)
    }
    fn name(&self) -> NativeResult<Option<String>> {
        Ok(Some(self.name.to_string()))
    }
}

impl Drop for Dummy {
    fn drop(&mut self) {
        self.dropped.fetch_add(1, Ordering::Relaxed);
    }
}

struct Ghost;

impl MonsterOverrides for Ghost {
    fn kind(&self, _this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        Ok(Some("ghost".into()))
    }
}

#[test]
fn csharp_calls_a_clients_rust_implementations() {
    let fixture = managed_tests::fixture_path("Implement");
    let server = ServerProcess::start_with(&[fixture.to_str().unwrap()]);
    let connection = cilbind_remote::connect(
        server.addr,
        TOKEN,
        &[managed_tests::game::FUNCTIONS, managed_tests::implement::FUNCTIONS],
    )
    .unwrap();

    // A full struct in, `ref` read and written back, `out` written, a string result.
    let scorer = IScorer::implement(Scorer).unwrap();
    assert_eq!(
        Arena::use_scorer(Some(&scorer)).unwrap().as_deref(),
        Some("(3, 4)|22|bonus was raised by 12")
    );
    // The interface's own binding, called from here on the server's object, which calls here.
    let mut bonus = 1;
    let (text, note) = scorer.score(&Point { x: 2, y: 5 }, &mut bonus).unwrap();
    assert_eq!(
        (text.as_deref(), bonus, note.as_deref()),
        (Some("(2, 5)"), 11, Some("bonus was raised by 10"))
    );

    // State in the Rust value; C# stores the objects and calls them later, in other calls.
    let dropped = Arc::new(AtomicUsize::new(0));
    let dummy = |name, health| Dummy {
        name,
        health: AtomicI32::new(health),
        dropped: dropped.clone(),
    };
    for (name, health) in [("imp", 20), ("orc", 50)] {
        let d = IDamageable::implement(dummy(name, health)).unwrap();
        Arena::store(Some(&d)).unwrap();
    }
    assert_eq!(Arena::hit_all(5).unwrap(), 15 + 45);
    assert_eq!(
        Arena::hit_all(5).unwrap(),
        10 + 40,
        "each value kept its state between calls"
    );
    assert_eq!(Arena::names().unwrap().as_deref(), Some("imp;orc;"));

    // An Err of the Rust method is an exception in C#, with the message.
    let imp = IDamageable::implement(dummy("ghoul", 1)).unwrap();
    let caught = Arena::catch_damage(Some(&imp), -3).unwrap().unwrap();
    assert!(
        caught.starts_with("InvalidOperationException") && caught.contains("ghoul cannot be healed by a hit"),
        "{caught}"
    );
    assert_eq!(Arena::call_damage(Some(&imp), 1).unwrap(), 0);

    // The values live as long as the server's objects: C# drops the stored ones, the client
    // its handles, and after a collection there the next reply drops the values here. Mono
    // scans the session thread's stack conservatively: a stale copy of the newest relay's
    // address, left there when it was made, keeps that one until a later one is made (as
    // with local proxies): here a new scorer, which the client holds anyway.
    drop((scorer, imp));
    let scorer = IScorer::implement(Scorer).unwrap();
    Arena::clear().unwrap();
    for _ in 0..20 {
        Arena::use_scorer(Some(&scorer)).unwrap();
        Arena::collect().unwrap();
        if dropped.load(Ordering::Relaxed) == 3 {
            break;
        }
    }
    assert_eq!(dropped.load(Ordering::Relaxed), 3, "every Dummy was dropped");
    // CoreCLR's collector is precise: only the new scorer's member is left. Mono may keep the
    // first relay too, the one whose class was built as it was made: through frames deeper
    // than any later call of this session thread reaches, which leave a copy of its address.
    let left = cilbind::remote::live_members();
    let on_mono = std::env::var("CILBIND_RUNTIME").map_or(true, |r| r != "coreclr");
    assert!(left == 1 || (on_mono && left == 2), "members left: {left}");

    // What does not cross says so at once: a Rust subclass of a class.
    match Monster::extend(Ghost) {
        Err(Error::Unsupported(why)) => assert!(why.contains("subclass"), "{why}"),
        other => panic!("a Rust subclass over a connection: {other:?}"),
    }

    // C# calling a relay of a client that is gone throws there; the server lives on, and the
    // next connection drops the values of the earlier one.
    let d = IDamageable::implement(dummy("shade", 9)).unwrap();
    Arena::store(Some(&d)).unwrap();
    drop((connection, d, scorer));
    let again = cilbind_remote::connect(
        server.addr,
        TOKEN,
        &[managed_tests::game::FUNCTIONS, managed_tests::implement::FUNCTIONS],
    )
    .unwrap();
    assert_eq!(
        dropped.load(Ordering::Relaxed),
        4,
        "the shade was dropped at the new connect"
    );
    assert_eq!(cilbind::remote::live_members(), 0);
    // Disposed once the old session has ended on the server; until then, out of its
    // client's calls: an exception either way.
    let hit = Arena::hit_all(1);
    assert!(
        matches!(&hit, Err(Error::ManagedException { type_name, .. })
            if type_name == "System.ObjectDisposedException" || type_name == "System.InvalidOperationException"),
        "the stored relay of the gone client: {hit:?}"
    );
    Arena::clear().unwrap();
    drop(again);
}
