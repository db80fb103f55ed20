//! The generic, reflective call path for dynamic callers (consoles, scripts, RPC): arguments
//! and results as tagged [`Value`]s.
//!
//! The arguments cross in a managed `object[]` (the backend's reflective invoke): primitives and
//! enums boxed, structs as the boxed [`Object`]s they are, references as themselves. Each
//! element is stored as soon as it is made, so every reference the call is about to pass is
//! one the collector sees and moves with its object; none is ever kept in native memory,
//! which the collector neither scans nor updates. A virtual method runs the override of the
//! runtime type of `this` (the host resolves it: Mono's array invoke alone would run
//! `Base.V` on a `Derived`).

use crate::call::arg_array::ArgArray;
use crate::call::function_db::{FunctionDb, FunctionId};
use crate::error::{Error, Result};
use crate::host::{entry, raw, type_class, type_kind, type_name, Class, Method, ObjectRef, TypeHandle, TypeKind};
use crate::value::string::{decode_utf16, read_string};
use crate::value::Object;

/// A dynamically typed .NET value.
#[derive(Debug, Clone)]
pub enum Value {
    /// No value (a `void` return).
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
    IntPtr(isize),
    /// `nuint`
    UIntPtr(usize),
    /// `string` (strictly decoded: a lone surrogate in a returned string is an error)
    String(String),
    /// Any other reference, or a boxed struct.
    Object(Object),
}

impl Value {
    /// The primitive's bits in a u64 (little-endian: the value sits at the slot's address),
    /// or `None` when this is not a primitive.
    pub(crate) fn primitive_bits(&self) -> Option<(TypeKind, u64)> {
        Some(match *self {
            Value::Boolean(v) => (TypeKind::Boolean, v as u64),
            Value::Char(v) => (TypeKind::Char, v as u64),
            Value::SByte(v) => (TypeKind::SByte, v as u8 as u64),
            Value::Byte(v) => (TypeKind::Byte, v as u64),
            Value::Int16(v) => (TypeKind::Int16, v as u16 as u64),
            Value::UInt16(v) => (TypeKind::UInt16, v as u64),
            Value::Int32(v) => (TypeKind::Int32, v as u32 as u64),
            Value::UInt32(v) => (TypeKind::UInt32, v as u64),
            Value::Int64(v) => (TypeKind::Int64, v as u64),
            Value::UInt64(v) => (TypeKind::UInt64, v),
            Value::Single(v) => (TypeKind::Single, v.to_bits() as u64),
            Value::Double(v) => (TypeKind::Double, v.to_bits()),
            Value::IntPtr(v) => (TypeKind::IntPtr, v as u64),
            Value::UIntPtr(v) => (TypeKind::UIntPtr, v as u64),
            _ => return None,
        })
    }

    /// Rebuilds a primitive of `kind` from its bits.
    pub(crate) fn from_bits(kind: TypeKind, bits: u64) -> Option<Value> {
        Some(match kind {
            TypeKind::Boolean => Value::Boolean(bits as u8 != 0),
            TypeKind::Char => Value::Char(bits as u16),
            TypeKind::SByte => Value::SByte(bits as i8),
            TypeKind::Byte => Value::Byte(bits as u8),
            TypeKind::Int16 => Value::Int16(bits as i16),
            TypeKind::UInt16 => Value::UInt16(bits as u16),
            TypeKind::Int32 => Value::Int32(bits as i32),
            TypeKind::UInt32 => Value::UInt32(bits as u32),
            TypeKind::Int64 => Value::Int64(bits as i64),
            TypeKind::UInt64 => Value::UInt64(bits),
            TypeKind::Single => Value::Single(f32::from_bits(bits as u32)),
            TypeKind::Double => Value::Double(f64::from_bits(bits)),
            TypeKind::IntPtr => Value::IntPtr(bits as isize),
            TypeKind::UIntPtr => Value::UIntPtr(bits as usize),
            _ => return None,
        })
    }

