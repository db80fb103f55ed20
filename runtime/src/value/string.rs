//! `System.String`.
//!
//! .NET strings are sequences of UTF-16 code units and may contain lone surrogates, which no
//! Rust `String` can hold. The rule: reading a .NET string as a Rust `String` (method returns,
//! [`NetString::to_string`]) fails with [`Error::InvalidUtf16`] naming the first lone
//! surrogate; [`NetString::to_string_lossy`] replaces each with U+FFFD; and
//! [`NetString::to_utf16`] / [`NetString::from_utf16`] carry any code units exactly.

use crate::error::{Error, Result};
use crate::host::{raw, Class, ObjectRef};
use crate::value::{ManagedType, Object, Reference};

/// A handle to a `System.String` object.
#[derive(Clone, Debug)]
pub struct NetString(Object);

impl NetString {
    /// A new .NET string with the text of `s`. A text of more UTF-16 code units than a .NET
    /// string holds (2³¹ − 1), or one Mono cannot allocate, is the `OutOfMemoryException` .NET
    /// throws for it ([`Error::ManagedException`]), never a shorter string.
    ///
    /// In a client of a remote runtime the string is made on the server.
    pub fn new(s: &str) -> Result<NetString> {
        if crate::remote::connected() {
            return remote::new(s);
        }
        let raw = raw::string_from_str(s)?;
        Ok(NetString(
            Object::from_raw(raw)?.expect("string_from_str never gives null"),
        ))
    }

    /// A new .NET string with exactly these code units (lone surrogates allowed); too many
    /// units is an error as for [`NetString::new`].
    ///
    /// In a client of a remote runtime text crosses the connection as Rust strings do: units
    /// with a lone surrogate are [`Error::Unsupported`] there.
    pub fn from_utf16(units: &[u16]) -> Result<NetString> {
        if crate::remote::connected() {
            let text = decode_utf16(units).map_err(|e| {
                Error::Unsupported(format!(
                    "a string with a lone surrogate cannot be made on a remote runtime ({e}): text crosses \
                     the connection as UTF-8"
                ))
            })?;
            return remote::new(&text);
        }
        let raw = raw::string_new(units)?;
        Ok(NetString(Object::from_raw(raw)?.expect("string_new never gives null")))
    }

    /// The code units, exactly.
    pub fn to_utf16(&self) -> Result<Vec<u16>> {
        match self.0.raw() {
            Ok(raw) => raw::string_units(raw),
            Err(_) if crate::remote::connected() => remote::units(&self.0),
            Err(e) => Err(e),
        }
    }

    /// The text as a Rust string; a lone surrogate is [`Error::InvalidUtf16`].
    #[allow(clippy::inherent_to_string)]
    pub fn to_string(&self) -> Result<String> {
        decode_utf16(&self.to_utf16()?)
    }

    /// The text with each lone surrogate replaced by U+FFFD.
    pub fn to_string_lossy(&self) -> Result<String> {
        Ok(String::from_utf16_lossy(&self.to_utf16()?))
    }

    /// Length in UTF-16 code units (`String.Length`).
    pub fn len(&self) -> Result<usize> {
        Ok(self.to_utf16()?.len())
    }

    /// True for the empty string.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }
}

/// A string held on the server of a client of a remote runtime: made and read there through
/// calls (strings cross a connection by value; a handle to one is what the server keeps).
mod remote {
    use super::NetString;
    use crate::call::{MethodRef, TypeRef};
    use crate::error::{Error, Result};
    use crate::value::{Array, Char, Object};

    static HELPERS: TypeRef = TypeRef::new("mscorlib", "System.Runtime.CompilerServices", "RuntimeHelpers");
    /// Returns its argument as `object`: a string passed to it comes back as a handle.
    static AS_OBJECT: MethodRef = MethodRef::new(&HELPERS, "GetObjectValue", &["System.Object"]);
    static STRING: TypeRef = TypeRef::new("mscorlib", "System", "String");
    static TO_CHAR_ARRAY: MethodRef = MethodRef::new(&STRING, "ToCharArray", &[]);

    /// A string made on the server, as a handle.
    pub(super) fn new(text: &str) -> Result<NetString> {
        let object: Option<Object> = AS_OBJECT.call((text,))?;
        object
            .map(NetString)
            .ok_or_else(|| Error::NullReference("the server made no string".into()))
    }

    /// The code units of the server's string, exactly (its `ToCharArray`, read as bytes).
    pub(super) fn units(string: &Object) -> Result<Vec<u16>> {
        let chars: Option<Array<Char>> = TO_CHAR_ARRAY.call((string,))?;
        let chars = chars.ok_or_else(|| Error::NullReference("String.ToCharArray returned null".into()))?;
        Ok(chars.to_vec()?.into_iter().map(|c| c.0).collect())
    }
}

/// Decodes UTF-16 strictly: the first lone surrogate is an error with its index.
pub(crate) fn decode_utf16(units: &[u16]) -> Result<String> {
    let mut out = String::with_capacity(units.len());
    let mut index = 0;
    for r in char::decode_utf16(units.iter().copied()) {
        match r {
            Ok(c) => {
                out.push(c);
                index += c.len_utf16();
            }
            Err(e) => {
                return Err(Error::InvalidUtf16 {
                    index,
                    unit: e.unpaired_surrogate(),
                })
            }
        }
    }
    Ok(out)
}

/// Reads a string a call returned: `None` for null; an object of another class (a binding
/// that typed a method's `object` result as a string, say) is [`Error::InvalidCast`], never
/// a read of its memory as string data.
pub(crate) fn read_string(raw: ObjectRef) -> Result<Option<String>> {
    let Some(class) = raw.class() else {
        return Ok(None);
    };
    if class != Class::string() {
        return Err(Error::InvalidCast {
            from: class.full_name(),
            to: "System.String".into(),
        });
    }
    decode_utf16(&raw::string_units(raw)?).map(Some)
}

impl ManagedType for NetString {
    fn class() -> Result<Class> {
        crate::Runtime::get()?;
        Ok(Class::string())
    }
    fn type_ref() -> Option<&'static crate::TypeRef> {
        static TYPE: crate::TypeRef = crate::TypeRef::new("mscorlib", "System", "String");
        Some(&TYPE)
    }
}

impl Reference for NetString {
    unsafe fn from_object_unchecked(obj: Object) -> Self {
        NetString(obj)
    }
    fn as_object(&self) -> &Object {
        &self.0
    }
    fn into_object(self) -> Object {
        self.0
    }
}

impl AsRef<Object> for NetString {
    fn as_ref(&self) -> &Object {
        &self.0
    }
}

impl crate::Is<Object> for NetString {}
