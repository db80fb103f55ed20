//! `--serve` and `--connect`: the game's runtime hosted by one process and played from
//! another, over a `cilbind-remote` connection. The server is this binary: it starts the
//! runtime, loads the game and installs its natives (`Rules.Mitigate` runs there, in Rust),
//! then serves. The client plays the same game through the same bindings: every call, the
//! `World.Died` handler (C# calls the client's closure back during `World.Step`), boxing,
//! generic members and the managed struct `RaycastHit` cross the connection. The ghoul, a
//! Rust subclass of `Monster`, cannot yet: a client's Rust implementation of an interface runs
//! over a connection (the server relays C#'s calls of it back to the client), but a subclass's
//! base calls and protected members have no relay, so it is switched off, saying why.

use std::io::Write;
use std::net::SocketAddr;

use crate::{bindings, Feature, Features, SampleError};

/// Where the token both sides share comes from.
pub const TOKEN_VARIABLE: &str = "CILBIND_TOKEN";

/// Why the ghoul is off over a connection.
pub(crate) const NO_GHOUL: &str = "a Rust subclass (its overrides, base calls and protected members) cannot run \
     in a client of a remote runtime yet: only Rust implementations of interfaces are relayed";

fn token() -> Result<String, SampleError> {
    match std::env::var(TOKEN_VARIABLE) {
        Ok(token) if !token.is_empty() => Ok(token),
        _ => Err(SampleError::Remote(format!(
            "set {TOKEN_VARIABLE} to the token the server and its clients share"
        ))),
    }
}

/// Hosts the game for clients at `listen` (the runtime started already) with `features` (the
/// natives: the game build the server loads) until the process is stopped. Prints
/// `listening on ADDR` first, the address it bound.
pub(crate) fn serve(listen: SocketAddr, features: &Features, out: &mut dyn Write) -> Result<u8, SampleError> {
    let token = token()?;
    crate::init(features)?;
    let server = cilbind_remote::serve(cilbind_remote::ServerConfig {
        listen,
        token,
        ..Default::default()
    })
    .map_err(|e| SampleError::Remote(format!("serving the game on {listen}: {e}")))?;
    writeln!(out, "listening on {}", server.local_addr())?;
    out.flush()?;
    server.wait();
    Ok(0)
}

/// Makes this process the client of the game's server at `addr`, and says what is switched
/// off over a connection.
pub(crate) fn connect(addr: SocketAddr, features: Features, out: &mut dyn Write) -> Result<Features, SampleError> {
    if !features.has(Feature::Natives) {
        return Err(SampleError::Remote(
            "--off natives: the natives are the server's, which loaded its build of the game (start it with \
             --serve ADDR --off natives)"
                .into(),
        ));
    }
    cilbind_remote::connect(addr, &token()?, &[bindings::FUNCTIONS]).map_err(|source| SampleError::Managed {
        context: format!("connecting to the game's server at {addr}"),
        source,
    })?;
    if !features.has(Feature::Ghoul) {
        return Ok(features);
    }
    writeln!(
        out,
        "Switched off over a connection ({NO_GHOUL}): {}.",
        Feature::Ghoul.instead()
    )?;
    Ok(features.without(Feature::Ghoul))
}
