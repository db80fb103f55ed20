//! The server's side of one client: the handles it holds and the calls it makes, run on the
//! runtime this process hosts. Transport-free: a server (the `cilbind-remote` crate) keeps one
//! `Session` per connection, on one thread, and feeds it what the client sent.
//!
//! A client names objects only by the cookies this session gave it: the session keeps each
//! object it handed out in its own table, so a cookie of another client's session, a released
//! one or a made-up number finds nothing here and the call is refused, never run on another
//! object. Dropping the session releases every handle the client held.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::call::generic::{definition_in, instance};
use crate::call::span::LentSpans;
use crate::call::{call_by_id, invoke, FunctionDb, FunctionId, Recorded, Value};
use crate::error::{Error, Result};
use crate::host::fields::{field_get_boxed, field_set_from_box, FieldHost};
use crate::host::plain::{box_bytes, holds_references};
use crate::host::type_init::statics_of;
use crate::host::{type_class, type_kind, Class, Method, Runtime, TypeHandle, TypeKind};
use crate::record::fields::{self, Found};
use crate::record::objects::ObjectTable;
use crate::record::rebuild;
use crate::remote::spans::{self, SpanParams};
use crate::remote::wire::{
    Batch, BatchReply, Call, FieldAccess, Invocation, IsInstance, MethodName, Returned, Step, TableRow, TypeName,
};
use crate::store::Cookie;
use crate::value::{NetString, Object, Reference};

/// One client's calls and handles on the server (see the module documentation). A cheap
/// handle to the session's state, which stays on the thread that made it: a call C# makes
/// back into the client ([`Peer`]) runs the client's nested calls on the same session while
/// the outer call waits, so no borrow of the state is held across a call into the runtime.
#[derive(Clone)]
pub struct Session {
    state: Rc<State>,
}

#[derive(Default)]
pub(crate) struct State {
    /// Tells this session's delegates apart from other sessions' on the same thread.
    pub(crate) id: u64,
    /// The objects this client holds, by the cookie it was given (the handle's own).
    objects: RefCell<HashMap<Cookie, Object>>,
    /// Constructors' object-making entry points, made once each.
    constructors: RefCell<HashMap<FunctionId, Method>>,
    /// The delegates made for the client's closures, by the client's key.
    pub(crate) callbacks: RefCell<HashMap<u64, super::call_back::ClientClosure>>,
    /// What reaches the client while C# waits for one of its closures; `None`: nothing does,
    /// and such a delegate throws in C#.
    pub(crate) peer: RefCell<Option<Rc<dyn Peer>>>,
    /// The number of the last invocation of a client's closure.
    invocations: std::cell::Cell<u64>,
    /// Handles released by batches that ran nested in another (a client's calls from inside
    /// its closure): released when the outermost batch ends, whose later steps may still name
    /// them.
    deferred: RefCell<Vec<Cookie>>,
    /// The relays made for the client's Rust implementations (`relays.rs`).
    pub(crate) relays: RefCell<Vec<super::relays::HeldRelay>>,
    /// The collections counted at the relays' last sweep.
    pub(crate) swept_at: std::cell::Cell<Option<u64>>,
}

impl State {
    /// A new invocation's number.
    pub(crate) fn next_invocation(&self) -> u64 {
        self.invocations.set(self.invocations.get() + 1);
        self.invocations.get()
    }
}

