//! Entries under Mono's thunk rules: structs by value and by-ref as boxes, a struct's `this`,
//! boxed struct results, `ref string`, `Nullable<T>`.

use super::*;

#[test]
fn coreclr_entries_follow_monos_thunk_rules() {
    in_child("entries::child_thunk_rules");
}

#[test]
#[ignore = "runs in a child process of coreclr_entries_follow_monos_thunk_rules"]
fn child_thunk_rules() {
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let b = &clr.bridge;
    let (calls, point) = (class("Calls"), class("Point"));
    let entry = |class: ManagedHandle, name: &str, params: &[&str]| -> *const c_void {
        let method = clr.find_method(class, name, params, None, false).unwrap();
        clr.entry(method, 0, 0, false).unwrap().checked
    };
    let (segment, _, _) = segment(&probe.clr, 4);
    let slot = |i| SlotWord::store(segment, i);
    let point_bytes = |x: i32, y: i32| [x.to_le_bytes(), y.to_le_bytes()].concat();
    let mut thrown = ManagedHandle(std::ptr::null_mut());

    // SAFETY: each entry point has the signature its method gives it under Mono's thunk rules
    // (structs by value, by-ref structs and a struct's `this` as box words, a struct result as
    // a box word, `ref string` as a pointer to a word), plus the exception slot.
    unsafe {
        let take_point: extern "C" fn(SlotWord, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(calls, "TakePoint", &["Probe.Point"]));
        assert_eq!(
            take_point(b.box_bytes(point, &point_bytes(6, 9)).unwrap(), &mut thrown),
            6
        );
        assert!(thrown.0.is_null());
        take_point(SlotWord::NULL, &mut thrown);
        assert!(
            !thrown.0.is_null(),
            "a null box for a struct is an exception, not a zero"
        );
        assert!(
            matches!(clr.exception(thrown), Error::ManagedException { type_name, .. } if type_name == "System.NullReferenceException")
        );
        thrown = ManagedHandle(std::ptr::null_mut());

        let make_point: extern "C" fn(i32, i32, *mut ManagedHandle) -> SlotWord =
            std::mem::transmute(entry(calls, "MakePoint", &["System.Int32", "System.Int32"]));
        let made = make_point(3, 4, &mut thrown);
        assert_eq!(b.class_of(made), Some(point));
        assert_eq!(
            b.unbox_bytes(made).unwrap().unwrap(),
            point_bytes(3, 4),
            "a struct result comes back boxed"
        );

        // A by-ref struct and a struct's `this`: the callee works on the box in place.
        b.move_slot(b.box_bytes(point, &point_bytes(1, 2)).unwrap(), slot(0));
        let grow: extern "C" fn(SlotWord, *mut ManagedHandle) =
            std::mem::transmute(entry(calls, "Grow", &["Probe.Point&"]));
        grow(slot(0), &mut thrown);
        let bump: extern "C" fn(SlotWord, *mut ManagedHandle) -> i32 = std::mem::transmute(entry(point, "Bump", &[]));
        assert_eq!(bump(slot(0), &mut thrown), 102);
        assert_eq!(bump(slot(0), &mut thrown), 103);
        assert_eq!(b.unbox_bytes(slot(0)).unwrap().unwrap(), point_bytes(103, 2));

        // `ref string`: the word behind the pointer is replaced by the callee's new string.
        let shout: extern "C" fn(*mut SlotWord, *mut ManagedHandle) =
            std::mem::transmute(entry(calls, "Shout", &["System.String&"]));
        let mut word = b.new_string("hey").unwrap();
        shout(&mut word, &mut thrown);
        assert_eq!(
            String::from_utf16(&b.read_string(word).unwrap().unwrap()).unwrap(),
            "hey!"
        );

        // `Nullable<int>`: null or a box of the int.
        let int32 = clr
            .type_facts(clr.type_facts(class("Color")).unwrap().enum_underlying.unwrap())
            .unwrap()
            .parent;
        assert!(int32.is_some());
        let or_zero: extern "C" fn(SlotWord, *mut ManagedHandle) -> i32 =
            std::mem::transmute(entry(calls, "OrZero", &["System.Nullable<System.Int32>"]));
        assert_eq!(or_zero(SlotWord::NULL, &mut thrown), 0);
        let int_type = clr
            .field_facts(clr.find_field(class("Square"), "Made").unwrap())
            .unwrap()
            .ty;
        assert_eq!(
            or_zero(b.box_bytes(int_type, &5i32.to_le_bytes()).unwrap(), &mut thrown),
            5
        );
        assert!(thrown.0.is_null());
    }
}
