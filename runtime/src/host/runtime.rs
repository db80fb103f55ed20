//! The process's runtime: started once, on first use or by [`RuntimeBuilder::start`], with
//! the backend the builder or `CILBIND_RUNTIME` names (Mono by default), and the assemblies
//! loaded into it.

use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::ptr::NonNull;
use std::sync::{Mutex, MutexGuard, OnceLock};

use super::backend::{self, on_backend, Backend};
use super::{coreclr, epoch, guest, handover, mono, Class};
use crate::error::{Error, Result};

/// The embedded CLR: one per process, started on first use and never shut down (neither Mono
/// nor CoreCLR can be restarted in a process). What it loads lives in a unit, which
/// [`Runtime::reload`] replaces.
pub struct Runtime {
    backend: Backend,
    reloadable: bool,
    /// Adopted with [`Runtime::attach`]: the host process runs the CLR and owns its shutdown.
    guest: bool,
}

/// How the process's runtime starts: [`Runtime::builder`].
#[derive(Clone, Debug, Default)]
#[must_use]
pub struct RuntimeBuilder {
    backend: Option<Backend>,
    reloadable: bool,
}

static RUNTIME: OnceLock<std::result::Result<Runtime, String>> = OnceLock::new();

/// Held while the process's runtime is being started or adopted: so that [`Runtime::attach`]
/// adopting the host's runtime on one thread and [`Runtime::get`] (or a builder's `start`) on
/// another never both decide what the process runs. Without it, `get` could find the host's
/// Mono half adopted and take it for one cilbind started (host mode: reload allowed), and the
/// adoption then fail.
static DECIDING: Mutex<()> = Mutex::new(());

/// [`DECIDING`], while no runtime is decided yet (afterwards nothing is decided again).
fn deciding() -> Option<MutexGuard<'static, ()>> {
    RUNTIME
        .get()
        .is_none()
        .then(|| DECIDING.lock().unwrap_or_else(|p| p.into_inner()))
}

impl RuntimeBuilder {
    /// Runs `backend` (else the one `CILBIND_RUNTIME` names, else Mono).
    pub fn backend(mut self, backend: Backend) -> Self {
        self.backend = Some(backend);
        self
    }

    /// Keeps what the runtime loads in a reloadable unit (see [`Runtime::start_reloadable`]).
    pub fn reloadable(mut self, reloadable: bool) -> Self {
        self.reloadable = reloadable;
        self
    }

    /// Starts the runtime as configured, or returns the running one if it was started the
    /// same way. A runtime already running with another backend, or without a reloadable unit
    /// when one is asked for, is [`Error::Startup`] / [`Error::Reload`]: a process hosts one
    /// runtime, once.
    pub fn start(self) -> Result<&'static Runtime> {
        // Unnamed: the running one, else the one `CILBIND_RUNTIME` names.
        let backend = match (self.backend, RUNTIME.get()) {
            (Some(b), _) => b,
            (None, Some(Ok(rt))) => rt.backend.clone(),
            (None, _) => Backend::from_env()?,
        };
        let _deciding = deciding();
        Runtime::refuse_second()?;
        let rt = Runtime::started(|| Runtime::start(backend.clone(), self.reloadable))?;
        if self.reloadable && rt.guest {
            return Err(Error::Reload(
                "cilbind runs as a guest in the host's runtime (Runtime::attach): reloading is not supported there"
                    .into(),
            ));
        }
        if rt.backend.name() != backend.name() {
            return Err(Error::Startup(format!(
                "the process already runs {}: it cannot start {} too (one runtime per process)",
                rt.backend.name(),
                backend.name()
            )));
        }
        if self.reloadable && !rt.reloadable {
            return Err(Error::Reload(
                "the runtime already runs without a reloadable unit: call Runtime::start_reloadable() \
                 before anything else starts it"
                    .into(),
            ));
        }
        Ok(rt)
    }
}

/// What [`Runtime::enter_call`] proved: the calling thread is attached and set up for the
/// unit of `epoch`, the current one, and whether the call is to be recorded.
#[derive(Clone, Copy)]
pub(crate) struct EnteredCall {
    pub(crate) epoch: u32,
    pub(crate) recording: bool,
}

