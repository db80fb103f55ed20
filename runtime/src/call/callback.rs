//! Calls from C# into Rust: a [`Callback`] is a managed delegate (of any delegate type) whose
//! invocation runs a Rust closure, so Rust code can subscribe to events or be passed where C#
//! takes an `Action<…>`/`Func<…>`. [`FnDelegate`] is the typed form the generated `from_fn`
//! returns: the delegate handle and the closure behind it, owned together.
//!
//! Arguments and the result cross as [`Value`]s, the reflective path's tagged values. The
//! closure lives in a registry under a generation-checked key; the delegate carries only the
//! key, so invoking a delegate whose `Callback` was dropped throws `ObjectDisposedException`
//! in C# instead of running freed code. A closure that returns `Err` makes the delegate throw
//! `InvalidOperationException` with the error's text; a panic is caught before it can unwind
//! into managed code, and throws too. `ref`/`out` parameters of the delegate are passed in but
//! not written back.
//!
//! # Threads
//!
//! C# may invoke a delegate from any thread, several at once (an event raised on two threads).
//! An `Fn + Sync` closure ([`Callback::new`]) runs concurrently on each, and may be re-entered
//! (the closure calls C#, which invokes the delegate again): it only ever gets `&self`. An
//! `FnMut` closure ([`Callback::new_mut`]) runs one call at a time: a second thread waits for
//! the first to return. Re-entering it on the thread that is running it cannot wait (the
//! thread would wait for itself) and would alias its `&mut`, so that invocation throws
//! `InvalidOperationException` in C#, whose message says so; so does an invocation after the
//! closure panicked, whose state the panic may have left half-changed.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex};

use slotmap::{DefaultKey, Key, KeyData, SlotMap};

use crate::call::invoke::Value;
use crate::error::{Error, Result};
use crate::host::callback::{create_delegate, Outcome};
use crate::host::{array, raw, Class, ObjectRef, TypeKind};
use crate::value::string::decode_utf16;
use crate::value::{AsObject, Is, ManagedType, Object, Reference};

/// A closure that may run on several threads at once.
type SharedFn = Box<dyn Fn(&[Value]) -> Result<Value> + Send + Sync>;
/// A closure that runs one call at a time.
type ExclusiveFn = dyn FnMut(&[Value]) -> Result<Value> + Send;

/// A relay method's closure (`relay`): its result, and the new values of its by-ref
/// arguments by position.
pub(crate) type RelayFn = Box<dyn Fn(&[Value]) -> Result<(Value, Vec<(usize, Value)>)> + Send + Sync>;

/// The closure behind a callback.
enum Closure {
    /// `Fn + Sync`: called directly, concurrently and re-entrantly.
    Shared(SharedFn),
    /// `FnMut`: called under its lock, one call at a time.
    Exclusive(Exclusive<ExclusiveFn>),
    /// A relay method's: the dispatcher writes its by-ref values back into the arguments.
    Relay(RelayFn),
}

impl Closure {
    fn call(&self, values: &[Value]) -> Result<Value> {
        match self {
            Closure::Shared(f) => f(values),
            Closure::Exclusive(f) => f.run(|f| f(values)),
            Closure::Relay(f) => f(values).map(|(value, _)| value),
        }
    }
}

/// The closures of a relay's methods ([`relay`]): C# calls of the relay throw
/// `ObjectDisposedException` once this is dropped.
pub(crate) struct RelayClosures(Vec<DefaultKey>);

impl Drop for RelayClosures {
    fn drop(&mut self) {
        let removed: Vec<_> = {
            let mut registry = REGISTRY.lock().unwrap_or_else(|p| p.into_inner());
            self.0.iter().filter_map(|&key| registry.remove(key)).collect()
        };
        // Dropped after the lock is released: a closure's `Drop` may make or drop callbacks.
        drop(removed);
    }
}

