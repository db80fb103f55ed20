//! A recorded call rebuilt in this process: its method (by ID, else found by the signature
//! the log names it with), a constructor's trampoline, and each recorded value as a
//! reflective-path [`Value`].

use crate::call::{FunctionDb, FunctionId, Value, RETURN_BOXED};
use crate::error::{Error, Result};
use crate::host::plain::{box_bytes, holds_references};
use crate::host::{entry, raw, type_class, type_kind, Class, Method, Runtime, TypeHandle, TypeKind};
use crate::record::objects::ObjectTable;
use crate::record::Recorded;
use crate::value::{NetString, Object, Reference};

/// The names the class library goes by: Mono's `mscorlib`, and CoreCLR's
/// `System.Private.CoreLib` (which its `mscorlib` facade forwards to). A method of it bound at
/// run time is spelled with the name of the runtime that recorded it, so a log recorded on one
/// runtime names it by the other's.
const CLASS_LIBRARY: [&str; 2] = ["mscorlib", "System.Private.CoreLib"];

/// The signature as each runtime may spell it: itself, and for a method of the class library,
/// with the other name of it.
fn spellings(signature: &str) -> Vec<String> {
    let mut all = vec![signature.to_string()];
    for (from, to) in [(0, 1), (1, 0)] {
        if let Some(rest) = signature.strip_prefix(&format!("[{}]", CLASS_LIBRARY[from])) {
            all.push(format!("[{}]{rest}", CLASS_LIBRARY[to]));
        }
    }
    all
}

/// The method the log names with this ID and signature, and its ID in this process: from the
/// function database, or else the method of the class the signature names whose ID it is
/// (registered, so that the by-ID path finds it). A method of the class library recorded on
/// another runtime is found by its spelling on this one.
pub(crate) fn method(id: FunctionId, signature: &str) -> Result<(Method, FunctionId)> {
    if FunctionDb::get(id).is_some() {
        return Ok((FunctionDb::method(id)?, id));
    }
    let ids: Vec<FunctionId> = spellings(signature)
        .iter()
        .map(|s| FunctionId::of_signature(s))
        .collect();
    if let Some(&here) = ids.iter().find(|&&here| FunctionDb::get(here).is_some()) {
        return Ok((FunctionDb::method(here)?, here));
    }
    let class = signature_class(signature)?;
    // A generic method definition cannot be called, and a type initializer is the runtime's
    // to run: neither is ever recorded.
    let (method, here) = class
        .methods()
        .filter(|m| !m.is_generic_definition() && m.name() != ".cctor")
        .find_map(|m| {
            let found = FunctionDb::id_of(m).ok()?;
            ids.contains(&found).then_some((m, found))
        })
        .ok_or_else(|| {
            Error::InvalidArgument(format!(
                "{} has no method {signature}: the assembly loaded is not the one recorded",
                class.full_name()
            ))
        })?;
    FunctionDb::register(method)?;
    Ok((method, here))
}

/// The class of `[Assembly]Namespace.Type::Name(…)->…`.
fn signature_class(signature: &str) -> Result<Class> {
    let unreadable = || Error::InvalidArgument(format!("cannot read the class of method {signature}"));
    let rest = signature.strip_prefix('[').ok_or_else(unreadable)?;
    let (assembly, rest) = rest.split_once(']').ok_or_else(unreadable)?;
    let (class, _) = rest.split_once("::").ok_or_else(unreadable)?;
    class_named(assembly, class)
}

/// The class `Namespace.Outer/Inner` of the assembly with this simple name (loaded, or one
/// Mono finds by name).
pub(crate) fn class_named(assembly: &str, full_name: &str) -> Result<Class> {
    // The class library by the name both runtimes find it by.
    let assembly = if CLASS_LIBRARY.contains(&assembly) {
        CLASS_LIBRARY[0]
    } else {
        assembly
    };
    // Generic types (definitions "List`1", instantiations "List`1<…>", types nested in them)
    // and arrays are not looked up by name: an open definition's members cannot be called.
    if full_name.contains(['<', '[', '`']) {
        return Err(Error::Unsupported(format!(
            "the replayer finds classes by name, and {full_name} is generic or an array: \
             bind its methods before replaying"
        )));
    }
    let (outer, nested) = match full_name.split_once('/') {
        Some((outer, nested)) => (outer, Some(nested)),
        None => (full_name, None),
    };
    let (namespace, name) = outer.rsplit_once('.').unwrap_or(("", outer));
    let name = match nested {
        Some(nested) => format!("{name}/{nested}"),
        None => name.to_string(),
    };
    Runtime::get()?.assembly(assembly)?.class(namespace, &name)
}

/// A static method that constructs with `ctor` and returns the new object (a value type
/// boxed): the reflective path has no `newobj`, the runtime's trampolines do.
pub(crate) fn constructor(ctor: Method) -> Result<Method> {
    let mask = if ctor.class().is_value_type() { RETURN_BOXED } else { 0 };
    entry::build_trampoline(ctor, mask, 0)
}

fn refused(call: usize, what: &str, why: impl std::fmt::Display) -> Error {
    Error::Replay {
        call,
        reason: format!("{what}: {why}"),
    }
}

