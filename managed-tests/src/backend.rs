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

/// What CoreCLR does not offer yet, and what the fixtures built against Mono's class library
/// need: the reasons tests give [`not_on_coreclr`].
pub mod mono_only {
    /// Natives declared `[MethodImpl(MethodImplOptions.InternalCall)]` (CoreCLR refuses them,
    /// naming each: tests/natives.rs checks the refusal; `[DllImport("__Internal")]` natives
    /// run on both, tests/imports.rs).
    pub const INTERNAL_CALLS: &str = "the fixture's natives are [MethodImpl(InternalCall)], which binds only on Mono \
                                      (CoreCLR refuses them; what both forms share runs on both in tests/imports.rs)";
    /// What a native's `Err`, panic or refusal (the stack check's) becomes: on CoreCLR an
    /// exception cannot cross a P/Invoke back into C#, so it is logged and the native returns
    /// zero (tests/imports.rs checks that), where Mono throws it at the call site.
    pub const NATIVE_EXCEPTIONS: &str = "an exception crossing a P/Invoke back into C# aborts CoreCLR, so a native's Err, \
                                         panic or stack-check refusal is logged and returns zero there: no C# exception \
                                         to assert";
    /// Json.NET's serializer, as Debian ships it.
    pub const JSON_NET_SERIALIZER: &str = "Debian's Json.NET is its .NET Framework build: its serializer loads \
                                           System.Security.Permissions, which .NET Core's shared framework lacks";
    /// Bindings of Mono's own class library (mscorlib's public static fields), which CoreCLR's
    /// does not match. (The translated methods and the `decimal` layout of Mono's class
    /// library are checked on CoreCLR against bindings of CoreCLR's own builds.)
    pub const MONO_CLASS_LIBRARY: &str =
        "the bindings are of Mono's class library (mscorlib's static fields), which CoreCLR's does not match";
}

/// True, after saying so on stderr, when the tests run on CoreCLR and the calling test does
/// not apply there for `reason` (one of [`mono_only`]'s): the test returns at once. `bash
/// scripts/coreclr-tests.sh` counts these lines.
pub fn not_on_coreclr(reason: &str) -> bool {
    if !on_coreclr() {
        return false;
    }
    let test = std::thread::current().name().unwrap_or("main").to_owned();
    // One write, so that no other output lands inside the line the script counts.
    let line = format!("cilbind-test: not on coreclr: {test}: {reason}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    true
}

/// True, after saying so on stderr, when the tests run on CoreCLR and `part` of the calling
/// test (one bindings of several, say) does not apply there for `reason`: the test leaves that
/// part out and checks the rest. `bash scripts/coreclr-tests.sh` counts these lines apart
/// from [`not_on_coreclr`]'s: such a test still runs there.
pub fn part_not_on_coreclr(part: &str, reason: &str) -> bool {
    if !on_coreclr() {
        return false;
    }
    let test = std::thread::current().name().unwrap_or("main").to_owned();
    let line = format!("cilbind-test: part not on coreclr: {test}: {part}: {reason}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    true
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
