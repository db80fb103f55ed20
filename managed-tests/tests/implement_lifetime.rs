//! Rust values behind managed objects, over their lifetime (fixture `fixtures/Implement.cs`):
//! kept alive while C# holds their proxies, dropped once the collector takes them, resurrected by
//! a finalizer, reached after a panic; and a Rust subclass of the abstract class `Monster`.
//!
//! No libtest harness (`harness = false`): the tests run one after another on the main thread.
//! SGen scans the stacks of attached threads conservatively, and glibc hands a new thread the
//! cached stack of one that exited, stale words included: a test running beside these on a
//! reused stack could hold a copy of a proxy's address and keep it alive (it did, in about 1 run
//! in 15). Each test makes and uses its proxies on threads that then exit, and collects on this
//! one, which never saw their addresses.

use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::sync::Arc;

use cilbind::native::{ManagedException, NativeResult};
use cilbind::{MethodRef, Object, Reference, Runtime, TypeRef};
use managed_tests::implement::r#impl::{IDamageable, IDamageableImpl, Monster, MonsterBase, MonsterOverrides};

static IDAMAGEABLE: TypeRef = TypeRef::new("Implement", "Impl", "IDamageable");
static MONSTER: TypeRef = TypeRef::new("Implement", "Impl", "Monster");
static ARENA: TypeRef = TypeRef::new("Implement", "Impl", "Arena");
static RESURRECTOR: TypeRef = TypeRef::new("Implement", "Impl", "Resurrector");
static GC: TypeRef = TypeRef::new("mscorlib", "System", "GC");

type Test = fn();

const TESTS: &[(&str, Test)] = &[
    (
        "a_rust_implementation_stored_in_csharp_survives_collections_and_is_called_from_csharp",
        a_rust_implementation_stored_in_csharp_survives_collections_and_is_called_from_csharp,
    ),
    (
        "errors_and_panics_become_managed_exceptions_and_a_forged_key_is_refused",
        errors_and_panics_become_managed_exceptions_and_a_forged_key_is_refused,
    ),
    (
        "a_rust_subclass_overrides_calls_base_reaches_protected_members_and_is_the_class",
        a_rust_subclass_overrides_calls_base_reaches_protected_members_and_is_the_class,
    ),
    (
        "a_resurrected_proxy_keeps_its_value_and_is_released_later",
        a_resurrected_proxy_keeps_its_value_and_is_released_later,
    ),
    (
        "a_failure_caught_in_csharp_inside_a_rust_body_leaves_the_outer_call_alone",
        a_failure_caught_in_csharp_inside_a_rust_body_leaves_the_outer_call_alone,
    ),
];

/// Runs every test in order (or those whose names contain the first argument that is not a
/// flag, as libtest filters); a failing test panics, which fails the binary.
fn main() {
    // The panic `Target::damage` raises on purpose reaches C# as an exception; without libtest
    // nothing captures its message, so it is left out of the output (every other panic, an
    // assertion's included, is printed as usual).
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload().downcast_ref::<&str>() != Some(&"boom") {
            report(info);
        }
    }));
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    managed_tests::load_fixture("Implement");
    for (name, test) in TESTS {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        test();
        println!("test {name} ... ok");
    }
}

