//! Heap operations on slot words: boxes, arrays, type objects, fields, type initializers, the
//! reflective invoke, and the thread slots' ring.

use super::*;

#[test]
fn coreclr_heap_operations_work_on_slot_words() {
    in_child("heap::child_heap");
}

#[test]
#[ignore = "runs in a child process of coreclr_heap_operations_work_on_slot_words"]
fn child_heap() {
    let probe = Probe::start();
    let clr = &probe.clr;
    let class = |name: &str| probe.class(name);
    let b = &clr.bridge;
    let (square, point, calls) = (class("Square"), class("Point"), class("Calls"));
    let made = clr.find_field(square, "Made").unwrap();
    let int32 = clr.field_facts(made).unwrap().ty;
    let greet = clr
        .find_method(calls, "Greet", &["System.String"], None, false)
        .unwrap();
    let string = clr.method_facts(greet).unwrap().params[0];
    let int_bytes = |v: i32| v.to_le_bytes().to_vec();
    let read_int = |w: SlotWord| i32::from_le_bytes(b.unbox_bytes(w).unwrap().unwrap().try_into().unwrap());

    // Boxes from and into native bytes.
    let p = b.box_bytes(point, &[6, 0, 0, 0, 9, 0, 0, 0]).unwrap();
    assert_eq!(b.class_of(p), Some(point));
    assert_eq!(b.unbox_bytes(p).unwrap().unwrap(), [6, 0, 0, 0, 9, 0, 0, 0]);
    assert!(b.box_bytes(point, &[1, 2, 3]).unwrap_err().contains("8 bytes, not 3"));
    let named = b.box_bytes(class("Named"), &[0; 16]).unwrap_err();
    assert!(named.contains("without references"), "{named}");
    assert_eq!(b.unbox_bytes(SlotWord::NULL).unwrap(), None);
    let text = b.new_string("x").unwrap();
    assert!(b.unbox_bytes(text).unwrap_err().contains("System.String is not a box"));

    // Arrays: values as bytes, references one by one.
    let ints = b.array_new(int32, 4).unwrap();
    let bytes: Vec<u8> = [1i32, 2, 3, 4].iter().flat_map(|v| v.to_le_bytes()).collect();
    b.array_write(ints, &bytes).unwrap();
    assert_eq!(b.array_length(ints).unwrap(), Some(4));
    assert_eq!(read_int(b.array_get(ints, 2).unwrap()), 3);
    assert!(b.array_get(ints, 4).unwrap_err().contains("IndexOutOfRange"));
    let mut back = vec![0u8; 16];
    b.array_read(ints, &mut back).unwrap();
    assert_eq!(back, bytes);
    assert!(b
        .array_write(ints, &[0; 17])
        .unwrap_err()
        .contains("17 bytes for an array of 16"));
    let strings = b.array_new(string, 2).unwrap();
    b.array_set(strings, 0, b.new_string("first").unwrap()).unwrap();
    let first = b.array_get(strings, 0).unwrap();
    assert_eq!(
        String::from_utf16(&b.read_string(first).unwrap().unwrap()).unwrap(),
        "first"
    );
    let wrong = b
        .array_set(strings, 1, b.box_bytes(int32, &int_bytes(1)).unwrap())
        .unwrap_err();
    assert!(wrong.contains("InvalidCast"), "{wrong}");
    assert!(b
        .array_write(strings, &[0; 8])
        .unwrap_err()
        .contains("holds references"));
    assert_eq!(
        b.array_length(text).unwrap_err(),
        "the object is a System.String, not an array"
    );

    // Type objects, static fields (after the type initializer), instance fields, invoke.
    let type_object = b.type_object(square);
    assert_eq!(b.type_name(type_object), "System.RuntimeType");
    b.run_class_constructor(class("Init")).unwrap().unwrap();
    let value = clr.find_field(class("Init"), "Value").unwrap();
    assert_eq!(read_int(b.field_get(value, SlotWord::NULL).unwrap()), 42);
    b.field_set(made, SlotWord::NULL, b.box_bytes(int32, &int_bytes(5)).unwrap())
        .unwrap();
    assert_eq!(read_int(b.field_get(made, SlotWord::NULL).unwrap()), 5);
    let corners = clr.find_field(square, "Corners").unwrap();
    assert!(b
        .field_set(corners, SlotWord::NULL, b.box_bytes(int32, &int_bytes(3)).unwrap())
        .unwrap_err()
        .contains("read-only"));

    let object = facts_object(clr, square);
    let args = b.array_new(object, 1).unwrap();
    b.array_set(args, 0, b.box_bytes(int32, &int_bytes(3)).unwrap())
        .unwrap();
    let (segment, _, _) = segment(clr, 4);
    let slot = |i| SlotWord::store(segment, i);
    b.move_slot(args, slot(0));
    let of = clr.find_method(square, "Of", &["System.Int32"], None, false).unwrap();
    let made_square = b.invoke(of, SlotWord::NULL, slot(0)).unwrap().unwrap();
    b.move_slot(made_square, slot(1));
    assert_eq!(b.type_name(slot(1)), "Probe.Square");
    let side = clr.find_field(square, "Side").unwrap();
    let side_value = b.field_get(side, slot(1)).unwrap();
    assert_eq!(b.unbox_bytes(side_value).unwrap().unwrap(), 3.0f64.to_le_bytes());
    assert!(b.field_get(side, SlotWord::NULL).unwrap_err().contains("NullReference"));
    assert!(
        b.field_get(side, slot(0)).unwrap_err().contains("has no field"),
        "an object[] has no Side"
    );

    let fail = clr.find_method(calls, "Fail", &["System.Int32"], None, false).unwrap();
    b.array_set(slot(0), 0, b.box_bytes(int32, &int_bytes(8)).unwrap())
        .unwrap();
    let thrown = b.invoke(fail, SlotWord::NULL, slot(0)).unwrap().unwrap_err();
    match clr.exception(thrown) {
        Error::ManagedException { type_name, message, .. } => {
            assert_eq!(
                (type_name.as_str(), message.as_str()),
                ("System.InvalidOperationException", "outer 8")
            )
        }
        other => panic!("{other}"),
    }
    let wrong_args = b.invoke(greet, SlotWord::NULL, slot(0)).unwrap_err();
    assert!(
        wrong_args.contains("ArgumentException"),
        "an Int32 for a string parameter: {wrong_args}"
    );

    // A thread slot reused by 256 newer ones is an error, not another object.
    let old = b.new_string("old").unwrap();
    for _ in 0..256 {
        b.new_string("newer").unwrap();
    }
    assert!(b.read_string(old).is_err());
}

/// `System.Object`'s handle: the base of `class`'s base chain.
fn facts_object(clr: &CoreClr, class: ManagedHandle) -> ManagedHandle {
    let mut c = class;
    while let Some(parent) = clr.type_facts(c).unwrap().parent {
        c = parent;
    }
    c
}
