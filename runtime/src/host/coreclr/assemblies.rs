//! Assemblies on CoreCLR: loaded from their files' bytes into the reloadable unit (a
//! collectible load context, `unit.rs`) when the runtime has one, else into the default load
//! context (which binds every reference by name to the trusted platform assemblies and the
//! application's folder); found by simple name among those loaded and the framework's, and
//! kept by name.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::sync::Mutex;

use super::bridge::ManagedHandle;
use super::{runtime, types};
use crate::error::{Error, Result};
use crate::host::{Assembly, Class};

/// One loaded assembly: the file it came from and its module version (`None` for the
/// framework's own, found by name).
type LoadedAssembly = (Assembly, PathBuf, Option<String>);

/// Forgets the assemblies whose handles the helper freed (guest mode: those of a context the
/// host unloaded, found by name): the game's assembly is found again, in its new context.
pub(crate) fn forget_freed(freed: &[ManagedHandle]) {
    runtime()
        .assemblies
        .0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|_, (a, _, _)| !freed.iter().any(|f| f.0 == a.handle.as_ptr()));
}

/// Assemblies loaded so far, by simple name, and the files loaded with [`load`] in the order
/// first loaded (what a reload loads again).
#[derive(Default)]
pub(crate) struct Loaded(Mutex<HashMap<String, LoadedAssembly>>, Mutex<Vec<PathBuf>>);

fn assembly(handle: ManagedHandle, name: &str) -> Result<Assembly> {
    let handle = NonNull::new(handle.0).ok_or_else(|| Error::AssemblyLoad {
        path: name.into(),
        reason: "CoreCLR returned no assembly".into(),
    })?;
    Ok(Assembly {
        handle,
        name: Box::leak(name.to_owned().into_boxed_str()),
    })
}

fn handle(a: Assembly) -> ManagedHandle {
    ManagedHandle(a.handle.as_ptr())
}

/// Loads the assembly at `path`, validated first (`assembly_file.rs`). CoreCLR's default load
/// context keeps one assembly per simple name: the same build again (the same file, or a copy
/// of it elsewhere) is the loaded assembly, and another build of a loaded name is
/// [`Error::AssemblyLoad`] naming both files. CoreCLR loads the very bytes that were checked
/// (a file replaced afterwards changes nothing); the assemblies it references are found next to
/// the file, in the runtime's folder, or next to other files loaded so, and are trusted as Mono
/// trusts them.
pub(crate) fn load(path: &Path) -> Result<Assembly> {
    let clr = runtime();
    let file = crate::host::assembly_file::read(path)?;
    let mut loaded = clr.assemblies.0.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((a, old, guid)) = loaded.get(&file.name) {
        if guid.as_deref().is_some_and(|g| g.eq_ignore_ascii_case(&file.guid)) {
            return Ok(*a);
        }
        let how = if guid.is_some() && super::unit::is_reloadable() {
            format!(
                "write the new build over {} and call Runtime::reload, which loads every file again",
                old.display()
            )
        } else {
            "give the new one another assembly name, or run it in another process".to_string()
        };
        return Err(Error::AssemblyLoad {
            path: path.to_path_buf(),
            reason: format!(
                "it is another build (module version {}) of the assembly {} loaded already from {} (module \
                 version {}), and CoreCLR keeps one assembly per name: the loaded one would run instead. To \
                 replace it, {how}",
                file.guid,
                file.name,
                old.display(),
                guid.as_deref().unwrap_or("of the framework")
            ),
        });
    }
    let a = assembly(clr.load_assembly_bytes(&file.bytes, path)?, &file.name)?;
    loaded.insert(file.name.clone(), (a, path.to_path_buf(), Some(file.guid)));
    remember(path);
    Ok(a)
}

/// Lists `path` among the files a reload loads again (once).
pub(crate) fn remember(path: &Path) {
    let mut paths = runtime().assemblies.1.lock().unwrap_or_else(|p| p.into_inner());
    if !paths.iter().any(|p| p == path) {
        paths.push(path.to_path_buf());
    }
}

/// Forgets the assemblies loaded from files (a reload: their handles are freed with the
/// unit); returns the files, in the order first loaded. The framework's, found by name and
/// loaded into the default context, stay.
pub(crate) fn forget_loaded_files() -> Vec<PathBuf> {
    let clr = runtime();
    clr.assemblies
        .0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|_, (_, _, guid)| guid.is_none());
    std::mem::take(&mut *clr.assemblies.1.lock().unwrap_or_else(|p| p.into_inner()))
}

