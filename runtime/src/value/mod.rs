//! Values: object handles, primitives, strings, and explicit boxing between them.

mod array;
mod blittable;
pub(crate) mod boxing;
pub(crate) mod corlib;
pub(crate) mod dispose;
mod enumerator;
pub(crate) mod nullable;
pub(crate) mod object;
mod primitive;
pub(crate) mod str_arg;
pub(crate) mod string;
pub(crate) mod type_arg;
mod wrapper;

pub use array::{Array, ObjectArray, StructArray};
pub use blittable::{zeroed, Blittable};
pub use boxing::{box_blittable, unbox_blittable, BoxAs, Boxing, ManagedType, Unbox};
pub use corlib::{Enum, IComparable, IComparable1, IConvertible, IEquatable, IFormattable, ISerializable, ValueType};
pub use dispose::{DisposeOnDrop, Disposing};
pub use enumerator::Enumerator;
pub use nullable::{Nullable, RefNullable, RefNullableSlot};
pub use object::{AsObject, Is, Object, Reference};
pub use primitive::{
    Boolean, Byte, Char, Double, Int16, Int32, Int64, IntPtr, SByte, Single, UInt16, UInt32, UInt64, UIntPtr,
};
pub use str_arg::{StrArg, StrValue};
pub use string::NetString;
pub use type_arg::TypeArg;
