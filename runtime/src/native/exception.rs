//! What a native returns instead of a value when it fails: a managed exception to throw at the
//! C# call site.

use std::borrow::Cow;
use std::fmt;

use crate::error::{Error, Result};
use crate::host::{Class, Runtime};
use crate::value::ManagedType;

/// The result of a native's Rust body: `Err` throws the [`ManagedException`] in C#.
pub type NativeResult<T> = std::result::Result<T, ManagedException>;

/// A managed exception that a native throws at its C# call site: an exception type and a
/// message (`Exception.Message`). The exception object is made only when it is thrown, with the
/// type's public `(string message)` constructor.
///
/// ```
/// use cilbind::native::ManagedException;
/// let e = ManagedException::named("System.ArgumentException", "amount must be positive");
/// assert_eq!(e.message(), "amount must be positive");
/// assert_eq!(e.to_string(), "System.ArgumentException: amount must be positive");
/// ```
///
/// A type that is no concrete subclass of `System.Exception` with such a constructor, or a name
/// that is not found, throws `System.InvalidOperationException` instead, whose message names
/// the type asked for and carries the message. Any [`cilbind::Error`](crate::Error) converts
/// (so `?` works on calls into managed code inside a native): a managed exception keeps its
/// type when mscorlib defines it, other errors map to the closest .NET exception.
#[derive(Clone)]
pub struct ManagedException {
    kind: Kind,
    message: String,
}

#[derive(Clone)]
enum Kind {
    /// A bound type: its class is found when thrown.
    Of(fn() -> Result<Class>, &'static str),
    /// A full type name: mscorlib's, or `[Assembly]Ns.Name` for a loaded assembly's.
    Named(Cow<'static, str>),
    /// A class in hand.
    Class(Class),
    /// A Rust panic: `Cilbind.RustPanicException`.
    Panic,
}

impl ManagedException {
    /// An exception of the bound type `T` (a generated exception class such as
    /// `system::ArgumentException`, or any wrapper whose class derives from `System.Exception`).
    pub fn new<T: ManagedType>(message: impl Into<String>) -> ManagedException {
        ManagedException {
            kind: Kind::Of(T::class, std::any::type_name::<T>()),
            message: message.into(),
        }
    }

    /// An exception of the type named `full_name`: a type of mscorlib (`System.ArgumentException`,
    /// `System.Collections.Generic.KeyNotFoundException`) or, written `[Assembly]Ns.Name`, of a
    /// loaded assembly (`[Game]Game.RuleViolation`).
    pub fn named(full_name: impl Into<Cow<'static, str>>, message: impl Into<String>) -> ManagedException {
        ManagedException {
            kind: Kind::Named(full_name.into()),
            message: message.into(),
        }
    }

    /// An exception of `class` (looked up at run time).
    pub fn with_class(class: Class, message: impl Into<String>) -> ManagedException {
        ManagedException {
            kind: Kind::Class(class),
            message: message.into(),
        }
    }

    /// The `Cilbind.RustPanicException` a panic becomes (the runtime's C# helper defines it).
    pub(crate) fn panic(message: String) -> ManagedException {
        ManagedException {
            kind: Kind::Panic,
            message,
        }
    }

    /// The exception's message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The type's name as given (the Rust type's name for [`ManagedException::new`]).
    pub fn type_name(&self) -> Cow<'_, str> {
        match &self.kind {
            Kind::Of(_, rust) => Cow::Borrowed(rust),
            Kind::Named(name) => Cow::Borrowed(name),
            Kind::Class(class) => Cow::Owned(class.full_name()),
            Kind::Panic => Cow::Borrowed("Cilbind.RustPanicException"),
        }
    }

    /// The exception class, or why it cannot be found.
    pub(crate) fn class(&self) -> Result<Class> {
        let rt = Runtime::get()?;
        match &self.kind {
            Kind::Of(class, _) => class(),
            Kind::Class(class) => Ok(*class),
            Kind::Panic => rt.helper()?.class("Cilbind", "RustPanicException"),
            Kind::Named(name) => {
                let (assembly, full) = match name.strip_prefix('[').and_then(|rest| rest.split_once(']')) {
                    Some((assembly, full)) => (rt.assembly(assembly)?, full),
                    None => (rt.corlib(), &**name),
                };
                let (namespace, simple) = full.rsplit_once('.').unwrap_or(("", full));
                assembly.class(namespace, simple)
            }
        }
    }
}

impl fmt::Display for ManagedException {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.type_name(), self.message)
    }
}

impl fmt::Debug for ManagedException {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ManagedException({self})")
    }
}

impl std::error::Error for ManagedException {}

impl From<Error> for ManagedException {
    /// A managed exception keeps its type name (thrown as that type when mscorlib defines it)
    /// and message; `InvalidArgument` and `InvalidUtf16` become `System.ArgumentException`,
    /// `InvalidCast` `System.InvalidCastException`, `NullReference`
    /// `System.NullReferenceException`, anything else `System.InvalidOperationException`, each
    /// with the error's text.
    fn from(error: Error) -> ManagedException {
        let name = match &error {
            Error::ManagedException { type_name, message, .. } => {
                return ManagedException::named(type_name.clone(), message.clone());
            }
            Error::InvalidArgument(_) | Error::InvalidUtf16 { .. } => "System.ArgumentException",
            Error::InvalidCast { .. } => "System.InvalidCastException",
            Error::NullReference(_) => "System.NullReferenceException",
            _ => "System.InvalidOperationException",
        };
        ManagedException::named(name, error.to_string())
    }
}
