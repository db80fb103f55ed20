//! The reloadable unit: the AppDomain in which everything cilbind loads and runs lives.
//!
//! Mono's root domain can never be unloaded, so a runtime started reloadable
//! ([`Runtime::start_reloadable`](crate::Runtime::start_reloadable)) starts a child domain
//! right after `mono_jit_init` and makes it current on every thread that calls in: the
//! assemblies, the runtime's C# helper, every JIT-compiled thunk and trampoline, and every
//! object cilbind makes or receives belong to it. Otherwise the unit is the root domain itself
//! ([`start`] says why that is the default). [`Runtime::reload`](crate::Runtime::reload) unloads that domain
//! and starts a new one. Mono 6.8 unloads a child domain cleanly (create, load, call, switch
//! back to the root, `mono_domain_unload`: 40 cycles alternating two versions of an assembly
//! returned the right version each time, with about 50 KB of RSS growth over 30 cycles), but
//! it frees the domain's code, vtables and objects, so nothing of an unloaded unit may be used
//! afterwards:
//!
//! * its thunks would run freed code, so every cache of a thunk, class, method or field is a
//!   [`EpochCell`](crate::host::EpochCell) stamped with the unit's *epoch* and resolved
//!   again once the epoch moves on;
//! * its objects are freed, so every store slot is emptied and its key made stale before the
//!   unload (no reference from the root domain, where the slot arrays live, may point into an
//!   unloaded domain: SGen assumes none does);
//! * a thread whose current domain is the unloaded one would make Mono read freed memory
//!   (stack traces, class initialisation and reflection use the current domain), so each
//!   thread records the epoch it was set up for and moves to the new unit on its next call.
//!
//! The epoch starts at 1 (0 means "never set up") and only grows.

use std::ptr::{self, NonNull};
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::OnceLock;

use super::ffi;
use crate::error::{Error, Result};
use crate::host::EpochCell;

/// The current unit's domain (null before start-up).
static DOMAIN: AtomicPtr<ffi::MonoDomain> = AtomicPtr::new(ptr::null_mut());

/// The current unit's domain (null before the runtime started).
#[inline]
pub(crate) fn domain() -> *mut ffi::MonoDomain {
    DOMAIN.load(Ordering::Acquire)
}

/// Makes the process's current unit: a new child domain named `name` when `reloadable`, else
/// the root domain itself (which can never be unloaded, but runs the class library's
/// ahead-of-time compiled code: Mono uses AOT code in the root domain only, so in a child
/// domain every class-library method is JIT-compiled on first use, which made the sample's
/// start-up and first ticks about twice as long). The unit becomes the calling thread's
/// current domain; returns it with its epoch.
pub(crate) fn start(name: &str, reloadable: bool) -> Result<(NonNull<ffi::MonoDomain>, u32)> {
    let cname =
        std::ffi::CString::new(name).map_err(|_| Error::InvalidArgument(format!("unit name {name:?} contains NUL")))?;
    // SAFETY: called on an attached thread. `mono_domain_create_appdomain` copies the name
    // and takes NULL for "no configuration file"; it runs managed set-up code in the new
    // domain and returns NULL when that fails. The root domain exists from mono_jit_init on.
    let domain = unsafe {
        if reloadable {
            ffi::mono_domain_create_appdomain(cname.as_ptr() as *mut _, ptr::null_mut())
        } else {
            ffi::mono_get_root_domain()
        }
    };
    let domain =
        NonNull::new(domain).ok_or_else(|| Error::Startup(format!("Mono could not create the domain {name}")))?;
    // SAFETY: a live domain; `force = 0` refuses (returns 0) when the domain is being
    // unloaded, which neither a new domain nor the root is.
    if unsafe { ffi::mono_domain_set(domain.as_ptr(), 0) } == 0 {
        return Err(Error::Startup(format!("Mono refused to enter the new domain {name}")));
    }
    DOMAIN.store(domain.as_ptr(), Ordering::Release);
    let epoch = crate::host::epoch::advance();
    Ok((domain, epoch))
}

/// Makes `domain`, a domain of the host process's Mono (cilbind is a guest in it), the
/// process's current unit, never unloaded by cilbind.
pub(crate) fn adopt(domain: NonNull<ffi::MonoDomain>) -> Result<()> {
    // SAFETY: a live domain of the running Mono; `force = 0` refuses (returns 0) when the
    // host is unloading it.
    if unsafe { ffi::mono_domain_set(domain.as_ptr(), 0) } == 0 {
        return Err(Error::Startup(
            "Mono refused to enter the host's domain: it is being unloaded".into(),
        ));
    }
    DOMAIN.store(domain.as_ptr(), Ordering::Release);
    crate::host::epoch::advance();
    Ok(())
}

