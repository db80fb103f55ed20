//! The client's handles to objects that live in the server's runtime: keys of the same kind
//! as local handles ([`ObjectKey`]), so that an [`Object`](crate::Object) and every generated
//! wrapper work unchanged, held in a store of their own.
//!
//! A process that drives a remote runtime never starts a local one, so the local store stays
//! empty and a key is found in exactly one of the two; the local store's lookups fall back
//! here only on their error path (no cost on the local hot path). Each entry names the
//! connection it came from: after a reconnect, a handle of the old connection is
//! [`Error::StaleHandle`] and its release is never sent to the new server, whose cookies may
//! name other objects.

use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use slotmap::SlotMap;

use crate::error::{Error, Result};
use crate::store::{Cookie, ObjectKey};

/// One object the server holds for this client: released there when the last client handle
/// to it is dropped.
#[derive(Debug)]
struct Held {
    connection: u32,
    cookie: Cookie,
    class: String,
}

impl Drop for Held {
    fn drop(&mut self) {
        super::client::release_later(self.connection, self.cookie);
    }
}

static OBJECTS: LazyLock<Mutex<SlotMap<ObjectKey, Arc<Held>>>> = LazyLock::new(|| Mutex::new(SlotMap::with_key()));

fn objects() -> MutexGuard<'static, SlotMap<ObjectKey, Arc<Held>>> {
    OBJECTS.lock().unwrap_or_else(|p| p.into_inner())
}

/// A new handle to the object the server gave this client as `cookie` on `connection`.
pub(crate) fn insert(connection: u32, cookie: Cookie, class: String) -> ObjectKey {
    let held = Arc::new(Held {
        connection,
        cookie,
        class,
    });
    objects().insert(held)
}

/// The server's cookie and the class of the object behind `key`, while `key` is live and of
/// the current connection.
pub(crate) fn cookie(key: ObjectKey) -> Result<(Cookie, String)> {
    let held = objects().get(key).cloned().ok_or(Error::StaleHandle)?;
    if held.connection != super::client::connection() {
        return Err(Error::StaleHandle);
    }
    Ok((held.cookie, held.class.clone()))
}

/// True when `key` is one of these handles.
pub(crate) fn contains(key: ObjectKey) -> bool {
    objects().contains_key(key)
}

/// A second handle to the same remote object.
pub(crate) fn duplicate(key: ObjectKey) -> Result<ObjectKey> {
    let mut objects = objects();
    let held = objects.get(key).cloned().ok_or(Error::StaleHandle)?;
    Ok(objects.insert(held))
}

/// Drops a handle (the server's is released with the client's next batch once no handle is
/// left).
pub(crate) fn remove(key: ObjectKey) -> Result<()> {
    // Taken out under the lock, dropped after it: `Held::drop` queues the release.
    let held = objects().remove(key).ok_or(Error::StaleHandle)?;
    drop(held);
    Ok(())
}

/// The class of the remote object behind `key`.
pub(crate) fn class_name(key: ObjectKey) -> Option<String> {
    objects().get(key).map(|h| h.class.clone())
}

/// Number of live remote handles.
pub(crate) fn live() -> usize {
    objects().len()
}
