//! Type initializers (static constructors) and static storage: C# runs a class's type
//! initializer before the first access to a static field, and so does cilbind, on both
//! backends, before it reads or writes one.

use super::backend::on_backend;
use super::{coreclr, mono, Class, Field};
use crate::error::{Error, Result};

/// The static storage of a class whose type initializer has run (or is running on this
/// thread): the only way to reach a static field's value (see `fields.rs`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Statics {
    class: Class,
    /// Mono's storage of the class in the current unit (its vtable); unused on CoreCLR,
    /// whose fields are reached through reflection.
    mono: Option<mono::type_init::Statics>,
}

impl Statics {
    /// The class whose storage this is.
    pub(crate) fn class(self) -> Class {
        self.class
    }

    /// Mono's storage, when Mono runs.
    pub(crate) fn mono(self) -> Option<mono::type_init::Statics> {
        self.mono
    }
}

/// The static storage of `field`'s class, after running the class's type initializer if it
/// has not run: an error if `field` is an instance field, and the initializer's failure
/// (`TypeInitializationException`) if it throws now or threw before. A `const` field (a
/// literal: metadata, not storage) reads without it, as in C#.
pub(crate) fn statics_of(field: Field) -> Result<Statics> {
    if !field.is_static() {
        return Err(Error::NullReference(format!(
            "instance field {} needs an instance",
            field.name()
        )));
    }
    let class = field.class();
    if !field.is_literal() {
        run_type_initializer(class)?;
    }
    on_backend!(
        mono => Ok(Statics { class, mono: Some(mono::type_init::statics_of(class.into())?) }),
        coreclr => Ok(Statics { class, mono: None }),
    )
}

/// Runs `class`'s type initializer unless it ran, as C# does before a first static access:
/// `Err` with .NET's `TypeInitializationException` (its `InnerException` the initializer's
/// exception) when the initializer throws, on this and every later call.
pub(crate) fn run_type_initializer(class: Class) -> Result<()> {
    on_backend!(
        mono => mono::type_init::run_type_initializer(class.into()),
        coreclr => coreclr::heap::run_type_initializer(class),
    )
}
