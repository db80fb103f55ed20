//! The client's side: generated bindings' calls, sent to the server instead of run here.
//!
//! A [`MethodRef`] call in a process connected to a server never finds its thread set up for
//! a local runtime (none runs), so it leaves the fast path for `call_slow`, which comes here:
//! the method is named to the server once (its [`FunctionId`] cached per connection), the
//! arguments are encoded as the call log encodes values, and the result is decoded into the
//! binding's return type. Objects are the client's handles to what the server holds
//! (`objects.rs`).

use std::any::TypeId;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use crate::call::abi::Abi;
use crate::call::generic::GenericMethodRef;
use crate::call::generic_call::RemoteInstance;
use crate::call::{ArgList, FunctionId, MethodRef, Recorded, Ret, Value};
use crate::error::{Error, Result};
use crate::remote::values;
use crate::remote::wire::{Batch, Call, FieldAccess, MethodName, Reply, Returned, Step};
use crate::remote::Transport;
use crate::store::Cookie;
use crate::value::Object;

/// The connection calls go to.
static TRANSPORT: RwLock<Option<Arc<dyn Transport>>> = RwLock::new(None);
/// The number of the current connection (0: none yet); each [`install`] takes the next.
static CONNECTION: AtomicU32 = AtomicU32::new(0);
/// Cookies of the current connection whose last client handle was dropped: released with the
/// next batch.
static RELEASES: Mutex<Vec<Cookie>> = Mutex::new(Vec::new());
/// A binding's method: its `MethodRef`'s or `GenericMethodRef`'s address (they are statics of
/// the generated bindings), and for a generic member the Rust types of the instantiation.
type BindingKey = (usize, Option<TypeId>);
/// Each method's ID on the current connection, by its [`BindingKey`].
static BOUND: Mutex<Option<HashMap<BindingKey, FunctionId>>> = Mutex::new(None);

/// Pipelined calls made on this thread and not yet sent, with what each called (for errors).
struct Pipeline {
    depth: u32,
    calls: Vec<(Step, String)>,
}

thread_local! {
    static PIPELINE: RefCell<Pipeline> = const { RefCell::new(Pipeline { depth: 0, calls: Vec::new() }) };
}

/// How many pipelined calls wait, at most, before they are sent.
const PIPELINE_LIMIT: usize = 1024;

/// Makes `transport` the connection every call goes to; handles of an earlier connection are
/// stale from now on.
pub(crate) fn install(transport: Arc<dyn Transport>) {
    let mut slot = TRANSPORT.write().unwrap_or_else(|p| p.into_inner());
    CONNECTION.fetch_add(1, Ordering::AcqRel);
    RELEASES.lock().unwrap_or_else(|p| p.into_inner()).clear();
    *BOUND.lock().unwrap_or_else(|p| p.into_inner()) = None;
    *slot = Some(transport);
    drop(slot);
    super::implementations::drop_earlier();
}

/// The current connection's number.
pub(crate) fn connection() -> u32 {
    CONNECTION.load(Ordering::Acquire)
}

/// Queues the release of `cookie`, unless it belongs to an earlier connection (whose server
/// is gone, or whose cookies the new one does not know).
pub(crate) fn release_later(connection: u32, cookie: Cookie) {
    if connection == self::connection() {
        RELEASES.lock().unwrap_or_else(|p| p.into_inner()).push(cookie);
    }
}

fn transport() -> Result<Arc<dyn Transport>> {
    TRANSPORT
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .clone()
        .ok_or_else(|| Error::Disconnected("no connection to a server was made".into()))
}

/// The ID on the current connection of the method a binding names by `key` (its reference's
/// address, and for a generic member the Rust types that name the instantiation), asking the
/// server for `name` once.
fn bind(key: BindingKey, name: impl FnOnce() -> Result<MethodName>) -> Result<FunctionId> {
    if let Some(&id) = BOUND
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .as_ref()
        .and_then(|b| b.get(&key))
    {
        return Ok(id);
    }
    let connection = self::connection();
    let id = transport()?.bind(&name()?)?;
    if connection == self::connection() {
        BOUND
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert_with(HashMap::new)
            .insert(key, id);
    }
    Ok(id)
}

/// A `MethodRef`'s key in [`BOUND`].
fn method_key(method: &MethodRef) -> BindingKey {
    (method as *const MethodRef as usize, None)
}

