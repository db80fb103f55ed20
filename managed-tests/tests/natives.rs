//! Natives: the C# internal calls of `fixtures/Natives.cs` implemented in Rust through the
//! generated `…Natives` traits, installed with `Assembly::install_natives`. C# calls every
//! native and checks what comes back (`Driver.Run`); Rust checks what the natives saw, the
//! exceptions an `Err` and a panic become, a lent object kept past a collection, and the
//! refusal of an incomplete set, listing every missing native.

use std::sync::{Mutex, Once};

use cilbind::native::{Lent, ManagedException, NativeResult, NativeTable};
use cilbind::{Array, Char, Error, NetString, ObjectArray, Runtime};
use managed_tests::load_fixture;
use managed_tests::natives::nat::{
    Driver, Entity, EntityNatives, Mood, Natives, NativesNatives, Partial, PartialNatives, V3,
};

/// Entities handed to `Keep`, as handles.
static KEPT: Mutex<Vec<Entity>> = Mutex::new(Vec::new());

struct Game;

impl NativesNatives for Game {
    fn add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a + b)
    }
    fn flip(b: bool) -> NativeResult<bool> {
        Ok(!b)
    }
    #[allow(clippy::too_many_arguments)]
    fn mix(a: i64, b: f64, c: u8, d: i16, e: Char, f: u32, g: i8, h: u16, i: u64) -> NativeResult<f64> {
        Ok(a as f64
            + b
            + f64::from(c)
            + f64::from(d)
            + f64::from(e.0)
            + f64::from(f)
            + f64::from(g)
            + f64::from(h)
            + i as f64)
    }
    fn next(m: Mood) -> NativeResult<Mood> {
        Ok(if m == Mood::CALM { Mood::ANGRY } else { Mood::CALM })
    }
    fn scale(v: V3, k: f32) -> NativeResult<V3> {
        Ok(V3 {
            x: v.x * k,
            y: v.y * k,
            z: v.z * k,
        })
    }
    fn normalize(v: &mut V3) -> NativeResult<()> {
        let len = (v.x * v.x + v.y * v.y + v.z * v.z).sqrt();
        *v = V3 {
            x: v.x / len,
            y: v.y / len,
            z: v.z / len,
        };
        Ok(())
    }
    fn split(v: V3, x: &mut f32, copy: &mut V3) -> NativeResult<()> {
        *x = v.x;
        *copy = v;
        Ok(())
    }
    fn flags(a: &mut bool, b: &mut bool) -> NativeResult<()> {
        assert!(!*b, "an out bool starts false");
        *b = *a;
        *a = !*a;
        Ok(())
    }
    fn try_name(id: i32, name: &mut Option<String>) -> NativeResult<bool> {
        assert!(name.is_none(), "an out string starts null");
        *name = (id == 1).then(|| "one".to_owned());
        Ok(id == 1)
    }
    fn upper(s: &mut Option<String>) -> NativeResult<()> {
        *s = Some(s.as_deref().map_or("NULL".to_owned(), str::to_uppercase));
        Ok(())
    }
    fn echo(s: Option<&str>) -> NativeResult<Option<String>> {
        Ok(s.map(|s| format!("{s}!")))
    }
    fn strlen(s: Option<&str>) -> NativeResult<i32> {
        Ok(s.map_or(-1, |s| s.len() as i32))
    }
    fn spawn(name: Option<&str>, health: i32) -> NativeResult<Option<Entity>> {
        match name {
            Some(name) => Ok(Some(Entity::new(Some(name), health)?)),
            None => Ok(None),
        }
    }
    fn health_of(e: Option<Lent<'_, Entity>>) -> NativeResult<i32> {
        match e {
            Some(e) => Ok(e.to_owned()?.health()?),
            None => Ok(-1),
        }
    }
    fn replace(e: &mut Option<Entity>) -> NativeResult<()> {
        let old = e.take().expect("C# passes an entity");
        let name = format!("{}'", old.name()?.unwrap_or_default());
        *e = Some(Entity::new(Some(&name), old.health()? + 1)?);
        Ok(())
    }
    fn find(name: Option<&str>, e: &mut Option<Entity>) -> NativeResult<bool> {
        if name == Some("orc") {
            *e = Some(Entity::new(name, 1)?);
        }
        Ok(e.is_some())
    }
    fn sum(values: Option<Array<i32>>) -> NativeResult<i32> {
        Ok(match values {
            Some(v) => v.to_vec()?.iter().sum(),
            None => -1,
        })
    }
    fn range(n: i32) -> NativeResult<Option<Array<i32>>> {
        Ok(Some(Array::from_slice(&(0..n).collect::<Vec<_>>())?))
    }
    fn join(parts: Option<ObjectArray<NetString>>) -> NativeResult<Option<String>> {
        let parts = parts.expect("C# passes an array").to_vec()?;
        let texts: Vec<String> = parts
            .iter()
            .map(|p| p.as_ref().map_or(Ok(String::new()), |s| s.to_string()))
            .collect::<cilbind::Result<_>>()?;
        Ok(Some(texts.join(",")))
    }
    fn keep(e: Option<Lent<'_, Entity>>) -> NativeResult<()> {
        let e = e.ok_or_else(|| ManagedException::named("System.ArgumentNullException", "e"))?;
        KEPT.lock().unwrap().push(e.to_owned()?);
        Ok(())
    }
    fn fail(message: Option<&str>) -> NativeResult<i32> {
        Err(ManagedException::named(
            "System.ArgumentException",
            message.unwrap_or_default(),
        ))
    }
    fn panic(message: Option<&str>) -> NativeResult<V3> {
        panic!("{}", message.unwrap_or_default())
    }
}

