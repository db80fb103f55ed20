//! Guest mode on Mono: adopting the Mono a host process runs instead of starting one, and
//! following the host when it unloads the domain cilbind adopted and starts its game again in a
//! new one (see `host/guest.rs` for the plugin's side).

use std::collections::HashMap;
use std::ptr::NonNull;
use std::sync::Mutex;

use super::ffi;
use super::runtime::{root_domain, Runtime, Unit, RUNTIME};
use super::thread;
use crate::error::{Error, Result};
use crate::host::helper_assembly::{HELPER_ASSEMBLY, HELPER_NAME};

/// Set once [`Runtime::attach`] adopted the host's Mono (read by `thread.rs`).
static GUEST: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True once cilbind runs as a guest in a Mono the host process started ([`Runtime::attach`]).
#[inline]
pub(crate) fn is_guest() -> bool {
    GUEST.load(std::sync::atomic::Ordering::Relaxed)
}

impl Runtime {
    /// Guest mode, after the host unloaded the domain cilbind adopted ([`retire_adopted`]
    /// ran) and before the game's new domain called the plugin's bootstrap entry again.
    ///
    /// [`retire_adopted`]: Runtime::retire_adopted
    #[inline]
    pub(super) fn host_unloaded_unit(&self) -> bool {
        self.guest && super::unit::domain().is_null()
    }

    #[cold]
    pub(super) fn unloaded_by_host() -> Error {
        Error::Reload(
            "the host unloaded the application domain cilbind was attached in (as Unity does when it reloads \
             its scripts): every handle into it is stale and nothing can run there; the game's code in its new \
             domain must call the plugin's bootstrap entry (cilbind_guest_init) again first"
                .into(),
        )
    }

