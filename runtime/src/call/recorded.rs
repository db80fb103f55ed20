//! Values as the call log holds them: primitives, strings and null by value, plain structs by
//! their bytes, objects by class and handle cookie; and how the runtime's values become them.
//! Part of the call paths' tracing interface (see `trace.rs`); public as
//! `cilbind::record::{Recorded, Describe}`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::call::invoke::Value;
use crate::host::plain::{holds_references, is_default_box, unboxed_bytes};
use crate::host::raw::{blittable_class, box_value};
use crate::host::{Class, ObjectRef, TypeKind};
use crate::store::Cookie;
use crate::value::string::read_string;
use crate::value::Blittable;
use crate::value::Object;

/// One value of a recorded call: an argument, `this`, a result, or a by-ref argument after
/// the call.
///
/// Equality compares floats bit for bit (so `NaN` equals the same `NaN`, and `0.0` differs
/// from `-0.0`), structs byte for byte, objects by class and cookie.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Recorded {
    /// No value (a `void` result).
    Void,
    /// `null` of any reference type.
    Null,
    /// `bool`
    Boolean(bool),
    /// `char` (a UTF-16 code unit)
    Char(u16),
    /// `sbyte`
    SByte(i8),
    /// `byte`
    Byte(u8),
    /// `short`
    Int16(i16),
    /// `ushort`
    UInt16(u16),
    /// `int`
    Int32(i32),
    /// `uint`
    UInt32(u32),
    /// `long`
    Int64(i64),
    /// `ulong`
    UInt64(u64),
    /// `float`
    Single(f32),
    /// `double`
    Double(f64),
    /// `nint`
    IntPtr(i64),
    /// `nuint`
    UIntPtr(u64),
    /// A string, by value (passed as `string` or as an object).
    String(String),
    /// A value of a value type that holds no reference (a full struct, or a boxed
    /// primitive or enum passed as an object), by its bytes (padding included); or the
    /// default value of one that does (every byte zero: every reference null).
    Struct {
        /// Simple name of the type's assembly.
        assembly: String,
        /// Full name of the type.
        type_name: String,
        /// The value's bytes, as Mono lays it out.
        bytes: Vec<u8>,
    },
    /// An object other than a string or a box: its runtime class and the cookie of the handle
    /// that passed or received it (valid in the recording process only).
    Object {
        /// Full name of the object's runtime class; for an object the runtime made for a Rust
        /// implementation, the class it extends (`System.Object` for an implementation of
        /// interfaces only).
        class: String,
        /// The handle's cookie in the recording process.
        cookie: Cookie,
        /// For an object the runtime made for a Rust implementation, the full names of the C#
        /// interfaces it implements (what a replay's external hook makes again); empty for
        /// any other object.
        interfaces: Vec<String>,
    },
    /// Something the log cannot carry (a managed struct that holds references, other than
    /// its default value; an unmanaged pointer; a span; a stale handle): what it was. A call
    /// given one cannot be replayed; as a result it is compared by this text.
    Opaque(String),
}

impl PartialEq for Recorded {
    fn eq(&self, other: &Recorded) -> bool {
        use Recorded::*;
        match (self, other) {
            (Single(a), Single(b)) => a.to_bits() == b.to_bits(),
            (Double(a), Double(b)) => a.to_bits() == b.to_bits(),
            (Void, Void) | (Null, Null) => true,
            (Boolean(a), Boolean(b)) => a == b,
            (Char(a), Char(b)) | (UInt16(a), UInt16(b)) => a == b,
            (SByte(a), SByte(b)) => a == b,
            (Byte(a), Byte(b)) => a == b,
            (Int16(a), Int16(b)) => a == b,
            (Int32(a), Int32(b)) => a == b,
            (UInt32(a), UInt32(b)) => a == b,
            (Int64(a), Int64(b)) | (IntPtr(a), IntPtr(b)) => a == b,
            (UInt64(a), UInt64(b)) | (UIntPtr(a), UIntPtr(b)) => a == b,
            (String(a), String(b)) | (Opaque(a), Opaque(b)) => a == b,
            (
                Struct {
                    assembly: a1,
                    type_name: t1,
                    bytes: b1,
                },
                Struct {
                    assembly: a2,
                    type_name: t2,
                    bytes: b2,
                },
            ) => a1 == a2 && t1 == t2 && b1 == b2,
            (
                Object {
                    class: c1,
                    cookie: k1,
                    interfaces: i1,
                },
                Object {
                    class: c2,
                    cookie: k2,
                    interfaces: i2,
                },
            ) => c1 == c2 && k1 == k2 && i1 == i2,
            _ => false,
        }
    }
}

impl Eq for Recorded {}

