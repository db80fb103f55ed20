//! String arguments. A bound method's `string` parameter (and a `string` field's setter)
//! takes `impl StrArg`, so a caller passes the string they have, as C# would: `"text"`, a
//! `&String` or `String`, a [`NetString`] (by reference or by value), or `None` for null.
//! `Some("text")` is accepted as well.
//!
//! The generated function turns the argument into a [`StrValue`] first thing, so only that
//! one conversion is compiled per argument type: the call itself is the same code whatever
//! the caller passed.

use crate::call::recorded::{describe_object, Recorded};
use crate::error::Result;
use crate::host::{raw, ObjectRef};
use crate::value::{NetString, Reference};

mod sealed {
    pub trait Sealed {}
}

/// What a `string` parameter accepts (sealed): `&str`, `&String`, `String`, `&NetString`,
/// `NetString`, and `Option<&str>` (`None` is null).
///
/// `Option<&str>` is the one `Option` it takes, so that a bare `None` needs no annotation;
/// for an `Option<String>` in hand, pass `opt.as_deref()`.
///
/// ```
/// # fn takes(_: impl cilbind::StrArg) {}
/// let owned = String::from("text");
/// takes("text");
/// takes(&owned);
/// takes(None);
/// takes(Some("text"));
/// takes(owned);
/// ```
pub trait StrArg: sealed::Sealed {
    /// The argument, ready for the call (generated code calls this; nothing else needs to).
    #[doc(hidden)]
    fn into_str<'a>(self) -> StrValue<'a>
    where
        Self: 'a;
}

/// A `string` argument ready for a call: text to make a new .NET string of, an existing
/// .NET string, or null. Made by [`StrArg`].
pub struct StrValue<'a>(Repr<'a>);

enum Repr<'a> {
    Null,
    Text(&'a str),
    Owned(String),
    Net(&'a NetString),
    NetOwned(NetString),
}

impl StrValue<'_> {
    /// The reference the call passes, and the handle that keeps it alive until the call
    /// returns when the argument was a `NetString` given by value. A new .NET string (from
    /// text) lives on the caller's stack only, as every argument's reference does (Mono scans
    /// native stacks conservatively).
    pub(crate) fn lower(self) -> Result<(ObjectRef, Option<NetString>)> {
        match self.0 {
            Repr::Null => Ok((ObjectRef::NULL, None)),
            Repr::Text(s) => new_string(s),
            Repr::Owned(s) => new_string(&s),
            Repr::Net(n) => Ok((n.as_object().raw()?, None)),
            Repr::NetOwned(n) => Ok((n.as_object().raw()?, Some(n))),
        }
    }

    /// The argument as a call to a remote runtime sends it: text by value, a string object by
    /// its remote handle.
    pub(crate) fn remote(&self) -> crate::Result<Recorded> {
        match &self.0 {
            Repr::Null => Ok(Recorded::Null),
            Repr::Text(s) => Ok(Recorded::String((*s).to_string())),
            Repr::Owned(s) => Ok(Recorded::String(s.clone())),
            Repr::Net(n) => crate::remote::values::object(Some(n.as_object())),
            Repr::NetOwned(n) => crate::remote::values::object(Some(n.as_object())),
        }
    }

    /// The argument as the call log records it.
    pub(crate) fn describe(&self) -> Recorded {
        match &self.0 {
            Repr::Null => Recorded::Null,
            Repr::Text(s) => Recorded::String((*s).to_string()),
            Repr::Owned(s) => Recorded::String(s.clone()),
            Repr::Net(n) => describe_object(n.as_object()),
            Repr::NetOwned(n) => describe_object(n.as_object()),
        }
    }
}

fn new_string(s: &str) -> Result<(ObjectRef, Option<NetString>)> {
    crate::Runtime::get()?;
    Ok((raw::string_from_str(s)?, None))
}

impl sealed::Sealed for &str {}
impl StrArg for &str {
    #[inline]
    fn into_str<'a>(self) -> StrValue<'a>
    where
        Self: 'a,
    {
        StrValue(Repr::Text(self))
    }
}

impl sealed::Sealed for &String {}
impl StrArg for &String {
    #[inline]
    fn into_str<'a>(self) -> StrValue<'a>
    where
        Self: 'a,
    {
        StrValue(Repr::Text(self))
    }
}

impl sealed::Sealed for String {}
impl StrArg for String {
    #[inline]
    fn into_str<'a>(self) -> StrValue<'a>
    where
        Self: 'a,
    {
        StrValue(Repr::Owned(self))
    }
}

impl sealed::Sealed for &NetString {}
impl StrArg for &NetString {
    #[inline]
    fn into_str<'a>(self) -> StrValue<'a>
    where
        Self: 'a,
    {
        StrValue(Repr::Net(self))
    }
}

impl sealed::Sealed for NetString {}
impl StrArg for NetString {
    #[inline]
    fn into_str<'a>(self) -> StrValue<'a>
    where
        Self: 'a,
    {
        StrValue(Repr::NetOwned(self))
    }
}

impl sealed::Sealed for Option<&str> {}
impl StrArg for Option<&str> {
    #[inline]
    fn into_str<'a>(self) -> StrValue<'a>
    where
        Self: 'a,
    {
        StrValue(self.map_or(Repr::Null, Repr::Text))
    }
}
