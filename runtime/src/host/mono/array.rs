//! Managed arrays on Mono: single- and multi-dimensional arrays of values and references,
//! their lengths and elements, and bulk copies between them and Rust slices of blittable values.
//! A reference to an array is an [`ObjectRef`] like any other (see `raw.rs`).

use std::ffi::c_void;
use std::ptr;
use std::sync::atomic::{AtomicPtr, Ordering};

use super::ffi;
use super::metadata::Class;
use super::raw::{check_size, refused, ObjectRef, PlainValue};
use super::runtime::Runtime;
use super::EpochCell;
use crate::error::{Error, Result};

/// A new single-dimension array of `len` elements of `element`. A length above
/// `i32::MAX` is .NET's `OverflowException`, an array Mono cannot allocate its
/// `OutOfMemoryException`.
pub(crate) fn array_new(element: Class, len: usize) -> Result<ObjectRef> {
    let rt = Runtime::get()?;
    check_array_length(element, len)?;
    // SAFETY: valid domain and class; Mono returns NULL when it cannot allocate the array.
    let array = unsafe { ffi::mono_array_new(rt.domain(), element.as_ptr(), len) };
    allocated_array(array, element, len)
}

/// A new `object[len]` (the reflective path's argument array), as [`array_new`] makes it but
/// through the array class's vtable, looked up once per unit: `mono_array_new` looks up the
/// array class and its vtable on every call.
pub(crate) fn object_array_new(len: usize) -> Result<ObjectRef> {
    static VTABLE: EpochCell<usize> = EpochCell::new();
    let rt = Runtime::get()?;
    check_array_length(Class::object(), len)?;
    let vtable = *VTABLE.get_or_try_init(|| {
        // SAFETY: valid domain and class (object[]); returns its vtable in the current domain,
        // which lives as long as the domain, i.e. the unit this cache belongs to.
        let vtable = unsafe { ffi::mono_class_vtable(rt.domain(), object_array_class().as_ptr()) };
        match vtable.is_null() {
            true => Err(Error::Unsupported("Mono has no vtable for System.Object[]".into())),
            false => Ok(vtable as usize),
        }
    })?;
    // SAFETY: the vtable of object[] in the current domain (cached above); Mono returns NULL
    // when it cannot allocate the array.
    let array = unsafe { ffi::mono_array_new_specific(vtable as *mut ffi::MonoVTable, len) };
    allocated_array(array, Class::object(), len)
}

/// `System.Object[]` (looked up once per unit).
pub(crate) fn object_array_class() -> Class {
    static CLASS: EpochCell<Class> = EpochCell::new();
    *CLASS.get_or_init(|| Class::object().array())
}

fn check_array_length(element: Class, len: usize) -> Result<()> {
    crate::host::array::check_array_length(element.into(), len)
}

fn allocated_array(array: *mut ffi::MonoArray, element: Class, len: usize) -> Result<ObjectRef> {
    if array.is_null() {
        return Err(refused(
            "System.OutOfMemoryException",
            format!(
                "Mono could not allocate an array of {len} elements of {}",
                element.full_name()
            ),
        ));
    }
    Ok(ObjectRef(array as *mut ffi::MonoObject))
}

/// Length of a non-null single-dimension array.
pub(crate) fn array_len(a: ObjectRef) -> usize {
    super::thread::ensure();
    // SAFETY: `a` is a live array (checked by the caller).
    unsafe { ffi::mono_array_length(a.0 as *mut _) }
}

/// Address of element `idx` of a non-null array whose elements are `elem_size` bytes.
fn array_element_ptr(a: ObjectRef, elem_size: usize, idx: usize) -> *mut u8 {
    // SAFETY: `a` is a live array and `idx` < its length (checked by the callers).
    unsafe { ffi::mono_array_addr_with_size(a.0 as *mut _, elem_size as i32, idx) as *mut u8 }
}

/// A new `V[]` holding a copy of `values` (`element` is `V`'s class).
pub(crate) fn array_from_values<V: PlainValue>(element: Class, values: &[V]) -> Result<ObjectRef> {
    check_size::<V>(element)?;
    let array = array_new(element, values.len())?;
    if !values.is_empty() {
        let data = array_element_ptr(array, std::mem::size_of::<V>(), 0);
        // SAFETY: the array has `values.len()` elements of `V`'s size (checked), contiguous
        // from element 0; blittable elements hold no references, so no write barrier.
        unsafe { ptr::copy_nonoverlapping(values.as_ptr() as *const u8, data, std::mem::size_of_val(values)) };
    }
    Ok(array)
}

