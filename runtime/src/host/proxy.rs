//! Proxies: C# classes emitted at run time whose members call Rust (implementations of C#
//! interfaces, subclasses of C# classes). On Mono they bind their members as internal calls;
//! on CoreCLR, which lets no host add internal calls, they call Rust through function pointers
//! (`coreclr/proxy.rs`), and a failure crosses back as a value the proxy throws itself.

use super::backend::on_backend;
use super::{coreclr, mono, Class, Method, ObjectRef};
use crate::error::Result;

pub use mono::proxy::ProxyEntry;
pub(crate) use mono::proxy::{MadeFor, Member, Role};

/// Emits the proxy class of `target` with these members.
pub(crate) fn build(target: Class, members: &[Member]) -> Result<Class> {
    on_backend!(mono => mono::proxy::build(target, members), coreclr => coreclr::proxy::build(target, members))
}

/// Starts the sweeper that reports collected proxies (`finalized`, then `sweep`).
pub(crate) fn start(finalized: extern "C" fn(i64), sweep: extern "C" fn()) -> Result<()> {
    on_backend!(mono => mono::proxy::start(finalized, sweep), coreclr => coreclr::proxy::start(finalized, sweep))
}

/// Registers `entry` as the body of the proxy member `icall`.
pub(crate) fn register_entry(icall: Method, entry: &ProxyEntry) -> Result<()> {
    on_backend!(mono => mono::proxy::register_entry(icall, entry), coreclr => coreclr::proxy::register_entry(icall, entry))
}

/// Registers `created` as a proxy class's `Created(object self, long key)`.
pub(crate) fn register_created(icall: Method, created: extern "C" fn(ObjectRef, i64)) -> Result<()> {
    on_backend!(
        mono => mono::proxy::register_created(icall, created),
        coreclr => coreclr::proxy::register_created(icall, created),
    )
}

/// Makes `class` with `message` the exception the proxy call now returning throws in C#.
pub(crate) fn set_pending_exception(class: Class, message: &str) {
    on_backend!(
        mono => mono::native::set_pending_exception(class, message),
        coreclr => coreclr::proxy::set_pending(class, message),
    )
}

/// A long weak handle (tracking resurrection) to a proxy object.
pub(crate) fn long_weak_handle(obj: ObjectRef) -> Result<usize> {
    on_backend!(
        mono => Ok(mono::proxy::long_weak_handle(obj) as usize),
        coreclr => coreclr::proxy::long_weak_handle(obj),
    )
}

/// True once the object of the long weak handle `handle` was reclaimed.
pub(crate) fn is_reclaimed(handle: usize) -> bool {
    // Mono's handles are 32-bit (`long_weak_handle` made this one from a `u32`).
    on_backend!(mono => mono::proxy::is_reclaimed(handle as u32), coreclr => coreclr::proxy::is_reclaimed(handle))
}

/// Frees a GC handle of a proxy object.
pub(crate) fn free_handle(handle: usize) {
    on_backend!(mono => mono::raw::gchandle_free(handle as u32), coreclr => coreclr::proxy::free_handle(handle))
}
