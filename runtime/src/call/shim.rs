//! The raw-call shim: the hot path. A [`Thunk`] is a native entry point resolved once and
//! cached in a [`MethodRef`](crate::MethodRef); calling it lowers the arguments to their
//! native-ABI form, calls through the typed function pointer with an exception slot, and lifts
//! the result. No boxing and no lookup happen here.
//!
//! The entry point is the backend's native entry point of the method (`R f([this,] args…,
//! *mut ExceptionSlot)`, the exception slot always last; on Mono the method's unmanaged thunk) or the same thunk of a pointer trampoline for methods
//! with full structs in their signature.
//!
//! # Debug builds
//!
//! The generic parts of a call (`Thunk::call::<A, R>`, `ArgList::call`) are compiled in the
//! crate that calls, at its optimisation level: in a debug build, every helper they call is a
//! function call of its own. So they do only what depends on the types (lowering each argument,
//! the native call, lifting the result), with the per-type helpers `#[inline(always)]` (LLVM
//! inlines those even unoptimised); everything else (attaching the thread, the unit's epoch, the
//! signature proof, the recorder's switch, the object checks) is in non-generic functions of
//! this crate ([`Thunk::begin`], [`Thunk::check_object`]). Those are `#[inline]` only when debug
//! assertions are off (release builds, where they inline as before); in a debug build they are
//! ordinary functions compiled once, here, so `[profile.dev.package.cilbind] opt-level = 3`
//! makes them optimised code even in a user's debug build (an `#[inline]` function is compiled
//! again in each crate that calls it, at that crate's level).

use std::mem::MaybeUninit;
use std::os::raw::c_void;

use crate::call::abi::{sealed, signature_key, Abi, Arg, ArgSlot, Ret};
use crate::call::function_db::FunctionId;
use crate::call::lookup::TypeRef;
use crate::call::recorded::{describe_blittable, Recorded};
use crate::call::trace::{CallTrace, Pending, Tracer};
use crate::call::type_check::ClassCheck;
use crate::error::{Error, Result};
use crate::host::entry::EntryPoints;
use crate::host::{unit, ExceptionSlot, Method, ObjectRef, Runtime};
use crate::value::Blittable;

/// `expr?` for the generic code of a call: in a debug build, `?` is a call of
/// `Try::branch` that copies the whole `Result<T, Error>` (twice per argument and step); a
/// `match` moves only what it binds.
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(e) => return Err(e),
        }
    };
}

/// The native-ABI classes of a method's entry point (`this`, if any, and each parameter; the
/// return), and the class each reference among them must be an instance of: what a [`Thunk`]
/// checks on every call (computed once by `lookup`).
pub(crate) struct NativeSignature {
    pub(crate) params: Vec<Abi>,
    pub(crate) checks: Vec<Option<ClassCheck>>,
    pub(crate) ret: Abi,
}

/// A resolved raw-call entry point.
pub struct Thunk {
    entry: *const c_void,
    /// The entry for a call whose `this` proves `this_owner` (see `EntryPoints`): `entry`
    /// itself where entries do not test classes.
    entry_this_proved: *const c_void,
    method: Method,
    id: FunctionId,
    params: Vec<Abi>,
    /// One per native parameter: the class a reference passed there must be an instance of.
    checks: Box<[Option<ClassCheck>]>,
    ret: Abi,
    /// `signature_key` of `ret` then `params` (0: too long to have one).
    key: u128,
    /// `key` when it fits in 64 bits (a signature of up to four classes), else 0: what a call
    /// with such a signature compares, one 64-bit compare instead of two.
    short_key: u64,
    /// The unit the entry point was compiled in: once that unit is reloaded the code is
    /// freed, and a call is an error instead (see `host/mono/unit.rs`).
    epoch: u32,
    /// For an instance method of a class or interface bound through a `MethodRef`: that
    /// reference's type, of which `this` must be an instance (null otherwise). A receiver
    /// proving this type (`This`) skips the class check of `this`.
    this_owner: *const TypeRef,
}