/// A new multi-dimensional array of `element` (a value type without references) of rank
/// `lengths.len()`, holding `bytes` in row-major order (`host::array::md_array_from_bytes`
/// checks the shape first; here only what the copy needs: that the array holds exactly
/// `bytes.len()` bytes).
pub(crate) fn md_array_from_bytes(element: Class, lengths: &[usize], bytes: &[u8]) -> Result<ObjectRef> {
    let rank = u32::try_from(lengths.len())
        .ok()
        .filter(|r| (2..=32).contains(r))
        .ok_or_else(|| {
            Error::InvalidArgument(format!("an array of rank {} is not multi-dimensional", lengths.len()))
        })?;
    let rt = Runtime::get()?;
    // SAFETY: valid class and rank (2..=32, as the CLI allows); returns the cached array class.
    let class = unsafe { ffi::mono_array_class_get(element.as_ptr(), rank) };
    if class.is_null() {
        return Err(Error::Unsupported(format!(
            "Mono has no rank-{rank} array class of {}",
            element.full_name()
        )));
    }
    let mut lengths = lengths.to_vec();
    // SAFETY: valid domain and array class; `lengths` has `rank` entries (each at most
    // `MAX_ARRAY_LENGTH`, as is their product: checked by the caller, and Mono throws for a
    // negative length), NULL lower bounds are all zero. Mono returns NULL when it cannot
    // allocate the array.
    let array = unsafe { ffi::mono_array_new_full(rt.domain(), class, lengths.as_mut_ptr(), ptr::null_mut()) };
    let size = element.value_size().0;
    let count = lengths
        .iter()
        .try_fold(1usize, |n, &l| n.checked_mul(l))
        .unwrap_or(usize::MAX);
    let array = allocated_array(array, element, count)?;
    // (`max_length`: every element of every dimension.)
    if array_len(array).checked_mul(size) != Some(bytes.len()) {
        return Err(Error::InvalidArgument(format!(
            "{} bytes do not fill an array of lengths {lengths:?} of {}",
            bytes.len(),
            element.full_name()
        )));
    }
    if !bytes.is_empty() {
        // A multi-dimensional array's elements are contiguous from element 0 like a vector's
        // (its bounds live apart), in row-major order.
        let data = array_element_ptr(array, size, 0);
        // SAFETY: the array holds exactly `bytes.len()` bytes of elements from element 0
        // (checked just above); the callers' elements hold no references, so no write barrier.
        unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), data, bytes.len()) };
    }
    Ok(array)
}

/// The bytes of every element of `array`, a `V[]` or multi-dimensional `V[,…]` of a value type
/// without references (the caller checks that), in row-major order.
pub(crate) fn array_bytes(array: ObjectRef) -> Result<Vec<u8>> {
    let size = any_array_element(array)?.value_size().0;
    // (`max_length`: every element of every dimension.)
    let len = array_len(array);
    let total = len
        .checked_mul(size)
        .ok_or_else(|| Error::InvalidArgument(format!("an array of {len} elements of {size} bytes")))?;
    let mut out = vec![0u8; total];
    if total > 0 {
        let data = array_element_ptr(array, size, 0);
        // SAFETY: `len` contiguous elements of `size` bytes; `out` is a distinct allocation of
        // that many bytes.
        unsafe { ptr::copy_nonoverlapping(data, out.as_mut_ptr(), total) };
    }
    Ok(out)
}

/// The element class of a single- or multi-dimensional array.
pub(crate) fn any_array_element(array: ObjectRef) -> Result<Class> {
    let class = array
        .class()
        .ok_or_else(|| Error::NullReference("array is null".into()))?;
    // SAFETY: valid class; NULL for non-array classes.
    Class::from_ptr(unsafe { ffi::mono_class_get_element_class(class.as_ptr()) })
        .filter(|_| class.full_name().ends_with(']'))
        .ok_or_else(|| Error::InvalidCast {
            from: class.full_name(),
            to: "an array".into(),
        })
}

/// Copies the elements of `array`, a `V[]` or multi-dimensional `V[,…]` of exactly
/// `out.len()` elements of `V`'s size, into `out` (one copy: how an `[Out]` array argument
/// is written back).
pub(crate) fn array_copy_into<V: PlainValue>(array: ObjectRef, out: &mut [V]) -> Result<()> {
    let element = any_array_element(array)?;
    check_size::<V>(element)?;
    // (`max_length`: every element of every dimension.)
    let len = array_len(array);
    if len != out.len() {
        return Err(Error::InvalidArgument(format!(
            "an array of {len} elements does not fit {} Rust values",
            out.len()
        )));
    }
    if len > 0 {
        let data = array_element_ptr(array, std::mem::size_of::<V>(), 0);
        // SAFETY: `len` contiguous elements of `V`'s size (checked); every bit pattern is a
        // valid `V`; `out` is a distinct Rust allocation of the same byte length.
        unsafe { ptr::copy_nonoverlapping(data, out.as_mut_ptr() as *mut u8, std::mem::size_of_val(out)) };
    }
    Ok(())
}

/// A copy of the elements of the `V[]` array `array`.
pub(crate) fn array_values<V: PlainValue>(array: ObjectRef) -> Result<Vec<V>> {
    let element = array_element_class(array)?;
    check_size::<V>(element)?;
    let len = array_len(array);
    let mut out = Vec::<V>::with_capacity(len);
    if len > 0 {
        let data = array_element_ptr(array, std::mem::size_of::<V>(), 0);
        // SAFETY: `len` contiguous elements of `V`'s size; every bit pattern is a valid `V`.
        unsafe {
            ptr::copy_nonoverlapping(data, out.as_mut_ptr() as *mut u8, len * std::mem::size_of::<V>());
            out.set_len(len);
        }
    }
    Ok(out)
}

