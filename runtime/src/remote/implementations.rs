//! Rust implementations of .NET interfaces in a client: the client's side. The generated
//! `implement` of a client asks its server for a relay ([`Implement`]): an object of a class
//! the server emits, implementing the interface, whose every method sends the call back to
//! this client while one of its own calls runs there (as a delegate of a client's closure
//! does: `callbacks.rs`). Here, [`answer`] runs the member's generated dispatcher on the Rust
//! value with the wire's values ([`RemoteFrame`]), and sends back its result and what it left
//! in each `ref`/`out` parameter.
//!
//! The value lives as long as the server's object: the server tells this client, with a
//! batch's reply, the members whose relay its collector reclaimed ([`released`]), and their
//! closures (each holding the value) are dropped then; all of them when the connection goes.

use std::sync::{Arc, LazyLock, Mutex};

use slotmap::{DefaultKey, Key, KeyData, SlotMap};

use crate::call::{Recorded, TypeRef};
use crate::error::{Error, Result};
use crate::native::remote_kinds::{RemoteIncoming, RemoteOutgoing};
use crate::native::{ManagedException, NativeResult};
use crate::remote::wire::{Implement, ImplementedMember, Invocation, Returned, Step};
use crate::remote::{client, values};
use crate::value::Object;

/// A member's dispatcher, bound to the Rust value.
type MemberFn = Arc<dyn Fn(Vec<Recorded>) -> Result<Returned> + Send + Sync>;

/// The members of this process's implementations, with the connection each was made on.
static MEMBERS: LazyLock<Mutex<SlotMap<DefaultKey, (u32, MemberFn)>>> = LazyLock::new(Default::default);

/// A member of a Rust implementation as generated bindings list it for a client.
pub struct RemoteMember<T> {
    /// The method's name and parameters, `Name(parameters)`, the parameters as the proxy's
    /// signature check spells them (`Features.Point,int&,string&`).
    pub name: &'static str,
    /// Why a parameter or the result cannot cross a connection, one entry per kind (`None`
    /// for those that can: see [`RemoteIncoming::REFUSED`]).
    pub refused: &'static [Option<&'static str>],
    /// The dispatcher: runs the member on the value with the frame's arguments.
    pub run: fn(&T, &mut RemoteFrame) -> NativeResult<()>,
}

/// One call of a Rust implementation's member over a connection: the arguments the server
/// sent, and what the body leaves (its result, its `ref`/`out` values by position).
pub struct RemoteFrame {
    args: Vec<Option<Recorded>>,
    after: Vec<(u16, Recorded)>,
    value: Recorded,
}

impl RemoteFrame {
    /// Takes argument `at` as the kind `K` receives it.
    pub fn hold<K: RemoteIncoming>(&mut self, at: u16) -> NativeResult<K::RemoteHeld> {
        let value = self
            .args
            .get_mut(usize::from(at))
            .and_then(Option::take)
            .ok_or_else(|| Error::InvalidArgument(format!("the server sent no argument {at}")))?;
        Ok(K::hold_remote(value)?)
    }

    /// After the body: what argument `at` leaves, for a `ref`/`out` parameter.
    pub fn finish<K: RemoteIncoming>(&mut self, at: u16, held: K::RemoteHeld) -> NativeResult<()> {
        if let Some(left) = K::finish_remote(held)? {
            self.after.push((at, left));
        }
        Ok(())
    }

    /// The body's result.
    pub fn give<K: RemoteOutgoing>(&mut self, value: K::Value) -> NativeResult<()> {
        self.value = K::give_remote(value)?;
        Ok(())
    }
}

