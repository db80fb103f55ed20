//! The handle store's guarantees under churn: a released key is `StaleHandle` even once its
//! slot holds another object, keys stay valid across segment growth, and lock-free lookups
//! racing with releases on other threads never return another object.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cilbind::{BoxAs, Error, Int32, Object, ObjectKey, ObjectStore};

fn boxed(v: i32) -> Object {
    // Once: loading checks the assembly image, which costs far more than a box.
    static LOADED: std::sync::Once = std::sync::Once::new();
    LOADED.call_once(|| {
        managed_tests::load_fixture("Basics");
    });
    BoxAs::<Object>::box_to(&Int32(v)).unwrap()
}

#[test]
fn a_reused_slot_does_not_revive_an_old_key() {
    let first = boxed(1);
    let old = first.key();
    drop(first);
    // The freed slot is reused first (LIFO free list).
    let second = boxed(2);
    assert_eq!(Object::from_key(old).unwrap_err(), Error::StaleHandle);
    assert_eq!(ObjectStore::class_of(old).unwrap_err(), Error::StaleHandle);
    assert!(!ObjectStore::contains(old));
    assert_eq!(second.unbox::<Int32>().unwrap(), Int32(2));
}

#[test]
fn keys_survive_segment_growth() {
    let objects: Vec<(i32, Object)> = (0..20_000).map(|i| (i, boxed(i))).collect();
    for (i, o) in &objects {
        assert_eq!(o.unbox::<Int32>().unwrap(), Int32(*i));
        assert!(ObjectStore::contains(o.key()));
    }
}

#[test]
fn racing_lookups_never_see_another_object() {
    managed_tests::load_fixture("Basics");
    // Keys (with the value their object holds) published by the churn thread; readers look
    // them up while the churn thread releases them and reuses their slots.
    let published: Arc<Mutex<Vec<(ObjectKey, i32)>>> = Arc::new(Mutex::new(Vec::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let churn = {
        let (published, stop) = (published.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut n = 0i32;
            while !stop.load(Ordering::Relaxed) {
                let batch: Vec<Object> = (0..64).map(|k| boxed(n.wrapping_add(k))).collect();
                *published.lock().unwrap() = batch.iter().zip(n..).map(|(o, v)| (o.key(), v)).collect();
                n = n.wrapping_add(64);
                drop(batch);
            }
        })
    };
    // The race starts once the churn thread has published its first batch (on a loaded
    // machine its first box, which builds the boxing helper, can take a while).
    while published.lock().unwrap().is_empty() && !churn.is_finished() {
        std::thread::yield_now();
    }
    let deadline = Instant::now() + Duration::from_millis(500);
    let (mut hits, mut stale) = (0u64, 0u64);
    while Instant::now() < deadline {
        let keys = published.lock().unwrap().clone();
        for (key, value) in keys {
            match Object::from_key(key) {
                Ok(o) => {
                    assert_eq!(
                        o.unbox::<Int32>().unwrap(),
                        Int32(value),
                        "a key resolved to another object"
                    );
                    hits += 1;
                }
                Err(e) => {
                    assert_eq!(e, Error::StaleHandle);
                    stale += 1;
                }
            }
        }
    }
    stop.store(true, Ordering::Relaxed);
    churn.join().unwrap();
    assert!(hits + stale > 0);
}

/// Each thread reuses the slots its own drops free (its cache), takes batches from the store's
/// shared list when its cache runs dry and gives half back when it overflows: bursts of 1 to
/// 200 handles on six threads move slots between threads both ways. A slot handed to two
/// handles at once would show here as a handle reading another handle's value.
#[test]
fn threads_making_and_dropping_handles_in_bursts_never_share_a_slot() {
    managed_tests::load_fixture("Basics");
    let threads: Vec<_> = (0..6)
        .map(|t: i32| {
            std::thread::spawn(move || {
                for round in 0..40 {
                    let n = (round * 37 + t * 11) % 200 + 1;
                    let held: Vec<(i32, Object)> = (0..n)
                        .map(|k| {
                            let v = t * 100_000 + round * 1000 + k;
                            (v, boxed(v))
                        })
                        .collect();
                    for (v, o) in &held {
                        assert_eq!(o.unbox::<Int32>().unwrap(), Int32(*v), "thread {t}, round {round}");
                    }
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}
