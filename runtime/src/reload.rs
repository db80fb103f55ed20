//! Hot reload: replace the game's assemblies while the process keeps running.
//!
//! A runtime started with [`Runtime::start_reloadable`] keeps everything it loads in one
//! reloadable unit: on Mono a child AppDomain (`host/mono/unit.rs` says why and how; without
//! it the unit is Mono's root domain, which runs the class library's AOT code but can never be
//! unloaded), on CoreCLR a collectible `AssemblyLoadContext` (`host/coreclr/unit.rs`; without
//! it assemblies go into the default context, which can never be unloaded either).
//! [`Runtime::reload`] releases what Rust holds in the current unit, has the runtime unload
//! it, and loads the same files again from disk into a new unit, so rebuilt assemblies run
//! their new code. Afterwards:
//!
//! * every handle to an object of the old unit ([`Object`](crate::Object), typed wrappers,
//!   struct handles) is [`Error::StaleHandle`], never a crash and never an object of the new
//!   unit: a reload empties every store slot and bumps its generation;
//! * every `TypeRef`, `MethodRef`, `FieldRef` and generic member resolves again on its next
//!   use (their caches are stamped with the unit), so unchanged bindings keep working without
//!   rebuilding the Rust code; a binding whose method changed its signature fails on use with
//!   [`Error::MethodNotFound`], which names the method asked for and the overloads the new
//!   assembly has, and `init()` of the generated bindings lists every such method at once;
//! * Rust closures behind [`Callback`](crate::Callback)s and Rust values behind proxies
//!   (implementations of C# interfaces, subclasses of C# classes) are dropped: make them again
//!   in the new unit. Natives stay installed (Mono's table of internal calls is process-wide);
//!   call `install_natives` again to check the new assembly's natives against them.
//!
//! Mono frees the old unit's code and objects during the reload. CoreCLR's unloading is
//! cooperative: the old load context is freed by a later collection, once nothing references
//! it; cilbind lets go of everything it kept for it (store slots, the helper's caches of its
//! types and methods, its entry points), and [`Runtime::unloaded_units`] says whether the
//! runtime did free it. A C# object of the old unit that something else still references (a
//! static of an assembly outside the unit, a thread still running its code) keeps it alive.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::call::{callback, function_db::FunctionDb};
use crate::error::{Error, Result};
use crate::host::{thread, unit, Runtime};
use crate::proxy::slab as proxy_slab;
use crate::store::{invalidate_every_store, renew_every_store};

/// What a [`Runtime::reload`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReloadReport {
    /// The files loaded again into the new unit, in the order they were first loaded.
    pub assemblies: Vec<PathBuf>,
    /// Handles that were live, now stale.
    pub handles_released: usize,
    /// Callbacks whose closures were dropped.
    pub callbacks_released: usize,
    /// Rust values behind proxies that were dropped.
    pub proxies_released: usize,
    /// How long the reload took (release, unload, new unit, loads).
    pub elapsed: Duration,
}

/// What became of the units that reloads replaced ([`Runtime::unloaded_units`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct UnloadedUnits {
    /// Units replaced by a reload since the runtime started.
    pub replaced: usize,
    /// Of those, how many the runtime still keeps in memory.
    pub alive: usize,
}

/// Units replaced on Mono (CoreCLR's helper counts its own).
static REPLACED: AtomicUsize = AtomicUsize::new(0);

impl Runtime {
    /// Takes the calling thread out of the unit until its next call into managed code (which
    /// enters the current unit again, a reloaded one included). A thread that called in must
    /// do this, or exit, before another thread can [`reload`](Runtime::reload), and in a guest
    /// plugin before a Mono host unloads the domain cilbind adopted (see
    /// [`guest`](crate::guest)): Mono cannot unload a domain that a live thread is in. Cheap (a
    /// domain switch); does nothing on a thread that never called in.
    pub fn leave_unit() {
        thread::leave();
    }

    /// How many units reloads replaced, and how many of them the runtime still keeps in memory
    /// after full collections (each followed by a wait for pending finalizers, up to ten:
    /// CoreCLR frees an unloaded load context over several). Runs those collections, so it
    /// costs tens of milliseconds; meant for tests and diagnostics. On Mono an unloaded unit is
    /// freed during the reload, so `alive` is 0; on CoreCLR an `alive` that stays above 0
    /// means something still references the old unit (see the [module docs](crate::reload)).
    pub fn unloaded_units(&self) -> Result<UnloadedUnits> {
        Runtime::ensure_current_thread()?;
        let (replaced, alive) = unit::unloaded_units(REPLACED.load(Ordering::SeqCst), 10)?;
        Ok(UnloadedUnits { replaced, alive })
    }

