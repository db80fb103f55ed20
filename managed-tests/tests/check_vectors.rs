//! `cilbind::check` on bindings of an assembly nobody here wrote, Mono's
//! System.Numerics.Vectors, generated with `Builder::quickcheck(true)` (build.rs:
//! `vectors_checked_bindings.rs`): every struct's box round trips (as `Object` and through
//! each type it boxes to) and every translated method against Mono, 10,000 cases each; and
//! the same check catching a translation broken on purpose (build.rs flips a sign of
//! `Vector3.Add` in `vectors_broken_bindings.rs`), with a shrunk counter-example that names
//! the method.

use cilbind::check::{self, Checker};

/// The bindings with `cilbind::check`'s impls.
#[allow(dead_code, clippy::all)]
mod bindings {
    include!(concat!(env!("OUT_DIR"), "/vectors_checked_bindings.rs"));
}

/// Vector3 alone, its translated `add` subtracting `x`.
#[allow(dead_code, clippy::all)]
mod broken {
    include!(concat!(env!("OUT_DIR"), "/vectors_broken_bindings.rs"));
}

/// The same two of CoreCLR's own build of System.Numerics.Vectors (build/coreclr_library.rs),
/// which runs translated beside it: the checks run these on CoreCLR.
#[allow(dead_code, clippy::all)]
mod coreclr_bindings {
    include!(concat!(env!("OUT_DIR"), "/vectors_checked_coreclr_bindings.rs"));
}

#[allow(dead_code, clippy::all)]
mod coreclr_broken {
    include!(concat!(env!("OUT_DIR"), "/vectors_broken_coreclr_bindings.rs"));
}

use bindings::system::numerics::{Matrix3x2, Matrix4x4, Plane, Quaternion, Vector2, Vector3, Vector4};

/// The Done-when figure of issue 32: 10,000 cases per check (per method for the translated
/// ones).
fn checker() -> Checker {
    managed_tests::start_with(bindings::init);
    Checker::new().cases(10_000)
}

/// The README's "Property tests of your own types".
#[test]
fn the_readme_checks_vector3() -> Result<(), Box<dyn std::error::Error>> {
    // README: begin
    use bindings::system::numerics::Vector3;
    use cilbind::check;

    bindings::init()?;
    check::box_to_each::<Vector3>()?; // as Object, ValueType, IEquatable<Vector3>… and back
    check::translated_methods::<Vector3>()?; // each method translated into Rust against Mono's
                                             // README: end
    Ok(())
}

#[test]
fn every_struct_round_trips_through_every_box() -> Result<(), check::Failure> {
    let c = checker();
    // The structs box to Object, ValueType, IEquatable<T> and (all but Plane) IFormattable.
    let targets = [
        c.box_to_each::<Vector2>()?,
        c.box_to_each::<Vector3>()?,
        c.box_to_each::<Vector4>()?,
        c.box_to_each::<Quaternion>()?,
        c.box_to_each::<Plane>()?,
        c.box_to_each::<Matrix3x2>()?,
        c.box_to_each::<Matrix4x4>()?,
    ];
    assert!(
        targets.iter().all(|&n| n >= 3),
        "boxing targets per struct: {targets:?}"
    );
    c.box_round_trip::<Vector3>()?;
    c.box_round_trip::<Matrix4x4>()?;
    Ok(())
}

/// Checks every translated method of the bindings module `$m` that runs translated where the
/// test runs (`$name` names build.rs's lists for it), and asserts none is left out.
macro_rules! every_translated_method {
    ($m:ident, $name:literal) => {{
        use $m::system::numerics::{Matrix3x2, Matrix4x4, Plane, Quaternion, Vector2, Vector3, Vector4};
        managed_tests::start_with($m::init);
        let builds = include_str!(concat!(env!("OUT_DIR"), "/translated_builds_", $name, ".txt"));
        // On CoreCLR, what follows mscorlib (answers only Mono gives) runs managed.
        let running: Vec<&str> = builds
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .filter(|(_, b)| !managed_tests::on_coreclr() || !b.split(',').any(|a| a == "mscorlib"))
            .map(|(m, _)| m)
            .collect();
        let c = Checker::new().cases(10_000);
        let checked = [
            c.translated_methods_where::<Vector2>(|m| running.contains(&m.name()))?,
            c.translated_methods_where::<Vector3>(|m| running.contains(&m.name()))?,
            c.translated_methods_where::<Vector4>(|m| running.contains(&m.name()))?,
            c.translated_methods_where::<Quaternion>(|m| running.contains(&m.name()))?,
            c.translated_methods_where::<Plane>(|m| running.contains(&m.name()))?,
            c.translated_methods_where::<Matrix3x2>(|m| running.contains(&m.name()))?,
            c.translated_methods_where::<Matrix4x4>(|m| running.contains(&m.name()))?,
        ];
        // Every translated method that runs translated here has its managed twin in the tables.
        assert_eq!(checked.iter().sum::<usize>(), running.len(), "{checked:?}");
        assert!(running.len() >= 180, "{builds}");
        // `Invert(matrix, out result)`: an `out` parameter, returned with the result.
        for method in ["Matrix3x2::invert", "Matrix4x4::invert"] {
            assert!(running.contains(&method), "{method}:\n{builds}");
        }
        Ok(())
    }};
}

#[test]
fn every_translated_method_equals_the_managed_one() -> Result<(), check::Failure> {
    if managed_tests::on_coreclr() {
        assert!(coreclr_bindings::__TRANSLATION_1.holds() && coreclr_bindings::__TRANSLATION_2.holds());
        every_translated_method!(coreclr_bindings, "vectors_checked_coreclr")
    } else {
        assert!(bindings::__TRANSLATION.holds());
        every_translated_method!(bindings, "vectors")
    }
}

/// What the checks find in a translation broken on purpose (`Vector3.Add` subtracting `x`),
/// from the bindings module `$m`; `$managed` is how the failure shows the runtime's result.
macro_rules! a_broken_translation {
    ($m:ident, $managed:literal) => {{
        managed_tests::start_with($m::init);
        let failure = Checker::new()
            .cases(10_000)
            .translated_methods::<$m::system::numerics::Vector3>()
            .expect_err("Vector3.Add subtracts x");
        let message = failure.message();
        for part in [
            "1 of the ",
            "Vector3::add differs from the managed method",
            "C#: public static Vector3 Add(Vector3 left, Vector3 right)",
            "translated (Rust): Vector3 {",
            $managed,
            ".NET ToString: \"<",
            "shrunk in ",
        ] {
            assert!(message.contains(part), "{part:?} is not in:\n{message}");
        }
        // Shrunk: the counter-example's y and z (which `add` still adds right) are 0.
        let input = message
            .lines()
            .find_map(|l| l.trim().strip_prefix("input: "))
            .expect("the input is shown");
        assert_eq!(input.matches("y: 0.0").count(), 2, "{message}");
        assert_eq!(input.matches("z: 0.0").count(), 2, "{message}");
    }};
}

#[test]
fn a_broken_translation_is_caught_shrunk_and_named() {
    if managed_tests::on_coreclr() {
        a_broken_translation!(coreclr_broken, "managed (CoreCLR): Vector3 {")
    } else {
        a_broken_translation!(broken, "managed (Mono):    Vector3 {")
    }
}
