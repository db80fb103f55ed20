//! Guest mode: cilbind in a Rust plugin (a `cdylib`) that a process whose CLR already runs
//! loads, instead of in a process that starts the CLR itself.
//!
//! The host's managed code calls the plugin's bootstrap entry once, through `[DllImport]`;
//! the entry adopts the running CLR ([`Runtime::attach`]) and runs the plugin's own
//! start-up (typically each generated binding's `init()`). [`guest_plugin!`](crate::guest_plugin)
//! writes that entry:
//!
//! ```ignore
//! cilbind::guest_plugin!(start);
//!
//! fn start(_rt: &'static cilbind::Runtime) -> cilbind::Result<()> {
//!     my_bindings::init()
//! }
//! ```
//!
//! and the host's C# compiles in cilbind's bootstrap, `Cilbind.Guest` ([`BOOTSTRAP_CS`], the
//! file runtime/managed/guest/Cilbind.Guest.cs, unchanged), and calls the entry before anything
//! else of the plugin:
//!
//! ```csharp
//! [DllImport("my_plugin")] static extern IntPtr cilbind_guest_init(IntPtr handover);
//!
//! IntPtr error = cilbind_guest_init(Cilbind.Guest.Handover());
//! if (error != IntPtr.Zero) throw new Exception(Marshal.PtrToStringAnsi(error));
//! ```
//!
//! The entry returns NULL on success, else a UTF-8 message (owned by the plugin, valid until
//! the entry's next call) saying why the plugin could not start.
//!
//! # Shutdown and unload
//!
//! The host owns the runtime: the plugin never shuts it down. When the host is done with the
//! plugin it calls `cilbind_guest_shutdown()` (also written by the macro), which runs the
//! plugin's own stop function if it gave one and releases every Rust closure behind a delegate
//! and every Rust value behind an implementation of a C# type: a delegate or object C# kept
//! throws `ObjectDisposedException` when called from then on, as one whose Rust side was
//! dropped does. The plugin's code itself is never unmapped: the first successful attach marks
//! the library `RTLD_NODELETE`, so a host's `dlclose` (`NativeLibrary.Free`) cannot pull the
//! code from under what the runtime still points at (its internal calls, the native entries
//! of delegates and implementations, Rust's thread-local destructors); the library is
//! released with the process.
//!
//! A Mono host may unload the domain cilbind adopted (Unity does when it reloads its scripts):
//! cilbind releases what it kept there as a reload does, every call is an error until the
//! game's new domain calls the bootstrap entry again, which adopts that domain; the unload is
//! refused while one of the plugin's own threads that called the game is still in the domain
//! (it calls [`Runtime::leave_unit`](crate::Runtime::leave_unit) or exits first).
//!
//! A .NET host may load the game into a collectible load context and unload it (Godot's editor
//! does, to reload the game's scripts): cilbind follows the context the game is in (the code it
//! emits to call into the game is collectible and bound there), and when the host unloads it,
//! cilbind lets go of everything it held there, as on Mono, so the runtime can free it; every
//! call is an error until the game's code, loaded again, calls the bootstrap entry again.
//! cilbind serves one load of the game at a time: the entry refuses the handover of a second
//! load while the first one's domain or context is still there.
//!
//! The handover is how cilbind
//! reaches CoreCLR, which exports no embedding API (`host/handover.rs`); on Mono, whose API
//! cilbind finds in the process, it is checked and not used, and `IntPtr.Zero` does as well.

