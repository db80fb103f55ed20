//! Proxies on CoreCLR (`crate::proxy`), which lets no host add internal calls: the helper
//! (`Cilbind.Proxies`, after `UsePointers`) emits each forwarder `M{n}` and `Created` as a
//! method that calls its Rust function as an unmanaged function pointer, the address given to
//! the build (a constant in the emitted code), passing objects as slot words (thread slots,
//! `SlotTable.TemporaryIn`). An exception must never leave managed code that native code
//! called (CoreCLR ends the process), so a failed proxy call leaves its exception here, in
//! this thread's pending failure, and raises this thread's flag, which the forwarder reads
//! after each call: it then takes the failure ([`take_pending`]) and throws it itself.
//!
//! The sweeper's weak handles (tracking resurrection) are `GCHandle`s the helper makes, reads
//! and frees for Rust (a reflective call each: once per proxy made, and per collected proxy).

use std::cell::{Cell, RefCell};
use std::ffi::c_void;

use super::{assemblies, heap, types};
use crate::error::{Error, Result};
use crate::host::proxy::{Member, ProxyEntry};
use crate::host::{Class, Method, ObjectRef};

thread_local! {
    /// Non-zero while this thread's last proxy call failed and its failure was not taken.
    static FAILED: Cell<i32> = const { Cell::new(0) };
    /// The failure: the exception's class and its message (UTF-16, for `new string(char*, …)`).
    static PENDING: RefCell<(Option<Class>, Vec<u16>)> = const { RefCell::new((None, Vec::new())) };
}

/// Leaves `class` with `message` as this thread's pending failure, which the forwarder that
/// called Rust throws when the call returns.
pub(crate) fn set_pending(class: Class, message: &str) {
    PENDING.with(|p| {
        let mut p = p.borrow_mut();
        p.0 = Some(class);
        p.1 = message.encode_utf16().collect();
    });
    FAILED.with(|f| f.set(1));
}

// The address of this thread's flag, which the forwarders read after each call (a thread's
// `const`-initialised thread-local stays where it is for the thread's life).
extern "C" fn failed_flag() -> *const i32 {
    FAILED.with(|f| f.as_ptr() as *const i32)
}

/// Hands the pending failure to the forwarder that throws it: the interned handle of its
/// class (0 if none) and its message, which stays valid until this thread's next failure.
extern "C" fn take_pending(class: *mut *mut c_void, text: *mut *const u16) -> i32 {
    FAILED.with(|f| f.set(0));
    let taken = std::panic::catch_unwind(|| {
        PENDING.with(|p| {
            let p = p.borrow();
            let class = p.0.map_or(std::ptr::null_mut(), |c| types::of_class(c).0);
            (class, p.1.as_ptr(), i32::try_from(p.1.len()).unwrap_or(i32::MAX))
        })
    });
    let (c, t, n) = taken.unwrap_or((std::ptr::null_mut(), std::ptr::null(), 0));
    // SAFETY: both are the addresses of the caller's `out IntPtr` locals, valid for a write.
    unsafe {
        *class = c;
        *text = t;
    }
    n
}

