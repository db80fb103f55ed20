//! The recorder: one recording at a time, process-wide. It plugs into the call paths' tracing
//! interface (`call/trace.rs`): starting installs its sink there and turns the switch on that
//! the call paths read with one relaxed load. While it is off nothing else happens; while it
//! is on, each outermost call on a thread is described there and appended to the log here,
//! under a mutex.

use std::any::Any;
use std::collections::HashSet;
use std::io::Write;
use std::marker::PhantomData;
use std::sync::{Mutex, MutexGuard};

use cilbind_abi::fnv1a64;

use crate::call::field_trace::TracedField;
use crate::call::trace::{self, recording, TracedCall};
use crate::call::{FunctionDb, FunctionId, Recorded};
use crate::error::{Error, Result};
use crate::record::format::{write_entry, CallRecord, Entry, FieldRecord, Outcome, MAGIC};
use crate::store::Cookie;

/// The running recording, if any.
static STATE: Mutex<Option<State>> = Mutex::new(None);

struct State {
    sink: Box<dyn Sink>,
    /// Methods already named by an `Entry::Method` in this log.
    named: HashSet<FunctionId>,
    /// Fields already named by an `Entry::Field` in this log.
    named_fields: HashSet<u64>,
    calls: usize,
    /// The first write error: the recording stops there, and `finish` reports it.
    error: Option<Error>,
}

/// A writer the guard can hand back as its own type.
trait Sink: Write + Send {
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
}

impl<W: Write + Send + 'static> Sink for W {
    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

fn state() -> MutexGuard<'static, Option<State>> {
    STATE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Records calls to a log: every call made through a [`Thunk`](crate::Thunk) (so every call
/// of generated bindings, the runtime's own included) and through
/// [`call_by_id`](crate::call_by_id), from any thread, while a recording runs.
///
/// A call is recorded when it returns (the log is in the order calls returned, across
/// threads), with its method's ID, `this` and arguments, and its result or exception, and
/// the values `ref`/`out` arguments hold after it (see [`CallRecord`]). Calls made while
/// another recorded call runs on the same thread (from a Rust callback that managed code
/// called) are not recorded: replaying the outer call makes them again. Nor are calls of the
/// classes the runtime makes itself (the constructor of a Rust implementation, its base
/// calls): such an object is Rust's, named in the log by the class it extends, and supplied
/// to a replay by [`Replayer::on_external`](crate::record::Replayer::on_external). A call
/// refused before it ran (a stale handle, a wrong argument type) is not recorded either.
///
/// Field reads and writes through the bindings (generated getters and setters, any
/// [`FieldRef`](crate::FieldRef)) are recorded too, in order among the calls, with the value
/// read or written (see [`FieldRecord`](crate::record::FieldRecord)): a static field's, or an
/// object's; not those of a struct copy Rust holds, nor those made inside a recorded call.
///
/// The writer is called with the recorder's lock held: it must not call into the runtime.
///
/// Off, recording costs one relaxed atomic load and a branch per call or field access.
pub struct Recorder;

impl Recorder {
    /// Starts recording to `writer` (a `BufWriter` around a file, or a `Vec<u8>`). Only one
    /// recording runs at a time: another is [`Error::Recording`].
    pub fn start<W: Write + Send + 'static>(mut writer: W) -> Result<RecordingGuard<W>> {
        let mut state = state();
        if state.is_some() {
            return Err(Error::Recording(
                "a recording is already running: finish it first".into(),
            ));
        }
        writer
            .write_all(&MAGIC)
            .map_err(|e| Error::Recording(format!("cannot write the log: {e}")))?;
        *state = Some(State {
            sink: Box::new(writer),
            named: HashSet::new(),
            named_fields: HashSet::new(),
            calls: 0,
            error: None,
        });
        trace::start(record_call, alias, record_field);
        Ok(RecordingGuard {
            done: false,
            _writer: PhantomData,
        })
    }

    /// True while a recording runs.
    pub fn is_recording() -> bool {
        recording()
    }
}

