//! The sample's error: a cilbind error with what the sample was doing, or a failed write.

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
}

impl fmt::Display for SampleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SampleError::Managed { context, source } => write!(f, "{context}: {source}"),
            SampleError::Output(e) => write!(f, "cannot write the report: {e}"),
        }
    }
}

impl std::error::Error for SampleError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SampleError::Managed { source, .. } => Some(source),
            SampleError::Output(e) => Some(e),
        }
    }
}

impl From<io::Error> for SampleError {
    fn from(e: io::Error) -> Self {
        SampleError::Output(e)
    }
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
