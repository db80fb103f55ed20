//! The server: hosts this process's runtime for many clients. Each connection gets a
//! [`Session`] on a thread of its own, which runs that client's calls in the order they came:
//! the connection's task hands each request's job to the session as it reads it, so a client's
//! batches never overtake each other, and reads on while the session works. A connection that sends a malformed or oversized message, or anything before
//! authenticating, is closed (its reason logged and kept in [`Server::closed`]); the other
//! connections and the server go on. When a connection ends, however it ends, its session
//! ends with it and every handle the client held is released.

use std::cell::RefCell;
use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener as StdListener};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::thread::JoinHandle;

use cilbind::remote::{Batch, BatchReply, Invocation, MethodName, Peer, Reply, Returned, Session, TableRow};
use cilbind::{Error, FunctionId, ObjectStore, Runtime};
use futures::StreamExt;
use tarpc::server::{BaseChannel, Channel};
use tarpc::tokio_serde::formats::Bincode;
use tarpc::tokio_util::codec::LengthDelimitedCodec;
use tokio::sync::oneshot;

use crate::service::{Cilbind, Stats, Welcome};
use crate::tls::ServerTls;
use crate::ServeError;

/// How a server starts.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen. The default is loopback only (`127.0.0.1:7040`): listening on another
    /// address is a choice the caller makes.
    pub listen: SocketAddr,
    /// The token every client must present before any call runs (compared in constant time).
    /// Empty is refused.
    pub token: String,
    /// Assemblies loaded into the runtime before the first client connects.
    pub assemblies: Vec<PathBuf>,
    /// The largest message accepted, in bytes; a larger one closes its connection.
    pub max_message: usize,
    /// TLS: the certificate and key the server presents (feature `tls`); `None` serves plain
    /// TCP.
    pub tls: Option<ServerTls>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], 7040)),
            token: String::new(),
            assemblies: Vec::new(),
            max_message: 16 << 20,
            tls: None,
        }
    }
}

/// A connection the server closed, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    /// The client's address.
    pub peer: SocketAddr,
    /// Why the connection ended.
    pub reason: String,
}

/// A running server (see the module documentation). Dropping it stops accepting clients.
pub struct Server {
    addr: SocketAddr,
    closed: Arc<Mutex<Vec<Closed>>>,
    clients: Arc<AtomicUsize>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// The address it listens on (the port chosen when `listen` named port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The connections closed so far, with their reasons, oldest first.
    pub fn closed(&self) -> Vec<Closed> {
        self.closed.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Clients connected now.
    pub fn clients(&self) -> usize {
        self.clients.load(Ordering::Acquire)
    }

    /// Serves until the process ends.
    pub fn wait(mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts the process's runtime (the backend `CILBIND_RUNTIME` names), loads the assemblies
/// and serves clients on a thread of its own.
pub fn serve(config: ServerConfig) -> Result<Server, ServeError> {
    if config.token.is_empty() {
        return Err(ServeError::Config(
            "the token is empty: clients must authenticate".into(),
        ));
    }
    #[cfg(feature = "tls")]
    let acceptor = config
        .tls
        .as_ref()
        .map(crate::tls::acceptor)
        .transpose()
        .map_err(ServeError::Config)?;
    #[cfg(not(feature = "tls"))]
    if config.tls.is_some() {
        return Err(ServeError::Config(crate::tls::unavailable()));
    }
    let runtime = Runtime::get()?;
    for path in &config.assemblies {
        runtime.load_assembly(path)?;
    }
    let listener = StdListener::bind(config.listen).map_err(|e| ServeError::Listen(config.listen, e))?;
    let addr = listener
        .local_addr()
        .map_err(|e| ServeError::Listen(config.listen, e))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| ServeError::Listen(addr, e))?;
    let tokio = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(ServeError::Io)?;
    let closed = Arc::new(Mutex::new(Vec::new()));
    let clients = Arc::new(AtomicUsize::new(0));
    let (stop, stopped) = oneshot::channel();
    let shared = Arc::new(Shared {
        #[cfg(feature = "tls")]
        acceptor,
        token: config.token,
        max_message: config.max_message,
        runtime: runtime.backend().name().to_string(),
        closed: closed.clone(),
        clients: clients.clone(),
    });
    let thread = std::thread::Builder::new()
        .name("cilbind-serve".into())
        .spawn(move || tokio.block_on(accept(listener, shared, stopped)))
        .map_err(ServeError::Io)?;
    Ok(Server {
        addr,
        closed,
        clients,
        stop: Some(stop),
        thread: Some(thread),
    })
}

/// What every connection of one server shares.
struct Shared {
    #[cfg(feature = "tls")]
    acceptor: Option<tokio_rustls::TlsAcceptor>,
    token: String,
    max_message: usize,
    runtime: String,
    closed: Arc<Mutex<Vec<Closed>>>,
    clients: Arc<AtomicUsize>,
}

async fn accept(listener: StdListener, shared: Arc<Shared>, mut stopped: oneshot::Receiver<()>) {
    let listener = match tokio::net::TcpListener::from_std(listener) {
        Ok(l) => l,
        Err(e) => {
            log::error!("cilbind-serve: cannot listen: {e}");
            return;
        }
    };
    loop {
        tokio::select! {
            _ = &mut stopped => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let _ = stream.set_nodelay(true);
                    tokio::spawn(secure(stream, peer, shared.clone()));
                }
                Err(e) => log::warn!("cilbind-serve: accept failed: {e}"),
            },
        }
    }
}

