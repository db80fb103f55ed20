//! Lazily resolved references to types, methods and fields, declared as `static`s (by
//! generated code and by the runtime itself) and resolved on first use, then cached.
//! A failed lookup is not cached: an assembly loaded later can still satisfy it.

use crate::call::field_trace::{self, describe_nullable, describe_reference, describe_string, describe_struct, Access};
use crate::call::function_db::FunctionDb;
use crate::call::recorded::{describe_blittable, describe_object, Recorded};
use crate::call::shim::{NativeSignature, Thunk};
use crate::call::trace::recording;
use crate::call::type_check::ClassCheck;
use crate::error::Result;
use crate::host::fields::{self, FieldHost};
use crate::host::type_init::{self, Statics};
use crate::host::{self, entry, Class, EpochCell, Field, Method, ObjectRef, Runtime};
use crate::value::Blittable;

/// A .NET type named by assembly, namespace and name (nested: `Outer/Inner`), or computed
/// by a function (closed generic instantiations such as `List<Int32>`).
pub struct TypeRef {
    source: TypeSource,
    /// Resolved once per unit (a reload resolves it again, see `host/mono/unit.rs`).
    class: EpochCell<Class>,
}

enum TypeSource {
    Named {
        assembly: &'static str,
        namespace: &'static str,
        name: &'static str,
    },
    Computed(fn() -> Result<Class>),
}

impl TypeRef {
    /// A reference to `namespace.name` in the assembly with simple name `assembly`.
    pub const fn new(assembly: &'static str, namespace: &'static str, name: &'static str) -> Self {
        TypeRef {
            source: TypeSource::Named {
                assembly,
                namespace,
                name,
            },
            class: EpochCell::new(),
        }
    }

    /// A type whose class `class` computes (once), e.g.
    /// `<List<Int32> as ManagedType>::class` for a closed generic instantiation.
    pub const fn computed(class: fn() -> Result<Class>) -> Self {
        TypeRef {
            source: TypeSource::Computed(class),
            class: EpochCell::new(),
        }
    }

    /// The class, resolved on first use (and again after a reload).
    #[inline]
    pub fn class(&self) -> Result<Class> {
        self.class
            .get_or_try_init(|| match self.source {
                TypeSource::Named {
                    assembly,
                    namespace,
                    name,
                } => Runtime::get()?.assembly(assembly)?.class(namespace, name),
                TypeSource::Computed(f) => f(),
            })
            .copied()
    }
}

/// How a method is called on the raw path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CallPath {
    /// Mono's unmanaged thunk of the method itself.
    Thunk,
    /// A trampoline that takes the parameters in `mask` by pointer and makes the spans in
    /// `spans` from (data, length) pairs (see `Cilbind.Trampolines`).
    Trampoline { mask: i64, spans: i64 },
}

impl CallPath {
    /// The same path through a trampoline that also makes the spans in `spans`.
    pub(crate) const fn with_spans(self, spans: i64) -> Self {
        let mask = match self {
            CallPath::Thunk => 0,
            CallPath::Trampoline { mask, .. } => mask,
        };
        CallPath::Trampoline { mask, spans }
    }
}

/// A method named by its type, name and parameter types (as Mono names them:
/// `System.Int32`, `System.Int32&`, `System.String[]`), and optionally its return type (see
/// [`MethodRef::returning`]), with its raw-call entry point cached after the first call.
pub struct MethodRef {
    ty: &'static TypeRef,
    name: &'static str,
    params: &'static [&'static str],
    ret: Option<&'static str>,
    path: CallPath,
    /// Resolved once per unit (a reload resolves it again, see `host/mono/unit.rs`).
    thunk: EpochCell<Thunk>,
}

