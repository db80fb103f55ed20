//! Proxies: C# classes emitted at run time whose members call Rust (implementations of C#
//! interfaces, subclasses of C# classes). They bind their members as Mono internal calls; on
//! CoreCLR they are refused with an error until they are built on its own mechanism.

use super::backend::{not_on_coreclr, on_backend};
use super::{mono, Class, Method, ObjectRef};
use crate::error::Result;

pub use mono::proxy::ProxyEntry;
pub(crate) use mono::proxy::{MadeFor, Member, Role};

const PROXIES: &str = "Rust implementations of C# types (proxies)";

/// Emits the proxy class of `target` with these members.
pub(crate) fn build(target: Class, members: &[Member]) -> Result<Class> {
    on_backend!(mono => mono::proxy::build(target, members), coreclr => Err(not_on_coreclr(PROXIES)))
}

/// Starts the sweeper that reports collected proxies (`finalized`, then `sweep`).
pub(crate) fn start(finalized: extern "C" fn(i64), sweep: extern "C" fn()) -> Result<()> {
    on_backend!(mono => mono::proxy::start(finalized, sweep), coreclr => Err(not_on_coreclr(PROXIES)))
}

/// Registers `entry` as the body of the proxy member `icall`.
pub(crate) fn register_entry(icall: Method, entry: &ProxyEntry) -> Result<()> {
    on_backend!(mono => mono::proxy::register_entry(icall, entry), coreclr => Err(not_on_coreclr(PROXIES)))
}

/// Registers `created` as a proxy class's `Created(object self, long key)`.
pub(crate) fn register_created(icall: Method, created: extern "C" fn(ObjectRef, i64)) -> Result<()> {
    on_backend!(mono => mono::proxy::register_created(icall, created), coreclr => Err(not_on_coreclr(PROXIES)))
}

/// A long weak handle (tracking resurrection) to a proxy object.
pub(crate) fn long_weak_handle(obj: ObjectRef) -> Result<u32> {
    on_backend!(mono => Ok(mono::proxy::long_weak_handle(obj)), coreclr => Err(not_on_coreclr(PROXIES)))
}

/// True once the object of the long weak handle `handle` was reclaimed.
pub(crate) fn is_reclaimed(handle: u32) -> bool {
    on_backend!(mono => mono::proxy::is_reclaimed(handle), coreclr => true)
}

/// Frees a GC handle of a proxy object.
pub(crate) fn free_handle(handle: u32) {
    on_backend!(mono => mono::raw::gchandle_free(handle), coreclr => {})
}
