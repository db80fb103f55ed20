//! `ref` returns through generated bindings: each gives a copy of the referenced value, read
//! by the trampoline before it returns (`RETURN_DEREF`); the managed location stays where it
//! is, and changing it later does not change the copy.

use cilbind::{NetString, Reference};
use managed_tests::ref_returns::ref_returns::{Counter, Item, Point, Slots, Store};

fn start() {
    managed_tests::load_fixture("RefReturns");
}

#[test]
fn primitives_structs_strings_and_objects_are_copied_out() {
    start();
    let store = Store::new().unwrap();
    assert_eq!(
        [store.at(0).unwrap(), store.at(1).unwrap(), store.at(2).unwrap()],
        [10, 20, 30]
    );
    store.set(1, -7).unwrap();
    assert_eq!(store.at(1).unwrap(), -7);
    // An index past the end is the managed exception, as an error.
    assert!(store.at(3).is_err());

    let before = store.origin().unwrap();
    assert_eq!(before, Point { x: 0, y: 0 });
    store.r#move(3, -4).unwrap();
    assert_eq!(store.origin().unwrap(), Point { x: 3, y: -4 });
    assert_eq!(before, Point { x: 0, y: 0 }, "the earlier copy is a copy");

    assert_eq!(store.name().unwrap().as_deref(), Some("store"));
    let item: Item = store.current().unwrap().unwrap();
    assert_eq!(item.name().unwrap().as_deref(), Some("first"));
}

#[test]
fn a_static_ref_return() {
    start();
    let a = Counter::count().unwrap();
    Counter::tick().unwrap();
    assert_eq!(Counter::count().unwrap(), a + 1);
}

#[test]
fn ref_return_of_a_type_parameter() {
    start();
    let ints = Slots::<i32>::new().unwrap();
    ints.put(2, 99).unwrap();
    assert_eq!((ints.at(2).unwrap(), ints.at(0).unwrap()), (99, 0));
    let points = Slots::<Point>::new().unwrap();
    points.put(1, &Point { x: 5, y: 6 }).unwrap();
    assert_eq!(points.at(1).unwrap(), Point { x: 5, y: 6 });
    let names = Slots::<NetString>::new().unwrap();
    assert!(names.at(0).unwrap().is_none());
    names.put(0, Some(&NetString::new("slot").unwrap())).unwrap();
    let got = names.at(0).unwrap().unwrap();
    assert_eq!(got.to_string().unwrap(), "slot");
    assert!(got.as_object().class().is_ok());
}

/// Hand-written references cannot get around the copy: a `ref` return without the bit has
/// no native form, and the bit on a method that returns no `ref` is refused.
#[test]
fn the_copy_out_bit_is_checked() {
    use cilbind::{MethodRef, TypeRef, RETURN_DEREF};
    start();
    static STORE: TypeRef = TypeRef::new("RefReturns", "RefReturns", "Store");
    static RAW: MethodRef = MethodRef::new(&STORE, "At", &["System.Int32"]);
    static NOT_REF: MethodRef = MethodRef::by_pointer(&STORE, "Set", &["System.Int32", "System.Int32"], RETURN_DEREF);
    static COPIED: MethodRef = MethodRef::by_pointer(&STORE, "At", &["System.Int32"], RETURN_DEREF);
    let store = Store::new().unwrap();
    let raw: cilbind::Result<i32> = RAW.thunk().and_then(|t| t.call((store.as_object(), 0i32)));
    assert!(raw.is_err(), "a ref return without RETURN_DEREF: {raw:?}");
    let err = NOT_REF
        .thunk()
        .err()
        .expect("RETURN_DEREF on a method without a ref return");
    assert!(err.to_string().contains("RETURN_DEREF"), "{err}");
    let copied: i32 = COPIED.thunk().unwrap().call((store.as_object(), 2i32)).unwrap();
    assert_eq!(copied, 30);
}
