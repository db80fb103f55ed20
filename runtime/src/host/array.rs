//! Arrays: made, read and written from Rust on either backend (on Mono through the array's
//! data, on CoreCLR through the bridge, which copies blittable elements in bulk).

use super::backend::on_backend;
use super::raw::{check_size, ObjectRef, PlainValue};
use super::{coreclr, mono, Class};
use crate::error::{Error, Result};

/// The most elements a single-dimension array holds: its `Length` is an `int` (.NET refuses a
/// longer one with `OverflowException`).
pub(crate) const MAX_ARRAY_LENGTH: usize = i32::MAX as usize;

/// A length above [`MAX_ARRAY_LENGTH`] is .NET's `OverflowException` (never a shorter array).
pub(crate) fn check_array_length(element: Class, len: usize) -> Result<()> {
    if len > MAX_ARRAY_LENGTH {
        return Err(super::raw::refused(
            "System.OverflowException",
            format!(
                "an array of {} holds at most {MAX_ARRAY_LENGTH} elements; {len} are more",
                element.full_name()
            ),
        ));
    }
    Ok(())
}

/// A new single-dimension array of `len` elements of `element`. A length above `i32::MAX` is
/// .NET's `OverflowException`, an array the runtime cannot allocate its
/// `OutOfMemoryException`.
pub(crate) fn array_new(element: Class, len: usize) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::array::array_new(element.into(), len).map(ObjectRef::from),
        coreclr => {
            check_array_length(element, len)?;
            coreclr::heap::array_new(element, len)
        },
    )
}

/// A new `object[len]` (the reflective path's argument array).
pub(crate) fn object_array_new(len: usize) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::array::object_array_new(len).map(ObjectRef::from),
        coreclr => {
            check_array_length(Class::object(), len)?;
            coreclr::heap::array_new(Class::object(), len)
        },
    )
}

/// The number of elements of a non-null array (of every dimension).
pub(crate) fn array_len(a: ObjectRef) -> Result<usize> {
    on_backend!(mono => Ok(mono::array::array_len(a.into())), coreclr => coreclr::heap::array_len(a))
}

/// A new `V[]` holding a copy of `values` (`element` is `V`'s class).
pub(crate) fn array_from_values<V: PlainValue>(element: Class, values: &[V]) -> Result<ObjectRef> {
    on_backend!(mono => mono::array::array_from_values(element.into(), values).map(ObjectRef::from), coreclr => {
        check_size::<V>(element)?;
        let array = array_new(element, values.len())?;
        coreclr::heap::array_write(array, plain_bytes(values))?;
        Ok(array)
    })
}

/// A new multi-dimensional `V[,…]` of rank `lengths.len()` (2 or more), `lengths[i]` elements
/// in dimension `i`, holding a copy of `values` in row-major order (.NET's order: the last
/// index varies fastest). `values.len()` must be the product of `lengths` (checked).
pub(crate) fn md_array_from_values<V: PlainValue>(
    element: Class,
    lengths: &[usize],
    values: &[V],
) -> Result<ObjectRef> {
    check_size::<V>(element)?;
    md_array_from_bytes(element, lengths, values.len(), plain_bytes(values))
}

/// [`md_array_from_values`] for `count` values of `element` (a value type without references:
/// the caller checks) given by their bytes, `bytes.len()` being `count` times its size
/// (checked): also how a server makes the array a client sent.
pub(crate) fn md_array_from_bytes(element: Class, lengths: &[usize], count: usize, bytes: &[u8]) -> Result<ObjectRef> {
    if !(2..=32).contains(&lengths.len()) {
        return Err(Error::InvalidArgument(format!(
            "an array of rank {} is not multi-dimensional (2 to 32 dimensions)",
            lengths.len()
        )));
    }
    for &l in lengths {
        check_array_length(element, l)?;
    }
    check_array_length(element, count)?;
    if lengths.iter().try_fold(1usize, |n, &l| n.checked_mul(l)) != Some(count) {
        return Err(Error::InvalidArgument(format!(
            "{count} elements do not fill a multi-dimensional array of lengths {lengths:?}"
        )));
    }
    let size = element.value_size().0;
    if size.checked_mul(count) != Some(bytes.len()) {
        return Err(Error::InvalidArgument(format!(
            "{} bytes are not {count} elements of {} ({size} bytes each)",
            bytes.len(),
            element.full_name()
        )));
    }
    on_backend!(
        mono => mono::array::md_array_from_bytes(element.into(), lengths, bytes).map(ObjectRef::from),
        coreclr => {
            let array = coreclr::heap::array_new_md(element, lengths)?;
            coreclr::heap::array_write(array, bytes)?;
            Ok(array)
        },
    )
}

/// The element class of `array`, a single- or multi-dimensional array.
pub(crate) fn any_array_element(array: ObjectRef) -> Result<Class> {
    on_backend!(
        mono => mono::array::any_array_element(array.into()).map(Class::from),
        coreclr => coreclr::heap::element_of_any_array(array),
    )
}

/// The bytes of every element of `array`, a `V[]` or multi-dimensional `V[,…]` whose element
/// type ([`any_array_element`]) the caller checked to be a value type without references, in
/// row-major order: how a server reads back an array for a client.
pub(crate) fn array_bytes(array: ObjectRef) -> Result<Vec<u8>> {
    on_backend!(
        mono => mono::array::array_bytes(array.into()),
        coreclr => {
            let size = coreclr::heap::element_of_any_array(array)?.value_size().0;
            let len = coreclr::heap::array_len(array)?;
            let total = len
                .checked_mul(size)
                .ok_or_else(|| Error::InvalidArgument(format!("an array of {len} elements of {size} bytes")))?;
            let mut out = vec![0u8; total];
            coreclr::heap::array_read(array, &mut out)?;
            Ok(out)
        },
    )
}