impl fmt::Display for Recorded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Recorded::Void => f.write_str("void"),
            Recorded::Null => f.write_str("null"),
            Recorded::Boolean(v) => write!(f, "Boolean {v}"),
            Recorded::Char(v) => match char::from_u32(u32::from(*v)) {
                Some(c) => write!(f, "Char {c:?}"),
                None => write!(f, "Char U+{v:04X}"),
            },
            Recorded::SByte(v) => write!(f, "SByte {v}"),
            Recorded::Byte(v) => write!(f, "Byte {v}"),
            Recorded::Int16(v) => write!(f, "Int16 {v}"),
            Recorded::UInt16(v) => write!(f, "UInt16 {v}"),
            Recorded::Int32(v) => write!(f, "Int32 {v}"),
            Recorded::UInt32(v) => write!(f, "UInt32 {v}"),
            Recorded::Int64(v) => write!(f, "Int64 {v}"),
            Recorded::UInt64(v) => write!(f, "UInt64 {v}"),
            // Debug keeps `-0.0` and NaN apart from `0.0`; the bits tell NaNs apart.
            Recorded::Single(v) => write!(f, "Single {v:?} ({:#010x})", v.to_bits()),
            Recorded::Double(v) => write!(f, "Double {v:?} ({:#018x})", v.to_bits()),
            Recorded::IntPtr(v) => write!(f, "IntPtr {v}"),
            Recorded::UIntPtr(v) => write!(f, "UIntPtr {v}"),
            Recorded::String(s) => write!(f, "String {s:?}"),
            Recorded::Struct { type_name, bytes, .. } => {
                write!(f, "{type_name} [")?;
                for (i, b) in bytes.iter().enumerate() {
                    write!(f, "{}{b:02x}", if i == 0 { "" } else { " " })?;
                }
                f.write_str("]")
            }
            Recorded::Object {
                class,
                cookie,
                interfaces,
            } => {
                write!(f, "{class} object {cookie}")?;
                if !interfaces.is_empty() {
                    write!(f, " implementing {}", interfaces.join(", "))?;
                }
                Ok(())
            }
            Recorded::Opaque(what) => write!(f, "<{what}>"),
        }
    }
}

/// How a value crosses into the call log. Every argument type of the raw path implements it
/// (it is a supertrait of [`Arg`](crate::Arg)); the recorder calls it only while a recording
/// runs, so the hot path never does.
pub trait Describe {
    /// The value as the log records it.
    fn describe(&self) -> Recorded;
}

impl Recorded {
    /// A reflective-path value as the log records it.
    pub fn of_value(value: &Value) -> Recorded {
        match value {
            Value::Void => Recorded::Void,
            Value::Null => Recorded::Null,
            Value::Boolean(v) => Recorded::Boolean(*v),
            Value::Char(v) => Recorded::Char(*v),
            Value::SByte(v) => Recorded::SByte(*v),
            Value::Byte(v) => Recorded::Byte(*v),
            Value::Int16(v) => Recorded::Int16(*v),
            Value::UInt16(v) => Recorded::UInt16(*v),
            Value::Int32(v) => Recorded::Int32(*v),
            Value::UInt32(v) => Recorded::UInt32(*v),
            Value::Int64(v) => Recorded::Int64(*v),
            Value::UInt64(v) => Recorded::UInt64(*v),
            Value::Single(v) => Recorded::Single(*v),
            Value::Double(v) => Recorded::Double(*v),
            Value::IntPtr(v) => Recorded::IntPtr(*v as i64),
            Value::UIntPtr(v) => Recorded::UIntPtr(*v as u64),
            Value::String(s) => Recorded::String(s.clone()),
            Value::Object(o) => describe_object(o),
        }
    }
}

/// The object behind `handle` as the log records it: a string by value, a box by its bytes
/// (opaque for a managed struct), any other object by class and `handle`'s cookie.
pub(crate) fn describe_object(handle: &Object) -> Recorded {
    let raw = match handle.raw() {
        Ok(raw) => raw,
        Err(e) => return Recorded::Opaque(format!("a handle that failed: {e}")),
    };
    let Some(class) = raw.class() else {
        return Recorded::Null;
    };
    if class == Class::string() {
        return match read_string(raw) {
            Ok(Some(s)) => Recorded::String(s),
            Ok(None) => Recorded::Null,
            Err(e) => Recorded::Opaque(format!("a string that is not valid UTF-16 ({e})")),
        };
    }
    if class.is_value_type() {
        return describe_box(raw, class);
    }
    // A Rust implementation's class is one the runtime emitted (`Cilbind.Proxies.Proxy7`):
    // the log names the class it extends and the interfaces it implements, which a replay's
    // external hook knows.
    let mut named = class;
    let mut interfaces = Vec::new();
    while runtime_made(named) {
        for interface in named.declared_interfaces() {
            let name = interface.full_name();
            if !interfaces.contains(&name) {
                interfaces.push(name);
            }
        }
        match named.parent() {
            Some(parent) => named = parent,
            None => break,
        }
    }
    Recorded::Object {
        class: named.full_name(),
        cookie: handle.cookie(),
        interfaces,
    }
}

