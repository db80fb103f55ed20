//! The type graph class wrappers assume is proved against the loaded assemblies, and a call
//! skips the class check of `this` only where that proof stands behind the receiver.
//!
//! A class wrapper converts to its bases and interfaces without a check, and a call on a
//! wrapper does not check `this` again (`cilbind::generated::This`). Both rest on the proof
//! its class resolution makes: here a wrapper declares a relation the assembly does not have
//! (`Fixtures.Adder` as an `INamed`), and no value of it can be made, so no `Adder` ever
//! reaches `INamed.Name` unchecked. Where no proof exists (a hand-written wrapper), the call
//! still checks `this`. A target the assemblies lack altogether (a type of Mono's class
//! library that .NET does not forward) leaves the wrapper usable and the target unresolved for
//! the rest of the unit. A reload that breaks a relation is in `reload.rs` (v4).

use cilbind::generated::This;
use cilbind::{Error, Is, ManagedType, MethodRef, Object, Reference, TypeRef};
use managed_tests::basics::fixtures::{Adder, Calls, Dog, INamed, INamedExt, IValue, IValueExt};

static ADDER: TypeRef = TypeRef::new("Basics", "Fixtures", "Adder");

cilbind::generated::class_wrapper!(unsafe
    /// Claims what is false: that `Fixtures.Adder` implements `Fixtures.INamed`.
    Forged(Object), ADDER, [Object, INamed]
);

cilbind::generated::class_wrapper!(unsafe
    /// Claims what is true, over the same `TypeRef` as `Forged`: a proof belongs to the
    /// wrapper whose relations it checked, not to the type both name.
    Honest(Object), ADDER, [Object, IValue]
);

/// `Soundness.Counter`, of an assembly no other test of this file loads.
static ELSEWHERE: TypeRef = TypeRef::new("Soundness", "Soundness", "Counter");

cilbind::generated::class_wrapper!(unsafe
    /// `Soundness.Counter`'s wrapper.
    Ghost(Object), ELSEWHERE, [Object]
);

cilbind::generated::class_wrapper!(unsafe
    /// Claims that `Fixtures.Adder` converts to `Soundness.Counter`, whose assembly is not
    /// loaded when it is proved.
    Absentee(Object), ADDER, [Object, Ghost]
);

/// A wrapper written by hand, with no proof: safe code may claim anything with `Is`.
#[derive(Clone, Debug)]
struct Loose(Object);

impl ManagedType for Loose {
    fn class() -> cilbind::Result<cilbind::Class> {
        <Object as ManagedType>::class()
    }
}

impl Reference for Loose {
    unsafe fn from_object_unchecked(obj: Object) -> Self {
        Loose(obj)
    }
    fn as_object(&self) -> &Object {
        &self.0
    }
    fn into_object(self) -> Object {
        self.0
    }
}

impl Is<INamed> for Loose {}

fn adder() -> Adder {
    managed_tests::basics::init().unwrap();
    Calls::new_adder().unwrap().expect("an Adder")
}

#[test]
fn a_wrapper_whose_relations_do_not_hold_cannot_be_made() {
    let adder = adder();
    let broken = ["Fixtures.Adder does not implement Fixtures.INamed".to_string()];
    // Proved first: another wrapper of the same type, whose relations hold.
    assert_eq!(Honest::class().unwrap().name(), "Adder");
    match Forged::class() {
        Err(Error::TypeGraphMismatch { broken: found }) => assert_eq!(&*found, broken),
        other => panic!("a false relation was not caught: {other:?}"),
    }
    // Every checked way of making one resolves that class, and fails the same way.
    match Forged::from_object(adder.as_object().clone()) {
        Err(Error::TypeGraphMismatch { broken: found }) => assert_eq!(&*found, broken),
        other => panic!("a Forged was made: {other:?}"),
    }
    match adder.as_object().cast::<Forged>() {
        Err(Error::TypeGraphMismatch { broken: found }) => assert_eq!(&*found, broken),
        other => panic!("a Forged was made by a cast: {other:?}"),
    }
    // What the generated bindings assume does hold, and their own wrappers work.
    managed_tests::basics::check_types().unwrap();
    assert_eq!(adder.add_to(2).unwrap(), 3);
}

#[test]
fn calls_through_proved_wrappers_run_and_unproved_receivers_are_still_checked() {
    let adder = adder();
    // Proved receivers: the class itself, an interface it implements (through the wrapper of
    // the class and through the interface's own wrapper), a base class's method by `Deref`.
    assert_eq!(adder.add_to(5).unwrap(), 6);
    // Calls.NewAdder makes a SubAdder: a subclass behind the Adder wrapper, dispatched to.
    assert_eq!(adder.virt(5).unwrap(), 25);
    assert_eq!(IValueExt::get(&adder, 3).unwrap(), 6);
    let value: IValue = adder.clone().into();
    assert_eq!(value.get(4).unwrap(), 7);
    let dog = Dog::new().unwrap();
    assert_eq!(dog.speak().unwrap().as_deref(), Some("Woof"));
    assert_eq!(INamedExt::name(&dog).unwrap().as_deref(), Some("Rex"));
    let named: INamed = dog.clone().into();
    assert_eq!(named.name().unwrap().as_deref(), Some("Rex"));

    // No proof: a hand-written wrapper claims an Adder is INamed. The call checks `this`
    // and refuses it, as it refuses every unproved receiver.
    let loose = Loose(adder.as_object().clone());
    match INamedExt::name(&loose) {
        Err(Error::InvalidArgument(message)) => {
            assert!(message.contains("Fixtures.INamed"), "{message}");
        }
        other => panic!("an Adder passed as INamed's this: {other:?}"),
    }
}

#[test]
fn a_target_the_assemblies_lack_stays_unresolved_for_the_rest_of_the_unit() {
    let adder = adder();
    // Soundness.dll is not loaded: the target is absent, which is no broken relation (Mono's
    // class library has interfaces .NET's facades do not forward), so the wrapper is made.
    let absentee = Absentee::from_object(adder.as_object().clone()).unwrap();
    let ghost: Ghost = absentee.into();
    // Once the assembly is there, the type resolves by any other reference, but not through
    // the one the proof marked: the Ghost above holds an Adder, and no call made through that
    // reference may take it for a Counter.
    managed_tests::load_fixture("Soundness");
    static FRESH: TypeRef = TypeRef::new("Soundness", "Soundness", "Counter");
    assert_eq!(FRESH.class().unwrap().name(), "Counter");
    assert!(matches!(Ghost::class(), Err(Error::ClassNotFound { .. })));
    static BUMP: MethodRef = MethodRef::new(&ELSEWHERE, "Bump", &[]);
    match BUMP.call::<_, ()>((This::new(&ghost, &ELSEWHERE),)) {
        Err(Error::ClassNotFound { name, .. }) => assert_eq!(name, "Counter"),
        other => panic!("a call through the marked reference: {other:?}"),
    }
    // Through the fresh reference, the Adder is checked as `this` and refused.
    static FRESH_BUMP: MethodRef = MethodRef::new(&FRESH, "Bump", &[]);
    match FRESH_BUMP.call::<_, ()>((This::new(&ghost, &FRESH),)) {
        Err(Error::InvalidArgument(message)) => assert!(message.contains("Soundness.Counter"), "{message}"),
        other => panic!("an Adder passed as a Counter's this: {other:?}"),
    }
}
