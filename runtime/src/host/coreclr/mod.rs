//! The CoreCLR backend (.NET Core 3.1 to .NET 10 through the same hosting API), beside Mono.
//!
//! Its shape differs from Mono's where the runtimes differ:
//! - **No embedding API** beyond `coreclr_initialize` and `coreclr_create_delegate`: everything
//!   else goes through the helper's bridge (`bridge.rs`, `Cilbind.Bridge` in C#), a table of
//!   function pointers filled by one call. In guest mode (`guest.rs`) the host started the
//!   runtime, and its managed bootstrap hands over the helper's `Bridge.Init` instead.
//! - **A precise, compacting collector**: no raw object pointer may sit in Rust while a GC can
//!   run (any thread may start one), so objects cross as GC handles or store slots that managed
//!   code resolves, never as addresses.
//! - **An exception escaping into native code aborts the process**: every bridge function and
//!   every entry point the bridge makes catches and hands exceptions back as values.
//! - **One runtime per process, started once.**
//!
//! The backend interface's operations are answered by `types.rs` (metadata), `heap.rs`
//! (boxes, strings, arrays, fields, the reflective invoke), `slots.rs` (the stores' slots),
//! `assemblies.rs` and [`entry`] (native entry points that follow the rules of Mono's unmanaged
//! thunks, so the native side passes the same things on both runtimes: structs by value,
//! by-ref structs and a struct's `this` as boxes, `Nullable<T>` as null or a box of `T`,
//! struct results boxed, `ref` primitives as pointers, and through a pointer trampoline what a
//! mask or span bit asks for). Objects cross as [`bridge::SlotWord`]s: managed slots (store
//! segments, or a ring of the calling thread's slots for what a call takes or returns) that
//! managed code resolves and class-checks, so they survive compacting collections. Managed
//! exceptions come back as [`Error::ManagedException`] with their inner chain. What needs
//! native code called from C# (natives, Rust implementations of C# types) is refused with an
//! error naming it. A runtime started reloadable loads assemblies into a collectible load
//! context, which a reload unloads (`unit.rs`).

pub(crate) mod assemblies;
mod bridge;
pub(crate) mod callback;
mod clr;
pub(crate) mod guest;
pub(crate) mod heap;
mod install;
mod metadata;
pub(crate) mod proxy;
pub(crate) mod slots;
pub(crate) mod types;
pub(crate) mod unit;

#[cfg(test)]
mod tests;

use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use bridge::{Bridge, ManagedHandle};
use clr::Clr;
use install::DotnetInstall;
use metadata::FactsCache;

use crate::error::{Error, InnerException, Result};
use crate::host::entry::EntryPoints;
use crate::host::{Class, Method};

/// The full name of the exception an entry point throws for an argument of a class its
/// parameter does not accept (its message is the error's, see `host::entry`).
const ARGUMENT_TYPE: &str = "Cilbind.ArgumentTypeException";

/// A started (or, in guest mode, adopted) CoreCLR and its bridge.
pub(crate) struct CoreClr {
    /// The runtime cilbind started, kept loaded for the life of the process; `None` in guest
    /// mode (`guest.rs`), where the host started it.
    started: Option<Clr>,
    bridge: Bridge,
    install: DotnetInstall,
    /// Metadata records read so far (`metadata.rs`).
    facts: FactsCache,
    /// The class library's basic types.
    corlib: OnceLock<CorlibTypes>,
    /// Assemblies loaded so far, by simple name (`assemblies.rs`).
    assemblies: assemblies::Loaded,
}

impl CoreClr {
    /// Starts CoreCLR from the .NET root `root` (else `CILBIND_DOTNET_ROOT`, else the default
    /// cache folder `scripts/ensure-deps.sh` fills). An install that is missing or incomplete,
    /// a runtime that will not start and a second start in one process are errors.
    pub(crate) fn start(root: Option<&Path>) -> Result<CoreClr> {
        let root = install::choose_root(root)?;
        let install = install::locate(&root)?;
        let clr = Clr::start(&install)?;
        let bridge = Bridge::new(&clr)?;
        Ok(CoreClr::with_bridge(Some(clr), bridge, install))
    }

    /// The runtime `clr` (`None`: the host's) whose bridge is filled, running `install`.
    fn with_bridge(clr: Option<Clr>, bridge: Bridge, install: DotnetInstall) -> CoreClr {
        CoreClr {
            started: clr,
            bridge,
            install,
            facts: FactsCache::default(),
            corlib: OnceLock::new(),
            assemblies: assemblies::Loaded::default(),
        }
    }