    /// Unloads the unit that holds every loaded assembly and loads the same files again from
    /// disk into a new one (the runtime must have been started with
    /// [`Runtime::start_reloadable`]; otherwise this is [`Error::Reload`]) (see the [module docs](crate::reload) for what survives). The
    /// assemblies reloaded are those loaded with [`Runtime::load_assembly`] (generated
    /// bindings' `init()` loads through it); the class library is found again by name.
    /// Call the bindings' `init()` again afterwards: it checks layouts and, through the
    /// function database, lists every binding whose method is missing or changed.
    ///
    /// An error after the old unit was released (a reloaded file that is missing or corrupt,
    /// Mono failing to unload the old domain) still leaves a new, current unit with every file
    /// that did load: handles of the old unit are stale either way, and a later reload tries
    /// the files again.
    ///
    /// Refused (nothing changes) when called from code that C# called (a native, a Rust
    /// implementation, a callback): the managed frames below would return into freed code;
    /// and while another thread is in the unit (it called into managed code and neither exited
    /// nor called [`Runtime::leave_unit`] since): Mono cannot unload a domain a live thread is
    /// in (it crashes or waits forever), and on CoreCLR the same contract holds.
    ///
    /// # Safety
    /// No other thread may run managed code of the current unit or call into cilbind while
    /// this runs, and no value obtained from the old unit through the low-level API
    /// ([`Assembly`](crate::Assembly), [`Class`](crate::Class), [`Method`](crate::Method),
    /// [`Field`](crate::Field), [`ObjectRef`](crate::ObjectRef), a [`Thunk`](crate::Thunk)'s
    /// [`method`](crate::Thunk::method)) may be used afterwards: they are raw pointers into
    /// metadata and code that Mono frees. Handles, `TypeRef`/`MethodRef`/`FieldRef` statics
    /// and generated bindings are safe to keep: they are checked or resolved again.
    pub unsafe fn reload(&self) -> Result<ReloadReport> {
        Runtime::ensure_current_thread()?;
        if self.is_guest() {
            return Err(Error::Reload(
                "cilbind runs as a guest in the host's runtime (Runtime::attach): the host loaded the code and \
                 owns the runtime, so cilbind has no unit of its own to unload; reloading is not supported in \
                 guest mode"
                    .into(),
            ));
        }
        if !self.is_reloadable() {
            return Err(Error::Reload(
                "the runtime was started without a reloadable unit: start it with \
                 Runtime::start_reloadable() to reload"
                    .into(),
            ));
        }
        let start = Instant::now();
        if unit::managed_code_on_stack() {
            return Err(Error::Reload(
                "called from code that C# called (a native, a Rust implementation or a callback): \
                 the managed frames below it would return into unloaded code"
                    .into(),
            ));
        }
        let others = thread::others_in_unit();
        if !others.is_empty() {
            return Err(Error::Reload(format!(
                "other threads are still in the unit ({}): the runtime cannot unload a unit that a \
                 live thread is in; call Runtime::leave_unit() on each of them first, or let them exit",
                others.join(", ")
            )));
        }
        let mut released = (0, 0, 0);
        // SAFETY: the caller's promise (no concurrent use, nothing of the old unit used
        // afterwards); the first closure empties every store slot and drops everything Rust
        // keeps for the old unit before the runtime unloads it; the second gives the stores slot
        // arrays in the new unit before anything can use them.
        let assemblies = unsafe {
            self.replace_unit(
                || {
                    released = (
                        invalidate_every_store(),
                        callback::release_all(),
                        proxy_slab::release_all(),
                    );
                    FunctionDb::forget_resolved();
                },
                renew_every_store,
            )
        };
        // The old unit was replaced whether or not every file loaded again.
        REPLACED.fetch_add(1, Ordering::SeqCst);
        let assemblies = assemblies?;
        Ok(ReloadReport {
            assemblies,
            handles_released: released.0,
            callbacks_released: released.1,
            proxies_released: released.2,
            elapsed: start.elapsed(),
        })
    }
}
