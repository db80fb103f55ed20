//! Handle-based stores that keep managed objects alive across calls.
//!
//! SGen moves objects and does not scan the native heap, so a managed object held
//! from Rust is a GC handle, never a pointer. The stores map generation-checked
//! [`slotmap`] keys to GC handles: a freed key is [`Error::StaleHandle`](crate::Error) forever,
//! even after its slot holds another object.

mod handle_store;
mod object_store;
mod struct_store;

pub(crate) use handle_store::HandleStore;
pub use object_store::{ObjectKey, ObjectStore};
pub use struct_store::{ManagedStruct, StructHandle, StructKey, StructStore};
