//! Optional parameters and `params` arrays (fixture `Defaults` in fixtures/Basics.cs): the
//! `_defaults` companion passes the metadata's default values, as a C# call that leaves the
//! parameters out; a `params T[]` parameter takes a slice.

use managed_tests::basics::fixtures::{Calls, Defaults, Team};

fn setup() {
    managed_tests::start_with(managed_tests::basics::init);
}

#[test]
fn the_defaults_companion_passes_the_declared_defaults() {
    setup();
    // C#: Describe("x") uses digits = 2, loud = false, suffix = null, scale = 1.5,
    // team = Team.Blue, mark = '*', limit = 7.
    assert_eq!(
        Defaults::describe_defaults("x").unwrap().as_deref(),
        Some("x|2|False|null|1.5|Blue|*|7")
    );
    // The full form still takes every argument.
    let full = Defaults::describe("y", 5, true, "!", 0.25, Team::RED, cilbind::Char(u16::from(b'#')), None);
    assert_eq!(full.unwrap().as_deref(), Some("y|5|True|!|0.25|Red|#|null"));
}

#[test]
fn params_arrays_take_slices() {
    setup();
    assert_eq!(Defaults::sum(1, &[2, 3, 4]).unwrap(), 10);
    assert_eq!(Defaults::sum(1, &[]).unwrap(), 1);
    assert_eq!(
        Defaults::sum_defaults(7).unwrap(),
        7,
        "a params array left out is empty"
    );
    let parts = [Some("a"), None, Some("c")];
    assert_eq!(Defaults::join("-", &parts).unwrap().as_deref(), Some("a--c"));
    assert_eq!(Defaults::join_defaults("-").unwrap().as_deref(), Some(""));
    let (dog, other) = (Calls::new_dog().unwrap().unwrap(), Calls::new_dog().unwrap().unwrap());
    let animals = [Some(&*dog), None, Some(&*other)];
    assert_eq!(Defaults::count_animals(&animals).unwrap(), 2);
}
