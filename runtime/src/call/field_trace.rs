//! Field accesses in the call paths' tracing interface (`trace.rs`): what a
//! [`FieldRef`](crate::FieldRef) read or write hands the recorder while a recording runs.
//!
//! A field read is the same observation of managed state as a property getter's call, and a
//! write the same change as a setter's, so both are recorded, with the value read or written:
//! a replay writes what was written and reads again what was read, comparing it as it compares
//! a call's result. That matters where Rust decides from what it read (a replay that diverged
//! says so at the read, not at a later call the decision made), and for objects: an object
//! read from a field is named by the handle Rust got, which later calls pass, so the replay
//! must read it too to know which object those calls mean.
//!
//! Recorded only while a recording runs (the accessors test the same relaxed switch the call
//! paths test, then call here out of line), only for accesses that succeeded, never inside a
//! recorded call (replaying that call makes them again), and only where the log can name the
//! owner: a static field, or a field of an object. A field of a struct copy Rust holds (a
//! managed struct's handle) is Rust's own: the log carries such a value by its bytes when a
//! call is given it.

use std::sync::RwLock;

use serde::{Deserialize, Serialize};

use crate::call::field_ref::FieldOwner;
use crate::call::recorded::{describe_blittable, describe_box, describe_object, log_assembly, Recorded};
use crate::call::trace::in_recorded_call;
use crate::host::{Field, ObjectRef};
use crate::value::string::read_string;

/// Whether a field was read or written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Access {
    /// Rust read the field: a replay reads it again and compares, as it compares a call's
    /// result (an object read names the replay's object, as a call's result does).
    Read,
    /// Rust wrote the field: a replay writes the same value.
    Write,
}

impl std::fmt::Display for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Access::Read => "read",
            Access::Write => "write",
        })
    }
}

/// A field access as the recorder receives it.
pub(crate) struct TracedField {
    /// The field's name as the log gives it ([`field_name`]).
    pub(crate) name: String,
    pub(crate) access: Access,
    /// The object whose field it is; `None` for a static field.
    pub(crate) owner: Option<Recorded>,
    /// The value written or read.
    pub(crate) value: Recorded,
}

/// What receives each recorded field access.
pub(crate) type FieldSink = fn(TracedField);

/// Installed by `trace::start` with the call sink.
pub(crate) static FIELD_SINK: RwLock<Option<FieldSink>> = RwLock::new(None);

/// `[Assembly]Namespace.Type::Field:FieldType`: the field's declaring class (its assembly and
/// full name), its name and its type, as the log names a field (its ID is this text's hash).
pub(crate) fn field_name(field: Field) -> String {
    let class = field.class();
    format!(
        "[{}]{}::{}:{}",
        log_assembly(class),
        class.full_name(),
        field.name(),
        field.type_name()
    )
}

/// Hands an access that succeeded to the sink (the caller checked that a recording runs).
pub(crate) fn traced(field: Field, access: Access, owner: Option<&dyn FieldOwner>, value: impl FnOnce() -> Recorded) {
    if in_recorded_call() {
        return;
    }
    let owner = match owner {
        None if field.is_static() => None,
        None => return,
        Some(o) => match o.recorded_owner() {
            Some(named) => Some(named),
            None => return,
        },
    };
    let sink = *FIELD_SINK.read().unwrap_or_else(|p| p.into_inner());
    if let Some(sink) = sink {
        sink(TracedField {
            name: field_name(field),
            access,
            owner,
            value: value(),
        });
    }
}

/// An object value (or null) as the log records it.
pub(crate) fn describe_reference<T: crate::Reference>(value: Option<&T>) -> Recorded {
    value.map_or(Recorded::Null, |o| describe_object(o.as_object()))
}

/// A `Nullable<V>`'s value (or none) as the log records it.
pub(crate) fn describe_nullable<V: crate::Blittable>(value: &Option<V>) -> Recorded {
    value.as_ref().map_or(Recorded::Null, describe_blittable)
}

/// A string written to a field (`raw` kept alive by the caller), as the log records it.
pub(crate) fn describe_string(raw: ObjectRef) -> Recorded {
    match read_string(raw) {
        Ok(Some(s)) => Recorded::String(s),
        Ok(None) => Recorded::Null,
        Err(e) => Recorded::Opaque(format!("a string that is not valid UTF-16 ({e})")),
    }
}

/// A managed struct's value as the log records it: its bytes, or opaque when it holds a
/// reference (see `describe_box`).
pub(crate) fn describe_struct<S: crate::ManagedStruct>(value: &crate::StructHandle<S>) -> Recorded {
    match value.raw().and_then(|raw| Ok((raw, S::class()?))) {
        Ok((raw, class)) => describe_box(raw, class),
        Err(e) => Recorded::Opaque(format!("a {} that failed: {e}", std::any::type_name::<S>())),
    }
}
