//! The service a server offers its clients, as tarpc declares it. Every message is a serde
//! type of `cilbind::remote::wire`, encoded with bincode, each frame behind its length.

use cilbind::remote::{Batch, MethodName, Reply, Returned, TableRow};
use cilbind::Error;
use serde::{Deserialize, Serialize};

/// What a server tells a client that authenticated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// The runtime the server hosts (`mono`, `coreclr`).
    pub runtime: String,
}

/// The server's counters, for tests and operators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Object handles alive in the server's runtime (every client's, and the server's own).
    pub live_handles: usize,
    /// Clients connected now.
    pub clients: usize,
    /// Handles the asking client holds.
    pub client_handles: usize,
    /// Connections closed since the server started (each with its reason in its log).
    pub closed: usize,
}

/// The calls a client makes; `hello` first, or the server answers nothing else and closes the
/// connection.
#[tarpc::service]
pub trait Cilbind {
    /// Authenticates with the server's token and checks the client's generated tables
    /// against the server's assemblies (all mismatches listed).
    async fn hello(token: String, tables: Vec<TableRow>) -> Result<Welcome, Error>;
    /// The ID of a method the client's bindings name.
    async fn bind(name: MethodName) -> Result<u64, Error>;
    /// Runs a batch of calls in order; the reply is what the batch did, or a closure of the
    /// client's that C# invoked meanwhile, whose result `resume` sends back.
    async fn run(batch: Batch) -> Result<Reply, Error>;
    /// The result of the client's closure C# invoked (the `Reply::Invoke` numbered
    /// `invocation`); the reply is what the batch waiting for it did next.
    async fn resume(invocation: u64, result: Result<Returned, Error>) -> Result<Reply, Error>;
    /// Checks more generated tables (a bindings' `init()` after connect).
    async fn check_tables(tables: Vec<TableRow>) -> Result<(), Error>;
    /// The server's counters.
    async fn stats() -> Result<Stats, Error>;
    /// An empty round trip (the benchmarks' floor: the RPC stack alone).
    async fn ping() -> ();
}
