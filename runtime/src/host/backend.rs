//! Which runtime the process hosts: Mono or CoreCLR, chosen once, at start-up.
//!
//! Both runtimes allow one instance per process and neither can be restarted, so the choice
//! is process-wide and final: the first start decides ([`Backend`] given to
//! [`RuntimeBuilder::start`](crate::host::RuntimeBuilder::start), else `CILBIND_RUNTIME`, else
//! Mono). The host's functions then branch on [`coreclr_runs`], one relaxed load of a flag
//! that never changes after start-up, which the processor predicts; the call path itself
//! (cached entry points, store slots, the thread's attach record) takes no branch at all,
//! since both backends fill the same data.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::error::{Error, Result};

/// The managed runtime a process hosts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    /// Mono 6.8, embedded (the default).
    #[default]
    Mono,
    /// CoreCLR (.NET Core 3.1 to .NET 10, through the same hosting API) from the .NET root
    /// `root` (the folder holding `shared/Microsoft.NETCore.App/<version>/`); `None` looks in
    /// `CILBIND_DOTNET_ROOT`, then in the cache folder `scripts/ensure-deps.sh` fills.
    CoreClr {
        /// The .NET root, or `None` for the default.
        root: Option<PathBuf>,
    },
}

impl Backend {
    /// The backend `CILBIND_RUNTIME` names (`mono` or `coreclr`; unset or empty: Mono).
    pub fn from_env() -> Result<Backend> {
        match std::env::var("CILBIND_RUNTIME").as_deref() {
            Err(_) | Ok("") | Ok("mono") => Ok(Backend::Mono),
            Ok("coreclr") => Ok(Backend::CoreClr { root: None }),
            Ok(other) => Err(Error::Startup(format!(
                "CILBIND_RUNTIME={other:?} names no runtime: use `mono` or `coreclr`"
            ))),
        }
    }

    /// A short name (`mono`, `coreclr`), as `CILBIND_RUNTIME` spells it.
    pub fn name(&self) -> &'static str {
        match self {
            Backend::Mono => "mono",
            Backend::CoreClr { .. } => "coreclr",
        }
    }
}

const NONE: u8 = 0;
const MONO: u8 = 1;
const CORECLR: u8 = 2;
/// CoreCLR is starting (or failed to start): neither backend's functions may run.
const CORECLR_STARTING: u8 = 3;
/// The process is a client of a runtime another process hosts (`crate::remote`): no local
/// runtime may start.
const REMOTE: u8 = 4;

/// Which backend runs (`NONE` before start-up).
static RUNNING: AtomicU8 = AtomicU8::new(NONE);

/// True once CoreCLR runs in this process; false under Mono and before start-up (the host's
/// functions start the runtime on first use, and what starts by default is Mono).
#[inline(always)]
pub(crate) fn coreclr_runs() -> bool {
    RUNNING.load(Ordering::Relaxed) == CORECLR
}

/// True once the process is a client of a remote runtime (see `crate::remote`).
pub(crate) fn remote_runs() -> bool {
    RUNNING.load(Ordering::Acquire) == REMOTE
}

/// Takes the process for a remote runtime: refused once a local one runs or starts (a client
/// again after a disconnect is fine).
pub(crate) fn claim_remote() -> Result<()> {
    match RUNNING.compare_exchange(NONE, REMOTE, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) | Err(REMOTE) => Ok(()),
        Err(other) => Err(Error::Startup(format!(
            "the process already runs {}: it cannot also be the client of a remote runtime",
            if other == MONO { "mono" } else { "coreclr" }
        ))),
    }
}

/// True once cilbind claimed the process for CoreCLR (starting it, or adopting a host's),
/// whether or not that succeeded.
pub(crate) fn coreclr_claimed() -> bool {
    matches!(RUNNING.load(Ordering::Acquire), CORECLR | CORECLR_STARTING)
}

/// Takes the process for `backend` before it starts: Mono may be claimed again (it starts
/// once, under its own lock); anything else already claimed is [`Error::Startup`], so that a
/// process never starts both runtimes. So is a CoreCLR the host process runs (cilbind is a
/// guest plugin in it: [`claim_host_coreclr`] adopts it instead).
pub(crate) fn claim(backend: &Backend) -> Result<()> {
    if RUNNING.load(Ordering::Acquire) == NONE {
        crate::host::coreclr::guest::refuse_second()?;
    }
    take(backend)
}

/// Takes the process for the CoreCLR its host runs, which cilbind adopts as a guest.
pub(crate) fn claim_host_coreclr() -> Result<()> {
    take(&Backend::CoreClr { root: None })
}

fn take(backend: &Backend) -> Result<()> {
    let want = match backend {
        Backend::Mono => MONO,
        Backend::CoreClr { .. } => CORECLR_STARTING,
    };
    match RUNNING.compare_exchange(NONE, want, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => Ok(()),
        Err(MONO) if want == MONO => Ok(()),
        Err(REMOTE) => Err(Error::Startup(format!(
            "the process is the client of a remote runtime (cilbind::remote): it cannot start {} \
             too. What needs a local runtime (spans, Rust implementations of C# types, reload, \
             recording) is not available over a connection; generated bindings' calls, fields, \
             boxing, arrays, generic members and callbacks are",
            backend.name()
        ))),
        Err(other) => Err(Error::Startup(format!(
            "the process already runs {}: it cannot start {} too (one runtime per process)",
            match other {
                MONO => "mono",
                _ => "coreclr",
            },
            backend.name()
        ))),
    }
}

/// Records that CoreCLR started (after its runtime is in place, so that every function that
/// sees [`coreclr_runs`] finds it).
pub(crate) fn set_running(backend: &Backend) {
    if let Backend::CoreClr { .. } = backend {
        RUNNING.store(CORECLR, Ordering::Release);
    }
}

/// `mono` on Mono (and before start-up), `clr` on CoreCLR: the one place the host picks a
/// backend's implementation of an operation.
macro_rules! on_backend {
    (mono => $mono:expr, coreclr => $clr:expr $(,)?) => {
        if $crate::host::backend::coreclr_runs() {
            $clr
        } else {
            $mono
        }
    };
}
pub(crate) use on_backend;