    /// Guest mode: the adopted runtime, whether or not its unit is still there (for
    /// [`retire_adopted`](Runtime::retire_adopted), which runs while it goes).
    pub(crate) fn adopted() -> Option<&'static Runtime> {
        match RUNTIME.get() {
            Some(Ok(rt)) if rt.guest => Some(rt),
            _ => None,
        }
    }

    /// Guest mode: the host is unloading the adopted domain (called inside it, on the thread
    /// that unloads, once Rust has let go of what it kept there): the epoch moves on, so every
    /// cache stamped with it is stale, and until [`attach`](Runtime::attach) adopts the game's
    /// new domain every entry ([`get`](Runtime::get)) is an error instead of a use of freed
    /// metadata.
    pub(crate) fn retire_adopted(&self) {
        let mut unit = self.unit.lock().unwrap_or_else(|p| p.into_inner());
        super::unit::retire();
        unit.assemblies.clear();
    }

    /// Adopts the Mono the host process runs (cilbind is a plugin loaded into it): the calling
    /// thread's current domain (the root domain when the host runs one domain, as `mono
    /// Game.exe` does) becomes cilbind's unit, the calling thread is attached, the runtime's
    /// C# helper is loaded into that domain and the object-header check of a normal start runs.
    /// The host owns the runtime: cilbind never shuts it down and leaves its configuration
    /// (suspend mode, logging, internal calls) alone.
    ///
    /// [`Error::Startup`] when no Mono runs in the process, when cilbind started Mono itself
    /// ([`Runtime::get`]), and when the host's Mono does not suspend threads preemptively:
    /// cilbind's handles and raw calls rely on a collection stopping every attached thread,
    /// which hybrid suspend (Debian's default) does not do for a thread inside a P/Invoke call,
    /// where a plugin runs.
    ///
    /// `Ok(true)` when it adopted the game's new domain because the host had unloaded the last
    /// one ([`retire_adopted`](Runtime::retire_adopted)): the caller gives the stores new slot
    /// arrays before anything else runs.
    pub(crate) fn attach() -> Result<bool> {
        if root_domain().is_none() {
            return Err(Error::Startup(
                "no Mono runs in this process: Runtime::attach adopts the runtime of the host process that loaded \
                 cilbind as a plugin; to start one, use Runtime::get"
                    .into(),
            ));
        }
        match RUNTIME.get_or_init(Runtime::adopt) {
            Ok(rt) if rt.guest => {
                let again = rt.host_unloaded_unit();
                if again {
                    rt.adopt_again()?;
                }
                thread::ensure_attached(rt.domain());
                Ok(again)
            }
            Ok(_) => Err(Error::Startup(
                "cilbind started Mono in this process itself (host mode): there is no host runtime to attach to".into(),
            )),
            Err(e) => Err(Error::Startup(e.clone())),
        }
    }

    /// Guest mode, once the host unloaded the adopted domain: adopts the calling thread's
    /// current domain (the game's new one, whose code calls the plugin's bootstrap entry) as a
    /// new unit, as [`adopt`](Runtime::adopt) did the first. The caller gives the stores new slot
    /// arrays in it before anything else runs.
    fn adopt_again(&self) -> Result<()> {
        let mut unit = self.unit.lock().unwrap_or_else(|p| p.into_inner());
        if !self.host_unloaded_unit() {
            // Another thread adopted it while this one waited for the lock.
            return Ok(());
        }
        // SAFETY: reads the calling thread's current domain (NULL when Mono never attached it).
        let domain = NonNull::new(unsafe { ffi::mono_domain_get() }).ok_or_else(|| {
            Error::Startup("the thread that called the plugin's bootstrap entry runs in no Mono domain".into())
        })?;
        super::unit::adopt(domain)?;
        thread::mark_adopted();
        let helper = Self::load_from_memory(HELPER_ASSEMBLY, HELPER_NAME).map_err(|e| {
            // Not adopted after all: the unit stays retired, and a later call tries again.
            super::unit::retire();
            Error::Startup(format!("cannot load the runtime's C# helper into the new domain: {e}"))
        })?;
        *unit = Unit {
            domain,
            helper,
            assemblies: HashMap::new(),
            paths: Vec::new(),
        };
        Ok(())
    }

    fn adopt() -> std::result::Result<Runtime, String> {
        crate::host::backend::claim(&crate::host::Backend::Mono).map_err(|e| e.to_string())?;
        let root = root_domain().ok_or("no Mono runs in this process")?;
        // SAFETY: reads the calling thread's current domain (NULL when Mono never attached it).
        let current = unsafe { ffi::mono_domain_get() };
        // The domain the game's code runs in: where its assemblies are loaded, and where the
        // helper and every object cilbind makes must live.
        let domain = NonNull::new(current).unwrap_or(root);
        // SAFETY: Mono runs; attaching a thread that is attached already returns its thread
        // object and changes nothing, an unattached one is attached to the root domain (see
        // `thread::ensure_attached` for why never to a child domain).
        unsafe { ffi::mono_thread_attach(root.as_ptr()) };
        GUEST.store(true, std::sync::atomic::Ordering::Relaxed);
        if !Self::preemptive() {
            return Err(
                "the host's Mono runs with hybrid (or cooperative) thread suspend: cilbind needs preemptive \
                        suspend, in which a collection stops every attached thread wherever it runs (in hybrid mode \
                        a thread inside a P/Invoke call, where a plugin runs, counts as blocked and is not stopped, \
                        so a collection could move or free the objects Rust is using). Start the host with \
                        MONO_THREADS_SUSPEND=preemptive in its environment"
                    .into(),
            );
        }
        let unit = super::unit::adopt(domain)
            .and_then(|()| {
                thread::mark_adopted();
                Self::load_from_memory(HELPER_ASSEMBLY, HELPER_NAME)
                    .map_err(|e| Error::Startup(format!("cannot load the runtime's C# helper: {e}")))
            })
            .map(|helper| Unit {
                domain,
                helper,
                assemblies: HashMap::new(),
                paths: Vec::new(),
            })
            .map_err(|e| e.to_string())?;
        let rt = Runtime {
            unit: Mutex::new(unit),
            reloadable: false,
            guest: true,
        };
        super::raw::verify_object_header(domain.as_ptr());
        Ok(rt)
    }
}
