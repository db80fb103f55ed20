//! The generic, reflective call path for dynamic callers (consoles, scripts, RPC): arguments
//! and results as tagged [`Value`]s, through `mono_runtime_invoke`.
//!
//! Value-type arguments are passed as pointers to their bits (no boxing); structs travel as
//! boxed [`Object`]s. `mono_runtime_invoke` does not dispatch virtually (`Base.V` invoked on a `Derived` runs `Base.V`), so a
//! virtual method is first resolved against the runtime type of `this`.

use std::ffi::c_void;

use crate::call::exception;
use crate::call::function_db::{FunctionDb, FunctionId};
use crate::error::{Error, Result};
use crate::host::{raw, type_class, type_kind, type_name, Method, MonoType, RawObject, TypeKind};
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
fn underlying_kind(kind: TypeKind, ty: *mut MonoType) -> TypeKind {
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
fn check_instance(obj: RawObject, declared: Option<crate::Class>, what: impl Fn() -> String) -> Result<()> {
    let actual = obj.class().expect("checked non-null by the caller");
    match declared {
        Some(d) if d.is_assignable_from(actual) => Ok(()),
        _ => Err(Error::InvalidArgument(format!(
            "{}: an object of type {} is not a {}",
            what(),
            actual.full_name(),
            declared.map_or_else(|| "type Mono can name".to_string(), |d| d.full_name())
        ))),
    }
}

fn invoke_checked(method: Method, this: Option<&Object>, args: &mut [Value], allow_pointers: bool) -> Result<Value> {
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
    // Storage on this stack frame for every argument: primitive bits or a raw reference.
    let mut bits = vec![0u64; args.len()];
    let mut refs = vec![RawObject::NULL; args.len()];
    let mut ptrs: Vec<*mut c_void> = vec![std::ptr::null_mut(); args.len()];
    let mut kinds = Vec::with_capacity(args.len());
    for (i, (arg, &ty)) in args.iter().zip(&params).enumerate() {
        let (kind, byref) = type_kind(ty);
        let prim = underlying_kind(kind, ty);
        kinds.push((prim, byref));
        let mismatch = || {
            Error::InvalidArgument(format!(
                "argument {i} of {method}: a {} cannot be passed as {}",
                arg.describe(),
                type_name(ty)
            ))
        };
        match prim {
            TypeKind::String | TypeKind::Reference => {
                refs[i] = match arg {
                    Value::Null => RawObject::NULL,
                    Value::String(s) => raw::string_new(&s.encode_utf16().collect::<Vec<_>>()),
                    Value::Object(o) => o.raw()?,
                    _ => return Err(mismatch()),
                };
                if !refs[i].is_null() {
                    check_instance(refs[i], type_class(ty), || format!("argument {i} of {method}"))?;
                }
                ptrs[i] = if byref {
                    &mut refs[i] as *mut RawObject as *mut c_void
                } else {
                    refs[i].as_ptr() as *mut c_void
                };
            }
            TypeKind::Struct => {
                let Value::Object(o) = arg else { return Err(mismatch()) };
                let boxed = o.raw()?;
                if boxed.class() != type_class(ty) {
                    return Err(mismatch());
                }
                refs[i] = boxed;
                // By value or by ref, the callee gets the address of the box's data: by-ref
                // writes land in the box the caller passed.
                ptrs[i] = boxed.unboxed_ptr() as *mut c_void;
            }
            _ => {
                let (k, b) = arg.primitive_bits().ok_or_else(mismatch)?;
                if k != prim {
                    return Err(mismatch());
                }
                bits[i] = b;
                // mono_runtime_invoke takes an unmanaged pointer argument as the address itself
                // (like a reference), every other value type as a pointer to its bits.
                ptrs[i] = if kind == TypeKind::Pointer && !byref {
                    b as usize as *mut c_void
                } else {
                    &mut bits[i] as *mut u64 as *mut c_void
                };
            }
        }
    }
    let (target, this_ptr) = if method.is_static() {
        (method, std::ptr::null_mut())
    } else {
        let obj = this
            .ok_or_else(|| Error::NullReference(format!("instance method {method} needs `this`")))?
            .raw()?;
        check_instance(obj, Some(method.class()), || format!("`this` of {method}"))?;
        let target = if method.is_virtual() {
            raw::virtual_method(obj, method)
        } else {
            method
        };
        // Methods of value types take the address of the unboxed value.
        let p = if target.class().is_value_type() {
            obj.unboxed_ptr() as *mut c_void
        } else {
            obj.as_ptr() as *mut c_void
        };
        (target, p)
    };
    let result = raw::runtime_invoke(target, this_ptr, &mut ptrs).map_err(exception::to_error)?;
    // Write back by-ref arguments.
    for (i, &(prim, byref)) in kinds.iter().enumerate() {
        if !byref {
            continue;
        }
        args[i] = match prim {
            TypeKind::String => read_string(refs[i])?.map_or(Value::Null, Value::String),
            TypeKind::Reference => Object::from_raw(refs[i]).map_or(Value::Null, Value::Object),
            TypeKind::Struct => continue,
            _ => Value::from_bits(prim, bits[i]).expect("primitive kinds only"),
        };
    }
    let ret_ty = sig.ret;
    let (kind, _) = type_kind(ret_ty);
    Ok(match underlying_kind(kind, ret_ty) {
        TypeKind::Void => Value::Void,
        TypeKind::String => match result.is_null() {
            true => Value::Null,
            false => Value::String(decode_utf16(&raw::string_units(result))?),
        },
        TypeKind::Reference | TypeKind::Struct | TypeKind::Other => {
            Object::from_raw(result).map_or(Value::Null, Value::Object)
        }
        prim => {
            // Value-type results come back boxed: read the bits out of the box.
            Value::from_bits(prim, raw::primitive_box_bits(result)).expect("primitive kinds only")
        }
    })
}

/// Calls the method with this [`FunctionDb`] ID: [`invoke`] with the same checks (argument
/// count and types, `this` non-null and of the method's class, virtual dispatch on its runtime
/// type, `ref`/`out` written back, unmanaged pointer parameters refused). Methods of generated
/// bindings have their ID from start-up (their `init()` installs the bindings' table); others
/// once bound or [registered](FunctionDb::register). An ID the database does not have is
/// [`Error::UnknownFunction`] naming it.
pub fn call_by_id(id: FunctionId, this: Option<&Object>, args: &mut [Value]) -> Result<Value> {
    let method = FunctionDb::method(id)?;
    if crate::record::recording() {
        return crate::record::invoke_recorded(id, method, this, args);
    }
    invoke(method, this, args)
}
