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
use crate::host::{Class, RawObject};

/// What one reference parameter accepts.
pub(crate) struct ClassCheck {
    /// The declared class (or interface).
    declared: Class,
    /// `System.Object`: every object is an instance.
    any: bool,
    /// Whether null may be passed (not for `this`, nor for a struct's box).
    nullable: bool,
    /// Address of the last class that passed the assignability walk (0: none yet). Any class
    /// stored here is assignable to `declared`, forever: class hierarchies never change.
    last_passed: AtomicUsize,
    /// The parameter's name for messages (`this`, `argument 2`).
    role: &'static str,
}

impl ClassCheck {
    /// A check for a parameter declared as `declared`.
    pub(crate) fn new(declared: Class, nullable: bool, role: &'static str) -> ClassCheck {
        ClassCheck {
            declared,
            any: declared == Class::object(),
            nullable,
            last_passed: AtomicUsize::new(0),
            role,
        }
    }

    /// Passes when `obj` is an instance of the declared type (or null, where allowed).
    #[inline]
    pub(crate) fn check(&self, obj: RawObject) -> Result<()> {
        match obj.class() {
            None if self.nullable => Ok(()),
            None => Err(self.null()),
            Some(actual) if actual == self.declared || self.any => Ok(()),
            Some(actual) if actual.as_ptr() as usize == self.last_passed.load(Ordering::Relaxed) => Ok(()),
            Some(actual) => self.check_slow(actual),
        }
    }

    #[cold]
    fn check_slow(&self, actual: Class) -> Result<()> {
        if self.declared.is_assignable_from(actual) {
            self.last_passed.store(actual.as_ptr() as usize, Ordering::Relaxed);
            Ok(())
        } else {
            Err(Error::InvalidArgument(format!(
                "{}: an object of type {} is not a {}",
                self.role,
                actual.full_name(),
                self.declared.full_name()
            )))
        }
    }

    #[cold]
    fn null(&self) -> Error {
        Error::NullReference(format!(
            "{} must be an instance of {}, not null",
            self.role,
            self.declared.full_name()
        ))
    }
}

/// Names for the roles of the first parameters (messages only).
pub(crate) fn role(index: usize, has_this: bool) -> &'static str {
    const ARGS: [&str; 18] = [
        "argument 0",
        "argument 1",
        "argument 2",
        "argument 3",
        "argument 4",
        "argument 5",
        "argument 6",
        "argument 7",
        "argument 8",
        "argument 9",
        "argument 10",
        "argument 11",
        "argument 12",
        "argument 13",
        "argument 14",
        "argument 15",
        "argument 16",
        "argument 17",
    ];
    match (has_this, index) {
        (true, 0) => "this",
        (true, i) => ARGS.get(i - 1).copied().unwrap_or("an argument"),
        (false, i) => ARGS.get(i).copied().unwrap_or("an argument"),
    }
}
