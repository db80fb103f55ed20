//! Calls into managed code: lazily bound method references, the raw-call shim (the hot path),
//! the reflective `Value` path, the function database, and exceptions as errors.

pub(crate) mod abi;
pub(crate) mod arg_array;
pub(crate) mod bindings_table;
pub(crate) mod buffer;
pub(crate) mod by_ref;
pub(crate) mod callback;
pub(crate) mod describe;
pub(crate) mod field_ref;
pub(crate) mod field_trace;
pub(crate) mod function_db;
pub(crate) mod generic;
pub(crate) mod generic_call;
pub(crate) mod invoke;
pub(crate) mod lookup;
pub(crate) mod recorded;
pub(crate) mod shim;
pub(crate) mod span;
pub(crate) mod this_proof;
pub(crate) mod trace;
pub(crate) mod type_check;
pub(crate) mod type_graph;

pub use abi::{Abi, Arg, ArgSlot, In, Out, RefObject, RefString, Ret, UnmanagedPtr};
pub use bindings_table::{FunctionRow, FunctionType};
pub use buffer::{MdSlice, MdSliceMut};
pub use callback::{Callback, FnDelegate};
pub use field_ref::{FieldOwner, FieldRef};
pub use function_db::{FunctionDb, FunctionEntry, FunctionId, FunctionSource};
pub use invoke::{call_by_id, invoke, invoke_with_pointers, Value};
pub use lookup::{MethodRef, TypeRef};
pub use recorded::{Describe, Recorded};
// The trampoline-mask bits (from `cilbind-abi`, through the host interface).
pub use crate::host::{RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF, THIS_BY_POINTER};

pub use shim::{ArgList, Thunk};
pub use span::SpanSlot;
