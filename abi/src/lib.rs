//! What cilbind's generator (`cilbind-codegen`) and runtime (`cilbind`) must agree on, in one
//! place both depend on: nothing here knows a particular .NET runtime.
//!
//! * [`TypeSig`]: a type as a signature names it (primitive, named type with its generic
//!   arguments, array, by-ref, pointer, generic parameter), and its one canonical spelling as a
//!   CLI type name (`System.Int32`, `System.Collections.Generic.List<System.Int32>`,
//!   `System.Int32[,]`, `Fixture.Outer.Inner`, `System.Int32&`).
//! * [`MethodSignature`]: a method as the function database names it,
//!   `[Assembly]Namespace.Type::Name(P1,P2)->Return`, and its [`FunctionId`], the 64-bit
//!   FNV-1a hash of that text ([`fnv1a64`]).
//! * [`call_flags`]: the bits of a trampoline mask (`THIS_BY_POINTER`, `RETURN_BY_POINTER`, …),
//!   one integer type for the generator and the runtime.
//!
//! The spelling is the one the IDs of existing bindings were computed from (it is also the one
//! Mono's `mono_type_get_name` prints, which is why a Mono backend can compare its names
//! directly). A backend that spells types otherwise converts to this form; changing this form
//! changes every ID, which the tests in `tests/pinned.rs` forbid.

pub mod call_flags;
mod function_id;
pub mod internal_call;
mod signature;
mod type_sig;

pub use call_flags::{RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF, THIS_BY_POINTER};
pub use function_id::{fnv1a64, Fnv1a, FunctionId};
pub use signature::{member_of, DeclaringType, MethodSignature};
pub use type_sig::{GenericParam, NamedType, Primitive, TypeSig};
