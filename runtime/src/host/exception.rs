//! Managed exceptions thrown by a call through an entry point, as Rust errors.

use std::ffi::c_void;

use super::backend::on_backend;
use super::{coreclr, mono};
use crate::error::Error;

/// The last parameter of every entry point: null on entry; a thrown exception leaves it
/// non-null (on Mono the exception object, on the caller's stack; on CoreCLR a GC handle of
/// it, which [`ExceptionSlot::into_error`] frees).
#[repr(transparent)]
pub(crate) struct ExceptionSlot(*mut c_void);

impl ExceptionSlot {
    /// An empty slot.
    #[inline(always)]
    pub(crate) const fn new() -> ExceptionSlot {
        ExceptionSlot(std::ptr::null_mut())
    }

    /// True when the call threw.
    #[inline(always)]
    pub(crate) fn is_thrown(&self) -> bool {
        !self.0.is_null()
    }

    /// The thrown exception as [`Error::ManagedException`], with its inner chain.
    #[cold]
    pub(crate) fn into_error(self) -> Error {
        on_backend!(
            mono => mono::exception::to_error(super::ObjectRef(self.0).into()),
            coreclr => coreclr::thrown(self.0),
        )
    }
}