/// Marks the current unit as gone before it is unloaded: the epoch moves on, so every cache
/// stamped with the old one is stale from now on, and the process has no current unit until
/// [`start`] makes one.
pub(crate) fn retire() {
    crate::host::epoch::advance();
    DOMAIN.store(ptr::null_mut(), Ordering::Release);
}

/// Unloads `old` (a unit [`retire`] retired), with the root domain current on this thread:
/// unloading the current domain makes Mono crash (SIGSEGV), so the root is entered first.
pub(crate) fn unload(old: NonNull<ffi::MonoDomain>) -> Result<()> {
    // SAFETY: the root domain lives as long as the process; entering it is always allowed
    // (`force = 1`).
    unsafe { ffi::mono_domain_set(ffi::mono_get_root_domain(), 1) };
    let mut exc: *mut ffi::MonoObject = ptr::null_mut();
    // SAFETY: `old` is a child domain that is not current on this thread; the caller made sure
    // that no other thread runs its code (Runtime::reload's contract). Mono reports a failed
    // unload (a thread that does not leave the domain) through `exc`.
    unsafe { ffi::mono_domain_try_unload(old.as_ptr(), &mut exc) };
    if exc.is_null() {
        Ok(())
    } else {
        let info = super::raw::exception_info(super::ObjectRef(exc));
        Err(Error::Reload(format!(
            "Mono could not unload the previous unit: {}: {}",
            info.type_name, info.message
        )))
    }
}

/// True when managed code is on the calling thread's stack: Rust was called from C# (a native,
/// a Rust implementation, a callback), so the code that would return to it must not be
/// unloaded.
pub(crate) fn managed_code_on_stack() -> bool {
    unsafe extern "C" fn found(
        _method: *mut ffi::MonoMethod,
        _native_offset: i32,
        _il_offset: i32,
        _managed: ffi::MonoBool,
        data: *mut std::ffi::c_void,
    ) -> ffi::MonoBool {
        // SAFETY: `data` is the `bool` that `managed_code_on_stack` passed, alive for the walk.
        unsafe { *(data as *mut bool) = true };
        1
    }
    let mut any = false;
    // SAFETY: walks the calling (attached) thread's own managed frames; `found` matches
    // `MonoStackWalk` and only writes the local flag it is given, which outlives the walk.
    unsafe { ffi::mono_stack_walk_no_il(found, &mut any as *mut bool as *mut std::ffi::c_void) };
    any
}

/// Guest mode: asks the helper in the adopted domain to call `unloading` (on the thread that
/// unloads it, inside it, before Mono frees anything) when the host unloads that domain
/// (`Cilbind.DomainWatch`); once per unit. `unloading` must not unwind. Nothing to ask when the
/// adopted domain is the root domain, which is never unloaded.
pub(crate) fn watch_host_unload(unloading: extern "C" fn()) -> Result<()> {
    // SAFETY: Mono runs (cilbind adopted it); the root domain lives as long as the process.
    if domain() == unsafe { ffi::mono_get_root_domain() } {
        return Ok(());
    }
    static REGISTERED: OnceLock<std::result::Result<(), String>> = OnceLock::new();
    static WATCHED: EpochCell<()> = EpochCell::new();
    let failed = |e: String| Error::Startup(format!("cannot watch for the host unloading the adopted domain: {e}"));
    REGISTERED
        .get_or_init(|| {
            // SAFETY: `unloading` has the signature the helper declares (`static extern void
            // Unloading()`) and does not unwind; it is registered before the helper can call
            // it (the watch starts below). Mono's table of internal calls is process-wide.
            unsafe { super::native::add_raw_internal_call("Cilbind.DomainWatch::Unloading", unloading as *const _) }
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(failed)?;
    WATCHED
        .get_or_try_init(|| {
            let watch = super::Runtime::get()?
                .helper()
                .class("Cilbind", "DomainWatch")
                .and_then(|c| c.method("Watch", &[]))?;
            super::entry::runtime_invoke(watch, ptr::null_mut(), &mut [])
                .map(|_| ())
                .map_err(|e| failed(super::raw::exception_info(e).message))
        })
        .copied()
}

/// Inside the internal call the unload event of the adopted domain made: has it throw
/// `System.CannotUnloadAppDomainException` with `message`, which makes Mono roll the unload
/// back and the host's `AppDomain.Unload` throw it.
pub(crate) fn refuse_unload(message: &str) {
    match super::Runtime::corlib_of_process().class("System", "CannotUnloadAppDomainException") {
        Ok(class) => super::native::set_pending_exception(class.into(), message),
        Err(e) => log::error!(target: "cilbind", "cannot refuse the host's unload ({message}): {e}"),
    }
}
