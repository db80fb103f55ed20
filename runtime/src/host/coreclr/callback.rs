//! The native end of callbacks on CoreCLR: the dispatcher that delegates made by
//! `Cilbind.Callbacks.CreateWithSlots` call, with the arguments' `object[]` and the result as
//! slot words (the collector moves objects: no address crosses), and the making of those
//! delegates.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use super::{assemblies, heap};
use crate::error::{Error, Result};
use crate::host::callback::{handler, Outcome};
use crate::host::{stack, Class, Method, ObjectRef};

/// Called by managed delegates: `args` is the word of the argument array (one of this thread's
/// slots); `*result` receives the word of the result or the error message, which C# reads at
/// once on this thread. Returns 0 (done), 1 (failed), 2 (panicked), 3 (dropped) or 4 (too little
/// stack left to run Rust code: the message in `*result`). Never unwinds into managed code.
extern "C" fn dispatch(key: i64, args: isize, result: *mut isize) -> i32 {
    let run = || -> (i32, ObjectRef) {
        super::enter_thread_from_managed();
        if stack::is_low() {
            let text = stack::refusal("the Rust closure behind this delegate");
            return (4, heap::string_from_str(&text).unwrap_or(ObjectRef::NULL));
        }
        let Some(handler) = handler() else {
            return (3, ObjectRef::NULL);
        };
        match handler(key, heap::object(super::bridge::SlotWord(args as i64))) {
            Outcome::Done(v) => (0, v),
            Outcome::Failed(message) => (1, message),
            Outcome::Dropped => (3, ObjectRef::NULL),
        }
    };
    let (status, value) = catch_unwind(AssertUnwindSafe(run)).unwrap_or((2, ObjectRef::NULL));
    // SAFETY: `result` is the address of the caller's `out IntPtr` local, valid for a write.
    unsafe { *result = heap::word(value).0 as isize };
    status
}

/// A new delegate of `delegate_class` whose invocation runs the closure registered under `key`.
pub(crate) fn create_delegate(delegate_class: Class, key: i64) -> Result<ObjectRef> {
    /// `Callbacks.CreateWithSlots`, `System.IntPtr` and `System.Int64`, found once.
    static FOUND: OnceLock<(Method, Class, Class)> = OnceLock::new();
    let (create, intptr, int64) = match FOUND.get() {
        Some(found) => *found,
        None => {
            let create = assemblies::helper()?
                .class("Cilbind", "Callbacks")?
                .method("CreateWithSlots", &["System.Type", "System.IntPtr", "System.Int64"])?;
            let corlib = super::runtime().corlib_types().mscorlib;
            let found = (
                create,
                corlib.class("System", "IntPtr")?,
                corlib.class("System", "Int64")?,
            );
            *FOUND.get_or_init(|| found)
        }
    };
    let entry = dispatch as extern "C" fn(i64, isize, *mut isize) -> i32 as usize;
    let args = heap::array_new(Class::object(), 3)?;
    heap::array_set(args, 0, heap::type_object(delegate_class))?;
    heap::array_set(args, 1, heap::box_bytes(intptr, &entry.to_le_bytes())?)?;
    heap::array_set(args, 2, heap::box_bytes(int64, &key.to_le_bytes())?)?;
    heap::invoke(create, ObjectRef::NULL, args)
        .map_err(|e| Error::InvalidArgument(format!("cannot make a delegate of {}: {e}", delegate_class.full_name())))
}

/// A new relay implementing the interface `target` whose methods run the closures `members`
/// lists (`Cilbind.Relays.CreateWithSlots`: one line `key TAB Name(parameters)` per method).
pub(crate) fn create_relay(target: Class, members: &str) -> Result<ObjectRef> {
    /// `Relays.CreateWithSlots` and `System.IntPtr`, found once.
    static FOUND: OnceLock<(Method, Class)> = OnceLock::new();
    let (create, intptr) = match FOUND.get() {
        Some(found) => *found,
        None => {
            let create = assemblies::helper()?
                .class("Cilbind", "Relays")?
                .method("CreateWithSlots", &["System.Type", "System.IntPtr", "System.String"])?;
            let intptr = super::runtime().corlib_types().mscorlib.class("System", "IntPtr")?;
            *FOUND.get_or_init(|| (create, intptr))
        }
    };
    let entry = dispatch as extern "C" fn(i64, isize, *mut isize) -> i32 as usize;
    let args = heap::array_new(Class::object(), 3)?;
    heap::array_set(args, 0, heap::type_object(target))?;
    heap::array_set(args, 1, heap::box_bytes(intptr, &entry.to_le_bytes())?)?;
    heap::array_set(args, 2, heap::string_from_str(members)?)?;
    heap::invoke(create, ObjectRef::NULL, args)
        .map_err(|e| Error::InvalidArgument(format!("cannot implement {} through a relay: {e}", target.full_name())))
}
