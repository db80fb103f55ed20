//! Spans over a connection: the server's side. A client sends a slice lent to a `Span<T>` or
//! `ReadOnlySpan<T>` parameter as the elements' bytes, named by their type
//! (`values::span_elements`). A span cannot be boxed into the reflective call a server makes,
//! so the method runs through the same trampoline a local call takes (it makes each span from
//! a (data, length) pair), invoked with the pairs of copies the server lends for the call
//! ([`LentSpans`]): C# sees memory of the server's, never the managed heap. What C# left in a
//! writable span goes back to the client with the call's by-ref arguments, and the client
//! copies it into its slice.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::call::span::LentSpans;
use crate::call::{FunctionId, Recorded, Value};
use crate::error::{Error, Result};
use crate::host::entry::build_trampoline;
use crate::host::plain::{holds_references, unboxed_bytes};
use crate::host::{type_class, type_kind, Class, EpochCell, Method, TypeHandle, RETURN_BOXED};
use crate::record::rebuild::class_named;
use crate::value::Object;

/// The span parameters of a method: a bit per parameter, as the trampoline takes them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct SpanParams(i64);

impl SpanParams {
    /// The span parameters among `params` (none for most methods).
    pub(crate) fn of(params: &[TypeHandle]) -> Result<SpanParams> {
        let mut bits = 0i64;
        for (i, &ty) in params.iter().enumerate() {
            if span_element(ty).is_none() {
                continue;
            }
            if i >= 59 || type_kind(ty).1 {
                return Err(Error::Unsupported(format!(
                    "parameter {i} ({}) is a span passed by reference or past the 59th: no trampoline takes it",
                    crate::host::type_name(ty)
                )));
            }
            bits |= 1 << i;
        }
        Ok(SpanParams(bits))
    }

    /// True when the method has none.
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when parameter `i` is one.
    pub(crate) fn contains(self, i: usize) -> bool {
        i < 64 && self.0 & (1 << i) != 0
    }
}

/// `T` of a `Span<T>`/`ReadOnlySpan<T>` parameter type, and whether C# may write the span.
fn span_element(ty: TypeHandle) -> Option<(Class, bool)> {
    type_class(ty).and_then(Class::span_element)
}

/// The argument for the span parameter `at` (of type `ty`) from what the client sent: a copy
/// of the elements lent for the call, once their type is checked to be the span's.
pub(crate) fn lend(lent: &mut LentSpans, at: usize, ty: TypeHandle, sent: &Recorded) -> Result<Value> {
    let (element, _) = span_element(ty).ok_or_else(|| Error::InvalidArgument(format!("parameter {at} is no span")))?;
    let Recorded::Struct {
        assembly,
        type_name,
        bytes,
    } = sent
    else {
        return Err(Error::InvalidArgument(format!(
            "{sent} sent for a {}: a span's elements cross as their bytes",
            crate::host::type_name(ty)
        )));
    };
    let named = class_named(assembly, type_name)
        .map_err(|e| Error::InvalidArgument(format!("elements of {type_name} sent for a span: {e}")))?;
    if named != element {
        return Err(Error::InvalidArgument(format!(
            "a slice of {} sent for a {}",
            named.full_name(),
            crate::host::type_name(ty)
        )));
    }
    let size = element.value_size().0;
    let count = match bytes.len().checked_div(size) {
        Some(count) if count * size == bytes.len() => count,
        _ => {
            return Err(Error::InvalidArgument(format!(
                "{} bytes are no whole number of {} ({size} bytes)",
                bytes.len(),
                element.full_name()
            )))
        }
    };
    let count = i32::try_from(count)
        .map_err(|_| Error::InvalidArgument(format!("a span holds at most {} elements, not {count}", i32::MAX)))?;
    Ok(lent.span(at, bytes, count))
}

/// Refuses a struct's span method called on `this` sent as an object (a box the server holds):
/// the trampoline takes a struct's `this` by pointer, so it would run on a copy, and the box
/// would not change as the client expects of a method called on it.
pub(crate) fn refuse_held_struct(method: Method, this: &Recorded) -> Result<()> {
    if method.class().is_value_type() && matches!(this, Recorded::Object { .. }) {
        return Err(Error::Unsupported(format!(
            "{} takes a span: over a connection, a struct's such method is called on the struct's value, not on \
             a box the server holds",
            method.qualified_name()
        )));
    }
    Ok(())
}

