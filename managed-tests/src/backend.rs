//! The one place the tests start the runtime. Each test file starts it through [`start`] (or
//! [`runtime`], which reads the backend from the environment), so that running the suite on
//! another backend is a change here and in `CILBIND_RUNTIME`, not in every test file.

use std::fmt;
use std::str::FromStr;

use cilbind::Runtime;

/// The environment variable naming the backend the tests run on (unset: [`Backend::Mono`]).
pub const BACKEND_VAR: &str = "CILBIND_RUNTIME";

/// A runtime the tests can run on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Mono embedded in the test process (Debian's Mono 6.8).
    Mono,
}

impl Backend {
    /// Every backend, in the spelling [`CILBIND_RUNTIME`](BACKEND_VAR) takes.
    pub const ALL: &'static [Backend] = &[Backend::Mono];

    /// The name `CILBIND_RUNTIME` spells this backend with.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Mono => "mono",
        }
    }

    /// The backend `CILBIND_RUNTIME` names; [`Backend::Mono`] when it is unset or empty.
    pub fn from_env() -> Result<Backend, UnknownBackend> {
        match std::env::var(BACKEND_VAR) {
            Ok(value) if value.is_empty() => Ok(Backend::Mono),
            Ok(value) => value.parse(),
            Err(std::env::VarError::NotPresent) => Ok(Backend::Mono),
            Err(std::env::VarError::NotUnicode(value)) => Err(UnknownBackend(value.to_string_lossy().into_owned())),
        }
    }
}

impl FromStr for Backend {
    type Err = UnknownBackend;

    fn from_str(name: &str) -> Result<Backend, UnknownBackend> {
        Backend::ALL
            .iter()
            .copied()
            .find(|b| b.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownBackend(name.to_owned()))
    }
}

/// A `CILBIND_RUNTIME` value that names no backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBackend(pub String);

impl fmt::Display for UnknownBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
        write!(
            f,
            "{BACKEND_VAR}={:?} names no backend the tests can run on (known: {})",
            self.0,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownBackend {}

/// Starts `backend` (once per process) and attaches the calling thread to it.
///
/// Panics when the runtime cannot start: a test cannot run without it.
pub fn start(backend: Backend) -> &'static Runtime {
    match backend {
        Backend::Mono => Runtime::get().unwrap_or_else(|e| panic!("Mono starts: {e}")),
    }
}

/// Starts the backend `CILBIND_RUNTIME` names (see [`start`]).
///
/// Panics on an unknown `CILBIND_RUNTIME`, naming the value and the known backends.
pub fn runtime() -> &'static Runtime {
    start(Backend::from_env().unwrap_or_else(|e| panic!("{e}")))
}

/// Starts the backend `CILBIND_RUNTIME` names, then runs a generated binding's `init` (which
/// loads its assemblies and checks its layouts); panics naming the binding when `init` fails.
pub fn start_with<F: FnOnce() -> cilbind::Result<()>>(init: F) {
    runtime();
    if let Err(e) = init() {
        panic!(
            "{} (its assemblies load, its layouts match): {e}",
            std::any::type_name::<F>()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_names_parse_and_unknown_ones_are_named_in_the_error() {
        assert_eq!("mono".parse::<Backend>(), Ok(Backend::Mono));
        assert_eq!("Mono".parse::<Backend>(), Ok(Backend::Mono));
        let e = "coreclr".parse::<Backend>().unwrap_err();
        assert_eq!(e, UnknownBackend("coreclr".into()));
        assert_eq!(
            e.to_string(),
            "CILBIND_RUNTIME=\"coreclr\" names no backend the tests can run on (known: mono)"
        );
        for b in Backend::ALL {
            assert_eq!(b.name().parse::<Backend>(), Ok(*b));
        }
    }
}
