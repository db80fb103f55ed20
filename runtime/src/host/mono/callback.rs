//! The native end of callbacks: the `extern "C"` dispatcher that managed delegates made by
//! `Cilbind.Callbacks` call, and the creation of those delegates.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use super::metadata::{Class, Method};
use super::raw::{self, ObjectRef};
use super::runtime::Runtime;
use super::EpochCell;
use crate::error::{Error, Result};
use crate::host::ObjectRef as NeutralRef;

use crate::host::callback::{handler, Outcome};

/// Called by managed delegates (through `Marshal.GetDelegateForFunctionPointer`): `args` is a
/// GC handle to the argument array (the caller frees it); `*result` receives a new GC handle
/// to the result or the error message, which the caller frees. GC handles are the right tool
/// here: this is a marshalled call, where an `object` parameter would be marshalled rather
/// than passed as a reference, and `GCHandle.ToIntPtr` is .NET's way to hand a reference
/// through one. Returns 0 (done), 1 (failed),
/// 2 (panicked), 3 (dropped) or 4 (too little stack left to run Rust code, see `stack.rs`:
/// the message in `*result`, thrown as `InsufficientExecutionStackException`). Never unwinds
/// into managed code.
extern "C" fn dispatch(key: i64, args: isize, result: *mut isize) -> i32 {
    let run = || -> (i32, ObjectRef) {
        super::thread::ensure();
        if super::stack::is_low() {
            // A short message: making it fails only when Mono cannot allocate at all, and then
            // C# throws the exception without it.
            let text = super::stack::refusal("the Rust closure behind this delegate");
            return (4, raw::string_from_str(&text).unwrap_or(ObjectRef::NULL));
        }
        let Some(handler) = handler() else {
            return (3, ObjectRef::NULL);
        };
        let args = raw::gchandle_target(args as u32);
        match handler(key, args.into()) {
            Outcome::Done(v) => (0, v.into()),
            Outcome::Failed(message) => (1, message.into()),
            Outcome::Dropped => (3, ObjectRef::NULL),
        }
    };
    let (status, value) = catch_unwind(AssertUnwindSafe(run)).unwrap_or((2, ObjectRef::NULL));
    let handle = if value.is_null() {
        0
    } else {
        raw::gchandle_new(value) as isize
    };
    // SAFETY: `result` is the address of the caller's `out IntPtr` local, valid for a write.
    unsafe { *result = handle };
    status
}

/// A new delegate of `delegate_class` whose invocation runs the closure registered under
/// `key` through `handler`.
pub(crate) fn create_delegate(delegate_class: crate::host::Class, key: i64) -> Result<NeutralRef> {
    let delegate_class = Class::from(delegate_class);
    static CREATE: EpochCell<Method> = EpochCell::new();
    let rt = Runtime::get()?;
    let create = *CREATE.get_or_try_init(|| {
        rt.helper()
            .class("Cilbind", "Callbacks")?
            .method("Create", &["System.Type", "System.IntPtr", "System.Int64"])
    })?;
    let ty = raw::type_object(delegate_class)?;
    let mut entry = dispatch as extern "C" fn(i64, isize, *mut isize) -> i32 as *mut c_void;
    let mut key = key;
    let mut args = [
        ty.as_ptr() as *mut c_void,
        &mut entry as *mut *mut c_void as *mut c_void,
        &mut key as *mut i64 as *mut c_void,
    ];
    make(create, &mut args, || {
        format!("cannot make a delegate of {}", delegate_class.full_name())
    })
}

/// Calls the helper's static `create` with `args`; its exception is an error, `what` failed.
fn make(create: Method, args: &mut [*mut c_void], what: impl FnOnce() -> String) -> Result<NeutralRef> {
    super::entry::runtime_invoke(create, std::ptr::null_mut(), args)
        .map_err(|e| {
            let info = raw::exception_info(e);
            Error::InvalidArgument(format!("{}: {}: {}", what(), info.type_name, info.message))
        })
        .map(NeutralRef::from)
}

/// A new relay implementing the interface `target` whose methods run the closures `members`
/// lists (`Cilbind.Relays.Create`: one line `key TAB Name(parameters)` per method).
pub(crate) fn create_relay(target: crate::host::Class, members: &str) -> Result<NeutralRef> {
    let target = Class::from(target);
    static CREATE: EpochCell<Method> = EpochCell::new();
    let rt = Runtime::get()?;
    let create = *CREATE.get_or_try_init(|| {
        rt.helper()
            .class("Cilbind", "Relays")?
            .method("Create", &["System.Type", "System.IntPtr", "System.String"])
    })?;
    let ty = raw::type_object(target)?;
    let members = raw::string_from_str(members)?;
    let mut entry = dispatch as extern "C" fn(i64, isize, *mut isize) -> i32 as *mut c_void;
    // The type object and the string stay on this stack (locals) until the call, where Mono's
    // conservative scan of native frames keeps them.
    let mut args = [
        ty.as_ptr() as *mut c_void,
        &mut entry as *mut *mut c_void as *mut c_void,
        members.as_ptr() as *mut c_void,
    ];
    make(create, &mut args, || {
        format!("cannot implement {} through a relay", target.full_name())
    })
}
