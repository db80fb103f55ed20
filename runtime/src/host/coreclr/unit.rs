//! The reloadable unit on CoreCLR: a collectible `AssemblyLoadContext` (`Unit` in the helper,
//! Cilbind.Unit.cs) that every assembly Rust loads goes into, when the runtime was started
//! reloadable; otherwise assemblies go into the default context, which can never be unloaded.
//!
//! A reload retires the unit (the epoch moves on: every cache stamped with it resolves again),
//! lets the layers above drop what they hold in it (store slots, closures, proxies), has the
//! helper let go of what it keeps for it (interned metadata handles, emitted entry points and
//! trampolines, delegate thunks, boxers, its thread slots) and unload it, then starts a new
//! context and loads the same files into it. CoreCLR's unloading is cooperative: it frees the
//! old context only once nothing references it any more, which [`retired_alive`] checks.
//!
//! In guest mode the unit may instead be a collectible context of the host's that cilbind follows
//! (its game's), which the host unloads itself: [`retire_followed`].
//!
//! The handles the helper freed are forgotten here too (`metadata.rs`'s records of them and
//! the assemblies loaded from files): their values can name other objects later.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{assemblies, runtime};
use crate::error::{Error, Result};
use crate::host::epoch;

/// True once the process's runtime was started with a reloadable unit.
static RELOADABLE: AtomicBool = AtomicBool::new(false);

/// The name the units' contexts get (with a number the helper appends).
const NAME: &str = "cilbind";

/// Makes the first reloadable unit current: assemblies loaded from now on go into it.
pub(crate) fn start_reloadable() -> Result<()> {
    runtime()
        .bridge
        .start_unit(NAME)
        .map_err(|e| Error::Startup(format!("CoreCLR could not make a collectible load context: {e}")))?;
    RELOADABLE.store(true, Ordering::SeqCst);
    Ok(())
}

/// True when the runtime was started with a reloadable unit.
pub(crate) fn is_reloadable() -> bool {
    RELOADABLE.load(Ordering::SeqCst)
}

/// Replaces the current unit with a new one into which the files loaded so far are loaded
/// again (their paths, in the order first loaded). `before_unload` runs once the old unit is
/// retired, before the helper lets go of it; `after_start` once the new one is current.
///
/// An error after the old unit was released still leaves a new, current unit with every file
/// that loaded.
///
/// # Safety
/// `Runtime::reload`'s: no other thread uses the runtime until this returns, and nothing of
/// the old unit (its `Assembly`, `Class`, `Method` and `Field` values) is used afterwards.
pub(crate) unsafe fn replace(before_unload: impl FnOnce(), after_start: impl FnOnce()) -> Result<Vec<PathBuf>> {
    if !is_reloadable() {
        return Err(Error::Reload(
            "the CoreCLR runtime was started without a reloadable unit".into(),
        ));
    }
    let clr = runtime();
    epoch::advance();
    before_unload();
    let paths = assemblies::forget_loaded_files();
    let unloaded = clr.bridge.unload_unit();
    if let Ok(freed) = &unloaded {
        // SAFETY: `Runtime::reload`'s contract, which is this function's caller's: no other
        // thread uses the runtime meanwhile, and nothing of the old unit is used afterwards.
        unsafe { clr.facts.forget(freed) };
    }
    clr.bridge
        .start_unit(NAME)
        .map_err(|e| Error::Reload(format!("CoreCLR could not make the new unit's load context: {e}")))?;
    let epoch = epoch::advance();
    epoch::set_entered(epoch);
    crate::host::thread::join(epoch);
    after_start();
    let mut failed = unloaded
        .err()
        .map(|e| Error::Reload(format!("the helper could not let go of the previous unit: {e}")));
    for path in &paths {
        // A file that fails (a rebuild left it corrupt) stays listed: the next reload tries
        // it again.
        assemblies::remember(path);
        if let Err(e) = assemblies::load(path) {
            failed.get_or_insert(e);
        }
    }
    match failed {
        None => Ok(paths),
        Some(e) => Err(e),
    }
}

/// Guest mode: set once the host started unloading the collectible load context cilbind
/// followed ([`retire_followed`]), until the game's code calls the plugin's bootstrap entry
/// again ([`follow_again`]).
static HOST_UNLOADED: AtomicBool = AtomicBool::new(false);

/// Guest mode: the host is unloading the collectible load context of its that cilbind follows
/// (its game's: `Unit.Follow` in the helper), and Rust let go of what it held there. The epoch
/// moves on (every cache stamped with it is stale), the helper lets go of what it keeps for the
/// context, and until [`follow_again`] every entry ([`refuse_if_host_unloaded`]) is an error
/// instead of a use of what the context held.
pub(crate) fn retire_followed() -> Result<()> {
    let clr = runtime();
    epoch::advance();
    HOST_UNLOADED.store(true, Ordering::SeqCst);
    crate::host::handover::game_unloaded();
    let freed = clr.bridge.unload_unit().map_err(|e| {
        Error::Reload(format!(
            "the helper could not let go of the context the host unloads: {e}"
        ))
    })?;
    // SAFETY: nothing of the context may be used from here on: the epoch moved on (every
    // cached class, method and entry point is resolved again before use) and every entry into
    // the runtime is refused until the game calls the bootstrap entry again. A call another
    // thread is making meanwhile is the host's to avoid, as it must avoid running the
    // context's code while it unloads it.
    unsafe { clr.facts.forget(&freed) };
    assemblies::forget_freed(&freed);
    Ok(())
}

/// Guest mode: [`Error::Reload`] once the host unloaded the context cilbind followed, until the
/// game calls the plugin's bootstrap entry again.
pub(crate) fn refuse_if_host_unloaded() -> Result<()> {
    if HOST_UNLOADED.load(Ordering::SeqCst) {
        return Err(Error::Reload(
            "the host unloaded the collectible load context of the game cilbind was following (as an engine's \
             editor does when it reloads the game's scripts): every handle into it is stale and nothing can run \
             there; the game's code, loaded again, must call the plugin's bootstrap entry (cilbind_guest_init) \
             again first"
                .into(),
        ));
    }
    Ok(())
}

/// Guest mode, when the game's code calls the bootstrap entry again: true when the host had
/// unloaded the context cilbind followed, which is forgotten now (the epoch moves on; the
/// caller gives the stores new slot arrays). The next call into the game's new context follows
/// that one.
pub(crate) fn follow_again() -> bool {
    if !HOST_UNLOADED.swap(false, Ordering::SeqCst) {
        return false;
    }
    let epoch = epoch::advance();
    epoch::set_entered(epoch);
    crate::host::thread::join(epoch);
    true
}

/// How many of the units that reloads replaced are still in memory after up to `rounds` full
/// collections, each followed by a wait for pending finalizers, and how many reloads replaced
/// one in all.
pub(crate) fn retired_alive(rounds: u32) -> Result<(usize, usize)> {
    runtime()
        .bridge
        .units_alive(i32::try_from(rounds).unwrap_or(i32::MAX))
        .map_err(Error::Reload)
}

/// True when managed code is on the calling thread's stack (Rust was called from C#), or when
/// the runtime cannot tell.
pub(crate) fn managed_code_on_stack() -> bool {
    runtime().bridge.managed_frames().is_none_or(|n| n > 0)
}
