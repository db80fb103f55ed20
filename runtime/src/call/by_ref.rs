//! Arguments passed by pointer: a full struct a trampoline takes by value ([`In`]), and the
//! `ref`/`out` parameters whose values the callee writes back ([`Out`], [`RefObject`],
//! [`RefString`]). Sealed like every argument (see `abi.rs`); each by-ref slot also tells the
//! call recorder what it holds once the call returned.

use crate::call::abi::{sealed, Abi, Arg, ArgSlot};
use crate::call::recorded::{describe_blittable, describe_object, Recorded};
use crate::error::Result;
use crate::host::ObjectRef;
use crate::value::object::wrap;
use crate::value::string::read_string;
use crate::value::Blittable;
use crate::value::Reference;

/// A blittable value passed by pointer to a trampoline parameter that takes it by value.
pub struct In<'a, V: Blittable>(pub &'a V);

impl<V: Blittable> sealed::Arg for In<'_, V> {}
impl<V: Blittable> sealed::Slot for In<'_, V> {}
impl<'a, V: Blittable> Arg for In<'a, V> {
    const ABI: Abi = Abi::ByRef(std::mem::size_of::<V>());
    type Slot = In<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self> {
        Ok(self)
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        Ok(crate::remote::values::plain_value(self.0))
    }
}

impl<V: Blittable> ArgSlot for In<'_, V> {
    type Raw = *const V;
    #[inline]
    fn raw(&mut self) -> *const V {
        self.0
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

/// A `ref`/`out` primitive, enum or full struct: the callee writes straight into the value.
pub struct Out<'a, V: Blittable>(pub &'a mut V);

impl<V: Blittable> sealed::Arg for Out<'_, V> {}
impl<V: Blittable> sealed::Slot for Out<'_, V> {}
impl<'a, V: Blittable> Arg for Out<'a, V> {
    const ABI: Abi = Abi::ByRef(std::mem::size_of::<V>());
    type Slot = Out<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self> {
        Ok(self)
    }
    fn to_remote(&self) -> Result<Recorded> {
        Ok(crate::remote::values::plain_value(&*self.0))
    }
    fn write_back_remote(self, value: Recorded) -> Result<()> {
        *self.0 = crate::remote::values::plain_from_recorded(value)?;
        Ok(())
    }
}

impl<V: Blittable> ArgSlot for Out<'_, V> {
    type Raw = *mut V;
    #[inline]
    fn raw(&mut self) -> *mut V {
        self.0
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
    fn finish_recorded(self) -> Result<Option<Recorded>> {
        Ok(Some(describe_blittable(&*self.0)))
    }
}

/// A `ref`/`out` object parameter: the reference is written back after the call.
pub struct RefObject<'a, T: Reference>(pub &'a mut Option<T>);

/// Slot of [`RefObject`].
pub struct RefObjectSlot<'a, T: Reference> {
    target: &'a mut Option<T>,
    value: ObjectRef,
}

impl<T: Reference> sealed::Arg for RefObject<'_, T> {}
impl<'a, T: Reference> Arg for RefObject<'a, T> {
    const ABI: Abi = Abi::ByRefObject;
    type Slot = RefObjectSlot<'a, T>;
    fn lower(self) -> Result<Self::Slot> {
        let value = match self.0 {
            Some(o) => o.as_object().raw()?,
            None => ObjectRef::NULL,
        };
        Ok(RefObjectSlot { target: self.0, value })
    }
    fn to_remote(&self) -> Result<Recorded> {
        crate::remote::values::object(self.0.as_ref().map(Reference::as_object))
    }
    fn write_back_remote(self, value: Recorded) -> Result<()> {
        *self.0 = crate::value::object::remote_reference(value)?;
        Ok(())
    }
}

impl<T: Reference> sealed::Slot for RefObjectSlot<'_, T> {}
impl<T: Reference> ArgSlot for RefObjectSlot<'_, T> {
    type Raw = *mut ObjectRef;
    fn raw(&mut self) -> *mut ObjectRef {
        &mut self.value
    }
    fn object(&self) -> Option<ObjectRef> {
        Some(self.value)
    }
    fn finish(self) -> Result<()> {
        // The callee stored an instance of the declared type; `T` may be narrower.
        *self.target = wrap(self.value)?;
        Ok(())
    }
    fn finish_recorded(self) -> Result<Option<Recorded>> {
        let value: Option<T> = wrap(self.value)?;
        // The handle just made for the written object: later calls may pass it.
        let after = value
            .as_ref()
            .map_or(Recorded::Null, |v| describe_object(v.as_object()));
        *self.target = value;
        Ok(Some(after))
    }
}

/// A `ref`/`out` string parameter: the string is written back after the call.
pub struct RefString<'a>(pub &'a mut Option<String>);

/// Slot of [`RefString`].
pub struct RefStringSlot<'a> {
    target: &'a mut Option<String>,
    value: ObjectRef,
}

impl sealed::Arg for RefString<'_> {}
impl<'a> Arg for RefString<'a> {
    const ABI: Abi = Abi::ByRefObject;
    type Slot = RefStringSlot<'a>;
    fn lower(self) -> Result<Self::Slot> {
        let value = match self.0.as_deref() {
            Some(s) => s.lower()?.0,
            None => ObjectRef::NULL,
        };
        Ok(RefStringSlot { target: self.0, value })
    }
    fn to_remote(&self) -> Result<Recorded> {
        Ok(self.0.as_ref().map_or(Recorded::Null, |s| Recorded::String(s.clone())))
    }
    fn write_back_remote(self, value: Recorded) -> Result<()> {
        *self.0 = match value {
            Recorded::Null => None,
            Recorded::String(s) => Some(s),
            other => return Err(crate::remote::values::unexpected("a string", &other)),
        };
        Ok(())
    }
}

impl sealed::Slot for RefStringSlot<'_> {}
impl ArgSlot for RefStringSlot<'_> {
    type Raw = *mut ObjectRef;
    fn raw(&mut self) -> *mut ObjectRef {
        &mut self.value
    }
    fn object(&self) -> Option<ObjectRef> {
        Some(self.value)
    }
    fn finish(self) -> Result<()> {
        *self.target = read_string(self.value)?;
        Ok(())
    }
    fn finish_recorded(self) -> Result<Option<Recorded>> {
        let value = read_string(self.value)?;
        let after = value.clone().map_or(Recorded::Null, Recorded::String);
        *self.target = value;
        Ok(Some(after))
    }
}
