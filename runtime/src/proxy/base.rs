//! The base handle a Rust override receives: the object being called, seen as the class it
//! extends, plus the class's base implementations and protected members.

use std::cell::OnceCell;
use std::ops::Deref;

use super::Receiver;
use crate::call::Thunk;
use crate::error::Result;
use crate::value::Reference;

/// The object a Rust override runs on, for the length of one call (`'call`): it dereferences
/// to the class handle `C` (so `C`'s public members are callable, virtually), and reaches the
/// proxy class's non-virtual base calls and protected forwarders (which the generated base
/// handle, e.g. `MonsterBase`, wraps in typed methods). The handle to `C` is made on first
/// use only: an override that does not touch the object costs no GC handle.
pub struct Base<'call, C> {
    receiver: Receiver<'call>,
    handle: OnceCell<C>,
}

impl<'call, C: Reference> Base<'call, C> {
    /// The base handle of the proxy `receiver` is calling.
    pub fn new(receiver: Receiver<'call>) -> Base<'call, C> {
        Base {
            receiver,
            handle: OnceCell::new(),
        }
    }

    /// The handle to the object as `C` (what `*base` gives), or why it cannot be made.
    pub fn try_this(&self) -> Result<&C> {
        if let Some(c) = self.handle.get() {
            return Ok(c);
        }
        let c = self.receiver.handle::<C>()?;
        Ok(self.handle.get_or_init(|| c))
    }

    /// The non-virtual call of `C`'s implementation of overridable member `n` (in the order
    /// the generated bindings listed them).
    pub fn base_call(&self, n: usize) -> Result<&'static Thunk> {
        self.receiver.proxy_type().base_call(n)
    }

    /// The forwarder of protected method `n`.
    pub fn protected(&self, n: usize) -> Result<&'static Thunk> {
        self.receiver.proxy_type().protected(n)
    }
}

impl<C: Reference> Deref for Base<'_, C> {
    type Target = C;

    /// The object as `C`. The proxy class derives from (or implements) `C` by construction,
    /// so the checked conversion cannot fail short of the runtime failing to make a GC
    /// handle; that panics, inside the call's guard (a `Cilbind.RustPanicException` in C#).
    fn deref(&self) -> &C {
        match self.try_this() {
            Ok(c) => c,
            Err(e) => panic!("the base handle of a Rust override: {e}"),
        }
    }
}