    fn describe(&self) -> &'static str {
        match self {
            Value::Void => "void",
            Value::Null => "null",
            Value::String(_) => "string",
            Value::Object(_) => "object",
            _ => "primitive",
        }
    }
}

/// The primitive kind values of this type are read and written as: an enum's underlying
/// type; an unmanaged pointer as `IntPtr` (its address).
fn underlying_kind(kind: TypeKind, ty: TypeHandle) -> TypeKind {
    match kind {
        TypeKind::Enum => match type_class(ty).and_then(|c| c.enum_underlying()) {
            Some(c) => c.kind(),
            None => TypeKind::Other,
        },
        TypeKind::Pointer => TypeKind::IntPtr,
        other => other,
    }
}

/// Calls `method` with `this` (for instance methods) and `args`, one per parameter. Values
/// passed to `ref`/`out` parameters are replaced by what the callee wrote. Enum parameters
/// take, and enum results come back as, their underlying primitive.
///
/// Every object is checked against its declared type (`this` against the method's class, and
/// must not be null), as on the raw path. Methods with unmanaged pointer parameters are
/// refused ([`Error::Unsupported`]): managed code would dereference any address given as an
/// `IntPtr`; [`invoke_with_pointers`] calls them.
pub fn invoke(method: Method, this: Option<&Object>, args: &mut [Value]) -> Result<Value> {
    invoke_checked(method, this, args, false)
}

/// [`invoke`] for methods with unmanaged pointer parameters, which take an address as
/// [`Value::IntPtr`].
///
/// # Safety
/// Every access the method makes through each pointer argument (reads, writes, and any offset
/// it computes) stays inside memory valid for that access for the length of the call.
pub unsafe fn invoke_with_pointers(method: Method, this: Option<&Object>, args: &mut [Value]) -> Result<Value> {
    invoke_checked(method, this, args, true)
}

/// Checks that `obj` (non-null) is an instance of `declared`, for the reflective path.
fn check_instance(obj: ObjectRef, declared: Option<crate::Class>, what: impl Fn() -> String) -> Result<()> {
    // Non-null (the caller checked): no class means a handle released meanwhile.
    let actual = obj.class().ok_or(Error::StaleHandle)?;
    match declared {
        Some(d) if d.is_assignable_from(actual) => Ok(()),
        _ => Err(Error::InvalidArgument(format!(
            "{}: an object of type {} is not a {}",
            what(),
            actual.full_name(),
            declared.map_or_else(|| "type the runtime can name".to_string(), |d| d.full_name())
        ))),
    }
}

/// How a parameter's argument crosses, and what is written back after the call.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    /// A string or an object (any reference type): itself. By ref, the element the callee
    /// left is written back.
    Reference(TypeKind),
    /// A `Nullable<T>`: null or a box of `T`, as the CLI boxes one; written back likewise.
    Nullable,
    /// A struct: its box. By ref, Mono passes a copy of it, which is copied back into the
    /// caller's box.
    Struct,
    /// A primitive or an enum (as this underlying kind): boxed. By ref, read back from the
    /// box the callee left.
    Primitive(TypeKind),
    /// An unmanaged pointer: a boxed IntPtr holding the address. By ref, the IntPtr holds the
    /// address of the variable the callee writes the pointer to.
    Pointer,
}

/// How an argument of type `ty` crosses, and whether it is by ref.
fn pass(ty: TypeHandle) -> (Pass, bool) {
    let (kind, byref) = type_kind(ty);
    let pass = match underlying_kind(kind, ty) {
        prim @ (TypeKind::String | TypeKind::Reference) => Pass::Reference(prim),
        TypeKind::Struct if type_class(ty).and_then(Class::nullable_param).is_some() => Pass::Nullable,
        TypeKind::Struct => Pass::Struct,
        _ if kind == TypeKind::Pointer => Pass::Pointer,
        prim => Pass::Primitive(prim),
    };
    (pass, byref)
}

