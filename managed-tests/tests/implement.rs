//! Rust implementations of .NET types (fixture `fixtures/Implement.cs`), through the generated
//! bindings: a Rust value behind a managed object that implements `IDamageable` (and
//! `IScorer`: a full struct, `ref`, `out` and a string result), and ones that extend the
//! abstract class `Monster`. The tests that count drops and collections are in
//! `implement_lifetime.rs`.

use cilbind::native::{Lent, NativeResult};
use cilbind::{Array, MethodRef, Object, Reference, TypeRef};
use managed_tests::implement::r#impl::{
    Arena, IScorer, IScorerImpl, Monster, MonsterBase, MonsterOverrides, Point, Realm, Unit, UnitBase, UnitOverrides,
};

static ARENA: TypeRef = TypeRef::new("Implement", "Impl", "Arena");

fn setup() {
    managed_tests::load_fixture("Implement");
}

fn arena<A: cilbind::ArgList, R: cilbind::Ret>(name: &'static str, params: &'static [&'static str], args: A) -> R {
    MethodRef::new(&ARENA, name, params).call(args).unwrap()
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
