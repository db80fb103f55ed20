//! Lazily resolved references to types and methods (fields: `field_ref.rs`), declared as
//! `static`s (by generated code and by the runtime itself) and resolved on first use, then
//! cached.
//! A failed lookup is not cached: an assembly loaded later can still satisfy it (except for a
//! type a wrapper's proof found absent, which stays absent for the unit: `TypeRef::class`).

use std::sync::atomic::{AtomicU32, Ordering};

use crate::call::function_db::FunctionDb;
use crate::call::shim::{NativeSignature, Thunk};
use crate::call::type_check::ClassCheck;
use crate::error::Result;
use crate::host::type_init;
use crate::host::{self, entry, Class, EpochCell, Method, Runtime};

/// A .NET type named by assembly, namespace and name (nested: `Outer/Inner`), or computed
/// by a function (closed generic instantiations such as `List<Int32>`).
pub struct TypeRef {
    source: TypeSource,
    /// Resolved once per unit (a reload resolves it again, see `host/mono/unit.rs`).
    class: EpochCell<Class>,
    /// The epoch + 1 of a unit in which a proof found this type absent (0: none): it does not
    /// resolve again in that unit ([`TypeRef::mark_absent`]).
    absent_in: AtomicU32,
}

enum TypeSource {
    Named {
        assembly: &'static str,
        namespace: &'static str,
        name: &'static str,
    },
    Computed(fn() -> Result<Class>),
    /// The type a Rust type names (a closed generic instantiation): its class and, for a
    /// client of a remote runtime, its names.
    Instance {
        class: fn() -> Result<Class>,
        remote: fn() -> Result<crate::remote::TypeName>,
    },
}

impl TypeRef {
    /// The type's names, as a client of a remote runtime gives them to its server; a type the
    /// local runtime computes (a generic instantiation) has none there (`member` names what
    /// was asked for, for the error).
    pub(crate) fn remote_name(&self, member: &str) -> Result<crate::remote::TypeName> {
        match self.source {
            TypeSource::Named {
                assembly,
                namespace,
                name,
            } => Ok(crate::remote::TypeName {
                assembly: assembly.into(),
                namespace: namespace.into(),
                name: name.into(),
                args: Vec::new(),
            }),
            TypeSource::Instance { remote, .. } => remote(),
            TypeSource::Computed(_) => Err(crate::Error::Unsupported(format!(
                "{member} of a generic instantiation cannot be reached on a remote runtime: its class is made by the local one"
            ))),
        }
    }

    /// `Namespace.Type`, for messages.
    pub(crate) fn describe_name(&self) -> String {
        match self.source {
            TypeSource::Named {
                namespace: "", name, ..
            } => name.to_string(),
            TypeSource::Named { namespace, name, .. } => format!("{namespace}.{name}"),
            TypeSource::Computed(_) | TypeSource::Instance { .. } => "<generic type>".into(),
        }
    }

    /// A reference to `namespace.name` in the assembly with simple name `assembly`.
    pub const fn new(assembly: &'static str, namespace: &'static str, name: &'static str) -> Self {
        TypeRef {
            source: TypeSource::Named {
                assembly,
                namespace,
                name,
            },
            class: EpochCell::new(),
            absent_in: AtomicU32::new(0),
        }
    }

    /// A type whose class `class` computes (once), e.g.
    /// `<List<Int32> as ManagedType>::class` for a closed generic instantiation.
    pub const fn computed(class: fn() -> Result<Class>) -> Self {
        TypeRef {
            source: TypeSource::Computed(class),
            class: EpochCell::new(),
            absent_in: AtomicU32::new(0),
        }
    }

    /// The type the Rust type `T` names (a closed generic instantiation such as
    /// `List<Int32>`): its class is `T`'s, computed once, and a client of a remote runtime
    /// names it as `T` does.
    pub const fn instance<T: crate::ManagedType>() -> Self {
        TypeRef {
            source: TypeSource::Instance {
                class: T::class,
                remote: T::remote_type,
            },
            class: EpochCell::new(),
            absent_in: AtomicU32::new(0),
        }
    }

