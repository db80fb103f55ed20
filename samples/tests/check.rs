//! `cilbind::check` on the game's own types (managed/Arena.cs), through bindings generated
//! with `Builder::quickcheck(true)` (build.rs: `arena_checked_bindings.rs`): `Vector3` and
//! `Quaternion` box and unbox bit for bit and their translated math equals Mono's; the
//! `Team` and `EntityFlags` enums round-trip declared and unnamed values; a `RaycastHit`
//! (a managed struct: no `Arbitrary` of its own) keeps what its field setters write.

use cilbind::check::{self, Checker};
use cilbind_samples::Features;

/// The game's types with `cilbind::check`'s impls.
#[allow(dead_code, missing_docs, clippy::all)]
mod checked {
    include!(concat!(env!("OUT_DIR"), "/arena_checked_bindings.rs"));
}

use checked::arena::{EntityFlags, Quaternion, RaycastHit, Team, Vector3};

fn setup() {
    // The sample's own start: loads Arena.dll and installs the natives it declares, which
    // these bindings' `init` requires.
    cilbind_samples::init(&Features::ALL).expect("the game starts");
    checked::init().expect("the checked bindings load");
}

#[test]
fn vectors_and_quaternions_box_and_compute_as_mono_does() -> Result<(), check::Failure> {
    setup();
    check::box_to_each::<Vector3>()?;
    check::box_to_each::<Quaternion>()?;
    let methods = check::translated_methods::<Vector3>()? + check::translated_methods::<Quaternion>()?;
    // Vector3: the constructor, Add, Sub, Scale, Cross, Dot, SqrMagnitude, Magnitude;
    // Quaternion: the constructor, Multiply, Rotate (FromYaw calls Math.Sin: not translated).
    assert_eq!(methods, 11, "translated methods checked");
    Ok(())
}

#[test]
fn enums_round_trip_declared_and_unnamed_values() -> Result<(), check::Failure> {
    setup();
    // Enough cases that unnamed values and every flag combination occur.
    let c = Checker::new().cases(1000);
    let targets = c.box_to_each::<Team>()? + c.box_to_each::<EntityFlags>()?;
    // Each boxes to Object, ValueType, Enum, IComparable, IFormattable, IConvertible.
    assert_eq!(targets, 12);
    Ok(())
}

#[test]
fn a_raycast_hit_keeps_what_its_setters_write() -> Result<(), check::Failure> {
    setup();
    let hit = RaycastHit::default_value().expect("a default RaycastHit");
    check::field_round_trip("RaycastHit.Point", |v| hit.set_point(*v), || hit.point())?;
    check::field_round_trip("RaycastHit.Distance", |v| hit.set_distance(*v), || hit.distance())?;
    Ok(())
}
