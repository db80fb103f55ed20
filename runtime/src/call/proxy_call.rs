//! The Rust end of a C# → Rust call into a proxy (a Rust implementation of a .NET interface
//! or subclass, `crate::proxy`): what a thunk registered as a proxy's internal call receives,
//! and [`dispatch`], which finds the Rust value and turns errors and panics into managed
//! exceptions thrown at the C# call site.
//!
//! A thunk is an `extern "C" fn(this: ProxyThis, key: i64, params…) -> R` where each
//! parameter and `R` are Mono's native forms (primitives as themselves, `bool` as `u8`,
//! references as [`LentObject`]); its body calls [`dispatch`]. It is registered once per
//! proxy class (`ProxyEntry`, made with `proxy_entry!(unsafe …)`), so a call costs one raw
//! internal call, one TLS check, one slab lookup (`proxy_slab`) and the Rust method.

use std::panic::{catch_unwind, AssertUnwindSafe};

use super::proxy_slab;
use crate::error::{Error, Result};
use crate::host::proxy::throw_at_caller;
use crate::host::{raw, RawObject};
use crate::proxy::ProxyType;
use crate::value::{Object, Reference};

/// The proxy object an internal call received as `this`. Only Mono makes one (there is no
/// constructor), and it is neither `Clone` nor `Copy`: while it is borrowed it sits in the
/// thunk's frame, which keeps the object alive (see `proxy_slab`).
#[repr(transparent)]
pub struct ProxyThis(RawObject);

/// An object argument lent to a C# → Rust call (valid for the call: it is on the caller's
/// stack and the thunk's). Only Mono makes one.
#[repr(transparent)]
pub struct LentObject(RawObject);

impl LentObject {
    /// An owned handle to the object (`None` for null).
    pub fn to_object(&self) -> Option<Object> {
        Object::from_raw(self.0)
    }

    /// The object as `T`, checked; `None` for null.
    pub fn to_reference<T: Reference>(&self) -> Result<Option<T>> {
        crate::value::object::wrap(self.0)
    }

    /// The argument as a .NET string's text (`None` for null).
    pub fn to_text(&self) -> Result<Option<String>> {
        if self.0.is_null() {
            return Ok(None);
        }
        if self.0.class() != Some(crate::host::Class::string()) {
            return Err(Error::InvalidCast {
                from: self.0.class().map(|c| c.full_name()).unwrap_or_default(),
                to: "System.String".into(),
            });
        }
        crate::value::string::decode_utf16(&raw::string_units(self.0)).map(Some)
    }
}

/// The proxy being called, as the Rust implementation sees it: the managed object (for
/// calls back into it, e.g. base implementations) and its proxy class's forwarders.
pub struct Receiver<'a> {
    this: &'a ProxyThis,
    ty: &'static ProxyType,
}

impl Receiver<'_> {
    /// An owned handle to the proxy object.
    pub fn object(&self) -> Result<Object> {
        Object::from_raw(self.this.0).ok_or_else(|| Error::NullReference("the proxy object".into()))
    }

    /// The proxy class's forwarders (base calls, protected members).
    pub fn proxy_type(&self) -> &'static ProxyType {
        self.ty
    }
}

/// A Rust result in the native form a thunk returns.
pub trait ToNative: Sized {
    /// The native form (what the icall returns to Mono).
    type Native;
    /// Converts the value.
    fn to_native(self) -> Result<Self::Native>;
    /// What the thunk returns when it throws (Mono ignores it).
    fn failed() -> Self::Native;
}

macro_rules! native_same {
    ($($t:ty),*) => {$(
        impl ToNative for $t {
            type Native = $t;
            #[inline]
            fn to_native(self) -> Result<$t> {
                Ok(self)
            }
            #[inline]
            fn failed() -> $t {
                <$t>::default()
            }
        }
    )*};
}
native_same!((), i8, u8, i16, u16, i32, u32, i64, u64, f32, f64, isize, usize);

impl ToNative for bool {
    type Native = u8;
    #[inline]
    fn to_native(self) -> Result<u8> {
        Ok(self as u8)
    }
    fn failed() -> u8 {
        0
    }
}

impl ToNative for String {
    type Native = RawObject;
    fn to_native(self) -> Result<RawObject> {
        Ok(raw::string_new(&self.encode_utf16().collect::<Vec<_>>()))
    }
    fn failed() -> RawObject {
        RawObject::NULL
    }
}

impl ToNative for Option<String> {
    type Native = RawObject;
    fn to_native(self) -> Result<RawObject> {
        self.map_or(Ok(RawObject::NULL), String::to_native)
    }
    fn failed() -> RawObject {
        RawObject::NULL
    }
}

impl<T: Reference> ToNative for Option<T> {
    type Native = RawObject;
    fn to_native(self) -> Result<RawObject> {
        // The reference leaves its handle here and stays on this stack (then in the return
        // register) until Mono's caller holds it.
        self.map_or(Ok(RawObject::NULL), |o| o.as_object().raw())
    }
    fn failed() -> RawObject {
        RawObject::NULL
    }
}

/// Runs `f` with the Rust value behind the proxy `this` (whose key is `key`) and returns its
/// result in native form. A key that names no live value throws `ObjectDisposedException` at
/// the C# call site, an `Err` throws `InvalidOperationException` with the error's text, and a
/// panic is caught (never unwinds into Mono) and throws `InvalidOperationException`.
#[inline]
pub fn dispatch<T: Send + Sync + 'static, R: ToNative>(
    this: ProxyThis,
    key: i64,
    f: impl FnOnce(&T, &Receiver<'_>) -> Result<R>,
) -> R::Native {
    crate::host::thread_ensure();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `this` is the proxy Mono passed to this internal call (only Mono makes a
        // `ProxyThis`), kept in this frame until after the value's last use (black_box
        // below); the proxy class was built for `T` (`ProxyType::of::<T>` registers
        // thunks that dispatch to `T` on classes whose keys `insert::<T>` made).
        match unsafe { proxy_slab::get::<T>(this.0, key) } {
            Some((value, ty)) => f(value, &Receiver { this: &this, ty }).and_then(R::to_native),
            None => Err(Error::StaleHandle),
        }
    }));
    let result = match outcome {
        Ok(Ok(native)) => native,
        Ok(Err(Error::StaleHandle)) => {
            throw_at_caller(
                "System",
                "ObjectDisposedException",
                "the Rust value behind this object was released",
            );
            R::failed()
        }
        Ok(Err(e)) => {
            throw_at_caller("System", "InvalidOperationException", &e.to_string());
            R::failed()
        }
        Err(panic) => {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            throw_at_caller(
                "System",
                "InvalidOperationException",
                &format!("the Rust implementation panicked: {text}"),
            );
            R::failed()
        }
    };
    std::hint::black_box(&this);
    result
}

/// The `Created(object, long)` icall of every proxy class.
pub(crate) extern "C" fn created(this: RawObject, key: i64) {
    let _ = catch_unwind(|| proxy_slab::created(this, key));
}

/// `Cilbind.Proxies::Finalized(long)`.
pub(crate) extern "C" fn finalized(key: i64) {
    let _ = catch_unwind(|| proxy_slab::finalized(key));
}

/// `Cilbind.Proxies::Sweep()`.
pub(crate) extern "C" fn sweep() {
    let _ = catch_unwind(proxy_slab::sweep);
}
