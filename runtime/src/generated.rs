//! The surface reserved for generated bindings. Not semver-stable: generated code and this
//! module change together. Users call the generated wrappers, not these items.

pub use crate::value::boxing::{box_blittable, unbox_blittable};
