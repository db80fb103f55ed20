//! Rust slices as the managed arrays of buffer parameters: a generic method's `T[]`, `T[,]`,
//! `T[,,]` whose `T` is a `where T : struct` type parameter, bound for a [`Blittable`] `T`
//! (the buffer-upload family of graphics APIs: `BufferData<T>(…, T[] data, …)`).
//!
//! A managed method can only see a managed array, so the slice is copied into a new array of
//! `T`'s class by one `memcpy` (no per-element work), and an array C# may write into (any
//! not marked `[In]` alone: [`SliceArrayMut`], [`MdSliceMut`]) is copied back into the slice
//! by one `memcpy` after the call returns normally. (A `ref T` parameter needs no copy: the callee gets a pointer
//! to the Rust value, [`Out`](crate::Out).) The array's class is checked against the
//! parameter's declared type like any object argument.
//!
//! Multi-dimensional arrays are a slice plus their lengths, row-major as .NET lays them out
//! (the last index varies fastest): [`MdSlice`] and [`MdSliceMut`], whose constructors refuse
//! lengths whose product is not the slice's length.

use crate::call::abi::{sealed, Abi, Arg, ArgSlot};
use crate::call::recorded::{Describe, Recorded};
use crate::error::{Error, Result};
use crate::host::{array, ObjectRef};
use crate::value::Blittable;

/// An `[In] T[]` argument made from a shared slice: a new managed array holding a copy of it.
/// What the callee writes into that array is not seen by Rust (the parameter says it passes
/// nothing back).
pub struct SliceArray<'a, V: Blittable>(pub &'a [V]);

/// A `T[]` argument (not `[In]` alone) made from a mutable slice: a new managed array holding
/// a copy of it, copied back into the slice after the call returns normally (on a remote
/// runtime too: the array is made on the server and read back after the call).
pub struct SliceArrayMut<'a, V: Blittable>(pub &'a mut [V]);

/// A multi-dimensional `[In]` array argument (`T[,]` for `R` = 2, `T[,,]` for 3) made from a
/// shared slice in row-major order and the length of each dimension.
pub struct MdSlice<'a, V: Blittable, const R: usize> {
    data: &'a [V],
    lengths: [usize; R],
}

/// A multi-dimensional array argument (not `[In]` alone) made from a mutable slice in
/// row-major order and the length of each dimension, copied back into the slice after the
/// call.
pub struct MdSliceMut<'a, V: Blittable, const R: usize> {
    data: &'a mut [V],
    lengths: [usize; R],
}

/// `Ok` when `lengths` (at least two) multiply to `len`.
fn check_lengths<const R: usize>(len: usize, lengths: &[usize; R]) -> Result<()> {
    if R < 2 {
        return Err(Error::InvalidArgument(format!(
            "a multi-dimensional array has at least two dimensions, not {R}"
        )));
    }
    match lengths.iter().try_fold(1usize, |n, &l| n.checked_mul(l)) {
        Some(n) if n == len => Ok(()),
        Some(n) => Err(Error::InvalidArgument(format!(
            "lengths {lengths:?} make {n} elements, but the slice has {len}"
        ))),
        None => Err(Error::InvalidArgument(format!(
            "lengths {lengths:?} make more elements than memory holds"
        ))),
    }
}

impl<'a, V: Blittable, const R: usize> MdSlice<'a, V, R> {
    /// `data` as an array of `lengths` (row-major: the last index varies fastest); an
    /// [`Error::InvalidArgument`] when the lengths' product is not `data.len()`.
    pub fn new(data: &'a [V], lengths: [usize; R]) -> Result<Self> {
        check_lengths(data.len(), &lengths)?;
        Ok(MdSlice { data, lengths })
    }

    /// The length of each dimension.
    pub fn lengths(&self) -> [usize; R] {
        self.lengths
    }
}

impl<'a, V: Blittable, const R: usize> MdSliceMut<'a, V, R> {
    /// `data` as an array of `lengths` (row-major: the last index varies fastest); an
    /// [`Error::InvalidArgument`] when the lengths' product is not `data.len()`.
    pub fn new(data: &'a mut [V], lengths: [usize; R]) -> Result<Self> {
        check_lengths(data.len(), &lengths)?;
        Ok(MdSliceMut { data, lengths })
    }

    /// The length of each dimension.
    pub fn lengths(&self) -> [usize; R] {
        self.lengths
    }
}

/// The slot of every buffer argument: the new array (only on the caller's stack, for the
/// call, like every argument's reference) and, for writable ones, where it is copied back.
pub struct ArraySlot<'a, V: Blittable> {
    array: ObjectRef,
    back: Option<&'a mut [V]>,
}

