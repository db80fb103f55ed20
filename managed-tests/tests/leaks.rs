//! Live handle counts return to zero once every wrapper is dropped. A test binary of its own:
//! the stores are process-wide, so no other test may run beside it.

use cilbind::{
    Boxing, Int32, ManagedStruct, MethodRef, NetString, Object, ObjectStore, RefObject, StructHandle, StructStore,
    TypeRef,
};
use managed_tests::load_fixture;

static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
static TAGGED: TypeRef = TypeRef::new("Basics", "Fixtures", "Tagged");

struct Tagged;
impl ManagedStruct for Tagged {
    fn store() -> &'static StructStore<Self> {
        static STORE: StructStore<Tagged> = StructStore::new();
        &STORE
    }
    fn class() -> cilbind::Result<cilbind::Class> {
        TAGGED.class()
    }
}

#[test]
fn live_counts_return_to_zero_after_everything_drops() {
    load_fixture("Basics");
    assert_eq!(ObjectStore::live(), 0);
    static MAKE: MethodRef = MethodRef::new(&TAGGED, "Make", &["System.Int32", "System.String", "System.Object"]);
    static NEW_DOG: MethodRef = MethodRef::new(&CALLS, "NewDog", &[]);
    static REPLACE: MethodRef = MethodRef::new(&CALLS, "Replace", &["System.Object&"]);
    {
        let boxes: Vec<Object> = (0..100).map(|i| Int32(i).box_as::<Object>().unwrap()).collect();
        let clones: Vec<Object> = boxes.iter().map(Object::clone).collect();
        assert_eq!(ObjectStore::live(), 200, "a clone is a second handle");
        let s = NetString::new("text").unwrap();
        let dog: Option<Object> = NEW_DOG.thunk().unwrap().call(()).unwrap();
        let mut replaced: Option<Object> = None;
        REPLACE
            .thunk()
            .unwrap()
            .call::<_, ()>((RefObject(&mut replaced),))
            .unwrap();
        assert_eq!(ObjectStore::live(), 203);
        let t: StructHandle<Tagged> = MAKE.thunk().unwrap().call((1, "one", dog.as_ref())).unwrap();
        let copies: Vec<StructHandle<Tagged>> = (0..10).map(|_| t.clone()).collect();
        assert_eq!(Tagged::store().live(), 11);
        let boxed = t.box_object().unwrap();
        let back = StructHandle::<Tagged>::unbox(&boxed).unwrap();
        assert_eq!(Tagged::store().live(), 12);
        assert_eq!(ObjectStore::live(), 204);
        drop((boxes, clones, s, dog, replaced, t, copies, boxed, back));
    }
    {
        // A callback holds its delegate and its closure; both go when it drops.
        let action = cilbind::Runtime::get()
            .unwrap()
            .corlib()
            .class("System", "Action")
            .unwrap();
        let cb = cilbind::Callback::with_class(action, |_| Ok(cilbind::Value::Void)).unwrap();
        assert_eq!(cilbind::Callback::live(), 1);
        assert_eq!(ObjectStore::live(), 1);
        drop(cb);
        assert_eq!(cilbind::Callback::live(), 0);
    }
    assert_eq!(ObjectStore::live(), 0, "every object handle was freed");
    assert_eq!(Tagged::store().live(), 0, "every struct handle was freed");
}
