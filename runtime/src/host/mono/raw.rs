//! Raw managed references and the Mono calls that take them.
//!
//! An [`ObjectRef`] is the backend's word for a managed reference as it crosses the native
//! ABI. On Mono it is a `MonoObject*` that lives on the stack for the length of one
//! operation: SGen scans native stacks conservatively (pinning what their words point to), but
//! not the native heap, and it moves objects. A reference kept in native heap memory (a `Vec`,
//! a `Box`, a static) goes stale at the next collection, which making any managed object on
//! this thread, or any other thread, may run. Anything that outlives one operation is held
//! where the collector sees it: a store slot (`store/`), a GC handle, or a managed array (the
//! reflective path's arguments, `call/arg_array.rs`). `ObjectRef` is neither `Send` nor
//! `Sync`, and nothing stores one in the heap.
//!
//! The layers above the host treat it as opaque: they pass it, compare it with
//! [`ObjectRef::NULL`], and hand it back to the host. A backend with a precise, moving
//! collector (CoreCLR) cannot let a raw pointer sit on a native stack; there the same word
//! would name a slot (a store slot or a handle) that a managed trampoline resolves to the
//! object on the managed side of the call, and nothing above the host would change.

use std::ffi::{c_void, CString};
use std::ptr;
use std::sync::atomic::{AtomicBool, Ordering};

use super::ffi;
use super::metadata::Class;
use super::runtime::Runtime;
use super::EpochCell;
use crate::error::{Error, Result};
pub(crate) use crate::host::raw::{refused, string_too_long, too_long_for_a_string, PlainValue, MAX_STRING_UNITS};

/// A managed reference held for the length of one call (possibly null): one word, opaque
/// above the host (on Mono the object's address, which the collector finds on the stack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct ObjectRef(pub(super) *mut ffi::MonoObject);

impl ObjectRef {
    /// The null reference.
    pub const NULL: ObjectRef = ObjectRef(ptr::null_mut());

    pub(crate) fn as_ptr(self) -> *mut ffi::MonoObject {
        self.0
    }

    /// True for the null reference.
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }

    /// The object's runtime class; `None` for null.
    #[inline]
    pub fn class(self) -> Option<Class> {
        if self.is_null() {
            return None;
        }
        if HEADER_VERIFIED.load(Ordering::Relaxed) {
            // SAFETY: a non-null live object (callers got it from a GC handle or a call just
            // now, and it stays on this stack); its header starts with the vtable pointer,
            // whose first field is the class (layout checked at start-up, see
            // `verify_object_header`). JIT-compiled code reads the class the same way.
            return Class::from_ptr(unsafe { *(*(self.0 as *const *const *mut ffi::MonoClass)) });
        }
        // SAFETY: a non-null live object (callers got it from a GC handle or a call just now).
        Class::from_ptr(unsafe { ffi::mono_object_get_class(self.0) })
    }

    /// Address of the unboxed data of a boxed value type.
    #[inline]
    pub(crate) fn unboxed_ptr(self) -> *mut u8 {
        if HEADER_VERIFIED.load(Ordering::Relaxed) {
            // SAFETY: callers only unbox non-null boxes of value types they checked; the data
            // follows the 16-byte header (checked at start-up), inside the object.
            return unsafe { (self.0 as *mut u8).add(HEADER_SIZE) };
        }
        // SAFETY: callers only unbox non-null boxes of value types they checked.
        unsafe { ffi::mono_object_unbox(self.0) as *mut u8 }
    }
}

/// Size of Mono's object header (`MonoObject`: vtable pointer, sync pointer); a box's data
/// follows it.
const HEADER_SIZE: usize = 16;

/// True once start-up has checked that the object header is laid out as [`ObjectRef::class`]
/// and [`ObjectRef::unboxed_ptr`] read it. Reading the header inline saves two Mono calls
/// (~70 instructions each: both enter and leave a GC-unsafe region) that otherwise make up
/// half of an unbox; if a Mono build ever lays it out differently, those calls are used.
static HEADER_VERIFIED: AtomicBool = AtomicBool::new(false);