pub(super) fn invoke_checked(
    method: Method,
    this: Option<&Object>,
    args: &mut [Value],
    allow_pointers: bool,
) -> Result<Value> {
    crate::Runtime::get()?;
    let sig = method.signature()?;
    let params = sig.params;
    if params.len() != args.len() {
        return Err(Error::InvalidArgument(format!(
            "{method} takes {} arguments, {} given",
            params.len(),
            args.len()
        )));
    }
    if !allow_pointers && params.iter().any(|&t| type_kind(t).0 == TypeKind::Pointer) {
        return Err(Error::Unsupported(format!(
            "{method} takes an unmanaged pointer: call it with the unsafe invoke_with_pointers"
        )));
    }
    if method.class().nullable_param().is_some() {
        // Mono's array invoke takes `this` of a Nullable<T> as a T, which a null one has not.
        return Err(Error::Unsupported(format!(
            "{method} is a member of Nullable<T>: call it on the value (the CLI boxes a Nullable<T> as its T, or null)"
        )));
    }
    // See arg_array.rs: every reference the call is about to pass sits in a managed array from
    // the moment it is made; native memory never holds one.
    let array = match params.len() {
        0 => None,
        n => Some(ArgArray::take(n)?),
    };
    // Where the callee writes `ref` unmanaged pointers (native memory; made at the first).
    let mut pointers: Vec<u64> = Vec::new();
    for (i, (arg, &ty)) in args.iter().zip(&params).enumerate() {
        let array = array.as_ref().expect("a method with parameters has an argument array");
        let (pass, byref) = pass(ty);
        let mismatch = || {
            Error::InvalidArgument(format!(
                "argument {i} of {method}: a {} cannot be passed as {}",
                arg.describe(),
                type_name(ty)
            ))
        };
        match pass {
            Pass::Reference(_) => {
                let value = match arg {
                    Value::Null => ObjectRef::NULL,
                    Value::String(s) => raw::string_from_str(s)?,
                    Value::Object(o) => o.raw()?,
                    _ => return Err(mismatch()),
                };
                if !value.is_null() {
                    check_instance(value, type_class(ty), || format!("argument {i} of {method}"))?;
                }
                array.set(i, value)?;
            }
            Pass::Nullable => {
                let underlying = type_class(ty).and_then(Class::nullable_param).ok_or_else(mismatch)?;
                let value = match arg {
                    Value::Null => ObjectRef::NULL,
                    Value::Object(o) => o.raw()?,
                    _ => return Err(mismatch()),
                };
                if !value.is_null() && value.class() != Some(underlying) {
                    return Err(mismatch());
                }
                array.set(i, value)?;
            }
            Pass::Struct => {
                let Value::Object(o) = arg else { return Err(mismatch()) };
                let boxed = o.raw()?;
                if boxed.class() != type_class(ty) {
                    return Err(mismatch());
                }
                array.set(i, boxed)?;
            }
            Pass::Primitive(prim) => {
                let (k, _) = arg.primitive_bits().ok_or_else(mismatch)?;
                if k != prim {
                    return Err(mismatch());
                }
                // An enum goes as a box of its underlying type: Mono reads a value-type
                // argument's box as the parameter's type, and both have the same bits.
                array.set_primitive(i, arg)?;
            }
            Pass::Pointer => {
                let Value::IntPtr(address) = *arg else {
                    return Err(mismatch());
                };
                // Mono passes an unmanaged pointer parameter the IntPtr's value: the address
                // itself, or by ref the address of the variable holding it.
                let value = if byref {
                    if pointers.is_empty() {
                        // Never resized again: the addresses handed out stay valid.
                        pointers = vec![0; args.len()];
                    }
                    pointers[i] = address as u64;
                    &mut pointers[i] as *mut u64 as isize
                } else {
                    address
                };
                array.set_boxed(i, value)?;
            }
        }
    }
    let this = if method.is_static() {
        None
    } else {
        let obj = this
            .ok_or_else(|| Error::NullReference(format!("instance method {method} needs `this`")))?
            .raw()?;
        check_instance(obj, Some(method.class()), || format!("`this` of {method}"))?;
        Some(obj)
    };
    let array_raw = match &array {
        Some(a) => a.raw()?,
        None => ObjectRef::NULL,
    };
    // A virtual method runs the override of `this`'s runtime class, as a call from C# does.
    let result = entry::invoke_array(method, this, array_raw)?;
    // The result first, while it is on this stack and nothing else has allocated.
    let value = lift_result(result, sig.ret)?;
    // By-ref arguments, each read from the array where the call left it.
    for (i, &ty) in params.iter().enumerate() {
        let (pass, byref) = pass(ty);
        if !byref {
            continue;
        }
        let array = array.as_ref().expect("a method with parameters has an argument array");
        args[i] = match pass {
            Pass::Reference(TypeKind::String) => read_string(array.get(i)?)?.map_or(Value::Null, Value::String),
            Pass::Reference(_) | Pass::Nullable => Object::from_raw(array.get(i)?)?.map_or(Value::Null, Value::Object),
            Pass::Struct => {
                let Value::Object(o) = &args[i] else {
                    unreachable!("checked to be an object before the call")
                };
                let written = array.get(i)?;
                raw::copy_boxed(o.raw()?, written)?;
                continue;
            }
            Pass::Primitive(prim) => {
                let written = array.get(i)?;
                if written.is_null() {
                    return Err(Error::NullReference(format!("argument {i} of {method} came back null")));
                }
                Value::from_bits(prim, raw::primitive_box_bits(written)?).expect("primitive kinds only")
            }
            Pass::Pointer => Value::IntPtr(pointers[i] as isize),
        };
    }
    Ok(value)
}

