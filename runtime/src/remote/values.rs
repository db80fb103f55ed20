//! Values of a client's calls as they cross to the server and back: the client's side of the
//! encoding (`Arg::to_remote`, `Ret::from_remote` call these).

use crate::call::{Recorded, Value};
use crate::error::{Error, Result};
use crate::record::fields::primitive_bytes;
use crate::remote::{client, objects};
use crate::value::{Blittable, Object};

/// The error for an argument or result kind that no connection carries.
pub(crate) fn not_carried(what: &str) -> Error {
    Error::Unsupported(format!(
        "a {what} cannot cross to a remote runtime (primitives, strings, objects, full structs, Nullable values, \
         boxes, arrays (multi-dimensional ones too), slices written back, spans, ref Nullable values and managed \
         structs the server holds do)"
    ))
}

/// The error for a result that is not what the binding's type takes.
pub(crate) fn unexpected(wanted: &str, got: &Recorded) -> Error {
    Error::InvalidArgument(format!("the server returned {got} where {wanted} was expected"))
}

/// An object argument: the cookie the server gave this client for it.
pub(crate) fn object(object: Option<&Object>) -> Result<Recorded> {
    let Some(object) = object else {
        return Ok(Recorded::Null);
    };
    let (cookie, class) = objects::cookie(object.key())?;
    Ok(Recorded::Object {
        class,
        cookie,
        interfaces: Vec::new(),
    })
}

/// A full struct (or a primitive passed by pointer) by its bytes; the server takes its type
/// from the parameter (the empty names say so).
pub(crate) fn plain_value<V: Blittable>(value: &V) -> Recorded {
    Recorded::Struct {
        assembly: String::new(),
        type_name: String::new(),
        bytes: crate::host::plain::value_bytes(value),
    }
}

/// A slice lent to a `Span<T>` or `ReadOnlySpan<T>` parameter, as a client sends it: the
/// elements' bytes, named by their type, which the server checks is the span's `T` (its
/// memory, not the managed heap, holds them for the call: `remote/spans.rs`).
pub(crate) fn span_elements<V: Blittable>(slice: &[V]) -> Result<Recorded> {
    let element = V::remote_type()?;
    if !element.args.is_empty() {
        return Err(Error::Unsupported(format!(
            "a span of {}.{} (a generic struct) cannot cross to a remote runtime: spans of non-generic types can",
            element.namespace, element.name
        )));
    }
    Ok(Recorded::Struct {
        assembly: element.assembly,
        type_name: match element.namespace.as_str() {
            "" => element.name,
            namespace => format!("{namespace}.{}", element.name),
        },
        bytes: slice.iter().flat_map(crate::host::plain::value_bytes).collect(),
    })
}

/// Copies what C# left in a writable span on the server (its elements' bytes) into the slice
/// lent to it.
pub(crate) fn span_written_back<V: Blittable>(slice: &mut [V], value: Recorded) -> Result<()> {
    let Recorded::Struct { bytes, .. } = value else {
        return Err(unexpected("a span's elements", &value));
    };
    let size = std::mem::size_of::<V>();
    if Some(bytes.len()) != slice.len().checked_mul(size) {
        return Err(Error::InvalidArgument(format!(
            "the server wrote back {} bytes into a span of {} elements of {size} bytes",
            bytes.len(),
            slice.len()
        )));
    }
    for (element, bytes) in slice.iter_mut().zip(bytes.chunks_exact(size.max(1))) {
        *element = crate::host::plain::value_from_bytes(bytes)?;
    }
    Ok(())
}

/// A blittable value from what the server sent for it: a struct's bytes, or the primitive a
/// primitive or enum result arrives as (the call log's encoding, `record/fields.rs`).
pub(crate) fn plain_from_recorded<V: Blittable>(value: Recorded) -> Result<V> {
    let bytes = match value {
        Recorded::Struct { bytes, .. } => bytes,
        other => {
            let bytes = primitive_bytes(&other)
                .ok_or_else(|| unexpected(&format!("a {}", std::any::type_name::<V>()), &other))?;
            if bytes.len() != std::mem::size_of::<V>() {
                // What a local read refuses the same way: a primitive of another size.
                return Err(Error::InvalidCast {
                    from: primitive_name(&other).into(),
                    to: std::any::type_name::<V>().to_string(),
                });
            }
            bytes
        }
    };
    crate::host::plain::value_from_bytes(&bytes)
}