/// The ID of a generic member's instantiation the Rust types `K` name, `instance` its names.
fn bind_generic<K: 'static>(method: &GenericMethodRef, instance: RemoteInstance) -> Result<FunctionId> {
    let key = (method as *const GenericMethodRef as usize, Some(TypeId::of::<K>()));
    bind(key, || Ok(method.remote_name(instance.0, instance.1)))
}

/// A generated binding's call, made on the server.
pub(crate) fn call<A: ArgList, R: Ret>(method: &MethodRef, args: A) -> Result<R> {
    let id = bind(method_key(method), || method.remote_name())?;
    call_bound(id, || method.describe(), args)
}

/// A generated binding's call of a generic member's instantiation `K`, made on the server.
pub(crate) fn call_generic<K: 'static, A: ArgList, R: Ret>(
    method: &GenericMethodRef,
    instance: RemoteInstance,
    args: A,
) -> Result<R> {
    call_bound(bind_generic::<K>(method, instance)?, || method.describe(), args)
}

/// [`call_generic`] for a blittable struct result that comes back by pointer.
pub(crate) fn call_generic_sret<K: 'static, A: ArgList, R: crate::Blittable>(
    method: &GenericMethodRef,
    instance: RemoteInstance,
    args: A,
) -> Result<R> {
    call_sret_bound(bind_generic::<K>(method, instance)?, method.describe(), args)
}

/// The call of the method the server knows as `id`; `label` names it in errors.
fn call_bound<A: ArgList, R: Ret>(id: FunctionId, label: impl FnOnce() -> String, args: A) -> Result<R> {
    let _kept = super::arrays::KeptForCall::mark();
    let call = Call {
        id: id.0,
        args: args.to_remote()?,
        reflective: false,
    };
    if R::ABI == Abi::Void && pipelining() && !passes_by_ref(A::returning::<R>()) && !A::fetches_back_remote() {
        let full = PIPELINE.with(|p| {
            let mut p = p.borrow_mut();
            p.calls.push((call.into(), label()));
            p.calls.len() >= PIPELINE_LIMIT
        });
        if full {
            flush()?;
        }
        return R::from_remote(Recorded::Void);
    }
    let returned = send(Some((call.into(), label())))?;
    args.write_back_remote(returned.after)?;
    R::from_remote(returned.value)
}

/// True when a call passes an argument by reference (a writable span's elements too): its
/// result must be waited for, to write the argument back.
fn passes_by_ref(signature: &[Abi]) -> bool {
    signature
        .iter()
        .any(|abi| matches!(abi, Abi::ByRef(_) | Abi::ByRefObject | Abi::Span { mutable: true, .. }))
}

/// [`call`] for a method whose blittable struct result comes back by pointer.
pub(crate) fn call_sret<A: ArgList, R: crate::Blittable>(method: &MethodRef, args: A) -> Result<R> {
    let id = bind(method_key(method), || method.remote_name())?;
    call_sret_bound(id, method.describe(), args)
}

fn call_sret_bound<A: ArgList, R: crate::Blittable>(id: FunctionId, label: String, args: A) -> Result<R> {
    let _kept = super::arrays::KeptForCall::mark();
    let call = Call {
        id: id.0,
        args: args.to_remote()?,
        reflective: false,
    };
    let returned = send(Some((call.into(), label)))?;
    args.write_back_remote(returned.after)?;
    values::plain_from_recorded(returned.value)
}

/// Has the server check table rows (after this thread's pipelined calls, which may need them
/// no more than they did before).
pub(crate) fn check_table(rows: Vec<crate::remote::TableRow>) -> Result<()> {
    flush()?;
    transport()?.check_table(rows)
}

/// [`call_by_id`](crate::call_by_id) made on the server: the arguments and result as
/// [`Value`]s, objects as handles to the server's (boxes of structs included), by-ref
/// arguments written back.
pub(crate) fn call_by_id(id: FunctionId, this: Option<&Object>, args: &mut [Value]) -> Result<Value> {
    let mut sent = Vec::with_capacity(args.len() + 1);
    if let Some(this) = this {
        sent.push(values::object(Some(this))?);
    }
    for arg in args.iter() {
        sent.push(values::of_value(arg)?);
    }
    let call = Call {
        id: id.0,
        args: sent,
        reflective: true,
    };
    let returned = send(Some((call.into(), format!("function {id}"))))?;
    let offset = usize::from(this.is_some());
    for (at, value) in returned.after {
        let slot = usize::from(at)
            .checked_sub(offset)
            .and_then(|i| args.get_mut(i))
            .ok_or_else(|| {
                Error::InvalidArgument(format!("the server wrote back argument {at}, which this call has not"))
            })?;
        *slot = values::to_value(value)?;
    }
    values::to_value(returned.value)
}

