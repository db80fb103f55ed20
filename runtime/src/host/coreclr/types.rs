//! The backend interface's metadata queries on CoreCLR: [`Class`], [`Method`], [`Field`] and
//! [`TypeHandle`] are interned GC handles of `Type`, `MethodBase` and `FieldInfo` objects,
//! answered from the records `metadata.rs` reads once per handle.
//!
//! Every handle given to the layers above has had its record read successfully first
//! ([`class`], [`method`], [`field`], [`type_handle`]): a type the runtime cannot describe is an
//! error where it is first met, and the record of a handle already handed out is in the cache,
//! so the infallible queries below read it without a way to fail. The one exception is the
//! class of an object ([`class_of_object`], on every call's type check), whose record is read
//! on first use: the type of a live object is one the runtime describes.

use std::ffi::c_void;
use std::ptr::NonNull;

use super::bridge::ManagedHandle;
use super::metadata::{FieldFacts, MethodFacts, TypeFacts};
use super::runtime;
use crate::error::{Error, Result};
use crate::host::{Class, Field, Method, Signature, TypeHandle, TypeKind};

fn handle(p: NonNull<c_void>) -> ManagedHandle {
    ManagedHandle(p.as_ptr())
}

fn non_null(h: ManagedHandle) -> Result<NonNull<c_void>> {
    NonNull::new(h.0).ok_or_else(|| Error::Unsupported("CoreCLR returned a null metadata handle".into()))
}

/// The class of handle `h`, its record read.
pub(crate) fn class(h: ManagedHandle) -> Result<Class> {
    runtime().type_facts(h)?;
    Ok(Class(non_null(h)?))
}

/// The class of handle `h`, which the runtime made for a live object's type: its record is
/// read when a query first needs it (see [`facts`]).
#[inline]
pub(crate) fn class_of_object(h: ManagedHandle) -> Option<Class> {
    NonNull::new(h.0).map(Class)
}

/// The signature type of handle `h`, its record read.
pub(crate) fn type_handle(h: ManagedHandle) -> Result<TypeHandle> {
    runtime().type_facts(h)?;
    Ok(TypeHandle(non_null(h)?))
}

/// The method of handle `h`, its record and its class's read.
pub(crate) fn method(h: ManagedHandle) -> Result<Method> {
    let facts = runtime().method_facts(h)?;
    runtime().type_facts(facts.class)?;
    Ok(Method(non_null(h)?))
}

/// The field of handle `h`, its record, its class's and its type's read.
pub(crate) fn field(h: ManagedHandle) -> Result<Field> {
    let facts = runtime().field_facts(h)?;
    runtime().type_facts(facts.ty)?;
    Ok(Field {
        handle: non_null(h)?,
        class: class(facts.class)?,
    })
}

/// The handle of a class, for the bridge.
pub(crate) fn of_class(c: Class) -> ManagedHandle {
    handle(c.0)
}

/// The handle of a method, for the bridge.
pub(crate) fn of_method(m: Method) -> ManagedHandle {
    handle(m.0)
}

/// The handle of a field, for the bridge.
pub(crate) fn of_field(f: Field) -> ManagedHandle {
    handle(f.handle)
}

/// The record of a handle handed out, read before (see the module's comment); a failure
/// here would mean the cache lost it, which it never does: logged, and an empty record.
fn known<T: 'static>(read: Result<&'static T>, empty: &'static T) -> &'static T {
    read.unwrap_or_else(|e| {
        log::error!(target: "cilbind", "a CoreCLR metadata record could not be read again: {e}");
        empty
    })
}

static EMPTY_TYPE: TypeFacts = TypeFacts::empty();
static EMPTY_METHOD: MethodFacts = MethodFacts::EMPTY;
static EMPTY_FIELD: FieldFacts = FieldFacts::EMPTY;

/// What class `c` is.
pub(crate) fn facts(c: Class) -> &'static TypeFacts {
    known(runtime().type_facts(handle(c.0)), &EMPTY_TYPE)
}

/// What signature type `t` is.
pub(crate) fn type_facts(t: TypeHandle) -> &'static TypeFacts {
    known(runtime().type_facts(handle(t.0)), &EMPTY_TYPE)
}

/// What method `m` is.
pub(crate) fn method_facts(m: Method) -> &'static MethodFacts {
    known(runtime().method_facts(handle(m.0)), &EMPTY_METHOD)
}

/// What field `f` is.
pub(crate) fn field_facts(f: Field) -> &'static FieldFacts {
    known(runtime().field_facts(handle(f.handle)), &EMPTY_FIELD)
}

/// The class a record names (its base, element, nesting type…), if it names one the runtime
/// can describe.
pub(crate) fn related(h: Option<ManagedHandle>) -> Option<Class> {
    h.and_then(|h| class(h).ok())
}

/// `System.Object`.
pub(crate) fn object() -> Class {
    runtime().corlib_types().object
}

/// `System.String`.
pub(crate) fn string() -> Class {
    runtime().corlib_types().string
}

