//! The host: the only module that talks to Mono. Every `extern` declaration and every raw
//! Mono pointer lives here, so that a CoreCLR host could be added beside it without touching
//! the stores or the values.

pub(crate) mod callback;
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
pub(crate) mod proxy;
pub(crate) mod raw;
mod runtime;
pub(crate) mod slots;
mod thread;
mod type_kind;

pub(crate) use ffi::MonoType;
pub(crate) use metadata::type_name;
pub use metadata::{Class, Field, Method};
pub use native::{ByRef, RawRef, RawRet};
pub use raw::{zeroed, Blittable, BlittableClass, PlainData, RawObject};
pub use runtime::{Assembly, Runtime};
pub use type_kind::TypeKind;
pub(crate) use type_kind::{abi_kind, type_class, type_kind};