/// The assembly `simple_name`: one loaded through [`load`], else the framework's assembly of
/// that name (`mscorlib` is the framework's facade, which forwards to
/// `System.Private.CoreLib`).
pub(crate) fn by_name(simple_name: &str) -> Result<Assembly> {
    let clr = runtime();
    if let Some(a) = clr
        .assemblies
        .0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .get(simple_name)
    {
        return Ok(a.0);
    }
    let (a, path) = if clr.is_guest() {
        // The host's program and what it loaded are found by name, as the runtime binds names.
        let found = clr
            .bridge
            .find_loaded(simple_name)
            .map_err(|reason| Error::AssemblyLoad {
                path: simple_name.into(),
                reason: format!(
                    "not loaded with Runtime::load_assembly, and the host's CoreCLR cannot find it: {reason}"
                ),
            })?;
        (assembly(found, simple_name)?, PathBuf::from(simple_name))
    } else {
        let path = clr.framework().join(format!("{simple_name}.dll"));
        if !path.is_file() {
            return Err(Error::AssemblyLoad {
                path: simple_name.into(),
                reason: format!(
                    "not loaded with Runtime::load_assembly and not in the .NET framework folder {}",
                    clr.framework().display()
                ),
            });
        }
        // The framework's files are the runtime's trusted platform assemblies: found by name,
        // as the runtime binds them, and so the one loaded already when it is
        // (System.Private.CoreLib, loaded before anything else, cannot be loaded again from
        // its file).
        let found = clr
            .bridge
            .find_loaded(simple_name)
            .map_err(|reason| Error::AssemblyLoad {
                path: path.clone(),
                reason,
            })?;
        (assembly(found, simple_name)?, path)
    };
    clr.assemblies
        .0
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .insert(simple_name.to_string(), (a, path, None));
    Ok(a)
}

/// `mscorlib` (loaded at start-up).
pub(crate) fn corlib() -> Assembly {
    runtime().corlib_types().mscorlib
}

/// The runtime's C# helper.
pub(crate) fn helper() -> Result<Assembly> {
    static HELPER: std::sync::OnceLock<Assembly> = std::sync::OnceLock::new();
    if let Some(a) = HELPER.get() {
        return Ok(*a);
    }
    let name = crate::host::helper_assembly::HELPER_NAME;
    // The assembly the bridge runs from: a trusted platform assembly when cilbind started the
    // runtime, loaded from bytes by the host's bootstrap in guest mode.
    let found = runtime()
        .bridge
        .find_loaded(name)
        .map_err(|reason| Error::AssemblyLoad {
            path: name.into(),
            reason,
        })?;
    let a = assembly(found, name)?;
    Ok(*HELPER.get_or_init(|| a))
}

/// Every row of `a`'s TypeDef table (the `<Module>` pseudo-type first), in table order; a type
/// the runtime cannot load is an error naming its token and the runtime's reason.
pub(crate) fn classes(a: Assembly) -> Result<Vec<Class>> {
    runtime()
        .type_definitions(handle(a))?
        .into_iter()
        .map(|row| match row {
            Ok(h) => types::class(h),
            Err(reason) => {
                let (token, why) = reason.split_once(' ').unwrap_or((&reason, ""));
                Err(Error::ClassNotFound {
                    namespace: String::new(),
                    name: format!("TypeDef token 0x{token} (CoreCLR cannot load it: {why})"),
                    assembly: a.name.into(),
                })
            }
        })
        .collect()
}

/// The module version ID of `a`'s manifest module.
pub(crate) fn module_version(a: Assembly) -> Result<String> {
    runtime().module_version(handle(a))
}

/// The type `namespace.name` of `a` (nested types `Outer/Inner`).
///
/// `mscorlib` is the class library as Mono's reference set has it: what its facade here does
/// not forward (`System.Numerics.Vector`, which Mono's `mscorlib` defines) is looked up in
/// `System.Private.CoreLib`, the assembly that defines .NET's core types.
pub(crate) fn class(a: Assembly, namespace: &str, name: &str) -> Result<Class> {
    let clr = runtime();
    match clr.class(handle(a), a.name, namespace, name) {
        Ok(found) => types::class(found),
        Err(not_found) if a.name == "mscorlib" => match clr.corlib.get() {
            Some(corlib) => types::class(
                clr.class(corlib.core_lib, a.name, namespace, name)
                    .map_err(|_| not_found)?,
            ),
            None => Err(not_found),
        },
        Err(e) => Err(e),
    }
}
