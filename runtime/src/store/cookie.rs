//! Handle cookies: an object handle named by a plain integer, for logs, consoles and RPC.

use serde::{Deserialize, Serialize};
use slotmap::{Key, KeyData};

use crate::store::ObjectKey;

/// A small integer that names a live object handle of this process: the [`ObjectKey`] of an
/// [`Object`](crate::Object), as a `u64` that can be written to a log or sent over a wire
/// ([`Object::cookie`](crate::Object::cookie), [`Object::from_cookie`](crate::Object::from_cookie)).
///
/// What a cookie is: the handle's slot in the [`ObjectStore`](crate::ObjectStore) (the low 32
/// bits) and the slot's generation when the handle was made (the high 32 bits, always odd
/// for a live handle). Every use is checked: once the handle is released its slot's
/// generation moves on, so the cookie is [`Error::StaleHandle`](crate::Error::StaleHandle)
/// forever, even after the slot holds another object; a number that no handle ever had is
/// stale too.
///
/// What a cookie is not: an object's identity (two handles to one object have two cookies;
/// the object lives as long as a handle or a managed reference keeps it, not as long as its
/// cookies), a capability (whoever can guess a live handle's number can name it: give
/// untrusted parties cookies only through a table of your own), or valid in another process
/// or after a restart: the call log's replayer maps the cookies it recorded to the new
/// process's handles itself ([`record::Replayer`](crate::record::Replayer)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cookie(pub u64);

impl Cookie {
    /// The cookie of `key`.
    pub(crate) fn of(key: ObjectKey) -> Cookie {
        Cookie(key.data().as_ffi())
    }

    /// The key this cookie names, or `None` when no handle can ever have had it (an even
    /// generation, which marks a vacant slot). `KeyData::from_ffi` would round an even
    /// generation up to the next odd one, which may be a live handle's: that number must be
    /// stale, never another object.
    pub(crate) fn key(self) -> Option<ObjectKey> {
        (self.generation() % 2 == 1).then(|| ObjectKey::from(KeyData::from_ffi(self.0)))
    }

    /// The handle's slot in the object store.
    pub fn slot(self) -> u32 {
        self.0 as u32
    }

    /// The slot's generation when the handle was made (odd).
    pub fn generation(self) -> u32 {
        (self.0 >> 32) as u32
    }
}

impl std::fmt::Display for Cookie {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}v{}", self.slot(), self.generation())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_round_trip_keys() {
        let key = ObjectKey::from(KeyData::from_ffi((7u64 << 32) | 42));
        let cookie = Cookie::of(key);
        assert_eq!((cookie.slot(), cookie.generation()), (42, 7));
        assert_eq!(cookie.key(), Some(key));
        assert_eq!(cookie.to_string(), "#42v7");
    }

    #[test]
    fn even_generations_name_no_key() {
        // Generation 0 would become slot 0's first live generation through from_ffi.
        assert_eq!(Cookie(0).key(), None);
        assert_eq!(Cookie((8u64 << 32) | 3).key(), None);
        assert!(Cookie((9u64 << 32) | 3).key().is_some());
    }
}