impl MethodRef {
    /// A method called through Mono's unmanaged thunk.
    pub const fn new(ty: &'static TypeRef, name: &'static str, params: &'static [&'static str]) -> Self {
        MethodRef {
            ty,
            name,
            params,
            ret: None,
            path: CallPath::Thunk,
            thunk: EpochCell::new(),
        }
    }

    /// A method called through a pointer trampoline: bit `i` of `mask` passes parameter `i`
    /// (a blittable struct) by pointer instead of boxed;
    /// [`THIS_BY_POINTER`](crate::THIS_BY_POINTER) and
    /// [`RETURN_BY_POINTER`](crate::RETURN_BY_POINTER) do the same for a struct `this` and
    /// return value. Constructors of structs always return through the pointer.
    pub const fn by_pointer(
        ty: &'static TypeRef,
        name: &'static str,
        params: &'static [&'static str],
        mask: i64,
    ) -> Self {
        MethodRef {
            ty,
            name,
            params,
            ret: None,
            path: CallPath::Trampoline { mask, spans: 0 },
            thunk: EpochCell::new(),
        }
    }

    /// The same reference, called through a trampoline that makes parameter `i` a
    /// `Span<T>`/`ReadOnlySpan<T>` for each bit `i` of `spans`: such a parameter takes a slice
    /// (`&mut [V]`, `&[V]` for `ReadOnlySpan`), lent to the span for the call only. A span
    /// cannot be boxed, so without its bit a span parameter is refused.
    pub const fn spans(mut self, spans: i64) -> Self {
        self.path = self.path.with_spans(spans);
        self
    }

    /// The same reference, naming the return type too (as Mono names it: `System.Int64`,
    /// `System.Void`), for overloads that differ only by return type (`op_Explicit`,
    /// `op_Implicit`): without it, such a lookup is [`Error::AmbiguousMethod`](crate::Error).
    ///
    /// ```
    /// # use cilbind::{MethodRef, TypeRef};
    /// static DECIMAL: TypeRef = TypeRef::new("mscorlib", "System", "Decimal");
    /// static TO_I64: MethodRef =
    ///     MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.Int64");
    /// ```
    pub const fn returning(mut self, ret: &'static str) -> Self {
        self.ret = Some(ret);
        self
    }

    /// The method's metadata.
    pub fn method(&self) -> Result<Method> {
        let class = self.ty.class()?;
        match self.ret {
            Some(ret) => class.method_with_return(self.name, self.params, ret),
            None => class.method(self.name, self.params),
        }
    }

    /// The raw-call entry point, resolved (and JIT-compiled) on first use, and again on the
    /// first use after a reload ([`Runtime::reload`](crate::Runtime::reload)). Inlined only
    /// without debug assertions: in a debug build it is compiled here, once, at this crate's
    /// optimisation level (see `shim.rs`).
    #[cfg_attr(not(debug_assertions), inline)]
    pub fn thunk(&self) -> Result<&Thunk> {
        self.thunk.get_or_try_init(|| bind(self.method()?, self.path))
    }

    /// Resolves the method on first use and calls it: [`MethodRef::thunk`] then
    /// [`Thunk::call`] in one step, the form generated bindings use (one call in each
    /// generated body keeps the bindings cheap to type-check).
    #[inline(always)]
    pub fn call<A: crate::ArgList, R: crate::Ret>(&self, args: A) -> Result<R> {
        // The thread first: once it is in the current unit no reload can start, so the entry
        // point the cache hands out (only one resolved in the current unit) stays current.
        // The fast path (thread set up, no recording, entry point resolved) shares no code
        // with the rest, which stays out of line.
        if let Some(epoch) = Runtime::fast_path_epoch() {
            if let Some(thunk) = self.thunk.get_at(epoch) {
                return thunk.call_resolved(args, false);
            }
        }
        self.call_slow(args)
    }

    /// [`MethodRef::call`] off the fast path: the thread's first call or one after a reload,
    /// the entry point's first use, or a call while a recording runs.
    #[cold]
    #[inline(never)]
    fn call_slow<A: crate::ArgList, R: crate::Ret>(&self, args: A) -> Result<R> {
        if crate::remote::connected() {
            return crate::remote::call(self, args);
        }
        let entered = Runtime::enter_call()?;
        let thunk = self
            .thunk
            .get_or_try_init_at(entered.epoch, || bind(self.method()?, self.path))?;
        thunk.call_resolved(args, entered.recording)
    }

    /// [`MethodRef::call`] for methods whose blittable struct result comes back through a
    /// pointer ([`Thunk::call_sret`]).
    #[inline(always)]
    pub fn call_sret<A: crate::ArgList, R: crate::Blittable>(&self, args: A) -> Result<R> {
        match self.thunk() {
            Ok(thunk) => thunk.call_sret(args),
            Err(e) => self.call_sret_elsewhere(args, e),
        }
    }

    /// [`MethodRef::call_sret`] whose entry point could not be resolved here: in a client of
    /// a remote runtime the call goes to the server; otherwise the error stands.
    #[cold]
    #[inline(never)]
    fn call_sret_elsewhere<A: crate::ArgList, R: crate::Blittable>(&self, args: A, e: crate::Error) -> Result<R> {
        if crate::remote::connected() {
            return crate::remote::call_sret(self, args);
        }
        Err(e)
    }

    /// The method's names, as a client asks its server for the method.
    pub(crate) fn remote_name(&self) -> Result<crate::remote::MethodName> {
        let TypeSource::Named {
            assembly,
            namespace,
            name,
        } = self.ty.source
        else {
            return Err(crate::Error::Unsupported(format!(
                "{} of a generic instantiation cannot be called on a remote runtime: its class is made by the local one",
                self.name
            )));
        };
        Ok(crate::remote::MethodName {
            ty: crate::remote::TypeName {
                assembly: assembly.into(),
                namespace: namespace.into(),
                name: name.into(),
            },
            name: self.name.into(),
            params: self.params.iter().map(|p| p.to_string()).collect(),
            ret: self.ret.map(str::to_string),
        })
    }

    /// `Namespace.Type::Name`, for messages.
    pub(crate) fn describe(&self) -> String {
        match self.ty.source {
            TypeSource::Named {
                namespace: "", name, ..
            } => format!("{name}::{}", self.name),
            TypeSource::Named { namespace, name, .. } => format!("{namespace}.{name}::{}", self.name),
            TypeSource::Computed(_) => format!("<generic type>::{}", self.name),
        }
    }
}