// SAFETY: the entry points are JIT-compiled code that stays valid while their unit is current,
// and every call checks that it is (`enter`: after a reload the code is freed and the call is
// an error); it may be called from any attached thread; the class checks' caches are atomics;
// `this_owner` points to a `'static` TypeRef and is only compared, never read through.
unsafe impl Send for Thunk {}
// SAFETY: as above; apart from those caches a Thunk is immutable.
unsafe impl Sync for Thunk {}

impl Thunk {
    pub(crate) fn new(
        entry: EntryPoints,
        method: Method,
        id: FunctionId,
        signature: NativeSignature,
        this_owner: Option<&'static TypeRef>,
    ) -> Self {
        let mut all = vec![signature.ret];
        all.extend_from_slice(&signature.params);
        let key = signature_key(&all);
        Thunk {
            entry: entry.checked,
            entry_this_proved: entry.this_proved,
            method,
            id,
            params: signature.params,
            checks: signature.checks.into_boxed_slice(),
            ret: signature.ret,
            key,
            short_key: u64::try_from(key).unwrap_or(0),
            epoch: unit::epoch(),
            this_owner: this_owner.map_or(std::ptr::null(), |t| t as *const TypeRef),
        }
    }

    /// True while the unit this entry point was compiled in is the current one.
    #[inline(always)]
    pub(crate) fn is_current(&self) -> bool {
        self.epoch == unit::epoch()
    }

    /// Attaches the calling thread (and moves it into the current unit) and checks that this
    /// entry point still belongs to the current unit: a `Thunk` kept across a reload would run
    /// freed code. `Ok(true)` when the call is to be recorded.
    #[inline]
    fn enter(&self) -> Result<bool> {
        let entered = Runtime::enter_call()?;
        if self.epoch == entered.epoch {
            Ok(entered.recording)
        } else {
            Err(self.stale())
        }
    }

    #[cold]
    fn stale(&self) -> Error {
        Error::Reload(format!(
            "the entry point of function {:#018x} was resolved before a reload: call through its \
             MethodRef, which resolves it again",
            self.id.0
        ))
    }

    /// True when `signature` (return, then arguments; its `signature_key` is `key`) is this
    /// entry point's native signature: one compare of constants, or of each class when the
    /// signature has no key.
    #[inline(always)]
    fn proves(&self, key: u128, signature: &[Abi]) -> bool {
        // `key` is a constant: one branch remains. A short `key` equals `short_key` only when
        // it equals `key` (`short_key` is 0 unless it is the whole key, and `key` is not 0).
        if key != 0 && key >> 64 == 0 {
            return key as u64 == self.short_key;
        }
        (key != 0 && key == self.key) || (key == 0 && self.proves_by_class(signature))
    }

    /// Everything a call checks before it lowers its arguments, in one non-generic function
    /// (see the module documentation): the thread is attached and the entry point belongs to
    /// the current unit, and `signature` (the call's return then arguments, whose
    /// `signature_key` is `key`) is the entry point's native signature. `Ok(true)` when the
    /// call is to be recorded.
    #[cfg_attr(not(debug_assertions), inline)]
    fn begin(&self, key: u128, signature: &[Abi]) -> Result<bool> {
        let recording = self.enter()?;
        self.check_signature(key, signature)?;
        Ok(recording)
    }

    /// [`Thunk::begin`] for an entry point whose currency is already proved (see
    /// [`Thunk::call_resolved`]): the signature proof only.
    #[cfg_attr(not(debug_assertions), inline)]
    fn check_signature(&self, key: u128, signature: &[Abi]) -> Result<()> {
        if !self.proves(key, signature) {
            return Err(self.mismatch_of(signature));
        }
        Ok(())
    }

    #[cold]
    fn mismatch_of(&self, signature: &[Abi]) -> Error {
        match signature.split_first() {
            Some((ret, args)) => self.mismatch(args, *ret),
            None => self.mismatch(&[], Abi::Void),
        }
    }

    #[cold]
    fn proves_by_class(&self, signature: &[Abi]) -> bool {
        signature
            .split_first()
            .is_some_and(|(ret, params)| *ret == self.ret && params == &self.params[..])
    }

