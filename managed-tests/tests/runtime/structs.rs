use cilbind::generated::check_layout;
use cilbind::{
    Boxing, Error, FieldRef, In, Int32, MethodRef, Object, Out, StructHandle, RETURN_BY_POINTER, THIS_BY_POINTER,
};

use crate::fixture::{remote, remote_skips, setup, via, Tagged, TAGGED, V3, V3_TYPE};

#[test]
fn full_structs_cross_by_pointer_through_trampolines() {
    setup();
    if !remote_skips(remote::METADATA) {
        let class = V3_TYPE.class().unwrap();
        check_layout(&V3_TYPE, std::mem::size_of::<V3>(), &[("X", 0), ("Y", 4), ("Z", 8)]).unwrap();
        let e = check_layout(&V3_TYPE, 12, &[("X", 0), ("Y", 8)]).unwrap_err();
        assert!(
            matches!(e, Error::LayoutMismatch { ref type_name, ref detail } if type_name == "Fixtures.V3" && detail.contains("field Y")),
            "{e}"
        );
        assert_eq!(class.value_size().0, 12);
    }

    static ADD: MethodRef = MethodRef::by_pointer(
        &V3_TYPE,
        "Add",
        &["Fixtures.V3", "Fixtures.V3"],
        0b11 | RETURN_BY_POINTER,
    );
    static LENGTH: MethodRef = MethodRef::by_pointer(&V3_TYPE, "Length", &[], THIS_BY_POINTER);
    static SCALE: MethodRef = MethodRef::by_pointer(&V3_TYPE, "Scale", &["System.Single"], THIS_BY_POINTER);
    static NORMALIZE: MethodRef = MethodRef::by_pointer(&V3_TYPE, "Normalize", &["Fixtures.V3&"], 0b1);
    static TRY_MAKE: MethodRef = MethodRef::by_pointer(&V3_TYPE, "TryMake", &["System.Single", "Fixtures.V3&"], 0b10);
    static CTOR: MethodRef = MethodRef::by_pointer(
        &V3_TYPE,
        ".ctor",
        &["System.Single", "System.Single", "System.Single"],
        0,
    );

    let a = V3 { x: 1.0, y: 2.0, z: 3.0 };
    let b = V3 {
        x: 0.5,
        y: -2.0,
        z: 10.0,
    };
    let sum: V3 = via(&ADD).call_sret((In(&a), In(&b))).unwrap();
    assert_eq!(
        sum,
        V3 {
            x: 1.5,
            y: 0.0,
            z: 13.0
        }
    );
    let mut v = V3 { x: 3.0, y: 4.0, z: 0.0 };
    let len: f32 = via(&LENGTH).call((Out(&mut v),)).unwrap();
    assert_eq!(len, 5.0);
    via(&SCALE).call::<_, ()>((Out(&mut v), 2.0f32)).unwrap();
    assert_eq!(
        v,
        V3 { x: 6.0, y: 8.0, z: 0.0 },
        "an instance method mutates the Rust value in place"
    );
    via(&NORMALIZE).call::<_, ()>((Out(&mut v),)).unwrap();
    assert_eq!(v, V3 { x: 0.6, y: 0.8, z: 0.0 });
    let mut made = V3 { x: 0.0, y: 0.0, z: 0.0 };
    let ok: bool = via(&TRY_MAKE).call((2.5f32, Out(&mut made))).unwrap();
    assert!(ok);
    assert_eq!(made, V3 { x: 2.5, y: 2.5, z: 2.5 });
    let built: V3 = via(&CTOR).call_sret((7.0f32, 8.0f32, 9.0f32)).unwrap();
    assert_eq!(built, V3 { x: 7.0, y: 8.0, z: 9.0 });

    // Boxing a full struct: explicit, and the managed side sees the value.
    let boxed = built.box_as::<Object>().unwrap();
    assert_eq!(boxed.type_name().unwrap(), "Fixtures.V3");
    assert_eq!(boxed.to_string().unwrap().as_deref(), Some("(7, 8, 9)"));
    assert_eq!(boxed.unbox::<V3>().unwrap(), built);
}

#[test]
fn managed_structs_live_in_their_own_store_with_value_semantics() {
    setup();
    static MAKE: MethodRef = MethodRef::new(&TAGGED, "Make", &["System.Int32", "System.String", "System.Object"]);
    static DESCRIBE: MethodRef = MethodRef::new(&TAGGED, "Describe", &[]);
    static RENAME: MethodRef = MethodRef::new(&TAGGED, "Rename", &["System.String"]);
    static DESCRIBE_OTHER: MethodRef = MethodRef::new(&TAGGED, "DescribeOther", &["Fixtures.Tagged"]);
    static NAME: FieldRef = FieldRef::new(&TAGGED, "Name");
    static ID: FieldRef = FieldRef::new(&TAGGED, "Id");
    static OWNER: FieldRef = FieldRef::new(&TAGGED, "Owner");

    let owner = Int32(9).box_as::<Object>().unwrap();
    let t = Tagged(via(&MAKE).call((7, "seven", Some(&owner))).unwrap());
    let describe =
        |h: &StructHandle<Tagged>| -> String { via(&DESCRIBE).call::<_, Option<String>>((h,)).unwrap().unwrap() };
    assert_eq!(describe(&t.0), "7:seven:9");
    // Instance methods mutate the stored value in place.
    via(&RENAME).call::<_, ()>((&t.0, "renamed")).unwrap();
    assert_eq!(NAME.get_string(Some(&t.0)).unwrap().as_deref(), Some("renamed"));
    // Clone copies the value: mutating the copy leaves the original alone.
    let copy = Tagged(t.0.clone());
    ID.set(Some(&copy.0), 8i32).unwrap();
    NAME.set_string(Some(&copy.0), None).unwrap();
    assert_eq!(describe(&t.0), "7:renamed:9");
    assert_eq!(describe(&copy.0), "8:null:9");
    let by_value: Option<String> = via(&DESCRIBE_OTHER).call((&copy.0,)).unwrap();
    assert_eq!(by_value.as_deref(), Some("8:null:9"));
    assert_eq!(
        OWNER
            .get_object::<Object>(Some(&t.0))
            .unwrap()
            .unwrap()
            .unbox::<Int32>()
            .unwrap(),
        Int32(9)
    );
    // Boxing copies into the object store (new identity); unboxing copies back.
    let boxed = t.0.box_object().unwrap();
    assert_eq!(boxed.type_name().unwrap(), "Fixtures.Tagged");
    ID.set(Some(&t.0), 100i32).unwrap();
    let back = StructHandle::<Tagged>::unbox(&boxed).unwrap();
    assert_eq!(describe(&back), "7:renamed:9", "the box did not see the later change");
    assert!(matches!(
        StructHandle::<Tagged>::unbox(&owner),
        Err(Error::InvalidCast { .. })
    ));
    // Default value.
    let d = StructHandle::<Tagged>::default_value().unwrap();
    assert_eq!(describe(&d), "0:null:null");
}