/// A new relay: an object implementing the interface `target` whose methods, each named
/// `Name(parameters)` (as `signature_desc` spells them), run their closures (the C# helper's
/// `Cilbind.Relays`). Every method of the interface and of those it extends needs one.
pub(crate) fn relay(target: Class, members: Vec<(String, RelayFn)>) -> Result<(Object, RelayClosures)> {
    let mut closures = RelayClosures(Vec::with_capacity(members.len()));
    let mut lines = String::new();
    for (name, f) in members {
        // One line per member: a name that could start another line is no method's.
        if name.contains(['\t', '\n']) {
            return Err(Error::InvalidArgument(format!("{name:?} is no method name")));
        }
        let key = REGISTRY
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(Arc::new(Closure::Relay(f)));
        closures.0.push(key);
        lines.push_str(&format!("{}\t{name}\n", key.data().as_ffi() as i64));
    }
    let raw = crate::host::callback::create_relay(target, &lines, run)?;
    let relay = Object::from_raw(raw)?.ok_or_else(|| Error::NullReference("no relay was made".into()))?;
    Ok((relay, closures))
}

/// An `FnMut` closure that C# may invoke on several threads: run one call at a time, and
/// refused (not deadlocked) when invoked again from inside itself on the same thread, or after
/// it panicked. Shared by both kinds of delegates on Rust closures (this file's, and the typed
/// ones of `proxy/delegate.rs`).
pub(crate) struct Exclusive<F: ?Sized> {
    /// The [`thread_token`] of the thread running `f`, 0 when none is.
    running_on: AtomicUsize,
    f: Mutex<Box<F>>,
}

impl<F: ?Sized> Exclusive<F> {
    pub(crate) fn new(f: Box<F>) -> Exclusive<F> {
        Exclusive {
            running_on: AtomicUsize::new(0),
            f: Mutex::new(f),
        }
    }

    /// Runs `call` with the closure, once no other thread runs it.
    pub(crate) fn run<R>(&self, call: impl FnOnce(&mut F) -> Result<R>) -> Result<R> {
        let me = thread_token();
        // Only this thread ever stores its own token, and it clears it before it
        // releases the lock: equal means this thread is inside the closure now.
        if self.running_on.load(Ordering::Acquire) == me {
            return Err(Error::Unsupported(
                "an FnMut callback was invoked re-entrantly: C# invoked the delegate again, on the \
                 same thread, while its closure was still running (it cannot run twice at once; \
                 an Fn + Sync closure, `Callback::new` or the generated `from_fn`, can)"
                    .into(),
            ));
        }
        // Other threads wait their turn here.
        let mut f = self.f.lock().map_err(|_| {
            Error::Unsupported(
                "an FnMut callback was invoked after its closure panicked in an earlier call, which \
                 may have left its state half-changed; it is not run again"
                    .into(),
            )
        })?;
        /// Clears `running_on` when the call ends, by return or by panic, before the
        /// lock is released (locals drop in reverse order).
        struct Running<'a>(&'a AtomicUsize);
        impl Drop for Running<'_> {
            fn drop(&mut self) {
                self.0.store(0, Ordering::Release);
            }
        }
        self.running_on.store(me, Ordering::Release);
        let _running = Running(&self.running_on);
        call(&mut **f)
    }
}

/// A number that tells the current thread apart from every other live thread (the address of
/// a thread-local, never 0).
fn thread_token() -> usize {
    thread_local!(static TOKEN: Cell<u8> = const { Cell::new(0) });
    TOKEN.with(|t| t as *const Cell<u8> as usize)
}

static REGISTRY: LazyLock<Mutex<SlotMap<DefaultKey, Arc<Closure>>>> = LazyLock::new(Default::default);

/// A managed delegate that runs a Rust closure. Keep it alive while C# may invoke the
/// delegate (for example while it is subscribed to an event); dropping it makes later
/// invocations throw `ObjectDisposedException` in C#.
#[must_use = "dropping a Callback drops its closure: C# calls of the delegate then throw ObjectDisposedException"]
pub struct Callback {
    key: DefaultKey,
    delegate: Object,
    /// In a client of a remote runtime, the delegate type the server made the delegate of
    /// (which forwards C#'s invocations here); `None` for a local delegate.
    remote: Option<Box<crate::remote::TypeName>>,
    /// For a delegate on a typed closure (`proxy/delegate.rs`, whose closure is not in the
    /// registry): its key in the table of revocable values, revoked when this drops.
    typed: Option<i64>,
}

