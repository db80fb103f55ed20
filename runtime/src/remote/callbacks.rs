//! C# calling a client's Rust closure: the client's side. A `Callback` made in a client has
//! its delegate made on the server ([`make_callback`]); while a call of this client runs
//! there, C# invoking that delegate comes back as an [`Invocation`], which [`answer`] runs
//! here, on the thread that made the call. Also the casts of remote handles (a closure's
//! object arguments are cast to its parameter types), checked on the server.

use std::sync::Mutex;

use crate::call::Recorded;
use crate::error::{Error, Result};
use crate::remote::wire::{Invocation, IsInstance, MakeCallback, Step, TypeName};
use crate::remote::{client, objects, values};
use crate::value::{Object, Reference};

/// Keys of the current connection's closures dropped since the last batch, with the
/// connection they belong to.
static FORGOTTEN: Mutex<Vec<(u32, u64)>> = Mutex::new(Vec::new());

/// The server's delegate of type `delegate` for the closure this process registered as `key`.
pub(crate) fn make_callback(delegate: TypeName, key: u64) -> Result<Object> {
    let what = format!("making a {} for a Rust closure", delegate.name);
    let made = client::step(Step::MakeCallback(Box::new(MakeCallback { delegate, key })), what)?;
    values::remote_object(made)?.ok_or_else(|| Error::NullReference("the server made no delegate".into()))
}

/// Tells the server, with the next batch, that the closure `key` was dropped.
pub(crate) fn forget_callback(key: u64) {
    FORGOTTEN
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push((client::connection(), key));
}

/// The keys of the current connection's dropped closures, for the next batch.
pub(crate) fn take_forgotten() -> Vec<u64> {
    let connection = client::connection();
    std::mem::take(&mut *FORGOTTEN.lock().unwrap_or_else(|p| p.into_inner()))
        .into_iter()
        .filter(|&(c, _)| c == connection)
        .map(|(_, key)| key)
        .collect()
}

/// True when dropped closures wait to be told to the server.
pub(crate) fn forgetting() -> bool {
    !FORGOTTEN.lock().unwrap_or_else(|p| p.into_inner()).is_empty()
}

/// Runs the closure C# invoked on the server and returns what to send back: its result, or
/// its error (which the delegate throws in C#).
pub(crate) fn answer(invocation: Invocation) -> Result<Recorded> {
    let args = invocation
        .args
        .into_iter()
        .map(values::to_value)
        .collect::<Result<Vec<_>>>()?;
    match crate::call::callback::run_values(invocation.key, &args) {
        Some(result) => values::of_value(&result?),
        None => Err(Error::InvalidArgument(
            "the Rust closure behind this delegate was dropped by the client".into(),
        )),
    }
}

/// `T::from_object` of a remote handle: the class the server gave it is `T`'s, or the server
/// checks that it derives from `T` or implements it.
pub(crate) fn cast<T: Reference>(obj: Object) -> Result<T> {
    let wanted = T::remote_type()?;
    let (cookie, class) = objects::cookie(obj.key())?;
    let exact = wanted.args.is_empty() && {
        let full = match wanted.namespace.as_str() {
            "" => wanted.name.clone(),
            ns => format!("{ns}.{}", wanted.name),
        };
        full == class
    };
    if !exact {
        let step = IsInstance {
            object: Recorded::Object {
                class: class.clone(),
                cookie,
                interfaces: Vec::new(),
            },
            ty: wanted.clone(),
        };
        let what = format!("casting a {class} to {}", wanted.name);
        if client::step(Step::IsInstance(Box::new(step)), what)? != Recorded::Boolean(true) {
            return Err(Error::InvalidCast {
                from: class,
                to: wanted.name,
            });
        }
    }
    // An instance of `T`'s class: its class is `T`'s, or the server said so.
    crate::value::object::remote_as(obj)
}
