//! The host: the one runtime-specific layer, and the bottom of the crate (it imports nothing
//! from the layers above it, except the benchmarks' floors, behind feature `floors`, which
//! take the public `Thunk` and `Object`). Every other module reaches the managed runtime through the
//! interface below; the one backend today is Mono (`mono/`), re-exported here statically, so
//! a call costs exactly what it cost when the layers called Mono directly (no dynamic dispatch
//! anywhere on the call path). A second backend (CoreCLR) is a sibling of `mono/` providing
//! the same items, chosen here.
//!
//! # The interface a backend provides
//!
//! * **References and values crossing the native ABI**: [`ObjectRef`] (one opaque word per
//!   managed reference; on Mono the object's address, kept alive by SGen's conservative stack
//!   scan; on a precise, moving collector a slot word a managed trampoline resolves),
//!   [`ExceptionSlot`] (the last parameter of every entry point), [`RawRef`], [`RawRet`],
//!   [`ByRef`] (what an internal call receives and returns), [`PlainValue`] / [`PlainData`] /
//!   [`BlittableClass`] (values copied by layout).
//! * **Start and threads**: [`Runtime`] (`get`, `start_reloadable`, `ensure_current_thread`,
//!   `load_assembly`, `assembly`, `corlib`, `collect_garbage`, `replace_unit`), `thread`
//!   (`ensure`, `ensure_attached`, `is_attached`, `leave`, `others_in_unit`), `stack`
//!   (`is_low`, `refusal`).
//! * **The reloadable unit**: `unit` (`start`, `epoch`, `domain`, `retire`, `unload`,
//!   `managed_code_on_stack`), [`EpochCell`] (a value cached for one unit epoch).
//! * **Metadata**: [`Assembly`], [`Class`], [`Field`], [`Method`] and their queries,
//!   [`Signature`] of [`TypeHandle`]s with [`type_kind`], [`type_class`], [`type_name`],
//!   [`type_name_is`], [`TypeKind`]; `instantiate` (`make_generic`, `make_generic_method`);
//!   `type_init` (`statics_of`, `run_type_initializer`).
//! * **Resolving a method to an entry point**: `entry::unmanaged_thunk`,
//!   `entry::build_trampoline` (the trampoline mask bits of [`abi`]),
//!   and [`native_signature`]: the entry point's [`Abi`] classes and the [`RefParam`] checks
//!   the caller makes, in the backend's calling rules.
//! * **Invoking reflectively**: `entry::runtime_invoke`, `entry::invoke_array` (dispatching virtually),
//!   `exception::to_error`.
//! * **Heap operations**: `raw` (GC handles, strings, arrays, boxes, unboxing, type objects,
//!   exception info), `plain` (boxes as bytes), `fields` (instance and static field access),
//!   `slots` (the pinned slot segments the stores keep references in, and boxing straight
//!   into a slot).
//! * **Incoming calls**: `native` (register an internal call: `NativeEntry`,
//!   `register_native`, `internal_calls`, `signature_desc`, `set_pending_exception`,
//!   `add_raw_internal_call`), `proxy` (build a proxy class, `ProxyEntry` and
//!   `register_entry`, weak handles), `callback` (a delegate whose invocation calls a Rust handler).
//! * **Benchmarks' floors** (`floor`, feature `floors`): the backend's own cost of a call.

mod abi;
pub(crate) mod array;
mod assembly_file;
pub(crate) mod backend;
pub(crate) mod callback;
mod coreclr;
pub(crate) mod entry;
mod epoch;
mod epoch_cell;
pub(crate) mod exception;
pub(crate) mod fields;
mod helper_assembly;
pub(crate) mod instantiate;
mod metadata;
mod mono;
pub(crate) mod native;
pub(crate) mod plain;
pub(crate) mod proxy;
pub(crate) mod raw;
mod runtime;
mod signature;
pub(crate) mod slots;
pub(crate) mod stack;
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
pub use native::{ByRef, RawRef, RawRet};
pub use raw::{BlittableClass, ObjectRef, PlainData, PlainValue};
pub use runtime::{Assembly, Runtime, RuntimeBuilder};
pub(crate) use signature::native_signature;
pub use type_kind::TypeKind;