impl<V: Blittable> sealed::Slot for ArraySlot<'_, V> {}
impl<V: Blittable> ArgSlot for ArraySlot<'_, V> {
    type Raw = ObjectRef;
    #[inline]
    fn raw(&mut self) -> ObjectRef {
        self.array
    }
    #[inline]
    fn object(&self) -> Option<ObjectRef> {
        Some(self.array)
    }
    #[inline]
    fn finish(self) -> Result<()> {
        match self.back {
            Some(back) => array::array_copy_into(self.array, back),
            None => Ok(()),
        }
    }
}

fn vector<V: Blittable>(values: &[V]) -> Result<ObjectRef> {
    crate::Runtime::get()?;
    array::array_from_values(V::class()?, values)
}

fn md_array<V: Blittable>(values: &[V], lengths: &[usize]) -> Result<ObjectRef> {
    crate::Runtime::get()?;
    array::md_array_from_values(V::class()?, lengths, values)
}

impl<V: Blittable> sealed::Arg for SliceArray<'_, V> {}
impl<'a, V: Blittable> Arg for SliceArray<'a, V> {
    const ABI: Abi = Abi::Ref;
    type Slot = ArraySlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<ArraySlot<'a, V>> {
        Ok(ArraySlot {
            array: vector(self.0)?,
            back: None,
        })
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        // Made on the server first, then passed as the object it is there.
        crate::remote::values::object(Some(&crate::remote::arrays::make(self.0)?))
    }
}

impl<V: Blittable> sealed::Arg for SliceArrayMut<'_, V> {}
impl<'a, V: Blittable> Arg for SliceArrayMut<'a, V> {
    const ABI: Abi = Abi::Ref;
    type Slot = ArraySlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<ArraySlot<'a, V>> {
        Ok(ArraySlot {
            array: vector(self.0)?,
            back: Some(self.0),
        })
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        // Made on the server and kept there until the call returns, then read back.
        crate::remote::arrays::make_kept(self.0, None)
    }
    const FETCHES_BACK_REMOTE: bool = true;
    fn finish_remote(self) -> Result<()> {
        crate::remote::arrays::read_back(self.0)
    }
}

impl<V: Blittable, const R: usize> sealed::Arg for MdSlice<'_, V, R> {}
impl<'a, V: Blittable, const R: usize> Arg for MdSlice<'a, V, R> {
    const ABI: Abi = Abi::Ref;
    type Slot = ArraySlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<ArraySlot<'a, V>> {
        Ok(ArraySlot {
            array: md_array(self.data, &self.lengths)?,
            back: None,
        })
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        // Made on the server first, then passed as the object it is there.
        let made = crate::remote::arrays::make_multi_dimensional(self.data, &self.lengths)?;
        crate::remote::values::object(Some(&made))
    }
}

impl<V: Blittable, const R: usize> sealed::Arg for MdSliceMut<'_, V, R> {}
impl<'a, V: Blittable, const R: usize> Arg for MdSliceMut<'a, V, R> {
    const ABI: Abi = Abi::Ref;
    type Slot = ArraySlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<ArraySlot<'a, V>> {
        Ok(ArraySlot {
            array: md_array(self.data, &self.lengths)?,
            back: Some(self.data),
        })
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        // Made on the server and kept there until the call returns, then read back.
        crate::remote::arrays::make_kept(self.data, Some(&self.lengths))
    }
    const FETCHES_BACK_REMOTE: bool = true;
    fn finish_remote(self) -> Result<()> {
        crate::remote::arrays::read_back(self.data)
    }
}

impl<V: Blittable> Describe for SliceArray<'_, V> {
    fn describe(&self) -> Recorded {
        Recorded::Opaque(format!(
            "an [In] array copied from a slice of {} elements",
            self.0.len()
        ))
    }
}

impl<V: Blittable> Describe for SliceArrayMut<'_, V> {
    fn describe(&self) -> Recorded {
        Recorded::Opaque(format!(
            "an array copied from and back into a slice of {} elements",
            self.0.len()
        ))
    }
}

impl<V: Blittable, const R: usize> Describe for MdSlice<'_, V, R> {
    fn describe(&self) -> Recorded {
        Recorded::Opaque(format!(
            "an [In] array of lengths {:?} copied from a slice",
            self.lengths
        ))
    }
}

impl<V: Blittable, const R: usize> Describe for MdSliceMut<'_, V, R> {
    fn describe(&self) -> Recorded {
        Recorded::Opaque(format!(
            "an array of lengths {:?} copied from and back into a slice",
            self.lengths
        ))
    }
}
