//! Natives as installed: a table of (internal-call name, thunk) pairs per class,
//! [`Assembly::install_natives`] (and [`install`] for several assemblies), which refuses an
//! incomplete or mismatched set before registering anything, and [`require_installed`], with
//! which generated bindings' `init()` refuses to start while a declared native is not installed.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::error::{Error, Result};
pub use crate::host::native::NativeEntry;
use crate::host::native::{internal_calls, register_native};
use crate::host::{Assembly, Runtime};

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
fn installed() -> &'static Mutex<Registry> {
    static INSTALLED: OnceLock<Mutex<Registry>> = OnceLock::new();
    INSTALLED.get_or_init(Default::default)
}

impl Assembly {
    /// Installs the natives of this assembly: every internal call its types declare
    /// (`[MethodImpl(MethodImplOptions.InternalCall)] extern`) must have exactly one entry in
    /// `tables`, and every entry must name such a method with the same signature; otherwise
    /// nothing is registered and [`Error::NativesMismatch`] lists every missing native and
    /// every entry that matches no internal call (`Ns.Class::Method(int,string)`). Run it
    /// before any managed code of the assembly runs: Mono binds an internal call when it
    /// first compiles a caller, and keeps that binding. Generated bindings whose assemblies
    /// declare natives do it in `init_with_natives`, and their `init()` refuses to start
    /// while one is not installed ([`Error::NativesNotInstalled`]).
    ///
    /// Installing the same natives again (the same thunks) does nothing; binding a native
    /// that is already installed to another implementation is [`Error::NativesMismatch`]
    /// too (listed under `rebound`), since compiled callers would keep the first.
    pub fn install_natives(&self, tables: impl IntoIterator<Item = NativeTable>) -> Result<()> {
        let tables: Vec<NativeTable> = tables.into_iter().collect();
        let entries: Vec<&NativeEntry> = tables.iter().flat_map(|t| t.entries.iter()).collect();
        let registry = installed().lock().unwrap_or_else(|p| p.into_inner());
        let given = checked(self, &entries, &[], &registry)?;
        register(given, registry)
    }

    /// The signature-qualified names of the internal calls this assembly declares
    /// (`Ns.Class::Method(int,string&)`), as [`Assembly::install_natives`] expects them.
    pub fn internal_call_names(&self) -> Result<Vec<String>> {
        Ok(internal_calls(self)?.into_iter().map(|c| c.name).collect())
    }
}

/// Installs `tables` as the natives of the loaded assemblies named `assemblies` (simple names):
/// each entry goes to the assembly that declares its internal call, and each assembly is
/// checked as [`Assembly::install_natives`] checks it (an entry no assembly declares is listed
/// as unexpected for the first). Nothing is registered unless every assembly's set is
/// complete. What a generated `init_with_natives` runs.
pub fn install(assemblies: &[&str], tables: impl IntoIterator<Item = NativeTable>) -> Result<()> {
    let rt = Runtime::get()?;
    let assemblies: Vec<Assembly> = assemblies.iter().map(|a| rt.assembly(a)).collect::<Result<_>>()?;
    let tables: Vec<NativeTable> = tables.into_iter().collect();
    let mut shares: Vec<Vec<&NativeEntry>> = vec![Vec::new(); assemblies.len()];
    let mut strays: Vec<&NativeEntry> = Vec::new();
    let declared: Vec<BTreeSet<String>> = assemblies
        .iter()
        .map(|a| a.internal_call_names().map(|n| n.into_iter().collect()))
        .collect::<Result<_>>()?;
    for entry in tables.iter().flat_map(|t| t.entries.iter()) {
        match declared.iter().position(|names| names.contains(entry.name())) {
            Some(i) => shares[i].push(entry),
            None => strays.push(entry),
        }
    }
    let registry = installed().lock().unwrap_or_else(|p| p.into_inner());
    let mut given = BTreeMap::new();
    for (i, (assembly, share)) in assemblies.iter().zip(&shares).enumerate() {
        let strays = if i == 0 { &strays[..] } else { &[] };
        given.extend(checked(assembly, share, strays, &registry)?);
    }
    if assemblies.is_empty() && !strays.is_empty() {
        return Err(Error::NativesMismatch {
            assembly: String::new(),
            missing: Box::default(),
            unexpected: strays.iter().map(|e| e.name().to_owned()).collect(),
            rebound: Box::default(),
        });
    }
    register(given, registry)
}

/// Refuses to go on while a native of the loaded assemblies named `assemblies` (simple names)
/// is not installed: [`Error::NativesNotInstalled`] lists every one. What a generated `init()`
/// runs last when its assemblies declare natives, so that a forgotten
/// [`Assembly::install_natives`] stops the start instead of the first C# call of a native
/// (`MissingMethodException`, naming nothing).
pub fn require_installed(assemblies: &[&str]) -> Result<()> {
    let rt = Runtime::get()?;
    let mut missing = Vec::new();
    let mut lacking = Vec::new();
    for name in assemblies {
        let declared = internal_calls(&rt.assembly(name)?)?;
        let registry = installed().lock().unwrap_or_else(|p| p.into_inner());
        let before = missing.len();
        missing.extend(
            declared
                .into_iter()
                .filter(|c| !registry.contains_key(&c.name))
                .map(|c| c.name),
        );
        if missing.len() > before {
            lacking.push((*name).to_owned());
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(Error::NativesNotInstalled {
            assemblies: lacking.into(),
            missing: missing.into(),
        })
    }
}

type Registry = BTreeMap<String, usize>;

/// Checks `entries` (and `strays`, entries of no assembly) against the internal calls
/// `assembly` declares and the natives registered so far; the entries to register by name.
fn checked<'e>(
    assembly: &Assembly,
    entries: &[&'e NativeEntry],
    strays: &[&NativeEntry],
    registry: &Registry,
) -> Result<BTreeMap<&'e str, NativeEntry>> {
    let declared = internal_calls(assembly)?;
    let declared_names: BTreeSet<&str> = declared.iter().map(|c| c.name.as_str()).collect();
    let mut given = BTreeMap::<&str, NativeEntry>::new();
    let mut unexpected: Vec<String> = strays.iter().map(|e| e.name().to_owned()).collect();
    for entry in entries {
        if !declared_names.contains(entry.name()) {
            unexpected.push(entry.name().to_owned());
        } else if given
            .insert(entry.name(), **entry)
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
    let rebound: Vec<String> = given
        .iter()
        .filter(|(name, entry)| registry.get(**name).is_some_and(|&c| c != entry.code()))
        .map(|(name, _)| name.to_string())
        .collect();
    if !missing.is_empty() || !unexpected.is_empty() || !rebound.is_empty() {
        return Err(Error::NativesMismatch {
            assembly: assembly.name().to_owned(),
            missing: missing.into(),
            unexpected: unexpected.into(),
            rebound: rebound.into(),
        });
    }
    Ok(given)
}

/// Registers the checked entries not registered yet.
fn register(given: BTreeMap<&str, NativeEntry>, mut registry: MutexGuard<'_, Registry>) -> Result<()> {
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
