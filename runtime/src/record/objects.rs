//! The replay's table of objects: each cookie the recording named, mapped to the handle of
//! the object the replay got in its place.

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::record::Recorded;
use crate::store::Cookie;
use crate::value::Object;

/// An object the recording passed that no recorded call returned, as the log names it: what
/// a replay's external hook
/// ([`Replayer::on_external_object`](crate::record::Replayer::on_external_object)) is asked
/// to make again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct External<'a> {
    /// Full name of its class; for an object the runtime made for a Rust implementation, the
    /// class it extends (`System.Object` for an implementation of interfaces only).
    pub class: &'a str,
    /// For an object the runtime made for a Rust implementation, the full names of the C#
    /// interfaces it implements; empty for any other object.
    pub interfaces: &'a [String],
    /// The cookie of the handle the recording passed it with.
    pub cookie: Cookie,
}

/// Supplies an object that no recorded call produced.
pub(crate) type ExternalHook = Box<dyn FnMut(&External<'_>) -> Result<Object>>;

/// Recorded cookies → this process's objects.
#[derive(Default)]
pub(crate) struct ObjectTable {
    objects: HashMap<Cookie, Object>,
    /// A copied handle's cookie → the cookie it was copied from.
    aliases: HashMap<Cookie, Cookie>,
    external: Option<ExternalHook>,
}

impl ObjectTable {
    pub(crate) fn set_external(&mut self, hook: ExternalHook) {
        self.external = Some(hook);
    }

    /// The first handle of the object `cookie` names (following copies back to it).
    fn root(&self, mut cookie: Cookie) -> Cookie {
        // Each alias points at an earlier handle, so this ends; the bound guards a corrupt log.
        for _ in 0..=self.aliases.len() {
            match self.aliases.get(&cookie) {
                Some(&from) if from != cookie => cookie = from,
                _ => break,
            }
        }
        cookie
    }

    /// Handle `to` of the recording was a copy of handle `from`.
    pub(crate) fn alias(&mut self, from: Cookie, to: Cookie) {
        self.aliases.insert(to, from);
    }

    /// The replay's object for the recorded `cookie`, if it has one.
    pub(crate) fn get(&self, cookie: Cookie) -> Option<&Object> {
        self.objects.get(&self.root(cookie))
    }

    /// The recording's `cookie` now names `object` (what the replayed call returned in its
    /// place).
    pub(crate) fn adopt(&mut self, cookie: Cookie, object: Object) {
        let root = self.root(cookie);
        self.objects.insert(root, object);
    }

    /// The object to pass where call `call` passed `recorded` (a [`Recorded::Object`]): the
    /// one an earlier call returned in its place, else the one the external hook supplies. The
    /// hook is asked with the cookie of the handle the call passed, which its caller knows:
    /// the object's first handle may be one the caller never saw (`Action::from_fn` makes the
    /// delegate's handle and hands out a copy). What it returns stands for every copy.
    pub(crate) fn argument(&mut self, call: usize, what: &str, recorded: &Recorded) -> Result<Object> {
        let Recorded::Object {
            class,
            cookie,
            interfaces,
        } = recorded
        else {
            return Err(Error::Replay {
                call,
                reason: format!("{what}: {recorded} is no object"),
            });
        };
        let cookie = *cookie;
        let root = self.root(cookie);
        if let Some(o) = self.objects.get(&root) {
            return o.try_clone();
        }
        let implementing = if interfaces.is_empty() {
            String::new()
        } else {
            format!(" implementing {}", interfaces.join(", "))
        };
        let Some(hook) = self.external.as_mut() else {
            return Err(Error::Replay {
                call,
                reason: format!(
                    "{what} is a {class}{implementing} (handle {cookie} when recorded) that no earlier call in \
                     the log returned: it was made by Rust or before the recording started; supply it with \
                     Replayer::on_external"
                ),
            });
        };
        let external = External {
            class,
            interfaces,
            cookie,
        };
        let object = hook(&external).map_err(|e| Error::Replay {
            call,
            reason: format!("{what}: the external object {class}{implementing} ({cookie}) could not be supplied: {e}"),
        })?;
        self.objects.insert(root, object.try_clone()?);
        Ok(object)
    }
}
