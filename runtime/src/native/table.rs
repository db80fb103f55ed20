//! Natives as installed: a table of (internal-call name, thunk) pairs per class,
//! [`Assembly::install_natives`] (and [`install`] for several assemblies), which refuses an
//! incomplete or mismatched set before registering anything, and [`require_installed`], with
//! which generated bindings' `init()` refuses to start while a declared native is not installed.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Mutex, MutexGuard, OnceLock};

use crate::error::{Error, Result};
pub use crate::host::native::NativeEntry;
use crate::host::native::{imports_bound, internal_calls, internal_calls_refused, register_natives, InternalCall};
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
    /// Installs the natives of this assembly: every native its types declare
    /// (`[DllImport("__Internal")] extern`, or on Mono `[MethodImpl(MethodImplOptions.InternalCall)]
    /// extern`, which CoreCLR refuses with [`Error::Unsupported`] naming each) must have exactly one entry in
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
        register(vec![given], registry)
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
    let mut given = Vec::new();
    for (i, (assembly, share)) in assemblies.iter().zip(&shares).enumerate() {
        let strays = if i == 0 { &strays[..] } else { &[] };
        given.push(checked(assembly, share, strays, &registry)?);
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
        let assembly = rt.assembly(name)?;
        let declared = internal_calls(&assembly)?;
        refuse_internal_calls(&assembly, &declared)?;
        let registry = installed().lock().unwrap_or_else(|p| p.into_inner());
        let before = missing.len();
        // An import is installed once its assembly, as loaded now, is bound.
        let bound = imports_bound(&assembly);
        missing.extend(
            declared
                .into_iter()
                .filter(|c| !registry.contains_key(&c.name) || (c.import.is_some() && !bound))
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

/// On CoreCLR, refuses internal calls (Mono's form of natives), naming each.
fn refuse_internal_calls(assembly: &Assembly, declared: &[InternalCall]) -> Result<()> {
    let icalls: Vec<String> = declared
        .iter()
        .filter(|c| c.import.is_none())
        .map(|c| c.name.clone())
        .collect();
    if icalls.is_empty() || !crate::host::backend::coreclr_runs() {
        return Ok(());
    }
    Err(internal_calls_refused(assembly.name(), &icalls))
}

/// The natives of one assembly, checked: each declared native with its entry.
struct Checked {
    assembly: Assembly,
    calls: Vec<(InternalCall, NativeEntry)>,
}

/// Checks `entries` (and `strays`, entries of no assembly) against the natives `assembly`
/// declares and the natives registered so far.
fn checked(
    assembly: &Assembly,
    entries: &[&NativeEntry],
    strays: &[&NativeEntry],
    registry: &Registry,
) -> Result<Checked> {
    let declared = internal_calls(assembly)?;
    refuse_internal_calls(assembly, &declared)?;
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
    let calls = declared
        .into_iter()
        .filter_map(|c| {
            let entry = *given.get(c.name.as_str())?;
            Some((c, entry))
        })
        .collect();
    Ok(Checked {
        assembly: *assembly,
        calls,
    })
}

/// Registers the checked natives not registered yet (imports: not bound yet for their
/// assembly as loaded now).
fn register(given: Vec<Checked>, mut registry: MutexGuard<'_, Registry>) -> Result<()> {
    for Checked { assembly, calls } in given {
        let bound = imports_bound(&assembly);
        let new: Vec<(&InternalCall, NativeEntry)> = calls
            .iter()
            .filter(|(c, _)| !registry.contains_key(&c.name) || (c.import.is_some() && !bound))
            .map(|(c, e)| (c, *e))
            .collect();
        if new.is_empty() {
            continue;
        }
        // Each name is the signature-qualified name of a method of this assembly
        // (`internal_calls`): the method its entry was made for. Imports are bound all at once.
        let imports_new = new.iter().any(|(c, _)| c.import.is_some());
        let mut to_register: Vec<(&InternalCall, NativeEntry)> =
            new.into_iter().filter(|(c, _)| c.import.is_none()).collect();
        if imports_new {
            to_register.extend(calls.iter().filter(|(c, _)| c.import.is_some()).map(|(c, e)| (c, *e)));
        }
        register_natives(&assembly, &to_register)?;
        for (c, e) in &to_register {
            registry.insert(c.name.clone(), e.code());
        }
    }
    Ok(())
}
