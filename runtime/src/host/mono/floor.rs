//! Floors for benchmarks (feature `floors`): the same operations as the runtime's, done with
//! Mono's C API directly and nothing else, so a benchmark can report each cilbind figure as a
//! ratio against its floor measured in the same run.
//!
//! These functions skip every check the runtime makes (that is what a floor measures), so each
//! is an `unsafe fn` whose `# Safety` section states what the caller must guarantee.

use std::ffi::c_void;
use std::ptr;

use super::ffi;
use super::raw::ObjectRef;
use super::Runtime;
use crate::error::{Error, Result};
use crate::host::{Class, Method};
use crate::Thunk;

/// Calls the thunk of a static `int f(int, int)` through its bare function pointer: no
/// argument conversion, no signature check, no attach check.
///
/// # Safety
/// `thunk` is the thunk of a static method `int f(int, int)`.
#[inline]
pub unsafe fn bare_thunk_i32_i32(thunk: &Thunk, a: i32, b: i32) -> i32 {
    type F = unsafe extern "C" fn(i32, i32, *mut ObjectRef) -> i32;
    let mut exc = ObjectRef::NULL;
    // SAFETY: benchmarks pass the thunk of a static int(int, int) method (its Thunk was
    // resolved from metadata naming those parameter types); the exception slot is valid.
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(a, b, &mut exc)
    }
}

/// Calls the entry point of a static `IntPtr f(int)` through its bare function pointer.
///
/// # Safety
/// `thunk` is the entry point of a static method `IntPtr f(int)` that does not throw.
#[inline]
pub unsafe fn bare_thunk_i32_to_isize(thunk: &Thunk, a: i32) -> isize {
    type F = unsafe extern "C" fn(i32, *mut ObjectRef) -> isize;
    let mut exc = ObjectRef::NULL;
    // SAFETY: the caller passes the entry point of a static IntPtr(int) method; the exception
    // slot is valid.
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(a, &mut exc)
    }
}

/// Calls the entry point of a static `void f(IntPtr)` through its bare function pointer.
///
/// # Safety
/// `thunk` is the entry point of a static method `void f(IntPtr)` that does not throw for `p`.
#[inline]
pub unsafe fn bare_thunk_isize(thunk: &Thunk, p: isize) {
    type F = unsafe extern "C" fn(isize, *mut ObjectRef);
    let mut exc = ObjectRef::NULL;
    // SAFETY: the caller passes the entry point of a static void(IntPtr) method; the exception
    // slot is valid.
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(p, &mut exc)
    }
}

/// `mono_runtime_invoke` of a static `int f(int, int)` with boxed arguments (the way a naive
/// reflective caller does it), unboxing the result.
///
/// # Safety
/// `method` is a static method `int f(int, int)` that does not throw.
pub unsafe fn runtime_invoke_boxed_i32_i32(method: Method, a: i32, b: i32) -> Result<i32> {
    let rt = Runtime::get()?;
    let int32 = super::Class::from_ptr(
        // SAFETY: corlib's System.Int32 exists once the runtime runs.
        unsafe { ffi::mono_class_from_name(ffi::mono_get_corlib(), c"System".as_ptr(), c"Int32".as_ptr()) },
    )
    .expect("System.Int32");
    let (mut a, mut b) = (a, b);
    // SAFETY: boxing two ints (Mono copies them); each box is kept on this stack frame only.
    let (ba, bb) = unsafe {
        (
            ffi::mono_value_box(rt.domain(), int32.as_ptr(), &mut a as *mut i32 as *mut c_void),
            ffi::mono_value_box(rt.domain(), int32.as_ptr(), &mut b as *mut i32 as *mut c_void),
        )
    };
    // SAFETY: for value-type parameters mono_runtime_invoke takes pointers to the values:
    // here the unboxed data of the two boxes.
    let mut args = unsafe { [ffi::mono_object_unbox(ba), ffi::mono_object_unbox(bb)] };
    let mut exc: *mut ffi::MonoObject = ptr::null_mut();
    // SAFETY: a static method with two parameters; valid argument array and exception slot.
    let r = unsafe {
        ffi::mono_runtime_invoke(
            super::Method::from(method).as_ptr(),
            ptr::null_mut(),
            args.as_mut_ptr(),
            &mut exc,
        )
    };
    assert!(exc.is_null() && !r.is_null(), "the floor method must not throw");
    // SAFETY: the result is a boxed int.
    Ok(unsafe { *(ffi::mono_object_unbox(r) as *const i32) })
}

