//! Threads in the current unit: what a reload needs to know of them.

use super::backend::on_backend;
use super::mono;

/// The names of the threads other than the caller that are in the current unit.
pub(crate) fn others_in_unit() -> Vec<String> {
    on_backend!(mono => mono::thread::others_in_unit(), coreclr => Vec::new())
}

/// Takes the calling thread out of the current unit until its next call into managed code.
pub(crate) fn leave() {
    on_backend!(mono => mono::thread::leave(), coreclr => {})
}
