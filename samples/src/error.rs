//! The sample's error: a cilbind error with what the sample was doing, or a failed write;
//! for `--reload`, what can go wrong preparing the new code (files, `mcs`) or checking what
//! the reload promised (stale handles, the state rebuilt); for `--record` and `--replay`, the
//! files (the log, its externals) and a log the replay cannot use.

use std::path::PathBuf;
use std::{fmt, io};

/// An error with what the sample was doing when it happened.
#[derive(Debug)]
pub enum SampleError {
    /// A cilbind call failed (a managed exception the sample does not expect, a binding that
    /// disagrees with the assembly, Mono failing to start, …).
    Managed {
        /// What the sample was doing.
        context: String,
        /// The runtime's error.
        source: cilbind::Error,
    },
    /// Writing the report failed (e.g. a closed pipe).
    Output(io::Error),
    /// A file operation failed (`--reload`'s game folder, DLL copy and edited source; the call
    /// log and its externals file of `--record` and `--replay`).
    File {
        /// What the sample was doing, naming the file.
        context: String,
        /// The system's error.
        source: io::Error,
    },
    /// `mcs`, the Mono C# compiler `--reload` (and [`compile_game`](crate::compile_game))
    /// recompiles the game with, could not be started.
    McsMissing(io::Error),
    /// `mcs` rejected the edited game.
    Compile {
        /// The source file compiled.
        source_file: PathBuf,
        /// What mcs printed (its diagnostics).
        output: String,
    },
    /// `--reload` could not do what it demonstrates: the C# source lacks the rule constant it
    /// edits, the game was loaded from elsewhere, an old handle still answered after the
    /// reload, or the rebuilt state differs from the snapshot. The message says which.
    Reload(String),
    /// `--replay` cannot run the log it was given against the game asked: an externals file
    /// that does not read, a log that makes no world, a `--game` that is not the game (or comes
    /// after the game was loaded). The message says which. (A replayed call that gives
    /// something else is no error: it is the replay's divergence.)
    Replay(String),
    /// `--guest` could not run the game with C#'s `Main` owning the process (no plugin beside
    /// the binary, no `dotnet` host, `Arena.exe` killed), or the game in guest mode was asked
    /// for what guest mode cannot do (`--game`, a `--runtime` other than the host's). The
    /// message says which.
    Guest(String),
    /// `--serve` or `--connect` could not: no token, an address the server cannot listen on.
    /// The message says which.
    Remote(String),
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleError::Managed { context, source } => write!(f, "{context}: {source}"),
            SampleError::Output(e) => write!(f, "cannot write the report: {e}"),
            SampleError::File { context, source } => write!(f, "{context}: {source}"),
            SampleError::McsMissing(e) => write!(
                f,
                "cannot run mcs, the Mono C# compiler that compiles the changed game \
                 (bash scripts/ensure-deps.sh installs it): {e}"
            ),
            SampleError::Compile { source_file, output } => {
                write!(
                    f,
                    "mcs could not compile {}:\n{}",
                    source_file.display(),
                    output.trim_end()
                )
            }
            SampleError::Reload(message) => write!(f, "hot reload: {message}"),
            SampleError::Replay(message) => write!(f, "replay: {message}"),
            SampleError::Guest(message) => write!(f, "guest mode: {message}"),
            SampleError::Remote(message) => write!(f, "remote: {message}"),
        }
    }
}

impl std::error::Error for SampleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SampleError::Managed { source, .. } => Some(source),
            SampleError::Output(e) | SampleError::McsMissing(e) => Some(e),
            SampleError::File { source, .. } => Some(source),
            SampleError::Compile { .. }
            | SampleError::Reload(_)
            | SampleError::Replay(_)
            | SampleError::Guest(_)
            | SampleError::Remote(_) => None,
        }
    }
}

impl From<io::Error> for SampleError {
    fn from(e: io::Error) -> Self {
        SampleError::Output(e)
    }
}

/// Adds context to a file operation's result (the closure runs only on error).
pub(crate) fn file_context<T>(result: io::Result<T>, what: impl FnOnce() -> String) -> Result<T, SampleError> {
    result.map_err(|source| SampleError::File {
        context: what(),
        source,
    })
}

/// Adds context to a cilbind result (the closure runs only on error).
pub(crate) trait Context<T> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T, SampleError>;
}

impl<T> Context<T> for cilbind::Result<T> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T, SampleError> {
        self.map_err(|source| SampleError::Managed {
            context: what(),
            source,
        })
    }
}
