//! The unit everything cilbind loads lives in (see `epoch.rs`), as the layers above see it.

use super::backend::on_backend;
use super::{epoch, mono};

/// The current unit's epoch (0 before the runtime started).
#[inline(always)]
pub(crate) fn epoch() -> u32 {
    epoch::current()
}

/// True when managed code is on the calling thread's stack: Rust was called from C# (a native,
/// a Rust implementation, a callback), so the code that would return to it must not be
/// unloaded.
pub(crate) fn managed_code_on_stack() -> bool {
    on_backend!(mono => mono::unit::managed_code_on_stack(), coreclr => false)
}