/// `mono_value_box` of `value` as `class` plus a GC handle created and freed: what boxing to
/// a handle costs in Mono's C API.
///
/// # Safety
/// `class` is a value type whose unboxed size is `T`'s, and every bit of `value` is valid data for it.
pub unsafe fn box_and_release<T: Copy>(class: Class, value: &T) {
    let rt = Runtime::get().expect("runtime");
    // SAFETY: benchmarks pass a value type `class` whose size is `T`'s.
    unsafe {
        let obj = ffi::mono_value_box(
            rt.domain(),
            super::Class::from(class).as_ptr(),
            value as *const T as *mut c_void,
        );
        let h = ffi::mono_gchandle_new(obj, 0);
        ffi::mono_gchandle_free(h);
    }
}

/// Frees a GC handle made by one of the functions above.
///
/// # Safety
/// `handle` is a live GC handle made by one of these floors, freed exactly once.
pub unsafe fn free_gchandle(handle: u32) {
    // SAFETY: a live handle, freed once.
    unsafe { ffi::mono_gchandle_free(handle) }
}

/// Calls the thunk of an instance `int f(int)` on the object behind a GC handle: the C floor of
/// an instance call through a handle (`mono_gchandle_get_target`, then the bare thunk).
///
/// # Safety
/// `thunk` is the thunk of an instance method `int f(int)`, and `handle` a live GC handle to an instance of its class.
#[inline]
pub unsafe fn bare_thunk_this_i32(thunk: &Thunk, handle: u32, x: i32) -> i32 {
    type F = unsafe extern "C" fn(*mut ffi::MonoObject, i32, *mut ObjectRef) -> i32;
    let mut exc = ObjectRef::NULL;
    // SAFETY: benchmarks pass the thunk of an instance int(int) method and a live handle to an
    // instance of its class; the exception slot is valid.
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(ffi::mono_gchandle_get_target(handle), x, &mut exc)
    }
}

/// A new strong GC handle to the object `obj` refers to (free it with [`free_gchandle`]).
pub fn gchandle_for(obj: &crate::Object) -> Result<u32> {
    let raw = obj.raw()?;
    // SAFETY: a live object on this stack.
    Ok(unsafe { ffi::mono_gchandle_new(super::ObjectRef::from(raw).as_ptr(), 0) })
}

/// `mono_gchandle_new` of the target of `handle`: the C floor of cloning a handle.
///
/// # Safety
/// `handle` is a live GC handle to a non-null object.
pub unsafe fn gchandle_clone(handle: u32) -> u32 {
    // SAFETY: `handle` is live (benchmark contract); its target sits on this stack.
    unsafe { ffi::mono_gchandle_new(ffi::mono_gchandle_get_target(handle), 0) }
}

/// `mono_gchandle_get_target`: the C floor of reading a handle.
///
/// # Safety
/// `handle` is a live GC handle.
#[inline]
pub unsafe fn gchandle_target(handle: u32) -> *const c_void {
    // SAFETY: `handle` is live (benchmark contract).
    unsafe { ffi::mono_gchandle_get_target(handle) as *const c_void }
}

/// `mono_gchandle_get_target` + `mono_object_unbox` + a copy: the C floor of unboxing a `T`
/// held by a handle (the handle must refer to a box of a value type of `T`'s size).
///
/// # Safety
/// `handle` is a live GC handle to a box whose data is a valid `T`.
#[inline]
pub unsafe fn unbox_copy<T: crate::Blittable>(handle: u32) -> T {
    // SAFETY: `handle` refers to a box whose data is a valid `T` (benchmark contract).
    unsafe { std::ptr::read_unaligned(ffi::mono_object_unbox(ffi::mono_gchandle_get_target(handle)) as *const T) }
}