/// A new box of `class` holding the recorded bytes. A managed struct (one that holds
/// references) is never made from bytes, but its default value, every byte zero, is the zeroed
/// box Mono makes: the one value of such a type the log carries (see `describe_box`).
pub(crate) fn boxed(call: usize, what: &str, class: Class, bytes: &[u8]) -> Result<Object> {
    // Its size is not compared: the runtimes lay out a struct with references each its own way
    // (CoreCLR may order its fields otherwise), and every byte zero is its default on both.
    let default = class.is_value_type() && bytes.iter().all(|&b| b == 0) && holds_references(class);
    let raw = if default {
        raw::box_default(class)
    } else {
        box_bytes(class, bytes)
    }
    .map_err(|e| refused(call, what, e))?;
    Object::from_raw(raw)?.ok_or_else(|| refused(call, what, "the runtime could not box it"))
}

/// The value to pass as parameter `ty` where call `call` passed `recorded`.
pub(crate) fn argument(
    objects: &mut ObjectTable,
    call: usize,
    what: &str,
    recorded: &Recorded,
    ty: TypeHandle,
) -> Result<Value> {
    Ok(match recorded {
        Recorded::Void => return Err(refused(call, what, "void is no argument")),
        Recorded::Null => Value::Null,
        Recorded::Boolean(v) => Value::Boolean(*v),
        Recorded::Char(v) => Value::Char(*v),
        Recorded::SByte(v) => Value::SByte(*v),
        Recorded::Byte(v) => Value::Byte(*v),
        Recorded::Int16(v) => Value::Int16(*v),
        Recorded::UInt16(v) => Value::UInt16(*v),
        Recorded::Int32(v) => Value::Int32(*v),
        Recorded::UInt32(v) => Value::UInt32(*v),
        Recorded::Int64(v) => Value::Int64(*v),
        Recorded::UInt64(v) => Value::UInt64(*v),
        Recorded::Single(v) => Value::Single(*v),
        Recorded::Double(v) => Value::Double(*v),
        Recorded::IntPtr(v) => Value::IntPtr(isize::try_from(*v).map_err(|e| refused(call, what, e))?),
        Recorded::UIntPtr(v) => Value::UIntPtr(usize::try_from(*v).map_err(|e| refused(call, what, e))?),
        Recorded::String(s) => Value::String(s.clone()),
        Recorded::Struct {
            assembly,
            type_name,
            bytes,
        } => {
            // A struct parameter takes its own type; a reference parameter (`object`, an
            // interface) took a box of the recorded type, which is found by name.
            let class = match (type_kind(ty).0, type_class(ty)) {
                (TypeKind::Struct, Some(class)) => {
                    if class.full_name() != *type_name {
                        return Err(refused(
                            call,
                            what,
                            format!(
                                "the recording passed a {type_name}, the parameter takes a {}",
                                class.full_name()
                            ),
                        ));
                    }
                    class
                }
                _ => class_named(assembly, type_name).map_err(|e| refused(call, what, e))?,
            };
            Value::Object(boxed(call, what, class, bytes)?)
        }
        object @ Recorded::Object { .. } => Value::Object(objects.argument(call, what, object)?),
        Recorded::Opaque(thing) => {
            return Err(refused(
                call,
                what,
                format!("the recording passed {thing}, which the log cannot carry"),
            ))
        }
    })
}

/// The `this` to call an instance method of `class` on where call `call` had `recorded`.
pub(crate) fn this(objects: &mut ObjectTable, call: usize, recorded: &Recorded, class: Class) -> Result<Object> {
    const WHAT: &str = "`this`";
    match recorded {
        object @ Recorded::Object { .. } => objects.argument(call, WHAT, object),
        Recorded::String(s) => Ok(NetString::new(s)?.into_object()),
        Recorded::Struct {
            assembly,
            type_name,
            bytes,
        } => {
            // A value type's own method, or one it inherits from a reference type
            // (`Object.ToString` on a boxed enum): the box is of the recorded type, which the
            // method's class then is not, so it is found by name.
            let own = if *type_name == class.full_name() {
                class
            } else {
                class_named(assembly, type_name).map_err(|e| refused(call, WHAT, e))?
            };
            if !own.is_value_type() || !class.is_assignable_from(own) {
                return Err(refused(
                    call,
                    WHAT,
                    format!(
                        "the recording had a {type_name}, which is no `this` of {}",
                        class.full_name()
                    ),
                ));
            }
            boxed(call, WHAT, own, bytes)
        }
        other => Err(refused(
            call,
            WHAT,
            format!("the recording had {other}, which is no `this` of {}", class.full_name()),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generic_types_and_arrays_are_not_found_by_name() {
        for name in [
            "System.Collections.Generic.List`1",
            "System.Collections.Generic.List`1<System.Int32>",
            "System.Collections.Generic.Dictionary`2/Enumerator",
            "System.Int32[]",
        ] {
            // Refused before the runtime is asked anything.
            assert!(
                matches!(class_named("mscorlib", name), Err(Error::Unsupported(_))),
                "{name}"
            );
        }
    }

    #[test]
    fn unreadable_signatures_are_errors() {
        for signature in ["", "Ns.T::M()->V", "[A]Ns.T.M()->V", "[A Ns.T::M()->V"] {
            assert!(
                matches!(signature_class(signature), Err(Error::InvalidArgument(_))),
                "{signature}"
            );
        }
    }
}
