//! Entry points into managed code on Mono: a method's unmanaged thunk, the pointer trampolines
//! the runtime's C# helper builds, and the reflective invoke (with the virtual dispatch
//! `mono_runtime_invoke` lacks).

use std::ffi::c_void;
use std::ptr;

use super::ffi;
use super::metadata::Method;
use super::raw::{class_of_type_object, exception_info, primitive_box_bits, ObjectRef};
use super::runtime::Runtime;
use super::EpochCell;
use crate::error::{Error, Result};

/// Mono's unmanaged thunk for `method`: `R f([this,] args…, MonoException **exc)`.
pub(crate) fn unmanaged_thunk(method: Method) -> Result<*const c_void> {
    super::thread::ensure();
    // SAFETY: valid method; JIT-compiles a wrapper on first use (170–200 µs).
    let p = unsafe { ffi::mono_method_get_unmanaged_thunk(method.as_ptr()) };
    if p.is_null() {
        return Err(Error::Unsupported(format!("Mono has no unmanaged thunk for {method}")));
    }
    Ok(p as *const c_void)
}

/// `mono_runtime_invoke`: calls `method` (non-virtually) on `this` with `args`, each a pointer
/// to a value (value types) or a `MonoObject*` (reference types). Returns the result (boxed
/// for value types) or the thrown exception as `Err`.
pub(crate) fn runtime_invoke(
    method: Method,
    this: *mut c_void,
    args: &mut [*mut c_void],
) -> std::result::Result<ObjectRef, ObjectRef> {
    super::thread::ensure();
    let mut exc: *mut ffi::MonoObject = ptr::null_mut();
    let argp = if args.is_empty() {
        ptr::null_mut()
    } else {
        args.as_mut_ptr()
    };
    // SAFETY: `args` has one slot per parameter (checked by the caller) and `exc` is a valid slot.
    let r = unsafe { ffi::mono_runtime_invoke(method.as_ptr(), this, argp, &mut exc) };
    if exc.is_null() {
        Ok(ObjectRef(r))
    } else {
        Err(ObjectRef(exc))
    }
}

/// Invokes `method` reflectively: on `this` (`None` for a static method; a virtual method is
/// dispatched on `this`'s runtime class, which `mono_runtime_invoke_array` does not do) with
/// the arguments in `args`, an `object[]` with one element per parameter (null for none), and
/// returns the result (boxed for value types, an unmanaged pointer as a `System.Reflection.Pointer`) or
/// the thrown exception as `Err`.
///
/// The arguments stay in managed memory, where the collector sees and updates them, until
/// Mono itself takes them out for the call. Each element has the form its parameter takes,
/// which callers check first (Mono reads a value type's box as that type, and aborts the
/// process on a parameter kind it cannot pass): a reference, null or a box of the exact value
/// type, a box of `T` or null for `Nullable<T>`, a boxed `IntPtr` for an unmanaged pointer (by
/// ref: the address of the pointer variable). `ref`/`out` values come back in `args`: a
/// reference in its element, a value type in a new box there (the box passed in is left as it
/// was). `this`, when given, is non-null and an instance of the method's class (checked by
/// the caller).
pub(crate) fn invoke_array(
    method: Method,
    this: Option<ObjectRef>,
    args: ObjectRef,
) -> std::result::Result<ObjectRef, ObjectRef> {
    super::thread::ensure();
    let (method, this) = match this {
        None => (method, ptr::null_mut()),
        Some(obj) => {
            let target = if method.is_virtual() {
                virtual_method(obj, method)
            } else {
                method
            };
            // Mono takes `this` of a value type's method as the address of the unboxed value.
            // From here to the call nothing allocates, and `obj` stays on this stack, where the
            // collector pins it.
            let this = if target.class().is_value_type() {
                obj.unboxed_ptr() as *mut c_void
            } else {
                obj.0 as *mut c_void
            };
            (target, this)
        }
    };
    let mut exc: *mut ffi::MonoObject = ptr::null_mut();
    // SAFETY: `args` is null or a live object[] whose elements have the forms the method's
    // parameters take (checked by the caller), `this` fits the method (likewise), and `exc`
    // is a valid slot. The array and `this` stay on this stack during the call.
    let r = unsafe { ffi::mono_runtime_invoke_array(method.as_ptr(), this, args.0 as *mut ffi::MonoArray, &mut exc) };
    if exc.is_null() {
        Ok(ObjectRef(r))
    } else {
        Err(ObjectRef(exc))
    }
}

