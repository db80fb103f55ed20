//! Natives: the C# internal calls of `fixtures/Natives.cs` implemented in Rust through the
//! generated `…Natives` traits, installed with `Assembly::install_natives`. C# calls every
//! native and checks what comes back (`Driver.Run`); Rust checks what the natives saw, the
//! exceptions an `Err` and a panic become, a lent object kept past a collection, and the
//! refusal of an incomplete set, listing every missing native.

use std::sync::{Mutex, Once, OnceLock};

use cilbind::native::{Lent, ManagedException, NativeResult, NativeTable};
use cilbind::{Array, Char, Error, FieldRef, NetString, ObjectArray, Reference, Runtime, TypeRef};
use managed_tests::load_fixture;
use managed_tests::natives::nat::{
    Body, BodyNatives, Driver, Entity, EntityNatives, Hidden, HiddenNatives, Hidden_Vault, Hidden_VaultNatives, Mood,
    Natives, NativesNatives, Partial, PartialNatives, Physics, PhysicsNatives, V3Natives, V3,
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
            Some(name) => Ok(Some(Entity::new(name, health)?)),
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
        *e = Some(Entity::new(&name, old.health()? + 1)?);
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
    fn dot(a: &V3, b: &V3, scale: &i32) -> NativeResult<f32> {
        Ok((a.x * b.x + a.y * b.y + a.z * b.z) * *scale as f32)
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
    fn pick(a: Option<Lent<'_, Body>>, b: Option<Lent<'_, Body>>, second: bool) -> NativeResult<Option<Body>> {
        let chosen = if second { b } else { a };
        Ok(chosen.map(|body| body.to_owned()).transpose()?)
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

/// A struct's instance natives get `this` as `&mut V3`, written back to C#'s value.
impl V3Natives for Game {
    fn length(this: &mut V3) -> NativeResult<f32> {
        Ok((this.x * this.x + this.y * this.y + this.z * this.z).sqrt())
    }
    fn grow(this: &mut V3, by: f32) -> NativeResult<()> {
        this.x += by;
        this.y += by;
        this.z += by;
        Ok(())
    }
    fn sum_of_parts(this: &mut V3) -> NativeResult<f32> {
        Ok(this.x + this.y + this.z)
    }
}

/// Private, internal and protected natives, static and instance, and a private property's
/// getter: all in the trait, though Rust has no binding to call them.
impl HiddenNatives for Game {
    fn twice(x: i32) -> NativeResult<i32> {
        Ok(x * 2)
    }
    fn tag(s: Option<&str>, at: &V3) -> NativeResult<Option<String>> {
        Ok(Some(format!(
            "{} ({}, {}, {})",
            s.unwrap_or_default(),
            at.x,
            at.y,
            at.z
        )))
    }
    fn bump(this: Lent<'_, Hidden>, by: i32) -> NativeResult<()> {
        let h = this.to_owned()?;
        h.set_count(h.count()? + by)?;
        Ok(())
    }
    fn peek(this: Lent<'_, Hidden>) -> NativeResult<i32> {
        Ok(this.to_owned()?.count()?)
    }
    fn scaled(this: Lent<'_, Hidden>, k: i32) -> NativeResult<i32> {
        Ok(this.to_owned()?.count()? * k)
    }
    fn get_secret(_this: Lent<'_, Hidden>) -> NativeResult<i32> {
        Ok(1234)
    }
}

/// `Body.Mass`, read reflectively: `Body` is not public, so Rust has no binding of its fields.
static BODY: TypeRef = TypeRef::new("Natives", "Nat", "Body");
static MASS: FieldRef = FieldRef::new(&BODY, "Mass");

/// Natives of types that are not public: `Physics` (static natives only: a natives host),
/// `Body` (an instance native: `this` is lent as the member-less handle `Body`) and the
/// private nested `Hidden/Vault`.
impl PhysicsNatives for Game {
    fn gravity() -> NativeResult<f32> {
        Ok(-9.5)
    }
    fn fall(at: &mut V3, dt: f32) -> NativeResult<()> {
        at.y += Self::gravity()? * dt;
        Ok(())
    }
}

impl BodyNatives for Game {
    fn inspect(this: Lent<'_, Body>, extra: i32) -> NativeResult<Option<String>> {
        let this = this.to_object()?;
        Ok(Some(format!(
            "{} {} +{extra}",
            this.to_string()?.unwrap_or_default(),
            this.type_name()?
        )))
    }
    fn mass_of(b: Option<Lent<'_, Body>>) -> NativeResult<i32> {
        match b {
            Some(b) => Ok(MASS.get::<i32>(Some(&b.to_owned()?))?),
            None => Ok(-1),
        }
    }
}

impl Hidden_VaultNatives for Game {
    fn open(code: Option<&str>) -> NativeResult<i32> {
        Ok(code.map_or(0, |c| c.len() as i32 * 10))
    }
}

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

/// What the bindings' start said before the natives were installed (see [`setup`]).
struct Refusals {
    /// `init()` with no native installed.
    none: Error,
    /// `init_with_natives` given all but `Partial`'s natives.
    partial: Error,
    /// `init()` after that partial attempt, which installed nothing.
    after_partial: Error,
}

static REFUSALS: OnceLock<Refusals> = OnceLock::new();

/// Starts the bindings once for every test of this binary. First, with no native installed,
/// `init()` and an incomplete `init_with_natives` must refuse ([`REFUSALS`], checked by
/// `init_refuses_to_start_until_every_native_is_installed`); then every native is installed.
fn setup() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        managed_tests::runtime();
        let none = managed_tests::natives::init().expect_err("init() without the natives");
        let partial = managed_tests::natives::init_with_natives([
            Natives::natives::<Game>(),
            Entity::natives::<Game>(),
            V3::natives::<Game>(),
            Hidden::natives::<Game>(),
            Physics::natives::<Game>(),
            Body::natives::<Game>(),
            Hidden_Vault::natives::<Game>(),
        ])
        .expect_err("an incomplete set");
        let after_partial = managed_tests::natives::init().expect_err("nothing was installed");
        let _ = REFUSALS.set(Refusals {
            none,
            partial,
            after_partial,
        });
        managed_tests::natives::init_with_natives([
            Natives::natives::<Game>(),
            Entity::natives::<Game>(),
            Partial::natives::<Game>(),
            V3::natives::<Game>(),
            Hidden::natives::<Game>(),
            Physics::natives::<Game>(),
            Body::natives::<Game>(),
            Hidden_Vault::natives::<Game>(),
        ])
        .unwrap();
    });
}

