//! The reflective path's arguments as the collector sees them: a managed `object[]`, held by a
//! slot of the [`ObjectStore`](crate::ObjectStore), into which each argument is stored as soon
//! as it is made.
//!
//! SGen moves young objects and updates the references it knows about: those in managed
//! memory, in GC handles and store slots, and (conservatively, pinning their objects) the
//! words of attached threads' stacks. It neither scans nor updates native heap memory, so an
//! argument list kept in a `Vec` held stale addresses once making a later argument (a string,
//! a box) or another thread collected. In the array, every argument is an ordinary managed
//! reference until Mono takes them out inside the call (`mono_runtime_invoke_array`); the
//! same array would serve a runtime whose collector scans no native stack at all.
//!
//! Arrays are reused: each thread keeps a few spare ones, emptied after each call, so that a
//! call costs no allocation for its array and no store slot. A call made from inside the
//! callee (a callback that invokes) finds none spare and makes its own.

use std::cell::RefCell;

use crate::call::invoke::Value;
use crate::error::Result;
use crate::host::{array, raw, ObjectRef};
use crate::value::Blittable;
use crate::value::Object;

/// Spare arrays this thread keeps (by length), at most.
const SPARES: usize = 8;

thread_local! {
    static SPARE: RefCell<Vec<(usize, Object)>> = const { RefCell::new(Vec::new()) };
}

/// An `object[]` of a call's arguments, given back to this thread's spares (emptied) when
/// dropped.
pub(crate) struct ArgArray {
    /// `None` only once dropped.
    array: Option<Object>,
    len: usize,
}

impl ArgArray {
    /// An array of `len` nulls: a spare one of this thread's, or a new one.
    pub(crate) fn take(len: usize) -> Result<ArgArray> {
        let spare = SPARE
            .try_with(|spare| {
                let mut spare = spare.borrow_mut();
                let i = spare.iter().position(|(l, _)| *l == len)?;
                Some(spare.swap_remove(i).1)
            })
            .ok()
            .flatten();
        // A spare array of a unit that was reloaded since is a stale handle: made anew.
        let array = match spare {
            Some(array) if array.raw().is_ok() => array,
            _ => Object::from_raw(array::object_array_new(len)?)?.expect("object_array_new never gives null"),
        };
        Ok(ArgArray {
            array: Some(array),
            len,
        })
    }

    /// The array, for the length of the current operation.
    #[inline]
    pub(crate) fn raw(&self) -> Result<ObjectRef> {
        self.array
            .as_ref()
            .expect("an ArgArray holds its array until dropped")
            .raw()
    }

    /// Stores `value` (a reference on this stack, checked by the caller against its
    /// parameter) at `index`.
    #[inline]
    pub(crate) fn set(&self, index: usize, value: ObjectRef) -> Result<()> {
        array::array_set_ref(self.raw()?, index, value)
    }

    /// The reference at `index`, for the length of the current operation.
    #[inline]
    pub(crate) fn get(&self, index: usize) -> Result<ObjectRef> {
        array::array_get_ref(self.raw()?, index)
    }

    /// Boxes the primitive `value` into element `index`.
    pub(crate) fn set_primitive(&self, index: usize, value: &Value) -> Result<()> {
        match *value {
            Value::Boolean(v) => self.set_boxed(index, crate::Boolean::new(v)),
            Value::Char(v) => self.set_boxed(index, crate::Char(v)),
            Value::SByte(v) => self.set_boxed(index, v),
            Value::Byte(v) => self.set_boxed(index, v),
            Value::Int16(v) => self.set_boxed(index, v),
            Value::UInt16(v) => self.set_boxed(index, v),
            Value::Int32(v) => self.set_boxed(index, v),
            Value::UInt32(v) => self.set_boxed(index, v),
            Value::Int64(v) => self.set_boxed(index, v),
            Value::UInt64(v) => self.set_boxed(index, v),
            Value::Single(v) => self.set_boxed(index, v),
            Value::Double(v) => self.set_boxed(index, v),
            Value::IntPtr(v) => self.set_boxed(index, v),
            Value::UIntPtr(v) => self.set_boxed(index, v),
            Value::Void | Value::Null | Value::String(_) | Value::Object(_) => {
                unreachable!("called for primitives only")
            }
        }
    }

    /// Boxes `value` into element `index`: in one call into managed code (the type's boxer,
    /// which allocates the box and stores it, 9 ns against `mono_value_box`'s 44), else with
    /// `mono_value_box` and a store.
    pub(crate) fn set_boxed<V: Blittable>(&self, index: usize, value: V) -> Result<()> {
        match raw::slot_boxer::<V>()? {
            Some(boxer) => boxer.box_into_array(&value, self.raw()?, index),
            None => {
                let boxed = raw::box_value(&value)?;
                self.set(index, boxed)
            }
        }
    }
}

impl Drop for ArgArray {
    fn drop(&mut self) {
        let Some(array) = self.array.take() else {
            return;
        };
        let Ok(raw) = array.raw() else {
            return;
        };
        // Emptied first: a spare array must not keep the last call's arguments alive.
        if array::object_array_clear(raw).is_err() {
            // Not reused: it may still hold the last call's arguments.
            return;
        }
        let len = self.len;
        let _ = SPARE.try_with(|spare| {
            let mut spare = spare.borrow_mut();
            if spare.len() < SPARES {
                spare.push((len, array));
            }
        });
    }
}