/// `Cilbind.Proxies.{name}` with these parameter types, found once per name.
fn helper_method(name: &'static str, params: &'static [&'static str]) -> Result<Method> {
    // By unit: a reload loads the helper anew.
    static FOUND: std::sync::Mutex<Vec<(u32, &'static str, Method)>> = std::sync::Mutex::new(Vec::new());
    let epoch = crate::host::unit::epoch();
    let mut found = FOUND.lock().unwrap_or_else(|p| p.into_inner());
    found.retain(|(e, _, _)| *e == epoch);
    if let Some((_, _, m)) = found.iter().find(|(_, n, _)| *n == name) {
        return Ok(*m);
    }
    let m = assemblies::helper()?
        .class("Cilbind", "Proxies")?
        .method(name, params)?;
    found.push((epoch, name, m));
    Ok(m)
}

fn corlib_class(name: &str) -> Result<Class> {
    super::runtime().corlib_types().mscorlib.class("System", name)
}

fn boxed_i64(v: i64) -> Result<ObjectRef> {
    heap::box_bytes(corlib_class("Int64")?, &v.to_le_bytes())
}

fn boxed_address(v: usize) -> Result<ObjectRef> {
    heap::box_bytes(corlib_class("IntPtr")?, &v.to_le_bytes())
}

/// Calls the static helper method `method` with `args` (each in a slot).
fn call(method: Method, args: &[ObjectRef]) -> Result<ObjectRef> {
    let array = heap::array_new(Class::object(), args.len())?;
    for (i, a) in args.iter().enumerate() {
        heap::array_set(array, i, *a)?;
    }
    heap::invoke(method, ObjectRef::NULL, array)
}

fn unboxed_i64(o: ObjectRef) -> Result<i64> {
    let bytes = heap::unboxed_bytes(o)?;
    let bytes: [u8; 8] = bytes
        .try_into()
        .map_err(|_| Error::Unsupported("the proxy helper returned no 64-bit value".into()))?;
    Ok(i64::from_le_bytes(bytes))
}

/// Builds the proxy class of `target` (see `Cilbind.Proxies.Build`), whose forwarder `M{n}`
/// calls `entries[n]` and whose constructors call `created`, each at its address.
pub(crate) fn build(
    target: Class,
    members: &[Member],
    entries: &[ProxyEntry],
    created: extern "C" fn(ObjectRef, i64),
) -> Result<Class> {
    let build = helper_method(
        "BuildFromHandles",
        &[
            "System.Type",
            "System.Int64[]",
            "System.Int32[]",
            "System.Int64[]",
            "System.Int64",
        ],
    )?;
    let mut handles = Vec::with_capacity(members.len() * 8);
    let mut roles = Vec::with_capacity(members.len() * 4);
    for member in members {
        let (handle, role) = match member {
            Member::Method(m, role) => (types::of_method(*m), *role as i32),
            Member::Field(f) => (types::of_field(*f), 5),
        };
        handles.extend_from_slice(&(handle.0 as i64).to_le_bytes());
        roles.extend_from_slice(&role.to_le_bytes());
    }
    let handle_array = heap::array_new(corlib_class("Int64")?, members.len())?;
    heap::array_write(handle_array, &handles)?;
    let role_array = heap::array_new(corlib_class("Int32")?, members.len())?;
    heap::array_write(role_array, &roles)?;
    let codes: Vec<u8> = entries
        .iter()
        .flat_map(|e| (e.code() as usize as i64).to_le_bytes())
        .collect();
    let entry_array = heap::array_new(corlib_class("Int64")?, entries.len())?;
    heap::array_write(entry_array, &codes)?;
    let created = boxed_i64(created as usize as i64)?;
    let made = call(
        build,
        &[
            heap::type_object(target),
            handle_array,
            role_array,
            entry_array,
            created,
        ],
    )
    .map_err(|e| Error::Unsupported(format!("cannot implement {} in Rust: {e}", target.full_name())))?;
    types::class(super::bridge::ManagedHandle(unboxed_i64(made)? as *mut c_void))
}

/// Hands the helper the sweeper's entry points and the failure protocol's (once per unit,
/// with the helper's sweeper), before the first proxy class of the unit exists.
pub(crate) fn start(finalized: extern "C" fn(i64), sweep: extern "C" fn()) -> Result<()> {
    static STARTED: crate::host::EpochCell<()> = crate::host::EpochCell::new();
    let failed = |e: Error| Error::Unsupported(format!("cannot start the proxy sweeper: {e}"));
    STARTED
        .get_or_try_init(|| {
            let use_pointers = helper_method(
                "UsePointers",
                &["System.IntPtr", "System.IntPtr", "System.IntPtr", "System.IntPtr"],
            )?;
            let flag = failed_flag as extern "C" fn() -> *const i32 as usize;
            let pending = take_pending as extern "C" fn(*mut *mut c_void, *mut *const u16) -> i32 as usize;
            call(
                use_pointers,
                &[
                    boxed_address(finalized as usize)?,
                    boxed_address(sweep as usize)?,
                    boxed_address(flag)?,
                    boxed_address(pending)?,
                ],
            )?;
            call(helper_method("StartSweeper", &[])?, &[]).map(|_| ())
        })
        .copied()
        .map_err(failed)
}

/// A weak handle tracking resurrection to `obj` (it reads null only once the object is
/// reclaimed, not while it waits for its finalizer or after a finalizer resurrected it).
pub(crate) fn long_weak_handle(obj: ObjectRef) -> Result<usize> {
    let h = unboxed_i64(call(helper_method("WeakHandle", &["System.Object"])?, &[obj])?)?;
    Ok(h as usize)
}

/// True once the object of the weak handle `handle` was reclaimed (or it cannot be asked).
pub(crate) fn is_reclaimed(handle: usize) -> bool {
    let asked = helper_method("IsReclaimed", &["System.Int64"])
        .and_then(|m| call(m, &[boxed_i64(handle as i64)?]))
        .and_then(heap::unboxed_bytes);
    matches!(asked.as_deref(), Ok([b]) if *b != 0)
}

/// Frees a handle [`long_weak_handle`] made.
pub(crate) fn free_handle(handle: usize) {
    let _ = helper_method("FreeHandle", &["System.Int64"]).and_then(|m| call(m, &[boxed_i64(handle as i64)?]));
}

/// The parameter list of `method` as Mono's `mono_signature_get_desc(sig, TRUE)` prints it.
pub(crate) fn signature_desc(method: Method) -> Result<String> {
    let describe = helper_method("Describe", &["System.Int64"])?;
    let text = call(describe, &[boxed_i64(types::of_method(method).0 as i64)?])?;
    String::from_utf16(&heap::string_units(text)?)
        .map_err(|_| Error::Unsupported(format!("the description of {method} is not UTF-16")))
}