fn arena<A: cilbind::ArgList, R: cilbind::Ret>(name: &'static str, params: &'static [&'static str], args: A) -> R {
    MethodRef::new(&ARENA, name, params).call(args).unwrap()
}

/// A full collection, then the finalizers it queued, twice (the second collection reclaims
/// what the first one finalized), then the sweep.
fn collect() {
    static COLLECT: MethodRef = MethodRef::new(&GC, "Collect", &[]);
    static WAIT: MethodRef = MethodRef::new(&GC, "WaitForPendingFinalizers", &[]);
    for _ in 0..2 {
        COLLECT.call::<_, ()>(()).unwrap();
        WAIT.call::<_, ()>(()).unwrap();
    }
    cilbind::proxy::sweep();
}

/// Collects (up to five rounds) until `drops` reaches `expected`; what it reached.
fn collect_until(drops: &AtomicUsize, expected: usize) -> usize {
    for _ in 0..5 {
        collect();
        if drops.load(Ordering::SeqCst) == expected {
            break;
        }
    }
    drops.load(Ordering::SeqCst)
}

// ---- implementations ----

struct Target {
    name: String,
    taken: AtomicI32,
    drops: Arc<AtomicUsize>,
}

// README: begin
impl IDamageableImpl for Target {
    fn damage(&self, amount: i32) -> NativeResult<i32> {
        match amount {
            -1 => panic!("boom"),
            -2 => Err(ManagedException::named("System.ArgumentException", "negative damage")),
            _ => Ok(self.taken.fetch_add(amount, Ordering::SeqCst) + amount),
        }
    }
    fn name(&self) -> NativeResult<Option<String>> {
        Ok(Some(self.name.clone()))
    }
}
// README: end

fn implement(value: Target) -> cilbind::Result<Object> {
    Ok(IDamageable::implement(value)?.into_object())
}

impl Drop for Target {
    fn drop(&mut self) {
        self.drops.fetch_add(1, Ordering::SeqCst);
    }
}

fn target(name: &str, drops: &Arc<AtomicUsize>) -> Target {
    Target {
        name: name.into(),
        taken: AtomicI32::new(0),
        drops: drops.clone(),
    }
}

fn a_rust_implementation_stored_in_csharp_survives_collections_and_is_called_from_csharp() {
    let drops = Arc::new(AtomicUsize::new(0));
    // Made on a thread of their own, which ends: no stale copy of their addresses is left on
    // this thread's stack, which SGen scans conservatively (one would keep a proxy alive).
    let made = drops.clone();
    std::thread::spawn(move || {
        for name in ["goblin", "troll"] {
            let obj = implement(target(name, &made)).unwrap();
            assert!(obj.is_instance_of(IDAMAGEABLE.class().unwrap()).unwrap());
            arena::<_, ()>("Store", &["Impl.IDamageable"], (&obj,));
        }
    })
    .join()
    .unwrap();
    collect();
    assert_eq!(drops.load(Ordering::SeqCst), 0, "C#'s list keeps both alive");
    // C#'s calls into the Rust values on a thread of their own too: the Rust frames they ran
    // in leave the proxies' addresses on that thread's stack.
    std::thread::spawn(|| {
        assert_eq!(arena::<_, i32>("HitAll", &["System.Int32"], (5,)), 10);
        assert_eq!(
            arena::<_, i32>("HitAll", &["System.Int32"], (2,)),
            14,
            "each value kept its state: 7 + 7"
        );
        assert_eq!(
            arena::<_, Option<String>>("Names", &[], ()).as_deref(),
            Some("goblin;troll;")
        );
        arena::<_, ()>("Clear", &[], ());
    })
    .join()
    .unwrap();
    assert_eq!(
        collect_until(&drops, 2),
        2,
        "both values dropped once their proxies were collected"
    );
}

fn errors_and_panics_become_managed_exceptions_and_a_forged_key_is_refused() {
    let drops = Arc::new(AtomicUsize::new(0));
    let obj = implement(target("imp", &drops)).unwrap();
    let catch = |amount: i32| -> String {
        arena::<_, Option<String>>("CatchDamage", &["Impl.IDamageable", "System.Int32"], (&obj, amount)).unwrap()
    };
    assert_eq!(catch(3), "ok 3");
    assert_eq!(
        catch(-1),
        "RustPanicException: boom (in native Impl.IDamageable::Damage(int))"
    );
    assert_eq!(catch(-2), "ArgumentException: negative damage");
    assert_eq!(catch(4), "ok 7", "the value still works after a panic");
    let forged = arena::<_, Option<String>>(
        "CallWithForgedKey",
        &["Impl.IDamageable", "System.Int64"],
        (&obj, 0x7fff_fff1_0000_0003i64),
    )
    .unwrap();
    assert!(forged.starts_with("ObjectDisposedException: "), "{forged}");
}

/// Its `Damage` has C# call another Rust implementation that fails, and catch it, then returns
/// normally itself.
struct Catcher {
    inner: Object,
    seen: std::sync::Mutex<Vec<String>>,
}

impl IDamageableImpl for Catcher {
    fn damage(&self, amount: i32) -> NativeResult<i32> {
        for inner_amount in [-2, -1, 4] {
            let caught = arena::<_, Option<String>>(
                "CatchDamage",
                &["Impl.IDamageable", "System.Int32"],
                (&self.inner, inner_amount),
            )
            .unwrap_or_default();
            self.seen.lock().unwrap().push(caught);
        }
        Ok(amount * 10)
    }
    fn name(&self) -> NativeResult<Option<String>> {
        Ok(None)
    }
}

/// The inner call's exception is thrown, caught by C# and gone: the outer call into Rust, which
/// returns normally, does not throw it again (on CoreCLR the failure crosses in a per-thread
/// flag that the inner proxy method takes when it throws).
fn a_failure_caught_in_csharp_inside_a_rust_body_leaves_the_outer_call_alone() {
    let drops = Arc::new(AtomicUsize::new(0));
    let inner = implement(target("inner", &drops)).unwrap();
    let catcher = Arc::new(Catcher {
        inner,
        seen: Default::default(),
    });
    struct Shared(Arc<Catcher>);
    impl IDamageableImpl for Shared {
        fn damage(&self, amount: i32) -> NativeResult<i32> {
            self.0.damage(amount)
        }
        fn name(&self) -> NativeResult<Option<String>> {
            self.0.name()
        }
    }
    let outer = IDamageable::implement(Shared(catcher.clone())).unwrap().into_object();
    let result = arena::<_, Option<String>>("CatchDamage", &["Impl.IDamageable", "System.Int32"], (&outer, 3));
    assert_eq!(result.as_deref(), Some("ok 30"));
    assert_eq!(
        *catcher.seen.lock().unwrap(),
        [
            "ArgumentException: negative damage",
            "RustPanicException: boom (in native Impl.IDamageable::Damage(int))",
            "ok 4"
        ]
    );
    // And again: nothing of the inner failures is left for a later call on this thread.
    let result = arena::<_, Option<String>>("CatchDamage", &["Impl.IDamageable", "System.Int32"], (&outer, 1));
    assert_eq!(result.as_deref(), Some("ok 10"));
}

struct Orc {
    calls: AtomicI32,
    drops: Arc<AtomicUsize>,
}

impl MonsterOverrides for Orc {
    fn hit(&self, this: &MonsterBase<'_>, amount: i32) -> NativeResult<i32> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        // Orcs take double damage, through the base implementation (which applies armor).
        Ok(this.base_hit(amount * 2)?)
    }
    fn kind(&self, _this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        Ok(Some(format!("orc#{}", self.calls.load(Ordering::SeqCst))))
    }
}

impl Drop for Orc {
    fn drop(&mut self) {
        self.drops.fetch_add(1, Ordering::SeqCst);
    }
}

struct Golem;

// README: begin
impl MonsterOverrides for Golem {
    fn kind(&self, this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        // `health` is Monster's public field, reached through the base handle's `Deref`.
        Ok(Some(format!("golem({})", this.health()?)))
    }
    fn describe(&self, this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        let armor = this.shield(3)?;
        this.set_armor(armor + 1)?;
        Ok(Some(format!(
            "{} armor {}",
            this.base_describe()?.unwrap_or_default(),
            this.armor()?
        )))
    }
}
// README: end

fn a_rust_subclass_overrides_calls_base_reaches_protected_members_and_is_the_class() {
    let drops = Arc::new(AtomicUsize::new(0));
    // Made and used on a thread that then exits, the collection on this one: SGen scans
    // attached threads' stacks conservatively, and a stale copy of the orc's address left in a
    // slot of a live frame would keep it alive (as in the tests above).
    let on_thread = drops.clone();
    let _golem = std::thread::spawn(move || {
        let drops = on_thread;
        let orc = Monster::extend(Orc {
            calls: AtomicI32::new(0),
            drops: drops.clone(),
        })
        .unwrap()
        .into_object();
        assert!(orc.is_instance_of(MONSTER.class().unwrap()).unwrap());
        assert!(arena::<_, bool>("IsMonster", &["System.Object"], (&orc,)));
        assert_eq!(
            arena::<_, Option<String>>("LogOf", &["Impl.Monster"], (&orc,)).as_deref(),
            Some("ctor(100);kind=orc#0;"),
            "the base constructor called the Rust override (the key was set before it ran)"
        );
        assert_eq!(
            arena::<_, i32>("HitMonster", &["Impl.Monster", "System.Int32"], (&orc, 7)),
            14
        );
        assert_eq!(
            arena::<_, Option<String>>("DescribeMonster", &["Impl.Monster"], (&orc,)).as_deref(),
            Some("orc#1 with 86 hp"),
            "Describe kept the base behaviour, which called back into Rust's Kind"
        );

        let golem = Monster::extend_with_health(Golem, 250).unwrap();
        assert_eq!(
            golem.health().unwrap(),
            250,
            "the handle is a Monster: its members are callable from Rust"
        );
        let golem = golem.into_object();
        assert_eq!(
            arena::<_, Option<String>>("LogOf", &["Impl.Monster"], (&golem,)).as_deref(),
            Some("ctor(250);kind=golem(250);")
        );
        assert_eq!(
            arena::<_, Option<String>>("DescribeMonster", &["Impl.Monster"], (&golem,)).as_deref(),
            Some("golem(250) with 250 hp armor 4"),
            "protected Shield (3) and the protected field (set to 4) reached from Rust"
        );
        assert_eq!(
            arena::<_, i32>("HitMonster", &["Impl.Monster", "System.Int32"], (&golem, 10)),
            6,
            "Hit kept the base behaviour, with the armor Rust set"
        );
        drop(orc);
        golem
    })
    .join()
    .unwrap();
    assert_eq!(
        collect_until(&drops, 1),
        1,
        "the orc's value dropped after its object was collected"
    );
}

fn a_resurrected_proxy_keeps_its_value_and_is_released_later() {
    static SAVED: cilbind::FieldRef = cilbind::FieldRef::new(&RESURRECTOR, "Saved");
    let drops = Arc::new(AtomicUsize::new(0));
    // Every use of the proxy on a thread that then exits, and the collections on this one:
    // SGen scans attached threads' stacks conservatively, and a stale copy of the proxy's
    // address left in a slot of a live frame would keep it alive (as in the tests above).
    let on_thread = drops.clone();
    std::thread::spawn(move || {
        let obj = implement(target("phoenix", &on_thread)).unwrap();
        MethodRef::new(&RESURRECTOR, "Make", &["Impl.IDamageable"])
            .call::<_, ()>((&obj,))
            .unwrap();
    })
    .join()
    .unwrap();
    let mut resurrected = false;
    for _ in 0..5 {
        collect();
        // (Read on a thread of its own: the read hands the proxy's address through this frame.)
        resurrected = std::thread::spawn(|| SAVED.get_object::<Object>(None).unwrap().is_some())
            .join()
            .unwrap();
        if resurrected {
            break;
        }
    }
    assert!(resurrected, "the resurrector's finalizer stored the proxy");
    assert_eq!(drops.load(Ordering::SeqCst), 0, "a resurrected proxy keeps its value");
    collect();
    std::thread::spawn(|| {
        let saved = SAVED.get_object::<Object>(None).unwrap().unwrap();
        assert_eq!(
            arena::<_, i32>("CallDamage", &["Impl.IDamageable", "System.Int32"], (&saved, 9)),
            9,
            "the resurrected proxy still reaches its value"
        );
        drop(saved);
        SAVED.set_object::<Object>(None, None).unwrap();
    })
    .join()
    .unwrap();
    assert_eq!(
        collect_until(&drops, 1),
        1,
        "released once the resurrected proxy is collected"
    );
    let _ = Runtime::get();
}