    #[cold]
    fn mismatch(&self, args: &[Abi], ret: Abi) -> Error {
        Error::InvalidArgument(format!(
            "the Rust types of this call ({args:?} -> {ret:?}) do not match the native signature of {} ({:?} -> {:?})",
            self.method, self.params, self.ret
        ))
    }

    /// The bound method (metadata of the unit the thunk was resolved in: after a reload, a
    /// `Method` of the old unit must not be used, see [`Runtime::reload`]).
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

    /// True when a receiver proving `proved` (a `This` slot's type; null: none) needs no
    /// class check at native position `index`: `this` (position 0) of an instance method
    /// whose `MethodRef` names that very type.
    #[inline(always)]
    fn this_proved(&self, index: usize, proved: *const TypeRef) -> bool {
        index == 0 && !proved.is_null() && std::ptr::eq(proved, self.this_owner)
    }

    /// Checks the object (if any) a lowered argument passes at native position `index`.
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check_object(&self, index: usize, obj: Option<ObjectRef>) -> Result<()> {
        match (obj, self.checks.get(index)) {
            (None, _) => Ok(()),
            (Some(obj), Some(Some(check))) => check.check(obj),
            // Every reference position has a check (see `native_signature`); fail closed.
            (Some(_), _) => Err(Error::InvalidArgument(format!(
                "position {index} of {} takes no reference",
                self.method
            ))),
        }
    }

    /// Calls the method. `args` is a tuple: for instance methods `this` comes first (an object
    /// reference, a struct handle, or [`Out`](crate::Out) for a full struct's `this` on a
    /// trampoline). Every argument's native class is checked against the signature, and every
    /// object against its declared type (`this` must not be null); a thrown exception becomes
    /// [`Error::ManagedException`](crate::Error).
    #[inline(always)]
    pub fn call<A: ArgList, R: Ret>(&self, args: A) -> Result<R> {
        if tri!(self.begin(A::key::<R>(), A::returning::<R>())) {
            // SAFETY: as below; recording only describes the values.
            return unsafe { self.call_recorded(args, true) };
        }
        // SAFETY: the entry point's native signature is `self.params -> self.ret` (computed
        // from Mono's metadata when resolved), the argument and return types have exactly
        // these native classes (proved by `begin`), and `call` checks each object against
        // its declared class before the call (`checked` = true).
        unsafe { args.call(self, true, ()) }
    }

    /// [`Thunk::call`] for an entry point just taken from its [`MethodRef`](crate::MethodRef)'s
    /// cache on a thread already in the current unit: the cache handed it out only because it
    /// was resolved in the current unit, and a reload cannot start while this thread is in the
    /// unit (it refuses, see `Runtime::reload`), so the unit check `call` makes again is
    /// proved; `recording` is what the thread check found (`Runtime::enter_call`); everything
    /// else is checked as in `call`.
    #[inline(always)]
    pub(crate) fn call_resolved<A: ArgList, R: Ret>(&self, args: A, recording: bool) -> Result<R> {
        tri!(self.check_signature(A::key::<R>(), A::returning::<R>()));
        if recording {
            // SAFETY: as in `call`.
            return unsafe { self.call_recorded(args, true) };
        }
        // SAFETY: as in `call`: the native classes are proved by `check_signature`, the entry
        // point belongs to the current unit (the caller's cache says so), and each object is
        // checked against its declared class before the call.
        unsafe { args.call(self, true, ()) }
    }

    /// [`Thunk::call`] without the per-call check of objects against their declared classes
    /// (the native classes are still checked).
    ///
    /// # Safety
    /// `this` (for instance methods) is not null, and every object passed is an instance of
    /// the type its parameter declares (that class, a subclass, or a class implementing that
    /// interface): managed code reads and writes it at the declared type's field offsets.
    #[inline]
    pub unsafe fn call_unchecked<A: ArgList, R: Ret>(&self, args: A) -> Result<R> {
        if tri!(self.begin(A::key::<R>(), A::returning::<R>())) {
            // SAFETY: as below.
            return unsafe { self.call_recorded(args, false) };
        }
        // SAFETY: native classes checked by `begin`; the caller vouches for the objects.
        unsafe { args.call(self, false, ()) }
    }

