//! The replayer: runs a recorded log's calls again, in this process, through the reflective
//! by-ID path, and reports the first call that gives something else.

use std::collections::HashMap;
use std::io::Read;

use crate::call::recorded::describe_object;
use crate::call::{call_by_id, invoke, FunctionId};
use crate::error::{Error, Result};
use crate::host::{Method, Runtime};
use crate::record::divergence::{Divergence, Place, ReplayReport};
use crate::record::fields;
use crate::record::format::{Access, CallRecord, Entry, FieldRecord, LogReader, Outcome};
use crate::record::objects::{External, ObjectTable};
use crate::record::rebuild;
use crate::record::Recorded;
use crate::store::Cookie;
use crate::value::Object;

/// Replays a call log (see [`Recorder`](crate::record::Recorder)) against the runtime of
/// this process, usually a fresh one with the assemblies of the recording loaded.
///
/// Each call runs through [`call_by_id`] (a constructor through the runtime's
/// constructing trampoline), with the same checks as any reflective call. Objects are mapped
/// by cookie: when a call returns an object (or leaves one in an `out` argument), the cookie
/// it had when recorded names the object the replay got, and later calls that passed that
/// cookie pass this object. An object that no recorded call returned (made by Rust, or before
/// the recording started) is *external*: the hook set with [`Replayer::on_external`]
/// supplies it, and without one the replay stops with [`Error::Replay`].
///
/// Each call's result is compared with the recorded one: primitives bit for bit (floats
/// included), strings, null, structs byte for byte, objects by class, exceptions by type and
/// message; then a value-type `this` and the `ref`/`out` arguments after the call. The first
/// difference ends the replay with a [`Divergence`].
///
/// The replayer keeps a handle to every object the log names until it is dropped.
pub struct Replayer<R> {
    log: LogReader<R>,
    objects: ObjectTable,
    signatures: HashMap<FunctionId, String>,
    /// Field names by ID.
    fields: HashMap<u64, String>,
    constructors: HashMap<FunctionId, Method>,
    calls: usize,
    accesses: usize,
}

impl<R: Read> Replayer<R> {
    /// A replayer of the log `reader` yields.
    pub fn new(reader: R) -> Replayer<R> {
        Replayer {
            log: LogReader::new(reader),
            objects: ObjectTable::default(),
            signatures: HashMap::new(),
            fields: HashMap::new(),
            constructors: HashMap::new(),
            calls: 0,
            accesses: 0,
        }
    }

    /// Supplies external objects: `hook(class, cookie)` is called once per object the
    /// recording passed that no recorded call returned, with its class's full name and the
    /// cookie of the handle the call passed it with in the recording, and returns the object to
    /// pass in its place (later, for that handle and every copy of it the log names).
    pub fn on_external(self, mut hook: impl FnMut(&str, Cookie) -> Result<Object> + 'static) -> Self {
        self.on_external_object(move |external| hook(external.class, external.cookie))
    }

