//! The raw-call shim: the hot path. A [`Thunk`] is a native entry point resolved once and
//! cached in a [`MethodRef`](crate::MethodRef); calling it lowers the arguments to their
//! native-ABI form, calls through the typed function pointer with an exception slot, and lifts
//! the result. No boxing and no lookup happen here.
//!
//! The entry point is either Mono's unmanaged thunk of the method (`R f([this,] args…,
//! MonoException **exc)`, guide §2) or the same thunk of a pointer trampoline for methods
//! with full structs in their signature.

use std::ffi::c_void;
use std::mem::MaybeUninit;

use crate::call::abi::{Abi, Arg, ArgSlot, Ret};
use crate::call::exception;
use crate::call::function_db::FunctionId;
use crate::error::{Error, Result};
use crate::host::{Blittable, Method, RawObject, Runtime};

/// A resolved raw-call entry point.
pub struct Thunk {
    entry: *const c_void,
    method: Method,
    id: FunctionId,
    params: Vec<Abi>,
    ret: Abi,
}

// SAFETY: the entry point is JIT-compiled code that stays valid for the life of the process
// (the root domain is never unloaded) and may be called from any attached thread.
unsafe impl Send for Thunk {}
// SAFETY: as above; a Thunk is immutable.
unsafe impl Sync for Thunk {}

impl Thunk {
    pub(crate) fn new(entry: *const c_void, method: Method, id: FunctionId, params: Vec<Abi>, ret: Abi) -> Self {
        Thunk {
            entry,
            method,
            id,
            params,
            ret,
        }
    }

    #[cold]
    fn mismatch(&self, args: &[Abi], ret: Abi) -> Error {
        Error::InvalidArgument(format!(
            "the Rust types of this call ({args:?} -> {ret:?}) do not match the native signature of {} ({:?} -> {:?})",
            self.method, self.params, self.ret
        ))
    }

    /// The bound method.
    pub fn method(&self) -> Method {
        self.method
    }

    /// The method's stable ID in the [`FunctionDb`](crate::FunctionDb).
    pub fn id(&self) -> FunctionId {
        self.id
    }

    /// The native entry point (for benchmarks that measure the bare floor).
    pub fn entry_point(&self) -> *const c_void {
        self.entry
    }

    /// Calls the method. `args` is a tuple: for instance methods `this` comes first (an object
    /// reference, a struct handle, or [`Out`](crate::Out) for a full struct's `this` on a
    /// trampoline). A thrown exception becomes [`Error::ManagedException`](crate::Error).
    #[inline]
    pub fn call<A: ArgList, R: Ret>(&self, args: A) -> Result<R> {
        Runtime::ensure_current_thread()?;
        if R::ABI != self.ret || !A::matches(&self.params) {
            return Err(self.mismatch(&A::abis(), R::ABI));
        }
        // SAFETY: the entry point's native signature is `self.params -> self.ret` (computed
        // from Mono's metadata when resolved), and the argument and return types have exactly
        // these native classes (checked just above).
        unsafe { args.call(self.entry) }
    }

    /// Calls a trampoline that writes its (blittable struct) result through a trailing
    /// pointer: struct-returning methods and struct constructors.
    #[inline]
    pub fn call_sret<A: ArgList, R: Blittable>(&self, args: A) -> Result<R> {
        Runtime::ensure_current_thread()?;
        let ret = Abi::Sret(std::mem::size_of::<R>());
        if ret != self.ret || !A::matches(&self.params) {
            return Err(self.mismatch(&A::abis(), ret));
        }
        // SAFETY: as in `call`: the trampoline writes a value of `self.ret`'s size, which is
        // `R`'s size, through the trailing pointer.
        unsafe { args.call_sret(self.entry) }
    }
}

