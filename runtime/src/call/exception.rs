//! Managed exceptions become [`Error::ManagedException`].

use crate::error::Error;
use crate::host::{raw, RawObject};

/// Converts a thrown exception (non-null) into an error with its type, message and stack trace.
#[cold]
pub(crate) fn to_error(exc: RawObject) -> Error {
    let info = raw::exception_info(exc);
    Error::ManagedException {
        type_name: info.type_name,
        message: info.message,
        stack_trace: info.stack_trace,
    }
}
