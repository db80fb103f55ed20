//! Callbacks: managed delegates whose invocation runs a Rust closure. The C# helper makes the
//! delegate (`Cilbind.Callbacks`), which calls a native dispatcher of the backend that runs with
//! the closure's key and its arguments in an `object[]`: on Mono they cross as GC handles, on
//! CoreCLR as slot words.

use std::sync::OnceLock;

use super::backend::on_backend;
use super::{coreclr, mono, Class, ObjectRef};
use crate::error::Result;

/// What a callback produced: a value (possibly null), an error message, or nothing to run.
pub(crate) enum Outcome {
    /// The closure ran; its result (null for void).
    Done(ObjectRef),
    /// The closure returned an error; the message as a .NET string.
    Failed(ObjectRef),
    /// No closure has this key any more.
    Dropped,
}

/// Runs the closure with `key` on the arguments in `args` (an `object[]`), for the dispatchers.
pub(crate) type Handler = fn(key: i64, args: ObjectRef) -> Outcome;

static HANDLER: OnceLock<Handler> = OnceLock::new();

/// The handler the dispatchers run, once a delegate was made.
pub(crate) fn handler() -> Option<&'static Handler> {
    HANDLER.get()
}

/// A new delegate of `delegate_class` whose invocation runs the closure registered under
/// `key` through `handler`.
pub(crate) fn create_delegate(delegate_class: Class, key: i64, handler: Handler) -> Result<ObjectRef> {
    let _ = HANDLER.set(handler);
    on_backend!(
        mono => mono::callback::create_delegate(delegate_class, key),
        coreclr => coreclr::callback::create_delegate(delegate_class, key),
    )
}

/// A new relay: an object of a class emitted to implement the interface `target`, whose
/// methods run the closures `members` names (one line `key TAB Name(parameters)` per method,
/// the parameters as `signature_desc` spells them) through `handler`.
pub(crate) fn create_relay(target: Class, members: &str, handler: Handler) -> Result<ObjectRef> {
    let _ = HANDLER.set(handler);
    on_backend!(
        mono => mono::callback::create_relay(target, members),
        coreclr => coreclr::callback::create_relay(target, members),
    )
}
