//! Rust implementations of .NET types (fixture `fixtures/Implement.cs`), through the generated
//! bindings: a Rust value behind a managed object that implements `IDamageable` (and
//! `IScorer`: a full struct, `ref`, `out` and a string result), and ones that extend the
//! abstract class `Monster`.

use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use cilbind::native::{Lent, ManagedException, NativeResult};
use cilbind::{Array, MethodRef, Object, Reference, Runtime, TypeRef};
use managed_tests::implement::r#impl::{
    Arena, IDamageable, IDamageableImpl, IScorer, IScorerImpl, Monster, MonsterBase, MonsterOverrides, Point, Realm,
    Unit, UnitBase, UnitOverrides,
};

static IDAMAGEABLE: TypeRef = TypeRef::new("Implement", "Impl", "IDamageable");
static MONSTER: TypeRef = TypeRef::new("Implement", "Impl", "Monster");
static ARENA: TypeRef = TypeRef::new("Implement", "Impl", "Arena");
static RESURRECTOR: TypeRef = TypeRef::new("Implement", "Impl", "Resurrector");
static GC: TypeRef = TypeRef::new("mscorlib", "System", "GC");

/// Tests that count collections run one at a time (a concurrent test's objects would not
/// change their counts, but their collections would make the runs slower).
static SERIAL: Mutex<()> = Mutex::new(());

