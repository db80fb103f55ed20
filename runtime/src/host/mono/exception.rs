//! Managed exceptions become [`Error::ManagedException`], and the slot a native entry point
//! reports one in.

use super::raw::{self, ObjectRef};
use crate::error::{Error, InnerException};

/// Inner exceptions read at most (a chain is finite, but managed code can build a long one).
const MAX_INNER: usize = 64;

/// Converts a thrown exception (non-null) into an error with its type, message, stack trace
/// and `InnerException` chain.
#[cold]
pub(crate) fn to_error(exc: ObjectRef) -> Error {
    let info = raw::exception_info(exc);
    let mut inner = Vec::new();
    // Each exception stays on this stack while it is read (conservatively scanned, so SGen
    // keeps it alive and in place).
    let mut next = info.inner;
    while !next.is_null() && inner.len() < MAX_INNER {
        let i = raw::exception_info(next);
        inner.push(InnerException {
            type_name: i.type_name,
            message: i.message,
            stack_trace: i.stack_trace,
        });
        next = i.inner;
    }
    Error::ManagedException {
        type_name: info.type_name,
        message: info.message,
        stack_trace: info.stack_trace,
        inner: inner.into_boxed_slice(),
    }
}
