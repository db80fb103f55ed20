//! `ref`/`out` object slots in generated bindings (`fixtures/RefObjects.cs` and mscorlib's
//! `Interlocked` and `Volatile`): `ref T` of a generic method's `class`-constrained type
//! parameter is `&mut Option<T>`, and `ref`/`out` of an array `&mut Option<handle>` / a result.
//! The callee reads the slot's object and what it leaves there comes back to Rust (the same
//! object, checked by identity and by what C# reads from it).

use cilbind::{Array, NetString, ObjectArray, Reference};
use managed_tests::ref_objects::ref_objects::{Leaf, Node, Slots};

/// Generated bindings of mscorlib's `System.Threading.Interlocked` and `Volatile`.
#[allow(dead_code, clippy::all)]
mod corlib {
    include!(concat!(env!("OUT_DIR"), "/corlib_interlocked_bindings.rs"));
}

fn setup() {
    managed_tests::start_with(managed_tests::ref_objects::init);
}

fn id(slot: &Option<Node>) -> i32 {
    slot.as_ref().expect("a node in the slot").get_id().unwrap()
}

#[test]
fn a_class_constrained_ref_t_passes_the_slot_and_takes_back_what_the_callee_left() {
    setup();
    let (a, b) = (Node::new(1).unwrap(), Node::new(2).unwrap());
    let mut slot = Some(a.clone());
    let old = Slots::swap::<Node>(&mut slot, Some(&b)).unwrap();
    assert!(old
        .as_ref()
        .unwrap()
        .as_object()
        .reference_equals(a.as_object())
        .unwrap());
    assert!(slot
        .as_ref()
        .unwrap()
        .as_object()
        .reference_equals(b.as_object())
        .unwrap());
    assert_eq!(id(&slot), 2);
    // From null to an object and back.
    let mut empty: Option<Node> = None;
    assert!(Slots::swap::<Node>(&mut empty, Some(&a)).unwrap().is_none());
    assert_eq!(id(&empty), 1);
    assert_eq!(Slots::take::<Node>(&mut empty).unwrap(), 1);
    assert!(empty.is_none());
    // Another reference type argument: the method is instantiated for it.
    let mut leaf = Some(Leaf::new(7).unwrap());
    assert_eq!(Slots::take::<Leaf>(&mut leaf).unwrap(), 7);
    assert!(leaf.is_none());
    let mut text = Some(NetString::new("x").unwrap());
    assert_eq!(Slots::take::<NetString>(&mut text).unwrap(), -1);
    assert!(text.is_none());
}

#[test]
fn ref_and_out_arrays_come_back_as_the_callee_s_new_array() {
    setup();
    let mut bytes = Some(Array::<u8>::from_slice(&[1, 2, 3]).unwrap());
    Slots::grow(&mut bytes, 9).unwrap();
    assert_eq!(bytes.as_ref().unwrap().to_vec().unwrap(), [1, 2, 3, 9, 9]);
    let mut none: Option<Array<u8>> = None;
    Slots::grow(&mut none, 4).unwrap();
    assert_eq!(none.unwrap().to_vec().unwrap(), [4, 4]);
    // `ref T[]` of a type parameter: the type argument's array handle.
    let mut ints = Some(Array::<i32>::from_slice(&[5, 6, 7, 8]).unwrap());
    Slots::resize::<i32>(&mut ints, 2).unwrap();
    assert_eq!(ints.as_ref().unwrap().to_vec().unwrap(), [5, 6]);
    Slots::resize::<i32>(&mut ints, 3).unwrap();
    assert_eq!(ints.unwrap().to_vec().unwrap(), [5, 6, 0]);
    let n = Node::new(3).unwrap();
    let mut nodes: Option<ObjectArray<Node>> = Some(ObjectArray::from_items(&[Some(&n)]).unwrap());
    Slots::resize::<Node>(&mut nodes, 2).unwrap();
    let nodes = nodes.unwrap().to_vec().unwrap();
    assert_eq!(nodes.len(), 2);
    assert!(nodes[0]
        .as_ref()
        .unwrap()
        .as_object()
        .reference_equals(n.as_object())
        .unwrap());
    assert!(nodes[1].is_none());
    // `out Node[]`: part of the result.
    let fetched = Slots::fetch(3).unwrap().unwrap().to_vec().unwrap();
    let ids: Vec<i32> = fetched.iter().map(|n| n.as_ref().unwrap().get_id().unwrap()).collect();
    assert_eq!(ids, [0, 1, 2]);
    let mut names = Some(ObjectArray::<NetString>::from_items(&[]).unwrap());
    Slots::clear(&mut names).unwrap();
    assert!(names.is_none());
}

