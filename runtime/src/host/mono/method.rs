//! Methods: Mono metadata handles for the methods of loaded classes, and their resolved
//! signatures. Like classes and fields (metadata.rs), they are not GC objects and live as
//! long as their image.

use std::ffi::c_void;
use std::ptr::{self, NonNull};

use super::ffi;
use super::metadata::{cstr, Class};
use super::runtime::owned_cstr;
use super::type_kind::TypeHandle;
use crate::error::{Error, Result};

/// A method (or constructor, or accessor) of a loaded class.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Method(pub(super) NonNull<ffi::MonoMethod>);

// SAFETY: MonoMethod pointers are immutable metadata, valid for the life of the process or,
// for methods of a reloaded unit's assemblies, until the reload (whose contract excludes
// using them afterwards).
unsafe impl Send for Method {}
// SAFETY: as above.
unsafe impl Sync for Method {}

impl Method {
    pub(crate) fn from_ptr(p: *mut ffi::MonoMethod) -> Option<Method> {
        NonNull::new(p).map(Method)
    }

    pub(crate) fn as_ptr(self) -> *mut ffi::MonoMethod {
        self.0.as_ptr()
    }

    /// The method's signature with every type in it resolved. A type Mono cannot load (its
    /// assembly is missing, say) is [`Error::TypeLoad`] naming the method and Mono's reason:
    /// `mono_method_signature` would return NULL there, and every `mono_signature_*` function
    /// dereferences its argument.
    pub(crate) fn signature(self) -> Result<Signature> {
        let sig = self.raw_signature()?;
        let mut iter: *mut c_void = ptr::null_mut();
        let mut params = Vec::new();
        loop {
            // SAFETY: non-null signature; iterator protocol of mono_signature_get_params.
            let t = unsafe { ffi::mono_signature_get_params(sig, &mut iter) };
            if t.is_null() {
                break;
            }
            params.push(TypeHandle(t));
        }
        // SAFETY: non-null signature; it always has a return type (System.Void included).
        let ret = unsafe { ffi::mono_signature_get_return_type(sig) };
        if ret.is_null() {
            return Err(Error::TypeLoad {
                member: self.qualified_name(),
                reason: "its signature has no return type".into(),
            });
        }
        Ok(Signature {
            params,
            ret: TypeHandle(ret),
        })
    }

    /// Mono's signature of the method (non-null), or [`Error::TypeLoad`] as for
    /// [`Method::signature`].
    pub(crate) fn raw_signature(self) -> Result<*mut ffi::MonoMethodSignature> {
        super::thread::ensure();
        let mut error = std::mem::MaybeUninit::<ffi::MonoError>::zeroed();
        // SAFETY: `error` is a zeroed MonoError that mono_error_init initialises; the method is
        // valid. The checked variant reports failures in `error` instead of asserting.
        let sig = unsafe {
            ffi::mono_error_init(error.as_mut_ptr());
            ffi::mono_method_signature_checked_slow(self.as_ptr(), error.as_mut_ptr())
        };
        // SAFETY: `error` was initialised above and is released exactly once here.
        let failure = unsafe {
            let failure = (sig.is_null() || ffi::mono_error_ok(error.as_mut_ptr()) == 0)
                .then(|| owned_cstr(ffi::mono_error_get_message(error.as_mut_ptr())));
            ffi::mono_error_cleanup(error.as_mut_ptr());
            failure
        };
        if let Some(reason) = failure {
            return Err(Error::TypeLoad {
                member: self.qualified_name(),
                reason: if reason.is_empty() {
                    "Mono could not resolve a type in its signature".into()
                } else {
                    reason
                },
            });
        }
        Ok(sig)
    }

    /// `Namespace.Type::Name`, for messages (needs no signature).
    pub fn qualified_name(self) -> String {
        format!("{}::{}", self.class().full_name(), self.name())
    }

    /// The method's name (`.ctor` for constructors).
    pub fn name(self) -> &'static str {
        // SAFETY: names live as long as the image.
        unsafe { cstr(ffi::mono_method_get_name(self.as_ptr())) }
    }

    /// The declaring class.
    pub fn class(self) -> Class {
        // SAFETY: every method has a declaring class.
        Class::from_ptr(unsafe { ffi::mono_method_get_class(self.as_ptr()) }).expect("method has a class")
    }

    fn flags(self) -> u32 {
        self.all_flags().0
    }

    /// The method's attributes and its implementation attributes (`MethodImplAttributes`).
    fn all_flags(self) -> (u32, u32) {
        let mut iflags = 0;
        // SAFETY: valid method and out slot.
        let flags = unsafe { ffi::mono_method_get_flags(self.as_ptr(), &mut iflags) };
        (flags, iflags)
    }

    /// True for an internal call (`[MethodImpl(MethodImplOptions.InternalCall)] extern`): its
    /// body is native code registered by name (see `Assembly::install_natives`).
    pub fn is_internal_call(self) -> bool {
        self.all_flags().1 & ffi::METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL != 0
    }

    /// True for static methods.
    pub fn is_static(self) -> bool {
        self.flags() & ffi::METHOD_ATTRIBUTE_STATIC != 0
    }

    /// True for a generic method definition (`M<T>`): its signature has a generic parameter
    /// count (ECMA-335 II.23.2.1), so it is never the same method as a non-generic `M` with the
    /// same parameters, and it cannot be called before it is instantiated.
    pub fn is_generic_definition(self) -> bool {
        // SAFETY: valid method; Mono returns NULL unless the method is a generic definition
        // and reads no signature (so a method with an unresolvable signature is fine too).
        !unsafe { ffi::mono_method_get_generic_container(self.as_ptr()) }.is_null()
    }

    /// The method's metadata token. A member of a closed generic type (`List<int>.Add`) has
    /// the token of the definition's member (``List`1.Add``).
    pub fn token(self) -> u32 {
        // SAFETY: valid method; reads its token field (an inflated method's declaring one).
        unsafe { ffi::mono_method_get_token(self.as_ptr()) }
    }

    /// True for virtual (and abstract, and interface) methods.
    pub fn is_virtual(self) -> bool {
        self.flags() & ffi::METHOD_ATTRIBUTE_VIRTUAL != 0
    }
}

/// A method's resolved signature: its parameter types and return type (the backend's
/// metadata, valid as long as the method).
pub(crate) struct Signature {
    pub(crate) params: Vec<TypeHandle>,
    pub(crate) ret: TypeHandle,
}

impl std::fmt::Display for Method {
    /// As the host's `Method` shows itself: `Ret Namespace.Type::Name(P1, P2)`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&crate::host::Method::from(*self), f)
    }
}

impl std::fmt::Debug for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Method({self})")
    }
}
