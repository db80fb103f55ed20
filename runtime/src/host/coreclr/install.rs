//! Finding the .NET install to host: a .NET root (the folder holding `dotnet` and
//! `shared/Microsoft.NETCore.App/<version>/`), given by the caller, by `CILBIND_DOTNET_ROOT`, or
//! the default `scripts/ensure-deps.sh` fills. Every way it can be missing or incomplete is an
//! error naming the path, found before CoreCLR is loaded: a runtime that starts half-installed
//! aborts the process instead of returning.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The variable naming a .NET root.
pub(crate) const ROOT_ENV: &str = "CILBIND_DOTNET_ROOT";

/// What to run to get a runtime where none is installed.
const INSTALL_HINT: &str = "run scripts/ensure-deps.sh (it unpacks .NET Core 3.1 from PyPI's dotnetcore2 wheel) \
     or set CILBIND_DOTNET_ROOT to a .NET root holding shared/Microsoft.NETCore.App";

/// The framework folder of one .NET version: `libcoreclr.so` and the class library.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DotnetInstall {
    /// `<root>/shared/Microsoft.NETCore.App/<version>`.
    pub(crate) framework: PathBuf,
    /// Its version, as the folder is named (`3.1.23`).
    pub(crate) version: String,
}

impl DotnetInstall {
    /// The runtime library this install starts.
    pub(crate) fn coreclr(&self) -> PathBuf {
        self.framework.join("libcoreclr.so")
    }

    /// Every assembly of the class library (the trusted platform assemblies CoreCLR binds
    /// framework references to), sorted.
    pub(crate) fn framework_assemblies(&self) -> Result<Vec<PathBuf>> {
        let entries = std::fs::read_dir(&self.framework)
            .map_err(|e| Error::Startup(format!("cannot list {}: {e}", self.framework.display())))?;
        let mut dlls: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "dll"))
            .collect();
        dlls.sort();
        Ok(dlls)
    }
}

/// The default .NET root: `$XDG_CACHE_HOME/cilbind/dotnet`, else `$HOME/.cache/cilbind/dotnet`.
pub(crate) fn default_root() -> Option<PathBuf> {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(cache.join("cilbind").join("dotnet"))
}

/// The .NET root to use: `root` if given, else `CILBIND_DOTNET_ROOT`, else [`default_root`].
pub(crate) fn choose_root(root: Option<&Path>) -> Result<PathBuf> {
    if let Some(root) = root {
        return Ok(root.to_path_buf());
    }
    if let Some(env) = std::env::var_os(ROOT_ENV).filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(env));
    }
    default_root().ok_or_else(|| {
        Error::Startup(format!(
            "no .NET root: neither HOME nor {ROOT_ENV} is set; {INSTALL_HINT}"
        ))
    })
}

/// The newest framework version under `root`, checked to hold `libcoreclr.so` and
/// `System.Private.CoreLib.dll`.
pub(crate) fn locate(root: &Path) -> Result<DotnetInstall> {
    let shared = root.join("shared").join("Microsoft.NETCore.App");
    if !root.is_dir() {
        return Err(Error::Startup(format!(
            "no .NET runtime: {} does not exist; {INSTALL_HINT}",
            root.display()
        )));
    }
    let entries = std::fs::read_dir(&shared).map_err(|_| {
        Error::Startup(format!(
            "{} is not a .NET root: it has no folder shared/Microsoft.NETCore.App; {INSTALL_HINT}",
            root.display()
        ))
    })?;
    let mut versions: Vec<(Vec<u64>, String)> = entries
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let key = version_key(&name)?;
            Some((key, name))
        })
        .collect();
    versions.sort();
    let Some((_, version)) = versions.pop() else {
        return Err(Error::Startup(format!(
            "{} holds no runtime version (no folder named like 3.1.23); {INSTALL_HINT}",
            shared.display()
        )));
    };
    let install = DotnetInstall {
        framework: shared.join(&version),
        version,
    };
    for needed in ["libcoreclr.so", "System.Private.CoreLib.dll"] {
        if !install.framework.join(needed).is_file() {
            return Err(Error::Startup(format!(
                "the .NET runtime in {} is incomplete: {needed} is missing; {INSTALL_HINT}",
                install.framework.display()
            )));
        }
    }
    Ok(install)
}

/// `3.1.23` → `[3, 1, 23]`; a preview suffix (`8.0.0-rc.1`) keeps its numeric part. `None`
/// for a folder that is not a version.
fn version_key(name: &str) -> Option<Vec<u64>> {
    let numeric = name.split('-').next()?;
    numeric.split('.').map(|p| p.parse().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cilbind-install-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_missing_or_incomplete_root_is_an_error_naming_the_path() {
        let missing = std::env::temp_dir().join("cilbind-no-such-dotnet-root");
        let e = locate(&missing).unwrap_err().to_string();
        assert!(
            e.contains("cilbind-no-such-dotnet-root") && e.contains("does not exist"),
            "{e}"
        );

        let root = scratch("empty");
        let e = locate(&root).unwrap_err().to_string();
        assert!(e.contains("shared/Microsoft.NETCore.App"), "{e}");

        let framework = root.join("shared/Microsoft.NETCore.App/3.1.23");
        std::fs::create_dir_all(&framework).unwrap();
        std::fs::write(framework.join("libcoreclr.so"), b"").unwrap();
        let e = locate(&root).unwrap_err().to_string();
        assert!(e.contains("System.Private.CoreLib.dll is missing"), "{e}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn the_newest_version_is_chosen_numerically() {
        let root = scratch("versions");
        for v in ["3.1.9", "3.1.23", "not-a-version"] {
            let dir = root.join("shared/Microsoft.NETCore.App").join(v);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("libcoreclr.so"), b"").unwrap();
            std::fs::write(dir.join("System.Private.CoreLib.dll"), b"").unwrap();
        }
        let install = locate(&root).unwrap();
        assert_eq!(install.version, "3.1.23", "23 > 9 as numbers, not as text");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
