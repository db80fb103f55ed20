//! A stale handle stays an error after its slot is reused by another object.
//!
//! Its own test binary: the check needs the object store to itself, since a handle made by a test
//! running beside it on another thread could take the freed slot first.

use cilbind::{Boxing, Error, Int32, Object, ObjectStore};
use managed_tests::load_fixture;

#[test]
fn a_stale_handle_is_an_error_even_after_its_slot_is_reused() {
    load_fixture("Basics");
    let first = Int32(1).box_as::<Object>().unwrap();
    let stale_key = first.key();
    drop(first);
    assert!(!ObjectStore::contains(stale_key));
    // Allocate until the freed slot is reused (slotmap reuses the most recently freed slot).
    let others: Vec<Object> = (0..64).map(|i| Int32(i).box_as::<Object>().unwrap()).collect();
    let reused = others
        .iter()
        .any(|o| format!("{:?}", o.key()).split('v').next() == format!("{stale_key:?}").split('v').next());
    assert!(reused, "some new handle reuses the released slot index");
    assert_eq!(Object::from_key(stale_key).unwrap_err(), Error::StaleHandle);
    assert_eq!(ObjectStore::class_of(stale_key).unwrap_err(), Error::StaleHandle);
    // A live key still works, and a clone is the same object.
    let k = others[3].key();
    let again = Object::from_key(k).unwrap();
    assert!(again.reference_equals(&others[3]).unwrap());
    assert_eq!(again.unbox::<Int32>().unwrap(), Int32(3));
}
