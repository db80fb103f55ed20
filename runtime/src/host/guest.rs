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
//! the entry's next call) saying why the plugin could not start. The handover is how cilbind
//! reaches CoreCLR, which exports no embedding API (`host/handover.rs`); on Mono, whose API
//! cilbind finds in the process, it is checked and not used, and `IntPtr.Zero` does as well.

use std::ffi::{c_char, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use crate::error::Result;
use crate::host::handover::{self, Handover};
use crate::host::Runtime;

pub use crate::host::handover::BOOTSTRAP_CS;

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
        if let Some(handover) = unsafe { Handover::read(handover) }? {
            handover::offer(handover);
        }
        start(Runtime::attach()?)
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

/// Writes a plugin's bootstrap entry, `extern "C" fn cilbind_guest_init(handover: *mut c_void)
/// -> *const c_char`, which the host's managed code calls once through `[DllImport]`: it
/// adopts the running CLR ([`Runtime::attach`](crate::Runtime::attach)), then runs `$start`
/// (a `fn(&'static cilbind::Runtime) -> cilbind::Result<()>`, typically calling each generated
/// binding's `init()`). It returns NULL on success, else a UTF-8 message the plugin keeps until
/// the next call (a failure of `$start`, a panic in it, or why attaching failed).
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
    };
}