/// A new object on the server implementing the interface `target` with `value`, whose
/// members `members` lists (every method of the interface and of those it extends).
pub fn implement<T: Send + Sync + 'static>(
    target: &'static TypeRef,
    value: T,
    members: &[RemoteMember<T>],
) -> Result<Object> {
    let ty = target.remote_name("a Rust implementation")?;
    for member in members {
        if let Some(why) = member.refused.iter().flatten().next() {
            return Err(Error::Unsupported(format!(
                "{}.{}::{}: {why}; implement the interface in a process that hosts the runtime",
                ty.namespace, ty.name, member.name
            )));
        }
    }
    let value = Arc::new(value);
    let connection = client::connection();
    let mut keys = Keys(Vec::with_capacity(members.len()));
    let mut wired = Vec::with_capacity(members.len());
    for member in members {
        let (value, run) = (value.clone(), member.run);
        let dispatch: MemberFn = Arc::new(move |args: Vec<Recorded>| {
            let mut frame = RemoteFrame {
                args: args.into_iter().map(Some).collect(),
                after: Vec::new(),
                value: Recorded::Void,
            };
            run(&value, &mut frame).map_err(thrown)?;
            Ok(Returned {
                value: frame.value,
                after: frame.after,
            })
        });
        let key = lock().insert((connection, dispatch));
        keys.0.push(key);
        wired.push(ImplementedMember {
            name: member.name.into(),
            key: key.data().as_ffi(),
        });
    }
    let what = format!("implementing {}.{} in Rust", ty.namespace, ty.name);
    let made = client::step(Step::Implement(Box::new(Implement { ty, members: wired })), what)?;
    let object = values::remote_object(made)?.ok_or_else(|| Error::NullReference("the server made no relay".into()))?;
    // The server holds the members now, and tells when to drop them.
    std::mem::forget(keys);
    Ok(object)
}

/// Removes members from the table when an implementation could not be made.
struct Keys(Vec<DefaultKey>);

impl Drop for Keys {
    fn drop(&mut self) {
        let removed: Vec<_> = {
            let mut members = lock();
            self.0.iter().filter_map(|&key| members.remove(key)).collect()
        };
        drop(removed);
    }
}

fn lock() -> std::sync::MutexGuard<'static, SlotMap<DefaultKey, (u32, MemberFn)>> {
    MEMBERS.lock().unwrap_or_else(|p| p.into_inner())
}

/// The error a member's `Err` (or a failed conversion) sends back: its exception type and
/// message, which the relay method throws on the server.
fn thrown(e: ManagedException) -> Error {
    Error::ManagedException {
        type_name: e.type_name().into_owned(),
        message: e.message().to_string(),
        stack_trace: String::new(),
        inner: Box::new([]),
    }
}

/// Runs the member C# called on the server and returns what to send back: its result and
/// `ref`/`out` values, or its error.
pub(crate) fn answer(invocation: Invocation) -> Result<Returned> {
    let key = DefaultKey::from(KeyData::from_ffi(invocation.key));
    let member = lock()
        .get(key)
        .filter(|(connection, _)| *connection == client::connection())
        .map(|(_, f)| f.clone());
    let member = member.ok_or_else(|| {
        Error::InvalidArgument("the Rust implementation behind this object was released by the client".into())
    })?;
    // A panic stops here, as a local proxy's guard stops it: C# sees an exception.
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| member(invocation.args)))
        .unwrap_or_else(|_| Err(Error::Unsupported("the Rust implementation panicked".into())))
}

/// Drops the members the server released (their relay was collected there), and with the
/// last of an implementation's members its Rust value.
pub(crate) fn released(keys: &[u64]) {
    let removed: Vec<_> = {
        let mut members = lock();
        keys.iter()
            .filter_map(|&key| members.remove(DefaultKey::from(KeyData::from_ffi(key))))
            .collect()
    };
    drop(removed);
}

/// Drops the members of earlier connections (whose servers forgot their relays).
pub(crate) fn drop_earlier() {
    let connection = client::connection();
    let removed: Vec<_> = {
        let mut members = lock();
        let gone: Vec<DefaultKey> = members
            .iter()
            .filter(|(_, (made_on, _))| *made_on != connection)
            .map(|(key, _)| key)
            .collect();
        gone.into_iter().filter_map(|key| members.remove(key)).collect()
    };
    drop(removed);
}

/// Number of implementation members this client holds for its server.
pub fn live_members() -> usize {
    lock().len()
}
