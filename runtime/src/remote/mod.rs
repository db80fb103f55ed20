//! Remote runtimes: the same generated bindings driving a runtime that another process hosts.
//!
//! The runtime crate holds what does not depend on a wire: the messages ([`wire`]), the
//! server's side of a client ([`Session`]: its handles and calls, run on the runtime this
//! process hosts) and the client's ([`install`], then every generated call goes through the
//! [`Transport`] instead of a local runtime). The `cilbind-remote` crate puts them on a
//! network connection (tarpc over TCP) with authentication.
//!
//! # What works over a connection
//! Calls of generated bindings' methods and constructors (`MethodRef::call`,
//! `MethodRef::call_sret`) with primitives, `bool`, strings, object handles and full structs
//! (`In<V>` arguments, struct results), by-ref arguments (`Out`, `RefObject`, `RefString`, a
//! struct's `this`: written back), field reads and writes (`FieldRef`); boxing and unboxing
//! (made and read on the server, `boxes.rs`); members of generic types and generic methods
//! (instantiated there from the Rust type arguments' names, `GenericMethodRef::of`/`keyed`);
//! managed structs by handle (the box stays there); arrays of values (by their bytes) and of
//! references (element by element, `arrays.rs`), multi-dimensional arrays of values, slices
//! written back (the array made there, kept for the call and read back after it; such a call
//! is never pipelined); a generic member's struct `T` argument (boxed there); `Nullable`
//! values, by value and `ref`/`out` (written back); spans (the elements' bytes, lent by the
//! server to the span for the call through the trampoline a local call takes, and a writable
//! span's written back: `spans.rs`); casts; delegates of the client's closures
//! (`Callback`, the generated `from_fn`), which C# calls back during the client's own calls
//! (`call_back.rs` on the server, `callbacks.rs` here); Rust implementations of non-generic
//! interfaces (the generated `implement`), whose methods C# calls back the same way through a
//! relay the server makes (`relays.rs` there, `implementations.rs` here). Handles are per connection (a cookie
//! the server gave this client), released on the server when the last client handle is
//! dropped; the server's exceptions arrive as [`Error::ManagedException`](crate::Error). Void
//! calls can be pipelined ([`pipelined`]).
//!
//! What needs a local runtime is refused at the call with an error saying so: Rust subclasses
//! of C# classes and implementations of generic interfaces (a relay implements a non-generic
//! interface only), an implementation's member that takes an object or an array, natives,
//! reload and recording.

pub(crate) mod arrays;
mod boxes;
mod call_back;
mod callbacks;
mod client;
mod implementations;
pub(crate) mod objects;
mod relays;
mod session;
mod spans;
pub(crate) mod values;
pub mod wire;

use std::sync::Arc;

pub use client::{flush, pipelined};
pub use implementations::{implement, live_members, RemoteFrame, RemoteMember};
pub use session::{Peer, Session};
pub use wire::{
    ArrayStep, Batch, BatchReply, Call, FieldAccess, Implement, ImplementedMember, Invocation, IsInstance, MakeBox,
    MakeCallback, MethodName, ReadBox, Reply, Returned, Step, TableRow, TypeName,
};

use crate::call::{FunctionId, FunctionType};
use crate::error::Result;
pub(crate) use boxes::{box_value, unbox_value};
#[cfg(feature = "remote")]
pub(crate) use boxes::{copy_box, default_box, unbox_struct};
pub(crate) use callbacks::{cast, forget_callback, make_callback};
pub(crate) use client::{call, call_by_id, call_generic, call_generic_sret, call_sret, field};

/// What carries a client's requests to its server and brings the answers back. Implemented
/// by the `cilbind-remote` crate's connection; a transport that loses its server answers
/// [`Error::Disconnected`](crate::Error::Disconnected).
pub trait Transport: Send + Sync + 'static {
    /// Asks the server for the ID of the method `name` names (resolving and registering it
    /// there).
    fn bind(&self, name: &MethodName) -> Result<FunctionId>;
    /// Runs a batch on the server (see [`Batch`]) and returns what it did, or the client's
    /// closure C# invoked meanwhile ([`Reply`]).
    fn run(&self, batch: Batch) -> Result<Reply>;
    /// Sends the result of the client's closure or implementation member C# invoked (the
    /// [`Reply::Invoke`] numbered `invocation`; a member's with its `ref`/`out` values) and
    /// returns what the batch waiting for it did next.
    fn resume(&self, invocation: u64, result: Result<Returned>) -> Result<Reply>;
    /// Has the server check generated tables' rows against its assemblies
    /// ([`Session::check_table`]).
    fn check_table(&self, rows: Vec<TableRow>) -> Result<()>;
}

/// Makes this process a client of the server `transport` reaches: from now on generated
/// bindings' calls run there, and no local runtime may start (one is running already:
/// [`Error::Startup`](crate::Error::Startup)). Installing another transport later (after a
/// disconnect) makes every handle of the earlier connection stale.
///
/// Needs the runtime's `remote` feature (the `cilbind-remote` crate turns it on): without it
/// the runtime's handle and call paths have no remote branch at all, and this is
/// [`Error::Unsupported`](crate::Error::Unsupported).
pub fn install(transport: Arc<dyn Transport>) -> Result<()> {
    if !cfg!(feature = "remote") {
        return Err(crate::Error::Unsupported(
            "this build of cilbind has no `remote` feature: depend on cilbind-remote, which turns it on".into(),
        ));
    }
    crate::host::backend::claim_remote()?;
    client::install(transport);
    Ok(())
}

/// True once this process is a client of a remote runtime ([`install`]); always false
/// without the `remote` feature, so that the checks for it compile to nothing.
#[inline(always)]
pub fn connected() -> bool {
    cfg!(feature = "remote") && crate::host::backend::remote_runs()
}

/// Every row of generated bindings' tables (their `FUNCTIONS`), as the client sends them to
/// the server at connect for [`Session::check_table`].
pub fn table_rows(tables: &[&'static [FunctionType]]) -> Vec<TableRow> {
    tables
        .iter()
        .flat_map(|table| table.iter())
        .flat_map(|ty| {
            ty.3.iter().map(move |row| TableRow {
                id: row.0,
                signature: crate::call::bindings_table::signature(ty, row),
            })
        })
        .collect()
}

/// Has the server check `table` (a generated `FUNCTIONS`) against its assemblies.
pub(crate) fn check_table(table: &'static [FunctionType]) -> Result<()> {
    client::check_table(table_rows(&[table]))
}

/// Number of handles this client holds to objects on its server.
pub fn live_handles() -> usize {
    objects::live()
}
