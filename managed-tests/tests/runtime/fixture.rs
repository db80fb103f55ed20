//! The C# fixture `fixtures/Basics.cs` as these tests see it: its types by name, hand-written
//! bindings of three of them (as the generator emits them), and the start every test makes.

use cilbind::{ManagedStruct, Object, StructHandle, StructStore, TypeRef, ValueType};
use managed_tests::load_fixture;

pub(crate) static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
pub(crate) static V3_TYPE: TypeRef = TypeRef::new("Basics", "Fixtures", "V3");
pub(crate) static TEAM: TypeRef = TypeRef::new("Basics", "Fixtures", "Team");
pub(crate) static TAGGED: TypeRef = TypeRef::new("Basics", "Fixtures", "Tagged");
pub(crate) static ANIMAL: TypeRef = TypeRef::new("Basics", "Fixtures", "Animal");
pub(crate) static INAMED: TypeRef = TypeRef::new("Basics", "Fixtures", "INamed");

pub(crate) fn setup() {
    load_fixture("Basics");
}

/// A hand-written binding of `Fixtures.V3`, as the generator emits it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct V3 {
    pub(crate) x: f32,
    pub(crate) y: f32,
    pub(crate) z: f32,
}
cilbind::blittable!(unsafe V3, V3_TYPE, [f32, f32, f32]);
cilbind::generated::impl_boxing!(V3 => Object, ValueType);

/// `Fixtures.Team : byte`, as the generator emits enums.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Team(pub(crate) u8);
cilbind::blittable!(unsafe Team, TEAM, [u8]);
cilbind::generated::impl_boxing!(Team => Object, ValueType, cilbind::Enum);

/// `Fixtures.Tagged`, a managed struct held in its own store.
pub(crate) struct Tagged(pub(crate) StructHandle<Tagged>);
impl ManagedStruct for Tagged {
    fn store() -> &'static StructStore<Self> {
        static STORE: StructStore<Tagged> = StructStore::new();
        &STORE
    }
    fn class() -> cilbind::Result<cilbind::Class> {
        TAGGED.class()
    }
}
