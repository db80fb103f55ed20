//! Starting Mono once per process and loading assemblies (adopting a host's Mono instead: `adoption.rs`).

use std::collections::HashMap;
use std::ffi::{CStr, CString};
use std::path::{Path, PathBuf};
use std::ptr::{self, NonNull};
use std::sync::{Mutex, OnceLock};

use super::assembly::Assembly;
use super::ffi;
use super::thread;
use crate::error::{Error, Result};

use crate::host::helper_assembly::{HELPER_ASSEMBLY, HELPER_NAME};

/// The embedded CLR: one per process, started on first use and never shut down (Mono cannot be
/// restarted in a process). What it loads lives in a reloadable unit (`unit.rs`), which
/// [`Runtime::reload`] replaces.
pub(crate) struct Runtime {
    /// The unit everything runs in now.
    pub(super) unit: Mutex<Unit>,
    /// Started with [`Runtime::start_reloadable`]: the unit is a child domain.
    pub(super) reloadable: bool,
    /// Adopted with [`Runtime::attach`]: the host process started Mono and owns its shutdown.
    pub(super) guest: bool,
}

/// One reloadable unit: its domain, the runtime's C# helper loaded into it, and the assemblies
/// loaded into it so far.
pub(super) struct Unit {
    pub(super) domain: NonNull<ffi::MonoDomain>,
    pub(super) helper: Assembly,
    /// Assemblies loaded so far, by simple name.
    pub(super) assemblies: HashMap<String, Assembly>,
    /// The files loaded with [`Runtime::load_assembly`], in order: what a reload loads again.
    pub(super) paths: Vec<PathBuf>,
}

// SAFETY: the unit's domain pointer is only used while that unit is current (a reload
// replaces it under the lock); Mono's own API is thread-safe for attached threads (every
// entry point attaches first). Mutable state is behind a Mutex.
unsafe impl Send for Runtime {}
// SAFETY: as above.
unsafe impl Sync for Runtime {}

pub(super) static RUNTIME: OnceLock<std::result::Result<Runtime, String>> = OnceLock::new();
/// Asked for by [`Runtime::start_reloadable`] before the runtime started.
static RELOADABLE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// Set by `start` before `mono_jit_init`: the root domain that appears then is cilbind's.
static STARTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// Mono's root domain when Mono runs in this process, started by cilbind or by the host.
pub(crate) fn root_domain() -> Option<NonNull<ffi::MonoDomain>> {
    // Without Mono's API in reach there is no Mono in the process either.
    #[cfg(feature = "mono-from-process")]
    super::dynamic::resolve().ok()?;
    // SAFETY: reads Mono's root-domain global, which is NULL until `mono_jit_init` ran in this
    // process (by cilbind or by the executable that loaded it) and never changes afterwards.
    NonNull::new(unsafe { ffi::mono_get_root_domain() })
}

