//! The Mono side of natives: C# `[MethodImpl(MethodImplOptions.InternalCall)] extern` methods
//! implemented in Rust. Registration of raw internal calls, the internal calls an assembly
//! declares, pending exceptions, and the native-ABI forms in which Mono hands arguments to an
//! internal call ([`RawRef`], [`ByRef`]) and takes its result ([`RawRet`]).
//!
//! # Why raw internal calls are sound here
//!
//! `mono_dangerous_add_raw_internal_call` registers a function that the JIT calls directly,
//! without the GC-safe transition wrapper `mono_add_internal_call` adds in hybrid and
//! cooperative suspend (`mono_marshal_get_native_wrapper` in mono/metadata/marshal.c skips the
//! transition for raw icalls). cilbind always runs Mono with `MONO_THREADS_SUSPEND=preemptive`
//! (host/runtime.rs sets it before `mono_jit_init_version`), where there are no GC-safe
//! regions to enter: the collector stops threads with signals wherever they are and scans their
//! stacks and registers conservatively, pinning what they point to. A raw internal call thus
//! runs in the same GC state as Mono's own C internal calls (`ves_icall_*`), which also read
//! their `MonoObject*`/`MonoString*` arguments directly for the length of the call; the native
//! bodies here do the same and store nothing but GC handles beyond the call.
//!
//! # The ABI forms
//!
//! [`RawRef`] and [`ByRef`] have private fields and no constructor, no `Clone` and no `Copy`: a
//! value exists only because Mono passed it to a registered internal call, so a safe function
//! that reads through one reads what Mono handed over for the current call. [`RawRet`] is the
//! opposite direction and cannot be turned back into either.

use std::ffi::{c_void, CString};
use std::marker::PhantomData;

use super::assembly::Assembly;
use super::ffi;
use super::metadata::{Class, Method};
use super::raw::{self, ObjectRef};
use super::runtime::Runtime;
use crate::error::{Error, Result};
use crate::host::ObjectRef as NeutralRef;

/// A managed reference (object, string or array; possibly null) that Mono passed to an
/// internal call: valid for the length of that call.
#[repr(transparent)]
pub struct RawRef(*mut ffi::MonoObject);

impl RawRef {
    /// The reference, for use during the call that received it.
    #[inline]
    pub(crate) fn get(&self) -> NeutralRef {
        ObjectRef(self.0).into()
    }
}

/// A managed reference (possibly null) an internal call returns to Mono.
#[repr(transparent)]
pub struct RawRet(*mut ffi::MonoObject);

impl RawRet {
    /// Null (C#'s `null`, and the value returned along with a pending exception).
    pub const NULL: RawRet = RawRet(std::ptr::null_mut());

    /// Returns `obj`; the caller holds it on the stack (or in a handle) until it returns.
    #[inline]
    pub(crate) fn new(obj: NeutralRef) -> RawRet {
        RawRet(ObjectRef::from(obj).0)
    }
}

/// A `ref`/`out` parameter of an internal call: the address of the caller's location (a local,
/// a field of an object or of a struct, an array element, a static), valid for the call. `T` is
/// the blittable value type, or [`ObjectRef`](crate::ObjectRef) for `ref`/`out` references.
#[repr(transparent)]
pub struct ByRef<T>(*mut T, PhantomData<*mut T>);

impl<T: crate::host::PlainData> ByRef<T> {
    /// The value now in the location.
    #[inline]
    pub(crate) fn read(&self) -> T {
        // SAFETY: Mono passed the address of a live location of type `T` for this call (the
        // registered signature is the method's; see `install_natives`). Unaligned: a field of
        // a struct with `Pack = 1` may be misaligned. Every bit pattern is a valid `T`.
        unsafe { self.0.read_unaligned() }
    }

    /// Writes `value` into the location (no references inside, so no write barrier).
    #[inline]
    pub(crate) fn write(&self, value: T) {
        // SAFETY: as for `read`; the location is writable (`ref`/`out`).
        unsafe { self.0.write_unaligned(value) }
    }
}

impl ByRef<NeutralRef> {
    /// The reference now in the location.
    #[inline]
    pub(crate) fn read_ref(&self) -> NeutralRef {
        // SAFETY: Mono passed the address of a live, pointer-aligned reference slot for this
        // call; a reference slot always holds null or a live object.
        ObjectRef(unsafe { (self.0 as *mut *mut ffi::MonoObject).read() }).into()
    }