impl Runtime {
    /// A builder that chooses the backend (and a reloadable unit) before the runtime starts:
    ///
    /// ```no_run
    /// use cilbind::{Backend, Runtime};
    /// let rt = Runtime::builder().backend(Backend::CoreClr { root: None }).start()?;
    /// # Ok::<(), cilbind::Error>(())
    /// ```
    pub fn builder() -> RuntimeBuilder {
        RuntimeBuilder::default()
    }

    /// The process's runtime, started on the first call (the backend `CILBIND_RUNTIME` names,
    /// Mono by default). Later calls return the running runtime; the calling thread is
    /// attached to it if it is not already.
    ///
    /// On Mono, start-up sets `MONO_THREADS_SUSPEND=preemptive` before `mono_jit_init`
    /// (native→managed calls are ~6× cheaper than in Debian's default hybrid mode, and hybrid
    /// mode hangs a GC when an attached thread blocks in native code), and the runtime prints
    /// nothing on stdout or stderr: its diagnostics go to the `log` crate under target `mono`.
    /// On CoreCLR, start-up reads the .NET root (see [`Backend::CoreClr`]) and runs with
    /// invariant globalization (no ICU needed).
    pub fn get() -> Result<&'static Runtime> {
        let _deciding = deciding();
        Runtime::refuse_second()?;
        let rt = Runtime::started(|| Runtime::start(Backend::from_env()?, false))?;
        on_backend!(mono => {
            mono::Runtime::get()?;
        }, coreclr => {
            if rt.guest {
                coreclr::unit::refuse_if_host_unloaded()?;
            }
            coreclr::enter_thread();
        });
        Ok(rt)
    }

    /// Adopts the CLR that the host process already runs, for a plugin: a native library
    /// (a Rust `cdylib`) that the host's managed code loaded through `[DllImport]`. The
    /// generated bindings then work as in a process cilbind started itself; the host owns the
    /// runtime, and cilbind never shuts it down. A plugin calls this from its bootstrap entry
    /// ([`guest_plugin!`](crate::guest_plugin)), on a thread of the host's managed code. Later
    /// calls return the adopted runtime; once a Mono host unloaded the domain cilbind adopted,
    /// or a .NET host the collectible load context of the game cilbind followed (see
    /// [`guest`](crate::guest)), the next call adopts the calling thread's domain (on CoreCLR,
    /// the game's new context is followed from its first use), and until then every entry into
    /// the runtime is [`Error::Reload`].
    ///
    /// On Mono the host's embedding API is found in the process (the `mono` executable
    /// exports it, and its symbols win over a `libmono-2.0.so` the plugin links): the calling
    /// thread's current domain (the root domain unless the host made others) becomes cilbind's
    /// unit, the runtime's C# helper is loaded into it and the start-up checks run; each
    /// generated binding's `init()` then finds the host's loaded assemblies by name. The host
    /// must run Mono with preemptive suspend (`MONO_THREADS_SUSPEND=preemptive`).
    ///
    /// CoreCLR exports no such API: the host's managed bootstrap (`Cilbind.Guest`, see
    /// [`guest::BOOTSTRAP_CS`](crate::guest::BOOTSTRAP_CS)) hands the plugin's entry a handover,
    /// through which the runtime's C# helper is loaded into the host's runtime (from bytes, with
    /// `Assembly.Load`) and the helper's bridge table is filled and checked as at a normal start;
    /// the bindings' `init()` then finds the host's program and the framework by name.
    ///
    /// [`Error::Startup`] when no CLR runs in the process, when cilbind started one itself, when
    /// the host's Mono does not suspend threads preemptively, and when the host runs CoreCLR but
    /// the plugin's entry was given no handover. [`Runtime::reload`](crate::Runtime::reload) is
    /// refused in guest mode.
    ///
    /// Another thread of the plugin calling [`Runtime::get`] meanwhile waits for the adoption,
    /// then gets the adopted runtime (before it, `get` is refused, and the refusal is not
    /// kept).
    pub fn attach() -> Result<&'static Runtime> {
        let _deciding = deciding();
        if let Some(Ok(rt)) = RUNTIME.get() {
            if !rt.guest {
                return Err(Error::Startup(format!(
                    "cilbind started {} in this process itself (host mode): there is no host runtime to attach to",
                    rt.backend.name()
                )));
            }
            on_backend!(mono => {
                if mono::Runtime::attach()? {
                    guest::adopted_again();
                }
                guest::watch_host_unload()?;
            }, coreclr => {
                if coreclr::unit::follow_again() {
                    guest::adopted_again();
                }
                coreclr::enter_thread();
            });
            return Ok(rt);
        }
        // Checked and adopted before the lock, so that a refusal (no CLR, no handover) is not
        // kept: a later attach can still succeed.
        let backend = if mono::root_domain().is_some() {
            mono::Runtime::attach()?;
            Backend::Mono
        } else if coreclr::guest::host_runs_coreclr() || backend::coreclr_claimed() {
            let handover = handover::offered().ok_or_else(|| {
                Error::Startup(
                    "the host runs CoreCLR, which exports no embedding API: its bootstrap must hand the plugin \
                     the handover, cilbind_guest_init(Cilbind.Guest.Handover()) (see cilbind::guest::BOOTSTRAP_CS), \
                     not IntPtr.Zero"
                        .into(),
                )
            })?;
            coreclr::guest::adopt(&handover)?;
            Backend::CoreClr { root: None }
        } else {
            return Err(Error::Startup(
                "no CLR runs in this process: Runtime::attach adopts the runtime of the host process that loaded \
                 cilbind as a plugin (Mono, or CoreCLR through its bootstrap's handover); to start one, use \
                 Runtime::get"
                    .into(),
            ));
        };
        let rt = Runtime::started(|| {
            Ok(Runtime {
                backend,
                reloadable: false,
                guest: true,
            })
        })?;
        if !rt.guest {
            return Err(Error::Startup(
                "cilbind started its own runtime in this process while the host's was being adopted".into(),
            ));
        }
        guest::watch_host_unload()?;
        Ok(rt)
    }

    /// True when cilbind runs as a guest in the host's runtime ([`Runtime::attach`]).
    pub fn is_guest(&self) -> bool {
        self.guest
    }

    /// Refuses to start a runtime in a process whose host already runs one (see
    /// `mono::Runtime::refuse_second`, `coreclr::guest::refuse_second`), before anything is kept.
    fn refuse_second() -> Result<()> {
        if RUNTIME.get().is_none() {
            mono::Runtime::refuse_second()?;
            coreclr::guest::refuse_second()?;
        }
        Ok(())
    }

    /// The runtime once started by `start` (run only by the first caller).
    fn started(start: impl FnOnce() -> Result<Runtime>) -> Result<&'static Runtime> {
        match RUNTIME.get_or_init(|| start().map_err(|e| e.to_string())) {
            Ok(rt) => Ok(rt),
            Err(e) => Err(Error::Startup(e.clone())),
        }
    }

    fn start(backend: Backend, reloadable: bool) -> Result<Runtime> {
        match &backend {
            Backend::Mono => {
                backend::claim(&backend)?;
                if reloadable {
                    mono::Runtime::start_reloadable()?;
                } else {
                    mono::Runtime::get()?;
                }
            }
            Backend::CoreClr { root } => {
                backend::claim(&backend)?;
                coreclr::start_process_runtime(root.as_deref())?;
                if reloadable {
                    coreclr::unit::start_reloadable()?;
                }
                backend::set_running(&backend);
            }
        }
        Ok(Runtime {
            backend,
            reloadable,
            guest: false,
        })
    }

    /// Starts the runtime with its code in a reloadable unit, so that [`Runtime::reload`] can
    /// replace the loaded assemblies later; the same as [`Runtime::get`] otherwise. It must
    /// come before anything else starts the runtime: once the runtime runs without a
    /// reloadable unit this is [`Error::Reload`](crate::Error::Reload).
    ///
    /// The cost on Mono: it runs the class library's ahead-of-time compiled code only in its
    /// root domain, which can never be unloaded, so in a reloadable unit every class-library
    /// method is JIT-compiled on first use. Calls cost the same once compiled; the sample's
    /// start-up and first ticks took about twice as long. On CoreCLR the unit is a collectible
    /// `AssemblyLoadContext` (`host/coreclr/unit.rs`).
    pub fn start_reloadable() -> Result<&'static Runtime> {
        let rt = Runtime::builder().reloadable(true).start()?;
        Runtime::get()?;
        Ok(rt)
    }

    /// The backend that runs.
    pub fn backend(&self) -> &Backend {
        &self.backend
    }

    /// The running runtime's version: Mono's version and build, or the .NET runtime's version
    /// (as its framework folder is named, `3.1.23`).
    pub fn version(&self) -> String {
        on_backend!(
            mono => mono::Runtime::get().map(|rt| rt.version()).unwrap_or_default(),
            coreclr => coreclr::runtime().version().to_owned(),
        )
    }

    /// True when the runtime was started with [`Runtime::start_reloadable`].
    pub fn is_reloadable(&self) -> bool {
        self.reloadable
    }

    /// Makes sure the calling thread is attached and in the current unit (a thread-local
    /// check on the hot path; the first call on a thread attaches it, starting the runtime if
    /// needed).
    #[inline]
    pub fn ensure_current_thread() -> Result<()> {
        // The gate is closed while a recording runs, although the thread is set up.
        if epoch::fast_path_open() || epoch::thread_is_current() {
            Ok(())
        } else {
            Runtime::get().map(|_| ())
        }
    }

    /// The current epoch when the calling thread may take the call fast path (see
    /// [`Runtime::enter_call`]: attached, set up for the current unit, no recording), proved by
    /// one thread-local read and one compare.
    #[inline(always)]
    pub(crate) fn fast_path_epoch() -> Option<u32> {
        let entered = epoch::entered();
        (entered == epoch::gate()).then_some(entered)
    }

    /// [`Runtime::ensure_current_thread`] for a call into managed code, which also needs the
    /// current epoch (to trust its cached entry point) and whether a recording runs. On the
    /// fast path, one thread-local read and one compare prove all three (see `epoch.rs`).
    #[inline(always)]
    pub(crate) fn enter_call() -> Result<EnteredCall> {
        let entered = epoch::entered();
        if entered == epoch::gate() {
            return Ok(EnteredCall {
                epoch: entered,
                recording: false,
            });
        }
        Runtime::enter_call_slow()
    }

    #[cold]
    #[inline(never)]
    fn enter_call_slow() -> Result<EnteredCall> {
        Runtime::ensure_current_thread()?;
        Ok(EnteredCall {
            epoch: epoch::current(),
            recording: epoch::recording(),
        })
    }

    /// Replaces the current unit with a new one into which the same files are loaded again
    /// from disk, and returns their paths (see `mono::Runtime::replace_unit` and
    /// `coreclr::unit::replace`).
    ///
    /// # Safety
    /// No other thread runs code of the current unit, or calls into the runtime, until this
    /// returns; nothing of the old unit (its `Assembly`, `Class`, `Method` and `Field` values,
    /// raw objects) is used afterwards.
    pub(crate) unsafe fn replace_unit(
        &self,
        before_unload: impl FnOnce(),
        after_start: impl FnOnce(),
    ) -> Result<Vec<PathBuf>> {
        on_backend!(mono => {
            // SAFETY: the caller's contract is the same.
            unsafe { mono::Runtime::get()?.replace_unit(before_unload, after_start) }
        }, coreclr => {
            // SAFETY: the caller's contract is the same.
            unsafe { coreclr::unit::replace(before_unload, after_start) }
        })
    }

    /// The runtime's own helper assembly, as loaded into the current unit.
    pub(crate) fn helper(&self) -> Result<Assembly> {
        on_backend!(mono => Ok(mono::Runtime::get()?.helper().into()), coreclr => coreclr::assemblies::helper())
    }

    /// Loads the assembly at `path`. A missing file or a file that is not an assembly is an
    /// error naming the path.
    ///
    /// Each runtime keeps one assembly per simple name: loading the same build again returns
    /// the loaded assembly, and another build of a loaded name is [`Error::AssemblyLoad`]
    /// naming both files (on Mono; see `Runtime::reload` for running a new build).
    ///
    /// # Corrupt files
    ///
    /// Mono trusts the offsets, row counts and indexes in an assembly file, so on Mono the
    /// file is first validated with [`cilbind_image_check::check`] (headers, streams, tables,
    /// heaps, coded indexes, signatures); a file that fails is `Error::AssemblyLoad` with a
    /// reason naming what is wrong, and Mono never sees it. IL bodies, attribute blobs,
    /// resources and referenced assemblies stay trusted. CoreCLR validates what it loads
    /// itself and reports a bad file as an error.
    pub fn load_assembly(&self, path: impl AsRef<Path>) -> Result<Assembly> {
        let path = path.as_ref();
        on_backend!(
            mono => mono::Runtime::get()?.load_assembly(path).map(Assembly::from),
            coreclr => coreclr::assemblies::load(path),
        )
    }

    /// The assembly with this simple name: one loaded through [`Runtime::load_assembly`], else
    /// one the runtime finds by name (its class library, e.g. `mscorlib`,
    /// `System.Numerics.Vectors`).
    pub fn assembly(&self, simple_name: &str) -> Result<Assembly> {
        on_backend!(
            mono => mono::Runtime::get()?.assembly(simple_name).map(Assembly::from),
            coreclr => coreclr::assemblies::by_name(simple_name),
        )
    }

    /// `mscorlib` (on CoreCLR its facade, which forwards to `System.Private.CoreLib`).
    pub fn corlib(&self) -> Assembly {
        on_backend!(
            mono => mono::Runtime::corlib_of_process().into(),
            coreclr => coreclr::assemblies::corlib(),
        )
    }

    /// Runs a full garbage collection (tests use it to show that handles keep objects alive).
    /// On CoreCLR the objects of up to 64 handles each thread dropped may still be in their
    /// store slots ([`ObjectStore::empty_dropped_slots`](crate::ObjectStore::empty_dropped_slots)
    /// says when); [`Runtime::collect`] empties the calling thread's first.
    pub fn collect_garbage(&self) {
        on_backend!(mono => {
            if let Ok(rt) = mono::Runtime::get() {
                rt.collect_garbage();
            }
        }, coreclr => coreclr::heap::collect_garbage())
    }

    /// True when Mono runs with preemptive suspend (see [`Runtime::get`]); always true on
    /// CoreCLR, whose threads are always preemptively suspended for a collection.
    pub fn is_preemptive(&self) -> bool {
        on_backend!(mono => mono::Runtime::get().is_ok_and(|rt| rt.is_preemptive()), coreclr => true)
    }
}

