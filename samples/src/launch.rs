//! `--guest`: the game turned around. The binary starts no runtime: it runs `mono Arena.exe` (or
//! `dotnet Arena.exe`), whose C# `Main` (`managed/ArenaGuest.cs`) owns the process and loads the
//! game's Rust logic, this crate's `cdylib`, as a plugin (`guest.rs`), passing it the rest of
//! the command line. The binary waits and returns `Arena.exe`'s exit code.
//!
//! `build.rs` compiles `Arena.exe` twice (with the natives, and with `Rules.Mitigate` in C# for
//! `--off natives`), each beside an `Arena.runtimeconfig.json` for `dotnet`. A folder of this
//! run's own holds a copy of the `Arena.exe` chosen, its runtimeconfig, and a link to the
//! plugin, where both runtimes look first for `[DllImport("cilbind_samples")]`: beside the
//! calling assembly. The child runs in this process's working folder, so the paths of
//! `--record` and `--replay` mean what they mean without `--guest`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::file_context;
use crate::{externals, Feature, SampleError};

/// The plugin's file name: Cargo's name for this crate's `cdylib` on Linux.
const PLUGIN: &str = "libcilbind_samples.so";

/// Runs `Arena.exe` on Mono (or CoreCLR with `coreclr`) with `args` and returns its exit code.
/// With `off` naming the natives, or a `replay` log recorded without them, the build of the game
/// whose `Rules.Mitigate` is C# runs.
pub(crate) fn run_arena(
    coreclr: bool,
    off: &[Feature],
    replay: Option<&Path>,
    args: &[OsString],
) -> Result<u8, SampleError> {
    let natives = match replay {
        // The build the recording played (its externals file says); an unreadable one is the
        // replay's error to report, in the plugin.
        Some(log) => externals::read(log).map_or(true, |(features, _)| features.natives),
        None => !off.contains(&Feature::Natives),
    };
    let built = Path::new(if natives {
        env!("ARENA_GUEST_EXE")
    } else {
        env!("ARENA_GUEST_MANAGED_RULES_EXE")
    });
    let folder = Folder::new(built, &plugin()?)?;
    let mut host = if coreclr {
        Command::new(dotnet()?)
    } else {
        let mut mono = Command::new("mono");
        // A Mono host must stop a thread running the plugin (inside a P/Invoke) for a
        // collection; with Debian's default, hybrid suspend, it does not, and the plugin
        // refuses to attach.
        mono.env("MONO_THREADS_SUSPEND", "preemptive");
        mono
    };
    let which = if coreclr { "dotnet" } else { "mono" };
    let status = host
        .arg(folder.0.join("Arena.exe"))
        .args(args)
        .env_remove("CILBIND_RUNTIME")
        .status()
        .map_err(|e| SampleError::Guest(format!("cannot run {which} Arena.exe: {e}")))?;
    status
        .code()
        .map(|code| u8::try_from(code).unwrap_or(1))
        .ok_or_else(|| SampleError::Guest(format!("{which} Arena.exe ended without an exit code ({status})")))
}

/// The plugin as Cargo built it with this binary: beside it, or in `deps/`, the newer of the
/// two (`cargo test` leaves the one beside the binary as the last `cargo build` made it).
fn plugin() -> Result<PathBuf, SampleError> {
    let exe = file_context(std::env::current_exe(), || "finding this program's path".into())?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    [dir.join(PLUGIN), dir.join("deps").join(PLUGIN)]
        .into_iter()
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .max_by_key(|(modified, _)| *modified)
        .map(|(_, p)| p)
        .ok_or_else(|| {
            SampleError::Guest(format!(
                "the game's plugin {PLUGIN} is not beside {} (cargo build -p cilbind-samples builds it with the \
                 binary)",
                exe.display()
            ))
        })
}

/// The `dotnet` host: in `CILBIND_DOTNET_ROOT`, else in the .NET root `scripts/ensure-deps.sh`
/// fills (`$XDG_CACHE_HOME/cilbind/dotnet`, or `~/.cache/cilbind/dotnet`), as cilbind finds it.
fn dotnet() -> Result<PathBuf, SampleError> {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    let root = set("CILBIND_DOTNET_ROOT").or_else(|| {
        set("XDG_CACHE_HOME")
            .or_else(|| set("HOME").map(|h| h.join(".cache")))
            .map(|cache| cache.join("cilbind").join("dotnet"))
    });
    root.map(|r| r.join("dotnet")).filter(|d| d.is_file()).ok_or_else(|| {
        SampleError::Guest(
            "no dotnet host in CILBIND_DOTNET_ROOT or ~/.cache/cilbind/dotnet: run scripts/ensure-deps.sh".into(),
        )
    })
}

/// A folder of this run's own with `Arena.exe`, its runtimeconfig and the plugin; removed when
/// dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(built: &Path, plugin: &Path) -> Result<Folder, SampleError> {
        let dir = std::env::temp_dir().join(format!("cilbind-arena-guest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let folder = Folder(dir);
        let dir = &folder.0;
        file_context(std::fs::create_dir_all(dir), || format!("creating {}", dir.display()))?;
        let from = built.parent().unwrap_or(Path::new("."));
        for name in ["Arena.exe", "Arena.runtimeconfig.json"] {
            file_context(std::fs::copy(from.join(name), dir.join(name)), || {
                format!("copying {} into {}", from.join(name).display(), dir.display())
            })?;
        }
        file_context(std::os::unix::fs::symlink(plugin, dir.join(PLUGIN)), || {
            format!("linking {} into {}", plugin.display(), dir.display())
        })?;
        Ok(folder)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
