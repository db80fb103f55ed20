//! What kind of value a type carries across the native boundary (primitive, enum, struct,
//! reference, pointer), as each backend reads it from its metadata.

/// What kind of value a parameter, return or field carries, as the call paths need to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// `System.Void` (returns only).
    Void,
    /// `System.Boolean`.
    Boolean,
    /// `System.Char`.
    Char,
    /// `System.SByte`.
    SByte,
    /// `System.Byte`.
    Byte,
    /// `System.Int16`.
    Int16,
    /// `System.UInt16`.
    UInt16,
    /// `System.Int32`.
    Int32,
    /// `System.UInt32`.
    UInt32,
    /// `System.Int64`.
    Int64,
    /// `System.UInt64`.
    UInt64,
    /// `System.Single`.
    Single,
    /// `System.Double`.
    Double,
    /// `System.IntPtr`.
    IntPtr,
    /// `System.UIntPtr`.
    UIntPtr,
    /// `System.String`.
    String,
    /// An enum (its underlying type is the class's [`Class::enum_underlying`](crate::Class::enum_underlying)).
    Enum,
    /// A struct (value type that is neither primitive nor enum), generic ones included.
    Struct,
    /// Any reference type other than `String`: classes, interfaces, arrays, `Object`.
    Reference,
    /// An unmanaged pointer (`T*`), passed as an address.
    Pointer,
    /// Generic parameters and other kinds the call paths do not carry.
    Other,
}
