//! C#'s `using` for Rust: [`Disposing`] calls `IDisposable.Dispose()` on the object it holds
//! when it goes out of scope.
//!
//! One generic guard for every reference type, with no generated code: whether the object
//! is disposable is checked once, when the guard is made (the object's runtime class must
//! implement `System.IDisposable`), and the call itself is checked again like every call.

use std::fmt;
use std::ops::Deref;

use crate::call::{MethodRef, TypeRef};
use crate::error::{Error, Result};
use crate::value::{Object, Reference};

static IDISPOSABLE: TypeRef = TypeRef::new("mscorlib", "System", "IDisposable");

/// `IDisposable.Dispose()` on `obj` (virtual: the object's own implementation runs).
pub(crate) fn dispose(obj: &Object) -> Result<()> {
    static DISPOSE: MethodRef = MethodRef::new(&IDISPOSABLE, "Dispose", &[]);
    DISPOSE.call((obj,))
}

/// A reference-type value that is disposed (`IDisposable.Dispose()`) when the guard is
/// dropped, like a C# `using` block. It dereferences to the value, so its methods are called
/// as usual:
///
/// ```ignore
/// use cilbind::DisposeOnDrop;
/// let reader = JsonTextReader::new(Some(&text_reader))?.disposing()?;
/// while reader.read()? {
///     println!("{:?}", reader.token_type()?);
/// }
/// // `reader.Dispose()` runs here, also on an early return or a panic.
/// ```
///
/// An exception thrown by `Dispose` when the guard is dropped is ignored (a destructor has
/// nowhere to report it); [`Disposing::dispose`] disposes at once and returns it.
pub struct Disposing<T: Reference> {
    /// `None` once disposed or handed back.
    value: Option<T>,
}

impl<T: Reference> Disposing<T> {
    /// Guards `value`; [`Error::InvalidCast`] when the object's class does not implement
    /// `System.IDisposable` (nothing would be disposed).
    pub fn new(value: T) -> Result<Self> {
        let disposable = IDISPOSABLE.class()?;
        let actual = value.as_object().class()?;
        if !disposable.is_assignable_from(actual) {
            return Err(Error::InvalidCast {
                from: actual.full_name(),
                to: disposable.full_name(),
            });
        }
        Ok(Disposing { value: Some(value) })
    }

    /// Disposes the value now, returning what `Dispose` threw (dropping the guard does the
    /// same but ignores it).
    pub fn dispose(mut self) -> Result<()> {
        match self.value.take() {
            Some(value) => dispose(value.as_object()),
            None => Ok(()),
        }
    }

    /// Hands the value back without disposing it.
    pub fn into_inner(mut self) -> T {
        self.value.take().expect("a guard holds its value until dropped")
    }
}

impl<T: Reference> Deref for Disposing<T> {
    type Target = T;
    fn deref(&self) -> &T {
        self.value.as_ref().expect("a guard holds its value until dropped")
    }
}

impl<T: Reference> Drop for Disposing<T> {
    fn drop(&mut self) {
        if let Some(value) = self.value.take() {
            // Ignored on purpose: see the type's documentation.
            let _ = dispose(value.as_object());
        }
    }
}

impl<T: Reference + fmt::Debug> fmt::Debug for Disposing<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Disposing").field(&self.value).finish()
    }
}

/// `value.disposing()`: [`Disposing::new`] in method form, for every reference type.
pub trait DisposeOnDrop: Reference {
    /// A guard that disposes `self` when dropped; [`Error::InvalidCast`] when the object
    /// does not implement `System.IDisposable`.
    fn disposing(self) -> Result<Disposing<Self>> {
        Disposing::new(self)
    }
}

impl<T: Reference> DisposeOnDrop for T {}
