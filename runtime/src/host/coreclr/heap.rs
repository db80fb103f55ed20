//! The backend interface's heap operations on CoreCLR, through the bridge: objects cross as
//! slot words (see `bridge.rs`), so Rust never holds an address the collector could move.
//! Values are copied by layout into and out of boxes and arrays only for types without
//! references (the bridge refuses others: native bytes cannot hold a reference).

use super::bridge::{ManagedHandle, SlotWord};
use super::{runtime, types};
use crate::error::{Error, Result};
use crate::host::{Class, Field, Method, ObjectRef};

/// The slot word an `ObjectRef` is on CoreCLR.
#[inline]
pub(crate) fn word(o: ObjectRef) -> SlotWord {
    SlotWord(o.0 as i64)
}

/// The `ObjectRef` of a slot word.
#[inline]
pub(crate) fn object(w: SlotWord) -> ObjectRef {
    ObjectRef(w.0 as *mut std::ffi::c_void)
}

/// A bridge refusal as the error a C# program would see for the same request: .NET's
/// exception type and message (`Type: message`).
fn refused(answer: String) -> Error {
    match answer.split_once(": ") {
        Some((type_name, _)) if type_name == super::slots::STALE_SLOT => Error::StaleHandle,
        Some((type_name, message)) if type_name.starts_with("System.") => Error::ManagedException {
            type_name: type_name.into(),
            message: message.into(),
            stack_trace: String::new(),
            inner: Box::new([]),
        },
        _ => Error::InvalidArgument(answer),
    }
}

/// The class of the object `o` names (`None` for null or a word whose slot was reused).
///
/// On every call that passes an object (its class is checked against the declared one), so
/// the handle is taken as it is: the runtime made it for a live object's type, and its record
/// is read when a query first needs it. Never inlined: the host's call path keeps Mono's arm
/// small enough to inline.
#[inline(never)]
pub(crate) fn class_of(o: ObjectRef) -> Option<Class> {
    if let Some(class) = super::slots::class_of_checked(word(o)) {
        return class;
    }
    runtime().bridge.class_of(word(o)).and_then(types::class_of_object)
}

/// A new box of the value type `class` holding `bytes` (its exact size; no references).
pub(crate) fn box_bytes(class: Class, bytes: &[u8]) -> Result<ObjectRef> {
    runtime()
        .bridge
        .box_bytes(types::of_class(class), bytes)
        .map(object)
        .map_err(refused)
}

/// The bytes of the value in the box `o`.
pub(crate) fn unboxed_bytes(o: ObjectRef) -> Result<Vec<u8>> {
    runtime()
        .bridge
        .unbox_bytes(word(o))
        .map_err(refused)?
        .ok_or_else(|| Error::NullReference("a null box has no bytes".into()))
}

/// Copies the value in the box `o` into `out`, which must be exactly its size.
pub(crate) fn unbox_into(o: ObjectRef, out: &mut [u8]) -> Result<()> {
    let bytes = unboxed_bytes(o)?;
    if bytes.len() != out.len() {
        return Err(Error::InvalidCast {
            from: class_of(o).map_or_else(|| "null".into(), |c| c.full_name()),
            to: format!("a value of {} bytes", out.len()),
        });
    }
    out.copy_from_slice(&bytes);
    Ok(())
}

/// A new box with a copy of the value in the box `o`.
pub(crate) fn rebox(o: ObjectRef) -> Result<ObjectRef> {
    let class = class_of(o).ok_or_else(|| Error::NullReference("cannot copy a null box".into()))?;
    if holds_references(class) {
        // Through the reflective path: `RuntimeHelpers.GetObjectValue` copies a box.
        let helpers = runtime()
            .corlib_types()
            .mscorlib
            .class("System.Runtime.CompilerServices", "RuntimeHelpers")?;
        let copy = helpers.method("GetObjectValue", &["System.Object"])?;
        let args = array_new(Class::object(), 1)?;
        array_set(args, 0, o)?;
        return invoke(copy, ObjectRef::NULL, args);
    }
    box_bytes(class, &unboxed_bytes(o)?)
}

