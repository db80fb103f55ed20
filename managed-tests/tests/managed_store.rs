//! The stores keep objects in managed slot arrays (issue 15): the collector must see those
//! references (objects held from Rust survive collections, and are found where the collector
//! moved them), and must stop seeing them once the handle is dropped (the object is then
//! collected). A test binary of its own: the live counts are process-wide.

use cilbind::{BoxAs, Int32, MethodRef, Object, ObjectStore, TypeRef};
use managed_tests::load_fixture;

static COLLECTOR: TypeRef = TypeRef::new("Store", "Fixtures", "Collector");
static COLLECT: MethodRef = MethodRef::new(&COLLECTOR, "Collect", &[]);
static WEAK: MethodRef = MethodRef::new(&COLLECTOR, "Weak", &["System.Object"]);
static IS_ALIVE: MethodRef = MethodRef::new(&COLLECTOR, "IsAlive", &["System.Object"]);
static FRESH: MethodRef = MethodRef::new(&COLLECTOR, "Fresh", &["System.Int32"]);
static FIRST: MethodRef = MethodRef::new(&COLLECTOR, "First", &["System.Object"]);

fn collect() {
    COLLECT.call::<_, ()>(()).unwrap();
}

#[test]
fn held_objects_survive_collections_and_dropped_ones_are_collected() {
    load_fixture("Store");
    // Boxes and arrays made in the nursery, across several segments of the store.
    let boxes: Vec<Object> = (0..5000).map(|i| BoxAs::<Object>::box_to(&Int32(i)).unwrap()).collect();
    let arrays: Vec<Object> = (0..3000)
        .map(|i| FRESH.call::<_, Option<Object>>((i,)).unwrap().unwrap())
        .collect();
    for _ in 0..3 {
        collect();
    }
    for (i, b) in boxes.iter().enumerate() {
        assert_eq!(
            b.unbox::<Int32>().unwrap(),
            Int32(i as i32),
            "box {i} after collections"
        );
    }
    for (i, a) in arrays.iter().enumerate() {
        assert_eq!(
            FIRST.call::<_, i32>((a,)).unwrap(),
            i as i32,
            "array {i} after collections"
        );
    }

    // Only the store references `held`; the weak reference sees whether it is collected. Made
    // on a thread that then exits: SGen scans attached threads' stacks conservatively, and a
    // stale copy of the reference left in a dead stack slot here could keep it alive.
    let weak = std::thread::spawn(|| {
        let held = FRESH.call::<_, Option<Object>>((7,)).unwrap().unwrap();
        let weak = WEAK.call::<_, Option<Object>>((&held,)).unwrap().unwrap();
        collect();
        assert!(IS_ALIVE.call::<_, bool>((&weak,)).unwrap(), "held from Rust: alive");
        assert_eq!(FIRST.call::<_, i32>((&held,)).unwrap(), 7);
        let live = ObjectStore::live();
        drop(held);
        assert_eq!(ObjectStore::live(), live - 1);
        weak
    })
    .join()
    .unwrap();
    collect();
    assert!(
        !IS_ALIVE.call::<_, bool>((&weak,)).unwrap(),
        "dropped: its slot no longer references it"
    );

    // A slot freed and reused holds the new object, never the old one.
    drop(boxes);
    let again: Vec<Object> = (0..5000)
        .map(|i| BoxAs::<Object>::box_to(&Int32(-i)).unwrap())
        .collect();
    collect();
    for (i, b) in again.iter().enumerate() {
        assert_eq!(b.unbox::<Int32>().unwrap(), Int32(-(i as i32)));
    }
}