/// Resolves `method`'s raw-call entry point (registering it in the function database).
pub(crate) fn bind(method: Method, path: CallPath) -> Result<Thunk> {
    Runtime::ensure_current_thread()?;
    let id = FunctionDb::register(method)?;
    let (mask, spans) = match path {
        CallPath::Thunk => (0, 0),
        CallPath::Trampoline { mask, spans } => (mask, spans),
    };
    // The signature first: a method whose types cannot be resolved is refused before Mono
    // compiles anything for it.
    let signature = host::native_signature(method, mask, spans, matches!(path, CallPath::Trampoline { .. }))?;
    let signature = NativeSignature {
        params: signature.params,
        checks: signature
            .refs
            .into_iter()
            .map(|r| r.map(ClassCheck::from_param))
            .collect(),
        ret: signature.ret,
    };
    let entry = match path {
        CallPath::Thunk => entry::unmanaged_thunk(method),
        CallPath::Trampoline { mask, spans } => entry::trampoline_entry(method, mask, spans),
    };
    // Mono compiles a method only once its class's type initializer has run, and reports a
    // throwing one as "no thunk": the true error is the initializer's, which C# reports on
    // this first call and every later one (`TypeInitializationException`).
    let entry = entry.map_err(|e| match type_init::run_type_initializer(method.class()) {
        Err(thrown @ crate::Error::ManagedException { .. }) => thrown,
        _ => e,
    })?;
    Ok(Thunk::new(entry, method, id, signature))
}

/// The thunk of a method found at run time (members of generic types the runtime itself
/// defines, whose class depends on a type argument): resolved once per method and unit, like
/// every `MethodRef`'s.
pub(crate) fn thunk_of(method: Method) -> Result<&'static Thunk> {
    thunk_of_path(method, 0)
}

/// [`thunk_of`] through a pointer trampoline with `mask` (0: Mono's thunk of the method).
pub(crate) fn thunk_of_path(method: Method, mask: i64) -> Result<&'static Thunk> {
    type Thunks = std::collections::HashMap<(Method, i64), &'static Thunk>;
    static THUNKS: std::sync::LazyLock<std::sync::Mutex<Thunks>> = std::sync::LazyLock::new(Default::default);
    {
        let mut thunks = THUNKS.lock().unwrap_or_else(|p| p.into_inner());
        match thunks.get(&(method, mask)) {
            Some(t) if t.is_current() => return Ok(t),
            // Methods of an unloaded unit: their addresses may name other methods now.
            Some(_) => thunks.retain(|_, t| t.is_current()),
            None => {}
        }
    }
    let path = if mask == 0 {
        CallPath::Thunk
    } else {
        CallPath::Trampoline { mask, spans: 0 }
    };
    let thunk: &'static Thunk = Box::leak(Box::new(bind(method, path)?));
    Ok(*THUNKS
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .entry((method, mask))
        .or_insert(thunk))
}

