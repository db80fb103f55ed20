//! A recorded field access made again: the field found by the name the log gives it
//! (`[Assembly]Namespace.Type::Field:FieldType`), on the replay's object for the recorded owner
//! or in its class's static storage; a write stores the recorded value, a read gives the value
//! now, described as the recording described it, for the replayer to compare.

use crate::call::recorded::{describe_object, describe_value_box, log_assembly};
use crate::error::{Error, Result};
use crate::host::fields::{field_get_any, field_set_from_box, field_set_nullable_bytes, field_set_ref, FieldHost};
use crate::host::type_init::statics_of;
use crate::host::{raw, type_class, type_kind, Class, Field, TypeKind};
use crate::record::objects::ObjectTable;
use crate::record::rebuild::{boxed, class_named};
use crate::record::Recorded;
use crate::value::string::read_string;
use crate::value::Object;

/// The parts of a field's log name.
struct FieldName<'a> {
    assembly: &'a str,
    class: &'a str,
    name: &'a str,
    type_name: &'a str,
}

fn parse(text: &str) -> Option<FieldName<'_>> {
    let (assembly, rest) = text.strip_prefix('[')?.split_once(']')?;
    let (class, rest) = rest.split_once("::")?;
    let (name, type_name) = rest.split_once(':')?;
    Some(FieldName {
        assembly,
        class,
        name,
        type_name,
    })
}

/// A field found for a recorded access: where it is, and the object that holds it (kept
/// alive while the access runs).
pub(crate) struct Found {
    pub(crate) field: Field,
    pub(crate) host: FieldHost,
    _owner: Option<Object>,
}

impl Found {
    /// A field found by other means (a remote client's access), on `host`, with the object
    /// that holds it.
    pub(crate) fn new(field: Field, host: FieldHost, owner: Option<Object>) -> Found {
        Found {
            field,
            host,
            _owner: owner,
        }
    }
}

/// The field the log names `text`, of the replay's object for `owner` (an instance field) or
/// of its class (`None`: a static field); an error names what does not match.
pub(crate) fn find(objects: &mut ObjectTable, call: usize, text: &str, owner: Option<&Recorded>) -> Result<Found> {
    let stop = |reason: String| Error::Replay { call, reason };
    let name = parse(text).ok_or_else(|| stop(format!("the log names a field {text:?}, which is no field name")))?;
    let (field, host, owner) = match owner {
        None => {
            let class = static_class(name.assembly, name.class).map_err(|e| stop(format!("field {text}: {e}")))?;
            let field = class.field(name.name).map_err(|e| stop(format!("field {text}: {e}")))?;
            if !field.is_static() {
                return Err(stop(format!("field {text} was recorded as static, and is not")));
            }
            let statics = statics_of(field).map_err(|e| stop(format!("field {text}: {e}")))?;
            (field, FieldHost::Static(statics), None)
        }
        Some(recorded @ Recorded::Object { .. }) => {
            let what = format!("the owner of field {text}");
            let object = objects.argument(call, &what, recorded)?;
            let raw = object.raw()?;
            // The object's own class: a field of a generic instantiation is found there.
            let own = raw.class().ok_or_else(|| stop(format!("{what} is null")))?;
            let field = own.field(name.name).map_err(|e| stop(format!("field {text}: {e}")))?;
            if field.is_static() {
                return Err(stop(format!(
                    "field {text} was recorded as an instance field, and is static"
                )));
            }
            (field, FieldHost::Instance(raw), Some(object))
        }
        Some(other) => {
            return Err(stop(format!(
                "field {text} of {other}, which the log cannot name as an owner"
            )))
        }
    };
    let declaring = field.class();
    if declaring.full_name() != name.class
        || log_assembly(declaring) != name.assembly
        || field.type_name() != name.type_name
    {
        return Err(stop(format!(
            "the log's field {text} is [{}]{}::{}:{} here: the assembly loaded is not the one recorded",
            log_assembly(declaring),
            declaring.full_name(),
            field.name(),
            field.type_name()
        )));
    }
    Ok(Found {
        field,
        host,
        _owner: owner,
    })
}

/// The class a static field's log name gives, found by name: `Namespace.Outer.Inner` may be a
/// nested type (full names spell nesting with dots), so each dot is tried as the end of the
/// outermost type's name.
fn static_class(assembly: &str, full_name: &str) -> Result<Class> {
    let first = class_named(assembly, full_name);
    if first.is_ok() {
        return first;
    }
    for (split, _) in full_name.match_indices('.') {
        let candidate = format!("{}/{}", &full_name[..split], full_name[split + 1..].replace('.', "/"));
        if let Ok(class) = class_named(assembly, &candidate) {
            return Ok(class);
        }
    }
    first
}