/// An accepted connection, through the TLS handshake when the server has a certificate (a
/// failed handshake closes it, logged like any other close).
async fn secure(stream: tokio::net::TcpStream, peer: SocketAddr, shared: Arc<Shared>) {
    #[cfg(feature = "tls")]
    if let Some(acceptor) = &shared.acceptor {
        match acceptor.accept(stream).await {
            Ok(stream) => connection(stream, peer, shared).await,
            Err(e) => closed(&shared, peer, format!("TLS handshake failed: {e}")),
        }
        return;
    }
    connection(stream, peer, shared).await
}

/// Logs and keeps why a connection ended.
fn closed(shared: &Shared, peer: SocketAddr, reason: String) {
    log::warn!("cilbind-serve: connection from {peer} closed: {reason}");
    shared
        .closed
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .push(Closed { peer, reason });
}

/// One client's connection, from accept to close.
async fn connection<S>(stream: S, peer: SocketAddr, shared: Arc<Shared>)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    shared.clients.fetch_add(1, Ordering::AcqRel);
    let framed = LengthDelimitedCodec::builder()
        .max_frame_length(shared.max_message)
        .new_framed(stream);
    let transport = tarpc::serde_transport::new(framed, Bincode::default());
    let session = SessionThread::spawn();
    let handler = Handler {
        shared: shared.clone(),
        authenticated: Arc::new(AtomicBool::new(false)),
        refused: Arc::new(AtomicBool::new(false)),
        session: session.jobs.clone(),
    };
    let mut requests = BaseChannel::with_defaults(transport).requests();
    let reason = loop {
        match requests.next().await {
            None => break "the client closed the connection".to_string(),
            Some(Err(e)) => {
                let why = chain(&e);
                // A TLS client that drops its connection ends its session without saying so:
                // a close, not a bad message.
                break if why.contains("close_notify") {
                    "the client closed the connection (without ending its TLS session)".to_string()
                } else {
                    format!("malformed or oversized message: {why}")
                };
            }
            Some(Ok(request)) => {
                // The first poll hands the request's job to the session, in the order the
                // requests came; the rest (waiting for the session's answer) runs on its own,
                // so that the next request is read meanwhile: a thread of the client may wait
                // for a callback's result that another of its threads is about to send.
                let mut running = Box::pin(request.execute(handler.clone().serve()));
                if futures::poll!(running.as_mut()).is_pending() {
                    tokio::spawn(running);
                }
                if handler.refused.load(Ordering::Acquire) {
                    // The refusal is queued: the channel sends it while it is polled. What
                    // else arrives meanwhile is dropped unread.
                    let _ =
                        tokio::time::timeout(REFUSAL_FLUSH, async { while requests.next().await.is_some() {} }).await;
                    break "the client did not authenticate".to_string();
                }
            }
        }
    };
    drop(requests);
    drop(handler);
    // The session ends with its last sender: every handle it held is released.
    session.finish().await;
    shared.clients.fetch_sub(1, Ordering::AcqRel);
    closed(&shared, peer, reason);
}