impl Callback {
    /// A delegate of type `D` (a generated delegate wrapper, for example) running `f` with the
    /// delegate's arguments; `f`'s result is the delegate's return value (`Value::Void` or
    /// `Value::Null` for `void`). C# may invoke it on several threads at once, and `f` then
    /// runs on each concurrently (see [`Callback::new_mut`] for a closure that needs `&mut`).
    ///
    /// In a client of a remote runtime ([`remote`](crate::remote)) the delegate is made on the
    /// server: C# invoking it during one of this client's calls runs `f` here, on the thread
    /// that made the call (`f`'s own calls run on the server meanwhile); invoked at any other
    /// time it throws `InvalidOperationException` there.
    pub fn new<D: ManagedType>(f: impl Fn(&[Value]) -> Result<Value> + Send + Sync + 'static) -> Result<Callback> {
        if crate::remote::connected() {
            return Self::make_remote(D::remote_type()?, Closure::Shared(Box::new(f)));
        }
        Self::with_class(D::class()?, f)
    }

    /// As [`Callback::new`] for an `FnMut` closure: concurrent invocations run one at a time
    /// (a second thread waits for the first); an invocation from inside the closure, on the
    /// same thread, throws `InvalidOperationException` in C# instead of running it.
    pub fn new_mut<D: ManagedType>(f: impl FnMut(&[Value]) -> Result<Value> + Send + 'static) -> Result<Callback> {
        if crate::remote::connected() {
            let closure = Closure::Exclusive(Exclusive::new(Box::new(f)));
            return Self::make_remote(D::remote_type()?, closure);
        }
        Self::with_class_mut(D::class()?, f)
    }

    /// As [`Callback::new`], for a delegate class found at run time.
    pub fn with_class(
        delegate_class: Class,
        f: impl Fn(&[Value]) -> Result<Value> + Send + Sync + 'static,
    ) -> Result<Callback> {
        Self::make(delegate_class, Closure::Shared(Box::new(f)))
    }

    /// As [`Callback::new_mut`], for a delegate class found at run time.
    pub fn with_class_mut(
        delegate_class: Class,
        f: impl FnMut(&[Value]) -> Result<Value> + Send + 'static,
    ) -> Result<Callback> {
        Self::make(delegate_class, Closure::Exclusive(Exclusive::new(Box::new(f))))
    }

    fn make(delegate_class: Class, closure: Closure) -> Result<Callback> {
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
            .insert(Arc::new(closure));
        let raw = match create_delegate(delegate_class, key.data().as_ffi() as i64, run) {
            Ok(raw) => raw,
            Err(e) => {
                REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).remove(key);
                return Err(e);
            }
        };
        let delegate = Object::from_raw(raw)?.ok_or_else(|| Error::NullReference("no delegate was made".into()))?;
        Ok(Callback {
            key,
            delegate,
            remote: None,
            typed: None,
        })
    }

    /// A callback whose delegate the server this process is a client of makes.
    fn make_remote(delegate_type: crate::remote::TypeName, closure: Closure) -> Result<Callback> {
        let key = REGISTRY
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(Arc::new(closure));
        match crate::remote::make_callback(delegate_type.clone(), key.data().as_ffi()) {
            Ok(delegate) => Ok(Callback {
                key,
                delegate,
                remote: Some(Box::new(delegate_type)),
                typed: None,
            }),
            Err(e) => {
                REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).remove(key);
                Err(e)
            }
        }
    }

    /// The callback of a delegate on a typed closure (`proxy/delegate.rs`): `delegate`, and
    /// its closure's key.
    pub(crate) fn typed(delegate: Object, key: i64) -> Callback {
        Callback {
            key: DefaultKey::null(),
            delegate,
            remote: None,
            typed: Some(key),
        }
    }

    /// The delegate as the typed handle `D` (checked).
    pub fn delegate<D: Reference>(&self) -> Result<D> {
        if let Some(made_as) = &self.remote {
            // The server made it of exactly this type; a remote handle is never read here.
            let wanted = D::remote_type()?;
            if wanted != **made_as {
                return Err(Error::InvalidCast {
                    from: made_as.name.clone(),
                    to: wanted.name,
                });
            }
            return crate::value::object::remote_as(self.delegate.try_clone()?);
        }
        self.delegate.cast::<D>()
    }

    /// The delegate object.
    pub fn as_object(&self) -> &Object {
        &self.delegate
    }

    /// Number of live callbacks' closures (for leak tests): those of delegates on typed
    /// closures (a generated `from_fn`) included, each until it is dropped.
    pub fn live() -> usize {
        REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).len() + crate::proxy::delegate::LIVE.load(Ordering::Relaxed)
    }
}