#[test]
fn init_refuses_to_start_until_every_native_is_installed() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    let refusals = REFUSALS.get().expect("setup ran the refusals first");
    let declared = load_fixture("Natives").internal_call_names().unwrap();
    assert!(declared.len() > 40, "{declared:?}");
    assert_eq!(managed_tests::natives::NATIVE_ASSEMBLIES, ["Natives"]);
    // Every declared native named, none forgotten.
    let Error::NativesNotInstalled { assemblies, missing } = &refusals.none else {
        panic!("{:?}", refusals.none);
    };
    assert_eq!(&assemblies[..], ["Natives"]);
    assert_eq!(&missing[..], &declared[..]);
    let text = refusals.none.to_string();
    assert!(
        text.starts_with("natives of Natives are not installed: Nat.V3::Length(), ")
            && text.contains("Nat.Natives::Add(int,int), ")
            && text.contains("Nat.Partial::Three(Nat.V3&)")
            && text.contains("init_with_natives"),
        "{text}"
    );
    // An incomplete set names what it lacks, and installs nothing: init() still refuses, the same way.
    assert!(
        matches!(&refusals.partial, Error::NativesMismatch { missing, unexpected, .. }
            if missing[..] == ["Nat.Partial::One()", "Nat.Partial::Two(string)", "Nat.Partial::Three(Nat.V3&)"]
                && unexpected.is_empty()),
        "{:?}",
        refusals.partial
    );
    assert_eq!(refusals.after_partial, refusals.none);
    // Installed, C# calls them and init() is content.
    managed_tests::natives::init().unwrap();
    assert_eq!(Driver::run().unwrap().as_deref(), Some("ok"));
}

#[test]
fn csharp_calls_every_kind_of_native() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    assert_eq!(Driver::run().unwrap().as_deref(), Some("ok"));
}

#[test]
fn csharp_calls_natives_that_are_not_public() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    let h = Hidden::new().unwrap();
    assert_eq!(h.run().unwrap().as_deref(), Some("ok"));
    // `Bump` ran from C# through the Rust implementation, on this very object.
    assert_eq!(h.count().unwrap(), 7);
}

#[test]
fn csharp_calls_natives_of_types_that_are_not_public() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    assert_eq!(Driver::run_non_public().unwrap().as_deref(), Some("ok"));
    // A `Body` is a managed object C# made: casts to its handle are checked.
    let body = Driver::make_body(8).unwrap().expect("a body");
    let typed: Body = body.cast().unwrap();
    assert_eq!(MASS.get::<i32>(Some(&typed)).unwrap(), 8);
    let entity = Entity::new("not a body", 1).unwrap();
    let err = entity.as_object().cast::<Body>().unwrap_err();
    assert!(matches!(err, Error::InvalidCast { .. }), "{err:?}");
}

