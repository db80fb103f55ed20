//! Natives as installed: a table of (internal-call name, thunk) pairs per class, and
//! [`Assembly::install_natives`], which refuses an incomplete or mismatched set before
//! registering anything.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::c_void;
use std::sync::{Mutex, OnceLock};

use crate::error::{Error, Result};
use crate::host::native::{add_raw_internal_call, internal_calls};
use crate::host::Assembly;

/// One native: the signature-qualified internal-call name of a C# method
/// (`Game.World::Spawn(string,Game.Vector3)`) and the `extern "C"` thunk that implements it.
/// Made by generated code through `cilbind::generated::native_entry!(unsafe …)`.
#[derive(Clone, Copy, Debug)]
pub struct NativeEntry {
    name: &'static str,
    code: *const c_void,
}

// SAFETY: `code` is the address of a function (immutable code), never dereferenced as data.
unsafe impl Send for NativeEntry {}
// SAFETY: as above.
unsafe impl Sync for NativeEntry {}

impl NativeEntry {
    /// An entry for the internal call `name`.
    ///
    /// # Safety
    /// `code` is an `extern "C"` function that never unwinds and whose signature is the
    /// native signature Mono uses for the method `name` describes: `this` first for instance
    /// methods, then each parameter in its [`Incoming::Abi`](super::Incoming::Abi) form, the
    /// result in its [`Outgoing::Abi`](super::Outgoing::Abi) form. `name` carries the
    /// parameter list, so a method whose signature changed does not match it.
    pub unsafe fn new_unchecked(name: &'static str, code: *const ()) -> NativeEntry {
        NativeEntry {
            name,
            code: code as *const c_void,
        }
    }

    /// The internal-call name.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

/// The natives of one C# class, as one implementor provides them (generated:
/// `Foo::natives::<MyImpl>()`). Install it with [`Assembly::install_natives`].
#[derive(Clone, Debug, Default)]
pub struct NativeTable {
    entries: Vec<NativeEntry>,
}

impl NativeTable {
    /// A table of these entries.
    pub fn new(entries: Vec<NativeEntry>) -> NativeTable {
        NativeTable { entries }
    }

    /// The entries.
    pub fn entries(&self) -> &[NativeEntry] {
        &self.entries
    }
}

impl FromIterator<NativeEntry> for NativeTable {
    fn from_iter<I: IntoIterator<Item = NativeEntry>>(iter: I) -> Self {
        NativeTable::new(iter.into_iter().collect())
    }
}

/// Natives registered so far, by name: the address each one is bound to.
fn installed() -> &'static Mutex<BTreeMap<String, usize>> {
    static INSTALLED: OnceLock<Mutex<BTreeMap<String, usize>>> = OnceLock::new();
    INSTALLED.get_or_init(Default::default)
}

impl Assembly {
    /// Installs the natives of this assembly: every internal call its types declare
    /// (`[MethodImpl(MethodImplOptions.InternalCall)] extern`) must have exactly one entry in
    /// `tables`, and every entry must name such a method with the same signature; otherwise
    /// nothing is registered and [`Error::NativesMismatch`] lists every missing native and
    /// every entry that matches no internal call (`Ns.Class::Method(int,string)`). Run it
    /// before any managed code of the assembly runs: Mono binds an internal call when it
    /// first compiles a caller, and keeps that binding.
    ///
    /// Installing the same natives again (the same thunks) does nothing; binding a native
    /// that is already installed to another implementation is [`Error::NativesMismatch`]
    /// too (listed under `rebound`), since compiled callers would keep the first.
    pub fn install_natives(&self, tables: impl IntoIterator<Item = NativeTable>) -> Result<()> {
        let declared = internal_calls(self)?;
        let declared_names: BTreeSet<&str> = declared.iter().map(|c| c.name.as_str()).collect();
        let mut given = BTreeMap::<&str, *const c_void>::new();
        let mut unexpected = Vec::new();
        let tables: Vec<NativeTable> = tables.into_iter().collect();
        for entry in tables.iter().flat_map(|t| t.entries.iter()) {
            if !declared_names.contains(entry.name) {
                unexpected.push(entry.name.to_owned());
            } else if given.insert(entry.name, entry.code).is_some_and(|c| c != entry.code) {
                unexpected.push(format!("{} (given twice)", entry.name));
            }
        }
        let missing: Vec<String> = declared
            .iter()
            .filter(|c| !given.contains_key(c.name.as_str()))
            .map(|c| c.name.clone())
            .collect();
        let mut registry = installed().lock().unwrap_or_else(|p| p.into_inner());
        let rebound: Vec<String> = given
            .iter()
            .filter(|(name, code)| registry.get(**name).is_some_and(|&c| c != **code as usize))
            .map(|(name, _)| name.to_string())
            .collect();
        if !missing.is_empty() || !unexpected.is_empty() || !rebound.is_empty() {
            return Err(Error::NativesMismatch {
                assembly: self.name().to_owned(),
                missing: missing.into(),
                unexpected: unexpected.into(),
                rebound: rebound.into(),
            });
        }
        for (name, code) in given {
            if registry.contains_key(name) {
                continue;
            }
            // SAFETY: every entry was made with `NativeEntry::new_unchecked`, whose caller
            // promised that `code` has the native signature of the method `name` describes;
            // `name` is the signature-qualified name Mono computed for a method of this
            // assembly (`internal_calls`), so the method is the one promised.
            unsafe { add_raw_internal_call(name, code)? };
            registry.insert(name.to_owned(), code as usize);
        }
        Ok(())
    }

    /// The signature-qualified names of the internal calls this assembly declares
    /// (`Ns.Class::Method(int,string&)`), as [`Assembly::install_natives`] expects them.
    pub fn internal_call_names(&self) -> Result<Vec<String>> {
        Ok(internal_calls(self)?.into_iter().map(|c| c.name).collect())
    }
}