/// A tuple of [`Arg`]s (up to 18: `this` and 17 parameters).
pub trait ArgList {
    /// True when the arguments' native classes are exactly `expected`.
    fn matches(expected: &[Abi]) -> bool;
    /// The arguments' native classes (for error messages).
    fn abis() -> Vec<Abi>;
    /// Calls `entry` with these arguments.
    ///
    /// # Safety
    /// `entry` is a thunk whose native signature is these arguments (plus the exception slot)
    /// returning `R::Raw`.
    #[doc(hidden)]
    unsafe fn call<R: Ret>(self, entry: *const c_void) -> Result<R>;
    /// Calls `entry`, which writes an `R` through a trailing pointer.
    ///
    /// # Safety
    /// As for `call`, with the result pointer before the exception slot.
    #[doc(hidden)]
    unsafe fn call_sret<R: Blittable>(self, entry: *const c_void) -> Result<R>;
}

macro_rules! arg_list {
    ($($a:ident $s:ident),*) => {
        impl<$($a: Arg),*> ArgList for ($($a,)*) {
            #[inline]
            fn matches(expected: &[Abi]) -> bool {
                expected == [$($a::ABI),*]
            }

            fn abis() -> Vec<Abi> {
                vec![$($a::ABI),*]
            }

            #[inline]
            #[allow(non_snake_case, unused_mut)]
            unsafe fn call<R: Ret>(self, entry: *const c_void) -> Result<R> {
                let ($($a,)*) = self;
                $(let mut $s = $a.lower()?;)*
                let mut exc = RawObject::NULL;
                type F<$($a,)* R> = unsafe extern "C" fn($($a,)* *mut RawObject) -> R;
                // SAFETY: the caller guarantees `entry`'s native signature (Thunk::call checked
                // each argument's Abi against Mono's metadata); each Abi is the form guide §2
                // verified for that .NET type. The exception slot is a valid, non-null pointer
                // (NULL would kill the process).
                let raw = unsafe {
                    let f: F<$(<$a::Slot as ArgSlot>::Raw,)* R::Raw> = std::mem::transmute(entry);
                    f($($s.raw(),)* &mut exc)
                };
                if !exc.is_null() {
                    return Err(exception::to_error(exc));
                }
                $($s.finish()?;)*
                R::lift(raw)
            }

            #[inline]
            #[allow(non_snake_case, unused_mut)]
            unsafe fn call_sret<R: Blittable>(self, entry: *const c_void) -> Result<R> {
                let ($($a,)*) = self;
                $(let mut $s = $a.lower()?;)*
                let mut exc = RawObject::NULL;
                let mut out = MaybeUninit::<R>::zeroed();
                type F<$($a,)* R> = unsafe extern "C" fn($($a,)* *mut R, *mut RawObject);
                // SAFETY: as in `call`, for a trampoline whose last parameter before the
                // exception slot is a pointer to the result; `out` is valid for writes of `R`.
                unsafe {
                    let f: F<$(<$a::Slot as ArgSlot>::Raw,)* R> = std::mem::transmute(entry);
                    f($($s.raw(),)* out.as_mut_ptr(), &mut exc)
                };
                if !exc.is_null() {
                    return Err(exception::to_error(exc));
                }
                $($s.finish()?;)*
                // SAFETY: zero-initialised and then written by the trampoline; every bit
                // pattern is a valid `R` (Blittable contract).
                Ok(unsafe { out.assume_init() })
            }
        }
    };
}

arg_list!();
arg_list!(A0 s0);
arg_list!(A0 s0, A1 s1);
arg_list!(A0 s0, A1 s1, A2 s2);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10, A11 s11);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10, A11 s11, A12 s12);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10, A11 s11, A12 s12, A13 s13);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10, A11 s11, A12 s12, A13 s13, A14 s14);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10, A11 s11, A12 s12, A13 s13, A14 s14, A15 s15);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10, A11 s11, A12 s12, A13 s13, A14 s14, A15 s15, A16 s16);
arg_list!(A0 s0, A1 s1, A2 s2, A3 s3, A4 s4, A5 s5, A6 s6, A7 s7, A8 s8, A9 s9, A10 s10, A11 s11, A12 s12, A13 s13, A14 s14, A15 s15, A16 s16, A17 s17);
