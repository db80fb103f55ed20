//! The host: the one runtime-specific layer, and the bottom of the crate (it imports nothing
//! from the layers above it, except the benchmarks' floors, behind feature `floors`, which
//! take the public `Thunk` and `Object`). Every other module reaches the managed runtime through
//! the interface below, whatever runs: Mono (`mono/`) or CoreCLR (`coreclr/`), chosen once per
//! process (`backend.rs`). Each operation asks the backend that runs, a relaxed load the
//! processor predicts; the call path itself (a cached entry point, the unit epoch and the
//! thread's record of it, a store slot's word) takes no branch, since both backends fill the
//! same data.
//!
//! # The interface
//!
//! * **References and values crossing the native ABI**: [`ObjectRef`] (one opaque word per
//!   managed reference: on Mono the object's address, kept alive and in place by SGen's
//!   conservative stack scan for one call; on CoreCLR, whose collector is precise and moves
//!   objects, a slot word the helper's entry wrapper resolves), [`ExceptionSlot`] (the last
//!   parameter of every entry point), [`RawRef`], [`RawRet`], [`ByRef`] (what an internal call
//!   receives and returns), [`PlainValue`] / [`PlainData`] / [`BlittableClass`] (values copied
//!   by layout).
//! * **Start and threads**: [`Runtime`] (`builder`, `get`, `start_reloadable`,
//!   `ensure_current_thread`, `load_assembly`, `assembly`, `corlib`, `collect_garbage`,
//!   `replace_unit`), [`Backend`], `thread` (`leave`, `others_in_unit`), `stack` (`is_low`,
//!   `refusal`).
//! * **The unit**: `unit` (`epoch`, `managed_code_on_stack`), [`EpochCell`] (a value cached for
//!   one unit epoch).
//! * **Metadata**: [`Assembly`], [`Class`], [`Field`], [`Method`] and their queries,
//!   [`Signature`] of [`TypeHandle`]s with [`type_kind`], [`type_class`], [`type_name`],
//!   [`type_name_is`], [`TypeKind`]; `instantiate` (`make_generic_method`); `type_init`
//!   (`statics_of`, `run_type_initializer`).
//! * **Resolving a method to an entry point**: `entry::unmanaged_thunk`,
//!   `entry::trampoline_entry` (the trampoline mask bits of [`abi`]), and [`native_signature`]:
//!   the entry point's [`Abi`] classes and the [`RefParam`] checks the caller makes.
//! * **Invoking reflectively**: `entry::invoke_array` (dispatching virtually),
//!   `entry::build_trampoline`, `entry::pointer_address`.
//! * **Heap operations**: `raw` (strings, boxes, unboxing, identity), `array`, `plain` (boxes as
//!   bytes), `fields` (checked instance and static field access), `slots` (the segments the
//!   stores keep references in, and boxing straight into a slot).
//! * **Incoming calls**: `callback` (a delegate whose invocation calls a Rust handler, on both
//!   backends); `native` (internal calls) and `proxy` (proxy classes), Mono's only for now:
//!   on CoreCLR each registration is an error that names it.
//! * **Benchmarks' floors** (`floor`, feature `floors`): the backend's own cost of a call.

mod abi;
pub(crate) mod array;
mod assembly_file;
pub(crate) mod backend;
pub(crate) mod callback;
pub(crate) mod chunks;
mod coreclr;
pub(crate) mod entry;
mod epoch;
mod epoch_cell;
pub(crate) mod exception;
pub(crate) mod fields;
pub mod guest;
mod handover;
mod helper_assembly;
pub(crate) mod instantiate;
mod metadata;
mod mono;
pub(crate) mod native;
pub(crate) mod plain;
pub(crate) mod proxy;
pub(crate) mod raw;
pub(crate) mod revocable;
mod runtime;
mod signature;
pub(crate) mod slots;
pub(crate) mod stack;
mod symbol_library;
pub(crate) mod thread;
pub(crate) mod type_init;
mod type_kind;
pub(crate) mod unit;

pub use abi::{Abi, RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF, THIS_BY_POINTER};
pub(crate) use abi::{Position, RefParam};

#[cfg(feature = "floors")]
pub use mono::floor;

pub use backend::Backend;
pub(crate) use epoch_cell::EpochCell;
pub(crate) use exception::ExceptionSlot;
pub(crate) use metadata::{type_class, type_kind, type_name, type_name_is, Signature, TypeHandle};
pub use metadata::{Class, Field, Method};
pub use native::{ByRef, RawRef, RawRet, ResultSlot};
pub use raw::{BlittableClass, ObjectRef, PlainData, PlainValue};
pub use runtime::{Assembly, Runtime, RuntimeBuilder};
pub(crate) use signature::native_signature;
pub use type_kind::TypeKind;
