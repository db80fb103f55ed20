//! `this` that carries its proof: a receiver whose class no call needs to check again.
//!
//! A call checks every object it passes against the type the method declares
//! (`type_check.rs`): on Mono, a thunk given an object of another class reads and writes it at
//! the wrong offsets. For `this` of a generated binding, that check re-proves on every call
//! what the receiver's Rust type already says: a class wrapper (`class_wrapper!`) holds an
//! instance of its class and of every base and interface it declares, proved against the
//! loaded assemblies once per unit (`type_graph.rs`), and a handle of an older unit is stale.
//! Generated instance methods pass `this` as [`This`]: when the wrapper proves the very type
//! the method's `MethodRef` names, the call skips the class check of `this` (and of nothing
//! else: every other object argument is checked as before).
//!
//! Nothing here can be forged by safe code: a proof is a [`ClassProof`], which only `unsafe`
//! code makes (`class_wrapper!`, whose invocation is `unsafe`), and a `This` is made only from
//! a wrapper's own answer.

use crate::call::abi::{sealed, Arg, ArgSlot, RefSlot};
use crate::call::lookup::TypeRef;
use crate::call::recorded::{Describe, Recorded};
use crate::error::Result;
use crate::host::ObjectRef;
use crate::value::Reference;

/// A wrapper's promise that its value holds an instance of a type (see
/// [`Reference::class_proof`]).
#[doc(hidden)]
#[derive(Clone, Copy, Debug)]
pub struct ClassProof(());

impl ClassProof {
    /// The promise.
    ///
    /// # Safety
    /// Made only by a [`Reference::class_proof`] that returns it for `owner` exactly when
    /// every value of that wrapper type holds (a handle to) an instance of `owner`'s class in
    /// the current unit, or a stale handle.
    #[inline(always)]
    pub const unsafe fn new() -> ClassProof {
        ClassProof(())
    }
}

/// The receiver of a generated instance method: the object and, when its wrapper proves it,
/// the type the method's `MethodRef` names. Passed as the first argument of a raw call.
#[doc(hidden)]
pub struct This<'a> {
    this: &'a crate::Object,
    /// `owner` when the wrapper proved it (null otherwise).
    proved: *const TypeRef,
}

impl<'a> This<'a> {
    /// `this` of a method whose `MethodRef` names `owner`.
    #[inline(always)]
    pub fn new<T: Reference>(this: &'a T, owner: &'static TypeRef) -> This<'a> {
        let proved = match T::class_proof(owner) {
            Some(_) => owner as *const TypeRef,
            None => std::ptr::null(),
        };
        This {
            this: this.as_object(),
            proved,
        }
    }
}

/// The slot of a [`This`]: a reference slot that names the type it is proved an instance of.
#[derive(Clone, Copy)]
#[doc(hidden)]
pub struct ThisSlot {
    slot: RefSlot,
    proved: *const TypeRef,
}

impl sealed::Slot for ThisSlot {}
impl ArgSlot for ThisSlot {
    type Raw = ObjectRef;
    #[inline(always)]
    fn raw(&mut self) -> ObjectRef {
        self.slot.raw()
    }
    #[inline(always)]
    fn object(&self) -> Option<ObjectRef> {
        self.slot.object()
    }
    #[inline(always)]
    fn proved_type(&self) -> *const TypeRef {
        self.proved
    }
    #[inline(always)]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

impl sealed::Arg for This<'_> {}
impl Arg for This<'_> {
    const ABI: crate::Abi = <&crate::Object as Arg>::ABI;
    type Slot = ThisSlot;
    #[inline(always)]
    fn lower(self) -> Result<ThisSlot> {
        Ok(ThisSlot {
            slot: self.this.lower()?,
            proved: self.proved,
        })
    }
    fn to_remote(&self) -> Result<Recorded> {
        <&crate::Object as Arg>::to_remote(&self.this)
    }
}

impl Describe for This<'_> {
    fn describe(&self) -> Recorded {
        <&crate::Object as Describe>::describe(&self.this)
    }
}