/// What a session calls its client back through (the server's connection): while C# waits
/// for a client's closure, `call_back` hands the client the [`Invocation`] (the answer to its
/// request in progress), then serves the client's requests (its calls from inside the closure,
/// run on `session`) until the client sends the closure's result (with a member's `ref`/`out`
/// values, [`Invocation::member`]), which it returns.
pub trait Peer {
    /// Runs the client's closure `invocation` names (see the trait documentation).
    fn call_back(&self, session: &Session, invocation: Invocation) -> Result<Returned>;
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session holding nothing, with no way to call its client back (its delegates throw
    /// in C#; see [`Session::with_peer`]).
    pub fn new() -> Session {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        Session {
            state: Rc::new(State {
                id: NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
                ..State::default()
            }),
        }
    }

    /// A session whose client's closures C# reaches through `peer`.
    pub fn with_peer(peer: Rc<dyn Peer>) -> Session {
        let session = Session::new();
        *session.state.peer.borrow_mut() = Some(peer);
        session
    }

    pub(crate) fn state(&self) -> &Rc<State> {
        &self.state
    }

    pub(crate) fn of_state(state: Rc<State>) -> Session {
        Session { state }
    }

    /// Number of handles the client holds.
    pub fn live(&self) -> usize {
        self.state.objects.borrow().len()
    }

    /// Resolves a method the client's bindings name, registers it in the function database,
    /// and returns its ID for the client's calls.
    pub fn bind(&self, name: &MethodName) -> Result<FunctionId> {
        let params: Vec<&str> = name.params.iter().map(String::as_str).collect();
        if name.in_definition {
            // A generic member: found in its definition, then in the closed type, and
            // instantiated with the method type arguments.
            let closed = class_of(&name.ty)?;
            let definition = definition_in(
                definition_of(&name.ty)?,
                &name.name,
                &params,
                name.ret.as_deref(),
                name.generic_method,
            )?;
            let method_args = name.method_args.iter().map(class_of).collect::<Result<Vec<_>>>()?;
            let method = instance(definition, &params, name.generic_method, closed, &method_args)?;
            return FunctionDb::register(method);
        }
        let class = class_of(&name.ty)?;
        let method = match &name.ret {
            Some(ret) => class.method_with_return(&name.name, &params, ret)?,
            None => class.method(&name.name, &params)?,
        };
        FunctionDb::register(method)
    }

    /// Checks a client's generated table against the assemblies this server loaded: every
    /// row must name a method here with the same signature. All rows are checked; the
    /// mismatches come back together, as a local `init()` reports them.
    pub fn check_table(rows: &[TableRow]) -> Result<()> {
        let mut missing = Vec::new();
        for row in rows {
            let id = FunctionId(row.id);
            if FunctionId::of_signature(&row.signature) != id {
                missing.push(format!("{} (its ID {id} is not the signature's)", row.signature));
                continue;
            }
            if let Err(e) = rebuild::method(id, &row.signature) {
                missing.push(format!("{} ({e})", row.signature));
            }
        }
        if missing.is_empty() {
            return Ok(());
        }
        missing.sort();
        Err(Error::FunctionsMismatch {
            missing: missing.into_boxed_slice(),
            changed: Box::new([]),
        })
    }

    /// Releases the handles the client dropped. A cookie this session does not hold (another
    /// client's, released already, made up) changes nothing.
    pub fn release(&self, cookies: &[Cookie]) {
        // Taken out under the borrow, dropped after it.
        let released: Vec<Object> = {
            let mut objects = self.state.objects.borrow_mut();
            cookies.iter().filter_map(|cookie| objects.remove(cookie)).collect()
        };
        if !released.is_empty() {
            drop(released);
            // The objects become collectable now, not when this thread reuses their slots
            // (a relay must be, for its client's Rust value to be dropped).
            crate::store::ObjectStore::empty_dropped_slots();
        }
    }

    /// Drops the delegates of the client's closures it forgot: C# invoking one then throws
    /// `ObjectDisposedException`. A key this session does not hold changes nothing.
    pub fn forget(&self, keys: &[u64]) {
        let forgotten: Vec<_> = {
            let mut callbacks = self.state.callbacks.borrow_mut();
            keys.iter().map(|key| callbacks.remove(key)).collect()
        };
        drop(forgotten);
    }

    /// Runs a batch (see [`Batch`]): forgets the closures first, then runs each step in
    /// order, stopping at the first that fails, then releases the handles and tells which
    /// relays of the client's Rust implementations were collected.
    pub fn run(&self, batch: &Batch) -> BatchReply {
        self.forget(&batch.forget);
        let serving = super::call_back::Serving::enter(&self.state);
        let mut results = Vec::with_capacity(batch.calls.len());
        for step in &batch.calls {
            let result = match step {
                Step::Call(call) => self.call(call),
                Step::Field(access) => self.field(access).map(Returned::of),
                Step::MakeBox(step) => self.make_box(step).map(Returned::of),
                Step::ReadBox(step) => self.read_box(step).map(Returned::of),
                Step::MakeCallback(step) => super::call_back::make(self, step).map(Returned::of),
                Step::IsInstance(step) => self.is_instance(step).map(Returned::of),
                Step::DefaultValue(ty) => self.default_value(ty).map(Returned::of),
                Step::CopyValue(boxed) => self.copy_value(boxed).map(Returned::of),
                Step::Array(step) => self.array(step).map(Returned::of),
                Step::Implement(step) => super::relays::make(self, step).map(Returned::of),
            };
            let failed = result.is_err();
            results.push(result);
            if failed {
                break;
            }
        }
        // After the steps: a handle the client dropped while it encoded them (an array made
        // for an argument, say) is still named by them; and after the outermost batch's, for
        // the same reason.
        let mut released = Vec::new();
        if serving.nested() {
            self.state.deferred.borrow_mut().extend_from_slice(&batch.release);
        } else {
            let deferred = std::mem::take(&mut *self.state.deferred.borrow_mut());
            self.release(&deferred);
            self.release(&batch.release);
            // What the client released must not stay reachable from this thread's recent
            // calls until the next batches replace them (a relay is swept once collected).
            if !deferred.is_empty() || !batch.release.is_empty() {
                if let Err(e) = crate::host::slots::release_temporaries() {
                    log::warn!(target: "cilbind", "a session could not release its thread's temporaries: {e}");
                }
            }
            released = super::relays::sweep(&self.state);
        }
        BatchReply { results, released }
    }

    /// Runs one call; an object in its result (or left in a by-ref argument) is kept for the
    /// client, which receives its cookie.
    pub fn call(&self, call: &Call) -> Result<Returned> {
        let id = call.function();
        let method = FunctionDb::method(id)?;
        let signature = method.signature()?;
        let params = &signature.params;
        let constructing = method.is_constructor() && call.args.len() == params.len();
        let with_this = !method.is_static() && !constructing;
        let expected = params.len() + usize::from(with_this);
        if call.args.len() != expected {
            return Err(Error::InvalidArgument(format!(
                "{} takes {expected} arguments{}, the call has {}",
                method.qualified_name(),
                if with_this { " (`this` first)" } else { "" },
                call.args.len()
            )));
        }
        let (mut this, rest) = match call.args.split_first() {
            Some((first, rest)) if with_this => (Some(self.this(first, method)?), rest),
            _ => (None, &call.args[..]),
        };
        let spans = SpanParams::of(params)?;
        let mut lent = LentSpans::default();
        if with_this && !spans.is_empty() {
            spans::refuse_held_struct(method, &call.args[0])?;
        }
        let mut args = Vec::with_capacity(rest.len());
        for (i, (value, &ty)) in rest.iter().zip(params).enumerate() {
            if spans.contains(i) {
                args.push(spans::lend(&mut lent, i, ty, value).map_err(|e| argument_error(i, method, e))?);
                continue;
            }
            let arg = match value {
                Recorded::Object { cookie, .. } => Value::Object(self.object(*cookie)?),
                Recorded::Struct { type_name, bytes, .. } if type_name.is_empty() => {
                    parameter_value(ty, bytes).map_err(|e| argument_error(i, method, e))?
                }
                other => rebuild::argument(&mut ObjectTable::default(), 0, "", other, ty)
                    .map_err(|e| argument_error(i, method, e))?,
            };
            args.push(arg);
        }
        let value = if !spans.is_empty() {
            let ran = spans::call(id, method, constructing, this.as_ref(), &mut args, &mut lent)?;
            if ran.this.is_some() {
                this = ran.this;
            }
            ran.value
        } else if constructing {
            let known = self.state.constructors.borrow().get(&id).copied();
            let entry = match known {
                Some(entry) => entry,
                None => {
                    let entry = rebuild::constructor(method)?;
                    self.state.constructors.borrow_mut().insert(id, entry);
                    entry
                }
            };
            invoke(entry, None, &mut args)?
        } else {
            call_by_id(id, this.as_ref(), &mut args)?
        };
        // What the binding's Rust type takes: a value type's value (a struct's bytes, a
        // primitive) or a handle to a reference (kept here), even when the reference is a
        // string or a box (a method declared to return `object`).
        // A managed struct (a value type holding references) is a box kept here, as a local
        // call keeps it in its store: its bytes would be addresses.
        let plain = |c: Class| c.is_value_type() && !holds_references(c);
        let by_value = if call.reflective {
            !matches!(value, Value::Object(_))
        } else if constructing {
            plain(method.class())
        } else {
            type_class(signature.ret).is_some_and(plain) || type_kind(signature.ret).0 == TypeKind::String
        };
        let value = if by_value {
            Recorded::of_value(&value)
        } else {
            self.keep(value)?
        };
        // What the call left in the arguments passed by reference: a struct's `this` (its box,
        // changed in place), each `ref`/`out` parameter.
        let mut after = Vec::new();
        if let Some(this) = this.filter(|_| method.class().is_value_type()) {
            after.push((0, Recorded::of_value(&Value::Object(this))));
        }
        for (i, (&ty, arg)) in params.iter().zip(args).enumerate() {
            let (kind, byref) = type_kind(ty);
            if !byref {
                continue;
            }
            let left = if kind == TypeKind::Reference {
                self.keep(arg)?
            } else {
                Recorded::of_value(&arg)
            };
            let at = u16::try_from(i + usize::from(with_this))
                .map_err(|_| Error::InvalidArgument(format!("{} has too many parameters", method.qualified_name())))?;
            after.push((at, left));
        }
        if !spans.is_empty() {
            after.extend(spans::written_back(&lent, method, params, with_this)?);
            after.sort_by_key(|(at, _)| *at);
        }
        Ok(Returned { value, after })
    }

    /// Reads or writes a field (see [`FieldAccess`]): a read's value (an object kept for the
    /// client), or void for a write. The owner must be an instance of the field's class: a
    /// field is read at its offset in that class.
    pub fn field(&self, access: &FieldAccess) -> Result<Recorded> {
        let class = class_of(&access.ty)?;
        let field = class.field(&access.name)?;
        let text = format!("{}::{}", class.full_name(), access.name);
        let refused = |why: String| Error::InvalidArgument(format!("field {text}: {why}"));
        let (host, owner) = match (&access.owner, field.is_static()) {
            (None, true) => (FieldHost::Static(statics_of(field)?), None),
            (Some(Recorded::Object { cookie, .. }), false) => {
                let owner = self.object(*cookie)?;
                let own = owner.class()?;
                if !field.class().is_assignable_from(own) {
                    return Err(refused(format!("the owner is a {}", own.full_name())));
                }
                (FieldHost::Instance(owner.raw()?), Some(owner))
            }
            (None, false) => return Err(refused("an instance field needs its owner".into())),
            (Some(_), true) => return Err(refused("a static field has no owner".into())),
            (Some(other), false) => return Err(refused(format!("{other} is no owner"))),
        };
        // A managed struct (a value type holding references): read as a box of its own,
        // which the client holds by handle, and written from one.
        if let Some(ty) = type_class(field.type_handle()).filter(|c| c.is_value_type() && holds_references(*c)) {
            return match &access.write {
                None => {
                    let boxed = Object::from_raw(field_get_boxed(host, field, ty)?)?
                        .ok_or_else(|| Error::NullReference(format!("field {text} gave no box")))?;
                    drop(owner);
                    self.keep(Value::Object(boxed))
                }
                Some(Recorded::Object { cookie, .. }) => {
                    let boxed = self.object(*cookie)?;
                    field_set_from_box(host, field, boxed.raw()?)?;
                    drop(owner);
                    Ok(Recorded::Void)
                }
                Some(other) => Err(refused(format!("{other} is no {}", ty.full_name()))),
            };
        }
        let found = Found::new(field, host, owner);
        let replayed = |e: Error| match e {
            Error::Replay { reason, .. } => Error::InvalidArgument(reason),
            other => other,
        };
        let Some(value) = &access.write else {
            let (value, object) = fields::read(0, &text, &found).map_err(replayed)?;
            return match object {
                Some(object) => self.keep(Value::Object(object)),
                None => Ok(value),
            };
        };
        // The table the field writer finds an object value in, and a value sent by its bytes
        // named as the field's type.
        let mut table = ObjectTable::default();
        let value = match value {
            Recorded::Object { cookie, .. } => {
                table.adopt(*cookie, self.object(*cookie)?);
                value.clone()
            }
            Recorded::Struct { type_name, bytes, .. } if type_name.is_empty() => {
                let ty = type_class(field.type_handle()).ok_or_else(|| refused("its type is unknown".into()))?;
                // A `Nullable<T>` field's value crosses as `T`'s bytes.
                let ty = ty.nullable_param().unwrap_or(ty);
                Recorded::Struct {
                    assembly: String::new(),
                    type_name: ty.full_name(),
                    bytes: bytes.clone(),
                }
            }
            other => other.clone(),
        };
        fields::write(&mut table, 0, &text, &found, &value).map_err(replayed)?;
        Ok(Recorded::Void)
    }

    /// Checks a cast of an object the client holds (see [`IsInstance`]).
    pub fn is_instance(&self, step: &IsInstance) -> Result<Recorded> {
        let object = match &step.object {
            Recorded::Object { cookie, .. } => self.object(*cookie)?,
            other => return Err(Error::InvalidArgument(format!("{other} is no object to cast"))),
        };
        Ok(Recorded::Boolean(
            class_of(&step.ty)?.is_assignable_from(object.class()?),
        ))
    }

    /// The object behind a cookie the client sent.
    pub(crate) fn object(&self, cookie: Cookie) -> Result<Object> {
        match self.state.objects.borrow().get(&cookie) {
            Some(object) => object.try_clone(),
            None => Err(Error::StaleHandle),
        }
    }

    /// `this` of an instance call: an object the client holds, a string, or a plain struct's
    /// bytes (boxed here).
    fn this(&self, value: &Recorded, method: Method) -> Result<Object> {
        match value {
            Recorded::Object { cookie, .. } => self.object(*cookie),
            Recorded::Null => Err(Error::NullReference(format!("`this` of {}", method.qualified_name()))),
            // A struct's `this`, by its bytes: of the method's own type.
            Recorded::Struct { type_name, bytes, .. } if type_name.is_empty() => {
                value_of_class(method.class(), bytes).map_err(|e| argument_error(0, method, e))
            }
            other => rebuild::this(&mut ObjectTable::default(), 0, other, method.class())
                .map_err(|e| argument_error(0, method, e)),
        }
    }

    /// A reference result as the client receives it: a handle kept in the table under its
    /// cookie, which the client is given.
    pub(crate) fn keep(&self, value: Value) -> Result<Recorded> {
        let object = match value {
            Value::Object(object) => object,
            Value::String(s) => NetString::new(&s)?.into_object(),
            other => return Ok(Recorded::of_value(&other)),
        };
        let cookie = object.cookie();
        let class = object.class()?.full_name();
        self.state.objects.borrow_mut().insert(cookie, object);
        Ok(Recorded::Object {
            class,
            cookie,
            interfaces: Vec::new(),
        })
    }
}

/// The class a client names.
pub(crate) fn class_of(ty: &TypeName) -> Result<Class> {
    // A generic type is named with all its type arguments: no member of an open type (whose
    // code has no instantiation to run) is ever resolved for a client. Its arity is in its
    // name, as compilers write it (``List`1``, ``Outer`1/Inner`1``: one and one more).
    let arity: usize = ty
        .name
        .split('/')
        .filter_map(|part| part.rsplit_once('`'))
        .map(|(_, n)| n.parse::<usize>().unwrap_or(0))
        .sum();
    if arity != ty.args.len() {
        return Err(Error::InvalidArgument(format!(
            "{}.{} takes {arity} type arguments, {} given",
            ty.namespace,
            ty.name,
            ty.args.len()
        )));
    }
    let class = definition_of(ty)?;
    if ty.args.is_empty() {
        return Ok(class);
    }
    let args = ty.args.iter().map(class_of).collect::<Result<Vec<_>>>()?;
    class.instantiate(&args)
}

/// The class `ty`'s names name, without its type arguments: a generic type's definition.
fn definition_of(ty: &TypeName) -> Result<Class> {
    Runtime::get()?.assembly(&ty.assembly)?.class(&ty.namespace, &ty.name)
}

/// A value the client sent by its bytes, of the parameter's type `ty`: a primitive (or enum)
/// from its little-endian bits, a struct boxed from its bytes (their count checked).
pub(crate) fn parameter_value(ty: TypeHandle, bytes: &[u8]) -> Result<Value> {
    let (kind, _) = type_kind(ty);
    let kind = match (kind, type_class(ty)) {
        (TypeKind::Enum, Some(class)) => class.enum_underlying().map_or(kind, |c| c.kind()),
        _ => kind,
    };
    let class =
        type_class(ty).ok_or_else(|| Error::InvalidArgument("bytes for a parameter that is no value type".into()))?;
    // A `Nullable<T>` with a value crosses as `T`'s bytes, and is passed as the CLI boxes
    // one: a box of `T`.
    if let Some(inner) = class.nullable_param() {
        return Ok(Value::Object(value_of_class(inner, bytes)?));
    }
    check_size(class, bytes)?;
    if bytes.len() <= 8 {
        let mut bits = [0u8; 8];
        bits[..bytes.len()].copy_from_slice(bytes);
        if let Some(value) = Value::from_bits(kind, u64::from_le_bytes(bits)) {
            return Ok(value);
        }
    }
    Ok(Value::Object(value_of_class(class, bytes)?))
}

/// Refuses bytes that are not one value of the value type `class`.
fn check_size(class: Class, bytes: &[u8]) -> Result<()> {
    let size = class.value_size().0;
    if !class.is_value_type() || size != bytes.len() {
        return Err(Error::InvalidArgument(format!(
            "{} bytes sent for a {} ({size} bytes)",
            bytes.len(),
            class.full_name()
        )));
    }
    Ok(())
}

/// A box of the value type `class` holding `bytes` (their size checked; a type that holds
/// references is refused).
pub(crate) fn value_of_class(class: Class, bytes: &[u8]) -> Result<Object> {
    check_size(class, bytes)?;
    if holds_references(class) {
        return Err(Error::InvalidArgument(format!(
            "{} holds managed references: a value of it cannot cross by its bytes",
            class.full_name()
        )));
    }
    Object::from_raw(box_bytes(class, bytes)?)?
        .ok_or_else(|| Error::InvalidArgument(format!("the runtime could not box a {}", class.full_name())))
}

/// An argument the server could not rebuild, named by its place (the rebuilder speaks of
/// replays).
fn argument_error(index: usize, method: Method, e: Error) -> Error {
    let reason = match e {
        Error::Replay { reason, .. } => reason,
        other => other.to_string(),
    };
    Error::InvalidArgument(format!("argument {index} of {}: {reason}", method.qualified_name()))
}