    /// Stores `value` into the location with the GC's write barrier: the location may be a
    /// field of an object in the old generation (mono/metadata/object.h documents
    /// `mono_gc_wbarrier_generic_store` for any reference store outside managed code). On
    /// CoreCLR the location is a slot word the proxy made for the call (its local), which it
    /// resolves after the call: a plain store.
    #[inline]
    pub(crate) fn store_ref(&self, value: NeutralRef) {
        if crate::host::backend::coreclr_runs() {
            // SAFETY: the proxy passed the address of its local slot word (one aligned word),
            // valid and writable for the call.
            unsafe { self.0.write(value) };
            return;
        }
        let value = ObjectRef::from(value);
        // SAFETY: as for `read_ref`; `value` is null or a live object on this stack.
        unsafe { ffi::mono_gc_wbarrier_generic_store(self.0 as *mut c_void, value.0) }
    }
}

/// A native an assembly declares: an internal call, or a `[DllImport("__Internal")]` method.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct InternalCall {
    /// Its signature-qualified internal-call name, `Ns.Class::Method(int,string&)` (nested
    /// types `Ns.Outer/Inner::Method(…)`), as `mono_lookup_internal_call_full`
    /// (mono/metadata/icall.c) looks it up first: the name its Rust implementation is
    /// installed under, whatever its form.
    pub name: String,
    /// For a `[DllImport("__Internal")]` method, its entry point (the symbol the runtime's
    /// P/Invoke looks up); `None` for an internal call.
    pub import: Option<String>,
}

/// Every internal call that the types of `assembly` declare, in metadata order (not its
/// `[DllImport("__Internal")]` natives, which the helper lists on both runtimes).
pub(crate) fn internal_calls(assembly: &crate::host::Assembly) -> Result<Vec<InternalCall>> {
    let mut calls = Vec::new();
    for class in Assembly::from(*assembly).classes()? {
        for method in class.methods() {
            if method.is_internal_call() {
                calls.push(InternalCall {
                    import: None,
                    name: format!(
                        "{}::{}({})",
                        icall_class_name(method.class()),
                        method.name(),
                        signature_desc(method.into())?
                    ),
                });
            }
        }
    }
    Ok(calls)
}

/// A class as internal-call names spell it: `Ns.Class`, nested types `Ns.Outer/Inner`, as
/// `mono_lookup_internal_call_full` (mono/metadata/icall.c, `concat_class_name`) builds it.
/// Not [`Class::full_name`], which separates nested types with `.`.
fn icall_class_name(class: Class) -> String {
    match class.nesting_type() {
        Some(outer) => format!("{}/{}", icall_class_name(outer), class.name()),
        None if class.namespace().is_empty() => class.name().to_string(),
        None => format!("{}.{}", class.namespace(), class.name()),
    }
}

/// The parameter list as `mono_signature_get_desc(sig, TRUE)` prints it.
pub(crate) fn signature_desc(method: crate::host::Method) -> Result<String> {
    let sig = Method::from(method).raw_signature()?;
    // SAFETY: a non-null signature; Mono returns a new string that we free once, after copying.
    unsafe {
        let desc = ffi::mono_signature_get_desc(sig, 1);
        let text = super::runtime::owned_cstr(desc);
        ffi::mono_free(desc as *mut c_void);
        Ok(text)
    }
}

/// Registers `code` as the raw internal call `name` (a signature-qualified name from
/// [`internal_calls`]). Mono copies the name. Calls already compiled keep the previous binding,
/// so this must run before the method is first called.
///
/// # Safety
/// `code` is an `extern "C"` function with exactly the native signature Mono uses for the
/// method named (`this` first for instance methods; blittable values by value; references as
/// [`RawRef`]; `ref`/`out` as [`ByRef`]; references returned as [`RawRet`]), that never unwinds.
pub(crate) unsafe fn add_raw_internal_call(name: &str, code: *const c_void) -> Result<()> {
    let name =
        CString::new(name).map_err(|_| Error::InvalidArgument(format!("internal call name {name:?} has a NUL")))?;
    Runtime::get()?;
    // SAFETY: Mono is up; the name is NUL-terminated (Mono copies it); the caller guarantees
    // the function's signature.
    unsafe { ffi::mono_dangerous_add_raw_internal_call(name.as_ptr(), code) };
    Ok(())
}

/// Makes a new exception of `class` (a subclass of `System.Exception` with a public
/// constructor taking a string), built with that constructor and `message`, be thrown at the
/// C# call site when the current internal call returns. When `class` is not such a class, or
/// its constructor throws, what is thrown says so: an `InvalidOperationException` naming the
/// class and the message, or the constructor's exception.
pub(crate) fn set_pending_exception(class: crate::host::Class, message: &str) {
    let class = Class::from(class);
    let exception = match new_exception(class, message) {
        Ok(exc) => exc,
        Err(thrown) if !thrown.is_null() => thrown,
        Err(_) => {
            let fallback = format!("cannot throw {} from a native: {message}", class.full_name());
            match invalid_operation().and_then(|c| new_exception(c, &fallback).ok()) {
                Some(exc) => exc,
                None => return,
            }
        }
    };
    // SAFETY: `exception` is a live exception object on this stack; Mono keeps it as the
    // thread's pending exception (a GC root) and throws it when the internal call returns
    // (`mono_runtime_set_pending_exception`, mono/metadata/object.c, overwriting any earlier
    // one: the latest failure is the one the caller sees).
    unsafe { ffi::mono_runtime_set_pending_exception(exception.0, 1) };
}

