//! Single-dimension arrays: `V[]` of blittable values copied to and from slices, `T[]` of
//! references and `S[]` of managed structs read and written element by element.

use std::marker::PhantomData;

use crate::error::{Error, Result};
use crate::host::array;
use crate::value::object::generic_reference;
use crate::value::Blittable;
use crate::value::{BoxAs, Object, Reference, Unbox};
use crate::ManagedStruct;

/// A handle to a managed `V[]` whose elements are primitives, enums or full structs.
pub struct Array<V>(Object, PhantomData<fn() -> V>);

impl<V: Blittable> Array<V> {
    /// A new managed array holding a copy of `values`. More elements than a .NET array holds
    /// (2³¹ − 1) is the `OverflowException` .NET throws for it, an array Mono cannot allocate
    /// its `OutOfMemoryException` (both [`Error::ManagedException`]).
    ///
    /// In a client of a remote runtime the array is made on the server.
    pub fn from_slice(values: &[V]) -> Result<Self> {
        if crate::remote::connected() {
            return Ok(Array(crate::remote::arrays::make(values)?, PhantomData));
        }
        crate::Runtime::get()?;
        let raw = array::array_from_values(V::class()?, values)?;
        Ok(Array(
            Object::from_raw(raw)?.expect("array_new never gives null"),
            PhantomData,
        ))
    }

    /// A copy of the elements.
    pub fn to_vec(&self) -> Result<Vec<V>> {
        match self.0.raw() {
            Ok(raw) => array::array_values(raw),
            Err(e) => remote_or(e, || crate::remote::arrays::values(&self.0)),
        }
    }

    /// Number of elements.
    pub fn len(&self) -> Result<usize> {
        match self.0.raw() {
            Ok(raw) => array::array_len(raw),
            Err(e) => remote_or(e, || crate::remote::arrays::len(&self.0)),
        }
    }

    /// True when the array has no elements.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }
}

/// What an array handle the local runtime does not hold gives: in a client of a remote
/// runtime, `remote` reads the server's array; anywhere else the error `e` stands.
#[cold]
#[inline(never)]
fn remote_or<R>(e: Error, remote: impl FnOnce() -> Result<R>) -> Result<R> {
    if crate::remote::connected() {
        return remote();
    }
    Err(e)
}

/// A handle to a managed `T[]` of references (classes, interfaces, strings as objects).
pub struct ObjectArray<T>(Object, PhantomData<fn() -> T>);

impl<T: Reference> ObjectArray<T> {
    /// A new managed array with these elements (`None` is null). Too many elements is an
    /// error as for [`Array::from_slice`].
    pub fn from_items(items: &[Option<&T>]) -> Result<Self> {
        crate::Runtime::get()?;
        let array = array::array_new(T::class()?, items.len())?;
        let this = ObjectArray(
            Object::from_raw(array)?.expect("array_new never gives null"),
            PhantomData,
        );
        for (i, item) in items.iter().enumerate() {
            this.set(i, *item)?;
        }
        Ok(this)
    }

    /// Element `index` (`None` for null).
    pub fn get(&self, index: usize) -> Result<Option<T>> {
        let array = match self.0.raw() {
            Ok(raw) => raw,
            // The server checked the element against the array's type, `T[]`.
            Err(e) => {
                return remote_or(e, || {
                    crate::remote::arrays::item(&self.0, index)?
                        .map(crate::value::object::remote_as)
                        .transpose()
                })
            }
        };
        let raw = array::array_get_ref(array, index)?;
        crate::value::object::wrap(raw)
    }

    /// Stores `value` at `index` (checked against the element type, like C#'s array store).
    pub fn set(&self, index: usize, value: Option<&T>) -> Result<()> {
        let array = self.0.raw()?;
        let value = match value {
            Some(v) => {
                let raw = v.as_object().raw()?;
                let element = array::array_element_class(array)?;
                // No class: the handle was released meanwhile by another thread.
                let class = raw.class().ok_or(Error::StaleHandle)?;
                if !element.is_assignable_from(class) {
                    return Err(Error::InvalidCast {
                        from: class.full_name(),
                        to: element.full_name(),
                    });
                }
                raw
            }
            None => crate::ObjectRef::NULL,
        };
        array::array_set_ref(array, index, value)
    }

    /// Number of elements.
    pub fn len(&self) -> Result<usize> {
        match self.0.raw() {
            Ok(raw) => array::array_len(raw),
            Err(e) => remote_or(e, || crate::remote::arrays::len(&self.0)),
        }
    }

    /// True when the array has no elements.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// All elements.
    pub fn to_vec(&self) -> Result<Vec<Option<T>>> {
        (0..self.len()?).map(|i| self.get(i)).collect()
    }
}

/// A handle to a managed `S[]` of a managed struct `S` (a value type holding references, which
/// Rust holds as handles to boxes): elements are copied in and out by value, as C# copies a
/// struct it reads from or stores into an array.
pub struct StructArray<S>(Object, PhantomData<fn() -> S>);

impl<S: ManagedStruct> StructArray<S> {
    /// A new managed array of `len` default values (every field zero or null).
    pub fn new(len: usize) -> Result<Self> {
        crate::Runtime::get()?;
        let array = array::array_new(S::class()?, len)?;
        Ok(StructArray(
            Object::from_raw(array)?.expect("array_new never gives null"),
            PhantomData,
        ))
    }

    /// A new managed array holding copies of `items`.
    pub fn from_items(items: &[&S]) -> Result<Self>
    where
        S: BoxAs<Object>,
    {
        let this = Self::new(items.len())?;
        for (i, item) in items.iter().enumerate() {
            this.set(i, item)?;
        }
        Ok(this)
    }

    /// A copy of element `index`.
    pub fn get(&self, index: usize) -> Result<S>
    where
        S: Unbox,
    {
        let boxed = array::array_get_value(self.0.raw()?, index)?;
        S::unbox_from(&Object::from_raw(boxed)?.expect("boxing never gives null"))
    }

    /// Stores a copy of `value` at `index`.
    pub fn set(&self, index: usize, value: &S) -> Result<()>
    where
        S: BoxAs<Object>,
    {
        let boxed = value.box_to()?;
        array::array_set_value(self.0.raw()?, index, boxed.raw()?)
    }

    /// Number of elements.
    pub fn len(&self) -> Result<usize> {
        array::array_len(self.0.raw()?)
    }

    /// True when the array has no elements.
    pub fn is_empty(&self) -> Result<bool> {
        Ok(self.len()? == 0)
    }

    /// Copies of all elements.
    pub fn to_vec(&self) -> Result<Vec<S>>
    where
        S: Unbox,
    {
        (0..self.len()?).map(|i| self.get(i)).collect()
    }
}

impl ObjectArray<crate::NetString> {
    /// A new managed `string[]` holding these strings (`None` is null): how a `params
    /// string[]` parameter takes a slice of `&str`.
    pub fn from_strs(items: &[Option<&str>]) -> Result<Self> {
        let strings = items
            .iter()
            .map(|s| s.map(crate::NetString::new).transpose())
            .collect::<Result<Vec<_>>>()?;
        let refs: Vec<Option<&crate::NetString>> = strings.iter().map(Option::as_ref).collect();
        Self::from_items(&refs)
    }
}

generic_reference!(Array<T: Blittable>, T::class()?.array());
generic_reference!(ObjectArray<T: Reference>, T::class()?.array());
generic_reference!(StructArray<T: ManagedStruct>, T::class()?.array());
