//! `cilbind-serve`: hosts a .NET runtime for remote clients (see the `cilbind-remote` crate).
//! The token comes from `CILBIND_TOKEN` (never from the command line, which other users of
//! the machine can read); the runtime from `CILBIND_RUNTIME` (`mono` or `coreclr`).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

/// Hosts a .NET runtime with these assemblies for clients of cilbind-remote.
#[derive(Parser)]
#[command(name = "cilbind-serve")]
struct Args {
    /// Address to listen on (loopback unless told otherwise; port 0 picks one).
    #[arg(long, default_value = "127.0.0.1:7040")]
    listen: SocketAddr,
    /// The largest message accepted, in bytes.
    #[arg(long, default_value_t = 16 << 20)]
    max_message: usize,
    /// TLS: the certificate chain to present (PEM; needs the `tls` feature).
    #[arg(long, requires = "tls_key")]
    tls_cert: Option<PathBuf>,
    /// TLS: the certificate's private key (PEM).
    #[arg(long, requires = "tls_cert")]
    tls_key: Option<PathBuf>,
    /// Assemblies to load.
    assemblies: Vec<PathBuf>,
}

/// Writes the server's log (closed connections and their reasons) to stderr.
struct StderrLog;

impl log::Log for StderrLog {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Warn
    }
    fn log(&self, record: &log::Record<'_>) {
        if self.enabled(record.metadata()) {
            eprintln!("{}: {}", record.level(), record.args());
        }
    }
    fn flush(&self) {}
}

static LOG: StderrLog = StderrLog;

fn main() -> ExitCode {
    let _ = log::set_logger(&LOG).map(|()| log::set_max_level(log::LevelFilter::Warn));
    let args = Args::parse();
    let token = std::env::var("CILBIND_TOKEN").unwrap_or_default();
    let config = cilbind_remote::ServerConfig {
        listen: args.listen,
        token,
        assemblies: args.assemblies,
        max_message: args.max_message,
        tls: args
            .tls_cert
            .zip(args.tls_key)
            .map(|(cert_chain, private_key)| cilbind_remote::ServerTls {
                cert_chain,
                private_key,
            }),
    };
    match cilbind_remote::serve(config) {
        Ok(server) => {
            // The one line a supervisor (or a test) reads for the address.
            println!("listening on {}", server.local_addr());
            server.wait();
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("cilbind-serve: {e}");
            ExitCode::FAILURE
        }
    }
}