/// The element class of an array object.
pub(crate) fn array_element_class(array: ObjectRef) -> Result<Class> {
    let class = array
        .class()
        .ok_or_else(|| Error::NullReference("array is null".into()))?;
    // SAFETY: valid class; NULL for non-array classes.
    Class::from_ptr(unsafe { ffi::mono_class_get_element_class(class.as_ptr()) })
        .filter(|_| class.full_name().ends_with("[]"))
        .ok_or_else(|| Error::InvalidCast {
            from: class.full_name(),
            to: "an array".into(),
        })
}

/// Element `idx` of a reference-typed array.
pub(crate) fn array_get_ref(array: ObjectRef, idx: usize) -> Result<ObjectRef> {
    let len = array_len(array);
    if idx >= len {
        return Err(Error::InvalidArgument(format!(
            "index {idx} out of range for an array of {len}"
        )));
    }
    // SAFETY: in range; reference arrays hold pointer-sized elements.
    Ok(unsafe { *(array_element_ptr(array, std::mem::size_of::<usize>(), idx) as *const ObjectRef) })
}

/// Sets every element of `array`, an `object[]` (anything else is left as it is), to null.
/// Plain stores, no barrier: SGen's card-table barrier only records references into the
/// nursery or made during a concurrent mark, and null is neither (see `ManagedSegment::clear`).
pub(crate) fn object_array_clear(array: ObjectRef) {
    if array.class() != Some(object_array_class()) {
        return;
    }
    let len = array_len(array);
    if len == 0 {
        return;
    }
    let data = array_element_ptr(array, std::mem::size_of::<usize>(), 0) as *const AtomicPtr<ffi::MonoObject>;
    for i in 0..len {
        // SAFETY: `len` contiguous pointer-sized, pointer-aligned references from element 0 of
        // this live object[] (on this stack); the collector and other threads may access them
        // too, hence atomic stores.
        unsafe { (*data.add(i)).store(ptr::null_mut(), Ordering::Release) };
    }
}

/// Stores `value` at `idx` of a reference-typed array, with the GC write barrier.
pub(crate) fn array_set_ref(array: ObjectRef, idx: usize, value: ObjectRef) -> Result<()> {
    let len = array_len(array);
    if idx >= len {
        return Err(Error::InvalidArgument(format!(
            "index {idx} out of range for an array of {len}"
        )));
    }
    let slot = array_element_ptr(array, std::mem::size_of::<usize>(), idx);
    // SAFETY: in range; the barrier stores the reference so SGen tracks it.
    unsafe { ffi::mono_gc_wbarrier_set_arrayref(array.0 as *mut _, slot as *mut c_void, value.0) };
    Ok(())
}

/// The element class of `array` when it is a value type, and the element's size: what
/// [`array_get_value`] and [`array_set_value`] work on.
fn value_array_element(array: ObjectRef, idx: usize) -> Result<(Class, usize)> {
    let element = array_element_class(array)?;
    if !element.is_value_type() {
        return Err(Error::InvalidArgument(format!(
            "{} is not an array of a value type",
            element.full_name()
        )));
    }
    let len = array_len(array);
    if idx >= len {
        return Err(Error::InvalidArgument(format!(
            "index {idx} out of range for an array of {len}"
        )));
    }
    Ok((element, element.value_size().0))
}

/// A new box holding a copy of element `idx` of an array of a value type.
pub(crate) fn array_get_value(array: ObjectRef, idx: usize) -> Result<ObjectRef> {
    let (element, size) = value_array_element(array, idx)?;
    let rt = Runtime::get()?;
    // SAFETY: `idx` is in range of this live array of `element` values of `size` bytes (the
    // reference is on this stack, so the array stays put); mono_value_box copies the element
    // into a new box of `element`, with write barriers for its reference fields.
    Ok(ObjectRef(unsafe {
        ffi::mono_value_box(
            rt.domain(),
            element.as_ptr(),
            array_element_ptr(array, size, idx) as *mut c_void,
        )
    }))
}

/// Copies the value in the box `boxed`, which must be exactly of the array's element type,
/// into element `idx` of an array of a value type.
pub(crate) fn array_set_value(array: ObjectRef, idx: usize, boxed: ObjectRef) -> Result<()> {
    let (element, size) = value_array_element(array, idx)?;
    match boxed.class() {
        Some(c) if c == element => {}
        other => {
            return Err(Error::InvalidCast {
                from: other.map_or_else(|| "null".into(), |c| c.full_name()),
                to: element.full_name(),
            })
        }
    }
    // SAFETY: `idx` is in range of this live array of `element` values of `size` bytes and
    // `boxed` is a live box of exactly `element` (checked above), both on this stack;
    // `mono_value_copy` copies the value size with the barriers its reference fields need.
    unsafe {
        ffi::mono_value_copy(
            array_element_ptr(array, size, idx) as *mut c_void,
            boxed.unboxed_ptr() as *mut c_void,
            element.as_ptr(),
        )
    };
    Ok(())
}
