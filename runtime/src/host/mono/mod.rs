//! The Mono backend (Mono 6.8, embedded): every `extern` declaration and every raw Mono
//! pointer lives here. The layers above reach it only through the interface `host/mod.rs`
//! re-exports.
//!
//! The hot path goes through function pointers, not through Mono's C API: a call is Mono's
//! unmanaged thunk of the method (or of a trampoline the runtime's C# helper emitted), an
//! object argument is a load from a pinned managed slot array (`slots.rs`), a box is a call to
//! a `Box` method the helper emitted, an unbox and a class check read the object header
//! (`raw.rs`, layout checked at start-up). The C API remains where a value is made or read
//! field by field (strings, arrays, exceptions), in metadata lookups when a binding resolves,
//! and in one write barrier when a returned object is stored in a slot.

mod adoption;
pub(crate) mod array;
mod assembly;
pub(crate) mod callback;
#[cfg(feature = "mono-from-process")]
pub(crate) mod dynamic;
pub(crate) mod entry;
pub(crate) mod exception;
pub(crate) mod ffi;
pub(crate) mod fields;
mod finalizer_wait;
#[cfg(feature = "floors")]
pub mod floor;
pub(crate) mod instantiate;
mod logging;
mod metadata;
mod method;
pub(crate) mod native;
pub(crate) mod plain;
pub(crate) mod proxy;
pub(crate) mod raw;
mod runtime;
pub(crate) mod slots;
pub(crate) mod thread;
pub(crate) mod type_init;
mod type_kind;
pub(crate) mod unit;

mod neutral;

pub(crate) use crate::host::{stack, EpochCell, TypeKind};
pub(crate) use adoption::is_guest;
pub(crate) use assembly::Assembly;
pub(crate) use metadata::{type_name, type_name_is, Class, Field, Method};
pub(crate) use raw::ObjectRef;
pub(crate) use runtime::{root_domain, Runtime};
pub(crate) use type_kind::{type_class, type_kind, TypeHandle};
