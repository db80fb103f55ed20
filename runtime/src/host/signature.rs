//! The native signature of a method's entry point, the same on both backends: Mono's
//! unmanaged thunk of the method (or of a pointer trampoline the runtime's C# helper emitted),
//! and the CoreCLR entry the helper emits, which follows the thunk's rules so that the layers
//! above pass the same things to either. The thunk wrapper boxes a struct passed by value (and
//! a by-ref struct no trampoline takes by pointer), passes `Nullable<T>` as null or a box of
//! `T`, cannot take a span (only a trampoline makes one from a (data, length) pair), and lays
//! `Nullable<T>` out as `hasValue` then the value.

use super::metadata::{abi_kind, type_class, type_kind};
use super::{Class, Method, TypeKind};
use crate::error::{Error, Result};
use crate::host::abi::{
    Abi, EntrySignature, Position, RefParam, RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF, THIS_BY_POINTER,
};

/// A check that a reference parameter is an instance of `declared` (or null, where `nullable`).
fn check(declared: Class, nullable: bool, position: Position) -> Option<RefParam> {
    Some(RefParam {
        declared,
        nullable,
        exact: false,
        class_checked_by_entry: false,
        position,
    })
}

/// [`check`] of a parameter the entry point receives as a plain object reference (a class's
/// `this`, an object or string by value), whose class the backend's entry may check itself.
fn check_plain(declared: Class, nullable: bool, position: Position) -> Option<RefParam> {
    Some(RefParam {
        class_checked_by_entry: super::entry::checks_argument_classes(),
        ..check(declared, nullable, position)?
    })
}

/// The native-ABI classes of `method`'s entry point and the class each reference must be an
/// instance of. Trampolines take the parameters selected by `mask` by pointer, and those
/// selected by `spans` as a pointer to a (data, length) pair.
pub(crate) fn native_signature(method: Method, mask: i64, spans: i64, trampoline: bool) -> Result<EntrySignature> {
    let class = method.class();
    let ctor = method.is_constructor();
    if ctor && !trampoline {
        return Err(Error::Unsupported(format!(
            "constructor {method} is called through a trampoline (MethodRef::by_pointer)"
        )));
    }
    let sig = method.signature()?;
    let has_this = !method.is_static() && !ctor;
    let mut params = Vec::new();
    let mut checks = Vec::new();
    if has_this {
        if class.is_value_type() && mask & THIS_BY_POINTER != 0 {
            params.push(Abi::ByRef(class.value_size().0));
            checks.push(None);
        } else {
            // A class instance, or a struct's box that the method mutates in place.
            params.push(Abi::Ref);
            checks.push(if class.is_value_type() {
                check(class, false, Position::This)
            } else {
                check_plain(class, false, Position::This)
            });
        }
    }
    for (i, &ty) in sig.params.iter().enumerate() {
        let (kind, byref) = type_kind(ty);
        let masked = i < 59 && mask & (1 << i) != 0;
        let role = Position::Argument(i);
        let declared = || {
            type_class(ty)
                .ok_or_else(|| Error::Unsupported(format!("{role} of {method} has a type Mono gives no class for")))
        };
        // The trampoline dereferences a masked parameter's pointer as the parameter's type
        // (`ldobj`): only value types may be masked, or a reference would be read as a pointer.
        if masked
            && matches!(
                kind,
                TypeKind::String | TypeKind::Reference | TypeKind::Pointer | TypeKind::Other
            )
        {
            return Err(Error::InvalidArgument(format!(
                "{role} of {method} is not a value type: its trampoline mask bit must be clear"
            )));
        }
        let spanned = i < 59 && spans & (1 << i) != 0;
        let span = match kind {
            TypeKind::Struct => declared()?.span_element(),
            _ => None,
        };
        match (span, spanned) {
            // The trampoline makes the span over the slice's memory: its element type must be
            // a value type of the Rust element's size (checked by the Abi's size), and one with
            // no references (the helper refuses any other when it builds the trampoline).
            (Some((element, mutable)), true) if !byref && !masked && element.is_value_type() => {
                params.push(Abi::Span {
                    element: element.value_size().0,
                    mutable,
                });
                checks.push(None);
                continue;
            }
            (_, true) => {
                return Err(Error::InvalidArgument(format!(
                    "{role} of {method} is not a span of a value type: its span bit must be clear"
                )))
            }
            // Mono's thunks would box the span, which a span cannot be: no Rust type matches.
            (Some(_), false) => {
                params.push(Abi::Unsupported);
                checks.push(None);
                continue;
            }
            (None, false) => {}
        }
        let nullable = match kind {
            TypeKind::Struct if !masked && !byref => declared()?
                .nullable_param()
                // The thunk wrapper unboxes the argument as `Nullable<T>`: null (no value) or
                // a box of exactly `T`; no other class's box is an instance of a value type, so
                // the check says so outright rather than trusting an assignability walk with
                // the layout of `T` at stake.
                .map(|value| RefParam {
                    declared: value,
                    nullable: true,
                    exact: true,
                    class_checked_by_entry: false,
                    position: role,
                }),
            _ => None,
        };
        let (abi, check) = match kind {
            TypeKind::Pointer if !byref => (Abi::Pointer, None),
            // A by-ref struct that no trampoline takes by pointer travels as a box the callee
            // mutates in place (the thunk wrapper works on that box); a struct by value without a trampoline is boxed too.
            // `Nullable<T>` by value crosses as null or a box of `T` (the thunk wrapper unboxes
            // it with `unbox Nullable<T>`, which accepts exactly those), never as a box of
            // `Nullable<T>`, which the CLI never makes.
            TypeKind::Struct if nullable.is_some() => (Abi::Ref, nullable),
            TypeKind::Struct if !masked => (Abi::Ref, check(declared()?, false, role)),
            TypeKind::String | TypeKind::Reference if byref => (Abi::ByRefObject, check(declared()?, true, role)),
            TypeKind::String | TypeKind::Reference => (Abi::Ref, check_plain(declared()?, true, role)),
            // `ref`/`out` `Nullable<T>` by pointer: the Rust slot mirrors Mono's layout.
            TypeKind::Struct if byref && masked && declared()?.nullable_param().is_some() => {
                (Abi::ByRef(checked_nullable_size(declared()?)?), None)
            }
            _ if byref || masked => (Abi::ByRef(declared()?.value_size().0), None),
            _ => (abi_of(abi_kind(ty)), None),
        };
        params.push(abi);
        checks.push(check);
    }
    let (ret_kind, ret_byref) = type_kind(sig.ret);
    let deref = mask & RETURN_DEREF != 0;
    if deref && (!trampoline || ctor || !ret_byref) {
        return Err(Error::InvalidArgument(format!(
            "{method} does not return by reference through a trampoline: RETURN_DEREF does not apply"
        )));
    }
    // A `ref T` result the trampoline copies out crosses as the `T` itself (the class of a
    // by-ref type is its element's).
    let ret_byref = ret_byref && !deref;
    let ret_size = || type_class(sig.ret).map_or(0, |c| c.value_size().0);
    let ret_is_value = ret_kind != TypeKind::Void
        && !ret_byref
        && type_class(sig.ret).is_some_and(|c| c.is_value_type())
        && ret_kind != TypeKind::Pointer;
    if !ctor && mask & RETURN_BY_POINTER != 0 && ret_kind != TypeKind::Void && !ret_is_value {
        // The trampoline would store a reference into native memory, where SGen neither sees
        // nor updates it.
        return Err(Error::InvalidArgument(format!(
            "{method} does not return a value type: RETURN_BY_POINTER does not apply"
        )));
    }
    let ret = if ctor && class.is_value_type() && mask & RETURN_BOXED != 0 {
        Abi::Ref
    } else if ctor && class.is_value_type() {
        Abi::Sret(class.value_size().0)
    } else if ctor {
        Abi::Ref
    } else if mask & RETURN_BY_POINTER != 0 && ret_kind != TypeKind::Void {
        Abi::Sret(ret_size())
    } else if ret_byref || type_class(sig.ret).is_some_and(|c| c.span_element().is_some()) {
        // Ref returns hand out an interior pointer, and a span returned would point into
        // memory nothing keeps alive after the call: nothing on the raw path carries either.
        Abi::Unsupported
    } else {
        abi_of(abi_kind(sig.ret))
    };
    Ok(EntrySignature {
        params,
        refs: checks,
        ret,
    })
}

