//! Arrays over a connection: an array a client passes or reads lives on the server, made there
//! from the values' bytes (`V[]` of a value type without references) and read back the same
//! way, or element by element for an array of references. Both halves are here: the client's
//! (what `Array<V>`, `ObjectArray<T>` and slice arguments call when connected) and the
//! session's ([`ArrayStep`]'s checks and work).

use crate::call::{Recorded, Value};
use crate::error::{Error, Result};
use crate::host::array;
use crate::host::plain::{box_bytes, holds_references};
use crate::remote::session::{class_of, Session};
use crate::remote::wire::{ArrayStep, Step, TypeName};
use crate::remote::{client, values};
use crate::value::{Blittable, Object};

// ---- The client's side ---------------------------------------------------------------------

fn step(what: ArrayStep, label: &str) -> Result<Recorded> {
    client::step(Step::Array(Box::new(what)), label.into())
}

/// A new `V[]` on the server holding a copy of `values`.
pub(crate) fn make<V: Blittable>(values: &[V]) -> Result<Object> {
    let count = u32::try_from(values.len())
        .map_err(|_| Error::InvalidArgument(format!("{} elements are too many for a .NET array", values.len())))?;
    let bytes = values.iter().flat_map(crate::host::plain::value_bytes).collect();
    let made = step(
        ArrayStep::Make {
            element: V::remote_type()?,
            count,
            bytes,
        },
        "making an array",
    )?;
    values::remote_object(made)?.ok_or_else(|| Error::NullReference("the server made no array".into()))
}

/// A new multi-dimensional `V[,…]` on the server of `lengths` (row-major `values`).
pub(crate) fn make_multi_dimensional<V: Blittable>(values: &[V], lengths: &[usize]) -> Result<Object> {
    let lengths = lengths
        .iter()
        .map(|&l| u32::try_from(l).map_err(|_| Error::InvalidArgument(format!("a dimension of {l} elements"))))
        .collect::<Result<Vec<u32>>>()?;
    let bytes = values.iter().flat_map(crate::host::plain::value_bytes).collect();
    let made = step(
        ArrayStep::MakeMultiDimensional {
            element: V::remote_type()?,
            lengths,
            bytes,
        },
        "making a multi-dimensional array",
    )?;
    values::remote_object(made)?.ok_or_else(|| Error::NullReference("the server made no array".into()))
}