/// The .NET name of the primitive type a value the server sent is of (one `primitive_bytes`
/// reads).
fn primitive_name(value: &Recorded) -> &'static str {
    match value {
        Recorded::Boolean(_) => "System.Boolean",
        Recorded::Char(_) => "System.Char",
        Recorded::SByte(_) => "System.SByte",
        Recorded::Byte(_) => "System.Byte",
        Recorded::Int16(_) => "System.Int16",
        Recorded::UInt16(_) => "System.UInt16",
        Recorded::Int32(_) => "System.Int32",
        Recorded::UInt32(_) => "System.UInt32",
        Recorded::Int64(_) => "System.Int64",
        Recorded::UInt64(_) => "System.UInt64",
        Recorded::Single(_) => "System.Single",
        Recorded::Double(_) => "System.Double",
        Recorded::IntPtr(_) => "System.IntPtr",
        Recorded::UIntPtr(_) => "System.UIntPtr",
        _ => "a value that is no primitive",
    }
}

/// An object result: a new client handle to what the server keeps for this client.
pub(crate) fn remote_object(value: Recorded) -> Result<Option<Object>> {
    match value {
        Recorded::Null => Ok(None),
        Recorded::Object { class, cookie, .. } => Ok(Some(Object::from_new_key(
            objects::insert(client::connection(), cookie, class),
            // A remote handle: every call goes to the server, nothing is passed here.
            None,
        ))),
        other => Err(unexpected("an object", &other)),
    }
}

/// A reflective-path value as a remote call sends it.
pub(crate) fn of_value(value: &Value) -> Result<Recorded> {
    match value {
        Value::Object(o) => object(Some(o)),
        other => Ok(Recorded::of_value(other)),
    }
}

/// What the server sent, as a reflective-path value.
pub(crate) fn to_value(value: Recorded) -> Result<Value> {
    Ok(match value {
        Recorded::Void => Value::Void,
        Recorded::Null => Value::Null,
        Recorded::Boolean(v) => Value::Boolean(v),
        Recorded::Char(v) => Value::Char(v),
        Recorded::SByte(v) => Value::SByte(v),
        Recorded::Byte(v) => Value::Byte(v),
        Recorded::Int16(v) => Value::Int16(v),
        Recorded::UInt16(v) => Value::UInt16(v),
        Recorded::Int32(v) => Value::Int32(v),
        Recorded::UInt32(v) => Value::UInt32(v),
        Recorded::Int64(v) => Value::Int64(v),
        Recorded::UInt64(v) => Value::UInt64(v),
        Recorded::Single(v) => Value::Single(v),
        Recorded::Double(v) => Value::Double(v),
        Recorded::IntPtr(v) => Value::IntPtr(v as isize),
        Recorded::UIntPtr(v) => Value::UIntPtr(v as usize),
        Recorded::String(s) => Value::String(s),
        object @ Recorded::Object { .. } => remote_object(object)?.map_or(Value::Null, Value::Object),
        other => return Err(unexpected("a value the reflective path holds", &other)),
    })
}

/// A primitive result from the value the server sent.
pub(crate) trait FromRecorded: Sized {
    fn from_recorded(value: Recorded) -> Result<Self>;
}

macro_rules! from_recorded {
    ($($t:ty => $variant:ident($v:ident) => $e:expr),* $(,)?) => {$(
        impl FromRecorded for $t {
            fn from_recorded(value: Recorded) -> Result<$t> {
                match value {
                    Recorded::$variant($v) => Ok($e),
                    other => Err(unexpected(stringify!($t), &other)),
                }
            }
        }
    )*};
}

from_recorded!(
    i8 => SByte(v) => v,
    u8 => Byte(v) => v,
    i16 => Int16(v) => v,
    u16 => UInt16(v) => v,
    i32 => Int32(v) => v,
    u32 => UInt32(v) => v,
    i64 => Int64(v) => v,
    u64 => UInt64(v) => v,
    f32 => Single(v) => v,
    f64 => Double(v) => v,
    isize => IntPtr(v) => v as isize,
    usize => UIntPtr(v) => v as usize,
    bool => Boolean(v) => v,
    crate::SByte => SByte(v) => crate::SByte(v),
    crate::Byte => Byte(v) => crate::Byte(v),
    crate::Int16 => Int16(v) => crate::Int16(v),
    crate::UInt16 => UInt16(v) => crate::UInt16(v),
    crate::Int32 => Int32(v) => crate::Int32(v),
    crate::UInt32 => UInt32(v) => crate::UInt32(v),
    crate::Int64 => Int64(v) => crate::Int64(v),
    crate::UInt64 => UInt64(v) => crate::UInt64(v),
    crate::Single => Single(v) => crate::Single(v),
    crate::Double => Double(v) => crate::Double(v),
    crate::IntPtr => IntPtr(v) => crate::IntPtr(v as isize),
    crate::UIntPtr => UIntPtr(v) => crate::UIntPtr(v as usize),
    crate::Char => Char(v) => crate::Char(v),
    crate::Boolean => Boolean(v) => crate::Boolean::from(v),
);