/// The little-endian bytes of a recorded primitive; `None` for any other value.
pub(crate) fn primitive_bytes(value: &Recorded) -> Option<Vec<u8>> {
    Some(match *value {
        Recorded::Boolean(v) => vec![u8::from(v)],
        Recorded::Char(v) | Recorded::UInt16(v) => v.to_le_bytes().to_vec(),
        Recorded::SByte(v) => v.to_le_bytes().to_vec(),
        Recorded::Byte(v) => vec![v],
        Recorded::Int16(v) => v.to_le_bytes().to_vec(),
        Recorded::Int32(v) => v.to_le_bytes().to_vec(),
        Recorded::UInt32(v) => v.to_le_bytes().to_vec(),
        Recorded::Int64(v) => v.to_le_bytes().to_vec(),
        Recorded::UInt64(v) => v.to_le_bytes().to_vec(),
        Recorded::Single(v) => v.to_le_bytes().to_vec(),
        Recorded::Double(v) => v.to_le_bytes().to_vec(),
        Recorded::IntPtr(v) => isize::try_from(v).ok()?.to_le_bytes().to_vec(),
        Recorded::UIntPtr(v) => usize::try_from(v).ok()?.to_le_bytes().to_vec(),
        _ => return None,
    })
}

/// The bytes of one value of the value type `class` the log recorded as `value`: a primitive
/// (of `class`, or of its underlying type for an enum) or a struct of `class`.
fn value_bytes(value: &Recorded, class: Class) -> Option<Vec<u8>> {
    let bytes = match value {
        Recorded::Struct { type_name, bytes, .. } if *type_name == class.full_name() => bytes.clone(),
        other => primitive_bytes(other)?,
    };
    (bytes.len() == class.value_size().0).then_some(bytes)
}

/// Stores the recorded `value` in the field found.
pub(crate) fn write(objects: &mut ObjectTable, call: usize, text: &str, found: &Found, value: &Recorded) -> Result<()> {
    let what = format!("the value written to field {text}");
    let refused = |why: String| Error::Replay {
        call,
        reason: format!("{what}: {why}"),
    };
    let ty = found.field.type_handle();
    let (kind, _) = type_kind(ty);
    let class = type_class(ty);
    let done = match (kind, class.and_then(Class::nullable_param)) {
        (TypeKind::Reference | TypeKind::String, _) => {
            // Kept alive until the write is done.
            let object = match value {
                Recorded::Null => None,
                Recorded::String(s) => {
                    Some(Object::from_raw(raw::string_from_str(s)?)?.ok_or_else(|| refused("no string made".into()))?)
                }
                recorded @ Recorded::Object { .. } => Some(objects.argument(call, &what, recorded)?),
                Recorded::Struct {
                    assembly,
                    type_name,
                    bytes,
                } => {
                    let class = class_named(assembly, type_name).map_err(|e| refused(e.to_string()))?;
                    Some(boxed(call, &what, class, bytes)?)
                }
                other => {
                    return Err(refused(format!(
                        "{other} cannot be stored in a field of type {}",
                        found.field.type_name()
                    )))
                }
            };
            let raw = match &object {
                Some(o) => o.raw()?,
                None => raw::ObjectRef::NULL,
            };
            field_set_ref(found.host, found.field, raw)
        }
        (_, Some(inner)) => match value {
            Recorded::Null => field_set_nullable_bytes(found.host, found.field, None),
            other => {
                let bytes =
                    value_bytes(other, inner).ok_or_else(|| refused(format!("{other} is no {}", inner.full_name())))?;
                field_set_nullable_bytes(found.host, found.field, Some(&bytes))
            }
        },
        (_, None) => {
            let class =
                class.ok_or_else(|| refused(format!("the field's type {} is unknown", found.field.type_name())))?;
            let bytes =
                value_bytes(value, class).ok_or_else(|| refused(format!("{value} is no {}", class.full_name())))?;
            let boxed = boxed(call, &what, class, &bytes)?;
            field_set_from_box(found.host, found.field, boxed.raw()?)
        }
    };
    done.map_err(|e| refused(e.to_string()))
}

/// The field's value now, as the recording described the value it read, and the object read
/// (kept alive while the caller compares: a recorded object then names it).
pub(crate) fn read(call: usize, text: &str, found: &Found) -> Result<(Recorded, Option<Object>)> {
    let raw = field_get_any(found.host, found.field).map_err(|e| Error::Replay {
        call,
        reason: format!("reading field {text}: {e}"),
    })?;
    let Some(class) = raw.class() else {
        return Ok((Recorded::Null, None));
    };
    let (kind, _) = type_kind(found.field.type_handle());
    if !matches!(kind, TypeKind::Reference | TypeKind::String) {
        // A value-type field, boxed by the read (a `Nullable<T>` with a value as a `T`).
        return Ok((describe_value_box(raw, class), None));
    }
    if class == Class::string() {
        return Ok((
            match read_string(raw) {
                Ok(Some(s)) => Recorded::String(s),
                Ok(None) => Recorded::Null,
                Err(e) => Recorded::Opaque(format!("a string that is not valid UTF-16 ({e})")),
            },
            None,
        ));
    }
    // An object (a box held by an object-typed field included), as a handle would describe it.
    let object = Object::from_raw(raw)?.ok_or_else(|| Error::Replay {
        call,
        reason: format!("reading field {text}: the object read could not be kept"),
    })?;
    Ok((describe_object(&object), Some(object)))
}
