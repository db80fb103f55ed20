//! Callbacks: managed delegates whose invocation runs a Rust closure. Made by the C# helper
//! and called back through a native function pointer on Mono; refused on CoreCLR with an
//! error until they are built there.

use super::backend::{not_on_coreclr, on_backend};
use super::{mono, Class, ObjectRef};
use crate::error::Result;

pub(crate) use mono::callback::{Handler, Outcome};

/// A new delegate of `delegate_class` whose invocation runs the closure registered under
/// `key` through `handler`.
pub(crate) fn create_delegate(delegate_class: Class, key: i64, handler: Handler) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::callback::create_delegate(delegate_class, key, handler),
        coreclr => Err(not_on_coreclr("delegates that run Rust closures")),
    )
}
