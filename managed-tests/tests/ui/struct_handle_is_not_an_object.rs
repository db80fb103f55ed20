// A managed struct's handle lives in its own typed store: it is not an object handle, and
// cannot be passed where one is expected (box it with `box_object` first).
use cilbind::{ManagedStruct, Object, StructHandle, StructStore};

struct Tagged(StructHandle<Tagged>);
impl ManagedStruct for Tagged {
    fn store() -> &'static StructStore<Self> {
        static STORE: StructStore<Tagged> = StructStore::new();
        &STORE
    }
    fn class() -> cilbind::Result<cilbind::Class> {
        unimplemented!()
    }
}

fn pass(obj: Object) {
    let tagged = StructHandle::<Tagged>::default_value().unwrap();
    let _ = obj.equals(Some(&tagged));
}

fn main() {}