thread_local! {
    /// Arrays made on the server for this thread's calls in flight from slices written back
    /// ([`make_kept`]), with the address of each slice: kept (not released) until the call
    /// returns, then read back into the slice ([`read_back`]) and released ([`KeptForCall`]).
    static KEPT: std::cell::RefCell<Vec<(usize, Object)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// [`make`] for an argument written back (`SliceArrayMut`, and with `lengths` a
/// multi-dimensional one, `MdSliceMut`): the array is kept until the call it is an argument of
/// returns; what the call sends for it.
pub(crate) fn make_kept<V: Blittable>(slice: &[V], lengths: Option<&[usize]>) -> Result<Recorded> {
    let array = match lengths {
        None => make(slice)?,
        Some(lengths) => make_multi_dimensional(slice, lengths)?,
    };
    let sent = values::object(Some(&array))?;
    KEPT.with(|k| k.borrow_mut().push((slice.as_ptr() as usize, array)));
    Ok(sent)
}

/// After a call that returned normally: copies what the callee left in the array
/// [`make_kept`] made for `slice` back into it.
pub(crate) fn read_back<V: Blittable>(slice: &mut [V]) -> Result<()> {
    let address = slice.as_ptr() as usize;
    let array = KEPT
        .with(|k| {
            let mut kept = k.borrow_mut();
            let at = kept.iter().rposition(|(a, _)| *a == address)?;
            Some(kept.remove(at).1)
        })
        .ok_or_else(|| Error::InvalidArgument("no array was made on the server for this slice".into()))?;
    let back: Vec<V> = values(&array)?;
    if back.len() != slice.len() {
        return Err(Error::InvalidArgument(format!(
            "the server's array has {} elements, the slice written back {}",
            back.len(),
            slice.len()
        )));
    }
    slice.copy_from_slice(&back);
    Ok(())
}

/// Releases, when dropped, the arrays [`make_kept`] made on this thread since it was made:
/// those of one call, whether it returned, failed or was refused (a call made from a callback
/// while another waits releases only its own).
pub(crate) struct KeptForCall(usize);

impl KeptForCall {
    pub(crate) fn mark() -> KeptForCall {
        KeptForCall(KEPT.with(|k| k.borrow().len()))
    }
}

impl Drop for KeptForCall {
    fn drop(&mut self) {
        let released = KEPT.with(|k| {
            let mut kept = k.borrow_mut();
            let from = self.0.min(kept.len());
            kept.split_off(from)
        });
        drop(released);
    }
}

/// A copy of the elements of the `V[]` `array` on the server.
pub(crate) fn values<V: Blittable>(array: &Object) -> Result<Vec<V>> {
    let Recorded::Struct { bytes, .. } = step(ArrayStep::Values(values::object(Some(array))?), "reading an array")?
    else {
        return Err(Error::InvalidArgument("the server sent no array's bytes".into()));
    };
    let size = std::mem::size_of::<V>();
    if size == 0 || bytes.len() % size != 0 {
        return Err(Error::InvalidArgument(format!(
            "{} bytes are no whole number of {}",
            bytes.len(),
            std::any::type_name::<V>()
        )));
    }
    bytes.chunks(size).map(crate::host::plain::value_from_bytes).collect()
}

/// The number of elements of `array` on the server.
pub(crate) fn len(array: &Object) -> Result<usize> {
    match step(
        ArrayStep::Len(values::object(Some(array))?),
        "reading an array's length",
    )? {
        Recorded::Int64(n) => {
            usize::try_from(n).map_err(|_| Error::InvalidArgument(format!("an array of {n} elements")))
        }
        other => Err(values::unexpected("a length", &other)),
    }
}

/// Element `index` of an array of references on the server.
pub(crate) fn item(array: &Object, index: usize) -> Result<Option<Object>> {
    let index = u32::try_from(index).map_err(|_| Error::InvalidArgument(format!("index {index} is out of range")))?;
    values::remote_object(step(
        ArrayStep::Item(values::object(Some(array))?, index),
        "reading an array's element",
    )?)
}

// ---- The session's side --------------------------------------------------------------------

impl Session {
    /// Does what `step` asks (see [`ArrayStep`]).
    pub fn array(&self, step: &ArrayStep) -> Result<Recorded> {
        match step {
            ArrayStep::Make { element, count, bytes } => self.make_array(element, *count, bytes),
            ArrayStep::MakeMultiDimensional {
                element,
                lengths,
                bytes,
            } => {
                let class = class_of(element)?;
                let size = plain_element(class)?;
                let lengths: Vec<usize> = lengths.iter().map(|&l| l as usize).collect();
                let count = bytes.len().checked_div(size).unwrap_or(0);
                let made = Object::from_raw(array::md_array_from_bytes(class, &lengths, count, bytes)?)?
                    .ok_or_else(|| Error::NullReference("no array was made".into()))?;
                self.keep(Value::Object(made))
            }
            ArrayStep::Values(array) => {
                let array = self.array_object(array)?;
                plain_element(array::any_array_element(array.raw()?)?)?;
                Ok(Recorded::Struct {
                    assembly: String::new(),
                    type_name: String::new(),
                    bytes: array::array_bytes(array.raw()?)?,
                })
            }
            ArrayStep::Len(array) => {
                let array = self.array_object(array)?;
                array::array_element_class(array.raw()?)?;
                let len = array::array_len(array.raw()?)?;
                Ok(Recorded::Int64(len as i64))
            }
            ArrayStep::Item(array, index) => {
                let array = self.array_object(array)?;
                let element = array::array_element_class(array.raw()?)?;
                if element.is_value_type() {
                    return Err(Error::InvalidArgument(format!(
                        "a {}[] holds values, not objects",
                        element.full_name()
                    )));
                }
                let item = Object::from_raw(array::array_get_ref(array.raw()?, *index as usize)?)?;
                match item {
                    Some(item) => self.keep(Value::Object(item)),
                    None => Ok(Recorded::Null),
                }
            }
        }
    }

    fn make_array(&self, element: &TypeName, count: u32, bytes: &[u8]) -> Result<Recorded> {
        let class = class_of(element)?;
        let size = plain_element(class)?;
        let count = count as usize;
        if size.checked_mul(count) != Some(bytes.len()) {
            return Err(Error::InvalidArgument(format!(
                "{} bytes sent for {count} elements of {} ({size} bytes each)",
                bytes.len(),
                class.full_name()
            )));
        }
        // Held by a handle while the elements' boxes are made (the collector may move it).
        let made = Object::from_raw(array::array_new(class, count)?)?
            .ok_or_else(|| Error::NullReference("no array was made".into()))?;
        for (i, value) in bytes.chunks(size.max(1)).enumerate().take(count) {
            let boxed = Object::from_raw(box_bytes(class, value)?)?
                .ok_or_else(|| Error::NullReference("no box was made".into()))?;
            array::array_set_value(made.raw()?, i, boxed.raw()?)?;
        }
        self.keep(Value::Object(made))
    }

    /// The array the client names.
    fn array_object(&self, array: &Recorded) -> Result<Object> {
        match array {
            Recorded::Object { cookie, .. } => self.object(*cookie),
            Recorded::Null => Err(Error::NullReference("the array is null".into())),
            other => Err(Error::InvalidArgument(format!("{other} is no array"))),
        }
    }
}

/// The size of an element of the value type `class`, which must hold no references (its
/// values cross by their bytes).
fn plain_element(class: crate::host::Class) -> Result<usize> {
    if !class.is_value_type() || holds_references(class) {
        return Err(Error::InvalidArgument(format!(
            "a {}[] does not cross by its bytes (only arrays of values without references do)",
            class.full_name()
        )));
    }
    Ok(class.value_size().0)
}