/// A field named by its type and name, resolved on first use.
pub struct FieldRef {
    /// `None` for a field resolved up front ([`FieldRef::resolved`]).
    ty: Option<&'static TypeRef>,
    name: &'static str,
    /// Resolved once per unit (a reload resolves it again, see `host/mono/unit.rs`).
    field: EpochCell<Field>,
    /// A static field's class storage, made on the first static access, after the class's type
    /// initializer ran (a failed initializer leaves it empty: every access fails again).
    statics: EpochCell<Statics>,
}

impl FieldRef {
    /// A reference to field `name` of `ty`.
    pub const fn new(ty: &'static TypeRef, name: &'static str) -> Self {
        FieldRef {
            ty: Some(ty),
            name,
            field: EpochCell::new(),
            statics: EpochCell::new(),
        }
    }

    /// A reference to `field`, already found (a field of a closed generic type, found per
    /// class by `GenericFieldRef`), valid in the current unit only.
    pub(crate) fn resolved(field: Field, name: &'static str) -> Self {
        let cell = EpochCell::new();
        cell.get_or_init(|| field);
        FieldRef {
            ty: None,
            name,
            field: cell,
            statics: EpochCell::new(),
        }
    }

    /// True while the field is resolved in the current unit.
    pub(crate) fn is_current(&self) -> bool {
        self.field.get().is_some()
    }

    /// The field's metadata.
    #[inline]
    pub fn field(&self) -> Result<Field> {
        self.field
            .get_or_try_init(|| {
                let ty = self.ty.ok_or_else(|| {
                    crate::Error::Reload(format!(
                        "field {} of a generic instantiation was resolved before a reload",
                        self.name
                    ))
                })?;
                ty.class()?.field(self.name)
            })
            .copied()
    }
}

/// Where a field access reads or writes: an object, a managed struct's box, or nothing (static).
pub trait FieldOwner {
    #[doc(hidden)]
    fn owner(&self) -> Result<ObjectRef>;
    /// The owner as the call log names it, while a recording runs: an object by class and
    /// cookie; `None` for a copy of a struct Rust holds, which the log carries by value only.
    #[doc(hidden)]
    fn recorded_owner(&self) -> Option<Recorded>;
    /// The owner as a client of a remote runtime names it to its server.
    #[doc(hidden)]
    fn remote_owner(&self) -> Result<Recorded> {
        Err(crate::remote::values::not_carried("field owner of this kind"))
    }
}

impl<T: crate::Reference> FieldOwner for T {
    fn owner(&self) -> Result<ObjectRef> {
        self.as_object().raw()
    }

    fn recorded_owner(&self) -> Option<Recorded> {
        match describe_object(self.as_object()) {
            object @ Recorded::Object { .. } => Some(object),
            _ => None,
        }
    }

    fn remote_owner(&self) -> Result<Recorded> {
        crate::remote::values::object(Some(self.as_object()))
    }
}

impl<S: crate::ManagedStruct> FieldOwner for crate::StructHandle<S> {
    fn owner(&self) -> Result<ObjectRef> {
        self.raw()
    }

    fn recorded_owner(&self) -> Option<Recorded> {
        None
    }
}

impl FieldRef {
    /// Where the access goes: `owner`'s object, or with `None` the class's static storage,
    /// after its type initializer ran, as C# runs it before a first static access (and
    /// `TypeInitializationException` when it throws, on this and every later access).
    #[inline]
    fn host(&self, owner: Option<&dyn FieldOwner>) -> Result<FieldHost> {
        match owner {
            Some(o) => Ok(FieldHost::Instance(o.owner()?)),
            None => self
                .statics
                .get_or_try_init(|| type_init::statics_of(self.field()?))
                .map(|s| FieldHost::Static(*s)),
        }
    }

