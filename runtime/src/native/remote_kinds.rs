//! The C# → Rust kinds of a Rust implementation's members as they cross a connection: a
//! client's Rust implementation of a .NET interface runs in the client while C# calls it on
//! the server (`remote/implementations.rs`), so its arguments arrive as the wire's values
//! ([`Recorded`], the call log's encoding) instead of native-ABI ones, and its result and
//! `ref`/`out` values go back the same way. Each kind lends the Rust body the same parameter
//! type as its native form ([`Incoming::Param`]), so one trait method serves both.
//!
//! Values, `bool`, strings and their `ref`/`out`/`in` forms cross, and object results (the
//! client's handle names the server's object). A kind that does not cross yet (an object,
//! array or `this` parameter: the body would borrow a lent object the client has no address
//! of) says why in `REFUSED`, and `implement` refuses the implementation before anything is
//! made on the server.

use std::convert::Infallible;

use super::incoming::{
    Arr, Bool, InValue, Obj, ObjArr, OutBool, OutObj, OutStr, OutValue, RefBool, RefObj, RefStr, RefValue, Str, This,
    Unconverted, Value,
};
use super::outgoing::Void;
use super::{Incoming, Outgoing};
use crate::call::Recorded;
use crate::error::{Error, Result};
use crate::remote::values::{object, plain_from_recorded, plain_value, unexpected};
use crate::value::{Blittable, Reference};

/// An [`Incoming`] kind as a Rust implementation's parameter receives it over a connection.
pub trait RemoteIncoming: Incoming {
    /// Why a parameter of this kind cannot cross a connection; `None` when it can.
    const REFUSED: Option<&'static str> = None;
    /// What the dispatcher holds for the call.
    type RemoteHeld;
    /// Takes the argument the server sent.
    fn hold_remote(value: Recorded) -> Result<Self::RemoteHeld>;
    /// The parameter for the body, borrowed from the held value.
    fn lend_remote<'a>(held: &'a mut Self::RemoteHeld) -> Self::Param<'a>
    where
        Self: 'a;
    /// After the body returned `Ok`: the value a `ref`/`out` parameter leaves, for the server
    /// to write back; `None` for a parameter passed by value.
    fn finish_remote(held: Self::RemoteHeld) -> Result<Option<Recorded>>;
}

/// An [`Outgoing`] kind as a Rust implementation's result goes back over a connection.
pub trait RemoteOutgoing: Outgoing {
    /// Why a result of this kind cannot cross a connection; `None` when it can.
    const REFUSED: Option<&'static str> = None;
    /// The body's result, as the server receives it.
    fn give_remote(value: Self::Value) -> Result<Recorded>;
}

fn string(value: Recorded) -> Result<Option<String>> {
    match value {
        Recorded::String(s) => Ok(Some(s)),
        Recorded::Null => Ok(None),
        other => Err(unexpected("a string", &other)),
    }
}

fn boolean(value: Recorded) -> Result<bool> {
    match value {
        Recorded::Boolean(b) => Ok(b),
        other => Err(unexpected("a bool", &other)),
    }
}

fn of_string(value: Option<String>) -> Recorded {
    value.map_or(Recorded::Null, Recorded::String)
}

impl<V: Blittable> RemoteIncoming for Value<V> {
    type RemoteHeld = V;
    fn hold_remote(value: Recorded) -> Result<V> {
        plain_from_recorded(value)
    }
    fn lend_remote<'a>(held: &'a mut V) -> Self::Param<'a>
    where
        Self: 'a,
    {
        *held
    }
    fn finish_remote(_: V) -> Result<Option<Recorded>> {
        Ok(None)
    }
}

impl<V: Blittable> RemoteIncoming for InValue<V> {
    type RemoteHeld = V;
    fn hold_remote(value: Recorded) -> Result<V> {
        plain_from_recorded(value)
    }
    fn lend_remote<'a>(held: &'a mut V) -> Self::Param<'a>
    where
        Self: 'a,
    {
        held
    }
    fn finish_remote(_: V) -> Result<Option<Recorded>> {
        Ok(None)
    }
}

macro_rules! by_ref_value {
    ($marker:ident, $start:expr) => {
        impl<V: Blittable> RemoteIncoming for $marker<V> {
            type RemoteHeld = V;
            fn hold_remote(value: Recorded) -> Result<V> {
                let start: fn(Recorded) -> Result<V> = $start;
                start(value)
            }
            fn lend_remote<'a>(held: &'a mut V) -> Self::Param<'a>
            where
                Self: 'a,
            {
                held
            }
            fn finish_remote(held: V) -> Result<Option<Recorded>> {
                Ok(Some(plain_value(&held)))
            }
        }
    };
}
by_ref_value!(RefValue, plain_from_recorded);
by_ref_value!(OutValue, |_| Ok(crate::value::zeroed()));