    /// True when the host process started this runtime (guest mode, `guest.rs`).
    pub(crate) fn is_guest(&self) -> bool {
        self.started.is_none()
    }

    /// The framework folder that runs (`…/shared/Microsoft.NETCore.App/3.1.23`).
    pub(crate) fn framework(&self) -> &Path {
        &self.install.framework
    }

    /// The runtime's version, as its framework folder is named.
    pub(crate) fn version(&self) -> &str {
        &self.install.version
    }

    /// Loads an assembly from its bytes (read and checked from the file `path`).
    pub(crate) fn load_assembly_bytes(&self, bytes: &[u8], path: &Path) -> Result<ManagedHandle> {
        let failed = |reason: String| Error::AssemblyLoad {
            path: PathBuf::from(path),
            reason,
        };
        let text = path
            .to_str()
            .ok_or_else(|| failed("the path is not valid UTF-8".into()))?;
        self.bridge.load_bytes(bytes, text).map_err(failed)
    }

    /// Loads the assembly at `path` (the bridge's loading by path, which the runtime itself no
    /// longer needs: files load from their checked bytes, the framework's by name).
    #[cfg(test)]
    pub(crate) fn load_assembly(&self, path: &Path) -> Result<ManagedHandle> {
        let failed = |reason: String| Error::AssemblyLoad {
            path: PathBuf::from(path),
            reason,
        };
        let text = path
            .to_str()
            .ok_or_else(|| failed("the path is not valid UTF-8".into()))?;
        if !path.is_file() {
            return Err(failed("no such file".into()));
        }
        self.bridge.load_assembly(text).map_err(failed)
    }

    /// The type `namespace.name` (nested: `Outer/Inner`, as elsewhere in cilbind) of
    /// `assembly` (whose simple name `assembly_name` the error names).
    pub(crate) fn class(
        &self,
        assembly: ManagedHandle,
        assembly_name: &str,
        namespace: &str,
        name: &str,
    ) -> Result<ManagedHandle> {
        let reflection_name = name.replace('/', "+");
        let full = if namespace.is_empty() {
            reflection_name
        } else {
            format!("{namespace}.{reflection_name}")
        };
        self.bridge
            .find_type(assembly, &full)
            .map_err(|_| Error::ClassNotFound {
                namespace: namespace.into(),
                name: name.into(),
                assembly: assembly_name.into(),
            })
    }

    #[cfg(test)]
    /// The method `name` of `class` with these parameter types (full names, as cilbind names
    /// them: `System.Int32`, `System.Int32&`).
    pub(crate) fn method(
        &self,
        class: ManagedHandle,
        class_name: &str,
        name: &str,
        params: &[&str],
    ) -> Result<ManagedHandle> {
        self.bridge
            .find_method(class, name, params)
            .map_err(|_| Error::MethodNotFound {
                class: class_name.into(),
                name: name.into(),
                parameters: params.join(","),
                candidates: Vec::new(),
            })
    }

    /// A native entry point for `method`: `extern "C" fn(args…, *mut ManagedHandle) -> R`, the
    /// last parameter a slot (null on entry) that receives a thrown exception's handle. `bool`
    /// crosses as one byte, `char` as two, a `ref` to a value type as a pointer; `mask` and
    /// `spans` ask for a pointer trampoline (the bits of [`crate::host::abi`]). With
    /// `this_proved`, the entry for a proved receiver too (see [`EntryPoints`]).
    pub(crate) fn entry(&self, method: ManagedHandle, mask: i64, spans: i64, this_proved: bool) -> Result<EntryPoints> {
        let (checked, proved) = self
            .bridge
            .make_entry(method, mask, spans, this_proved)
            .map_err(Error::Unsupported)?;
        Ok(EntryPoints {
            checked,
            this_proved: if proved.is_null() { checked } else { proved },
        })
    }