    /// Reads a primitive, enum or full-struct field (`owner` `None` for a static field).
    pub fn get<V: Blittable>(&self, owner: Option<&dyn FieldOwner>) -> Result<V> {
        let get = || {
            Runtime::ensure_current_thread()?;
            fields::field_get_value(self.host(owner)?, self.field()?)
        };
        if recording() {
            return self.traced(Access::Read, owner, get, describe_blittable);
        }
        match get() {
            Ok(value) => Ok(value),
            Err(e) => self
                .elsewhere(e, owner, || Ok(None))
                .and_then(crate::host::plain::value_from_recorded),
        }
    }

    /// Writes a primitive, enum or full-struct field.
    pub fn set<V: Blittable>(&self, owner: Option<&dyn FieldOwner>, value: V) -> Result<()> {
        let set = || {
            Runtime::ensure_current_thread()?;
            fields::field_set_value(self.host(owner)?, self.field()?, value)
        };
        if recording() {
            return self.traced(Access::Write, owner, set, |()| describe_blittable(&value));
        }
        match set() {
            Ok(()) => Ok(()),
            Err(e) => self
                .elsewhere(e, owner, || Ok(Some(crate::remote::values::plain_value(&value))))
                .map(drop),
        }
    }

    /// Reads an object-typed field.
    pub fn get_object<T: crate::Reference>(&self, owner: Option<&dyn FieldOwner>) -> Result<Option<T>> {
        let get = || {
            Runtime::ensure_current_thread()?;
            let raw = fields::field_get_ref(self.host(owner)?, self.field()?)?;
            crate::value::object::wrap(raw)
        };
        if recording() {
            return self.traced(Access::Read, owner, get, |v: &Option<T>| describe_reference(v.as_ref()));
        }
        match get() {
            Ok(value) => Ok(value),
            // SAFETY: as for a remote call's object result (`Ret for Option<T>`): the handle is
            // never read here, and the server checks it in every later call.
            Err(e) => Ok(
                crate::remote::values::remote_object(self.elsewhere(e, owner, || Ok(None))?)?
                    .map(|o| unsafe { T::from_object_unchecked(o) }),
            ),
        }
    }

    /// Writes an object-typed field (the value's type is checked against the field's).
    pub fn set_object<T: crate::Reference>(&self, owner: Option<&dyn FieldOwner>, value: Option<&T>) -> Result<()> {
        let set = || {
            Runtime::ensure_current_thread()?;
            let v = match value {
                Some(o) => o.as_object().raw()?,
                None => ObjectRef::NULL,
            };
            fields::field_set_ref(self.host(owner)?, self.field()?, v)
        };
        if recording() {
            return self.traced(Access::Write, owner, set, |()| describe_reference(value));
        }
        match set() {
            Ok(()) => Ok(()),
            Err(e) => self
                .elsewhere(e, owner, || {
                    crate::remote::values::object(value.map(crate::Reference::as_object)).map(Some)
                })
                .map(drop),
        }
    }

    /// Reads a `Nullable<V>` field (`V?` in C#): `None` for no value.
    pub fn get_nullable<V: Blittable>(&self, owner: Option<&dyn FieldOwner>) -> Result<Option<V>> {
        let get = || {
            Runtime::ensure_current_thread()?;
            let boxed = fields::field_get_nullable::<V>(self.host(owner)?, self.field()?)?;
            crate::value::Nullable::from_raw(boxed).map(|n| n.0)
        };
        if recording() {
            return self.traced(Access::Read, owner, get, describe_nullable);
        }
        get()
    }

    /// Writes a `Nullable<V>` field (`None`: no value).
    pub fn set_nullable<V: Blittable>(&self, owner: Option<&dyn FieldOwner>, value: Option<V>) -> Result<()> {
        let set = || {
            Runtime::ensure_current_thread()?;
            fields::field_set_nullable(self.host(owner)?, self.field()?, value)
        };
        if recording() {
            return self.traced(Access::Write, owner, set, |()| describe_nullable(&value));
        }
        set()
    }

    /// Reads a field holding a managed struct: a copy, in `S`'s store.
    pub fn get_struct<S: crate::ManagedStruct>(
        &self,
        owner: Option<&dyn FieldOwner>,
    ) -> Result<crate::StructHandle<S>> {
        let get = || {
            Runtime::ensure_current_thread()?;
            let boxed = fields::field_get_boxed(self.host(owner)?, self.field()?, S::class()?)?;
            crate::StructHandle::from_box(boxed)
        };
        if recording() {
            return self.traced(Access::Read, owner, get, describe_struct);
        }
        get()
    }