use std::ffi::{c_char, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use crate::error::Result;
use crate::host::handover::{self, Handover};
use crate::host::Runtime;

pub use crate::host::handover::{BOOTSTRAP_CS, RUNTIME_CONFIG_JSON};

/// The last failure's message, kept for the host to read.
static LAST_ERROR: Mutex<Option<CString>> = Mutex::new(None);

/// The body of the entry [`guest_plugin!`](crate::guest_plugin) writes: checks and keeps the
/// handover, attaches, runs `start`, and turns a failure or a panic into the message the host
/// reads (the entry must not unwind into the host's managed code, which would abort the
/// process).
///
/// # Safety
/// `handover` is NULL, below 4096, misaligned, or points to 24 readable bytes (what
/// `Cilbind.Guest.Handover()` returns does).
#[doc(hidden)]
pub unsafe fn run_entry(handover: *mut c_void, start: fn(&'static Runtime) -> Result<()>) -> *const c_char {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller's promise.
        let handover = unsafe { Handover::read(handover) }?;
        if let Some(handover) = handover {
            handover::check_same_game(&handover)?;
            handover::offer(handover);
        }
        let runtime = Runtime::attach()?;
        if let Some(handover) = handover {
            handover::serve_game(&handover);
        }
        pin_library()?;
        start(runtime)
    }));
    let message = match outcome {
        Ok(Ok(())) => return std::ptr::null(),
        Ok(Err(e)) => format!("the plugin could not start: {e}"),
        Err(panic) => {
            let text = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            format!("the plugin panicked while starting: {text}")
        }
    };
    let message = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    let mut last = LAST_ERROR.lock().unwrap_or_else(|p| p.into_inner());
    last.insert(message).as_ptr()
}

/// Keeps the library holding this code loaded until the process ends (`RTLD_NODELETE`): the
/// runtime keeps pointers into it (internal calls, native entries of delegates and of
/// implementations of C# types) that a `dlclose` to zero would leave dangling.
fn pin_library() -> Result<()> {
    static PINNED: std::sync::OnceLock<std::result::Result<(), String>> = std::sync::OnceLock::new();
    PINNED
        .get_or_init(|| {
            // SAFETY: `Dl_info` is plain data, valid zeroed; `dladdr` fills it for an address
            // inside a loaded object (this function's own), and its name stays valid while
            // the object is loaded, which it is for the calls below.
            unsafe {
                let mut info: libc::Dl_info = std::mem::zeroed();
                let here = pin_library as *const c_void;
                if libc::dladdr(here, &mut info) == 0 || info.dli_fname.is_null() {
                    return Err("dladdr finds no library for the plugin's own code".into());
                }
                // RTLD_NOLOAD: the library is loaded (this code runs in it); the handle is
                // never closed, and NODELETE keeps it mapped whatever else closes.
                let handle = libc::dlopen(
                    info.dli_fname,
                    libc::RTLD_LAZY | libc::RTLD_NOLOAD | libc::RTLD_NODELETE,
                );
                if handle.is_null() {
                    let name = std::ffi::CStr::from_ptr(info.dli_fname).to_string_lossy();
                    return Err(format!("dlopen(RTLD_NODELETE) of {name} failed"));
                }
                Ok(())
            }
        })
        .clone()
        .map_err(|why| crate::error::Error::Startup(format!("the plugin cannot keep its library loaded: {why}")))
}

/// The body of the `cilbind_guest_shutdown` entry [`guest_plugin!`](crate::guest_plugin)
/// writes: runs `stop`, then releases every Rust closure behind a delegate and every Rust value
/// behind an implementation of a C# type (C# calling one from then on gets
/// `ObjectDisposedException`). Returns how many were released, or -1 when `stop` panicked (the
/// rest is released anyway).
///
/// # Safety
/// No thread runs one of the plugin's implementations of a C# type while this runs, the
/// calling thread included (the host calls it when it is done with the plugin, not from C#
/// code that the plugin called): a running implementation borrows its value, which this
/// drops. (A running closure holds its own reference and finishes first.) In guest mode every
/// call into the plugin has the host's managed frames below it, so the stack cannot tell a
/// call from inside the plugin's apart, and counting entries would cost every C# → Rust call.
#[doc(hidden)]
pub unsafe fn run_shutdown(stop: Option<fn()>) -> i32 {
    let stopped = stop.is_none_or(|stop| catch_unwind(stop).is_ok());
    let released = catch_unwind(|| crate::call::callback::release_all() + crate::proxy::slab::release_all());
    match (stopped, released) {
        (true, Ok(n)) => i32::try_from(n).unwrap_or(i32::MAX),
        _ => -1,
    }
}

