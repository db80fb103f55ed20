//! `Builder::type_name`: a full metadata name selects that type and the types nested in it;
//! beside namespaces, a type is bound when either selects it.

use super::common;
use crate::Builder;

fn bound(b: Builder) -> Vec<String> {
    let mut names: Vec<String> = b
        .classified()
        .unwrap()
        .types
        .iter()
        .map(|t| t.path.metadata_name.clone())
        .collect();
    names.sort();
    names
}

#[test]
fn type_name_selects_the_type_and_its_nested_types() {
    let dll = common::fixture_dll();
    assert_eq!(
        bound(Builder::new().assembly(&dll).type_name("Fixture.Classes.Outer")),
        ["Fixture.Classes.Outer", "Fixture.Classes.Outer/Inner"]
    );
    // A nested type alone, without its enclosing type.
    assert_eq!(
        bound(Builder::new().assembly(&dll).type_name("Fixture.Classes.Outer/Inner")),
        ["Fixture.Classes.Outer/Inner"]
    );
    // Names match whole: a prefix selects nothing, which is an error naming the closest.
    let err = Builder::new()
        .assembly(&dll)
        .type_name("Fixture.Classes.Out")
        .classified()
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        err.contains("type filter `Fixture.Classes.Out` matches no public type"),
        "{err}"
    );
}

#[test]
fn type_names_and_namespaces_select_together() {
    let dll = common::fixture_dll();
    let enums = bound(Builder::new().assembly(&dll).namespace("Fixture.Enums"));
    let both = bound(
        Builder::new()
            .assembly(&dll)
            .namespace("Fixture.Enums")
            .type_name("Fixture.Classes.Outer"),
    );
    let mut expected = enums.clone();
    expected.extend([
        "Fixture.Classes.Outer".to_string(),
        "Fixture.Classes.Outer/Inner".to_string(),
    ]);
    expected.sort();
    assert_eq!(both, expected);
    assert!(enums.iter().all(|n| n.starts_with("Fixture.Enums.")));
}
