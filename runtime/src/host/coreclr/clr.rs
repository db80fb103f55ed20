//! Starting CoreCLR through its hosting API (`coreclr_initialize`, `coreclr_create_delegate`
//! of `libcoreclr.so`), the same from .NET Core 3.1 to .NET 10.
//!
//! Start-up properties: the trusted platform assemblies are every assembly of the framework
//! folder plus the runtime's C# helper (CoreCLR binds references to these by name, so the
//! helper's and users' `mscorlib` 4.0.0.0 references reach the framework's facade);
//! globalization runs on the system's ICU when one is found ([`icu_version`]: the runtime is
//! told its version, which a runtime older than the ICU would not look for), and in invariant
//! mode otherwise, since without ICU libraries the runtime aborts on its first culture lookup
//! (invariant mode cases ASCII only on .NET Core 3.1: `char.ToUpper('é')` is `'é'`). A user's
//! own `DOTNET_SYSTEM_GLOBALIZATION_INVARIANT` or `CLR_ICU_VERSION_OVERRIDE` is left as set.
//! User assemblies are loaded from their checked bytes later (the bridge's `LoadBytes`).
//!
//! One runtime per process: `coreclr_initialize` fails when called twice, and the runtime
//! cannot be shut down and started again, so a second start is refused before reaching it.

use std::ffi::{c_char, c_int, c_uint, c_void, CString};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use super::install::DotnetInstall;
use crate::error::{Error, Result};
use crate::host::helper_assembly::{HELPER_ASSEMBLY, HELPER_NAME};

type InitializeFn = unsafe extern "C" fn(
    exe_path: *const c_char,
    app_domain_friendly_name: *const c_char,
    property_count: c_int,
    property_keys: *const *const c_char,
    property_values: *const *const c_char,
    host_handle: *mut *mut c_void,
    domain_id: *mut c_uint,
) -> c_int;

type CreateDelegateFn = unsafe extern "C" fn(
    host_handle: *mut c_void,
    domain_id: c_uint,
    assembly_name: *const c_char,
    type_name: *const c_char,
    method_name: *const c_char,
    delegate: *mut *mut c_void,
) -> c_int;

/// Set once a start reached `coreclr_initialize`, whatever it returned.
static STARTED: AtomicBool = AtomicBool::new(false);

/// A started CoreCLR: its library (never unloaded) and its host handle.
pub(crate) struct Clr {
    /// Kept loaded for the life of the process: the runtime's code runs from it.
    _library: libloading::Library,
    host: *mut c_void,
    domain: c_uint,
    create_delegate: CreateDelegateFn,
}

// SAFETY: the host handle and domain id are plain identifiers CoreCLR accepts from any thread
// (`coreclr_create_delegate` is thread-safe); the struct holds no Rust state that is mutated.
unsafe impl Send for Clr {}
// SAFETY: as above.
unsafe impl Sync for Clr {}

impl Clr {
    /// Starts CoreCLR from `install`, with the helper written beside the process's temporary
    /// files. Refused when a CoreCLR already started in this process.
    pub(crate) fn start(install: &DotnetInstall) -> Result<Clr> {
        let helper = write_helper()?;
        let mut tpa = install.framework_assemblies()?;
        tpa.push(helper.clone());
        let joined = |paths: &[PathBuf]| -> Result<String> {
            let parts: Vec<&str> = paths
                .iter()
                .map(|p| {
                    p.to_str()
                        .ok_or_else(|| Error::Startup(format!("{} is not valid UTF-8", p.display())))
                })
                .collect::<Result<_>>()?;
            Ok(parts.join(":"))
        };
        let helper_dir = helper.parent().map(Path::to_path_buf).unwrap_or_default();
        let properties = [
            ("TRUSTED_PLATFORM_ASSEMBLIES", joined(&tpa)?),
            ("APP_PATHS", joined(std::slice::from_ref(&helper_dir))?),
            (
                "NATIVE_DLL_SEARCH_DIRECTORIES",
                joined(std::slice::from_ref(&install.framework))?,
            ),
            ("System.Globalization.Invariant", globalization_invariant().to_string()),
        ];
        let keys: Vec<CString> = properties.iter().map(|(k, _)| cstring(k)).collect::<Result<_>>()?;
        let values: Vec<CString> = properties.iter().map(|(_, v)| cstring(v)).collect::<Result<_>>()?;
        let key_ptrs: Vec<*const c_char> = keys.iter().map(|k| k.as_ptr()).collect();
        let value_ptrs: Vec<*const c_char> = values.iter().map(|v| v.as_ptr()).collect();
        let exe = std::env::current_exe()
            .ok()
            .and_then(|p| p.to_str().map(str::to_owned))
            .unwrap_or_else(|| "cilbind".into());
        let exe = cstring(&exe)?;
        let name = cstring("cilbind")?;

        let path = install.coreclr();
        // SAFETY: loading the runtime library runs its initialisers, which only set up the
        // library's own state; it is the library the install names, checked to exist.
        let library = unsafe { libloading::Library::new(&path) }
            .map_err(|e| Error::Startup(format!("cannot load {}: {e}", path.display())))?;
        // SAFETY: the two symbols are the hosting API's, with the signatures declared above
        // (unchanged from .NET Core 2.0 to .NET 10).
        let (initialize, create_delegate) = unsafe {
            let symbol = |name: &str| Error::Startup(format!("{} has no {name}: not a CoreCLR", path.display()));
            let initialize: InitializeFn = *library
                .get::<InitializeFn>(b"coreclr_initialize\0")
                .map_err(|_| symbol("coreclr_initialize"))?;
            let create_delegate: CreateDelegateFn = *library
                .get::<CreateDelegateFn>(b"coreclr_create_delegate\0")
                .map_err(|_| symbol("coreclr_create_delegate"))?;
            (initialize, create_delegate)
        };
        if STARTED.swap(true, Ordering::SeqCst) {
            return Err(Error::Startup(
                "CoreCLR already started in this process: a process runs one CoreCLR, once".into(),
            ));
        }
        let mut host = std::ptr::null_mut();
        let mut domain = 0;
        // SAFETY: every pointer is valid for the call (the CStrings and their pointer arrays
        // outlive it, the counts match); `host` and `domain` are out-parameters.
        let status = unsafe {
            initialize(
                exe.as_ptr(),
                name.as_ptr(),
                key_ptrs.len() as c_int,
                key_ptrs.as_ptr(),
                value_ptrs.as_ptr(),
                &mut host,
                &mut domain,
            )
        };
        if status < 0 {
            return Err(Error::Startup(format!(
                "coreclr_initialize failed with HRESULT {:#010x} (runtime {})",
                status as u32,
                install.framework.display()
            )));
        }
        Ok(Clr {
            _library: library,
            host,
            domain,
            create_delegate,
        })
    }

