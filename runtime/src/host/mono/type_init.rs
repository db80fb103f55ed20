//! Type initializers (static constructors): run before the first access to a class's static
//! fields, as C# runs them.
//!
//! Mono's C API does not run them for us: `mono_class_vtable` only makes the storage, and
//! `mono_field_static_get_value`/`_set_value` read and write it as it is, so a static read
//! before any managed member of the class ran gave the zeroed storage (a `static readonly`
//! matrix of zeros, a null string) and no error. `mono_runtime_class_init` (the one runner
//! Mono 6.8 exports) asserts when the initializer throws, ending the process, and
//! `mono_field_get_value_object` runs the initializer the same way. So the initializer runs
//! through managed code, `RuntimeHelpers.RunClassConstructor`: once per class and domain,
//! waiting while another thread runs it, returning at once when this thread is inside it (as
//! a recursive access from C# does), and throwing .NET's `TypeInitializationException`
//! around the initializer's exception on this and every later attempt, as .NET does.

use std::ffi::c_void;

use super::ffi;
use super::metadata::Class;
use super::raw::ObjectRef;
use super::runtime::Runtime;
use super::EpochCell;
use crate::error::{Error, Result};

/// Mono's static storage of a class whose type initializer has run (or is running on this
/// thread): its vtable in the current unit (the host's `type_init.rs` pairs it with the class).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Statics {
    vtable: *mut ffi::MonoVTable,
}

// SAFETY: a vtable is runtime data of its domain, immutable once made and never freed while
// the domain lives; every `Statics` is cached per unit (`EpochCell`), so none outlives it.
unsafe impl Send for Statics {}
// SAFETY: as above.
unsafe impl Sync for Statics {}

impl Statics {
    pub(crate) fn vtable(self) -> *mut ffi::MonoVTable {
        self.vtable
    }
}

/// The static storage of `class` in the current unit; the caller ran its type initializer
/// (Mono would run it itself, and abort the process if it threw).
pub(crate) fn statics_of(class: Class) -> Result<Statics> {
    let rt = Runtime::get()?;
    // SAFETY: valid domain and class; NULL if the class cannot be loaded.
    let vtable = unsafe { ffi::mono_class_vtable(rt.domain(), class.as_ptr()) };
    if vtable.is_null() {
        return Err(Error::Unsupported(format!(
            "Mono cannot make the static storage of class {}",
            class.full_name()
        )));
    }
    Ok(Statics { vtable })
}

/// Runs `class`'s type initializer unless it ran, as C# does before a first static access:
/// `Err` with .NET's `TypeInitializationException` (its `InnerException` the initializer's
/// exception) when the initializer throws, on this and every later call.
pub(crate) fn run_type_initializer(class: Class) -> Result<()> {
    static RUN: EpochCell<super::metadata::Method> = EpochCell::new();
    let rt = Runtime::get()?;
    let run = *RUN.get_or_try_init(|| {
        rt.corlib()
            .class("System.Runtime.CompilerServices", "RuntimeHelpers")?
            .method("RunClassConstructor", &["System.RuntimeTypeHandle"])
    })?;
    // A `RuntimeTypeHandle` is one pointer, Mono's `MonoType*` of the class; a value-type
    // argument of `mono_runtime_invoke` is passed as a pointer to its value.
    // SAFETY: valid class.
    let mut handle = unsafe { ffi::mono_class_get_type(class.as_ptr()) };
    let mut args = [&mut handle as *mut *mut ffi::MonoType as *mut c_void];
    match super::entry::runtime_invoke(run, std::ptr::null_mut(), &mut args) {
        Ok(_) => Ok(()),
        Err(exc) => Err(thrown(exc)),
    }
}

/// The error of a thrown exception (kept on this stack while it is read).
fn thrown(exc: ObjectRef) -> Error {
    super::exception::to_error(exc)
}
