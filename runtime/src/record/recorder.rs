//! The recorder: one recording at a time, process-wide, switched on by a flag that the call
//! paths read with one relaxed load. While it is off nothing else happens; while it is on,
//! each outermost call on a thread is described and appended to the log under a mutex.

use std::any::Any;
use std::cell::Cell;
use std::collections::HashSet;
use std::io::Write;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::call::{invoke, ArgSlot, FunctionDb, FunctionId, Value};
use crate::error::{Error, Result};
use crate::host::Method;
use crate::record::format::{write_entry, CallRecord, Entry, Outcome, MAGIC};
use crate::record::value::{describe_object, runtime_made, Recorded};
use crate::store::Cookie;
use crate::value::Object;

/// True while a recording runs. Relaxed: a call that sees it late (or early) is simply in the
/// log or not; what is written is ordered by `STATE`'s mutex.
static RECORDING: AtomicBool = AtomicBool::new(false);

/// The running recording, if any.
static STATE: Mutex<Option<State>> = Mutex::new(None);

struct State {
    sink: Box<dyn Sink>,
    /// Methods already named by an `Entry::Method` in this log.
    named: HashSet<FunctionId>,
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

thread_local! {
    /// True while this thread is inside a recorded call: calls made meanwhile (a C# method
    /// calling back into Rust, which calls .NET again) happen again when the outer call is
    /// replayed, so they are not recorded themselves.
    static IN_CALL: Cell<bool> = const { Cell::new(false) };
}

/// True while a recording runs: the one relaxed load the call paths make.
#[inline(always)]
pub(crate) fn recording() -> bool {
    RECORDING.load(Ordering::Relaxed)
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
/// The writer is called with the recorder's lock held: it must not call into the runtime.
///
/// Off, recording costs one relaxed atomic load and a branch per call.
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
            calls: 0,
            error: None,
        });
        RECORDING.store(true, Ordering::Relaxed);
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
    RECORDING.store(false, Ordering::Relaxed);
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

/// Appends entries to the running log (dropped when the recording stopped meanwhile).
fn write(id: Option<FunctionId>, entry: Entry) {
    let mut guard = state();
    let Some(state) = guard.as_mut() else { return };
    if state.error.is_some() {
        return;
    }
    let mut result = Ok(());
    if let Some(id) = id {
        if state.named.insert(id) {
            let signature =
                FunctionDb::get(id).map_or_else(|| format!("<unregistered {:#018x}>", id.0), |e| e.signature);
            result = write_entry(&mut *state.sink, &Entry::Method { id, signature });
        }
    }
    let is_call = matches!(entry, Entry::Call(_));
    result = result.and_then(|()| write_entry(&mut *state.sink, &entry));
    match result {
        Ok(()) => state.calls += usize::from(is_call),
        Err(e) => {
            state.error = Some(e);
            RECORDING.store(false, Ordering::Relaxed);
        }
    }
}

/// Records that handle `to` was made as a copy of handle `from`.
pub(crate) fn alias(from: Cookie, to: Cookie) {
    write(None, Entry::Alias { from, to });
}

/// What a call's slots held after it returned (`ArgList::call` fills it while recording).
#[doc(hidden)]
#[derive(Default)]
pub struct CallTrace {
    /// Managed code was entered (the arguments lowered and passed their checks).
    pub(crate) ran: bool,
    /// One per argument (`this` first when passed), in order, for each slot finished.
    pub(crate) after: Vec<Option<Recorded>>,
}

/// What `ArgList::call` does around the native call: nothing for `()` (the hot path, whose
/// code is then what it would be without a recorder), or note it in a [`CallTrace`].
#[doc(hidden)]
pub trait Tracer {
    /// Managed code is about to be entered.
    fn enter(&mut self);
    /// Finishes `slot` once the call returned.
    fn finish<S: ArgSlot>(&mut self, slot: S) -> Result<()>;
}

impl Tracer for () {
    #[inline(always)]
    fn enter(&mut self) {}

    #[inline(always)]
    fn finish<S: ArgSlot>(&mut self, slot: S) -> Result<()> {
        slot.finish()
    }
}