impl Runtime {
    /// The process's runtime, started on the first call. Later calls return the running
    /// runtime; the calling thread is attached to Mono if it is not already.
    ///
    /// Start-up sets `MONO_THREADS_SUSPEND=preemptive` before `mono_jit_init` (native→managed
    /// calls are ~6× cheaper than in Debian's default hybrid mode, and hybrid mode hangs a GC
    /// when an attached thread blocks in native code).
    ///
    /// The runtime prints nothing on stdout or stderr: before Mono starts, its diagnostics
    /// (warnings, its tracer's lines, free-form prints) are routed to the `log` crate under
    /// target `mono`. Managed code's own `Console` output is untouched, and a fatal Mono error,
    /// which aborts the process, is also written to stderr.
    pub fn get() -> Result<&'static Runtime> {
        let started = match RUNTIME.get() {
            Some(started) => started,
            None => {
                // Refused before the lock, so that the refusal is not kept: `attach` still can.
                Self::refuse_second()?;
                RUNTIME.get_or_init(Runtime::start)
            }
        };
        match started {
            Ok(rt) if rt.host_unloaded_unit() => Err(Self::unloaded_by_host()),
            Ok(rt) => {
                thread::ensure_attached(rt.domain());
                Ok(rt)
            }
            Err(e) => Err(Error::Startup(e.clone())),
        }
    }

    /// Starts the runtime with its code in a reloadable unit, so that [`Runtime::reload`] can
    /// replace the loaded assemblies later; the same as [`Runtime::get`] otherwise. It must
    /// come before anything else starts the runtime: once the runtime runs without a
    /// reloadable unit this is [`Error::Reload`](crate::Error::Reload).
    ///
    /// The cost: Mono runs the class library's ahead-of-time compiled code (Debian ships
    /// mscorlib's) only in its root domain, which can never be unloaded, so in a reloadable
    /// unit every class-library method is JIT-compiled on first use. Calls cost the same once
    /// compiled (`cargo bench --bench calls`); the sample's start-up and first ticks took about
    /// twice as long.
    pub fn start_reloadable() -> Result<&'static Runtime> {
        RELOADABLE.store(true, std::sync::atomic::Ordering::SeqCst);
        let rt = Runtime::get()?;
        if rt.reloadable {
            Ok(rt)
        } else {
            Err(Error::Reload(
                "the runtime already runs without a reloadable unit: call Runtime::start_reloadable() \
                 before anything else starts it"
                    .into(),
            ))
        }
    }

    /// [`Error::Startup`] when Mono already runs in this process without cilbind having
    /// started it: the host process started it (cilbind is a plugin in it), and a second
    /// `mono_jit_init` would break the host's runtime.
    pub(crate) fn refuse_second() -> Result<()> {
        // The root domain first, then whether cilbind is starting Mono: `start` sets
        // `STARTING` before `mono_jit_init` makes the root domain, so a thread that sees the
        // domain while another starts Mono (inside the lock, `RUNTIME` still empty) sees the
        // flag too, and only a Mono the host started is refused.
        if RUNTIME.get().is_none() && root_domain().is_some() && !STARTING.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(Error::Startup(
                "Mono already runs in this process, started by the host that loaded cilbind: a process runs one Mono, \
                 so cilbind cannot start its own; adopt the host's with Runtime::attach (a guest plugin's \
                 cilbind_guest_init, see cilbind::guest_plugin!)"
                    .into(),
            ));
        }
        Ok(())
    }

    fn start() -> std::result::Result<Runtime, String> {
        // Never beside CoreCLR: the process's backend is Mono from here on.
        crate::host::backend::claim(&crate::host::Backend::Mono).map_err(|e| e.to_string())?;
        #[cfg(feature = "mono-from-process")]
        super::dynamic::resolve()?;
        // Inside the lock, so no other start or adoption runs: a root domain here is the host's.
        if root_domain().is_some() {
            return Err(
                "Mono already runs in this process, started by the host that loaded cilbind: adopt it \
                        with Runtime::attach"
                    .into(),
            );
        }
        STARTING.store(true, std::sync::atomic::Ordering::SeqCst);
        // SAFETY: Mono reads this variable exactly once, inside mono_jit_init below; it is set
        // before any Mono thread exists. Other Rust threads reading the environment at the same
        // moment are the documented hazard of set_var; cilbind starts Mono before the caller's
        // threads use the environment in practice, and the value is never changed afterwards.
        unsafe {
            std::env::set_var("MONO_THREADS_SUSPEND", "preemptive");
        }
        // Before anything in Mono can print (see logging.rs).
        super::logging::install();
        let name = c"cilbind";
        let version = c"v4.0.30319";
        // SAFETY: called once per process (OnceLock); NULL config path means the default file.
        let domain = unsafe {
            ffi::mono_config_parse(ptr::null());
            ffi::mono_jit_init_version(name.as_ptr(), version.as_ptr())
        };
        if domain.is_null() {
            return Err("mono_jit_init_version returned NULL".into());
        }
        // This thread is attached (to the root domain, epoch 0 until the unit starts).
        thread::mark_attached();
        super::raw::verify_object_header(domain);
        // Before any managed code can compile a wrapper for it (see finalizer_wait.rs).
        super::finalizer_wait::install().map_err(|e| format!("cannot fix GC.WaitForPendingFinalizers: {e}"))?;
        let reloadable = RELOADABLE.load(std::sync::atomic::Ordering::SeqCst);
        let unit = Self::start_unit(reloadable).map_err(|e| e.to_string())?;
        Ok(Runtime {
            unit: Mutex::new(unit),
            reloadable,
            guest: false,
        })
    }

    /// Starts a new unit (`unit.rs`) on this thread and loads the runtime's C# helper into it.
    fn start_unit(reloadable: bool) -> Result<Unit> {
        let (domain, _) = super::unit::start("cilbind", reloadable)?;
        thread::mark_attached();
        let helper = Self::load_from_memory(HELPER_ASSEMBLY, HELPER_NAME)
            .map_err(|e| Error::Startup(format!("cannot load the runtime's C# helper: {e}")))?;
        Ok(Unit {
            domain,
            helper,
            assemblies: HashMap::new(),
            paths: Vec::new(),
        })
    }

    /// Replaces the current unit with a new one into which the same files are loaded again
    /// from disk (so a rebuilt assembly's new code is what runs), and returns their paths.
    /// `before_unload` runs once the old unit is retired and before Mono unloads it: it must
    /// drop every reference into the old unit that outlives it; `after_start` runs once the
    /// new unit is current, before any assembly is loaded into it.
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
        let mut unit = self.unit.lock().unwrap_or_else(|p| p.into_inner());
        let paths = unit.paths.clone();
        super::unit::retire();
        before_unload();
        // From here on the old unit is gone for cilbind whatever happens: every failure below
        // still leaves a new, current unit behind (never the old, unloaded one, whose code and
        // objects Mono frees), and is reported once that unit is in place.
        let unloaded = super::unit::unload(unit.domain);
        let mut next = Self::start_unit(true)?;
        after_start();
        let mut failed = unloaded.err();
        for path in &paths {
            // A file that fails (a rebuild left it corrupt) stays listed: the next reload
            // tries it again.
            next.paths.push(path.clone());
            match Self::load_checked(path, true) {
                Ok(assembly) => {
                    next.assemblies.insert(assembly.name.to_string(), assembly);
                }
                Err(e) => {
                    failed.get_or_insert(e);
                }
            }
        }
        *unit = next;
        match failed {
            None => Ok(paths),
            Some(e) => Err(e),
        }
    }

    /// The current unit's domain: where cilbind makes objects and compiles code.
    #[inline]
    pub(crate) fn domain(&self) -> *mut ffi::MonoDomain {
        super::unit::domain()
    }

    /// The runtime's own helper assembly (trampoline builder), as loaded into the current unit.
    pub(crate) fn helper(&self) -> Assembly {
        self.unit.lock().unwrap_or_else(|p| p.into_inner()).helper
    }

    /// Loads an assembly from `bytes`; `name` is its file name (Mono resolves the assembly's
    /// references from that file's folder) or, for the embedded helper, its name.
    pub(super) fn load_from_memory(bytes: &[u8], name: &str) -> Result<Assembly> {
        let cname =
            CString::new(name).map_err(|_| Error::InvalidArgument(format!("assembly name {name:?} contains NUL")))?;
        let len = u32::try_from(bytes.len()).map_err(|_| Error::AssemblyLoad {
            path: name.into(),
            reason: "larger than 4 GiB".into(),
        })?;
        let mut status = 0;
        // SAFETY: `bytes` is valid for `len` bytes and need_copy=1 makes Mono copy them before
        // this returns, so they need not outlive the call; `status` is a valid out slot; the
        // name is NUL-terminated.
        let image = unsafe {
            ffi::mono_image_open_from_data_with_name(bytes.as_ptr() as *mut _, len, 1, &mut status, 0, cname.as_ptr())
        };
        if image.is_null() {
            return Err(Error::AssemblyLoad {
                path: name.into(),
                reason: format!("image open status {status}"),
            });
        }
        // SAFETY: `image` is a valid image opened above.
        let asm = unsafe { ffi::mono_assembly_load_from_full(image, cname.as_ptr(), &mut status, 0) };
        // The assembly holds its own reference to the image (or an assembly of that name was
        // loaded already and holds its own): this one, from opening it, is dropped. Kept, it
        // would keep the image in Mono's cache of images by name after the unit that loaded
        // it is unloaded, and a reload would get the old image back instead of the new file.
        // SAFETY: releases exactly the reference `mono_image_open_from_data_with_name` gave.
        unsafe { ffi::mono_image_close(image) };
        if asm.is_null() {
            return Err(Error::AssemblyLoad {
                path: name.into(),
                reason: format!("assembly load status {status}"),
            });
        }
        // SAFETY: a loaded assembly; its image is the one Mono kept (the one opened above, or
        // the already loaded assembly of the same name).
        Assembly::from_image(unsafe { ffi::mono_assembly_get_image(asm) })
    }

    /// Loads the assembly at `path`. A missing file or a file that is not an assembly is an
    /// error naming the path.
    ///
    /// Mono keeps one assembly per simple name: loading the same build again (the same file,
    /// or a copy of it elsewhere) returns the loaded assembly, and another build of a loaded
    /// name (another file, or a rebuild written over the loaded one) is
    /// [`Error::AssemblyLoad`] naming both files, since Mono would run the loaded one instead.
    /// To run a new build, start the runtime with [`Runtime::start_reloadable`], write the
    /// build over the loaded file and call [`Runtime::reload`].
    ///
    /// # Corrupt files
    ///
    /// Mono trusts the offsets, row counts and indexes in an assembly file. A corrupt file makes
    /// it fail an assertion or crash with SIGSEGV, while loading or later, when a class, method
    /// or signature is read. So the file is first validated with [`cilbind_image_check::check`].
    /// That covers the PE and CLI headers, the streams, every table's size, every heap offset
    /// and coded index, list and sort orders, and the Field/MethodDef/MemberRef/Property/TypeSpec/
    /// MethodSpec signatures. A file that fails is `Error::AssemblyLoad` with a reason naming
    /// the table, row and column (or offset) that is wrong. Mono never sees it.
    ///
    /// **Still trusted** (Mono reads these later and does not validate them all):
    /// * IL method bodies, with their local-variable signatures and `ldstr` strings. Mono reads
    ///   them only when it compiles a method.
    /// * Custom-attribute, marshalling and constant blob contents. Reflection reads them on
    ///   demand.
    /// * Resource contents.
    /// * Everything in the assemblies this one references. Mono loads those from its own paths.
    ///
    /// Mono loads the very bytes that were checked (from memory, with the file's path as the
    /// image name, so its references are still resolved from the file's folder): replacing the
    /// file after the check changes nothing.
    pub fn load_assembly(&self, path: impl AsRef<Path>) -> Result<Assembly> {
        let path = path.as_ref();
        let assembly = Self::load_checked(path, self.reloadable)?;
        let mut unit = self.unit.lock().unwrap_or_else(|p| p.into_inner());
        unit.assemblies.insert(assembly.name.to_string(), assembly);
        if !unit.paths.iter().any(|p| p == path) {
            unit.paths.push(path.to_path_buf());
        }
        Ok(assembly)
    }

    /// Reads, validates and loads the file at `path` into the current unit, refusing another
    /// build of an assembly already loaded under its name (see [`Runtime::load_assembly`]).
    fn load_checked(path: &Path, reloadable: bool) -> Result<Assembly> {
        let file = crate::host::assembly_file::read(path)?;
        let assembly = Self::load_from_memory(&file.bytes, &path.to_string_lossy())?;
        // Mono keeps one assembly per simple name in a domain (and one image per file name):
        // given another build of a loaded name, or a rebuild at a loaded path, it returns the
        // loaded assembly, whose classes and code are the old ones. The image's GUID (a new
        // one per build) tells.
        let guid = file.guid;
        let loaded = assembly.guid();
        if !guid.eq_ignore_ascii_case(&loaded) {
            let old = assembly.file_name();
            let how = if reloadable {
                format!("write the new build over {old} and call Runtime::reload, which loads every file again")
            } else {
                format!(
                    "start the runtime with Runtime::start_reloadable, write the new build over {old} and call \
                     Runtime::reload"
                )
            };
            return Err(Error::AssemblyLoad {
                path: path.to_path_buf(),
                reason: format!(
                    "it is another build (module version {guid}) of the assembly {} loaded already from {old} \
                     (module version {loaded}), and Mono keeps one assembly per name: the loaded one would run \
                     instead. To replace it, {how} (or give the new one another assembly name)",
                    assembly.name
                ),
            });
        }
        Ok(assembly)
    }

    /// The assembly with this simple name: one loaded through [`Runtime::load_assembly`], else
    /// one Mono finds by name (its class library, e.g. `mscorlib`, `System.Numerics.Vectors`).
    pub fn assembly(&self, simple_name: &str) -> Result<Assembly> {
        if let Some(a) = self
            .unit
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .assemblies
            .get(simple_name)
        {
            return Ok(*a);
        }
        if simple_name == "mscorlib" {
            return Ok(self.corlib());
        }
        let cname = CString::new(simple_name)
            .map_err(|_| Error::InvalidArgument(format!("assembly name {simple_name:?} contains NUL")))?;
        let mut status = 0;
        // SAFETY: NUL-terminated name and a valid status slot.
        let asm = unsafe { ffi::mono_assembly_load_with_partial_name(cname.as_ptr(), &mut status) };
        if asm.is_null() {
            return Err(Error::AssemblyLoad {
                path: PathBuf::from(simple_name),
                reason: "not loaded with Runtime::load_assembly and not found in Mono's class library".into(),
            });
        }
        // SAFETY: a loaded assembly.
        let assembly = Assembly::from_image(unsafe { ffi::mono_assembly_get_image(asm) })?;
        self.unit
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .assemblies
            .insert(simple_name.to_string(), assembly);
        Ok(assembly)
    }

    /// mscorlib.
    pub fn corlib(&self) -> Assembly {
        Self::corlib_of_process()
    }

    /// mscorlib (Mono has started: the caller reached it through a started runtime).
    pub(crate) fn corlib_of_process() -> Assembly {
        // SAFETY: corlib is loaded by mono_jit_init and never unloaded.
        let image = unsafe { ffi::mono_get_corlib() };
        Assembly {
            image: NonNull::new(image).expect("mscorlib is loaded"),
            name: "mscorlib",
        }
    }

    /// Runs a full garbage collection (tests use it to show that handles keep objects alive).
    pub fn collect_garbage(&self) {
        // SAFETY: plain GC request on an attached thread.
        unsafe { ffi::mono_gc_collect(ffi::mono_gc_max_generation()) }
    }

    /// How many collections ran, of any generation.
    pub(crate) fn collections(&self) -> u64 {
        // SAFETY: plain counter reads; any generation number is accepted.
        let (minor, major) = unsafe { (ffi::mono_gc_collection_count(0), ffi::mono_gc_collection_count(1)) };
        minor.max(0) as u64 + major.max(0) as u64
    }

    /// Mono's version and build (`6.8.0.105 (Debian …)`).
    pub(crate) fn version(&self) -> String {
        // SAFETY: returns a g_malloc'd string, copied and freed once.
        unsafe {
            let p = ffi::mono_get_runtime_build_info();
            let text = owned_cstr(p);
            ffi::mono_free(p as *mut std::ffi::c_void);
            text
        }
    }

    /// True when the runtime runs with preemptive suspend (see [`Runtime::get`]).
    pub fn is_preemptive(&self) -> bool {
        Self::preemptive()
    }

    /// See [`Runtime::is_preemptive`]; probed on the calling (attached) thread.
    pub(super) fn preemptive() -> bool {
        let mut sp = ptr::null_mut();
        // SAFETY: exported (not in headers) Mono function; returns NULL in preemptive mode or
        // when the thread is already RUNNING; a non-NULL cookie is handed back at once.
        unsafe {
            let cookie = ffi::mono_threads_enter_gc_unsafe_region(&mut sp);
            if cookie.is_null() {
                true
            } else {
                ffi::mono_threads_exit_gc_unsafe_region(cookie, &mut sp);
                false
            }
        }
    }
}

/// Reads a C string Mono owns.
pub(crate) fn owned_cstr(p: *const std::ffi::c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: non-null, NUL-terminated string owned by Mono and alive during this call.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}
