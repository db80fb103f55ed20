//! Slices lent to `Span<T>` and `ReadOnlySpan<T>` parameters. A span cannot be boxed, so
//! Mono's thunks cannot take one: the method is called through a trampoline that makes the
//! span from a pointer to a (data, length) pair on the caller's stack (`MethodRef::spans`).
//! The pair's [`Abi::Span`] class carries the element size and whether the span is writable,
//! so a slice of another element size, or a shared slice for a `Span<T>`, never matches.

use std::marker::PhantomData;

use crate::call::abi::{sealed, Abi, Arg, ArgSlot};
use crate::error::Result;
use crate::value::Blittable;

/// The (data, length) pair a trampoline makes a `Span<T>`/`ReadOnlySpan<T>` parameter from:
/// the slot of a `&mut [V]` or `&[V]` argument. It borrows the slice for the call, and the span
/// made from it cannot outlive the call (C# allows a span only on the stack), so managed code
/// sees the memory only while the borrow holds.
#[repr(C)]
pub struct SpanSlot<'a, V> {
    // Read by the trampoline at offsets 0 and pointer size (`Cilbind.Trampolines.Build`).
    data: *mut V,
    len: i32,
    _borrow: PhantomData<&'a mut [V]>,
}

fn span_len(len: usize) -> Result<i32> {
    i32::try_from(len)
        .map_err(|_| crate::Error::InvalidArgument(format!("a span holds at most {} elements, not {len}", i32::MAX)))
}

impl<V: Blittable> sealed::Arg for &mut [V] {}
impl<'a, V: Blittable> Arg for &'a mut [V] {
    const ABI: Abi = Abi::Span {
        element: std::mem::size_of::<V>(),
        mutable: true,
    };
    type Slot = SpanSlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self::Slot> {
        Ok(SpanSlot {
            len: span_len(self.len())?,
            data: self.as_mut_ptr(),
            _borrow: PhantomData,
        })
    }
}

impl<V: Blittable> sealed::Arg for &[V] {}
impl<'a, V: Blittable> Arg for &'a [V] {
    const ABI: Abi = Abi::Span {
        element: std::mem::size_of::<V>(),
        mutable: false,
    };
    type Slot = SpanSlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self::Slot> {
        // Only a `ReadOnlySpan<T>` takes a shared slice (`Abi::Span::mutable` is false): safe
        // C# cannot write through one.
        Ok(SpanSlot {
            len: span_len(self.len())?,
            data: self.as_ptr() as *mut V,
            _borrow: PhantomData,
        })
    }
}

impl<V> sealed::Slot for SpanSlot<'_, V> {}
impl<'a, V> ArgSlot for SpanSlot<'a, V> {
    type Raw = *mut SpanSlot<'a, V>;
    #[inline]
    fn raw(&mut self) -> Self::Raw {
        self
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}
