//! The client: a connection to a server, as the transport the runtime's generated calls go
//! through ([`cilbind::remote::Transport`]). The bindings are synchronous, the RPC stack is
//! not: each connection owns a small tokio runtime that carries its requests, and a call
//! waits on it from the caller's thread.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use cilbind::generated::FunctionType;
use cilbind::remote::{Batch, MethodName, Reply, TableRow, Transport};
use cilbind::{Error, FunctionId, Result};
use tarpc::client;
use tarpc::context::Context;
use tarpc::tokio_serde::formats::Bincode;

use crate::service::{CilbindClient, Stats, Welcome};
use crate::tls::ClientTls;

/// A connection to a server (see the module documentation).
pub struct Connection {
    client: CilbindClient,
    welcome: Welcome,
    // Last: the client's requests stop before the runtime that carries them.
    tokio: tokio::runtime::Runtime,
}

/// How long a request may take before the client gives up on it: a call runs as long as
/// managed code does, so the RPC stack's own deadline (10 s) would cut real work short.
const DEADLINE: Duration = Duration::from_secs(24 * 3600);

fn context() -> Context {
    let mut context = tarpc::context::current();
    context.deadline = Instant::now() + DEADLINE;
    context
}

/// A request that did not reach the server, or whose answer did not come back.
fn lost(e: impl std::fmt::Display) -> Error {
    Error::Disconnected(format!("the connection to the server failed: {e}"))
}

impl Connection {
    /// Connects to the server at `addr`, authenticates with `token`, and has the server check
    /// the generated tables (the bindings' `FUNCTIONS`) against its assemblies: a client
    /// built against other assemblies is refused here with every mismatch listed
    /// ([`Error::FunctionsMismatch`]). The connection is not yet the process's: see
    /// [`connect`].
    pub fn open(addr: SocketAddr, token: &str, tables: &[&'static [FunctionType]]) -> Result<Arc<Connection>> {
        Connection::open_rows(addr, token, cilbind::remote::table_rows(tables))
    }

    /// [`Connection::open`] over TLS (feature `tls`): the server's certificate must be signed
    /// by one of `tls.trusted` and name `tls.server_name`.
    pub fn open_tls(
        addr: SocketAddr,
        token: &str,
        tables: &[&'static [FunctionType]],
        tls: &ClientTls,
    ) -> Result<Arc<Connection>> {
        Connection::open_over(addr, token, cilbind::remote::table_rows(tables), Some(tls))
    }

    /// [`Connection::open`] with the table rows already made.
    pub fn open_rows(addr: SocketAddr, token: &str, rows: Vec<TableRow>) -> Result<Arc<Connection>> {
        Connection::open_over(addr, token, rows, None)
    }

    fn open_over(
        addr: SocketAddr,
        token: &str,
        rows: Vec<TableRow>,
        tls: Option<&ClientTls>,
    ) -> Result<Arc<Connection>> {
        let tokio = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| Error::Disconnected(format!("cannot start the connection's I/O thread: {e}")))?;
        let client = tokio.block_on(async {
            let stream = tokio::net::TcpStream::connect(addr)
                .await
                .map_err(|e| Error::Disconnected(format!("cannot connect to {addr}: {e}")))?;
            let _ = stream.set_nodelay(true);
            match tls {
                None => Ok(over(stream)),
                Some(tls) => secure(stream, tls).await,
            }
        })?;
        let welcome = tokio
            .block_on(client.hello(context(), token.to_string(), rows))
            .map_err(lost)??;
        Ok(Arc::new(Connection { client, welcome, tokio }))
    }

    /// The runtime the server hosts (`mono`, `coreclr`).
    pub fn runtime(&self) -> &str {
        &self.welcome.runtime
    }

    /// The server's counters.
    pub fn stats(&self) -> Result<Stats> {
        self.tokio.block_on(self.client.stats(context())).map_err(lost)?
    }

    /// An empty round trip to the server (what the RPC stack costs alone).
    pub fn ping(&self) -> Result<()> {
        self.tokio.block_on(self.client.ping(context())).map_err(lost)
    }
}

impl Transport for Connection {
    fn bind(&self, name: &MethodName) -> Result<FunctionId> {
        let id = self
            .tokio
            .block_on(self.client.bind(context(), name.clone()))
            .map_err(lost)??;
        Ok(FunctionId(id))
    }

    fn run(&self, batch: Batch) -> Result<Reply> {
        self.tokio.block_on(self.client.run(context(), batch)).map_err(lost)?
    }

    fn resume(&self, invocation: u64, result: Result<cilbind::remote::Returned>) -> Result<Reply> {
        self.tokio
            .block_on(self.client.resume(context(), invocation, result))
            .map_err(lost)?
    }

    fn check_table(&self, rows: Vec<TableRow>) -> Result<()> {
        self.tokio
            .block_on(self.client.check_tables(context(), rows))
            .map_err(lost)?
    }
}

/// The client of the service over `io`, which carries length-delimited bincode frames.
fn over<S>(io: S) -> CilbindClient
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let framed = tarpc::tokio_util::codec::LengthDelimitedCodec::builder().new_framed(io);
    let transport = tarpc::serde_transport::new(framed, Bincode::default());
    CilbindClient::new(client::Config::default(), transport).spawn()
}

/// The client over a TLS session on `stream`.
#[cfg(feature = "tls")]
async fn secure(stream: tokio::net::TcpStream, tls: &ClientTls) -> Result<CilbindClient> {
    let (connector, name) = crate::tls::connector(tls).map_err(Error::Disconnected)?;
    let stream = connector
        .connect(name, stream)
        .await
        .map_err(|e| Error::Disconnected(format!("TLS handshake with {} failed: {e}", tls.server_name)))?;
    Ok(over(stream))
}

/// Without the feature, TLS is refused, naming it.
#[cfg(not(feature = "tls"))]
async fn secure(_: tokio::net::TcpStream, _: &ClientTls) -> Result<CilbindClient> {
    Err(Error::Disconnected(crate::tls::unavailable()))
}

/// Connects to the server at `addr` ([`Connection::open`]) and makes it this process's
/// runtime: from now on every generated binding's call runs there. Connecting again (after
/// [`Error::Disconnected`], say) makes the handles of the earlier connection stale.
pub fn connect(addr: SocketAddr, token: &str, tables: &[&'static [FunctionType]]) -> Result<Arc<Connection>> {
    let connection = Connection::open(addr, token, tables)?;
    cilbind::remote::install(connection.clone())?;
    Ok(connection)
}

/// [`connect`] over TLS ([`Connection::open_tls`]).
pub fn connect_tls(
    addr: SocketAddr,
    token: &str,
    tables: &[&'static [FunctionType]],
    tls: &ClientTls,
) -> Result<Arc<Connection>> {
    let connection = Connection::open_tls(addr, token, tables, tls)?;
    cilbind::remote::install(connection.clone())?;
    Ok(connection)
}

/// `Runtime::connect(…)`: [`connect`] spelled on the runtime type, for code that reads better
/// that way (`use cilbind_remote::Connect;`).
pub trait Connect {
    /// [`connect`]: this process becomes the client of the server at `addr`.
    fn connect(addr: SocketAddr, token: &str, tables: &[&'static [FunctionType]]) -> Result<Arc<Connection>>;
}

impl Connect for cilbind::Runtime {
    fn connect(addr: SocketAddr, token: &str, tables: &[&'static [FunctionType]]) -> Result<Arc<Connection>> {
        connect(addr, token, tables)
    }
}