#[test]
fn mscorlib_interlocked_and_volatile_of_a_reference_type() {
    setup();
    corlib::init().expect("mscorlib bindings load");
    use corlib::system::threading::{Interlocked, Volatile};
    let (a, b, c) = (Node::new(10).unwrap(), Node::new(20).unwrap(), Node::new(30).unwrap());
    let mut slot = Some(a.clone());
    let old = Interlocked::exchange_ref_t_t::<Node>(&mut slot, Some(&b)).unwrap();
    assert_eq!(id(&old), 10);
    assert_eq!(id(&slot), 20);
    // CompareExchange replaces only when the slot holds the comparand (by identity).
    let seen = Interlocked::compare_exchange_ref_t_t_t::<Node>(&mut slot, Some(&c), Some(&a)).unwrap();
    assert_eq!((id(&seen), id(&slot)), (20, 20));
    let seen = Interlocked::compare_exchange_ref_t_t_t::<Node>(&mut slot, Some(&c), Some(&b)).unwrap();
    assert_eq!((id(&seen), id(&slot)), (20, 30));
    assert_eq!(id(&Volatile::read_ref_t::<Node>(&mut slot).unwrap()), 30);
    Volatile::write_ref_t_t::<Node>(&mut slot, Some(&a)).unwrap();
    assert_eq!(id(&slot), 10);
}

#[test]
fn ref_t_of_any_type_argument_is_the_value_the_callee_leaves() {
    setup();
    use managed_tests::ref_objects::ref_objects::{Named, Pt};
    // Primitives, as their values.
    let (mut a, mut b) = (3i32, -4i32);
    Slots::exchange::<i32>(&mut a, &mut b).unwrap();
    assert_eq!((a, b), (-4, 3));
    let (mut x, mut y) = (true, false);
    Slots::exchange::<bool>(&mut x, &mut y).unwrap();
    assert_eq!((x, y), (false, true));
    let mut f = 2.5f64;
    assert_eq!(Slots::reset::<f64>(&mut f).unwrap().as_deref(), Some("2.5"));
    assert_eq!(f, 0.0);
    // A full struct (a box the callee writes into).
    let (mut p, mut q) = (Pt { x: 1, y: 2 }, Pt { x: -7, y: 9 });
    Slots::exchange::<Pt>(&mut p, &mut q).unwrap();
    assert_eq!((p, q), (Pt { x: -7, y: 9 }, Pt { x: 1, y: 2 }));
    assert_eq!(Slots::reset::<Pt>(&mut p).unwrap().as_deref(), Some("(-7, 9)"));
    assert_eq!(p, Pt { x: 0, y: 0 });
    // A managed struct: the Rust value is replaced by the callee's (a new handle).
    let mut named = Named::default_value().unwrap();
    named.set_name(Some("ada")).unwrap();
    named.set_rank(3).unwrap();
    let mut other = Named::default_value().unwrap();
    Slots::exchange::<Named>(&mut named, &mut other).unwrap();
    assert_eq!((named.name().unwrap(), named.rank().unwrap()), (None, 0));
    assert_eq!(
        (other.name().unwrap().as_deref(), other.rank().unwrap()),
        (Some("ada"), 3)
    );
    assert_eq!(Slots::reset::<Named>(&mut other).unwrap().as_deref(), Some("ada#3"));
    assert_eq!((other.name().unwrap(), other.rank().unwrap()), (None, 0));
    // References: the same objects, swapped; null in and out.
    let (n1, n2) = (Node::new(1).unwrap(), Node::new(2).unwrap());
    let (mut s1, mut s2) = (Some(n1.clone()), Some(n2.clone()));
    Slots::exchange::<Node>(&mut s1, &mut s2).unwrap();
    assert!(s1
        .as_ref()
        .unwrap()
        .as_object()
        .reference_equals(n2.as_object())
        .unwrap());
    assert!(s2
        .as_ref()
        .unwrap()
        .as_object()
        .reference_equals(n1.as_object())
        .unwrap());
    assert_eq!(Slots::reset::<Node>(&mut s1).unwrap().as_deref(), Some("Node2"));
    assert!(s1.is_none());
    let mut none: Option<Node> = None;
    assert_eq!(Slots::reset::<Node>(&mut none).unwrap().as_deref(), Some("null"));
}