/// How long a refused connection stays open for its refusal to be sent.
const REFUSAL_FLUSH: std::time::Duration = std::time::Duration::from_millis(200);

/// An error with its causes, `: `-separated (the transport's own message hides the cause).
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut cause = e.source();
    while let Some(c) = cause {
        text.push_str(": ");
        text.push_str(&c.to_string());
        cause = c.source();
    }
    text
}

/// A job for a session's thread, with where its answer goes.
enum Job {
    Check(Vec<TableRow>, oneshot::Sender<Result<(), Error>>),
    Bind(MethodName, oneshot::Sender<Result<FunctionId, Error>>),
    Run(Batch, oneshot::Sender<Reply>),
    Resume(u64, Result<Returned, Error>, oneshot::Sender<Reply>),
    Live(oneshot::Sender<usize>),
}

/// The thread a connection's [`Session`] lives on: calls into the runtime block, and the
/// session's handles stay on one thread.
struct SessionThread {
    jobs: mpsc::Sender<Job>,
    done: oneshot::Receiver<()>,
}

impl SessionThread {
    fn spawn() -> SessionThread {
        let (jobs, receive) = mpsc::channel::<Job>();
        let (finished, done) = oneshot::channel();
        std::thread::spawn(move || {
            let pump = Rc::new(Pump {
                jobs: receive,
                answer: RefCell::new(None),
                waiting: RefCell::new(Vec::new()),
                early: RefCell::new(HashMap::new()),
            });
            let session = Session::with_peer(pump.clone());
            while let Ok(job) = pump.jobs.recv() {
                pump.handle(&session, job);
            }
            drop(session);
            let _ = finished.send(());
        });
        SessionThread { jobs, done }
    }

    /// Waits until the session has released everything (its senders are all gone).
    async fn finish(self) {
        drop(self.jobs);
        let _ = self.done.await;
    }
}

/// A session thread's side of the connection: its jobs, and where the answer to the client's
/// request in progress goes. While C# waits for a client's closure, the thread serves the
/// client's jobs from inside [`Peer::call_back`] (the closure's own calls, nested), until the
/// closure's result arrives.
///
/// A client with several threads may have several invocations waiting at once, one inside
/// another's nested call (thread B's call ran while thread A's closure ran, and called B's
/// closure back): the invocations are answered innermost first, as the session thread's stack
/// unwinds, so a result that arrives for an outer one is kept until that one is on top.
struct Pump {
    jobs: mpsc::Receiver<Job>,
    /// The client's `run` or `resume` request waiting for its answer.
    answer: RefCell<Option<oneshot::Sender<Reply>>>,
    /// The invocations C# waits for, innermost last.
    waiting: RefCell<Vec<u64>>,
    /// Results that arrived for an invocation below the innermost, with their requests.
    #[allow(clippy::type_complexity)]
    early: RefCell<HashMap<u64, (Result<Returned, Error>, oneshot::Sender<Reply>)>>,
}

impl Pump {
    fn handle(&self, session: &Session, job: Job) {
        match job {
            Job::Check(rows, answer) => {
                let _ = answer.send(Session::check_table(&rows));
            }
            Job::Bind(name, answer) => {
                let _ = answer.send(session.bind(&name));
            }
            Job::Run(batch, answer) => {
                *self.answer.borrow_mut() = Some(answer);
                let reply = session.run(&batch);
                // The answer of the request that came last: `run`'s own, or the `resume`
                // that sent the result of a closure C# invoked meanwhile.
                if let Some(answer) = self.answer.borrow_mut().take() {
                    let _ = answer.send(Reply::Done(reply));
                }
            }
            Job::Resume(invocation, _, answer) => {
                // Nothing waits for this closure's result: the client answered an invocation
                // it was not asked, or one answered already.
                let _ = answer.send(Reply::Done(BatchReply {
                    results: vec![Err(Error::InvalidArgument(format!(
                        "a callback's result arrived for invocation {invocation}, which no C# call waits for"
                    )))],
                    released: Vec::new(),
                }));
            }
            Job::Live(answer) => {
                let _ = answer.send(session.live());
            }
        }
    }
}

