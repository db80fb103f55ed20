//! What each argument type of the raw path writes to the call log ([`Describe`], a
//! supertrait of [`Arg`](crate::Arg)), and the result types' too where they are the same
//! type ([`Ret::describe_result`](crate::Ret) calls these). Only the recorder calls them, and
//! only while recording: the hot path never describes anything.

use crate::call::abi::{Boxed, In, Out, RefObject, RefString, UnmanagedPtr};
use crate::call::recorded::{describe_blittable, describe_box, describe_object, Describe, Recorded};
use crate::store::{ManagedStruct, StructHandle};
use crate::value::Blittable;
use crate::value::{Boolean, Nullable, Object, Reference};

macro_rules! primitive {
    ($($t:ty => |$v:ident| $e:expr),* $(,)?) => {$(
        impl Describe for $t {
            fn describe(&self) -> Recorded {
                let $v = *self;
                $e
            }
        }
    )*};
}

primitive!(
    i8 => |v| Recorded::SByte(v),
    u8 => |v| Recorded::Byte(v),
    i16 => |v| Recorded::Int16(v),
    u16 => |v| Recorded::UInt16(v),
    i32 => |v| Recorded::Int32(v),
    u32 => |v| Recorded::UInt32(v),
    i64 => |v| Recorded::Int64(v),
    u64 => |v| Recorded::UInt64(v),
    f32 => |v| Recorded::Single(v),
    f64 => |v| Recorded::Double(v),
    isize => |v| Recorded::IntPtr(v as i64),
    usize => |v| Recorded::UIntPtr(v as u64),
    bool => |v| Recorded::Boolean(v),
    crate::SByte => |v| Recorded::SByte(v.0),
    crate::Byte => |v| Recorded::Byte(v.0),
    crate::Int16 => |v| Recorded::Int16(v.0),
    crate::UInt16 => |v| Recorded::UInt16(v.0),
    crate::Int32 => |v| Recorded::Int32(v.0),
    crate::UInt32 => |v| Recorded::UInt32(v.0),
    crate::Int64 => |v| Recorded::Int64(v.0),
    crate::UInt64 => |v| Recorded::UInt64(v.0),
    crate::Single => |v| Recorded::Single(v.0),
    crate::Double => |v| Recorded::Double(v.0),
    crate::IntPtr => |v| Recorded::IntPtr(v.0 as i64),
    crate::UIntPtr => |v| Recorded::UIntPtr(v.0 as u64),
    crate::Char => |v| Recorded::Char(v.0),
    Boolean => |v| Recorded::Boolean(bool::from(v)),
);

pub(crate) fn reference(value: Option<&Object>) -> Recorded {
    value.map_or(Recorded::Null, describe_object)
}

impl<T: Reference> Describe for &T {
    fn describe(&self) -> Recorded {
        describe_object(self.as_object())
    }
}

impl<T: Reference> Describe for Option<&T> {
    fn describe(&self) -> Recorded {
        reference(self.map(Reference::as_object))
    }
}

impl Describe for &str {
    fn describe(&self) -> Recorded {
        Recorded::String(self.to_string())
    }
}

impl Describe for Option<&str> {
    fn describe(&self) -> Recorded {
        self.map_or(Recorded::Null, |s| Recorded::String(s.to_string()))
    }
}

impl Describe for crate::StrValue<'_> {
    fn describe(&self) -> Recorded {
        crate::StrValue::describe(self)
    }
}

impl Describe for Option<String> {
    fn describe(&self) -> Recorded {
        self.clone().map_or(Recorded::Null, Recorded::String)
    }
}

fn managed_struct<S: ManagedStruct>(handle: &StructHandle<S>) -> Recorded {
    match handle.raw() {
        Ok(boxed) => match boxed.class() {
            Some(class) => describe_box(boxed, class),
            None => Recorded::Null,
        },
        Err(e) => Recorded::Opaque(format!("a struct handle that failed: {e}")),
    }
}

impl<S: ManagedStruct> Describe for &StructHandle<S> {
    fn describe(&self) -> Recorded {
        managed_struct(self)
    }
}

impl<S: ManagedStruct> Describe for StructHandle<S> {
    fn describe(&self) -> Recorded {
        managed_struct(self)
    }
}

impl<V: Blittable> Describe for Nullable<V> {
    fn describe(&self) -> Recorded {
        // Null, or a box of `V`: what the call passes or got.
        self.0.as_ref().map_or(Recorded::Null, describe_blittable)
    }
}

impl<V: Blittable> Describe for In<'_, V> {
    fn describe(&self) -> Recorded {
        describe_blittable(self.0)
    }
}

impl<V: Blittable> Describe for Out<'_, V> {
    /// The value before the call (what a `ref` parameter reads); the slot tells the value
    /// after it.
    fn describe(&self) -> Recorded {
        describe_blittable(&*self.0)
    }
}

impl<T: Reference> Describe for RefObject<'_, T> {
    fn describe(&self) -> Recorded {
        reference(self.0.as_ref().map(Reference::as_object))
    }
}

impl Describe for RefString<'_> {
    fn describe(&self) -> Recorded {
        self.0.clone().map_or(Recorded::Null, Recorded::String)
    }
}

impl Describe for Boxed {
    fn describe(&self) -> Recorded {
        describe_object(&self.0)
    }
}

impl<T> Describe for UnmanagedPtr<T> {
    fn describe(&self) -> Recorded {
        Recorded::Opaque("an unmanaged pointer".into())
    }
}

impl<V: Blittable> Describe for crate::RefNullable<'_, V> {
    fn describe(&self) -> Recorded {
        Recorded::Opaque("a ref Nullable".into())
    }
}

impl<V: Blittable> Describe for &mut [V] {
    fn describe(&self) -> Recorded {
        Recorded::Opaque(format!("a span of {} elements", self.len()))
    }
}

impl<V: Blittable> Describe for &[V] {
    fn describe(&self) -> Recorded {
        Recorded::Opaque(format!("a read-only span of {} elements", self.len()))
    }
}
