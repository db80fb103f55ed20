//! Values the call replayer makes again, against real Mono, through the generated bindings of
//! `fixtures/Game.cs` (the sample's game replays every one of these): a managed struct's default
//! value given to an `out` parameter (`World.Raycast(…, out RaycastHit hit)`: the bindings pass
//! `default`), a method a value type inherits called on a box of it (`Object.ToString` on a
//! boxed `Int32`), and the handle an external object was passed with, which the external hook
//! is asked about.
//!
//! These replays run in the recording process (the calls give the same again here; the objects
//! made before a recording are handed back by the external hook). Every test holds
//! `session::lock()`: a recording logs the calls of every thread.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::MutexGuard;

use cilbind::record::{CallRecord, Entry, LogReader, Recorded, Recorder, Replayer};
use cilbind::{Boxing, Cookie, Int32, Object, Reference};
use managed_tests::game::game::{Player, Vector3, World};
use managed_tests::game::init;

use crate::session;

/// The lock of every test of this binary ([`session::lock`]), with the game's bindings loaded.
fn lock() -> MutexGuard<'static, ()> {
    let guard = session::lock();
    init().expect("bindings load");
    guard
}

fn v(x: f32, y: f32, z: f32) -> Vector3 {
    Vector3 { x, y, z }
}

/// The log's calls.
fn calls_of(log: &[u8]) -> Vec<CallRecord> {
    LogReader::new(log)
        .filter_map(|e| match e.expect("a readable log") {
            Entry::Call(call) => Some(*call),
            _ => None,
        })
        .collect()
}

/// A world with a player at (0, 0, 5), made before any recording: external to a log.
fn world_with_target() -> (World, Player) {
    let world = World::new().unwrap();
    let target = world.spawn_player("Target", &v(0.0, 0.0, 5.0)).unwrap().unwrap();
    (world, target)
}

/// A replay of `log` whose external hook hands back `external` (and notes the cookies asked).
fn replay_with(external: &Object, log: &[u8]) -> (cilbind::record::ReplayReport, Vec<Cookie>) {
    let external = external.try_clone().unwrap();
    let asked = Rc::new(RefCell::new(Vec::new()));
    let noted = Rc::clone(&asked);
    let report = Replayer::new(log)
        .on_external(move |_, cookie| {
            noted.borrow_mut().push(cookie);
            external.try_clone()
        })
        .run()
        .expect("the log replays");
    let asked = asked.borrow().clone();
    (report, asked)
}

#[test]
fn a_default_managed_struct_is_recorded_by_its_bytes_and_replayed() {
    let _lock = lock();
    let (world, _target) = world_with_target();
    let recording = Recorder::start(Vec::new()).unwrap();
    let (hit, info) = world.raycast(&v(0.0, 0.0, 0.0), &v(0.0, 0.0, 1.0)).unwrap();
    let log = recording.finish().unwrap();
    assert!(hit);
    let calls = calls_of(&log);
    assert_eq!(calls.len(), 1);
    // The `out` argument as the call got it: RaycastHit's default, every byte zero.
    match &calls[0].args[2] {
        Recorded::Struct { type_name, bytes, .. } => {
            assert_eq!(type_name, "Game.RaycastHit");
            assert!(!bytes.is_empty() && bytes.iter().all(|&b| b == 0), "{bytes:?}");
        }
        other => panic!("the out RaycastHit was recorded as {other}"),
    }
    // The world, made before the recording, is external.
    let (report, _) = replay_with(world.as_object(), &log);
    assert_eq!((report.calls, report.divergence), (1, None));

    // A RaycastHit that refers to an object is no default: it stays opaque (its bytes hold an
    // address), as `this` of its own method.
    let recording = Recorder::start(Vec::new()).unwrap();
    assert_eq!(info.score().unwrap(), 10.0);
    let log = recording.finish().unwrap();
    assert_eq!(
        calls_of(&log)[0].this,
        Some(Recorded::Opaque("a managed struct Game.RaycastHit".into()))
    );
}

#[test]
fn a_method_a_value_type_inherits_is_replayed_on_a_box_of_it() {
    let _lock = lock();
    let seven: Object = Int32(7).box_as::<Object>().unwrap();
    let recording = Recorder::start(Vec::new()).unwrap();
    assert_eq!(seven.to_string().unwrap().as_deref(), Some("7"));
    let log = recording.finish().unwrap();
    let calls = calls_of(&log);
    // `Object.ToString`, whose `this` is a boxed Int32: recorded by its bytes and type.
    assert_eq!(
        calls[0].this,
        Some(Recorded::Struct {
            assembly: "mscorlib".into(),
            type_name: "System.Int32".into(),
            bytes: 7i32.to_le_bytes().to_vec(),
        })
    );
    let report = Replayer::new(&log[..]).run().expect("the log replays");
    assert_eq!((report.calls, report.divergence), (1, None));
}

#[test]
fn the_external_hook_is_asked_with_the_handle_the_call_passed() {
    let _lock = lock();
    let (_world, target) = world_with_target();
    let recording = Recorder::start(Vec::new()).unwrap();
    // A copy made while recording: the log says the copy names the target's object.
    let copy = target.clone();
    assert_eq!(World::describe(Some(&copy)).unwrap().as_deref(), Some("health 100"));
    let log = recording.finish().unwrap();
    let aliases: Vec<(Cookie, Cookie)> = LogReader::new(&log[..])
        .filter_map(|e| match e.unwrap() {
            Entry::Alias { from, to } => Some((from, to)),
            _ => None,
        })
        .collect();
    assert_eq!(aliases, [(target.as_object().cookie(), copy.as_object().cookie())]);
    // The hook is asked about the copy, the handle the caller passed, not the first handle of
    // its object.
    let (report, asked) = replay_with(target.as_object(), &log);
    assert_eq!((report.calls, report.divergence), (1, None));
    assert_eq!(asked, [copy.as_object().cookie()]);
}
