//! Checking objects against the types a method declares, before the call.
//!
//! Mono's unmanaged thunks trust their arguments: given an object of another class as `this`
//! or as a parameter, JIT-compiled code reads and writes its fields at the declared class's
//! offsets, past the end of a small object or into another object's references. The ABI
//! classes ([`Abi`](crate::Abi)) only say that a reference is passed; a [`ClassCheck`] per
//! reference parameter says which class it must be, so that every object crossing the raw path
//! is an instance of the declared type (that class, a subclass, or a class implementing the
//! interface), and `this` is never null.
//!
//! Cost: one class-pointer compare when the object's class is exactly the declared one (the
//! common case: `this` of a sealed or leaf class, strings, boxes), a second compare against
//! the last class that passed the full check (subclasses, interface implementations), and
//! Mono's assignability walk only for a class seen for the first time.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::{Error, Result};
use crate::host::{Class, ObjectRef, Position, RefParam};

/// What one reference parameter accepts.
pub(crate) struct ClassCheck {
    /// The declared class (or interface).
    declared: Class,
    /// `System.Object`: every object is an instance.
    any: bool,
    /// Whether null may be passed (not for `this`, nor for a struct's box).
    nullable: bool,
    /// Only the declared class itself passes (a `Nullable<T>` parameter's box of `T`).
    exact: bool,
    /// Address of the last class that passed the assignability walk (0: none yet). Any class
    /// stored here is assignable to `declared`, forever: class hierarchies never change.
    last_passed: AtomicUsize,
    /// The entry point checks the class itself (see `RefParam`): only null is checked here.
    by_entry: bool,
    /// Which parameter this is, for messages.
    position: Position,
}

impl ClassCheck {
    /// A check for a parameter declared as `declared`.
    pub(crate) fn new(declared: Class, nullable: bool, position: Position) -> ClassCheck {
        ClassCheck {
            declared,
            any: declared == Class::object(),
            nullable,
            exact: false,
            last_passed: AtomicUsize::new(0),
            by_entry: false,
            position,
        }
    }

    /// The check the backend asked for.
    pub(crate) fn from_param(p: RefParam) -> ClassCheck {
        ClassCheck {
            exact: p.exact,
            by_entry: p.class_checked_by_entry && !p.exact,
            ..ClassCheck::new(p.declared, p.nullable, p.position)
        }
    }

    /// Passes when `obj` is an instance of the declared type (or null, where allowed).
    // Always inlined in release builds: the host's class read has two backends' arms, which
    // took it over the inliner's threshold (instance calls: 205 → 225 instructions).
    #[cfg_attr(not(debug_assertions), inline(always))]
    pub(crate) fn check(&self, obj: ObjectRef) -> Result<()> {
        if self.by_entry {
            return if obj.is_null() && !self.nullable {
                Err(self.null())
            } else {
                Ok(())
            };
        }
        match obj.class() {
            None if self.nullable => Ok(()),
            None => Err(self.no_class(obj)),
            Some(actual) if actual == self.declared || self.any => Ok(()),
            Some(actual) if actual.to_bits() == self.last_passed.load(Ordering::Relaxed) => Ok(()),
            Some(actual) => self.check_slow(actual),
        }
    }

    /// The error of a non-nullable argument without a class: null, or a word naming a slot
    /// whose key was released (CoreCLR's arguments are checked words the store did not read:
    /// see `HandleStore::argument_word`), which is a stale handle, not a null.
    #[cold]
    fn no_class(&self, obj: ObjectRef) -> Error {
        if obj.is_null() {
            self.null()
        } else {
            Error::StaleHandle
        }
    }

    #[cold]
    fn check_slow(&self, actual: Class) -> Result<()> {
        if !self.exact && self.declared.is_assignable_from(actual) {
            self.last_passed.store(actual.to_bits(), Ordering::Relaxed);
            Ok(())
        } else {
            Err(Error::InvalidArgument(format!(
                "{}: an object of type {} is not a {}",
                self.position,
                actual.full_name(),
                self.declared.full_name()
            )))
        }
    }

    #[cold]
    fn null(&self) -> Error {
        Error::NullReference(format!(
            "{} must be an instance of {}, not null",
            self.position,
            self.declared.full_name()
        ))
    }
}