impl Tracer for &mut CallTrace {
    fn enter(&mut self) {
        self.ran = true;
    }

    fn finish<S: ArgSlot>(&mut self, slot: S) -> Result<()> {
        let after = slot.finish_recorded()?;
        self.after.push(after);
        Ok(())
    }
}

/// A call being recorded: the outermost one on its thread.
pub(crate) struct Pending {
    id: FunctionId,
    has_this: bool,
}

impl Pending {
    /// Starts recording a call of `method`, or `None` when no recording runs, this thread is
    /// already inside a recorded call, or `method` belongs to a class the runtime made (the
    /// constructor of a Rust implementation, its base calls): the objects those make are
    /// Rust's, external to the log.
    pub(crate) fn begin(id: FunctionId, method: Method) -> Option<Pending> {
        if !recording() || IN_CALL.with(Cell::get) || runtime_made(method.class()) {
            return None;
        }
        IN_CALL.with(|c| c.set(true));
        Some(Pending {
            id,
            has_this: !method.is_static() && !method.is_constructor(),
        })
    }

    /// Writes a call of the raw path: `args` (with `this` first for instance methods) as
    /// described before the call, the slots' trace, and the result.
    pub(crate) fn finish_raw(self, mut args: Vec<Recorded>, trace: CallTrace, result: Result<Recorded, &Error>) {
        if !trace.ran {
            return;
        }
        let mut after = trace.after;
        let (this, this_after) = if self.has_this && !args.is_empty() {
            let after_this = if after.is_empty() { None } else { after.remove(0) };
            (Some(args.remove(0)), after_this)
        } else {
            (None, None)
        };
        let after = numbered(after);
        self.finish(this, args, this_after, after, outcome(result));
    }

    fn finish(
        self,
        this: Option<Recorded>,
        args: Vec<Recorded>,
        this_after: Option<Recorded>,
        after: Vec<(u16, Recorded)>,
        outcome: Outcome,
    ) {
        let record = CallRecord {
            id: self.id,
            this,
            args,
            outcome,
            this_after,
            after,
        };
        write(Some(self.id), Entry::Call(Box::new(record)));
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        IN_CALL.with(|c| c.set(false));
    }
}

/// The by-ref arguments' values after the call, by parameter index.
fn numbered(after: Vec<Option<Recorded>>) -> Vec<(u16, Recorded)> {
    after
        .into_iter()
        .enumerate()
        .filter_map(|(i, v)| Some((u16::try_from(i).ok()?, v?)))
        .collect()
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

/// [`call_by_id`](crate::call_by_id) while a recording runs.
#[cold]
#[inline(never)]
pub(crate) fn invoke_recorded(
    id: FunctionId,
    method: Method,
    this: Option<&Object>,
    args: &mut [Value],
) -> Result<Value> {
    let Some(call) = Pending::begin(id, method) else {
        return invoke(method, this, args);
    };
    // `this` as the call had it: a constructor given one (re)initialises that object.
    let has_this = !method.is_static();
    let this_before = this.filter(|_| has_this).map(describe_object);
    let before: Vec<Recorded> = args.iter().map(Recorded::of_value).collect();
    let result = invoke(method, this, args);
    // The reflective path fails before the call (argument checks) or throws; a string it
    // cannot decode after the call is the one exception, and is not recorded.
    if !matches!(result, Ok(_) | Err(Error::ManagedException { .. })) {
        return result;
    }
    let (this_after, after) = if result.is_ok() {
        // Writes to a value-type `this` land in its box; by-ref arguments were written back.
        let this_after = this
            .filter(|_| has_this && method.class().is_value_type())
            .map(describe_object);
        let after = method
            .parameter_kinds()
            .unwrap_or_default()
            .iter()
            .zip(args.iter())
            .map(|(&(_, byref), value)| byref.then(|| Recorded::of_value(value)))
            .collect();
        (this_after, numbered(after))
    } else {
        (None, Vec::new())
    };
    let outcome = outcome(result.as_ref().map(Recorded::of_value));
    call.finish(this_before, before, this_after, after, outcome);
    result
}