impl Drop for Callback {
    fn drop(&mut self) {
        if let Some(key) = self.typed {
            crate::host::revocable::revoke(key);
            return;
        }
        if self.remote.is_some() {
            crate::remote::forget_callback(self.key.data().as_ffi());
        }
        let closure = REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).remove(self.key);
        // Dropped after the lock is released: a closure's `Drop` may make or drop callbacks.
        drop(closure);
    }
}

impl std::fmt::Debug for Callback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Callback({:?})", self.delegate)
    }
}

/// A delegate of type `D` together with the Rust closure it runs: what a generated delegate
/// type's `from_fn` returns. It dereferences to the delegate handle, so pass `Some(&*d)` (or
/// `Some(d.delegate())`) where a `D` is taken and call `d.invoke(…)` directly; C# may keep
/// the delegate (an event subscription) as long as this value lives. Dropping it drops the
/// closure, after which C# invocations throw `ObjectDisposedException`; so the closure cannot
/// be dropped by accident while its delegate is in hand, as `let (d, _) = …` once did.
#[must_use = "dropping an FnDelegate drops its closure: C# calls of the delegate then throw ObjectDisposedException"]
pub struct FnDelegate<D> {
    delegate: D,
    callback: Callback,
}

impl<D: Reference> FnDelegate<D> {
    /// A delegate of type `D` running `f` (concurrently when C# invokes it on several threads
    /// at once), as [`Callback::new`].
    pub fn new(f: impl Fn(&[Value]) -> Result<Value> + Send + Sync + 'static) -> Result<FnDelegate<D>> {
        Self::of(Callback::new::<D>(f)?)
    }

    /// A delegate of type `D` running the `FnMut` closure `f` one call at a time, as
    /// [`Callback::new_mut`].
    pub fn new_mut(f: impl FnMut(&[Value]) -> Result<Value> + Send + 'static) -> Result<FnDelegate<D>> {
        Self::of(Callback::new_mut::<D>(f)?)
    }

    pub(crate) fn of(callback: Callback) -> Result<FnDelegate<D>> {
        Ok(FnDelegate {
            delegate: callback.delegate::<D>()?,
            callback,
        })
    }
}

impl<D> FnDelegate<D> {
    /// The delegate handle.
    pub fn delegate(&self) -> &D {
        &self.delegate
    }

    /// The callback that keeps the closure.
    pub fn callback(&self) -> &Callback {
        &self.callback
    }

    /// The callback alone (it keeps the closure, and gives the delegate back with
    /// [`Callback::delegate`]): for a collection of callbacks of several delegate types.
    pub fn into_callback(self) -> Callback {
        self.callback
    }
}

impl<D> std::ops::Deref for FnDelegate<D> {
    type Target = D;
    fn deref(&self) -> &D {
        &self.delegate
    }
}

impl<D: Reference> AsObject for FnDelegate<D> {
    fn object(&self) -> &Object {
        self.delegate.as_object()
    }
}

/// Passes as its delegate: `Some(&d)` where a binding takes `Option<&dyn Is<D>>` (or a base
/// type of `D`).
impl<T: Reference, D: Reference + Is<T>> Is<T> for FnDelegate<D> {}

impl<D> std::fmt::Debug for FnDelegate<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FnDelegate({:?})", self.callback.delegate)
    }
}