/// Checks the header layout on a boxed Int32 and on a string (run once, by `Runtime::start`).
pub(crate) fn verify_object_header(domain: *mut ffi::MonoDomain) {
    let mut value = 7i32;
    let text = [104u16, 105];
    // SAFETY: the runtime is up and this thread attached; both objects stay on this stack
    // while they are inspected. Reading two pointer-sized words at the start of a live object
    // is in bounds (every object has the 16-byte header), and an Int32 box holds 4 bytes of
    // data after it.
    let ok = unsafe {
        let int32 = ffi::mono_class_from_name(ffi::mono_get_corlib(), c"System".as_ptr(), c"Int32".as_ptr());
        let boxed = ffi::mono_value_box(domain, int32, &mut value as *mut i32 as *mut c_void);
        let string = ffi::mono_string_new_utf16(domain, text.as_ptr(), 2) as *mut ffi::MonoObject;
        let class_ok =
            |o: *mut ffi::MonoObject| *(*(o as *const *const *mut ffi::MonoClass)) == ffi::mono_object_get_class(o);
        class_ok(boxed)
            && class_ok(string)
            && ffi::mono_object_unbox(boxed) as usize == boxed as usize + HEADER_SIZE
            && *((boxed as *const u8).add(HEADER_SIZE) as *const i32) == 7
    };
    HEADER_VERIFIED.store(ok, Ordering::Relaxed);
}

/// Creates a strong GC handle that keeps `obj` alive and tracks it when SGen moves it.
#[inline]
pub(crate) fn gchandle_new(obj: ObjectRef) -> u32 {
    super::thread::ensure();
    // SAFETY: `obj` is a live non-null object on the current stack.
    unsafe { ffi::mono_gchandle_new(obj.0, 0) }
}

/// Frees a GC handle created by [`gchandle_new`].
#[inline]
pub(crate) fn gchandle_free(handle: u32) {
    super::thread::ensure();
    // SAFETY: callers free each handle exactly once (the stores own them).
    unsafe { ffi::mono_gchandle_free(handle) }
}

/// The object a live GC handle refers to, valid for the current call (it sits on this stack).
#[inline]
pub(crate) fn gchandle_target(handle: u32) -> ObjectRef {
    super::thread::ensure();
    // SAFETY: callers pass a handle read from a live store slot. If a concurrent release freed
    // it meanwhile, SGen's lookup stays in bounds (its handle table only grows) and returns
    // null or another object, which the store's re-check then discards.
    ObjectRef(unsafe { ffi::mono_gchandle_get_target(handle) })
}

/// `class` is a value type of `V`'s size.
pub(super) fn check_size<V: PlainValue>(class: Class) -> Result<()> {
    crate::host::raw::check_size::<V>(class.into())
}

/// Boxes a copy of `value` as `class`, which the caller checked is `V`'s.
#[inline]
pub(crate) fn box_value<V: PlainValue>(class: Class, value: &V) -> Result<ObjectRef> {
    let rt = Runtime::get()?;
    // SAFETY: `class` is a value type of exactly `V`'s size and `value` is a valid `V`
    // (PlainValue contract); Mono copies the bytes into the new box.
    Ok(ObjectRef(unsafe {
        ffi::mono_value_box(rt.domain(), class.as_ptr(), value as *const V as *mut c_void)
    }))
}

/// Boxes a copy of the value inside the box `boxed` (a new identity, same class).
pub(crate) fn rebox(boxed: ObjectRef) -> Result<ObjectRef> {
    let class = boxed
        .class()
        .ok_or_else(|| Error::NullReference("cannot copy a null box".into()))?;
    let rt = Runtime::get()?;
    // SAFETY: `boxed` is a live box of `class`; mono_value_box copies its unboxed data (with
    // write barriers for reference fields).
    Ok(ObjectRef(unsafe {
        ffi::mono_value_box(rt.domain(), class.as_ptr(), boxed.unboxed_ptr() as *mut c_void)
    }))
}