    /// The class, resolved on first use (and again after a reload). A type found absent while
    /// a wrapper converting to it was proved stays not found for the rest of the unit, even if
    /// an assembly loaded later has it (see `type_graph.rs`).
    #[inline]
    pub fn class(&self) -> Result<Class> {
        self.class
            .get_or_try_init(|| match self.source {
                _ if self.absent_in.load(Ordering::Acquire) == host::unit::epoch().wrapping_add(1) => {
                    Err(self.absent())
                }
                TypeSource::Named {
                    assembly,
                    namespace,
                    name,
                } => Runtime::get()?.assembly(assembly)?.class(namespace, name),
                TypeSource::Computed(f) | TypeSource::Instance { class: f, .. } => f(),
            })
            .copied()
    }

    /// The error of a type marked absent: not found, as when it was looked up.
    #[cold]
    fn absent(&self) -> crate::Error {
        let (assembly, namespace, name) = match self.source {
            TypeSource::Named {
                assembly,
                namespace,
                name,
            } => (assembly, namespace, name.to_string()),
            TypeSource::Computed(_) | TypeSource::Instance { .. } => ("", "", self.describe_name()),
        };
        crate::Error::ClassNotFound {
            namespace: namespace.into(),
            name,
            assembly: assembly.into(),
        }
    }

    /// Marks the type absent for the rest of the current unit: a proof found it missing while
    /// a wrapper that converts to it was proved (see `type_graph::prove`), so wrappers of it
    /// may hold objects that are not its instances, and no call may be made through it.
    pub(crate) fn mark_absent(&self) {
        self.absent_in
            .store(host::unit::epoch().wrapping_add(1), Ordering::Release);
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
        self.thunk.get_or_try_init(|| self.bind())
    }

    /// Resolves the method and its entry point. `this` of an instance method of a class or
    /// interface is an instance of the class this reference names (the method is that
    /// class's or a base's, or the interface's own): the entry point remembers the `TypeRef`,
    /// so that a receiver whose wrapper proves that type ([`This`](crate::generated::This))
    /// is not checked again.
    fn bind(&self) -> Result<Thunk> {
        let method = self.method()?;
        let object_this = !method.is_static() && !method.class().is_value_type();
        bind_owned(method, self.path, object_this.then_some(self.ty))
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
        let thunk = self.thunk.get_or_try_init_at(entered.epoch, || self.bind())?;
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
        Ok(crate::remote::MethodName {
            ty: self.ty.remote_name(self.name)?,
            name: self.name.into(),
            params: self.params.iter().map(|p| p.to_string()).collect(),
            ret: self.ret.map(str::to_string),
            in_definition: false,
            generic_method: false,
            method_args: Vec::new(),
        })
    }

    /// `Namespace.Type::Name`, for messages.
    pub(crate) fn describe(&self) -> String {
        format!("{}::{}", self.ty.describe_name(), self.name)
    }
}

/// Resolves `method`'s raw-call entry point (registering it in the function database).
pub(crate) fn bind(method: Method, path: CallPath) -> Result<Thunk> {
    bind_owned(method, path, None)
}

/// [`bind`] for a method whose object `this` is an instance of `this_owner`'s class (see
/// [`MethodRef::bind`]).
fn bind_owned(method: Method, path: CallPath, this_owner: Option<&'static TypeRef>) -> Result<Thunk> {
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
    let this_proved = this_owner.is_some();
    let entry = match path {
        CallPath::Thunk => entry::unmanaged_thunk(method, this_proved),
        CallPath::Trampoline { mask, spans } => entry::trampoline_entry(method, mask, spans, this_proved),
    };
    // Mono compiles a method only once its class's type initializer has run, and reports a
    // throwing one as "no thunk": the true error is the initializer's, which C# reports on
    // this first call and every later one (`TypeInitializationException`).
    let entry = entry.map_err(|e| match type_init::run_type_initializer(method.class()) {
        Err(thrown @ crate::Error::ManagedException { .. }) => thrown,
        _ => e,
    })?;
    Ok(Thunk::new(entry, method, id, signature, this_owner))
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