/// True for classes of the assemblies the runtime makes itself (its helper, and the dynamic
/// `Cilbind.Proxies`, `Cilbind.Trampolines` and `Cilbind.Slots`).
pub(crate) fn runtime_made(class: Class) -> bool {
    class.assembly_name().starts_with("Cilbind.")
}

/// A box of the value type `class` as the log records it: its bytes, or opaque when the type
/// holds references (a managed struct: its bytes would be addresses), unless the value is the
/// type's default (every byte zero, so every reference null), which the bytes tell exactly:
/// what generated bindings pass to a managed struct's `out` parameter (`World.Raycast(…, out
/// RaycastHit hit)`), which a replay can then make again.
pub(crate) fn describe_box(boxed: ObjectRef, class: Class) -> Recorded {
    if holds_references(class) {
        // Its bytes would be addresses (and CoreCLR copies out none of them): only its
        // default value, every byte zero, is carried.
        if !is_default_box(boxed) {
            return Recorded::Opaque(format!("a managed struct {}", class.full_name()));
        }
        return Recorded::Struct {
            assembly: log_assembly(class).to_string(),
            type_name: class.full_name(),
            bytes: vec![0; class.value_size().0],
        };
    }
    let bytes = match unboxed_bytes(boxed) {
        Ok(bytes) => bytes,
        Err(e) => return Recorded::Opaque(format!("a {} whose bytes cannot be read ({e})", class.full_name())),
    };
    Recorded::Struct {
        assembly: log_assembly(class).to_string(),
        type_name: class.full_name(),
        bytes,
    }
}

/// The assembly the log names `class` by: its own, but `mscorlib` for the class library on
/// every runtime (Mono's name for it, and the facade CoreCLR forwards from it to
/// `System.Private.CoreLib`), so that a log reads the same whichever runtime recorded it.
pub(crate) fn log_assembly(class: Class) -> &'static str {
    let name = class.assembly_name();
    if name == Class::object().assembly_name() {
        "mscorlib"
    } else {
        name
    }
}

/// A blittable value passed or returned by copy: a primitive (an enum as its underlying
/// primitive, as the reflective path takes it) by value, a struct by its bytes.
pub(crate) fn describe_blittable<V: Blittable>(value: &V) -> Recorded {
    match blittable_class::<V>().and_then(|c| Ok((c, box_value(value)?))) {
        Ok((class, boxed)) => describe_value_box(boxed, class),
        Err(e) => Recorded::Opaque(format!("a {} ({e})", std::any::type_name::<V>())),
    }
}

/// A box of the value type `class` as [`describe_blittable`] records the value: a primitive
/// or an enum by its (underlying) primitive value, a struct by its bytes.
pub(crate) fn describe_value_box(boxed: ObjectRef, class: Class) -> Recorded {
    let kind = match class.kind() {
        TypeKind::Enum => class.enum_underlying().map_or(TypeKind::Other, Class::kind),
        kind => kind,
    };
    if kind == TypeKind::Struct || kind == TypeKind::Other {
        return describe_box(boxed, class);
    }
    let Ok(bits) = crate::host::raw::primitive_box_bits(boxed) else {
        return describe_box(boxed, class);
    };
    match Value::from_bits(kind, bits) {
        Some(v) => Recorded::of_value(&v),
        None => describe_box(boxed, class),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_compare_bit_for_bit() {
        assert_eq!(Recorded::Double(f64::NAN), Recorded::Double(f64::NAN));
        assert_ne!(Recorded::Double(0.0), Recorded::Double(-0.0));
        assert_ne!(Recorded::Single(1.0), Recorded::Double(1.0));
        assert_ne!(Recorded::Int64(1), Recorded::IntPtr(1), "the kind is part of the value");
    }

    #[test]
    fn display_names_kind_and_value() {
        assert_eq!(Recorded::Int64(-3).to_string(), "Int64 -3");
        assert_eq!(Recorded::String("a\"b".into()).to_string(), r#"String "a\"b""#);
        let s = Recorded::Struct {
            assembly: "A".into(),
            type_name: "N.S".into(),
            bytes: vec![1, 0xff],
        };
        assert_eq!(s.to_string(), "N.S [01 ff]");
        assert_eq!(Recorded::Double(-0.0).to_string(), "Double -0.0 (0x8000000000000000)");
    }
}