    /// Writes a field holding a managed struct (a copy of `value`).
    pub fn set_struct<S: crate::ManagedStruct>(
        &self,
        owner: Option<&dyn FieldOwner>,
        value: &crate::StructHandle<S>,
    ) -> Result<()> {
        let set = || {
            Runtime::ensure_current_thread()?;
            fields::field_set_from_box(self.host(owner)?, self.field()?, value.raw()?)
        };
        if recording() {
            return self.traced(Access::Write, owner, set, |()| describe_struct(value));
        }
        set()
    }

    /// Reads a string field (a lone surrogate is [`Error::InvalidUtf16`](crate::Error)).
    pub fn get_string(&self, owner: Option<&dyn FieldOwner>) -> Result<Option<String>> {
        let get = || {
            Runtime::ensure_current_thread()?;
            let raw = fields::field_get_ref(self.host(owner)?, self.field()?)?;
            crate::value::string::read_string(raw)
        };
        if recording() {
            return self.traced(Access::Read, owner, get, |v: &Option<String>| {
                v.clone().map_or(Recorded::Null, Recorded::String)
            });
        }
        match get() {
            Ok(value) => Ok(value),
            Err(e) => match self.elsewhere(e, owner, || Ok(None))? {
                Recorded::Null => Ok(None),
                Recorded::String(s) => Ok(Some(s)),
                other => Err(crate::remote::values::unexpected("a string", &other)),
            },
        }
    }

    /// Writes a string field: any [`StrArg`](crate::StrArg) (`"text"`, a `&String`, a
    /// `NetString`, `None` for null).
    pub fn set_string(&self, owner: Option<&dyn FieldOwner>, value: impl crate::StrArg) -> Result<()> {
        let value = value.into_str();
        if let Err(e) = Runtime::ensure_current_thread() {
            return self.elsewhere(e, owner, || value.remote().map(Some)).map(drop);
        }
        // `_keep` holds a `NetString` given by value until the store is done.
        let (v, _keep) = value.lower()?;
        let set = || fields::field_set_ref(self.host(owner)?, self.field()?, v);
        if recording() {
            return self.traced(Access::Write, owner, set, |()| describe_string(v));
        }
        set()
    }

    /// An access that failed here: in a client of a remote runtime it is made on the server
    /// (`write` gives the value to store, `None` for a read) and its result returned; anywhere
    /// else the error `e` stands.
    #[cold]
    #[inline(never)]
    fn elsewhere(
        &self,
        e: crate::Error,
        owner: Option<&dyn FieldOwner>,
        write: impl FnOnce() -> Result<Option<Recorded>>,
    ) -> Result<Recorded> {
        if !crate::remote::connected() {
            return Err(e);
        }
        let Some(TypeSource::Named {
            assembly,
            namespace,
            name,
        }) = self.ty.map(|t| &t.source)
        else {
            return Err(crate::Error::Unsupported(format!(
                "field {} of a generic instantiation cannot be reached on a remote runtime",
                self.name
            )));
        };
        crate::remote::field(crate::remote::FieldAccess {
            ty: crate::remote::TypeName {
                assembly: (*assembly).into(),
                namespace: (*namespace).into(),
                name: (*name).into(),
            },
            name: self.name.into(),
            owner: owner.map(FieldOwner::remote_owner).transpose()?,
            write: write()?,
        })
    }

    /// An access while a recording runs: runs it, then hands it to the recorder if it
    /// succeeded (see `field_trace.rs`). Out of line, as a recorded call is: the accessors
    /// pay one relaxed load and a branch for it.
    #[cold]
    #[inline(never)]
    fn traced<T>(
        &self,
        access: Access,
        owner: Option<&dyn FieldOwner>,
        run: impl FnOnce() -> Result<T>,
        describe: impl FnOnce(&T) -> Recorded,
    ) -> Result<T> {
        let result = run();
        if let (Ok(value), Ok(field)) = (&result, self.field()) {
            field_trace::traced(field, access, owner, || describe(value));
        }
        result
    }
}