    /// The error for a thrown exception whose handle an entry point wrote, and frees the handle.
    pub(crate) fn exception(&self, thrown: ManagedHandle) -> Error {
        let text = self.bridge.describe(thrown);
        self.bridge.free_handle(thrown);
        let mut chain = text.split('\u{1e}').map(|e| {
            let mut parts = e.splitn(3, '\u{1f}');
            InnerException {
                type_name: parts.next().unwrap_or_default().to_owned(),
                message: parts.next().unwrap_or_default().to_owned(),
                stack_trace: parts.next().unwrap_or_default().to_owned(),
            }
        });
        let outer = chain.next().unwrap_or(InnerException {
            type_name: String::new(),
            message: text.clone(),
            stack_trace: String::new(),
        });
        if outer.type_name == slots::STALE_SLOT {
            // An argument's key was released between Rust's check and the call's read.
            return Error::StaleHandle;
        }
        if outer.type_name == ARGUMENT_TYPE {
            // An argument of another class, refused by the entry (see `RefParam`).
            return Error::InvalidArgument(outer.message);
        }
        Error::ManagedException {
            type_name: outer.type_name,
            message: outer.message,
            stack_trace: outer.stack_trace,
            inner: chain.collect(),
        }
    }
}

/// The process's CoreCLR, once started by [`start_process_runtime`].
static RUNTIME: OnceLock<CoreClr> = OnceLock::new();

/// Starts the process's CoreCLR (the backend's claim on the process is the caller's).
pub(crate) fn start_process_runtime(root: Option<&Path>) -> Result<&'static CoreClr> {
    let clr = CoreClr::start(root)?;
    let clr = RUNTIME.get_or_init(|| clr);
    // The process's one unit starts (epoch 1: caches filled from now on belong to it).
    crate::host::epoch::advance();
    enter_thread();
    clr.find_corlib_types()?;
    Ok(clr)
}

/// The process's CoreCLR. Reached only once [`crate::host::backend::coreclr_runs`], which is
/// set after the runtime is in place.
pub(crate) fn runtime() -> &'static CoreClr {
    RUNTIME
        .get()
        .expect("the host asks CoreCLR only once it runs (backend::coreclr_runs)")
}

/// Records the calling thread as set up for the current unit: CoreCLR attaches a native
/// thread itself on its first call into managed code, so there is nothing to do but the record
/// the call path checks, and the note that the thread is in the unit (which a reload on
/// another thread refuses while it is: `host/thread.rs`).
pub(crate) fn enter_thread() {
    let epoch = crate::host::epoch::current();
    if crate::host::epoch::entered() != epoch {
        crate::host::epoch::set_entered(epoch);
        crate::host::thread::join(epoch);
    }
}

/// Records the calling thread as set up for the current unit without noting it as in the unit:
/// a thread managed code runs (one of the runtime's pool, say) that called Rust through a
/// delegate. It is C#'s, not Rust's to take out of the unit, and must not hold reloads up.
pub(crate) fn enter_thread_from_managed() {
    crate::host::epoch::set_entered(crate::host::epoch::current());
}

/// The native entry points of `method` (`mask`, `spans`: a pointer trampoline's bits;
/// `this_proved`: the entry for a proved receiver too).
pub(crate) fn entry(method: Method, mask: i64, spans: i64, this_proved: bool) -> Result<EntryPoints> {
    runtime().entry(types::of_method(method), mask, spans, this_proved)
}

/// The error of an exception an entry point caught (its GC handle, freed here).
pub(crate) fn thrown(handle: *mut c_void) -> Error {
    runtime().exception(ManagedHandle(handle))
}

/// `System.Object`, `System.String` and `System.Exception`, found once.
pub(crate) struct CorlibTypes {
    /// The `mscorlib` facade (what assemblies built against Mono's profile reference).
    pub(crate) mscorlib: crate::host::Assembly,
    /// `System.Private.CoreLib`, which defines what Mono's `mscorlib` does.
    pub(crate) core_lib: ManagedHandle,
    pub(crate) object: Class,
    pub(crate) string: Class,
    pub(crate) exception: Class,
}

impl CoreClr {
    /// Finds the class library's basic types; start-up does, once this runtime is the
    /// process's.
    fn find_corlib_types(&self) -> Result<()> {
        // Through the `mscorlib` facade, as assemblies built against Mono's profile reach them
        // (the facade forwards each to `System.Private.CoreLib`).
        let mscorlib = assemblies::by_name("mscorlib")?;
        let find = |name: &str| assemblies::class(mscorlib, "System", name);
        let object = find("Object")?;
        let found = CorlibTypes {
            mscorlib,
            core_lib: self.assembly_of(types::of_class(object))?,
            object,
            string: find("String")?,
            exception: find("Exception")?,
        };
        let _ = self.corlib.set(found);
        Ok(())
    }

    /// The class library's basic types, found at start-up.
    pub(crate) fn corlib_types(&self) -> &CorlibTypes {
        self.corlib
            .get()
            .expect("start-up found the class library's types before CoreCLR was marked running")
    }
}