#[test]
fn rust_calls_natives_through_the_generated_bindings() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    assert_eq!(Natives::add(2, 3).unwrap(), 5);
    let mut v = V3 { x: 0.0, y: 3.0, z: 4.0 };
    Natives::normalize(&mut v).unwrap();
    assert_eq!((v.y, v.z), (0.6, 0.8));
    assert_eq!(Natives::split(&V3 { x: 1.0, y: 2.0, z: 3.0 }).unwrap().0, 1.0);
    assert_eq!(Natives::echo("x").unwrap().as_deref(), Some("x!"));
    let e = Natives::spawn("imp", 9).unwrap().unwrap();
    assert_eq!(Natives::health_of(Some(&e)).unwrap(), 9);
    e.hit(4).unwrap();
    assert_eq!(e.health().unwrap(), 5);
    assert_eq!(e.describe().unwrap().as_deref(), Some("imp (5)"));
    assert_eq!(Driver::hit_new(10, 3).unwrap(), 7);
    assert_eq!(Partial::two("abc").unwrap(), 6);
    // A struct's instance natives, called from Rust: `this` is the Rust value.
    let mut g = V3 { x: 3.0, y: 4.0, z: 0.0 };
    assert_eq!(g.length().unwrap(), 5.0);
    g.grow(1.0).unwrap();
    assert_eq!((g.x, g.y, g.z), (4.0, 5.0, 1.0));
    assert_eq!(g.total().unwrap(), 10.0);
    // `[In] ref` parameters are shared borrows.
    let (a, b) = (V3 { x: 1.0, y: 2.0, z: 3.0 }, V3 { x: 4.0, y: 5.0, z: 6.0 });
    assert_eq!(Natives::dot(&a, &b, &3).unwrap(), 96.0);
    assert_eq!((a.x, b.z), (1.0, 6.0));
}

#[test]
fn an_err_and_a_panic_become_managed_exceptions_at_the_call_site() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    assert_eq!(
        Driver::catch(0, "no such spell").unwrap().as_deref(),
        Some("System.ArgumentException: no such spell")
    );
    assert_eq!(
        Driver::catch(1, "boom").unwrap().as_deref(),
        Some("Cilbind.RustPanicException: boom (in native Nat.Natives::Panic(string))")
    );
    // Called from Rust, the exception comes back as an error.
    let err = Natives::fail("from rust").unwrap_err();
    assert!(
        matches!(&err, Error::ManagedException { type_name, message, .. }
            if type_name == "System.ArgumentException" && message == "from rust"),
        "{err:?}"
    );
}

#[test]
fn a_lent_object_kept_as_a_handle_survives_a_collection() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    Driver::hand_over("kept").unwrap();
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
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    let err = load_fixture("Natives")
        .install_natives([
            Natives::natives::<Game>(),
            Entity::natives::<Game>(),
            V3::natives::<Game>(),
            Hidden::natives::<Game>(),
            Physics::natives::<Game>(),
            Body::natives::<Game>(),
            Hidden_Vault::natives::<Game>(),
        ])
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
            V3::natives::<Game>(),
            Hidden::natives::<Game>(),
            Physics::natives::<Game>(),
            Body::natives::<Game>(),
            Hidden_Vault::natives::<Game>(),
        ])
        .unwrap();
    let _ = NativeTable::default();
}

#[test]
fn natives_of_types_that_are_not_public_are_required_too() {
    if managed_tests::not_on_coreclr(managed_tests::mono_only::INTERNAL_CALLS) {
        return;
    }
    setup();
    let err = load_fixture("Natives")
        .install_natives([
            Natives::natives::<Game>(),
            Entity::natives::<Game>(),
            Partial::natives::<Game>(),
            V3::natives::<Game>(),
            Hidden::natives::<Game>(),
        ])
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
            "Nat.Hidden/Vault::Open(string)",
            "Nat.Physics::Gravity()",
            "Nat.Physics::Fall(Nat.V3&,single)",
            "Nat.Body::Inspect(int)",
            "Nat.Body::MassOf(Nat.Body)",
        ]
    );
    assert!(unexpected.is_empty() && rebound.is_empty());
}

#[test]
fn internal_calls_are_refused_on_coreclr_naming_each_and_the_form_that_works() {
    if !managed_tests::on_coreclr() {
        // Mono binds them: every other test of this file.
        return;
    }
    managed_tests::runtime();
    let declared = load_fixture("Natives").internal_call_names().unwrap();
    assert!(declared.len() > 40, "{declared:?}");
    for err in [
        managed_tests::natives::init().unwrap_err(),
        managed_tests::natives::init_with_natives([Natives::natives::<Game>(), Partial::natives::<Game>()])
            .unwrap_err(),
        load_fixture("Natives")
            .install_natives([Natives::natives::<Game>()])
            .unwrap_err(),
    ] {
        let Error::Unsupported(text) = &err else {
            panic!("{err:?}");
        };
        assert!(
            text.starts_with("natives of Natives are declared [MethodImpl(MethodImplOptions.InternalCall)]")
                && text.contains("Declare each [DllImport(\"__Internal\")] static extern instead"),
            "{text}"
        );
        for name in &declared {
            assert!(text.contains(name.as_str()), "{name} in {text}");
        }
    }
    // Nothing was installed: C# still cannot call them.
    assert!(Driver::run().is_err());
}
