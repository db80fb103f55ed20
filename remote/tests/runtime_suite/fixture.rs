//! `managed-tests/tests/runtime`'s fixture module for a remote runtime: the same statics and
//! hand-written bindings (included from that file), and a `setup` that makes this process the
//! client of a `cilbind-serve` process serving `Basics.dll` instead of loading it.

use std::process::{Command, Stdio};
use std::sync::OnceLock;

include!("../../../managed-tests/tests/runtime/fixture_types.rs");

use crate::common::TOKEN;

/// Connects this process (once) to a server started for it. The server is started through a
/// shell that kills it when this process's end of its stdin closes, which is when this process
/// exits, whichever way: the tests share one connection and no test owns the server.
// The shell is never waited for: it lives as long as this process, and ends with it (its
// parent gone, init reaps it).
#[allow(clippy::zombie_processes)]
pub(crate) fn setup() {
    static CONNECTED: OnceLock<()> = OnceLock::new();
    CONNECTED.get_or_init(|| {
        let mut shell = Command::new("sh")
            .args(["-c", "\"$@\" & server=$!; read -r _; kill \"$server\"", "sh"])
            .arg(env!("CARGO_BIN_EXE_cilbind-serve"))
            .args(["--listen", "127.0.0.1:0"])
            .arg(managed_tests::fixture_path("Basics"))
            .env("CILBIND_TOKEN", TOKEN)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cilbind-serve starts");
        let addr = crate::common::listening_address(&mut shell);
        // Kept open until the process exits (then the shell kills the server).
        std::mem::forget(shell.stdin.take());
        let connection = cilbind_remote::connect(addr, TOKEN, &[]).expect("the client connects");
        std::mem::forget(connection);
    });
}

/// True, after saying why on stderr: the calling test (or the part of it that follows) does
/// not apply to a remote runtime, and returns (or leaves that part out). The list with the
/// reasons is the `cilbind-test: not remote:` lines of the test output.
pub(crate) fn remote_skips(reason: &str) -> bool {
    let test = std::thread::current().name().unwrap_or("main").to_owned();
    let line = format!("cilbind-test: not remote: {test}: {reason}\n");
    let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
    true
}