impl Peer for Pump {
    fn call_back(&self, session: &Session, invocation: Invocation) -> Result<Returned, Error> {
        let answer = self.answer.borrow_mut().take().ok_or_else(|| {
            Error::Unsupported("no request of the client is waiting: its closure cannot be called back".into())
        })?;
        let id = invocation.id;
        answer
            .send(Reply::Invoke(invocation))
            .map_err(|_| Error::Disconnected("the client went away before its closure could run".into()))?;
        self.waiting.borrow_mut().push(id);
        let result = loop {
            if let Some((result, answer)) = self.early.borrow_mut().remove(&id) {
                *self.answer.borrow_mut() = Some(answer);
                break result;
            }
            match self.jobs.recv() {
                Ok(Job::Resume(invocation, result, answer)) if invocation == id => {
                    *self.answer.borrow_mut() = Some(answer);
                    break result;
                }
                Ok(Job::Resume(invocation, result, answer)) if self.waiting.borrow().contains(&invocation) => {
                    self.early.borrow_mut().insert(invocation, (result, answer));
                }
                Ok(job) => self.handle(session, job),
                Err(_) => {
                    break Err(Error::Disconnected(
                        "the client went away while C# waited for its closure".into(),
                    ))
                }
            }
        };
        self.waiting.borrow_mut().pop();
        result
    }
}

/// Answers one connection's requests.
#[derive(Clone)]
struct Handler {
    shared: Arc<Shared>,
    authenticated: Arc<AtomicBool>,
    /// Set when the client called before authenticating: the connection is then closed.
    refused: Arc<AtomicBool>,
    session: mpsc::Sender<Job>,
}

impl Handler {
    /// Refuses a call made before `hello` succeeded (and closes the connection).
    fn authenticated(&self) -> Result<(), Error> {
        if self.authenticated.load(Ordering::Acquire) {
            Ok(())
        } else {
            self.refused.store(true, Ordering::Release);
            Err(Error::Disconnected(
                "authenticate first (hello with the server's token)".into(),
            ))
        }
    }

    async fn ask<T>(&self, job: impl FnOnce(oneshot::Sender<T>) -> Job) -> Result<T, Error> {
        let (answer, answered) = oneshot::channel();
        self.session
            .send(job(answer))
            .map_err(|_| Error::Disconnected("the session ended".into()))?;
        answered
            .await
            .map_err(|_| Error::Disconnected("the session ended during the call".into()))
    }
}

impl Cilbind for Handler {
    async fn hello(self, _: tarpc::context::Context, token: String, tables: Vec<TableRow>) -> Result<Welcome, Error> {
        if !crate::token_matches(&token, &self.shared.token) {
            self.refused.store(true, Ordering::Release);
            return Err(Error::Disconnected("the token is not the server's".into()));
        }
        self.authenticated.store(true, Ordering::Release);
        self.ask(|a| Job::Check(tables, a)).await??;
        Ok(Welcome {
            runtime: self.shared.runtime.clone(),
        })
    }

    async fn bind(self, _: tarpc::context::Context, name: MethodName) -> Result<u64, Error> {
        self.authenticated()?;
        Ok(self.ask(|a| Job::Bind(name, a)).await??.0)
    }

    async fn run(self, _: tarpc::context::Context, batch: Batch) -> Result<Reply, Error> {
        self.authenticated()?;
        self.ask(|a| Job::Run(batch, a)).await
    }

    async fn resume(
        self,
        _: tarpc::context::Context,
        invocation: u64,
        result: Result<Returned, Error>,
    ) -> Result<Reply, Error> {
        self.authenticated()?;
        self.ask(|a| Job::Resume(invocation, result, a)).await
    }

    async fn check_tables(self, _: tarpc::context::Context, tables: Vec<TableRow>) -> Result<(), Error> {
        self.authenticated()?;
        self.ask(|a| Job::Check(tables, a)).await?
    }

    async fn stats(self, _: tarpc::context::Context) -> Result<Stats, Error> {
        self.authenticated()?;
        let client_handles = self.ask(Job::Live).await?;
        Ok(Stats {
            live_handles: ObjectStore::live(),
            clients: self.shared.clients.load(Ordering::Acquire),
            client_handles,
            closed: self.shared.closed.lock().unwrap_or_else(|p| p.into_inner()).len(),
        })
    }

    async fn ping(self, _: tarpc::context::Context) {}
}