    /// Calls a trampoline that writes its (blittable struct) result through a trailing
    /// pointer: struct-returning methods and struct constructors. Checked as [`Thunk::call`].
    #[inline]
    pub fn call_sret<A: ArgList, R: Blittable>(&self, args: A) -> Result<R> {
        if tri!(self.begin(A::key_by_pointer::<R>(), A::returning_by_pointer::<R>())) {
            // SAFETY: as below; recording only describes the values.
            return unsafe { self.call_sret_recorded(args) };
        }
        // SAFETY: as in `call`: the trampoline writes a value of `self.ret`'s size, which is
        // `R`'s size, through the trailing pointer.
        unsafe { args.call_sret(self, ()) }
    }

    /// [`Thunk::call`] while a recording runs: the arguments are described before the call,
    /// the by-ref ones again after it, and the call is written to the log with its result.
    ///
    /// # Safety
    /// As for `ArgList::call`: the signature was proved, and without `checked` the caller
    /// vouches for the objects' classes.
    #[cold]
    #[inline(never)]
    unsafe fn call_recorded<A: ArgList, R: Ret>(&self, args: A, checked: bool) -> Result<R> {
        let Some(pending) = Pending::begin(self.id, self.method) else {
            // SAFETY: the caller's guarantee, passed on.
            return unsafe { args.call(self, checked, ()) };
        };
        let described = args.describe();
        let mut trace = CallTrace::default();
        // SAFETY: the caller's guarantee, passed on; the trace only receives descriptions.
        let result = unsafe { args.call(self, checked, &mut trace) };
        pending.finish_raw(described, trace, result.as_ref().map(Ret::describe_result));
        result
    }

    /// [`Thunk::call_sret`] while a recording runs (see [`Thunk::call_recorded`]).
    ///
    /// # Safety
    /// As for `ArgList::call_sret`: the signature was proved.
    #[cold]
    #[inline(never)]
    unsafe fn call_sret_recorded<A: ArgList, R: Blittable>(&self, args: A) -> Result<R> {
        let Some(pending) = Pending::begin(self.id, self.method) else {
            // SAFETY: the caller's guarantee, passed on.
            return unsafe { args.call_sret(self, ()) };
        };
        let described = args.describe();
        let mut trace = CallTrace::default();
        // SAFETY: the caller's guarantee, passed on; the trace only receives descriptions.
        let result = unsafe { args.call_sret(self, &mut trace) };
        pending.finish_raw(described, trace, result.as_ref().map(describe_blittable));
        result
    }
}