/// Guest mode on Mono: what the helper's `Cilbind.DomainWatch` calls (an internal call) when the
/// host unloads the domain cilbind adopted, on the thread that unloads it, inside it, before
/// Mono frees anything (see the module's "Shutdown and unload"). Releases what Rust keeps
/// there, as a reload does: every handle becomes stale, every cache is resolved again, Rust
/// closures behind delegates and Rust values behind implementations are dropped, and every
/// entry into the runtime is an error until the game's new domain calls the bootstrap entry
/// again.
///
/// Refused, with the unload (Mono rolls an unload back when a handler of the domain's unload
/// event throws, and `AppDomain.Unload` throws that exception in the host), while a thread that
/// cilbind moved into the domain (one of the plugin's own, which called the game) is still in
/// it: Mono's unloader crashed walking such a thread's state (SIGSEGV), as a reload's unload
/// did, which refuses for the same reason. Such a thread leaves with
/// [`Runtime::leave_unit`](crate::Runtime::leave_unit) or by exiting.
extern "C" fn host_unloads_domain() {
    let Some(rt) = crate::host::mono::Runtime::adopted() else {
        return;
    };
    let others = crate::host::thread::others_in_unit();
    if !others.is_empty() {
        crate::host::mono::unit::refuse_unload(&format!(
            "cilbind: threads of the plugin are still in this domain ({}): Mono cannot unload a domain that a \
             thread parked in native code has as its current one; each must call cilbind::Runtime::leave_unit() \
             or exit first",
            others.join(", ")
        ));
        return;
    }
    // Must not unwind into Mono; the unit is retired whatever happens here: nothing may use
    // the domain once it is gone.
    let released = catch_unwind(|| {
        let handles = crate::store::invalidate_every_store();
        let values = crate::call::callback::release_all() + crate::proxy::slab::release_all();
        crate::call::function_db::FunctionDb::forget_resolved();
        (handles, values)
    });
    rt.retire_adopted();
    handover::game_unloaded();
    match released {
        Ok((handles, values)) => log::info!(
            target: "cilbind",
            "the host unloaded the adopted domain: {handles} handles made stale, {values} Rust callbacks and \
             implementations dropped"
        ),
        Err(_) => log::error!(target: "cilbind", "releasing what Rust kept in the domain the host unloads panicked"),
    }
}

/// Guest mode on CoreCLR: what the helper calls when the host starts unloading the collectible
/// load context of its game that cilbind follows (the context's `Unloading` event, on the
/// unloading thread, before anything is freed; see `Unit.Follow` in the helper). Releases what
/// Rust keeps there as [`host_unloads_domain`] does on Mono, then has the helper let go of what
/// it keeps, so that the runtime can free the context; every entry is an error until the game's
/// code, loaded again, calls the bootstrap entry again.
pub(crate) extern "C" fn host_unloads_context() {
    // Must not unwind into the host's managed code, which would abort the process.
    let released = catch_unwind(|| {
        let handles = crate::store::invalidate_every_store();
        let values = crate::call::callback::release_all() + crate::proxy::slab::release_all();
        crate::call::function_db::FunctionDb::forget_resolved();
        (handles, values)
    });
    let retired = catch_unwind(crate::host::coreclr::unit::retire_followed);
    match (released, retired) {
        (Ok((handles, values)), Ok(Ok(()))) => log::info!(
            target: "cilbind",
            "the host unloads the game's load context: {handles} handles made stale, {values} Rust callbacks and \
             implementations dropped"
        ),
        (_, Ok(Err(e))) => log::error!(target: "cilbind", "the host unloads the game's load context: {e}"),
        _ => log::error!(target: "cilbind", "releasing what Rust kept in the context the host unloads panicked"),
    }
}

/// Asks to be told when the host unloads the adopted domain (Mono; on CoreCLR the helper asks
/// for the events of the context it follows, `host_unloads_context`). Once per unit.
pub(crate) fn watch_host_unload() -> Result<()> {
    crate::host::backend::on_backend!(
        mono => crate::host::mono::unit::watch_host_unload(host_unloads_domain),
        coreclr => Ok(()),
    )
}