/// Calls the thunk of a static `object f(object)` with the target of `handle` and returns a new
/// GC handle to the result: the C floor of a call whose returned reference becomes a handle.
///
/// # Safety
/// `thunk` is the thunk of a static method `object f(object)` that returns a non-null object, and `handle` a live GC handle.
pub unsafe fn call_ref_to_new_gchandle(thunk: &Thunk, handle: u32) -> u32 {
    type F = unsafe extern "C" fn(*mut ffi::MonoObject, *mut ObjectRef) -> *mut ffi::MonoObject;
    let mut exc = ObjectRef::NULL;
    // SAFETY: benchmarks pass the thunk of a static object(object) method that returns a
    // non-null object, and a live handle; the exception slot is valid.
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        ffi::mono_gchandle_new(f(ffi::mono_gchandle_get_target(handle), &mut exc), 0)
    }
}

/// `mono_gchandle_get_target` + `mono_object_get_class`: the C floor of reading an object's
/// class through a handle.
///
/// # Safety
/// `handle` is a live GC handle to a non-null object.
#[inline]
pub unsafe fn class_of(handle: u32) -> *const c_void {
    // SAFETY: `handle` is live (benchmark contract); its target is non-null.
    unsafe { ffi::mono_object_get_class(ffi::mono_gchandle_get_target(handle)) as *const c_void }
}

// Floors for strings, out parameters, bare trampolines and throws: Mono's C API and a thunk's
// bare entry point and nothing else (no signature check, no attach test, no handle, no error
// conversion). Each function documents the native signature its thunk must have; the
// benchmarks pass thunks resolved from metadata naming exactly those types.

/// A raw object pointer, as the floors pass them.
type Obj = *mut c_void;

/// A new `System.String` from `s` (what lowering a `&str` must do at least).
#[inline]
fn new_string(s: &str) -> Obj {
    let units: Vec<u16> = s.encode_utf16().collect();
    // SAFETY: the runtime runs and this thread is attached (benchmark contract); Mono copies
    // the units.
    let domain = Runtime::get().expect("runtime").domain();
    unsafe { ffi::mono_string_new_utf16(domain, units.as_ptr(), units.len() as i32) as Obj }
}

/// A Rust `String` from a non-null `System.String` (what lifting one must do at least).
#[inline]
fn read_string(s: Obj) -> String {
    // SAFETY: `s` is a live, non-null string on this stack; chars and length stay valid
    // during the copy.
    let units = unsafe {
        let s = s as *mut ffi::MonoString;
        std::slice::from_raw_parts(ffi::mono_string_chars(s), ffi::mono_string_length(s) as usize)
    };
    String::from_utf16(units).expect("valid UTF-16")
}

/// `static string f(string, string)`: two strings made, the thunk called, the result read.
///
/// # Safety
/// `thunk` is the thunk of a static method `string f(string, string)`.
pub unsafe fn string_string_to_string(thunk: &Thunk, a: &str, b: &str) -> String {
    type F = unsafe extern "C" fn(Obj, Obj, *mut Obj) -> Obj;
    let mut exc: Obj = std::ptr::null_mut();
    // SAFETY: the thunk of a static string(string, string) method (benchmark contract).
    let r = unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(new_string(a), new_string(b), &mut exc)
    };
    assert!(exc.is_null() && !r.is_null());
    read_string(r)
}

/// `static int f(string)`: a string made, the thunk called.
///
/// # Safety
/// `thunk` is the thunk of a static method `int f(string)`.
pub unsafe fn string_to_i32(thunk: &Thunk, s: &str) -> i32 {
    type F = unsafe extern "C" fn(Obj, *mut Obj) -> i32;
    let mut exc: Obj = std::ptr::null_mut();
    // SAFETY: the thunk of a static int(string) method (benchmark contract).
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(new_string(s), &mut exc)
    }
}

/// `static int f(string)` that throws: a string made, the thunk called, the exception
/// object returned (not inspected).
///
/// # Safety
/// `thunk` is the thunk of a static method `int f(string)`.
pub unsafe fn string_throws(thunk: &Thunk, s: &str) -> *const c_void {
    type F = unsafe extern "C" fn(Obj, *mut Obj) -> i32;
    let mut exc: Obj = std::ptr::null_mut();
    // SAFETY: the thunk of a static int(string) method (benchmark contract).
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(new_string(s), &mut exc);
    }
    assert!(!exc.is_null(), "the floor method throws");
    exc
}

