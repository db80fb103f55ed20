//! The one place the tests start the runtime. Each test file starts it through [`runtime`]
//! (or [`start_with`]), which runs the backend `CILBIND_RUNTIME` names (`mono`, the default,
//! or `coreclr`): the whole suite runs on either by setting that variable, with no change in
//! the test files.

use cilbind::{Backend, Runtime};

/// The environment variable naming the backend the tests run on (unset: Mono).
pub const BACKEND_VAR: &str = "CILBIND_RUNTIME";

/// The backend the tests run on in this process.
///
/// Panics on an unknown `CILBIND_RUNTIME`, naming the value.
pub fn backend() -> Backend {
    Backend::from_env().unwrap_or_else(|e| panic!("{e}"))
}

/// True when the tests run on CoreCLR.
pub fn on_coreclr() -> bool {
    matches!(backend(), Backend::CoreClr { .. })
}

/// Starts the backend `CILBIND_RUNTIME` names (once per process) and attaches the calling
/// thread to it.
///
/// Panics when the runtime cannot start: a test cannot run without it.
pub fn runtime() -> &'static Runtime {
    let backend = backend();
    let name = backend.name();
    Runtime::builder()
        .backend(backend)
        .start()
        .and_then(|_| Runtime::get())
        .unwrap_or_else(|e| panic!("{name} starts: {e}"))
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
        std::env::set_var(BACKEND_VAR, "mono");
        assert_eq!(Backend::from_env().unwrap(), Backend::Mono);
        std::env::set_var(BACKEND_VAR, "coreclr");
        assert_eq!(Backend::from_env().unwrap(), Backend::CoreClr { root: None });
        std::env::set_var(BACKEND_VAR, "clr");
        let e = Backend::from_env().unwrap_err().to_string();
        assert!(
            e.contains("CILBIND_RUNTIME=\"clr\"") && e.contains("`mono` or `coreclr`"),
            "{e}"
        );
    }
}
