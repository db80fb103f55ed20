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

/// Where a native entry point the host resolved reports the exception it threw: the last
/// parameter of every such entry point (`extern "C" fn(args…, *mut ExceptionSlot) -> R`). On
/// Mono it is the `MonoException **` of the method's unmanaged thunk; the slot must be valid
/// and non-null (Mono kills the process otherwise). One word, the same ABI as the reference
/// it holds.
#[repr(transparent)]
pub(crate) struct ExceptionSlot(ObjectRef);

impl ExceptionSlot {
    /// An empty slot, for one call.
    #[inline(always)]
    pub(crate) const fn new() -> ExceptionSlot {
        ExceptionSlot(ObjectRef::NULL)
    }

    /// True when the callee stored an exception.
    #[inline(always)]
    pub(crate) fn is_thrown(&self) -> bool {
        !self.0.is_null()
    }

    /// The stored exception as an error (only when [`is_thrown`](Self::is_thrown)).
    #[inline(always)]
    pub(crate) fn into_error(self) -> Error {
        to_error(self.0)
    }
}
