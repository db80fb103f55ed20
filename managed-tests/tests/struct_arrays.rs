//! Arrays of managed structs through generated bindings (`fixtures/StructArrays.cs` and
//! mscorlib's `CancellationTokenSource.CreateLinkedTokenSource(params CancellationToken[])`):
//! `cilbind::StructArray<S>` is a handle to the managed array, whose elements Rust copies in and
//! out by value; C#'s writes into the array are seen through the same handle, and element
//! stores keep their references alive across collections.

use cilbind::{Error, StructArray};
use managed_tests::struct_arrays::struct_arrays::{Tag, Tags};

/// Generated bindings of mscorlib's `System.Threading.CancellationTokenSource` (with the types it
/// mentions).
#[allow(dead_code, clippy::all)]
mod corlib {
    include!(concat!(env!("OUT_DIR"), "/corlib_cancellation_bindings.rs"));
}

fn setup() {
    managed_tests::start_with(managed_tests::struct_arrays::init);
}

fn tag(name: &str, id: i32) -> Tag {
    Tag::new(Some(name), id).unwrap()
}

#[test]
fn a_rust_built_array_of_managed_structs_reaches_csharp_by_value() {
    setup();
    let (a, b) = (tag("a", 1), tag("bee", -2));
    let array = StructArray::from_items(&[&a, &b]).unwrap();
    assert_eq!(array.len().unwrap(), 2);
    assert_eq!(Tags::describe(Some(&array)).unwrap().as_deref(), Some("a=1;bee=-2;"));
    // Elements are copies: changing `a` afterwards does not change the array.
    a.set_id(99).unwrap();
    assert_eq!(array.get(0).unwrap().id().unwrap(), 1);
    // `set` stores a copy; a default element has null and zero.
    array.set(1, &a).unwrap();
    let empty = StructArray::<Tag>::new(1).unwrap();
    assert_eq!(Tags::describe(Some(&empty)).unwrap().as_deref(), Some("null=0;"));
    assert_eq!(Tags::describe(Some(&array)).unwrap().as_deref(), Some("a=1;a=99;"));
    // C# writes into the same array.
    Tags::bump(Some(&array)).unwrap();
    let names: Vec<(Option<String>, i32)> = array
        .to_vec()
        .unwrap()
        .iter()
        .map(|t| (t.name().unwrap(), t.id().unwrap()))
        .collect();
    assert_eq!(names, [(Some("a+".into()), 2), (Some("a+".into()), 100)]);
    match array.get(2) {
        Err(Error::InvalidArgument(m)) => assert!(m.contains("out of range"), "{m}"),
        other => panic!("expected an out-of-range error, got {other:?}"),
    }
}

#[test]
fn arrays_csharp_makes_keep_their_strings_across_collections() {
    setup();
    let made = Tags::make(50).unwrap().unwrap();
    let fetched = Tags::fetch(3).unwrap().unwrap();
    // Copies stored from Rust into an old array: their new strings are referenced only there.
    for i in 0..50 {
        made.set(i, &tag(&format!("rust{i}"), i as i32)).unwrap();
    }
    for _ in 0..3 {
        managed_tests::runtime().collect_garbage();
    }
    for i in 0..50 {
        let t = made.get(i).unwrap();
        assert_eq!(
            (t.name().unwrap(), t.id().unwrap()),
            (Some(format!("rust{i}")), i as i32)
        );
    }
    assert_eq!(
        Tags::describe(Some(&fetched)).unwrap().as_deref(),
        Some("tag0=0;tag7=7;tag14=14;")
    );
}

#[test]
fn mscorlib_links_a_token_source_to_an_array_of_cancellation_tokens() {
    setup();
    corlib::init().expect("mscorlib bindings load");
    use corlib::system::threading::CancellationTokenSource as Cts;
    let (first, second) = (Cts::new().unwrap(), Cts::new().unwrap());
    let tokens = StructArray::from_items(&[&first.token().unwrap(), &second.token().unwrap()]).unwrap();
    let linked = Cts::create_linked_token_source(Some(&tokens)).unwrap().unwrap();
    assert!(!linked.is_cancellation_requested().unwrap());
    second.cancel().unwrap();
    assert!(linked.is_cancellation_requested().unwrap());
    assert!(!first.is_cancellation_requested().unwrap());
}