/// `System.Exception`.
pub(crate) fn exception() -> Class {
    runtime().corlib_types().exception
}

/// `Span<T>` / `ReadOnlySpan<T>` of the class library: `T` and whether it is writable.
pub(crate) fn span_element(c: Class) -> Option<(Class, bool)> {
    let facts = facts(c);
    let mutable = match facts.name {
        "Span`1" => true,
        "ReadOnlySpan`1" => false,
        _ => return None,
    };
    if facts.namespace != "System" || facts.assembly != "System.Private.CoreLib" {
        return None;
    }
    let item = c.method("get_Item", &["System.Int32"]).ok()?;
    type_class(item.signature().ok()?.ret).map(|e| (e, mutable))
}

/// Every interface `c` implements.
pub(crate) fn interfaces(c: Class) -> Vec<Class> {
    runtime()
        .interfaces(handle(c.0))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|h| class(h).ok())
        .collect()
}

/// The nested type `name` of `c`.
pub(crate) fn nested(c: Class, name: &str) -> Option<Class> {
    runtime()
        .nested(handle(c.0), name)
        .ok()
        .flatten()
        .and_then(|h| class(h).ok())
}

/// True when a value of `from` may be stored in a location of `to`.
pub(crate) fn is_assignable(to: Class, from: Class) -> bool {
    runtime().is_assignable(handle(to.0), handle(from.0))
}

/// The closed generic type `definition<args…>`.
pub(crate) fn instantiate(definition: Class, args: &[Class]) -> Result<Class> {
    let args: Vec<ManagedHandle> = args.iter().map(|c| handle(c.0)).collect();
    class(runtime().instantiate(handle(definition.0), &args)?)
}

/// The generic method definition `definition` closed over `args`. .NET checks the
/// definition's constraints there: a type argument that breaks one is
/// [`Error::InvalidArgument`] with .NET's message, as on Mono.
pub(crate) fn instantiate_method(definition: Method, args: &[Class]) -> Result<Method> {
    let handles: Vec<ManagedHandle> = args.iter().map(|c| handle(c.0)).collect();
    let instance = runtime()
        .instantiate(handle(definition.0), &handles)
        .map_err(|e| match e {
            Error::TypeLoad { reason, .. } => Error::InvalidArgument(format!(
                "{definition} with type arguments [{}]: {reason}",
                args.iter().map(|c| c.full_name()).collect::<Vec<_>>().join(", ")
            )),
            other => other,
        })?;
    method(instance)
}

/// The static method that runs `m` through its pointer trampoline (`mask`, `spans`): for a
/// constructor, one that returns the new object.
pub(crate) fn trampoline(m: Method, mask: i64, spans: i64) -> Result<Method> {
    method(runtime().trampoline(handle(m.0), mask, spans)?)
}

/// The array type `element[]`.
pub(crate) fn array_of(element: Class) -> Result<Class> {
    class(runtime().array_of(handle(element.0))?)
}

/// The methods and constructors `c` declares.
pub(crate) fn methods(c: Class) -> Vec<Method> {
    runtime()
        .methods(handle(c.0))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|h| method(h).ok())
        .collect()
}

/// The field `name` of `c` or its nearest base.
pub(crate) fn find_field(c: Class, name: &str) -> Result<Field> {
    field(runtime().find_field(handle(c.0), name)?)
}

/// A method's signature, every type's record read.
pub(crate) fn signature(m: Method) -> Result<Signature> {
    let facts = runtime().method_facts(handle(m.0))?;
    if let Some(reason) = &facts.unresolvable {
        return Err(Error::TypeLoad {
            member: m.qualified_name(),
            reason: reason.clone(),
        });
    }
    Ok(Signature {
        params: facts
            .params
            .iter()
            .map(|&p| type_handle(p))
            .collect::<Result<Vec<_>>>()?,
        ret: type_handle(facts.ret)?,
    })
}

/// The class that declares `m` (its record read when the method was).
pub(crate) fn method_class(m: Method) -> Class {
    let facts = method_facts(m);
    NonNull::new(facts.class.0).map_or_else(object, Class)
}

/// The name of a field's type.
pub(crate) fn field_type_name(f: Field) -> String {
    type_facts(field_type(f)).cil_name.to_owned()
}

/// A field's type (its record read when the field was).
pub(crate) fn field_type(f: Field) -> TypeHandle {
    let ty = field_facts(f).ty;
    TypeHandle(NonNull::new(ty.0).unwrap_or(f.handle))
}

/// The kind of a signature type and whether it is by reference (the kind of a by-ref type is
/// its element's).
pub(crate) fn type_kind(t: TypeHandle) -> (TypeKind, bool) {
    let facts = type_facts(t);
    (facts.kind, facts.is_by_ref())
}

/// The class of a signature type (a by-ref type's element class).
pub(crate) fn type_class(t: TypeHandle) -> Option<Class> {
    let facts = type_facts(t);
    if facts.is_by_ref() {
        related(facts.element)
    } else {
        class(handle(t.0)).ok()
    }
}