/// A field access made on the server (after this thread's pipelined calls); a read's value,
/// or void for a write.
pub(crate) fn field(access: FieldAccess) -> Result<Recorded> {
    let what = format!("{}.{}::{}", access.ty.namespace, access.ty.name, access.name);
    step(Step::Field(Box::new(access)), what)
}

/// Runs one step on the server (after this thread's pipelined calls) and returns its value;
/// `what` names it in errors.
pub(crate) fn step(step: Step, what: String) -> Result<Recorded> {
    Ok(send(Some((step, what)))?.value)
}

fn pipelining() -> bool {
    PIPELINE.with(|p| p.borrow().depth > 0)
}

/// Sends this thread's pipelined calls, then `last` (if any), in one batch, and returns
/// `last`'s result (void without one).
fn send(last: Option<(Step, String)>) -> Result<Returned> {
    let mut calls = PIPELINE.with(|p| std::mem::take(&mut p.borrow_mut().calls));
    let pipelined = calls.len();
    let had_last = last.is_some();
    calls.extend(last);
    if calls.is_empty()
        && RELEASES.lock().unwrap_or_else(|p| p.into_inner()).is_empty()
        && !super::callbacks::forgetting()
    {
        return Ok(nothing());
    }
    let (calls, labels): (Vec<Step>, Vec<String>) = calls.into_iter().unzip();
    let total = calls.len();
    let release = std::mem::take(&mut *RELEASES.lock().unwrap_or_else(|p| p.into_inner()));
    let forget = super::callbacks::take_forgotten();
    let transport = transport()?;
    let mut reply = transport.run(Batch { release, forget, calls })?;
    // C# may call this client's closures back while the batch runs: each runs here, on this
    // thread (its own calls go to the server, which runs them nested), until the batch ends.
    let reply = loop {
        match reply {
            Reply::Done(done) => break done,
            Reply::Invoke(invocation) => {
                let id = invocation.id;
                let answer = if invocation.member {
                    super::implementations::answer(invocation)
                } else {
                    super::callbacks::answer(invocation).map(Returned::of)
                };
                reply = transport.resume(id, answer)?;
            }
        }
    };
    super::implementations::released(&reply.released);
    let ran = reply.results.len();
    let mut last_value = nothing();
    for (index, result) in reply.results.into_iter().enumerate() {
        match result {
            Ok(value) => last_value = value,
            Err(e) if index < pipelined => {
                return Err(Error::PipelinedCallFailed {
                    method: labels[index].clone(),
                    index,
                    skipped: total - index - 1,
                    source: Box::new(e),
                })
            }
            Err(e) => return Err(e),
        }
    }
    if ran != total {
        return Err(Error::Disconnected(format!(
            "the server answered {ran} of the {total} calls sent"
        )));
    }
    Ok(if had_last { last_value } else { nothing() })
}

/// A void result that wrote nothing back.
fn nothing() -> Returned {
    Returned::of(Recorded::Void)
}

/// Sends the calls this thread pipelined and waits until they ran; the first that failed is
/// [`Error::PipelinedCallFailed`].
pub fn flush() -> Result<()> {
    send(None).map(|_| ())
}

/// Runs `body` with this thread's calls that return nothing (`void`) pipelined: each is sent
/// without waiting for the server, batched with the next call that returns a value (or with
/// the flush at the end of `body`), and they run on the server in the order they were made.
/// A void call inside `body` returns `Ok(())` at once; if one fails on the server, the calls
/// after it in the batch do not run and the next call that waits (or the flush) returns
/// [`Error::PipelinedCallFailed`] naming it. Outside a connection to a server, `body` simply
/// runs.
pub fn pipelined<T>(body: impl FnOnce() -> Result<T>) -> Result<T> {
    struct Depth;
    impl Drop for Depth {
        fn drop(&mut self) {
            PIPELINE.with(|p| {
                let mut p = p.borrow_mut();
                p.depth -= 1;
                if std::thread::panicking() && p.depth == 0 {
                    // Unwinding out of the scope: what it queued is dropped, not sent.
                    p.calls.clear();
                }
            });
        }
    }
    PIPELINE.with(|p| p.borrow_mut().depth += 1);
    let depth = Depth;
    let result = body();
    drop(depth);
    let flushed = if pipelining() || !super::connected() {
        Ok(())
    } else {
        flush()
    };
    let value = result?;
    flushed.map(|()| value)
}