/// A loaded assembly. Cheap to copy; valid until the unit it was loaded into is reloaded
/// ([`Runtime::reload`]), for the life of the process otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Assembly {
    /// Mono's image, or CoreCLR's interned handle of the `Assembly` object.
    pub(in crate::host) handle: NonNull<c_void>,
    pub(in crate::host) name: &'static str,
}

// SAFETY: a handle to loaded metadata (see `Class`); both runtimes' metadata APIs are
// thread-safe.
unsafe impl Send for Assembly {}
// SAFETY: as above.
unsafe impl Sync for Assembly {}

impl Assembly {
    /// The assembly's simple name (e.g. `mscorlib`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Every type the assembly defines (its TypeDef table, nested types included), in table
    /// order; Mono lists the `<Module>` pseudo-type first, CoreCLR's reflection does not hand it
    /// out. A type the runtime cannot load (its base type is in an assembly that is not found,
    /// say) is an error naming its token and the runtime's reason.
    pub fn classes(&self) -> Result<Vec<Class>> {
        on_backend!(
            mono => Ok(mono::Assembly::from(*self).classes()?.into_iter().map(Class::from).collect()),
            coreclr => coreclr::assemblies::classes(*self),
        )
    }

    /// The module version ID of the build loaded (a new one per compilation), spelled as
    /// Mono's `mono_guid_to_string` and .NET's `Guid.ToString()` upper-cased spell it.
    pub fn module_version(&self) -> Result<String> {
        on_backend!(
            mono => Ok(mono::Assembly::from(*self).guid()),
            coreclr => coreclr::assemblies::module_version(*self),
        )
    }

    /// The type `namespace.name`; nested types are written `Outer/Inner`. An error names the
    /// type and the assembly searched.
    pub fn class(&self, namespace: &str, name: &str) -> Result<Class> {
        on_backend!(
            mono => mono::Assembly::from(*self).class(namespace, name).map(Class::from),
            coreclr => coreclr::assemblies::class(*self, namespace, name),
        )
    }
}
