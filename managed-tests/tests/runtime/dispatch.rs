use cilbind::{invoke, Error, FieldRef, MethodRef, Object, Value};

use crate::fixture::{remote, remote_skips, setup, via, ANIMAL, CALLS, INAMED};

#[test]
fn virtual_and_interface_dispatch_on_the_raw_path_and_the_reflective_path() {
    setup();
    static NEW_DOG: MethodRef = MethodRef::new(&CALLS, "NewDog", &[]);
    static SPEAK: MethodRef = MethodRef::new(&ANIMAL, "Speak", &[]);
    static NAME: MethodRef = MethodRef::new(&INAMED, "get_Name", &[]);
    let dog: Object = via(&NEW_DOG).call::<_, Option<Object>>(()).unwrap().unwrap();
    assert_eq!(dog.type_name().unwrap(), "Fixtures.Dog");
    let s: Option<String> = via(&SPEAK).call((&dog,)).unwrap();
    assert_eq!(s.as_deref(), Some("Woof"), "Animal.Speak dispatches to Dog.Speak");
    let s: Option<String> = via(&NAME).call((&dog,)).unwrap();
    assert_eq!(s.as_deref(), Some("Rex"), "INamed.Name dispatches to Dog");
    // mono_runtime_invoke alone would call Animal.Speak; invoke resolves the override first.
    if !remote_skips(remote::METADATA) {
        let v = invoke(SPEAK.method().unwrap(), Some(&dog), &mut []).unwrap();
        assert!(matches!(v, Value::String(ref s) if s == "Woof"), "{v:?}");
    }
    // Instance field of a class object.
    static LEGS: FieldRef = FieldRef::new(&ANIMAL, "Legs");
    assert_eq!(LEGS.get::<i32>(Some(&dog)).unwrap(), 4);
    LEGS.set(Some(&dog), 3i32).unwrap();
    assert_eq!(LEGS.get::<i32>(Some(&dog)).unwrap(), 3);
    assert!(
        matches!(LEGS.get::<i64>(Some(&dog)), Err(Error::InvalidCast { .. })),
        "wrong size is refused"
    );
    static CREATED: FieldRef = FieldRef::new(&ANIMAL, "Created");
    assert!(CREATED.get::<i32>(None).unwrap() >= 1);
}
