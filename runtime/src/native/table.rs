//! Natives as installed: a table of (internal-call name, thunk) pairs per class, and
//! [`Assembly::install_natives`], which refuses an incomplete or mismatched set before
//! registering anything.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, OnceLock};

use crate::error::{Error, Result};
pub use crate::host::native::NativeEntry;
use crate::host::native::{internal_calls, register_native};
use crate::host::Assembly;

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
        let mut given = BTreeMap::<&str, NativeEntry>::new();
        let mut unexpected = Vec::new();
        let tables: Vec<NativeTable> = tables.into_iter().collect();
        for entry in tables.iter().flat_map(|t| t.entries.iter()) {
            if !declared_names.contains(entry.name()) {
                unexpected.push(entry.name().to_owned());
            } else if given
                .insert(entry.name(), *entry)
                .is_some_and(|e| e.code() != entry.code())
            {
                unexpected.push(format!("{} (given twice)", entry.name()));
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
            .filter(|(name, entry)| registry.get(**name).is_some_and(|&c| c != entry.code()))
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
        for (name, entry) in given {
            if registry.contains_key(name) {
                continue;
            }
            // `name` is the signature-qualified name Mono computed for a method of this
            // assembly (`internal_calls`): the method the entry was made for.
            register_native(&entry)?;
            registry.insert(name.to_owned(), entry.code());
        }
        Ok(())
    }

    /// The signature-qualified names of the internal calls this assembly declares
    /// (`Ns.Class::Method(int,string&)`), as [`Assembly::install_natives`] expects them.
    pub fn internal_call_names(&self) -> Result<Vec<String>> {
        Ok(internal_calls(self)?.into_iter().map(|c| c.name).collect())
    }
}
