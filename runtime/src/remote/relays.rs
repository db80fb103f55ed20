//! Rust implementations of .NET interfaces in a client: the server's side. For a client's
//! [`Implement`], the server makes a relay (the C# helper's `Cilbind.Relays`: an object of a
//! class emitted to implement the interface), each of whose methods runs a closure here that
//! sends the call to the client ([`Peer::call_back`], as a delegate of a client's closure does:
//! `call_back.rs`) and hands C# the client's result and `ref`/`out` values. As for those
//! delegates, the client is reachable only from inside one of its own calls, on the thread
//! running it; any other call of the relay throws `InvalidOperationException` in C#.
//!
//! The session keeps each relay's closures and a weak handle to the relay: once the collector
//! reclaimed it (neither C# nor the client holds it), the closures go and the client is told,
//! with the batch's reply, to drop its members (and so its Rust value). A session that ends
//! drops them all: C# calling a relay of a gone client throws `ObjectDisposedException`.

use crate::call::callback::{relay, RelayClosures, RelayFn};
use crate::call::{Recorded, Value};
use crate::error::{Error, Result};
use crate::host::native::signature_desc;
use crate::host::plain::{holds_references, unboxed_bytes};
use crate::host::proxy::{collections, free_handle, is_reclaimed, long_weak_handle};
use crate::host::{type_kind, Class, Method};
use crate::remote::call_back::{from_client, serving};
use crate::remote::session::{class_of, Session, State};
use crate::remote::wire::{Implement, Invocation};

/// A relay the session made for its client.
pub(crate) struct HeldRelay {
    /// A weak handle (tracking resurrection) to the relay.
    weak: usize,
    /// The closures of its methods.
    _closures: RelayClosures,
    /// The client's keys for its members.
    keys: Vec<u64>,
}

impl Drop for HeldRelay {
    fn drop(&mut self) {
        free_handle(self.weak);
    }
}

/// Makes the relay of a client's Rust implementation and keeps it for the client.
pub(crate) fn make(session: &Session, step: &Implement) -> Result<Recorded> {
    let class = class_of(&step.ty)?;
    if !class.is_interface() {
        return Err(Error::Unsupported(format!(
            "{} is a class: a Rust subclass in a client cannot run over a connection yet (a Rust implementation \
             of an interface can)",
            class.full_name()
        )));
    }
    let methods = interface_methods(class)?;
    let id = session.state().id;
    let mut members = Vec::with_capacity(step.members.len());
    for member in &step.members {
        let method = methods
            .iter()
            .find(|(_, name)| *name == member.name)
            .map(|(method, _)| *method)
            .ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "{} is no method of {} or of the interfaces it extends",
                    member.name,
                    class.full_name()
                ))
            })?;
        let key = member.key;
        let run: RelayFn = Box::new(move |args: &[Value]| relay_call(id, key, method, args));
        members.push((member.name.clone(), run));
    }
    let (object, closures) = relay(class, members)?;
    let weak = long_weak_handle(object.raw()?)?;
    session.state().relays.borrow_mut().push(HeldRelay {
        weak,
        _closures: closures,
        keys: step.members.iter().map(|m| m.key).collect(),
    });
    session.keep(Value::Object(object))
}

/// The methods of the interface `class` and of the interfaces it extends, each with its
/// `Name(parameters)`.
fn interface_methods(class: Class) -> Result<Vec<(Method, String)>> {
    let mut seen = vec![class];
    let mut next = 0;
    while let Some(&interface) = seen.get(next) {
        for parent in interface.declared_interfaces() {
            if !seen.contains(&parent) {
                seen.push(parent);
            }
        }
        next += 1;
    }
    seen.iter()
        .flat_map(|interface| interface.methods())
        .map(|method| Ok((method, format!("{}({})", method.name(), signature_desc(method)?))))
        .collect()
}

/// A relay method's closure: sends the call to the client and returns its result and
/// `ref`/`out` values, as C# takes them.
fn relay_call(id: u64, key: u64, method: Method, args: &[Value]) -> Result<(Value, Vec<(usize, Value)>)> {
    let (state, peer) = serving(id, "this object is a Rust implementation of a remote client")?;
    let session = Session::of_state(state.clone());
    let signature = method.signature()?;
    let args = args
        .iter()
        .map(|arg| to_client(&session, arg))
        .collect::<Result<Vec<_>>>()?;
    let invocation = Invocation {
        id: state.next_invocation(),
        key,
        args,
        member: true,
    };
    let returned = peer.call_back(&session, invocation)?;
    let value = from_client(&session, Some(signature.ret), returned.value)?;
    let mut after = Vec::with_capacity(returned.after.len());
    for (at, left) in returned.after {
        let at = usize::from(at);
        let ty = signature
            .params
            .get(at)
            .copied()
            .filter(|&ty| type_kind(ty).1)
            .ok_or_else(|| {
                Error::InvalidArgument(format!(
                    "the client wrote back argument {at} of {}, which is no ref or out parameter",
                    method.qualified_name()
                ))
            })?;
        after.push((at, from_client(&session, Some(ty), left)?));
    }
    Ok((value, after))
}

/// An argument of a relay method as the client receives it: a value of a value type that
/// holds no references (a struct, an enum) by its bytes, another object kept for the client.
fn to_client(session: &Session, value: &Value) -> Result<Recorded> {
    let Value::Object(object) = value else {
        return Ok(Recorded::of_value(value));
    };
    let class = object.class()?;
    if class.is_value_type() && !holds_references(class) {
        return Ok(Recorded::Struct {
            assembly: String::new(),
            type_name: String::new(),
            bytes: unboxed_bytes(object.raw()?)?,
        });
    }
    session.keep(value.clone())
}

/// Drops the relays the collector reclaimed and returns their members' keys, for the client
/// to drop its own. Each relay's weak handle is read only when a collection ran since the last
/// sweep (one counter read per batch, not one handle read per relay).
pub(crate) fn sweep(state: &State) -> Vec<u64> {
    if state.relays.borrow().is_empty() {
        return Vec::new();
    }
    match collections() {
        Ok(count) if state.swept_at.get() == Some(count) => return Vec::new(),
        Ok(count) => state.swept_at.set(Some(count)),
        // Read every handle then.
        Err(e) => log::warn!(target: "cilbind", "the collections could not be counted: {e}"),
    }
    let reclaimed: Vec<HeldRelay> = {
        let mut relays = state.relays.borrow_mut();
        let (gone, kept) = std::mem::take(&mut *relays)
            .into_iter()
            .partition(|relay| is_reclaimed(relay.weak));
        *relays = kept;
        gone
    };
    reclaimed.iter().flat_map(|relay| relay.keys.iter().copied()).collect()
}