/// `System.InvalidOperationException`.
fn invalid_operation() -> Option<Class> {
    Runtime::get()
        .ok()?
        .corlib()
        .class("System", "InvalidOperationException")
        .ok()
}

/// A new `class` built with its `(string)` constructor; `Err(exception)` when the constructor
/// threw, `Err(NULL)` when `class` has no such constructor or is not an exception class.
fn new_exception(class: Class, message: &str) -> std::result::Result<ObjectRef, ObjectRef> {
    /// `TYPE_ATTRIBUTE_ABSTRACT` (ECMA-335 II.23.1.15).
    const ABSTRACT: u32 = 0x80;
    // SAFETY: a valid class.
    let is_abstract = unsafe { ffi::mono_class_get_flags(class.as_ptr()) } & ABSTRACT != 0;
    if !Class::exception().is_assignable_from(class) || class.is_value_type() || is_abstract {
        return Err(ObjectRef::NULL);
    }
    let ctor = class.method(".ctor", &["System.String"]).map_err(|_| ObjectRef::NULL)?;
    let rt = Runtime::get().map_err(|_| ObjectRef::NULL)?;
    // SAFETY: a concrete reference class (checked above); the constructor runs before anyone
    // sees the object, which stays on this stack.
    let obj = ObjectRef(unsafe { ffi::mono_object_new(rt.domain(), class.as_ptr()) });
    if obj.is_null() {
        return Err(ObjectRef::NULL);
    }
    let s = raw::string_from_str(message).map_err(|_| ObjectRef::NULL)?;
    let mut args = [s.0 as *mut c_void];
    super::entry::runtime_invoke(ctor, obj.0 as *mut c_void, &mut args)?;
    Ok(obj)
}

/// One native: the signature-qualified internal-call name of a C# method
/// (`Game.World::Spawn(string,Game.Vector3)`) and the `extern "C"` thunk that implements it.
/// Made by generated code through `cilbind::generated::native_entry!(unsafe …)`.
#[derive(Clone, Copy, Debug)]
pub struct NativeEntry {
    name: &'static str,
    code: *const c_void,
}

// SAFETY: `code` is the address of a function (immutable code), never dereferenced as data.
unsafe impl Send for NativeEntry {}
// SAFETY: as above.
unsafe impl Sync for NativeEntry {}

impl NativeEntry {
    /// An entry for the internal call `name`.
    ///
    /// # Safety
    /// `code` is an `extern "C"` function that never unwinds and whose signature is the
    /// native signature Mono uses for the method `name` describes: `this` first for instance
    /// methods, then each parameter in its [`Incoming::Abi`](crate::native::Incoming::Abi) form, the
    /// result in its [`Outgoing::Abi`](crate::native::Outgoing::Abi) form. `name` carries the
    /// parameter list, so a method whose signature changed does not match it.
    pub unsafe fn new_unchecked(name: &'static str, code: *const ()) -> NativeEntry {
        NativeEntry {
            name,
            code: code as *const c_void,
        }
    }

    /// The internal-call name.
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The thunk's address (to tell two entries' thunks apart).
    pub(crate) fn code(&self) -> usize {
        self.code as usize
    }
}

/// Registers `entry`'s thunk as the raw internal call it names.
pub(crate) fn register_native(entry: &NativeEntry) -> Result<()> {
    // SAFETY: `entry` was made with `NativeEntry::new_unchecked`, whose caller promised that
    // its thunk has the native signature of the method its signature-qualified name describes
    // and never unwinds.
    unsafe { add_raw_internal_call(entry.name, entry.code) }
}

/// Makes the `[DllImport("__Internal")]` methods of `assembly` bind to the library at `path`
/// (Mono's dllmap for that image: its P/Invoke lookup then opens `path` and finds each entry
/// point there). Calls already compiled keep their binding, so this runs before the first.
pub(crate) fn map_internal_imports(assembly: &crate::host::Assembly, path: &str) -> Result<()> {
    let image = Assembly::from(*assembly).image;
    let path = CString::new(path).map_err(|_| Error::InvalidArgument(format!("library path {path:?} has a NUL")))?;
    Runtime::get()?;
    // SAFETY: a loaded image and NUL-terminated strings, which Mono copies.
    unsafe {
        ffi::mono_dllmap_insert(
            image.as_ptr(),
            c"__Internal".as_ptr(),
            std::ptr::null(),
            path.as_ptr(),
            std::ptr::null(),
        )
    };
    Ok(())
}
