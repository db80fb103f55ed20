//! Remote runtimes for cilbind: a server process hosts a .NET runtime (Mono or CoreCLR) and
//! serves many clients; a client's **unchanged generated bindings** call it over the network.
//!
//! ```no_run
//! # mod bindings { pub static FUNCTIONS: &[cilbind::generated::FunctionType] = &[]; }
//! // The client: connect once, then use the bindings as with a local runtime.
//! let addr = "127.0.0.1:7040".parse().unwrap();
//! let token = std::env::var("CILBIND_TOKEN").unwrap();
//! cilbind_remote::connect(addr, &token, &[bindings::FUNCTIONS])?;
//! # Ok::<(), cilbind::Error>(())
//! ```
//!
//! The server is [`serve`], or the `cilbind-serve` binary:
//! `CILBIND_TOKEN=… cilbind-serve --listen 127.0.0.1:7040 Game.dll`.
//!
//! # The wire
//! [tarpc](https://docs.rs/tarpc) over TCP, bincode-encoded, each message behind its length.
//! tarpc rather than tonic: the messages are the runtime's own serde types (the call log's
//! value encoding, `cilbind::remote::wire`), where gRPC would need a protobuf copy of each
//! and a code generator in the build; tarpc multiplexes requests on one connection, as
//! pipelining needs, and builds from crates.io alone.
//!
//! # What a connection guarantees
//! - **Authentication first**: a client's first request presents the server's token
//!   (compared in constant time); anything else first closes the connection. The server
//!   listens on loopback unless told otherwise. With the `tls` feature and a certificate
//!   ([`ServerConfig::tls`], [`connect_tls`]) the connection is TLS (rustls); without, run it
//!   across machines only inside a tunnel you trust (SSH, WireGuard).
//! - **The same functions**: at connect the server checks the client's generated tables
//!   against its assemblies; a client built against others is refused with the list.
//! - **Handles per client**: a client names objects by cookies the server gave *that
//!   connection*; another client's cookie, a released or forged one is
//!   [`Error::StaleHandle`](cilbind::Error::StaleHandle). A connection that ends, however it
//!   ends, releases everything its client held.
//! - **Order**: one client's calls run in the order it made them, on one server thread;
//!   void calls inside [`cilbind::remote::pipelined`] are sent without waiting.
//! - **Faults**: a server that went away is [`Error::Disconnected`](cilbind::Error::Disconnected)
//!   at the next call; [`connect`] again for fresh handles. A malformed or oversized message
//!   closes its connection only, with the reason logged and kept ([`Server::closed`]).
//!
//! Boxing, generic members, arrays, spans, managed structs by handle, callbacks (C# calling
//! the client's closures during the client's own calls) and Rust implementations of interfaces
//! (called back the same way) cross too; what does not (Rust subclasses of C# classes, …) is
//! refused at the call: see [`cilbind::remote`].

mod client;
mod server;
pub mod service;
mod tls;

pub use client::{connect, connect_tls, Connect, Connection};
pub use server::{serve, Closed, Server, ServerConfig};
pub use service::{Stats, Welcome};
pub use tls::{ClientTls, ServerTls};

/// Why a server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The configuration cannot work.
    #[error("server configuration: {0}")]
    Config(String),
    /// The runtime could not start or load an assembly.
    #[error(transparent)]
    Runtime(#[from] cilbind::Error),
    /// The address could not be listened on.
    #[error("cannot listen on {0}: {1}")]
    Listen(std::net::SocketAddr, std::io::Error),
    /// The server's threads could not start.
    #[error("cannot start the server: {0}")]
    Io(std::io::Error),
}

/// True when `given` is the server's token, compared in time that does not depend on where
/// they differ.
fn token_matches(given: &str, token: &str) -> bool {
    use subtle::ConstantTimeEq;
    given.len() == token.len() && bool::from(given.as_bytes().ct_eq(token.as_bytes()))
}
