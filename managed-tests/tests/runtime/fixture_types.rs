// The fixture's types by name and hand-written bindings of three of them, shared by this
// suite's fixture module and the remote runtime's (`remote/tests/runtime_suite/fixture.rs`),
// which include it.

use cilbind::{ManagedStruct, MethodRef, Object, StructHandle, StructStore, TypeRef, ValueType};

pub(crate) static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
pub(crate) static V3_TYPE: TypeRef = TypeRef::new("Basics", "Fixtures", "V3");
pub(crate) static TEAM: TypeRef = TypeRef::new("Basics", "Fixtures", "Team");
pub(crate) static TAGGED: TypeRef = TypeRef::new("Basics", "Fixtures", "Tagged");
pub(crate) static ANIMAL: TypeRef = TypeRef::new("Basics", "Fixtures", "Animal");
pub(crate) static INAMED: TypeRef = TypeRef::new("Basics", "Fixtures", "INamed");

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
    fn type_ref() -> Option<&'static TypeRef> {
        Some(&TAGGED)
    }
}

/// What the tests call a method through: its raw-call thunk (the entry point generated
/// bindings call), or, in a client of a remote runtime (which has no entry points), the
/// `MethodRef`, which sends the call to the server.
pub(crate) struct Via(&'static MethodRef);

/// `m`, called [`Via`] its thunk or the connection.
pub(crate) fn via(m: &'static MethodRef) -> Via {
    Via(m)
}

impl Via {
    /// The method's thunk (which must resolve: `Err` is the call's), or the remote call.
    pub(crate) fn call<A: cilbind::ArgList, R: cilbind::Ret>(&self, args: A) -> cilbind::Result<R> {
        if cilbind::remote::connected() {
            return self.0.call(args);
        }
        self.0.thunk().expect("the method's entry point").call(args)
    }

    /// [`Via::call`] for a blittable struct result returned through a pointer.
    pub(crate) fn call_sret<A: cilbind::ArgList, R: cilbind::Blittable>(&self, args: A) -> cilbind::Result<R> {
        if cilbind::remote::connected() {
            return self.0.call_sret(args);
        }
        self.0.thunk().expect("the method's entry point").call_sret(args)
    }
}

/// Why a test, or a part of one, does not run on a remote runtime ([`remote_skips`]'s reasons).
pub(crate) mod remote {
    /// A string with a lone surrogate, made from Rust.
    pub(crate) const LONE_SURROGATES: &str = "text crosses a connection as UTF-8, which has no lone surrogates: \
                                              NetString::from_utf16 of one is refused there";
    /// Metadata and the reflective path on it.
    pub(crate) const METADATA: &str = "classes, methods and their metadata (TypeRef::class, MethodRef::method, \
                                       invoke on a Method) are the local runtime's; a client names types and \
                                       methods, and the server resolves them";
    /// What local raw entry points check or refuse.
    pub(crate) const RAW_ENTRY: &str = "a property of a local raw entry point (its signature proof, a struct \
                                        method without a trampoline): over a connection the server checks and \
                                        converts the arguments itself";
    /// The corlib interfaces cilbind defines in Rust.
    pub(crate) const CORLIB_INTERFACES: &str = "the corlib interface types cilbind defines in Rust (IEquatable<T>, \
                                                IComparable<T>, ...) have no names a server resolves yet";
    /// Unmanaged pointers.
    pub(crate) const POINTERS: &str = "an unmanaged pointer is an address in this process, which a server cannot \
                                       read";
    /// Collections of the local runtime.
    pub(crate) const LOCAL_GC: &str = "collect_garbage collects the local runtime's heap; a server collects its own";
}
