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

/// How many of `weak` (weak references) still see their targets after a plain collection.
fn alive(weak: &[Object]) -> usize {
    collect();
    weak.iter().filter(|w| IS_ALIVE.call::<_, bool>((*w,)).unwrap()).count()
}

/// Makes `n` objects, each behind a handle, and a weak reference to each; drops the handles
/// and returns the weak references.
fn made_and_dropped(n: usize) -> Vec<Object> {
    let held: Vec<Object> = (0..n as i32)
        .map(|i| FRESH.call::<_, Option<Object>>((i,)).unwrap().unwrap())
        .collect();
    held.iter()
        .map(|h| WEAK.call::<_, Option<Object>>((h,)).unwrap().unwrap())
        .collect()
}

/// What a thread's cache of vacant slots may hold at most (`store/thread_slots.rs`).
const CACHED: usize = 64;

/// The tests count process-wide live handles: one at a time.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn held_objects_survive_collections_and_dropped_ones_are_collected() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
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

/// A dropped handle's slot goes back to its thread's cache of vacant slots; on CoreCLR with its
/// object still in it (emptying it is a call into the runtime; reusing the slot overwrites it).
/// What that may keep reachable is bounded, and emptied on demand and when the thread exits.
/// On Mono slots are emptied at the drop, so every bound below holds with nothing kept.
#[test]
fn dropped_objects_stay_reachable_from_a_threads_cache_at_most_until_it_is_emptied() {
    let _serial = SERIAL.lock().unwrap_or_else(|p| p.into_inner());
    load_fixture("Store");
    const N: usize = 300;
    // A thread makes N objects (each behind a handle and a weak reference), drops the handles
    // and parks, then empties its dropped slots when told to, and exits. Objects made and
    // dropped on their own thread: SGen scans stacks conservatively, and this thread's stack
    // must not hold copies of their references.
    let (tell, told) = std::sync::mpsc::channel::<()>();
    let (weak_tx, weak_rx) = std::sync::mpsc::channel::<Vec<Object>>();
    let worker = std::thread::spawn(move || {
        weak_tx.send(made_and_dropped(N)).unwrap();
        told.recv().unwrap();
        ObjectStore::empty_dropped_slots();
        weak_tx.send(Vec::new()).unwrap();
        told.recv().unwrap();
    });
    let weak = weak_rx.recv().unwrap();
    let kept = alive(&weak);
    eprintln!("{kept} of {N} dropped objects reachable from their parked thread's cache");
    assert!(
        kept <= CACHED,
        "{kept} of {N} dropped objects still reachable: more than a thread's cache holds"
    );
    tell.send(()).unwrap();
    weak_rx.recv().unwrap();
    assert_eq!(alive(&weak), 0, "the thread emptied its dropped slots: none reachable");
    tell.send(()).unwrap();
    worker.join().unwrap();

    // The same, but the thread exits without emptying them: its exit does (on CoreCLR, by a
    // thread of cilbind's, before the exit completes).
    let weak = std::thread::spawn(|| made_and_dropped(N)).join().unwrap();
    assert_eq!(alive(&weak), 0, "their thread exited: none reachable");

    // Making and dropping handles in a loop reuses the same slots: nothing accumulates.
    let live = ObjectStore::live();
    for i in 0..10_000 {
        drop(BoxAs::<Object>::box_to(&Int32(i)).unwrap());
    }
    assert_eq!(ObjectStore::live(), live);
}