/// A zero-initialised box of the value type `class` (C#'s `default(T)`).
pub(crate) fn box_default(class: Class) -> Result<ObjectRef> {
    if !class.is_value_type() {
        return Err(Error::InvalidArgument(format!(
            "{} is not a value type",
            class.full_name()
        )));
    }
    let rt = Runtime::get()?;
    // SAFETY: mono_object_new of a value type gives a zeroed box of it.
    Ok(ObjectRef(unsafe { ffi::mono_object_new(rt.domain(), class.as_ptr()) }))
}

/// Copies the value inside `obj` into a `V`. The caller checked that `obj` is a non-null box
/// of [`blittable_class::<V>()`](blittable_class) (size checked there), or of an enum whose
/// underlying type that is (same size).
#[inline]
pub(crate) fn read_unboxed<V: PlainValue>(obj: ObjectRef) -> V {
    // SAFETY: `obj` is a non-null box of a value type of `V`'s size; every bit pattern is a
    // valid `V` (PlainValue contract); unaligned read because Mono aligns to the class only.
    unsafe { ptr::read_unaligned(obj.unboxed_ptr() as *const V) }
}

/// A new `System.String` with these UTF-16 code units. More units than a string can hold, or
/// a string Mono cannot allocate, is .NET's `OutOfMemoryException` (never a shorter string).
pub(crate) fn string_new(units: &[u16]) -> Result<ObjectRef> {
    let rt = Runtime::get()?;
    if units.len() > MAX_STRING_UNITS {
        return Err(string_too_long(&format!("{} UTF-16 code units", units.len())));
    }
    // SAFETY: `units` is a valid slice of `units.len()` code units, which fits an i32 (checked
    // above); Mono copies it, and returns NULL when it cannot allocate the string.
    let s = unsafe { ffi::mono_string_new_utf16(rt.domain(), units.as_ptr(), units.len() as i32) };
    if s.is_null() {
        return Err(refused(
            "System.OutOfMemoryException",
            format!(
                "Mono could not allocate a System.String of {} UTF-16 code units",
                units.len()
            ),
        ));
    }
    Ok(ObjectRef(s as *mut ffi::MonoObject))
}

/// A new `System.String` with the text of `s` (see [`string_new`] for the limits).
pub(crate) fn string_from_str(s: &str) -> Result<ObjectRef> {
    if too_long_for_a_string(s) {
        return Err(string_too_long(&format!("{} bytes of UTF-8 text", s.len())));
    }
    let units: Vec<u16> = s.encode_utf16().collect();
    string_new(&units)
}

/// The UTF-16 code units of a non-null `System.String`.
pub(crate) fn string_units(s: ObjectRef) -> Vec<u16> {
    super::thread::ensure();
    let s = s.0 as *mut ffi::MonoString;
    // SAFETY: `s` is a live string (checked by the caller); chars/length stay valid during
    // this copy because we hold the reference on the stack.
    unsafe {
        let len = ffi::mono_string_length(s) as usize;
        std::slice::from_raw_parts(ffi::mono_string_chars(s), len).to_vec()
    }
}

/// Copies the value in the box `src` into the box `dest`, both of one value type, with the
/// write barriers its reference fields need.
pub(crate) fn copy_boxed(dest: ObjectRef, src: ObjectRef) -> Result<()> {
    let class = match (dest.class(), src.class()) {
        (Some(d), Some(s)) if d == s && d.is_value_type() => d,
        (d, s) => {
            return Err(Error::InvalidCast {
                from: s.map_or_else(|| "null".into(), |c| c.full_name()),
                to: d.map_or_else(|| "null".into(), |c| c.full_name()),
            })
        }
    };
    super::thread::ensure();
    // SAFETY: both are live boxes of the value type `class` (checked above), on this stack;
    // `mono_value_copy` copies its value size between their data, with barriers.
    unsafe {
        ffi::mono_value_copy(
            dest.unboxed_ptr() as *mut c_void,
            src.unboxed_ptr() as *mut c_void,
            class.as_ptr(),
        )
    };
    Ok(())
}