/// A tuple of [`Arg`]s (up to 18: `this` and 17 parameters). Sealed: only tuples of `Arg`s
/// implement it.
pub trait ArgList: sealed::List {
    /// The native classes of a call returning `R` with these arguments: `R`'s, then each
    /// argument's.
    #[doc(hidden)]
    fn returning<R: Ret>() -> &'static [Abi];
    /// `signature_key` of [`ArgList::returning`], computed at compile time.
    #[doc(hidden)]
    fn key<R: Ret>() -> u128;
    /// The same for a call whose blittable `R` comes back through a trailing pointer.
    #[doc(hidden)]
    fn returning_by_pointer<R: Blittable>() -> &'static [Abi];
    /// `signature_key` of [`ArgList::returning_by_pointer`], computed at compile time.
    #[doc(hidden)]
    fn key_by_pointer<R: Blittable>() -> u128;
    /// The arguments' native classes (for error messages).
    fn abis() -> Vec<Abi>;
    /// The arguments as the call log records them (only while recording).
    #[doc(hidden)]
    fn describe(&self) -> Vec<Recorded>;
    /// The arguments as a call to a remote runtime sends them.
    #[doc(hidden)]
    fn to_remote(&self) -> Result<Vec<Recorded>>;
    /// Writes what a remote call left in the by-ref arguments (by position, ascending) back to
    /// the caller's variables, and has the others fetch what they must
    /// ([`Arg::finish_remote`]).
    #[doc(hidden)]
    fn write_back_remote(self, after: Vec<(u16, Recorded)>) -> Result<()>;
    /// True when an argument fetches what the callee left in it after a remote call
    /// ([`Arg::FETCHES_BACK_REMOTE`]): the call is not pipelined.
    #[doc(hidden)]
    fn fetches_back_remote() -> bool;
    /// Calls `thunk` with these arguments, checking each object against its declared class
    /// first when `checked`. The `tracer` is `()` on the hot path (no code at all) and a
    /// `&mut CallTrace` while recording, which notes that managed code
    /// was entered and what each slot holds after the call.
    ///
    /// # Safety
    /// `thunk`'s native signature is these arguments (plus the exception slot) returning
    /// `R::Raw`; without `checked`, every object is an instance of its declared type.
    #[doc(hidden)]
    unsafe fn call<R: Ret, T: Tracer>(self, thunk: &Thunk, checked: bool, tracer: T) -> Result<R>;
    /// Calls `thunk`, which writes an `R` through a trailing pointer (always checked); the
    /// tracer as for `call`.
    ///
    /// # Safety
    /// As for `call`, with the result pointer before the exception slot.
    #[doc(hidden)]
    unsafe fn call_sret<R: Blittable, T: Tracer>(self, thunk: &Thunk, tracer: T) -> Result<R>;
}

