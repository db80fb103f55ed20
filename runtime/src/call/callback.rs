//! Calls from C# into Rust: a [`Callback`] is a managed delegate (of any delegate type) whose
//! invocation runs a Rust closure, so Rust code can subscribe to events or be passed where C#
//! takes an `Action<…>`/`Func<…>`.
//!
//! Arguments and the result cross as [`Value`]s, the reflective path's tagged values. The
//! closure lives in a registry under a generation-checked key; the delegate carries only the
//! key, so invoking a delegate whose `Callback` was dropped throws `ObjectDisposedException`
//! in C# instead of running freed code. A closure that returns `Err` makes the delegate throw
//! `InvalidOperationException` with the error's text; a panic is caught before it can unwind
//! into managed code, and throws too. `ref`/`out` parameters of the delegate are passed in but
//! not written back.

use std::sync::{Arc, LazyLock, Mutex};

use slotmap::{DefaultKey, Key, KeyData, SlotMap};

use crate::call::invoke::Value;
use crate::error::{Error, Result};
use crate::host::callback::{create_delegate, Outcome};
use crate::host::{raw, Class, RawObject, TypeKind};
use crate::value::string::decode_utf16;
use crate::value::{ManagedType, Object, Reference};

/// The closure behind a callback.
type Closure = Box<dyn FnMut(&[Value]) -> Result<Value> + Send>;

static REGISTRY: LazyLock<Mutex<SlotMap<DefaultKey, Arc<Mutex<Closure>>>>> = LazyLock::new(Default::default);

/// A managed delegate that runs a Rust closure. Keep it alive while C# may invoke the
/// delegate (for example while it is subscribed to an event); dropping it makes later
/// invocations throw `ObjectDisposedException` in C#.
pub struct Callback {
    key: DefaultKey,
    delegate: Object,
}

impl Callback {
    /// A delegate of type `D` (a generated delegate wrapper, for example) running `f` with the
    /// delegate's arguments; `f`'s result is the delegate's return value (`Value::Void` or
    /// `Value::Null` for `void`).
    pub fn new<D: ManagedType>(f: impl FnMut(&[Value]) -> Result<Value> + Send + 'static) -> Result<Callback> {
        Self::with_class(D::class()?, f)
    }

    /// As [`Callback::new`], for a delegate class found at run time.
    pub fn with_class(
        delegate_class: Class,
        f: impl FnMut(&[Value]) -> Result<Value> + Send + 'static,
    ) -> Result<Callback> {
        let delegate_base = crate::Runtime::get()?.corlib().class("System", "MulticastDelegate")?;
        if delegate_class == delegate_base || !delegate_base.is_assignable_from(delegate_class) {
            return Err(Error::InvalidCast {
                from: delegate_class.full_name(),
                to: "a delegate type".into(),
            });
        }
        let key = REGISTRY
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(Arc::new(Mutex::new(Box::new(f))));
        let raw = match create_delegate(delegate_class, key.data().as_ffi() as i64, run) {
            Ok(raw) => raw,
            Err(e) => {
                REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).remove(key);
                return Err(e);
            }
        };
        let delegate = Object::from_raw(raw).ok_or_else(|| Error::NullReference("no delegate was made".into()))?;
        Ok(Callback { key, delegate })
    }

    /// The delegate as the typed handle `D` (checked).
    pub fn delegate<D: Reference>(&self) -> Result<D> {
        self.delegate.cast::<D>()
    }

    /// The delegate object.
    pub fn as_object(&self) -> &Object {
        &self.delegate
    }

    /// Number of live callbacks (for leak tests).
    pub fn live() -> usize {
        REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

impl Drop for Callback {
    fn drop(&mut self) {
        REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).remove(self.key);
    }
}

impl std::fmt::Debug for Callback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Callback({:?})", self.delegate)
    }
}

/// The dispatcher's handler: finds the closure, converts the arguments, runs it.
fn run(key: i64, args: RawObject) -> Outcome {
    let key = DefaultKey::from(KeyData::from_ffi(key as u64));
    let Some(closure) = REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).get(key).cloned() else {
        return Outcome::Dropped;
    };
    let result = (|| {
        let values = arguments(args)?;
        let mut f = closure
            .try_lock()
            .map_err(|_| Error::Unsupported("a callback called itself re-entrantly".into()))?;
        let value = f(&values)?;
        to_object(value)
    })();
    match result {
        Ok(v) => Outcome::Done(v),
        Err(e) => {
            // A message too long for a .NET string says so instead (a message is never
            // silently cut).
            let message = raw::string_from_str(&e.to_string())
                .or_else(|too_long| raw::string_from_str(&too_long.to_string()))
                .unwrap_or(RawObject::NULL);
            Outcome::Failed(message)
        }
    }
}

/// Drops every callback's closure (a reload: the delegates belong to the unit about to be
/// unloaded, see `host/unit.rs`) and returns how many there were. A `Callback` kept past
/// the reload holds a stale delegate handle; dropping it is harmless.
pub(crate) fn release_all() -> usize {
    let closures: Vec<_> = {
        let mut registry = REGISTRY.lock().unwrap_or_else(|p| p.into_inner());
        registry.drain().map(|(_, c)| c).collect()
    };
    // Dropped after the lock is released: a closure's `Drop` may make or drop callbacks.
    let count = closures.len();
    drop(closures);
    count
}

/// The delegate's arguments (an `object[]`) as values: primitives by value, strings decoded,
/// anything else (boxed enums and structs included) as an object handle.
fn arguments(args: RawObject) -> Result<Vec<Value>> {
    (0..raw::array_len(args))
        .map(|i| {
            let arg = raw::array_get_ref(args, i)?;
            let Some(class) = arg.class() else {
                return Ok(Value::Null);
            };
            Ok(match class.kind() {
                TypeKind::String => Value::String(decode_utf16(&raw::string_units(arg))?),
                kind => match Value::from_bits(kind, raw::primitive_box_bits(arg)) {
                    Some(v) if !class.is_enum() => v,
                    _ => Value::Object(Object::from_raw(arg).expect("non-null")),
                },
            })
        })
        .collect()
}

/// The closure's result as an object (boxed for primitives) for the delegate to return.
fn to_object(value: Value) -> Result<RawObject> {
    fn boxed<V: crate::host::Blittable>(v: V) -> Result<RawObject> {
        raw::box_value(&v)
    }
    match value {
        Value::Void | Value::Null => Ok(RawObject::NULL),
        Value::String(s) => raw::string_from_str(&s),
        Value::Object(o) => o.raw(),
        Value::Boolean(v) => boxed(crate::Boolean::new(v)),
        Value::Char(v) => boxed(crate::Char(v)),
        Value::SByte(v) => boxed(v),
        Value::Byte(v) => boxed(v),
        Value::Int16(v) => boxed(v),
        Value::UInt16(v) => boxed(v),
        Value::Int32(v) => boxed(v),
        Value::UInt32(v) => boxed(v),
        Value::Int64(v) => boxed(v),
        Value::UInt64(v) => boxed(v),
        Value::Single(v) => boxed(v),
        Value::Double(v) => boxed(v),
        Value::IntPtr(v) => boxed(v),
        Value::UIntPtr(v) => boxed(v),
    }
}
