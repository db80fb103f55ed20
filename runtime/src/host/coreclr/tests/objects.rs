//! Objects as slot words: constructors, instance and virtual calls, strings both ways, across
//! collections that compact the heap.

use std::sync::atomic::Ordering;

use super::super::slots::{checked_word, class_of_checked};
use super::*;

#[test]
fn coreclr_objects_cross_as_slot_words_and_survive_compacting_collections() {
    in_child("objects::child_objects_cross_as_slot_words");
}

#[test]
#[ignore = "runs in a child process of coreclr_objects_cross_as_slot_words_and_survive_compacting_collections"]
fn child_objects_cross_as_slot_words() {
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let entry = |class: ManagedHandle, name: &str, params: &[&str]| -> *const c_void {
        let method = clr.method(class, "Probe", name, params).unwrap();
        clr.entry(method, 0, 0, false).unwrap().checked
    };
    let (calls, counter, loud) = (class("Calls"), class("Counter"), class("Loud"));
    let (segment, versions, classes) = segment(clr, 8);
    assert!(segment >= 1);
    let slot = |i| SlotWord::store(segment, i);
    let string = |word: SlotWord| {
        clr.bridge
            .read_string(word)
            .unwrap()
            .map(|u| String::from_utf16(&u).unwrap())
    };
    let mut thrown = ManagedHandle(std::ptr::null_mut());
    let take_error = |thrown: &mut ManagedHandle| {
        assert!(!thrown.0.is_null(), "an exception came back");
        let e = clr.exception(*thrown);
        *thrown = ManagedHandle(std::ptr::null_mut());
        e
    };

    // SAFETY: each entry point has the signature its method gives it under the bridge's native
    // forms (objects as slot words, `this` first, a constructor returning the new object), plus
    // the exception slot, valid and null before each call.
    unsafe {
        let new_counter: extern "C" fn(i32, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(counter, ".ctor", &["System.Int32"]));
        let made = new_counter(7, &mut thrown);
        assert!(thrown.0.is_null() && made != SlotWord::NULL);
        clr.bridge.move_slot(made, slot(0));
        let new_loud: extern "C" fn(*mut ManagedHandle) -> SlotWord = std::mem::transmute(entry(loud, ".ctor", &[]));
        clr.bridge.move_slot(new_loud(&mut thrown), slot(1));
        assert_eq!(clr.bridge.type_name(slot(0)), "Probe.Counter");
        assert_eq!(clr.bridge.type_name(slot(1)), "Probe.Loud");

        let add: extern "C" fn(SlotWord, i32, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(counter, "Add", &["System.Int32"]));
        assert_eq!(add(slot(0), 5, &mut thrown), 12);

        // Collections that compact the heap: the counter moves, its slot still names it.
        let churn: extern "C" fn(*mut ManagedHandle) -> i32 = std::mem::transmute(entry(calls, "Churn", &[]));
        let before = churn(&mut thrown);
        assert!(churn(&mut thrown) > before, "collections ran");
        assert_eq!(add(slot(0), 1, &mut thrown), 13, "the same object, wherever it moved");
        assert_eq!(add(slot(1), 1, &mut thrown), 101);

        let describe: extern "C" fn(SlotWord, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(counter, "Describe", &[]));
        assert_eq!(string(describe(slot(0), &mut thrown)).as_deref(), Some("Counter 13"));
        assert_eq!(
            string(describe(slot(1), &mut thrown)).as_deref(),
            Some("LOUD 101"),
            "dispatched virtually"
        );

        let greet: extern "C" fn(SlotWord, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(calls, "Greet", &["System.String"]));
        for _ in 0..100 {
            let who = clr.bridge.new_string("wörld 🌍").unwrap();
            assert_eq!(string(greet(who, &mut thrown)).as_deref(), Some("hello wörld 🌍"));
        }
        assert_eq!(
            string(greet(SlotWord::NULL, &mut thrown)).as_deref(),
            Some("hello "),
            "null string"
        );
        assert!(thrown.0.is_null());

        // The wrong object for `this`: the entry's class check throws, and it comes back as
        // the invalid-argument error the native side's check would have made.
        let text = clr.bridge.new_string("not a counter").unwrap();
        clr.bridge.move_slot(text, slot(2));
        assert_eq!(add(slot(2), 1, &mut thrown), 0);
        match take_error(&mut thrown) {
            Error::InvalidArgument(m) => assert_eq!(m, "this: an object of type System.String is not a Probe.Counter"),
            other => panic!("{other}"),
        }
        assert_eq!(
            clr.bridge.read_string(slot(0)).err().as_deref(),
            Some("the object is a Probe.Counter, not a string")
        );
        // A null `this` on a virtual call.
        describe(SlotWord::NULL, &mut thrown);
        match take_error(&mut thrown) {
            Error::ManagedException { type_name, .. } => assert_eq!(type_name, "System.NullReferenceException"),
            other => panic!("{other}"),
        }
        // The entry for a proved receiver: a second one, only for an object `this`, that does
        // what the checked one does for an instance of the class (virtual dispatch included);
        // the checked one still refuses another class (above).
        let both = |class: ManagedHandle, name: &str, params: &[&str]| {
            let method = clr.method(class, "Probe", name, params).unwrap();
            clr.entry(method, 0, 0, true).unwrap()
        };
        let add_entries = both(counter, "Add", &["System.Int32"]);
        assert_ne!(add_entries.this_proved, add_entries.checked);
        let add_proved: extern "C" fn(SlotWord, i32, *mut ManagedHandle) -> i32 =
            std::mem::transmute(add_entries.this_proved);
        assert_eq!(add_proved(slot(0), 0, &mut thrown), 13);
        let describe_proved: extern "C" fn(SlotWord, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(both(counter, "Describe", &[]).this_proved);
        assert_eq!(
            string(describe_proved(slot(1), &mut thrown)).as_deref(),
            Some("LOUD 101")
        );
        assert!(thrown.0.is_null());
        let static_entries = both(calls, "Greet", &["System.String"]);
        assert_eq!(
            static_entries.this_proved, static_entries.checked,
            "no `this`, no second entry"
        );
        // A store's object as a key names it: the slot and the key's version. Managed code reads
        // the version after the object; once the key is released (the version bumped, as the
        // store does before it clears or reuses the slot) the word is a stale handle, never
        // the slot's next object.
        let live = |v: u32| u64::from(v) << 32;
        versions[0].store(live(0x8000_0003), Ordering::SeqCst);
        let key_word = checked_word(segment, 0, 0x8000_0003).unwrap();
        assert_eq!(add(key_word, 1, &mut thrown), 14);
        assert!(thrown.0.is_null());
        assert_eq!(clr.bridge.type_name(key_word), "Probe.Counter");
        // The store slot's class, written by managed code with the object.
        let counter_class = clr.bridge.class_of(slot(0)).unwrap();
        assert_eq!(classes[0].load(Ordering::SeqCst), counter_class.0 as usize);
        let class_read = |w| class_of_checked(w).map(|c| c.map(|c| c.0.as_ptr() as usize));
        assert_eq!(class_read(key_word), Some(Some(counter_class.0 as usize)));
        assert_eq!(class_read(slot(0)), None, "a plain store word is not a checked word");
        versions[0].store(live(0x8000_0004), Ordering::SeqCst);
        assert_eq!(class_read(key_word), Some(None), "a released key's word has no class");
        assert_eq!(add(key_word, 1, &mut thrown), 0);
        assert_eq!(take_error(&mut thrown), Error::StaleHandle);
        assert_eq!(clr.bridge.move_slot(key_word, slot(3)), 0, "a stale word moves nothing");
        assert_eq!(clr.bridge.type_name(slot(3)), "null");
        // The next key to the slot: its word works, the old one stays stale.
        versions[0].store(live(0x8000_0005), Ordering::SeqCst);
        let next_word = checked_word(segment, 0, 0x8000_0005).unwrap();
        assert_eq!(add(next_word, 1, &mut thrown), 15);
        assert_eq!(add(key_word, 1, &mut thrown), 0);
        assert_eq!(take_error(&mut thrown), Error::StaleHandle);
        // A checked word names a slot to read, never one to write.
        assert_eq!(clr.bridge.move_slot(slot(1), next_word), -1);

        // Clearing a slot releases its object.
        clr.bridge.move_slot(SlotWord::NULL, slot(0));
        assert_eq!(clr.bridge.type_name(slot(0)), "null");
    }
}