macro_rules! arg_list {
    ($($a:ident $s:ident),*) => {
        impl<$($a: Arg),*> sealed::List for ($($a,)*) {}
        impl<$($a: Arg),*> ArgList for ($($a,)*) {
            #[inline(always)]
            fn returning<R: Ret>() -> &'static [Abi] {
                struct Signature<R, $($a,)*>(std::marker::PhantomData<(R, $($a,)*)>);
                impl<R: Ret, $($a: Arg),*> Signature<R, $($a,)*> {
                    const ABIS: &'static [Abi] = &[R::ABI, $($a::ABI),*];
                }
                Signature::<R, $($a,)*>::ABIS
            }

            #[inline(always)]
            fn key<R: Ret>() -> u128 {
                struct Key<R, $($a,)*>(std::marker::PhantomData<(R, $($a,)*)>);
                impl<R: Ret, $($a: Arg),*> Key<R, $($a,)*> {
                    const KEY: u128 = signature_key(&[R::ABI, $($a::ABI),*]);
                }
                Key::<R, $($a,)*>::KEY
            }

            #[inline(always)]
            fn returning_by_pointer<R: Blittable>() -> &'static [Abi] {
                struct Signature<R, $($a,)*>(std::marker::PhantomData<(R, $($a,)*)>);
                impl<R: Blittable, $($a: Arg),*> Signature<R, $($a,)*> {
                    const ABIS: &'static [Abi] = &[Abi::Sret(std::mem::size_of::<R>()), $($a::ABI),*];
                }
                Signature::<R, $($a,)*>::ABIS
            }

            #[inline(always)]
            fn key_by_pointer<R: Blittable>() -> u128 {
                struct Key<R, $($a,)*>(std::marker::PhantomData<(R, $($a,)*)>);
                impl<R: Blittable, $($a: Arg),*> Key<R, $($a,)*> {
                    const KEY: u128 = signature_key(&[Abi::Sret(std::mem::size_of::<R>()), $($a::ABI),*]);
                }
                Key::<R, $($a,)*>::KEY
            }

            fn abis() -> Vec<Abi> {
                vec![$($a::ABI),*]
            }

            #[allow(non_snake_case)]
            fn describe(&self) -> Vec<Recorded> {
                let ($($a,)*) = self;
                vec![$($a.describe()),*]
            }

            fn fetches_back_remote() -> bool {
                false $(|| $a::FETCHES_BACK_REMOTE)*
            }

            #[allow(non_snake_case)]
            fn to_remote(&self) -> Result<Vec<Recorded>> {
                let ($($a,)*) = self;
                Ok(vec![$(tri!($a.to_remote())),*])
            }

            #[allow(non_snake_case, unused_mut, unused_variables, unused_assignments)]
            fn write_back_remote(self, after: Vec<(u16, Recorded)>) -> Result<()> {
                let ($($a,)*) = self;
                let mut after = after.into_iter().peekable();
                let mut index: u16 = 0;
                $(
                    if let Some((_, value)) = after.next_if(|(at, _)| *at == index) {
                        tri!($a.write_back_remote(value));
                    } else {
                        tri!($a.finish_remote());
                    }
                    index += 1;
                )*
                match after.next() {
                    None => Ok(()),
                    Some((at, _)) => Err(Error::InvalidArgument(format!(
                        "the server wrote back argument {at}, which this call does not pass by reference"
                    ))),
                }
            }

            #[inline(always)]
            #[allow(non_snake_case, unused_mut, unused_variables, unused_assignments)]
            unsafe fn call<R: Ret, T: Tracer>(self, thunk: &Thunk, checked: bool, mut tracer: T) -> Result<R> {
                let ($($a,)*) = self;
                $(let mut $s = tri!($a.lower());)*
                let mut entry = thunk.entry;
                if checked {
                    let mut index = 0;
                    $(
                        if let object @ Some(_) = $s.object() {
                            if thunk.this_proved(index, $s.proved_type()) {
                                entry = thunk.entry_this_proved;
                            } else {
                                tri!(thunk.check_object(index, object));
                            }
                        }
                        index += 1;
                    )*
                }
                let mut exc = ExceptionSlot::new();
                tracer.enter();
                type F<$($a,)* R> = unsafe extern "C" fn($($a,)* *mut ExceptionSlot) -> R;
                // SAFETY: the caller guarantees `entry`'s native signature (Thunk::call checked
                // each argument's Abi against Mono's metadata) and the objects' classes (checked
                // just above, or vouched for by `call_unchecked`'s caller; `this` proved by its
                // `This` before the entry that does not test it was chosen); each Abi is the form
                // Mono's thunk wrapper takes for that .NET type (the table in abi.rs). The exception slot is a valid, non-null
                // pointer (NULL would kill the process).
                let raw = unsafe {
                    let f: F<$(<$a::Slot as ArgSlot>::Raw,)* R::Raw> = std::mem::transmute(entry);
                    f($($s.raw(),)* &mut exc)
                };
                if exc.is_thrown() {
                    return Err(exc.into_error());
                }
                $(tri!(tracer.finish($s));)*
                R::lift(raw)
            }

            #[inline]
            #[allow(non_snake_case, unused_mut, unused_variables, unused_assignments)]
            unsafe fn call_sret<R: Blittable, T: Tracer>(self, thunk: &Thunk, mut tracer: T) -> Result<R> {
                let ($($a,)*) = self;
                $(let mut $s = tri!($a.lower());)*
                let mut entry = thunk.entry;
                let mut index = 0;
                $(
                    if let object @ Some(_) = $s.object() {
                        if thunk.this_proved(index, $s.proved_type()) {
                            entry = thunk.entry_this_proved;
                        } else {
                            tri!(thunk.check_object(index, object));
                        }
                    }
                    index += 1;
                )*
                let mut exc = ExceptionSlot::new();
                tracer.enter();
                let mut out = MaybeUninit::<R>::zeroed();
                type F<$($a,)* R> = unsafe extern "C" fn($($a,)* *mut R, *mut ExceptionSlot);
                // SAFETY: as in `call`, for a trampoline whose last parameter before the
                // exception slot is a pointer to the result; `out` is valid for writes of `R`.
                unsafe {
                    let f: F<$(<$a::Slot as ArgSlot>::Raw,)* R> = std::mem::transmute(entry);
                    f($($s.raw(),)* out.as_mut_ptr(), &mut exc)
                };
                if exc.is_thrown() {
                    return Err(exc.into_error());
                }
                $(tri!(tracer.finish($s));)*
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