/// The address an unmanaged pointer result holds: a `System.Reflection.Pointer` (what
/// [`invoke_array`] returns for one) or a boxed `IntPtr`.
pub(crate) fn pointer_address(result: ObjectRef) -> Result<usize> {
    static UNBOX: EpochCell<Method> = EpochCell::new();
    let Some(class) = result.class() else {
        return Ok(0);
    };
    if class.kind() == super::TypeKind::IntPtr {
        return Ok(primitive_box_bits(result) as usize);
    }
    let unbox = *UNBOX.get_or_try_init(|| {
        Runtime::get()?
            .corlib()
            .class("System.Reflection", "Pointer")?
            .method("Unbox", &["System.Object"])
    })?;
    let mut args = [result.as_ptr() as *mut c_void];
    // `Pointer.Unbox` returns `void*`, which mono_runtime_invoke returns as a boxed IntPtr.
    let address = runtime_invoke(unbox, ptr::null_mut(), &mut args).map_err(|e| {
        let info = exception_info(e);
        Error::InvalidCast {
            from: class.full_name(),
            to: format!("an unmanaged pointer ({}: {})", info.type_name, info.message),
        }
    })?;
    Ok(primitive_box_bits(address) as usize)
}

/// The override of `method` that `obj`'s runtime class uses (virtual dispatch for the
/// reflective path, since `mono_runtime_invoke` does not dispatch).
fn virtual_method(obj: ObjectRef, method: Method) -> Method {
    super::thread::ensure();
    // SAFETY: `obj` is non-null (checked by the caller) and `method` a method of its class.
    Method::from_ptr(unsafe { ffi::mono_object_get_virtual_method(obj.0, method.as_ptr()) }).unwrap_or(method)
}

/// Builds (through the runtime's C# helper) a static trampoline for `target` that takes the
/// parameters selected by `mask` by pointer and makes those selected by `spans` from a
/// pointer to a (data, length) pair (see `Cilbind.Trampolines.Build`), and returns it.
pub(crate) fn build_trampoline(target: Method, mask: i64, spans: i64) -> Result<Method> {
    static BUILD: EpochCell<Method> = EpochCell::new();
    let rt = Runtime::get()?;
    let build = *BUILD.get_or_try_init(|| {
        rt.helper().class("Cilbind", "Trampolines")?.method(
            "Build",
            &["System.Reflection.MethodBase", "System.Int64", "System.Int64"],
        )
    })?;
    // SAFETY: valid domain and method; returns a MethodInfo/ConstructorInfo object.
    let info = unsafe { ffi::mono_method_get_object(rt.domain(), target.as_ptr(), ptr::null_mut()) };
    let (mut mask, mut spans) = (mask, spans);
    let mut args = [
        info as *mut c_void,
        &mut mask as *mut i64 as *mut c_void,
        &mut spans as *mut i64 as *mut c_void,
    ];
    let ty = runtime_invoke(build, ptr::null_mut(), &mut args).map_err(|e| {
        let info = super::raw::exception_info(e);
        Error::Unsupported(format!(
            "cannot build a trampoline for {target}: {}: {}",
            info.type_name, info.message
        ))
    })?;
    let class = class_of_type_object(ty)
        .ok_or_else(|| Error::Unsupported(format!("trampoline type for {target} has no class")))?;
    class
        .methods()
        .find(|m| m.name() == "Invoke")
        .ok_or_else(|| Error::Unsupported(format!("trampoline for {target} has no Invoke")))
}