/// Runs the closure with `key` (a client of a remote runtime's, which the server calls back)
/// on `args`; `None` when it was dropped.
pub(crate) fn run_values(key: u64, args: &[Value]) -> Option<Result<Value>> {
    let key = DefaultKey::from(KeyData::from_ffi(key));
    let closure = REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).get(key).cloned()?;
    // A panic stops here, as the dispatcher's does: C# sees an exception.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| closure.call(args)));
    Some(result.unwrap_or_else(|_| {
        Err(Error::Unsupported(
            "the Rust closure behind this delegate panicked".into(),
        ))
    }))
}

/// The dispatcher's handler: finds the closure, converts the arguments, runs it.
fn run(key: i64, args: ObjectRef) -> Outcome {
    let key = DefaultKey::from(KeyData::from_ffi(key as u64));
    let Some(closure) = REGISTRY.lock().unwrap_or_else(|p| p.into_inner()).get(key).cloned() else {
        return Outcome::Dropped;
    };
    let result = (|| {
        let values = arguments(args)?;
        let value = match &*closure {
            Closure::Relay(f) => {
                let (value, after) = f(&values)?;
                // Where the relay method reads its `ref`/`out` arguments back from.
                for (at, value) in after {
                    array::array_set_ref(args, at, to_object(value)?)?;
                }
                value
            }
            other => other.call(&values)?,
        };
        to_object(value)
    })();
    match result {
        Ok(v) => Outcome::Done(v),
        Err(e) => {
            // A message too long for a .NET string says so instead (a message is never
            // silently cut).
            let message = raw::string_from_str(&e.to_string())
                .or_else(|too_long| raw::string_from_str(&too_long.to_string()))
                .unwrap_or(ObjectRef::NULL);
            Outcome::Failed(message)
        }
    }
}

/// Drops every callback's closure, the typed delegates' too (a reload: the delegates belong to
/// the unit about to be unloaded, see `host/mono/unit.rs`) and returns how many there were. A `Callback` kept past
/// the reload holds a stale delegate handle; dropping it is harmless.
pub(crate) fn release_all() -> usize {
    let typed = crate::host::revocable::revoke_all();
    let closures: Vec<_> = {
        let mut registry = REGISTRY.lock().unwrap_or_else(|p| p.into_inner());
        registry.drain().map(|(_, c)| c).collect()
    };
    // Dropped after the lock is released: a closure's `Drop` may make or drop callbacks.
    let count = closures.len();
    drop(closures);
    count + typed
}

/// The delegate's arguments (an `object[]`) as values: primitives by value, strings decoded,
/// anything else (boxed enums and structs included) as an object handle.
fn arguments(args: ObjectRef) -> Result<Vec<Value>> {
    (0..array::array_len(args)?)
        .map(|i| {
            let arg = array::array_get_ref(args, i)?;
            let Some(class) = arg.class() else {
                return Ok(Value::Null);
            };
            Ok(match class.kind() {
                TypeKind::String => Value::String(decode_utf16(&raw::string_units(arg)?)?),
                kind => match Value::from_bits(kind, raw::primitive_box_bits(arg)?) {
                    Some(v) if !class.is_enum() => v,
                    _ => Value::Object(Object::from_raw(arg)?.expect("non-null")),
                },
            })
        })
        .collect()
}

/// A value as an object: a primitive boxed, a string as a new string object, `None` for
/// null and `void` (a generic delegate's `object` argument, `T` a reference type).
pub(crate) fn object_of(value: Value) -> Result<Option<Object>> {
    match value {
        // Already a handle (a remote one included, which no local conversion could read).
        Value::Object(o) => Ok(Some(o)),
        other => Object::from_raw(to_object(other)?),
    }
}

/// The closure's result as an object (boxed for primitives) for the delegate to return.
fn to_object(value: Value) -> Result<ObjectRef> {
    fn boxed<V: crate::Blittable>(v: V) -> Result<ObjectRef> {
        raw::box_value(&v)
    }
    match value {
        Value::Void | Value::Null => Ok(ObjectRef::NULL),
        Value::String(s) => raw::string_from_str(&s),
        Value::Object(o) => o.raw()?.detached(),
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