/// What C# left in each writable span lent for a call of `method` (of parameters `params`), as
/// the by-ref arguments a client writes back (by position, `this` counted when `with_this`).
pub(crate) fn written_back(
    lent: &LentSpans,
    method: Method,
    params: &[TypeHandle],
    with_this: bool,
) -> Result<Vec<(u16, Recorded)>> {
    let writable = |i: usize| params.get(i).and_then(|&ty| span_element(ty)).is_some_and(|(_, w)| w);
    lent.written(writable)
        .into_iter()
        .map(|(i, bytes)| {
            let at = u16::try_from(i + usize::from(with_this))
                .map_err(|_| Error::InvalidArgument(format!("{} has too many parameters", method.qualified_name())))?;
            let elements = Recorded::Struct {
                assembly: String::new(),
                type_name: String::new(),
                bytes,
            };
            Ok((at, elements))
        })
        .collect()
}

/// What a call through a span trampoline returned: its result, and a struct's `this` as the
/// call left it.
pub(crate) struct Ran {
    pub(crate) value: Value,
    pub(crate) this: Option<Object>,
}

/// Runs `method` (the client's function `id`; a constructor when `constructing`) through its
/// span trampoline on `this` and `args`, whose spans `lent` holds. `args` holds what the call
/// left in by-ref arguments afterwards.
pub(crate) fn call(
    id: FunctionId,
    method: Method,
    constructing: bool,
    this: Option<&Object>,
    args: &mut Vec<Value>,
    lent: &mut LentSpans,
) -> Result<Ran> {
    let trampoline = trampoline(id, method, constructing)?;
    let class = method.class();
    // The trampoline is static: `this` is its first argument, a struct's by pointer.
    let first = match this {
        None => None,
        Some(this) if class.is_value_type() => {
            if holds_references(class) {
                return Err(Error::Unsupported(format!(
                    "{} takes a span, and its struct holds references: such a method cannot be called over a \
                     connection",
                    method.qualified_name()
                )));
            }
            Some(lent.this(&unboxed_bytes(this.raw()?)?))
        }
        Some(this) => Some(Value::Object(this.try_clone()?)),
    };
    let with_this = first.is_some();
    let mut all: Vec<Value> = first.into_iter().chain(args.drain(..)).collect();
    let value = lent.invoke(trampoline, &mut all, with_this);
    args.extend(all.into_iter().skip(usize::from(with_this)));
    let value = value?;
    let this = match lent.this_bytes() {
        Some(bytes) => Some(super::session::value_of_class(class, &bytes)?),
        None => None,
    };
    Ok(Ran { value, this })
}

/// The trampoline of the client's function `id`, built once per unit.
fn trampoline(id: FunctionId, method: Method, constructing: bool) -> Result<Method> {
    static BUILT: EpochCell<Mutex<HashMap<FunctionId, Method>>> = EpochCell::new();
    let built = BUILT.get_or_try_init(|| Ok::<_, Error>(Mutex::new(HashMap::new())))?;
    if let Some(&trampoline) = built.lock().unwrap_or_else(|p| p.into_inner()).get(&id) {
        return Ok(trampoline);
    }
    let signature = method.signature()?;
    let spans = SpanParams::of(&signature.params)?;
    if !constructing && (type_kind(signature.ret).1 || span_element(signature.ret).is_some()) {
        return Err(Error::Unsupported(format!(
            "{} returns a reference or a span, which cannot cross to a remote runtime",
            method.qualified_name()
        )));
    }
    // A struct's constructor as a method returning the new value boxed; a class's returns
    // the new object.
    let mask = if constructing && method.class().is_value_type() {
        RETURN_BOXED
    } else {
        0
    };
    let trampoline = build_trampoline(method, mask, spans.0)?;
    built.lock().unwrap_or_else(|p| p.into_inner()).insert(id, trampoline);
    Ok(trampoline)
}