impl RemoteIncoming for Bool {
    type RemoteHeld = bool;
    fn hold_remote(value: Recorded) -> Result<bool> {
        boolean(value)
    }
    fn lend_remote<'a>(held: &'a mut bool) -> Self::Param<'a>
    where
        Self: 'a,
    {
        *held
    }
    fn finish_remote(_: bool) -> Result<Option<Recorded>> {
        Ok(None)
    }
}

macro_rules! by_ref_bool {
    ($marker:ident, $start:expr) => {
        impl RemoteIncoming for $marker {
            type RemoteHeld = bool;
            fn hold_remote(value: Recorded) -> Result<bool> {
                let start: fn(Recorded) -> Result<bool> = $start;
                start(value)
            }
            fn lend_remote<'a>(held: &'a mut bool) -> Self::Param<'a>
            where
                Self: 'a,
            {
                held
            }
            fn finish_remote(held: bool) -> Result<Option<Recorded>> {
                Ok(Some(Recorded::Boolean(held)))
            }
        }
    };
}
by_ref_bool!(RefBool, boolean);
by_ref_bool!(OutBool, |_| Ok(false));

impl RemoteIncoming for Str {
    type RemoteHeld = Option<String>;
    fn hold_remote(value: Recorded) -> Result<Option<String>> {
        string(value)
    }
    fn lend_remote<'a>(held: &'a mut Option<String>) -> Self::Param<'a>
    where
        Self: 'a,
    {
        held.as_deref()
    }
    fn finish_remote(_: Option<String>) -> Result<Option<Recorded>> {
        Ok(None)
    }
}

macro_rules! by_ref_string {
    ($marker:ident, $start:expr) => {
        impl RemoteIncoming for $marker {
            type RemoteHeld = Option<String>;
            fn hold_remote(value: Recorded) -> Result<Option<String>> {
                let start: fn(Recorded) -> Result<Option<String>> = $start;
                start(value)
            }
            fn lend_remote<'a>(held: &'a mut Option<String>) -> Self::Param<'a>
            where
                Self: 'a,
            {
                held
            }
            fn finish_remote(held: Option<String>) -> Result<Option<Recorded>> {
                Ok(Some(of_string(held)))
            }
        }
    };
}
by_ref_string!(RefStr, string);
by_ref_string!(OutStr, |_| Ok(None));

/// A kind whose parameter does not cross a connection: it is refused (`REFUSED`) before an
/// implementation is made, so nothing is ever held.
macro_rules! refused {
    ($why:literal, $($marker:ident<$t:ident: $bound:path>),*) => {$(
        impl<$t: $bound> RemoteIncoming for $marker<$t> {
            const REFUSED: Option<&'static str> = Some($why);
            type RemoteHeld = Infallible;
            fn hold_remote(_: Recorded) -> Result<Infallible> {
                Err(Error::Unsupported($why.into()))
            }
            fn lend_remote<'a>(held: &'a mut Infallible) -> Self::Param<'a>
            where
                Self: 'a,
            {
                match *held {}
            }
            fn finish_remote(held: Infallible) -> Result<Option<Recorded>> {
                match held {}
            }
        }
    )*};
}
refused!(
    "an object parameter (lent for the call, at an address only the server has) cannot cross to a Rust \
     implementation in a client yet",
    Obj<T: Reference>,
    This<T: Reference>,
    RefObj<T: Reference>,
    OutObj<T: Reference>
);
refused!(
    "an array parameter cannot cross to a Rust implementation in a client yet",
    Arr<V: Blittable>,
    ObjArr<T: Reference>
);
refused!(
    "a managed struct cannot cross to a Rust implementation in a client",
    Unconverted<T: Sized>
);

impl RemoteOutgoing for Void {
    fn give_remote(_: ()) -> Result<Recorded> {
        Ok(Recorded::Void)
    }
}

impl<V: Blittable> RemoteOutgoing for Value<V> {
    fn give_remote(value: V) -> Result<Recorded> {
        Ok(plain_value(&value))
    }
}

impl RemoteOutgoing for Bool {
    fn give_remote(value: bool) -> Result<Recorded> {
        Ok(Recorded::Boolean(value))
    }
}

impl RemoteOutgoing for Str {
    fn give_remote(value: Option<String>) -> Result<Recorded> {
        Ok(of_string(value))
    }
}

impl<T: Reference> RemoteOutgoing for Obj<T> {
    fn give_remote(value: Option<T>) -> Result<Recorded> {
        object(value.as_ref().map(Reference::as_object))
    }
}

macro_rules! refused_result {
    ($why:literal, $($marker:ident<$t:ident: $bound:path>),*) => {$(
        impl<$t: $bound> RemoteOutgoing for $marker<$t> {
            const REFUSED: Option<&'static str> = Some($why);
            fn give_remote(_: Self::Value) -> Result<Recorded> {
                Err(Error::Unsupported($why.into()))
            }
        }
    )*};
}
refused_result!(
    "an array result cannot cross from a Rust implementation in a client yet",
    Arr<V: Blittable>,
    ObjArr<T: Reference>
);
refused_result!(
    "a managed struct cannot cross from a Rust implementation in a client",
    Unconverted<T: Sized>
);
