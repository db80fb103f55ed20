//! The start-up check of the function table (GZDoom's rule): bindings generated from
//! `fixtures/versions/v1/Versioned.cs`, initialised against the assembly compiled from
//! `v2/Versioned.cs`, refuse to start, listing every missing method and every changed one with
//! both signatures, all in one error; the methods that still match are in the database and
//! can be called by ID.

use cilbind::{call_by_id, ChangedMethod, Error, FunctionDb, FunctionId, Value};

mod versioned {
    include!(concat!(env!("OUT_DIR"), "/versioned_bindings.rs"));
}

fn changed(bound: &str, found: &str) -> ChangedMethod {
    ChangedMethod {
        bound: bound.into(),
        found: vec![found.to_string()].into(),
    }
}

#[test]
fn init_against_a_changed_assembly_lists_every_missing_and_changed_method() {
    // v2 first: init() keeps an assembly already loaded under the same name.
    let v2 = std::path::Path::new(env!("FIXTURES_DIR")).join("versions/v2/Versioned.dll");
    managed_tests::runtime().load_assembly(&v2).unwrap();
    let expected = Error::FunctionsMismatch {
        missing: vec![
            "[Versioned]Versioned.Gone::.ctor()->System.Void (class Versioned.Gone not found in assembly Versioned)"
                .to_string(),
            "[Versioned]Versioned.Gone::Run()->System.Void (class Versioned.Gone not found in assembly Versioned)"
                .to_string(),
            "[Versioned]Versioned.Shop::Discount(System.Int32,System.Int32)->System.Int32".to_string(),
            "[Versioned]Versioned.Shop::Restock()->System.Void".to_string(),
        ]
        .into(),
        changed: vec![
            changed(
                "[Versioned]Versioned.Shop.Shelf::Count()->System.Int32",
                "[Versioned]Versioned.Shop.Shelf::Count(System.Int32)->System.Int32",
            ),
            changed(
                "[Versioned]Versioned.Shop::Name()->System.String",
                "[Versioned]Versioned.Shop::Name()->System.Int32",
            ),
            changed(
                "[Versioned]Versioned.Shop::Stock(System.Int32)->System.Int32",
                "[Versioned]Versioned.Shop::Stock(System.Int64)->System.Int32",
            ),
        ]
        .into(),
    };
    let err = versioned::init().expect_err("start-up is refused");
    assert_eq!(err, expected);
    let text = err.to_string();
    assert!(
        text.starts_with("the bound methods do not match the loaded assemblies: 4 missing, 3 changed\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\nchanged: [Versioned]Versioned.Shop::Stock(System.Int32)->System.Int32 is now \
             [Versioned]Versioned.Shop::Stock(System.Int64)->System.Int32"
        ),
        "{text}"
    );
    assert!(
        text.contains("\nmissing: [Versioned]Versioned.Shop::Restock()->System.Void"),
        "{text}"
    );
    // Refused again, the same way, by init() and by the re-check.
    assert_eq!(versioned::init(), Err(expected.clone()));
    assert_eq!(FunctionDb::check(), Err(expected));

    // What still matches is registered and callable by ID (a nested type's method too); what
    // is missing is registered, and its use is the lookup's error.
    let price = FunctionId::of_signature("[Versioned]Versioned.Shop::Price(System.Int32)->System.Int32");
    assert!(matches!(
        call_by_id(price, None, &mut [Value::Int32(21)]),
        Ok(Value::Int32(42))
    ));
    let size = FunctionId::of_signature("[Versioned]Versioned.Shop.Shelf::Size()->System.Int32");
    assert!(matches!(call_by_id(size, None, &mut []), Ok(Value::Int32(5))));
    let restock = FunctionId::of_signature("[Versioned]Versioned.Shop::Restock()->System.Void");
    assert!(FunctionDb::get(restock).is_some());
    assert!(matches!(
        call_by_id(restock, None, &mut []),
        Err(Error::MethodNotFound { .. })
    ));
    // The generated binding of a changed method fails on its call too.
    assert!(versioned::versioned::Shop::stock(1).is_err());
}
