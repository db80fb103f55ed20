//! Proxies: C# classes emitted at run time whose members call Rust (implementations of C#
//! interfaces, subclasses of C# classes). On Mono they bind their members as internal calls;
//! on CoreCLR, which lets no host add internal calls, they call Rust through function pointers
//! (`coreclr/proxy.rs`), and a failure crosses back as a value the proxy throws itself.

use super::backend::on_backend;
use super::{coreclr, mono, Class, ObjectRef};
use crate::error::{Error, Result};

pub use mono::proxy::ProxyEntry;
pub(crate) use mono::proxy::{MadeFor, Member, Role};

/// Emits the proxy class of `target` with these members, whose forwarder `M{n}` runs
/// `entries[n]` and whose constructors report each new object to `created`. The caller checked
/// that each entry was made for its member's signature.
pub(crate) fn build(
    target: Class,
    members: &[Member],
    entries: &[ProxyEntry],
    created: extern "C" fn(ObjectRef, i64),
) -> Result<Class> {
    on_backend!(
        mono => {
            let class = mono::proxy::build(target, members)?;
            let named = |name: String| {
                class.methods().find(|m| m.name() == name).ok_or_else(|| Error::MethodNotFound {
                    class: class.full_name(),
                    name,
                    parameters: String::new(),
                    candidates: Vec::new(),
                })
            };
            // Registered before any instance exists, so every first call binds to them.
            for (n, entry) in entries.iter().enumerate() {
                mono::proxy::register_entry(named(format!("M{n}"))?, entry)?;
            }
            mono::proxy::register_created(named("Created".into())?, created)?;
            Ok(class)
        },
        coreclr => coreclr::proxy::build(target, members, entries, created),
    )
}

/// Starts the sweeper that reports collected proxies (`finalized`, then `sweep`).
pub(crate) fn start(finalized: extern "C" fn(i64), sweep: extern "C" fn()) -> Result<()> {
    on_backend!(mono => mono::proxy::start(finalized, sweep), coreclr => coreclr::proxy::start(finalized, sweep))
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

/// A number that changes whenever a collection ran (of any generation): what tells a sweep of
/// weak handles whether one can have been cleared since the last.
pub(crate) fn collections() -> Result<u64> {
    on_backend!(
        mono => Ok(mono::Runtime::get()?.collections()),
        coreclr => coreclr::heap::collections(),
    )
}
