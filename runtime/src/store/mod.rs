//! Handle-based stores that keep managed objects alive across calls.
//!
//! SGen moves objects and does not scan the native heap, so a managed object held from Rust is
//! never a pointer in native memory: it is an element of a managed `object[]` slot array that
//! the collector traces and updates (`host/mono/slots.rs`), named by a generation-checked
//! [`slotmap`] key. A freed key is [`Error::StaleHandle`](crate::Error) forever, even after its
//! slot holds another object.

mod cookie;
mod handle_store;
mod object_store;
mod struct_store;
mod thread_slots;

pub use cookie::Cookie;
pub(crate) use handle_store::{invalidate_every_store, renew_every_store, HandleStore};
pub use object_store::{ObjectKey, ObjectStore};
pub use struct_store::{ManagedStruct, StructHandle, StructKey, StructStore};