/// Copies the elements of `array`, a `V[]` or multi-dimensional `V[,…]` of exactly
/// `out.len()` elements of `V`'s size, into `out` (one copy: how an `[Out]` array argument
/// is written back).
pub(crate) fn array_copy_into<V: PlainValue>(array: ObjectRef, out: &mut [V]) -> Result<()> {
    on_backend!(mono => mono::array::array_copy_into(array.into(), out), coreclr => {
        check_size::<V>(coreclr::heap::element_of_any_array(array)?)?;
        let len = coreclr::heap::array_len(array)?;
        if len != out.len() {
            return Err(Error::InvalidArgument(format!(
                "an array of {len} elements does not fit {} Rust values",
                out.len()
            )));
        }
        coreclr::heap::array_read(array, plain_bytes_mut(out))
    })
}

/// A copy of the elements of the `V[]` array `array`.
pub(crate) fn array_values<V: PlainValue>(array: ObjectRef) -> Result<Vec<V>> {
    on_backend!(mono => mono::array::array_values(array.into()), coreclr => {
        check_size::<V>(array_element_class(array)?)?;
        let len = coreclr::heap::array_len(array)?;
        let mut out = vec![super::raw::zeroed_value::<V>(); len];
        coreclr::heap::array_read(array, plain_bytes_mut(&mut out))?;
        Ok(out)
    })
}

/// The element class of a single-dimension array object.
pub(crate) fn array_element_class(array: ObjectRef) -> Result<Class> {
    on_backend!(
        mono => mono::array::array_element_class(array.into()).map(Class::from),
        coreclr => coreclr::heap::array_element_class(array),
    )
}

/// Element `idx` of a reference-typed array.
pub(crate) fn array_get_ref(array: ObjectRef, idx: usize) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::array::array_get_ref(array.into(), idx).map(ObjectRef::from),
        coreclr => {
            check_index(array, idx)?;
            coreclr::heap::array_get(array, idx)
        },
    )
}

/// Sets every element of `array`, an `object[]` (anything else is left as it is), to null.
pub(crate) fn object_array_clear(array: ObjectRef) -> Result<()> {
    on_backend!(mono => {
        mono::array::object_array_clear(array.into());
        Ok(())
    }, coreclr => coreclr::heap::object_array_clear(array))
}

/// Stores `value` at `idx` of a reference-typed array.
pub(crate) fn array_set_ref(array: ObjectRef, idx: usize, value: ObjectRef) -> Result<()> {
    on_backend!(
        mono => mono::array::array_set_ref(array.into(), idx, value.into()),
        coreclr => {
            check_index(array, idx)?;
            coreclr::heap::array_set(array, idx, value)
        },
    )
}

/// A new box holding a copy of element `idx` of an array of a value type.
pub(crate) fn array_get_value(array: ObjectRef, idx: usize) -> Result<ObjectRef> {
    on_backend!(mono => mono::array::array_get_value(array.into(), idx).map(ObjectRef::from), coreclr => {
        value_array_element(array)?;
        check_index(array, idx)?;
        coreclr::heap::array_get(array, idx)
    })
}

/// Copies the value in the box `boxed`, which must be exactly of the array's element type,
/// into element `idx` of an array of a value type.
pub(crate) fn array_set_value(array: ObjectRef, idx: usize, boxed: ObjectRef) -> Result<()> {
    on_backend!(mono => mono::array::array_set_value(array.into(), idx, boxed.into()), coreclr => {
        let element = value_array_element(array)?;
        check_index(array, idx)?;
        match boxed.class() {
            Some(c) if c == element => coreclr::heap::array_set(array, idx, boxed),
            other => Err(Error::InvalidCast {
                from: other.map_or_else(|| "null".into(), |c| c.full_name()),
                to: element.full_name(),
            }),
        }
    })
}

/// `idx` is an index of `array` (the error Mono's path gives, rather than the
/// `IndexOutOfRangeException` the element access would throw).
fn check_index(array: ObjectRef, idx: usize) -> Result<()> {
    let len = array_len(array)?;
    if idx < len {
        Ok(())
    } else {
        Err(Error::InvalidArgument(format!(
            "index {idx} out of range for an array of {len}"
        )))
    }
}

/// The element class of `array` when it is a value type.
fn value_array_element(array: ObjectRef) -> Result<Class> {
    let element = array_element_class(array)?;
    if element.is_value_type() {
        Ok(element)
    } else {
        Err(Error::InvalidArgument(format!(
            "{} is not an array of a value type",
            element.full_name()
        )))
    }
}

/// The bytes of plain values.
fn plain_bytes<V: PlainValue>(values: &[V]) -> &[u8] {
    // SAFETY: `V` is plain data (PlainValue contract); the slice covers exactly the values'
    // bytes for the borrow.
    unsafe { std::slice::from_raw_parts(values.as_ptr() as *const u8, std::mem::size_of_val(values)) }
}

/// The bytes of plain values, for writing.
fn plain_bytes_mut<V: PlainValue>(values: &mut [V]) -> &mut [u8] {
    // SAFETY: as above; any bytes written are valid `V`s.
    unsafe { std::slice::from_raw_parts_mut(values.as_mut_ptr() as *mut u8, std::mem::size_of_val(values)) }
}