    /// A native-callable pointer to the public static method `type_name::method` of the
    /// assembly `assembly` (the caller knows its signature).
    pub(crate) fn create_delegate(&self, assembly: &str, type_name: &str, method: &str) -> Result<*const c_void> {
        let (a, t, m) = (cstring(assembly)?, cstring(type_name)?, cstring(method)?);
        let mut f = std::ptr::null_mut();
        // SAFETY: the host handle and domain come from a successful coreclr_initialize; the
        // names are NUL-terminated and live for the call; `f` is an out-parameter.
        let status =
            unsafe { (self.create_delegate)(self.host, self.domain, a.as_ptr(), t.as_ptr(), m.as_ptr(), &mut f) };
        if status < 0 || f.is_null() {
            return Err(Error::Startup(format!(
                "coreclr_create_delegate({assembly}, {type_name}, {method}) failed with HRESULT {:#010x}",
                status as u32
            )));
        }
        Ok(f)
    }
}

fn cstring(s: &str) -> Result<CString> {
    CString::new(s).map_err(|_| Error::Startup(format!("{s:?} contains a NUL byte")))
}

/// Writes the embedded helper to `<temp>/cilbind-<uid>/<hash>/Cilbind.Runtime.dll` (once per
/// helper build: the folder is named by the bytes' hash, so processes share it and a new build
/// never reads an old file) and returns its path. CoreCLR loads trusted platform assemblies
/// from files only.
fn write_helper() -> Result<PathBuf> {
    use std::hash::{Hash, Hasher};
    let mut hasher = fnv::FnvHasher::default();
    HELPER_ASSEMBLY.hash(&mut hasher);
    // SAFETY: getuid has no preconditions and cannot fail.
    let uid = unsafe { libc::getuid() };
    let dir = std::env::temp_dir()
        .join(format!("cilbind-{uid}"))
        .join(format!("{:016x}", hasher.finish()));
    let path = dir.join(format!("{HELPER_NAME}.dll"));
    if std::fs::read(&path).is_ok_and(|bytes| bytes == HELPER_ASSEMBLY) {
        return Ok(path);
    }
    let failed =
        |e: std::io::Error| Error::Startup(format!("cannot write the runtime's helper to {}: {e}", path.display()));
    std::fs::create_dir_all(&dir).map_err(failed)?;
    // Written under a name of this process, then renamed: a concurrent start never loads a
    // half-written file.
    let partial = dir.join(format!("{HELPER_NAME}.{}.partial", std::process::id()));
    std::fs::write(&partial, HELPER_ASSEMBLY).map_err(failed)?;
    std::fs::rename(&partial, &path).map_err(failed)?;
    Ok(path)
}

/// The major version of the system's ICU (`libicuuc.so.<N>`), if the dynamic loader finds one.
fn icu_version() -> Option<u32> {
    (50..=99).rev().find(|n| {
        // SAFETY: opening ICU's common library runs only its (side-effect free) initialisers;
        // the handle is closed at once.
        unsafe { libloading::Library::new(format!("libicuuc.so.{n}")) }.is_ok()
    })
}

/// Whether the runtime runs in invariant globalization mode: as the user's
/// `DOTNET_SYSTEM_GLOBALIZATION_INVARIANT` says, else only when no ICU is found (then the
/// runtime is pointed at the ICU found, through `CLR_ICU_VERSION_OVERRIDE`, unless the user set
/// it).
fn globalization_invariant() -> bool {
    if let Ok(v) = std::env::var("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT") {
        return v == "1" || v.eq_ignore_ascii_case("true");
    }
    match icu_version() {
        Some(n) => {
            if std::env::var_os("CLR_ICU_VERSION_OVERRIDE").is_none() {
                // SAFETY: set once, before the runtime (which reads it once, at start-up) is
                // initialised; other Rust threads reading the environment at that moment are
                // the documented hazard of set_var, as for Mono's MONO_THREADS_SUSPEND.
                unsafe { std::env::set_var("CLR_ICU_VERSION_OVERRIDE", n.to_string()) };
            }
            false
        }
        None => true,
    }
}
