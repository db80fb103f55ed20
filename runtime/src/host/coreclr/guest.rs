//! Guest mode on CoreCLR: adopting the runtime a host process runs (`dotnet Game.dll`, a .NET
//! engine) from the handover its managed bootstrap gave the plugin (`host/handover.rs`).
//!
//! CoreCLR exports nothing to native code but its hosting API, and that API needs the host
//! handle only the process that started the runtime holds. So the bootstrap loads the
//! runtime's C# helper from the bytes cilbind passes and returns the helper's `Bridge.Init`:
//! from there the bridge is filled exactly as when cilbind starts the runtime, and everything
//! above it runs unchanged. The host owns the runtime: cilbind never shuts it down (nor does it
//! when it started one itself).

use std::ffi::{c_int, c_void, CStr};
use std::path::PathBuf;
use std::sync::OnceLock;

use super::bridge::{Bridge, InitFn};
use super::install::DotnetInstall;
use super::{enter_thread, CoreClr, RUNTIME};
use crate::error::{Error, Result};
use crate::host::backend::{self, Backend};
use crate::host::handover::Handover;
use crate::host::helper_assembly::HELPER_ASSEMBLY;

/// The file name of CoreCLR's runtime library, the same from .NET Core 1.0 to .NET 10.
const LIBRARY: &[u8] = b"libcoreclr.so";

/// True when the process runs a CoreCLR that cilbind did not start: its runtime library is
/// loaded and cilbind never claimed the process for CoreCLR (which it does before loading the
/// library itself).
pub(crate) fn host_runs_coreclr() -> bool {
    // The library first: cilbind claims CoreCLR before it loads the library, so once the
    // library is seen loaded, a claim made by another thread starting it is seen too (in the
    // other order, a thread could read "unclaimed", then see the library that thread had just
    // loaded: measured, 4 runs in 100 of tests/call_by_id.rs on CoreCLR failed to start; 0
    // in 100 after).
    library_loaded() && !backend::coreclr_claimed()
}

/// [`Error::Startup`] when the process's host runs CoreCLR: a process runs one CLR, and
/// starting cilbind's own (Mono or a second CoreCLR) would break the host's.
pub(crate) fn refuse_second() -> Result<()> {
    if host_runs_coreclr() {
        return Err(Error::Startup(
            "CoreCLR already runs in this process, started by the host that loaded cilbind: a process runs one \
             CLR, so cilbind cannot start its own; adopt the host's with Runtime::attach (a guest plugin's \
             cilbind_guest_init, passed Cilbind.Guest.Handover(): see cilbind::guest_plugin!)"
                .into(),
        ));
    }
    Ok(())
}

/// Whether an object named `…/libcoreclr.so` is loaded in the process.
fn library_loaded() -> bool {
    extern "C" fn visit(info: *mut libc::dl_phdr_info, _size: usize, found: *mut c_void) -> c_int {
        // SAFETY: the loader passes a valid `info` for the call, whose name is NULL or a
        // NUL-terminated path it owns; `found` is the `bool` below, alive for the iteration.
        unsafe {
            let name = (*info).dlpi_name;
            if !name.is_null() {
                let path = CStr::from_ptr(name).to_bytes();
                let file = path.rsplit(|&b| b == b'/').next().unwrap_or(path);
                if file == LIBRARY {
                    *found.cast::<bool>() = true;
                    return 1;
                }
            }
        }
        0
    }
    let mut found = false;
    // SAFETY: `visit` only reads what the loader hands it and writes `found`, which outlives
    // the call; it does not unwind.
    unsafe { libc::dl_iterate_phdr(Some(visit), (&raw mut found).cast()) };
    found
}

/// What adopting the host's CoreCLR came to (the first attempt's, kept: the process is claimed
/// for CoreCLR from its start on).
static ADOPTED: OnceLock<std::result::Result<(), String>> = OnceLock::new();

/// Adopts the host's CoreCLR through `handover`, once per process: the helper is loaded
/// through the bootstrap, the bridge filled (its version checked) and the class library's
/// basic types found, as at a normal start; then CoreCLR is the process's backend.
pub(crate) fn adopt(handover: &Handover) -> Result<()> {
    ADOPTED
        .get_or_init(|| {
            let backend = Backend::CoreClr { root: None };
            backend::claim_host_coreclr().map_err(|e| e.to_string())?;
            let adopted = bring_up(handover).map_err(|e| e.to_string());
            if adopted.is_ok() {
                backend::set_running(&backend);
            }
            adopted
        })
        .clone()
        .map_err(Error::Startup)
}

fn bring_up(handover: &Handover) -> Result<()> {
    let init = handover.load_helper(HELPER_ASSEMBLY)?;
    // SAFETY: the bootstrap returned what the helper's `Bridge.Guest()` returns: a
    // native-callable pointer to `Bridge.Init`, of `InitFn`'s signature, kept alive by the helper.
    let init = unsafe { std::mem::transmute::<*const c_void, InitFn>(init) };
    // SAFETY: as above.
    let bridge = unsafe { Bridge::from_init(init) }?;
    let framework = PathBuf::from(
        bridge
            .runtime_folder()
            .map_err(|e| Error::Startup(format!("the host's CoreCLR: {e}")))?,
    );
    let version = framework
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default()
        .to_owned();
    bridge
        .follow_host_unloads(crate::host::guest::host_unloads_context)
        .map_err(|e| Error::Startup(format!("the host's CoreCLR: {e}")))?;
    let clr = CoreClr::with_bridge(None, bridge, DotnetInstall { framework, version });
    let clr = RUNTIME.get_or_init(|| clr);
    // The process's one unit starts (epoch 1: caches filled from now on belong to it).
    crate::host::epoch::advance();
    enter_thread();
    clr.find_corlib_types()
}
