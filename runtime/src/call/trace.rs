//! The tracing interface of the call paths: the switch they read, what they note around a
//! call ([`Tracer`], [`CallTrace`], [`Pending`]) and the sink a finished call goes to. The call
//! log itself (its format, the writer, replay) is the recorder's (`record/`), which plugs in
//! here: it installs its sink and turns the switch on ([`start`]) and off ([`stop`]).
//!
//! Off, the switch costs each call one relaxed atomic load and a branch; nothing else here
//! runs.

use std::cell::Cell;
use std::sync::RwLock;

use crate::call::abi::ArgSlot;
use crate::call::field_trace::{FieldSink, FIELD_SINK};
use crate::call::function_db::FunctionId;
use crate::call::invoke::{invoke, Value};
use crate::call::recorded::{describe_object, runtime_made, Recorded};
use crate::error::{Error, Result};
use crate::host::Method;
use crate::store::Cookie;
use crate::value::Object;

/// Where finished calls go: installed by [`start`], read only while recording.
static SINK: RwLock<Option<Sink>> = RwLock::new(None);

/// What receives each recorded call once it returned.
pub(crate) type Sink = fn(TracedCall<'_>);

/// What receives each handle made as a copy of another while recording (`Object::from_key`):
/// the log names objects by handle, so a later call given the copy names the same object.
pub(crate) type AliasSink = fn(Cookie, Cookie);

/// Where handle copies go: installed by [`start`] with [`SINK`].
static ALIAS_SINK: RwLock<Option<AliasSink>> = RwLock::new(None);

thread_local! {
    /// True while this thread is inside a recorded call: calls made meanwhile (a C# method
    /// calling back into Rust, which calls .NET again) happen again when the outer call is
    /// replayed, so they are not recorded themselves.
    static IN_CALL: Cell<bool> = const { Cell::new(false) };
}

/// True while a recording runs (the switch lives with the unit epoch, in the gate the call
/// path's thread check reads: a call on the fast path learns it without another load).
#[inline(always)]
pub(crate) fn recording() -> bool {
    crate::host::unit::recording()
}

/// True while this thread is inside a recorded call (whose replay makes again what it does).
pub(crate) fn in_recorded_call() -> bool {
    IN_CALL.with(Cell::get)
}

/// Installs `sink` (finished calls), `alias` (handle copies) and `field` (field accesses) and
/// turns recording on.
pub(crate) fn start(sink: Sink, alias: AliasSink, field: FieldSink) {
    *SINK.write().unwrap_or_else(|p| p.into_inner()) = Some(sink);
    *ALIAS_SINK.write().unwrap_or_else(|p| p.into_inner()) = Some(alias);
    *FIELD_SINK.write().unwrap_or_else(|p| p.into_inner()) = Some(field);
    crate::host::unit::set_recording(true);
}

/// Notes, while recording, that handle `to` was made as a copy of handle `from`.
#[inline]
pub(crate) fn alias(from: Cookie, to: Cookie) {
    if !recording() {
        return;
    }
    let sink = *ALIAS_SINK.read().unwrap_or_else(|p| p.into_inner());
    if let Some(sink) = sink {
        sink(from, to);
    }
}

/// Turns recording off (calls already begun still reach the sink, which may drop them).
pub(crate) fn stop() {
    crate::host::unit::set_recording(false);
}

/// A recorded call as the sink receives it.
pub(crate) struct TracedCall<'a> {
    /// The method's ID.
    pub(crate) id: FunctionId,
    /// `this` before the call (instance methods).
    pub(crate) this: Option<Recorded>,
    /// The arguments before the call.
    pub(crate) args: Vec<Recorded>,
    /// `this` after the call, where the call could change it.
    pub(crate) this_after: Option<Recorded>,
    /// The by-ref arguments after the call, by parameter index.
    pub(crate) after: Vec<(u16, Recorded)>,
    /// The result, or what the call failed with.
    pub(crate) result: Result<Recorded, &'a Error>,
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

    /// Hands a call of the raw path to the sink: `args` (with `this` first for instance
    /// methods) as described before the call, the slots' trace, and the result.
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
        self.finish(this, args, this_after, after, result);
    }

    fn finish(
        self,
        this: Option<Recorded>,
        args: Vec<Recorded>,
        this_after: Option<Recorded>,
        after: Vec<(u16, Recorded)>,
        result: Result<Recorded, &Error>,
    ) {
        let sink = *SINK.read().unwrap_or_else(|p| p.into_inner());
        if let Some(sink) = sink {
            sink(TracedCall {
                id: self.id,
                this,
                args,
                this_after,
                after,
                result,
            });
        }
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
    call.finish(
        this_before,
        before,
        this_after,
        after,
        result.as_ref().map(Recorded::of_value),
    );
    result
}