// README: begin
impl EntityNatives for Game {
    fn hit(this: Lent<'_, Entity>, amount: i32) -> NativeResult<()> {
        let e = this.to_owned()?;
        e.set_health(e.health()? - amount)?;
        Ok(())
    }
    fn describe(this: Lent<'_, Entity>) -> NativeResult<Option<String>> {
        let e = this.to_owned()?;
        Ok(Some(format!("{} ({})", e.name()?.unwrap_or_default(), e.health()?)))
    }
}
// README: end

impl PartialNatives for Game {
    fn one() -> NativeResult<i32> {
        Ok(1)
    }
    fn two(s: Option<&str>) -> NativeResult<i32> {
        Ok(s.map_or(0, |s| s.len() as i32 * 2))
    }
    fn three(v: &mut V3) -> NativeResult<()> {
        v.x = 3.0;
        Ok(())
    }
}

fn setup() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        managed_tests::natives::init().unwrap();
        load_fixture("Natives")
            .install_natives([
                Natives::natives::<Game>(),
                Entity::natives::<Game>(),
                Partial::natives::<Game>(),
            ])
            .unwrap();
    });
}

#[test]
fn csharp_calls_every_kind_of_native() {
    setup();
    assert_eq!(Driver::run().unwrap().as_deref(), Some("ok"));
}

#[test]
fn rust_calls_natives_through_the_generated_bindings() {
    setup();
    assert_eq!(Natives::add(2, 3).unwrap(), 5);
    let mut v = V3 { x: 0.0, y: 3.0, z: 4.0 };
    Natives::normalize(&mut v).unwrap();
    assert_eq!((v.y, v.z), (0.6, 0.8));
    assert_eq!(Natives::split(&V3 { x: 1.0, y: 2.0, z: 3.0 }).unwrap().0, 1.0);
    assert_eq!(Natives::echo(Some("x")).unwrap().as_deref(), Some("x!"));
    let e = Natives::spawn(Some("imp"), 9).unwrap().unwrap();
    assert_eq!(Natives::health_of(Some(&e)).unwrap(), 9);
    e.hit(4).unwrap();
    assert_eq!(e.health().unwrap(), 5);
    assert_eq!(e.describe().unwrap().as_deref(), Some("imp (5)"));
    assert_eq!(Driver::hit_new(10, 3).unwrap(), 7);
    assert_eq!(Partial::two(Some("abc")).unwrap(), 6);
}

#[test]
fn an_err_and_a_panic_become_managed_exceptions_at_the_call_site() {
    setup();
    assert_eq!(
        Driver::catch(0, Some("no such spell")).unwrap().as_deref(),
        Some("System.ArgumentException: no such spell")
    );
    assert_eq!(
        Driver::catch(1, Some("boom")).unwrap().as_deref(),
        Some("Cilbind.RustPanicException: boom (in native Nat.Natives::Panic(string))")
    );
    // Called from Rust, the exception comes back as an error.
    let err = Natives::fail(Some("from rust")).unwrap_err();
    assert!(
        matches!(&err, Error::ManagedException { type_name, message, .. }
            if type_name == "System.ArgumentException" && message == "from rust"),
        "{err:?}"
    );
}

#[test]
fn a_lent_object_kept_as_a_handle_survives_a_collection() {
    setup();
    Driver::hand_over(Some("kept")).unwrap();
    for _ in 0..3 {
        Runtime::get().unwrap().collect_garbage();
        let _garbage: Vec<_> = (0..1000).map(|i| NetString::new(&i.to_string()).unwrap()).collect();
    }
    let kept = KEPT.lock().unwrap().pop().expect("Keep stored the entity");
    assert_eq!(kept.name().unwrap().as_deref(), Some("kept"));
    assert_eq!(kept.health().unwrap(), 7);
}

#[test]
fn an_incomplete_set_is_refused_listing_every_missing_native() {
    setup();
    let err = load_fixture("Natives")
        .install_natives([Natives::natives::<Game>(), Entity::natives::<Game>()])
        .unwrap_err();
    let Error::NativesMismatch {
        missing,
        unexpected,
        rebound,
        ..
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!(
        &missing[..],
        [
            "Nat.Partial::One()",
            "Nat.Partial::Two(string)",
            "Nat.Partial::Three(Nat.V3&)"
        ]
    );
    assert!(unexpected.is_empty() && rebound.is_empty());
    assert!(err
        .to_string()
        .ends_with("missing: Nat.Partial::One(), Nat.Partial::Two(string), Nat.Partial::Three(Nat.V3&)"));
    // A table for another assembly's natives matches none of these.
    let other = load_fixture("Basics")
        .install_natives([Partial::natives::<Game>()])
        .unwrap_err();
    assert!(
        matches!(&other, Error::NativesMismatch { unexpected, missing, .. }
            if unexpected.len() == 3 && missing.is_empty()),
        "{other:?}"
    );
    // Installing the same natives again does nothing.
    load_fixture("Natives")
        .install_natives([
            Natives::natives::<Game>(),
            Entity::natives::<Game>(),
            Partial::natives::<Game>(),
        ])
        .unwrap();
    let _ = NativeTable::default();
}

#[test]
fn the_readme_shows_the_entity_natives_above() {
    let source = include_str!("natives.rs");
    let here: String = source
        .lines()
        .skip_while(|l| l.trim() != "// README: begin")
        .skip(1)
        .take_while(|l| l.trim() != "// README: end")
        .map(|l| format!("{l}\n"))
        .collect();
    let readme = include_str!("../../README.md");
    assert!(
        readme.contains(&format!("```rust,ignore\n{here}```")),
        "README differs from:\n{here}"
    );
}