/// Guest mode, right after adopting the game's new domain in place of one the host unloaded:
/// the stores' slot arrays live in the unit, so they are made again there.
pub(crate) fn adopted_again() {
    crate::store::renew_every_store();
}

/// Writes a plugin's bootstrap entry, `extern "C" fn cilbind_guest_init(handover: *mut c_void)
/// -> *const c_char`, which the host's managed code calls once through `[DllImport]`: it
/// adopts the running CLR ([`Runtime::attach`](crate::Runtime::attach)), then runs `$start`
/// (a `fn(&'static cilbind::Runtime) -> cilbind::Result<()>`, typically calling each generated
/// binding's `init()`). It returns NULL on success, else a UTF-8 message the plugin keeps until
/// the next call (a failure of `$start`, a panic in it, or why attaching failed).
///
/// It also writes `extern "C" fn cilbind_guest_shutdown() -> i32`, for the host to call when it
/// is done with the plugin (no other thread running the plugin's code): it runs `$stop` (a
/// `fn()`, when given as `guest_plugin!(start, stop)`), then releases every Rust closure behind
/// a delegate and every Rust value behind an implementation of a C# type, so that C# calling
/// one it kept throws `ObjectDisposedException`; it returns how many it released (-1: `$stop`
/// panicked). The host must not call it while one of the plugin's implementations of a C#
/// type runs, on any thread, nor from C# code that the plugin called. The runtime
/// stays the host's, and the library stays loaded until the process ends (see the module's
/// "Shutdown and unload").
///
/// # Native library names
///
/// `[DllImport("my_plugin")]` in the host names the library without prefix or suffix: on
/// Linux, Mono finds `libmy_plugin.so` beside the calling assembly first, then where the
/// system's `dlopen` looks (`LD_LIBRARY_PATH`, the system folders); a `<dllmap>` in
/// `Game.exe.config` can map the name to a path. Cargo names a Linux `cdylib`
/// `lib<crate name with _>.so`, so put `libmy_plugin.so` beside `Game.exe`. Unity loads native
/// plugins from its `Plugins` folders. .NET Core 3.1 to .NET 8 try `my_plugin.so`,
/// `libmy_plugin.so`, `my_plugin` and `libmy_plugin` in the native search folders the host gives
/// (the application's folder, the framework's, the `native` assets `Game.deps.json` lists), the
/// calling assembly's folder and where `dlopen` looks; `NativeLibrary.SetDllImportResolver`
/// maps the name to any path.
#[macro_export]
macro_rules! guest_plugin {
    ($start:path) => {
        $crate::guest_plugin!(@entries $start, ::core::option::Option::None);
    };
    ($start:path, $stop:path) => {
        $crate::guest_plugin!(@entries $start, ::core::option::Option::Some($stop as fn()));
    };
    (@entries $start:path, $stop:expr) => {
        /// The plugin's bootstrap entry (see `cilbind::guest_plugin!`).
        ///
        /// # Safety
        /// `handover` is NULL or what the host's bootstrap made (`Cilbind.Guest.Handover()`);
        /// pointers into the first page and misaligned ones are refused before any read.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn cilbind_guest_init(handover: *mut ::core::ffi::c_void) -> *const ::core::ffi::c_char {
            // SAFETY: the caller's promise, which `run_entry` asks for.
            unsafe { $crate::guest::run_entry(handover, $start) }
        }

        /// The plugin's shutdown entry, for the host when it is done with the plugin (see
        /// `cilbind::guest_plugin!`).
        ///
        /// # Safety
        /// No thread runs one of the plugin's implementations of a C# type while it runs, the
        /// calling thread included.
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn cilbind_guest_shutdown() -> i32 {
            // SAFETY: the caller's promise, which `run_shutdown` asks for.
            unsafe { $crate::guest::run_shutdown($stop) }
        }
    };
}
