//! The function database: one entry per method the runtime has bound, with a stable 64-bit ID.
//!
//! As in FuBi, the database is built from the binary itself (here, Mono's metadata), not from
//! hand-written tables. The ID is the FNV-1a hash of the assembly-qualified signature
//! (`[Assembly]Namespace.Type::Name(ParamTypes)->Return`), so adding a method elsewhere never
//! changes an ID, and the same method gets the same ID in every process: dynamic callers (RPC,
//! consoles, replays) can name methods by ID.

use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use crate::error::Result;
use crate::host::{Method, TypeKind};

/// A stable method ID (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionId(pub u64);

/// What the database knows about one method.
#[derive(Clone, Debug)]
pub struct FunctionEntry {
    /// The stable ID.
    pub id: FunctionId,
    /// The assembly-qualified signature the ID is derived from.
    pub signature: String,
    /// Full name of the declaring type.
    pub declaring_type: String,
    /// Method name.
    pub name: String,
    /// Parameter kinds, each with `true` when passed by reference.
    pub parameters: Vec<(TypeKind, bool)>,
    /// Return kind.
    pub return_kind: TypeKind,
    /// Static method (no `this`).
    pub is_static: bool,
    /// Virtual method (dispatches on the runtime type).
    pub is_virtual: bool,
    /// The method itself, for the reflective [`invoke`](crate::invoke) path.
    pub method: Method,
}

static DB: LazyLock<RwLock<HashMap<FunctionId, FunctionEntry>>> = LazyLock::new(Default::default);

/// The process-wide function database.
pub struct FunctionDb;

impl FunctionDb {
    /// Adds `method` (if new) and returns its ID ([`Error::TypeLoad`](crate::Error) when its
    /// signature cannot be resolved).
    pub fn register(method: Method) -> Result<FunctionId> {
        let signature = signature_of(method)?;
        let id = FunctionId(fnv1a64(signature.as_bytes()));
        let (parameters, return_kind) = (method.parameter_kinds()?, method.return_kind()?);
        let mut db = DB.write().unwrap_or_else(|p| p.into_inner());
        db.entry(id).or_insert_with(|| FunctionEntry {
            id,
            declaring_type: method.class().full_name(),
            name: method.name().to_string(),
            parameters,
            return_kind,
            is_static: method.is_static(),
            is_virtual: method.is_virtual(),
            method,
            signature,
        });
        Ok(id)
    }

    /// The entry with this ID, if the method was bound in this process.
    pub fn get(id: FunctionId) -> Option<FunctionEntry> {
        DB.read().unwrap_or_else(|p| p.into_inner()).get(&id).cloned()
    }

    /// Every entry, sorted by signature.
    pub fn entries() -> Vec<FunctionEntry> {
        let mut v: Vec<_> = DB.read().unwrap_or_else(|p| p.into_inner()).values().cloned().collect();
        v.sort_by(|a, b| a.signature.cmp(&b.signature));
        v
    }

    /// Forgets every entry (a reload: their methods belong to the unit about to be unloaded);
    /// bindings register theirs again when they resolve.
    pub(crate) fn forget_resolved() {
        DB.write().unwrap_or_else(|p| p.into_inner()).clear();
    }

    /// The ID `method` has (or would have once registered).
    pub fn id_of(method: Method) -> Result<FunctionId> {
        Ok(FunctionId(fnv1a64(signature_of(method)?.as_bytes())))
    }
}

/// `[Assembly]Namespace.Type::Name(P1,P2)->R`, from Mono's names.
fn signature_of(method: Method) -> Result<String> {
    let class = method.class();
    Ok(format!(
        "[{}]{}::{}({})->{}",
        class.assembly_name(),
        class.full_name(),
        method.name(),
        method.parameter_types()?.join(","),
        method.return_type()?
    ))
}

/// 64-bit FNV-1a (the `fnv` crate's hasher, fed the bytes alone): stable across Rust versions,
/// platforms and processes, unlike `DefaultHasher`; the runtime and the generator share it.
fn fnv1a64(bytes: &[u8]) -> u64 {
    use std::hash::Hasher;
    let mut h = fnv::FnvHasher::default();
    h.write(bytes);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::fnv1a64;

    #[test]
    fn fnv1a_matches_reference_vectors() {
        assert_eq!(fnv1a64(b""), 0xcbf29ce484222325);
        assert_eq!(fnv1a64(b"a"), 0xaf63dc4c8601ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x85944171f73967e8);
    }
}