/// The value a call returned (`result`: boxed for value types, a `System.Reflection.Pointer`
/// for an unmanaged pointer) as a [`Value`] of the return type `ret`.
fn lift_result(result: ObjectRef, ret: TypeHandle) -> Result<Value> {
    let (kind, _) = type_kind(ret);
    Ok(match underlying_kind(kind, ret) {
        TypeKind::Void => Value::Void,
        TypeKind::String => match result.is_null() {
            true => Value::Null,
            false => Value::String(decode_utf16(&raw::string_units(result)?)?),
        },
        TypeKind::Reference | TypeKind::Struct | TypeKind::Other => {
            Object::from_raw(result)?.map_or(Value::Null, Value::Object)
        }
        TypeKind::IntPtr if kind == TypeKind::Pointer => Value::IntPtr(entry::pointer_address(result)? as isize),
        prim => {
            // Value-type results come back boxed: read the bits out of the box.
            Value::from_bits(prim, raw::primitive_box_bits(result)?).expect("primitive kinds only")
        }
    })
}

/// Calls the method with this [`FunctionDb`] ID: [`invoke`] with the same checks (argument
/// count and types, `this` non-null and of the method's class, virtual dispatch on its runtime
/// type, `ref`/`out` written back, unmanaged pointer parameters refused). Methods of generated
/// bindings have their ID from start-up (their `init()` installs the bindings' table); others
/// once bound or [registered](FunctionDb::register). An ID the database does not have is
/// [`Error::UnknownFunction`] naming it. In a client of a remote runtime
/// ([`remote`](crate::remote)) the call runs on the server, whose database holds the methods
/// of the tables checked at connect.
pub fn call_by_id(id: FunctionId, this: Option<&Object>, args: &mut [Value]) -> Result<Value> {
    if crate::remote::connected() {
        return crate::remote::call_by_id(id, this, args);
    }
    let method = FunctionDb::method(id)?;
    if super::trace::recording() {
        return super::trace::invoke_recorded(id, method, this, args);
    }
    invoke(method, this, args)
}