    /// [`on_external`](Replayer::on_external), with all the log says of each external
    /// object: its class, and for an object the runtime made for a Rust implementation, the
    /// C# interfaces it implements (its class is then the one it extends, `System.Object` for
    /// an implementation of interfaces only), and the recorded cookie.
    pub fn on_external_object(mut self, hook: impl FnMut(&External<'_>) -> Result<Object> + 'static) -> Self {
        self.objects.set_external(Box::new(hook));
        self
    }

    /// The replay's object for a cookie of the recording, once a replayed call returned it
    /// (or the external hook supplied it).
    pub fn object(&self, recorded: Cookie) -> Option<&Object> {
        self.objects.get(recorded)
    }

    /// Replays the log to its end or to the first divergence. A log that cannot be read
    /// ([`Error::Log`]) or a call that cannot be made ([`Error::Replay`]) is an error.
    pub fn run(&mut self) -> Result<ReplayReport> {
        Runtime::get()?;
        while let Some(entry) = self.log.next_entry()? {
            match entry {
                Entry::Method { id, signature } => {
                    self.signatures.insert(id, signature);
                }
                Entry::Alias { from, to } => self.objects.alias(from, to),
                Entry::Call(call) => {
                    let index = self.calls;
                    self.calls += 1;
                    if let Some(divergence) = self.replay(index, &call)? {
                        return Ok(self.report(Some(divergence)));
                    }
                }
                Entry::Field { id, name } => {
                    self.fields.insert(id, name);
                }
                Entry::FieldAccess(access) => {
                    self.accesses += 1;
                    if let Some(divergence) = self.replay_field(&access)? {
                        return Ok(self.report(Some(divergence)));
                    }
                }
            }
        }
        Ok(self.report(None))
    }

    fn report(&self, divergence: Option<Divergence>) -> ReplayReport {
        ReplayReport {
            calls: self.calls,
            field_accesses: self.accesses,
            divergence,
        }
    }

    /// Replays a field access (after the calls replayed so far); `Some` when a read gave
    /// another value than recorded.
    fn replay_field(&mut self, access: &FieldRecord) -> Result<Option<Divergence>> {
        let call = self.calls;
        let name = self.fields.get(&access.id).cloned().ok_or_else(|| Error::Replay {
            call,
            reason: format!("the log names no field with ID {:#018x}", access.id),
        })?;
        let found = fields::find(&mut self.objects, call, &name, access.owner.as_ref())?;
        match access.access {
            Access::Write => {
                fields::write(&mut self.objects, call, &name, &found, &access.value)?;
                Ok(None)
            }
            Access::Read => {
                // `_object` keeps the object read alive while `matches` names it.
                let (now, _object) = fields::read(call, &name, &found)?;
                let (expected, actual) = (Outcome::Value(access.value.clone()), Outcome::Value(now));
                if self.matches(&expected, &actual)? {
                    return Ok(None);
                }
                Ok(Some(Divergence {
                    call,
                    method: name,
                    place: Place::FieldRead,
                    expected,
                    actual,
                }))
            }
        }
    }

    /// Replays call `index`; `Some` when it diverged.
    fn replay(&mut self, index: usize, call: &CallRecord) -> Result<Option<Divergence>> {
        let stop = |reason: String| Error::Replay { call: index, reason };
        let signature = self
            .signatures
            .get(&call.id)
            .cloned()
            .ok_or_else(|| stop(format!("the log names no method with ID {:#018x}", call.id.0)))?;
        let (method, here) = rebuild::method(call.id, &signature).map_err(|e| stop(format!("{signature}: {e}")))?;
        let params = method.signature()?.params;
        if params.len() != call.args.len() {
            return Err(stop(format!(
                "{signature} takes {} arguments, the log has {}",
                params.len(),
                call.args.len()
            )));
        }
        let mut args = Vec::with_capacity(params.len());
        for (i, (recorded, &ty)) in call.args.iter().zip(&params).enumerate() {
            let what = format!("argument {i} of {signature}");
            args.push(rebuild::argument(&mut self.objects, index, &what, recorded, ty)?);
        }
        let this = match &call.this {
            Some(recorded) => Some(rebuild::this(&mut self.objects, index, recorded, method.class())?),
            None => None,
        };
        let result = if method.is_constructor() && this.is_none() {
            let trampoline = match self.constructors.get(&call.id) {
                Some(&t) => t,
                None => {
                    let t = rebuild::constructor(method).map_err(|e| stop(format!("{signature}: {e}")))?;
                    *self.constructors.entry(call.id).or_insert(t)
                }
            };
            invoke(trampoline, None, &mut args)
        } else {
            call_by_id(here, this.as_ref(), &mut args)
        };
        let actual = match &result {
            Ok(value) => Outcome::Value(Recorded::of_value(value)),
            Err(Error::ManagedException { type_name, message, .. }) => Outcome::Threw {
                type_name: type_name.clone(),
                message: message.clone(),
            },
            Err(e) => return Err(stop(format!("{signature}: {e}"))),
        };
        let diverged = |place, expected: &Outcome, actual: Outcome| Divergence {
            call: index,
            method: signature.clone(),
            place,
            expected: expected.clone(),
            actual,
        };
        if !self.matches(&call.outcome, &actual)? {
            return Ok(Some(diverged(Place::Result, &call.outcome, actual)));
        }
        if !matches!(call.outcome, Outcome::Value(_)) {
            return Ok(None);
        }
        if let (Some(expected), Some(this)) = (&call.this_after, &this) {
            let expected = Outcome::Value(expected.clone());
            let actual = Outcome::Value(describe_object(this));
            if !self.matches(&expected, &actual)? {
                return Ok(Some(diverged(Place::This, &expected, actual)));
            }
        }
        for (i, expected) in &call.after {
            let i = usize::from(*i);
            let expected = Outcome::Value(expected.clone());
            let Some(value) = args.get(i) else {
                return Err(stop(format!(
                    "the log has argument {i} after the call, {signature} has no such parameter"
                )));
            };
            let actual = Outcome::Value(Recorded::of_value(value));
            if !self.matches(&expected, &actual)? {
                return Ok(Some(diverged(Place::Argument(i), &expected, actual)));
            }
        }
        Ok(None)
    }

    /// True when the replay gave what the recording holds; a recorded object then names the
    /// object the replay got. A call whose typed result Rust refused (`Failed`) matches
    /// whatever the reflective path gives.
    fn matches(&mut self, expected: &Outcome, actual: &Outcome) -> Result<bool> {
        Ok(match (expected, actual) {
            (Outcome::Failed(_), _) => true,
            (Outcome::Value(e), Outcome::Value(a)) => match (e, a) {
                (
                    Recorded::Object { class, cookie, .. },
                    Recorded::Object {
                        class: got,
                        cookie: now,
                        ..
                    },
                ) => {
                    if class != got {
                        return Ok(false);
                    }
                    // `now` is live: the replayed call's value holds it until `replay` returns.
                    self.objects.adopt(*cookie, Object::from_cookie(*now)?);
                    true
                }
                (e, a) => e == a,
            },
            (e, a) => e == a,
        })
    }
}
