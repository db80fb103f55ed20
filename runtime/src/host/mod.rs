//! The host: the only module that talks to Mono. Every `extern` declaration and every raw
//! Mono pointer lives here, so that a CoreCLR host could be added beside it without touching
//! the stores or the values.

pub(crate) mod callback;
pub(crate) mod ffi;
mod finalizer_wait;
#[cfg(feature = "floors")]
pub mod floor;
mod metadata;
pub(crate) mod raw;
mod runtime;
mod thread;

pub(crate) use ffi::MonoType;
pub(crate) use metadata::{abi_kind, type_class, type_kind, type_name};
pub use metadata::{Class, Field, Method, TypeKind};
pub use raw::{zeroed, Blittable, BlittableClass, PlainData, RawObject};
pub use runtime::{Assembly, Runtime};
