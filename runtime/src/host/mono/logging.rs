//! Mono's own diagnostics go to the `log` crate (target `mono`), never to the process's
//! stdout or stderr.
//!
//! Mono reports through eglib: `g_log` (`g_warning`, `g_critical`, `g_error`, and its tracer,
//! which `MONO_LOG_LEVEL`/`MONO_LOG_MASK` turn up) and the free-form `g_print`/`g_printerr`.
//! Left alone, eglib writes all of it to stdout or stderr. The one a cilbind user meets first is
//! `icall.c:1726:`, printed on stdout by every `Type.GetType(string)` called from Rust: Mono
//! 6.8's `type_from_parsed_name` (mono/metadata/icall.c) walks the stack for the managed method
//! that called it, to resolve the name against that method's assembly, finds none when the
//! caller is native code, and says so with `g_warning (G_STRLOC)` (a location, no text). The
//! lookup then falls back to mscorlib and the assembly named in the string, as it should.
//!
//! [`install`] replaces eglib's handlers before Mono starts, so start-up messages are routed
//! too. Levels map as: `error` and `critical` → `log::Level::Error`, `warning` → `Warn`,
//! `message` and `info` → `Info`, `debug` → `Debug`; `g_print` text is `Info` and `g_printerr`
//! text `Warn`. Managed code's own output (`Console.WriteLine`) does not pass through eglib and
//! is untouched.
//!
//! A *fatal* message (`g_error`, a failed `g_assert`) is the one exception to silence: Mono
//! requires the handler not to return, so the process aborts, and the message is also written
//! to stderr so that the reason for the abort is not lost when no logger is installed.

use std::ffi::{c_char, c_void, CStr};
use std::io::Write;
use std::ptr;

use super::ffi;

/// The `log` target of everything Mono reports.
const TARGET: &str = "mono";

/// Routes Mono's log messages and free-form prints to the `log` crate. Called once, before
/// `mono_jit_init`.
pub(super) fn install() {
    // SAFETY: called once per process (from `Runtime::start`, under its OnceLock) before any
    // Mono thread exists. `mono_trace_init` only reads the MONO_LOG_* variables and sets up
    // Mono's default logger; it runs first because its lazy first call would otherwise replace
    // the handler installed next. The callbacks are `'static` functions with Mono's C
    // signatures that never unwind (panics are caught) and return for every non-fatal message,
    // as Mono requires; the user-data pointer is unused, so NULL is fine.
    unsafe {
        ffi::mono_trace_init();
        ffi::mono_trace_set_log_handler(on_log, ptr::null_mut());
        ffi::mono_trace_set_print_handler(on_print);
        ffi::mono_trace_set_printerr_handler(on_print);
    }
}

/// `MonoLogCallback`: one `g_log` message or tracer line.
unsafe extern "C" fn on_log(
    domain: *const c_char,
    level: *const c_char,
    message: *const c_char,
    fatal: ffi::MonoBool,
    _user_data: *mut c_void,
) {
    // SAFETY: Mono passes NUL-terminated strings that stay valid for the call (the domain may
    // be NULL, which `text` maps to None).
    let (domain, level, message) = unsafe { (text(domain), text(level), text(message)) };
    let message = message.as_deref().unwrap_or_default().trim_end();
    let level = match level.as_deref() {
        Some("error" | "critical") => log::Level::Error,
        Some("warning") => log::Level::Warn,
        Some("message" | "info") => log::Level::Info,
        _ => log::Level::Debug,
    };
    // The tracer names every line's domain "Mono", which says nothing under target `mono`.
    let line = match domain.as_deref() {
        Some(d) if !d.is_empty() && d != "Mono" => format!("{d}: {message}"),
        _ => message.to_string(),
    };
    emit(level, &line);
    if fatal != 0 {
        // Mono's contract: execution must not resume after a fatal message. The process ends
        // here, so its reason goes where a person will see it, logger or not.
        let _ = writeln!(std::io::stderr(), "Mono fatal error: {line}");
        std::process::abort();
    }
}

/// `MonoPrintCallback`: free-form text Mono meant for stdout (`g_print`) or stderr
/// (`g_printerr`).
unsafe extern "C" fn on_print(string: *const c_char, is_stdout: ffi::MonoBool) {
    // SAFETY: Mono passes a NUL-terminated string valid for the call.
    let string = unsafe { text(string) };
    let line = string.as_deref().unwrap_or_default().trim_end();
    if line.is_empty() {
        return;
    }
    emit(
        if is_stdout != 0 {
            log::Level::Info
        } else {
            log::Level::Warn
        },
        line,
    );
}

/// Logs `line` under target `mono`. A panicking logger must not unwind into Mono's C frames
/// (that would abort the process), so a panic is caught and the line dropped.
fn emit(level: log::Level, line: &str) {
    let _ = std::panic::catch_unwind(|| log::log!(target: TARGET, level, "{line}"));
}

/// A C string Mono owns, copied; `None` for NULL.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string valid for the call.
unsafe fn text(p: *const c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: non-NULL and NUL-terminated (the caller's promise).
    Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}