/// Copies the value in the box `src` into the box `dest`, both of one value type.
pub(crate) fn copy_boxed(dest: ObjectRef, src: ObjectRef) -> Result<()> {
    match (class_of(dest), class_of(src)) {
        (Some(d), Some(s)) if d == s && d.is_value_type() => {}
        (d, s) => {
            return Err(Error::InvalidCast {
                from: s.map_or_else(|| "null".into(), |c| c.full_name()),
                to: d.map_or_else(|| "null".into(), |c| c.full_name()),
            })
        }
    }
    runtime().bridge.copy_box(word(dest), word(src)).map_err(refused)
}

/// A new `System.String` with these UTF-16 code units, in a thread slot.
pub(crate) fn string_new(units: &[u16]) -> Result<ObjectRef> {
    runtime().bridge.new_string_units(units).map(object).map_err(refused)
}

/// A new `System.String` with the text of `s`, in a thread slot.
pub(crate) fn string_from_str(s: &str) -> Result<ObjectRef> {
    let units: Vec<u16> = s.encode_utf16().collect();
    string_new(&units)
}

/// The UTF-16 code units of the string `s` names.
pub(crate) fn string_units(s: ObjectRef) -> Result<Vec<u16>> {
    runtime()
        .bridge
        .read_string(word(s))
        .map_err(|e| Error::InvalidCast {
            from: e,
            to: "System.String".into(),
        })?
        .ok_or_else(|| Error::NullReference("a null string has no text".into()))
}

/// The `System.Type` object of `class`, in a thread slot.
pub(crate) fn type_object(class: Class) -> ObjectRef {
    object(runtime().bridge.type_object(types::of_class(class)))
}

/// Runs `class`'s type initializer unless it ran; its failure as .NET's
/// `TypeInitializationException`, on this and every later call.
pub(crate) fn run_type_initializer(class: Class) -> Result<()> {
    let clr = runtime();
    match clr
        .bridge
        .run_class_constructor(types::of_class(class))
        .map_err(refused)?
    {
        Ok(()) => Ok(()),
        Err(thrown) => Err(clr.exception(thrown)),
    }
}

/// True when `a` and `b` name one object (or are both null).
pub(crate) fn same_object(a: ObjectRef, b: ObjectRef) -> bool {
    a == b || runtime().bridge.same(word(a), word(b))
}

/// The address in a boxed `System.Reflection.Pointer` (or `IntPtr`) a reflective call
/// returned.
pub(crate) fn pointer_address(o: ObjectRef) -> Result<usize> {
    runtime().bridge.pointer_address(word(o)).map_err(refused)
}

/// A box of the value type `class`'s default value.
pub(crate) fn box_default(class: Class) -> Result<ObjectRef> {
    runtime()
        .bridge
        .box_default(types::of_class(class))
        .map(object)
        .map_err(refused)
}

/// A new array of `element` with these lengths (rank 2 or more).
pub(crate) fn array_new_md(element: Class, lengths: &[usize]) -> Result<ObjectRef> {
    runtime()
        .bridge
        .array_new_md(types::of_class(element), lengths)
        .map(object)
        .map_err(refused)
}

/// The value of `field` of `target` (null for a static field), boxed for a value type, in a
/// thread slot.
pub(crate) fn field_get(field: Field, target: ObjectRef) -> Result<ObjectRef> {
    runtime()
        .bridge
        .field_get(types::of_field(field), word(target))
        .map(object)
        .map_err(refused)
}

/// Sets `field` of `target` (null for a static field) to `value` (a box for a value-type
/// field).
pub(crate) fn field_set(field: Field, target: ObjectRef, value: ObjectRef) -> Result<()> {
    runtime()
        .bridge
        .field_set(types::of_field(field), word(target), word(value))
        .map_err(refused)
}

/// A new array of `len` elements of `element`, in a thread slot.
pub(crate) fn array_new(element: Class, len: usize) -> Result<ObjectRef> {
    runtime()
        .bridge
        .array_new(types::of_class(element), len)
        .map(object)
        .map_err(refused)
}

/// The number of elements of the array `a`.
pub(crate) fn array_len(a: ObjectRef) -> Result<usize> {
    runtime()
        .bridge
        .array_length(word(a))
        .map_err(|e| Error::InvalidCast {
            from: e,
            to: "an array".into(),
        })?
        .ok_or_else(|| Error::NullReference("array is null".into()))
}

/// Copies `data` into the array `a` of values without references (its whole size).
pub(crate) fn array_write(a: ObjectRef, data: &[u8]) -> Result<()> {
    runtime().bridge.array_write(word(a), data).map_err(refused)
}