fn setup() {
    managed_tests::load_fixture("Implement");
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

#[test]
fn a_rust_implementation_stored_in_csharp_survives_collections_and_is_called_from_csharp() {
    setup();
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
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
    for _ in 0..5 {
        collect();
        if drops.load(Ordering::SeqCst) == 2 {
            break;
        }
    }
    assert_eq!(
        drops.load(Ordering::SeqCst),
        2,
        "both values dropped once their proxies were collected"
    );
}

#[test]
fn errors_and_panics_become_managed_exceptions_and_a_forged_key_is_refused() {
    setup();
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

#[test]
fn a_rust_subclass_overrides_calls_base_reaches_protected_members_and_is_the_class() {
    setup();
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
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    for _ in 0..5 {
        collect();
        if drops.load(Ordering::SeqCst) == 1 {
            break;
        }
    }
    assert_eq!(
        drops.load(Ordering::SeqCst),
        1,
        "the orc's value dropped after its object was collected"
    );
}

#[test]
fn a_resurrected_proxy_keeps_its_value_and_is_released_later() {
    setup();
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
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
    for _ in 0..5 {
        collect();
        if drops.load(Ordering::SeqCst) == 1 {
            break;
        }
    }
    assert_eq!(
        drops.load(Ordering::SeqCst),
        1,
        "released once the resurrected proxy is collected"
    );
    let _ = Runtime::get();
}

struct Scorer;

impl IScorerImpl for Scorer {
    fn score(&self, p: Point, bonus: &mut i32, note: &mut Option<String>) -> NativeResult<Option<String>> {
        *bonus += p.x * p.y;
        *note = Some(format!("bonus was raised by {}", p.x * p.y));
        Ok(Some(format!("({}, {})", p.x, p.y)))
    }
}

#[test]
fn an_interface_member_with_a_struct_ref_out_and_string_result_is_implemented() {
    setup();
    let scorer = IScorer::implement(Scorer).unwrap();
    assert_eq!(
        arena::<_, Option<String>>("UseScorer", &["Impl.IScorer"], (scorer.as_object(),)).as_deref(),
        Some("(3, 4)|22|bonus was raised by 12"),
        "the struct arrived, ref was read and written back, out was written, the string returned"
    );
    // The same object called from Rust through the interface's own bindings.
    use managed_tests::implement::r#impl::IScorerExt;
    let mut bonus = 1;
    let (text, note) = scorer.score(&Point { x: 2, y: 5 }, &mut bonus).unwrap();
    assert_eq!(
        (text.as_deref(), bonus, note.as_deref()),
        (Some("(2, 5)"), 11, Some("bonus was raised by 10"))
    );
}

/// Overrides `Step` (a full struct in and out) with the base implementation of the mirrored
/// step, through the protected `Mirror` (also a full struct in and out).
struct Walker;

impl MonsterOverrides for Walker {
    fn kind(&self, _this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        Ok(Some("walker".into()))
    }
    fn step(&self, this: &MonsterBase<'_>, by: Point) -> NativeResult<Point> {
        Ok(this.base_step(&this.mirror(&by)?)?)
    }
}

#[test]
fn full_structs_cross_constructors_base_calls_and_protected_members_of_a_rust_subclass() {
    setup();
    // Not beside the collection tests: references this thread leaves on its stack while they
    // collect could keep their objects alive (SGen scans stacks conservatively).
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    // `Monster(Point at, int health)`: a constructor with a full struct, called through a
    // pointer trampoline (its `New{n}` factory takes the key first).
    let walker = Monster::extend_with_at_health(Walker, &Point { x: 1, y: 2 }, 50).unwrap();
    assert_eq!(walker.at().unwrap(), Point { x: 1, y: 2 });
    assert_eq!(walker.health().unwrap(), 50);
    let at = Arena::step_monster(Some(&walker), &Point { x: 3, y: 4 }).unwrap();
    assert_eq!(
        at,
        Point { x: -2, y: -2 },
        "C#'s virtual call reached Rust, which mirrored the step (protected Mirror) and took it (base Step)"
    );
}

/// Reaches the protected members Monster inherits from `Entity` (method `Heal`, static
/// method `Rank`, field `level`) and Monster's own `Shield`, which hides Entity's.
struct Veteran;

impl MonsterOverrides for Veteran {
    fn kind(&self, _this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        Ok(Some("veteran".into()))
    }
    fn describe(&self, this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        let before = this.level()?;
        this.set_level(before * 10)?;
        let healed = this.heal(5)?.unwrap_or_default();
        Ok(Some(format!(
            "{before} -> {healed}, level {}, shield {}, {}",
            this.level()?,
            this.shield(2)?,
            this.rank(this.level()?)?.unwrap_or_default()
        )))
    }
}

#[test]
fn a_rust_subclass_reaches_the_protected_members_of_its_class_s_ancestors() {
    setup();
    let veteran = Monster::extend(Veteran).unwrap();
    assert_eq!(
        Arena::describe_monster(Some(&veteran)).unwrap().as_deref(),
        Some("1 -> healed 5 to level 15, level 15, shield 2, veteran"),
        "Entity's protected field (read 1, set to 10), method (Heal) and static method (Rank) \
         reached from Rust, and Monster's Shield (armor 0 + 2), not the Entity one it hides (-1)"
    );
}

/// Overrides every virtual of `Unit`: an object parameter, `ref` and `out` parameters, an
/// array parameter and result.
struct Knight;

impl UnitOverrides for Knight {
    fn update(&self, _this: &UnitBase<'_>, world: Option<Lent<'_, Realm>>) -> NativeResult<()> {
        let world = world.expect("C# passes a realm").to_owned()?;
        world.set_turn(world.turn()? + 100)?;
        Ok(())
    }
    fn try_find(
        &self,
        _this: &UnitBase<'_>,
        world: Option<Lent<'_, Realm>>,
        budget: &mut i32,
        found: &mut Option<String>,
        cost: &mut i32,
    ) -> NativeResult<bool> {
        *budget -= 2;
        *found = Some(format!("rust on turn {}", world.expect("a realm").to_owned()?.turn()?));
        *cost = 3;
        Ok(false)
    }
    fn scale(&self, _this: &UnitBase<'_>, values: Option<Array<i32>>, factor: i32) -> NativeResult<Option<Array<i32>>> {
        let sum: i32 = values.expect("an array").to_vec()?.iter().sum();
        Ok(Some(Array::from_slice(&[sum * factor])?))
    }
}

/// Overrides nothing: every virtual runs the trait's default, which forwards to the base.
struct Peasant;

// README: begin
impl UnitOverrides for Peasant {} // Update, TryFind and Scale: the base's
                                  // README: end

#[test]
fn virtuals_with_object_ref_out_and_array_parameters_are_overridden_or_forwarded_to_the_base() {
    setup();
    static UNIT: TypeRef = TypeRef::new("Implement", "Impl", "Unit");
    let drive = |unit: &Object| -> String {
        MethodRef::new(&UNIT, "Drive", &["Impl.Unit"])
            .call::<_, Option<String>>((unit,))
            .unwrap()
            .unwrap()
    };
    let csharp = drive(&Unit::new().unwrap().into_object());
    assert_eq!(csharp, "1|True|4|earth|7|10,20,30|10,20,30|True|base update;");
    assert_eq!(
        drive(&Unit::extend(Peasant).unwrap().into_object()),
        csharp,
        "the defaults forwarded the same realm, budget, outs and array to the base, and its results back"
    );
    assert_eq!(
        drive(&Unit::extend(Knight).unwrap().into_object()),
        "100|False|3|rust on turn 100|3|1,2,3|60|False|",
        "Rust changed the realm C# passed, wrote ref and out, and returned its own array"
    );
}