/// `static void f(int, int, out int, out int)`: the thunk called with two pointers.
///
/// # Safety
/// `thunk` is the thunk of a static method `void f(int, int, out int, out int)`.
#[inline]
pub unsafe fn i32_i32_out2(thunk: &Thunk, a: i32, b: i32) -> (i32, i32) {
    type F = unsafe extern "C" fn(i32, i32, *mut i32, *mut i32, *mut Obj);
    let (mut q, mut r, mut exc) = (0, 0, std::ptr::null_mut());
    // SAFETY: the thunk of a static void(int, int, out int, out int) method (benchmark
    // contract); both out pointers are valid for writes.
    unsafe {
        let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
        f(a, b, &mut q, &mut r, &mut exc);
    }
    (q, r)
}

/// The pointer trampoline of a static `T f(T, T)` on a blittable struct `T` (arguments by
/// pointer, result through a trailing pointer), called bare.
///
/// # Safety
/// `thunk` is the pointer trampoline of a static method `T f(T, T)` on a blittable struct whose layout is `T`'s, arguments and result by pointer, and every bit pattern of `T` is valid.
#[inline]
pub unsafe fn trampoline_binary<T: Copy>(thunk: &Thunk, a: &T, b: &T) -> T {
    type F<T> = unsafe extern "C" fn(*const T, *const T, *mut T, *mut Obj);
    let mut out = std::mem::MaybeUninit::<T>::zeroed();
    let mut exc: Obj = std::ptr::null_mut();
    // SAFETY: the trampoline of a static T(T, T) method bound with arguments and result by
    // pointer (benchmark contract); `out` is valid for writes of a `T`, which the
    // trampoline fills (every bit pattern of the benchmarks' float structs is valid).
    unsafe {
        let f: F<T> = std::mem::transmute::<*const c_void, F<T>>(thunk.entry_point());
        f(a, b, out.as_mut_ptr(), &mut exc);
        out.assume_init()
    }
}

/// A reload with Mono's C API and nothing else: creates a domain, enters it, opens the assembly
/// at `path` in it, calls the static `int f(int, int)` `class_name::method` of namespace
/// `namespace` through its thunk, goes back to the caller's domain and unloads the new one.
/// What `Runtime::reload` followed by one call adds to this is cilbind's own work (releasing
/// handles, loading its helper assembly, validating the file, resolving the binding again).
///
/// # Safety
/// The assembly defines that method with that signature, and it does not throw; no other
/// thread uses the new domain (it exists only during this call).
pub unsafe fn domain_cycle(path: &str, namespace: &str, class_name: &str, method: &str) -> Result<i32> {
    use std::ffi::CString;
    let cstring = |s: &str| CString::new(s).map_err(|_| Error::InvalidArgument(format!("{s:?} has a NUL")));
    let (path, namespace, class_name, method) = (
        cstring(path)?,
        cstring(namespace)?,
        cstring(class_name)?,
        cstring(method)?,
    );
    type F = unsafe extern "C" fn(i32, i32, *mut ObjectRef) -> i32;
    // SAFETY: an attached thread (Runtime::get attaches it); every pointer Mono returns is
    // checked before use; the caller promises the method's signature; the thread goes back to
    // its own domain before the new one is unloaded (unloading the current domain crashes).
    unsafe {
        Runtime::get()?;
        let previous = ffi::mono_domain_get();
        let domain = ffi::mono_domain_create_appdomain(c"floor".as_ptr() as *mut _, ptr::null_mut());
        if domain.is_null() || ffi::mono_domain_set(domain, 0) == 0 {
            return Err(Error::Startup("the floor's domain could not be made".into()));
        }
        let result = (|| {
            let assembly = ffi::mono_domain_assembly_open(domain, path.as_ptr());
            if assembly.is_null() {
                return Err(Error::Unsupported("the floor's assembly did not open".into()));
            }
            let image = ffi::mono_assembly_get_image(assembly);
            let class = ffi::mono_class_from_name(image, namespace.as_ptr(), class_name.as_ptr());
            let m = if class.is_null() {
                ptr::null_mut()
            } else {
                ffi::mono_class_get_method_from_name(class, method.as_ptr(), 2)
            };
            if m.is_null() {
                return Err(Error::Unsupported("the floor's method was not found".into()));
            }
            let f: F = std::mem::transmute::<*mut c_void, F>(ffi::mono_method_get_unmanaged_thunk(m));
            let mut exc = ObjectRef::NULL;
            Ok(f(1, 2, &mut exc))
        })();
        ffi::mono_domain_set(previous, 1);
        ffi::mono_domain_unload(domain);
        result
    }
}