/// Copies the array `a` of values without references into `data` (its whole size).
pub(crate) fn array_read(a: ObjectRef, data: &mut [u8]) -> Result<()> {
    runtime().bridge.array_read(word(a), data).map_err(refused)
}

/// The element class of the single-dimension array `a`.
pub(crate) fn array_element_class(a: ObjectRef) -> Result<Class> {
    let class = class_of(a).ok_or_else(|| Error::NullReference("array is null".into()))?;
    let facts = types::facts(class);
    match facts.element {
        Some(e) if facts.cil_name.ends_with("[]") => types::class(e),
        _ => Err(Error::InvalidCast {
            from: class.full_name(),
            to: "an array".into(),
        }),
    }
}

/// The element class of the array `a` of any rank.
pub(crate) fn element_of_any_array(a: ObjectRef) -> Result<Class> {
    let class = class_of(a).ok_or_else(|| Error::NullReference("array is null".into()))?;
    let facts = types::facts(class);
    match facts.element {
        Some(e) if facts.cil_name.ends_with(']') => types::class(e),
        _ => Err(Error::InvalidCast {
            from: class.full_name(),
            to: "an array".into(),
        }),
    }
}

/// Element `index` of the array `a` (boxed for a value type), in a thread slot.
pub(crate) fn array_get(a: ObjectRef, index: usize) -> Result<ObjectRef> {
    runtime().bridge.array_get(word(a), index).map(object).map_err(refused)
}

/// Stores `value` at `index` of the array `a` (checked against the element type).
pub(crate) fn array_set(a: ObjectRef, index: usize, value: ObjectRef) -> Result<()> {
    runtime().bridge.array_set(word(a), index, word(value)).map_err(refused)
}

/// Sets every element of the `object[]` `a` to null.
pub(crate) fn object_array_clear(a: ObjectRef) -> Result<()> {
    if class_of(a) != Class::object().array().ok() {
        return Ok(());
    }
    for i in 0..array_len(a)? {
        array_set(a, i, ObjectRef::NULL)?;
    }
    Ok(())
}

/// Calls `method` reflectively on `this` (null: static) with the `object[]` `args`, which
/// receives `ref` arguments back; the result boxed, or the thrown exception.
pub(crate) fn invoke(method: Method, this: ObjectRef, args: ObjectRef) -> Result<ObjectRef> {
    let clr = runtime();
    match clr
        .bridge
        .invoke(types::of_method(method), word(this), word(args))
        .map_err(refused)?
    {
        Ok(result) => Ok(object(result)),
        Err(thrown) => Err(clr.exception(thrown)),
    }
}

/// True when a value of the value type `class` holds a managed reference in an instance field,
/// or in theirs (fails closed past a nesting depth no real struct reaches).
pub(crate) fn holds_references(class: Class) -> bool {
    let ty = types::of_class(class);
    match runtime().type_facts(ty) {
        // Kept with the type's other facts (and forgotten with them at a reload).
        Ok(facts) => *facts.references.get_or_init(|| holds(ty, 0)),
        Err(_) => true,
    }
}

fn holds(ty: ManagedHandle, depth: usize) -> bool {
    const MAX_DEPTH: usize = 32;
    let clr = runtime();
    if depth > MAX_DEPTH {
        return true;
    }
    let Ok(fields) = clr.fields(ty) else {
        return true;
    };
    fields.into_iter().any(|f| {
        let Ok(facts) = clr.field_facts(f) else {
            return true;
        };
        if facts.is_static() || facts.is_literal() {
            return false;
        }
        let Ok(field_type) = clr.type_facts(facts.ty) else {
            return true;
        };
        match field_type.kind {
            crate::host::TypeKind::String
            | crate::host::TypeKind::Reference
            | crate::host::TypeKind::Other
            | crate::host::TypeKind::Void => true,
            crate::host::TypeKind::Struct => facts.ty == ty || holds(facts.ty, depth + 1),
            _ => field_type.is_by_ref(),
        }
    })
}

/// True when the value in `boxed`, a box of a value type, is its type's default: every
/// reference in it null and every other field's bits zero, at any depth. The helper copies out
/// the bytes of a value without references only (its fields may move with the collector), so
/// a value with references is read field by field. Fails closed (false) where a field cannot
/// be read or past a nesting depth no real struct reaches.
pub(crate) fn is_default_box(boxed: ObjectRef) -> bool {
    is_default(boxed, 0)
}

