//! Recording calls to a log, and replaying a log against a fresh runtime.
//!
//! The [`Recorder`] writes every call made through the bindings (every [`Thunk`](crate::Thunk)
//! call) or [`call_by_id`](crate::call_by_id) to a compact binary log: the method's ID,
//! `this` and the arguments, the result or the exception, and `ref`/`out` arguments after the
//! call, each value a [`Recorded`] (primitives, strings, null, struct bytes with their type,
//! objects as [`Cookie`](crate::Cookie)s with their class), and every field read or written
//! through the bindings between calls ([`FieldRecord`]). Recording is opt-in: off, it costs each
//! call or field access one relaxed atomic load and a branch.
//!
//! The [`Replayer`] runs a log's calls again in another process (Mono cannot restart in one),
//! maps the recorded cookies to the new objects, and reports the first [`Divergence`]: the
//! call's index, its method, the value recorded and the value it gave now.
//!
//! ```no_run
//! use cilbind::record::{Recorder, Replayer};
//! # fn calls() -> cilbind::Result<()> { Ok(()) }
//! # fn main() -> cilbind::Result<()> {
//! let recording = Recorder::start(Vec::new())?;
//! calls()?; // calls through generated bindings, or call_by_id
//! let log: Vec<u8> = recording.finish()?;
//! // Later, in a fresh process with the same assemblies loaded:
//! let report = Replayer::new(&log[..]).run()?;
//! if let Some(d) = &report.divergence {
//!     eprintln!("{d}"); // call 4, [Ledger]Ledger.Account::Withdraw(...): the result was ..., recorded ...
//! }
//! # Ok(()) }
//! ```
//!
//! The log is a header and frames of [`Entry`]s encoded with `postcard`, each behind its
//! length and a CRC-32 (`format.rs`): it can be read while it is written ([`LogReader`]), and a
//! log cut short or corrupt (a checksum that does not match, a method or field whose text does
//! not hash to its ID) is an [`Error::Log`](crate::Error::Log) naming the frame and its byte
//! offset, never a shorter replay or one under wrong names.

mod divergence;
pub(crate) mod fields;
mod format;
pub(crate) mod objects;
pub(crate) mod rebuild;
mod recorder;
mod replay;

pub use divergence::{Divergence, Place, ReplayReport};
pub use format::{Access, CallRecord, Entry, FieldRecord, LogReader, Outcome};
pub use objects::External;
pub use recorder::{Recorder, RecordingGuard};
pub use replay::Replayer;

// The call paths' tracing interface, which the recorder plugs into (`call/trace.rs`), and the
// values it describes calls with, by their public paths here.
#[doc(hidden)]
pub use crate::call::trace::{CallTrace, Tracer};
pub use crate::call::{Describe, Recorded};
