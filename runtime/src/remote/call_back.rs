//! C# calling a client's Rust closure: the server's side. A client's `Callback` makes a
//! delegate on the server ([`MakeCallback`]) whose closure, here, forwards each invocation to
//! the client through the session's [`Peer`], and turns the client's answer into the
//! delegate's result.
//!
//! The client is reachable only while it waits for one of its own calls: a delegate invoked
//! on the thread running that client's batch calls back; invoked anywhere else (another
//! thread of C#'s, or after the batch ended, from a timer, say) it throws
//! `InvalidOperationException` in C#, saying so. C# never waits for a client that is not
//! waiting for it.

use std::cell::RefCell;
use std::rc::Rc;

use crate::call::{Recorded, Value};
use crate::error::{Error, Result};
use crate::host::{type_class, TypeHandle};
use crate::remote::session::{class_of, parameter_value, Peer, Session, State};
use crate::remote::wire::{Invocation, MakeCallback};
use crate::Callback;

thread_local! {
    /// The sessions running a batch on this thread, innermost last (a nested batch runs while
    /// an outer one waits for its client's closure).
    static SERVING: RefCell<Vec<Rc<State>>> = const { RefCell::new(Vec::new()) };
}

/// The delegate of a client's closure, kept by its session.
pub(crate) struct ClientClosure {
    /// The server's delegate and the closure that forwards to the client: kept, never read
    /// (dropping it makes the delegate throw `ObjectDisposedException`).
    _callback: Callback,
    /// The value type the delegate returns; `None` when it returns a reference or nothing.
    returns: Option<TypeHandle>,
}

/// Marks the session as running a batch on this thread, until dropped.
pub(crate) struct Serving {
    /// True when the session was running a batch already (this one runs inside it).
    nested: bool,
}

impl Serving {
    pub(crate) fn enter(state: &Rc<State>) -> Serving {
        SERVING.with(|s| {
            let mut serving = s.borrow_mut();
            let nested = serving.iter().any(|running| running.id == state.id);
            serving.push(state.clone());
            Serving { nested }
        })
    }

    /// True for a batch that runs inside another batch of the same session.
    pub(crate) fn nested(&self) -> bool {
        self.nested
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        SERVING.with(|s| s.borrow_mut().pop());
    }
}

/// Makes the delegate of a client's closure and keeps it for the client.
pub(crate) fn make(session: &Session, step: &MakeCallback) -> Result<Recorded> {
    let class = class_of(&step.delegate)?;
    let (id, key) = (session.state().id, step.key);
    // Refuses a class that is no delegate type.
    let callback = Callback::with_class(class, move |args: &[Value]| forward(id, key, args))?;
    // A value type's result comes back by its bytes, read as the delegate's return type.
    let invoke = class
        .methods()
        .find(|m| m.name() == "Invoke")
        .ok_or_else(|| Error::InvalidArgument(format!("{} has no Invoke method", class.full_name())))?;
    let ret = invoke.signature()?.ret;
    let returns = type_class(ret).is_some_and(|c| c.is_value_type()).then_some(ret);
    let delegate = callback.as_object().try_clone()?;
    let replaced = session.state().callbacks.borrow_mut().insert(
        key,
        ClientClosure {
            _callback: callback,
            returns,
        },
    );
    drop(replaced);
    session.keep(Value::Object(delegate))
}

/// Runs the client's closure `key` of the session `id` with C#'s arguments: the delegate's
/// closure on the server.
fn forward(id: u64, key: u64, args: &[Value]) -> Result<Value> {
    let (state, peer) = serving(id, "this delegate runs a closure of a remote client")?;
    // The value type the delegate returns, if it returns one (the client sends its bytes).
    let ret = state.callbacks.borrow().get(&key).and_then(|c| c.returns);
    let session = Session::of_state(state.clone());
    let args = args
        .iter()
        .map(|arg| match arg {
            Value::Object(_) => session.keep(arg.clone()),
            other => Ok(Recorded::of_value(other)),
        })
        .collect::<Result<Vec<_>>>()?;
    let invocation = Invocation {
        id: state.next_invocation(),
        key,
        args,
        member: false,
    };
    let result = peer.call_back(&session, invocation)?;
    from_client(&session, ret, result.value)
}

/// The session `id` and its connection, when a batch of that session runs on this thread (the
/// client waits for it, and can be called back); `what` says, in the refusal, what C# called.
pub(crate) fn serving(id: u64, what: &str) -> Result<(Rc<State>, Rc<dyn Peer>)> {
    let state = SERVING
        .with(|s| s.borrow().last().cloned())
        .filter(|state| state.id == id)
        .ok_or_else(|| {
            Error::Unsupported(format!(
                "{what}, which C# can call back only from inside that client's own call, on the thread running it"
            ))
        })?;
    let peer = state
        .peer
        .borrow()
        .clone()
        .ok_or_else(|| Error::Unsupported("this session has no connection to call its client back".into()))?;
    Ok((state, peer))
}

/// A value the client sent back (a result, a `ref`/`out` value) as C# takes it, of the type
/// `ty` (`None`: a reference type or none): a handle it holds, a value type's bytes boxed as
/// `ty`, or a primitive or string.
pub(crate) fn from_client(session: &Session, ty: Option<TypeHandle>, value: Recorded) -> Result<Value> {
    let value_type = ty.filter(|&ty| type_class(ty).is_some_and(|c| c.is_value_type()));
    match value {
        Recorded::Object { cookie, .. } => Ok(Value::Object(session.object(cookie)?)),
        Recorded::Struct { type_name, bytes, .. } if type_name.is_empty() => match value_type {
            Some(ty) => parameter_value(ty, &bytes),
            None => Err(Error::InvalidArgument(
                "the client sent a struct's bytes where C# takes no value type".into(),
            )),
        },
        other => crate::remote::values::to_value(other),
    }
}
