//! Mono's embedding API found at run time (feature `mono-from-process`): for a guest plugin in a
//! host that ships its own Mono (Unity's `libmonobdwgc-2.0.so`, an engine's static build), which
//! need not have Debian's `libmonosgen-2.0.so.1` that a linked plugin names as `NEEDED` and
//! cannot load without.
//!
//! [`resolve`] looks for `mono_get_root_domain`, in this order: in the process's global scope
//! (the `mono` executable exports its API there, as does a library loaded `RTLD_GLOBAL`); in each
//! loaded object (a host's Mono library loaded `RTLD_LOCAL`); else it loads
//! `libmonosgen-2.0.so.1` (host mode, or a host that runs no Mono: the library is loaded and
//! never started, as a linked build's would be). Every other function then comes from the
//! object that had it. Each Mono function is then one indirect call through the table (the
//! linked build, the default, calls them directly).

use std::ffi::{c_int, c_void, CStr};
use std::sync::OnceLock;

use super::ffi::Api;

/// The library loaded when the process has no Mono yet.
const LIBRARY: &CStr = c"libmonosgen-2.0.so.1";

/// The symbol that tells an object holding Mono's embedding API.
const PROBE: &CStr = c"mono_get_root_domain";

/// The table, or why it could not be filled (the first attempt's, kept).
static API: OnceLock<Result<Api, String>> = OnceLock::new();

/// Fills the table once per process; the error says where Mono was looked for.
pub(crate) fn resolve() -> Result<(), String> {
    API.get_or_init(find).as_ref().map(|_| ()).map_err(|why| why.clone())
}

/// The table. Every path into Mono goes through [`resolve`] first (`runtime.rs`: the root-domain
/// probe and the start both do, and nothing else calls Mono before a runtime exists).
#[inline]
pub(crate) fn api() -> &'static Api {
    match API.get() {
        Some(Ok(api)) => api,
        _ => unreachable!("a Mono function was called before cilbind found Mono (dynamic::resolve)"),
    }
}

fn find() -> Result<Api, String> {
    let handle = global().or_else(loaded_object).or_else(load_library).ok_or_else(|| {
        format!(
            "no Mono embedding API in this process ({} is neither in its global scope nor in a loaded \
                 object) and {} cannot be loaded: {}",
            PROBE.to_string_lossy(),
            LIBRARY.to_string_lossy(),
            last_error()
        )
    })?;
    Api::resolve(|name| {
        // SAFETY: `handle` is RTLD_DEFAULT or a handle dlopen returned and that is never
        // closed; `name` ends in NUL (the macro writes it so).
        unsafe { libc::dlsym(handle, name.as_ptr().cast()) }
    })
    .map_err(|missing| format!("the process's Mono lacks {missing}, which cilbind needs"))
}

/// RTLD_DEFAULT, when the global scope has Mono's API.
fn global() -> Option<*mut c_void> {
    // SAFETY: a lookup by a NUL-terminated name in the global scope.
    let found = unsafe { libc::dlsym(libc::RTLD_DEFAULT, PROBE.as_ptr()) };
    (!found.is_null()).then_some(libc::RTLD_DEFAULT)
}

/// A handle of the first loaded object that defines Mono's API.
fn loaded_object() -> Option<*mut c_void> {
    extern "C" fn visit(info: *mut libc::dl_phdr_info, _size: usize, found: *mut c_void) -> c_int {
        // SAFETY: the loader passes a valid `info` for the call, whose name is NULL or a
        // NUL-terminated path it owns; `found` is the `Option` below, alive for the iteration.
        // dlopen with RTLD_NOLOAD only returns a handle of an object already loaded (adding a
        // reference, kept: the table points into it).
        unsafe {
            let name = (*info).dlpi_name;
            if name.is_null() || *name == 0 {
                return 0;
            }
            let handle = libc::dlopen(name, libc::RTLD_LAZY | libc::RTLD_NOLOAD);
            if handle.is_null() {
                return 0;
            }
            if libc::dlsym(handle, PROBE.as_ptr()).is_null() {
                libc::dlclose(handle);
                return 0;
            }
            *found.cast::<Option<*mut c_void>>() = Some(handle);
        }
        1
    }
    let mut found: Option<*mut c_void> = None;
    // SAFETY: `visit` only reads what the loader hands it and writes `found`, which outlives
    // the iteration; it does not unwind.
    unsafe { libc::dl_iterate_phdr(Some(visit), (&raw mut found).cast()) };
    found
}

/// Loads Debian's Mono library (`RTLD_GLOBAL`, as linking it would make it), never closed.
fn load_library() -> Option<*mut c_void> {
    // SAFETY: loads a library by its NUL-terminated name; its initialisers only set up Mono's
    // globals (nothing starts until `mono_jit_init`).
    let handle = unsafe { libc::dlopen(LIBRARY.as_ptr(), libc::RTLD_NOW | libc::RTLD_GLOBAL) };
    (!handle.is_null()).then_some(handle)
}

/// What `dlerror` says of the last failure, if anything.
fn last_error() -> String {
    // SAFETY: dlerror returns NULL or a NUL-terminated message valid until the next dl call on
    // this thread, copied at once.
    let message = unsafe { libc::dlerror() };
    if message.is_null() {
        return "(no message)".into();
    }
    // SAFETY: as above.
    unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
}