/// The running recording: [`RecordingGuard::finish`] stops it and hands back the writer;
/// dropping it stops it too (flushing, and ignoring a write error).
#[must_use = "dropping the guard stops the recording"]
pub struct RecordingGuard<W> {
    done: bool,
    _writer: PhantomData<fn() -> W>,
}

fn stop() -> Option<State> {
    let mut state = state();
    trace::stop();
    state.take()
}

impl<W: Write + Send + 'static> RecordingGuard<W> {
    /// Calls recorded so far.
    pub fn calls(&self) -> usize {
        state().as_ref().map_or(0, |s| s.calls)
    }

    /// Stops recording, flushes the writer and returns it; or the first error writing the
    /// log met (the recording stopped there).
    pub fn finish(mut self) -> Result<W> {
        self.done = true;
        let state = stop().ok_or_else(|| Error::Recording("the recording was already stopped".into()))?;
        if let Some(e) = state.error {
            return Err(e);
        }
        let mut sink = state.sink;
        sink.flush()
            .map_err(|e| Error::Recording(format!("cannot flush the log: {e}")))?;
        sink.into_any()
            .downcast::<W>()
            .map(|w| *w)
            .map_err(|_| Error::Recording("the log's writer is not this recording's".into()))
    }
}

impl<W> Drop for RecordingGuard<W> {
    fn drop(&mut self) {
        if !self.done {
            if let Some(mut state) = stop() {
                let _ = state.sink.flush();
            }
        }
    }
}

/// What an entry needs named before it, once per log.
enum Names {
    Nothing,
    Method(FunctionId),
    /// A field's ID and name.
    Field(u64, String),
}

/// Appends entries to the running log (dropped when the recording stopped meanwhile).
fn write(names: Names, entry: Entry) {
    let mut guard = state();
    let Some(state) = guard.as_mut() else { return };
    if state.error.is_some() {
        return;
    }
    let mut result = Ok(());
    match names {
        Names::Method(id) if state.named.insert(id) => {
            let signature =
                FunctionDb::get(id).map_or_else(|| format!("<unregistered {:#018x}>", id.0), |e| e.signature);
            result = write_entry(&mut *state.sink, &Entry::Method { id, signature });
        }
        Names::Field(id, name) if state.named_fields.insert(id) => {
            result = write_entry(&mut *state.sink, &Entry::Field { id, name });
        }
        _ => {}
    }
    let is_call = matches!(entry, Entry::Call(_));
    result = result.and_then(|()| write_entry(&mut *state.sink, &entry));
    match result {
        Ok(()) => state.calls += usize::from(is_call),
        Err(e) => {
            state.error = Some(e);
            trace::stop();
        }
    }
}

/// Records that handle `to` was made as a copy of handle `from`.
fn alias(from: Cookie, to: Cookie) {
    write(Names::Nothing, Entry::Alias { from, to });
}

/// The sink the recorder installs in the call paths' tracing interface: writes a call that
/// returned.
fn record_call(call: TracedCall<'_>) {
    let record = CallRecord {
        id: call.id,
        this: call.this,
        args: call.args,
        outcome: outcome(call.result),
        this_after: call.this_after,
        after: call.after,
    };
    write(Names::Method(call.id), Entry::Call(Box::new(record)));
}

/// The sink of field accesses: writes one that succeeded, after naming its field.
fn record_field(traced: TracedField) {
    let id = fnv1a64(traced.name.as_bytes());
    let record = FieldRecord {
        id,
        access: traced.access,
        owner: traced.owner,
        value: traced.value,
    };
    write(Names::Field(id, traced.name), Entry::FieldAccess(Box::new(record)));
}

fn outcome(result: Result<Recorded, &Error>) -> Outcome {
    match result {
        Ok(value) => Outcome::Value(value),
        Err(Error::ManagedException { type_name, message, .. }) => Outcome::Threw {
            type_name: type_name.clone(),
            message: message.clone(),
        },
        Err(e) => Outcome::Failed(e.to_string()),
    }
}
