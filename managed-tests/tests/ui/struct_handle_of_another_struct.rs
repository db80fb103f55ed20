// Each managed struct has its own store and handle type: a handle of one is never taken for
// another's.
use cilbind::{ManagedStruct, StructHandle, StructStore};

macro_rules! managed_struct {
    ($name:ident) => {
        struct $name;
        impl ManagedStruct for $name {
            fn store() -> &'static StructStore<Self> {
                static STORE: StructStore<$name> = StructStore::new();
                &STORE
            }
            fn class() -> cilbind::Result<cilbind::Class> {
                unimplemented!()
            }
        }
    };
}
managed_struct!(Hit);
managed_struct!(Ray);

fn main() {
    let hit: StructHandle<Hit> = StructHandle::default_value().unwrap();
    let _ray: StructHandle<Ray> = hit;
}
