//! The unit everything cilbind loads lives in (see `epoch.rs`), as the layers above see it.

use super::backend::on_backend;
use super::{coreclr, epoch, mono};

/// The current unit's epoch (0 before the runtime started).
#[inline(always)]
pub(crate) fn epoch() -> u32 {
    epoch::current()
}

/// True while a recording runs (the recorder's switch, kept with the epoch: see `epoch.rs`).
#[inline(always)]
pub(crate) fn recording() -> bool {
    epoch::recording()
}

/// Turns the recorder's switch on or off.
pub(crate) fn set_recording(on: bool) {
    epoch::set_recording(on)
}

/// True when managed code is on the calling thread's stack: Rust was called from C# (a native,
/// a Rust implementation, a callback), so the code that would return to it must not be
/// unloaded.
pub(crate) fn managed_code_on_stack() -> bool {
    on_backend!(mono => mono::unit::managed_code_on_stack(), coreclr => coreclr::unit::managed_code_on_stack())
}

/// How many units reloads replaced, and how many of them are still in memory after up to
/// `rounds` full collections. Mono frees an unloaded domain before `mono_domain_try_unload`
/// returns (a domain it cannot unload is the reload's error), so none is alive there; CoreCLR
/// frees an unloaded load context only once nothing references it.
pub(crate) fn unloaded_units(replaced_on_mono: usize, rounds: u32) -> crate::Result<(usize, usize)> {
    on_backend!(
        mono => Ok((replaced_on_mono, 0)),
        coreclr => coreclr::unit::retired_alive(rounds).map(|(alive, retired)| (retired, alive)),
    )
}