/// What an exception object says about itself.
#[derive(Debug, Clone)]
pub(crate) struct ExceptionInfo {
    pub type_name: String,
    pub message: String,
    pub stack_trace: String,
    /// `InnerException` (null when none), valid while the caller keeps it on its stack.
    pub inner: ObjectRef,
}

/// Type name, message, stack trace and inner exception of a thrown exception, read through
/// the thunks of `Exception.get_Message`, `get_StackTrace` and `get_InnerException` (virtual,
/// ~7 ns each on Mono 6.8).
pub(crate) fn exception_info(exc: ObjectRef) -> ExceptionInfo {
    // Thunks are compiled code of the current unit: one set per unit.
    static GETTERS: EpochCell<(usize, usize, usize)> = EpochCell::new();
    let type_name = exc.class().map(|c| c.full_name()).unwrap_or_default();
    let getters = GETTERS.get_or_init(|| {
        let getter = |name: &str| -> usize {
            let cname = CString::new(name).expect("no NUL");
            // SAFETY: System.Exception has these properties in every profile.
            unsafe {
                let prop = ffi::mono_class_get_property_from_name(Class::exception().as_ptr(), cname.as_ptr());
                ffi::mono_method_get_unmanaged_thunk(ffi::mono_property_get_get_method(prop)) as usize
            }
        };
        (getter("Message"), getter("StackTrace"), getter("InnerException"))
    });
    let get = |thunk: usize| -> ObjectRef {
        type Getter = unsafe extern "C" fn(*mut ffi::MonoObject, *mut *mut ffi::MonoObject) -> *mut ffi::MonoObject;
        let mut thrown: *mut ffi::MonoObject = ptr::null_mut();
        // SAFETY: the thunk of a reference-returning `get_X()` instance getter of
        // System.Exception has exactly this signature; `exc` is a live exception (an instance
        // of System.Exception) on our stack and `thrown` a valid exception slot.
        let r = unsafe {
            let f: Getter = std::mem::transmute::<usize, Getter>(thunk);
            f(exc.0, &mut thrown)
        };
        if thrown.is_null() {
            ObjectRef(r)
        } else {
            ObjectRef::NULL
        }
    };
    let read = |thunk: usize| -> String {
        let s = get(thunk);
        if s.is_null() {
            return String::new();
        }
        String::from_utf16_lossy(&string_units(s))
    };
    ExceptionInfo {
        type_name,
        message: read(getters.0),
        stack_trace: read(getters.1),
        inner: get(getters.2),
    }
}

/// The bits of a boxed primitive or enum (at most 8 bytes), zero-extended.
pub(crate) fn primitive_box_bits(obj: ObjectRef) -> u64 {
    let size = obj.class().map_or(0, |c| c.value_size().0).min(8);
    let mut bits = 0u64;
    // SAFETY: `obj` is a live box whose data holds `size` bytes; `bits` has room for 8.
    unsafe { ptr::copy_nonoverlapping(obj.unboxed_ptr(), &mut bits as *mut u64 as *mut u8, size) };
    bits
}

/// The `System.Type` object of `class`.
pub(crate) fn type_object(class: Class) -> Result<ObjectRef> {
    let rt = Runtime::get()?;
    // SAFETY: valid domain and class type; returns the (cached) System.Type object.
    Ok(ObjectRef(
        unsafe { ffi::mono_type_get_object(rt.domain(), ffi::mono_class_get_type(class.as_ptr())) } as *mut _,
    ))
}

/// The class of a `System.Type` object.
pub(crate) fn class_of_type_object(ty: ObjectRef) -> Option<Class> {
    // SAFETY: `ty` is a live System.Type (a MonoReflectionType).
    Class::from_ptr(unsafe { ffi::mono_class_from_mono_type(ffi::mono_reflection_type_get_type(ty.0 as *mut _)) })
}