fn is_default(boxed: ObjectRef, depth: usize) -> bool {
    const MAX_DEPTH: usize = 32;
    let Some(class) = class_of(boxed) else {
        return false;
    };
    if !holds_references(class) {
        return unboxed_bytes(boxed).is_ok_and(|bytes| bytes.iter().all(|&b| b == 0));
    }
    let clr = runtime();
    if depth > MAX_DEPTH {
        return false;
    }
    let Ok(fields) = clr.fields(types::of_class(class)) else {
        return false;
    };
    fields.into_iter().all(|f| {
        let Ok(facts) = clr.field_facts(f) else {
            return false;
        };
        if facts.is_static() || facts.is_literal() {
            return true;
        }
        let (Ok(field), Ok(field_type)) = (types::field(f), clr.type_facts(facts.ty)) else {
            return false;
        };
        // Each value read is a temporary of this thread: it is used before the next one.
        let Ok(value) = field_get(field, boxed) else {
            return false;
        };
        match field_type.kind {
            crate::host::TypeKind::String | crate::host::TypeKind::Reference => value.is_null(),
            crate::host::TypeKind::Other | crate::host::TypeKind::Void => false,
            // A value-type field comes back boxed.
            _ => !value.is_null() && is_default(value, depth + 1),
        }
    })
}

/// How many collections ran (`GC.CollectionCount(0)`: every collection collects generation 0).
pub(crate) fn collections() -> Result<u64> {
    /// `GC.CollectionCount` and `System.Int32`, found once (corlib is never unloaded).
    static FOUND: std::sync::OnceLock<(Method, Class)> = std::sync::OnceLock::new();
    let (count, int32) = match FOUND.get() {
        Some(found) => *found,
        None => {
            let corlib = runtime().corlib_types().mscorlib;
            let count = corlib
                .class("System", "GC")?
                .method("CollectionCount", &["System.Int32"])?;
            let int32 = corlib.class("System", "Int32")?;
            *FOUND.get_or_init(|| (count, int32))
        }
    };
    let args = array_new(Class::object(), 1)?;
    array_set(args, 0, box_bytes(int32, &0i32.to_le_bytes())?)?;
    let bytes = unboxed_bytes(invoke(count, ObjectRef::NULL, args)?)?;
    let bytes: [u8; 4] = bytes
        .try_into()
        .map_err(|_| Error::Unsupported("GC.CollectionCount returned no int".into()))?;
    Ok(u64::try_from(i32::from_le_bytes(bytes)).unwrap_or(0))
}

/// Empties the calling thread's ring of temporaries (`SlotTable.ReleaseTemporaries`), between
/// its calls.
pub(crate) fn release_temporaries() -> Result<()> {
    /// `SlotTable.ReleaseTemporaries`, found once per unit (the unit it was found in first).
    static FOUND: std::sync::Mutex<Option<(u32, Method)>> = std::sync::Mutex::new(None);
    let epoch = crate::host::unit::epoch();
    let mut found = FOUND.lock().unwrap_or_else(|p| p.into_inner());
    let release = match *found {
        Some((e, method)) if e == epoch => method,
        _ => {
            let method = super::assemblies::helper()?
                .class("Cilbind", "SlotTable")?
                .method("ReleaseTemporaries", &[])?;
            *found = Some((epoch, method));
            method
        }
    };
    drop(found);
    invoke(release, ObjectRef::NULL, ObjectRef::NULL).map(|_| ())
}

/// Runs a full garbage collection (`GC.Collect()`, after the helper empties the thread slots of
/// threads that exited: see `SlotTable.CollectGarbage`).
pub(crate) fn collect_garbage() {
    let collected = (|| -> Result<()> {
        // The helper's: it empties exited threads' slots first.
        let collect = super::assemblies::helper()?
            .class("Cilbind", "SlotTable")?
            .method("CollectGarbage", &[])?;
        invoke(collect, ObjectRef::NULL, ObjectRef::NULL).map(|_| ())
    })();
    if let Err(e) = collected {
        log::error!(target: "cilbind", "GC.Collect() failed on CoreCLR: {e}");
    }
}
