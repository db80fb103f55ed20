//! The internal calls an assembly declares, as Mono names them (the names generated native
//! tables must carry), and the refusal of an incomplete set before anything is registered.

use cilbind::native::NativeTable;
use cilbind::Error;
use managed_tests::load_fixture;

#[test]
fn internal_calls_are_listed_with_their_signatures() {
    let names = load_fixture("Natives").internal_call_names().unwrap();
    for expected in [
        "Nat.Entity::Hit(int)",
        "Nat.Entity::Describe()",
        "Nat.Natives::Add(int,int)",
        "Nat.Natives::Flip(bool)",
        "Nat.Natives::Mix(long,double,byte,int16,char,uint,sbyte,uint16,ulong)",
        "Nat.Natives::Next(Nat.Mood)",
        "Nat.Natives::Scale(Nat.V3,single)",
        "Nat.Natives::Normalize(Nat.V3&)",
        "Nat.Natives::Split(Nat.V3,single&,Nat.V3&)",
        "Nat.Natives::TryName(int,string&)",
        "Nat.Natives::Replace(Nat.Entity&)",
        "Nat.Natives::Sum(int[])",
        "Nat.Natives::Join(string[])",
        "Nat.Partial::Three(Nat.V3&)",
    ] {
        assert!(names.iter().any(|n| n == expected), "{expected} not in {names:#?}");
    }
    assert_eq!(names.len(), 27, "{names:#?}");
}

#[test]
fn an_empty_set_of_natives_is_refused_listing_every_one() {
    let assembly = load_fixture("Natives");
    let err = assembly.install_natives([NativeTable::default()]).unwrap_err();
    let Error::NativesMismatch {
        missing,
        unexpected,
        rebound,
        ..
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!(missing.len(), 27);
    assert!(unexpected.is_empty() && rebound.is_empty());
    assert!(err.to_string().contains("missing: Nat.Entity::Hit(int), "), "{err}");
}
