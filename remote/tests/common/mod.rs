//! A `cilbind-serve` process for the loopback tests: a real server, in a process of its own
//! (a client process never hosts a runtime), serving the Game fixture.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// The token the test servers take.
pub const TOKEN: &str = "loopback-test-token";

/// A running server process, killed when dropped.
pub struct ServerProcess {
    child: Child,
    pub addr: SocketAddr,
}

impl ServerProcess {
    /// Starts `cilbind-serve` on a free loopback port with the Game fixture.
    #[allow(dead_code)] // not every test file starts a plain server
    pub fn start() -> ServerProcess {
        ServerProcess::start_with(&[])
    }

    /// [`ServerProcess::start`] with more arguments.
    pub fn start_with(extra: &[&str]) -> ServerProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cilbind-serve"))
            .args(["--listen", "127.0.0.1:0"])
            .args(extra)
            .arg(managed_tests::fixture_path("Game"))
            .env("CILBIND_TOKEN", TOKEN)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cilbind-serve starts");
        let addr = listening_address(&mut child);
        ServerProcess { child, addr }
    }

    /// Kills the server now (a crash, as the client sees it).
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The address a `cilbind-serve` process (or a process whose stdout is its) says it listens
/// on, read from the first line of `child`'s piped stdout.
pub fn listening_address(child: &mut Child) -> SocketAddr {
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout is piped"))
        .read_line(&mut line)
        .expect("the server prints its address");
    line.trim()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("unexpected first line from cilbind-serve: {line:?}"))
        .parse()
        .expect("an address")
}

/// Serves the fixture `fixture` (beside the Game one), connects with the bindings' `table`,
/// and plays `play` twice: the second round must leave nothing more behind on the server than
/// the first (whose first uses may fill the server's caches: everything made for a call, a
/// failed one's included, was released there), and the client must hold no handle after it.
#[allow(dead_code)] // not every test file plays a fixture of its own
pub fn play_twice(
    fixture: &str,
    table: &'static [cilbind::generated::FunctionType],
    play: fn() -> cilbind::Result<()>,
) -> cilbind::Result<()> {
    let path = managed_tests::fixture_path(fixture);
    let server = ServerProcess::start_with(&[path.to_str().unwrap()]);
    let connection = cilbind_remote::connect(server.addr, TOKEN, &[table])?;
    play()?;
    cilbind::remote::flush()?;
    let after_first = connection.stats()?.live_handles;
    play()?;
    cilbind::remote::flush()?;
    assert_eq!(connection.stats()?.live_handles, after_first);
    assert_eq!(cilbind::remote::live_handles(), 0);
    Ok(())
}