fn abi_of(kind: TypeKind) -> Abi {
    match kind {
        TypeKind::Void => Abi::Void,
        TypeKind::Boolean => Abi::Bool,
        TypeKind::Char => Abi::Char,
        TypeKind::SByte => Abi::I8,
        TypeKind::Byte => Abi::U8,
        TypeKind::Int16 => Abi::I16,
        TypeKind::UInt16 => Abi::U16,
        TypeKind::Int32 => Abi::I32,
        TypeKind::UInt32 => Abi::U32,
        TypeKind::Int64 => Abi::I64,
        TypeKind::UInt64 => Abi::U64,
        TypeKind::Single => Abi::F32,
        TypeKind::Double => Abi::F64,
        TypeKind::IntPtr => Abi::ISize,
        TypeKind::UIntPtr => Abi::USize,
        // Structs not passed by pointer travel as boxes (managed structs' handles).
        TypeKind::String | TypeKind::Reference | TypeKind::Struct => Abi::Ref,
        TypeKind::Pointer => Abi::Pointer,
        TypeKind::Enum | TypeKind::Other => Abi::Unsupported,
    }
}

/// The size of the `Nullable<T>` class `nullable`, after checking that Mono lays it out as
/// `value/nullable.rs`'s `Repr` does: `hasValue` at 0 and the value at an offset `a` with the size
/// `a + round_up(size of T, a)`. Another layout is [`Error::LayoutMismatch`].
fn checked_nullable_size(nullable: Class) -> Result<usize> {
    let size = nullable.value_size().0;
    let value = nullable
        .nullable_param()
        .ok_or_else(|| Error::InvalidArgument(format!("{} is not a Nullable<T>", nullable.full_name())))?;
    let has_value = nullable.field("hasValue")?.value_offset();
    let at = nullable.field("value")?.value_offset();
    let value_size = value.value_size().0;
    if has_value != 0 || at == 0 || size != at + value_size.div_ceil(at) * at {
        return Err(Error::LayoutMismatch {
            type_name: nullable.full_name(),
            detail: format!("hasValue at {has_value}, value at {at}, size {size}: not the layout cilbind mirrors"),
        });
    }
    Ok(size)
}
