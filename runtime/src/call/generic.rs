//! Members of generic types and generic methods for any type argument: one `static`
//! [`GenericMethodRef`] per member of a generic definition (``List`1.Add``,
//! ``JsonConvert.DeserializeObject<T>``), resolving to one cached thunk per closed class and
//! method type arguments (`List<Int32>.Add`, `DeserializeObject<Item>`, …) made at run time,
//! so bindings work for instantiations no assembly mentions.

use std::any::TypeId;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};

use crate::call::field_ref::FieldRef;
use crate::call::lookup::{bind, CallPath, TypeRef};
use crate::call::shim::Thunk;
use crate::error::{Error, Result};
use crate::host::instantiate::make_generic_method;
use crate::host::{unit, Class, EpochCell, Method};

/// A member of a generic type definition, named by the definition's type, its name and its
/// parameter types as Mono names them in the definition (`T`, `System.Int32`,
/// `System.Collections.Generic.IEnumerable<T>`), bound per closed class on first use.
pub struct GenericMethodRef {
    definition: &'static TypeRef,
    name: &'static str,
    params: &'static [&'static str],
    ret: Option<&'static str>,
    path: CallPath,
    /// A generic method definition (`M<T>(…)`), instantiated with the method type arguments.
    generic_method: bool,
    /// The definition's method, found once per unit.
    method: EpochCell<Method>,
    /// One thunk per closed class and method type arguments, kept while their unit is current
    /// like every `MethodRef`'s.
    thunks: RwLock<Vec<Instance>>,
    /// The same thunks by the Rust types that name them (see [`GenericMethodRef::thunk_keyed`]):
    /// what a call reads, without a lock, a hash or the classes.
    keyed: [EpochCell<(TypeId, &'static Thunk)>; KEYED],
}

/// Rust types one member's call path remembers without a lock (a call site rarely sees more
/// than a few instantiations; more still work, through the lookup by class).
const KEYED: usize = 8;

/// A resolved instantiation.
struct Instance {
    class: Class,
    method_args: Box<[Class]>,
    thunk: &'static Thunk,
}

impl GenericMethodRef {
    /// A member called through Mono's unmanaged thunk.
    pub const fn new(definition: &'static TypeRef, name: &'static str, params: &'static [&'static str]) -> Self {
        GenericMethodRef {
            definition,
            name,
            params,
            ret: None,
            path: CallPath::Thunk,
            generic_method: false,
            method: EpochCell::new(),
            thunks: RwLock::new(Vec::new()),
            keyed: [const { EpochCell::new() }; KEYED],
        }
    }

    /// A member called through a pointer trampoline (constructors, and full structs by
    /// pointer), with the mask of [`MethodRef::by_pointer`](crate::MethodRef::by_pointer).
    pub const fn by_pointer(
        definition: &'static TypeRef,
        name: &'static str,
        params: &'static [&'static str],
        mask: i64,
    ) -> Self {
        let mut m = Self::new(definition, name, params);
        m.path = CallPath::Trampoline { mask, spans: 0 };
        m
    }

    /// The same reference, with the span parameters of [`MethodRef::spans`](crate::MethodRef::spans).
    pub const fn spans(mut self, spans: i64) -> Self {
        self.path = self.path.with_spans(spans);
        self
    }

    /// The same reference, naming the return type too (as in the definition), for overloads
    /// that differ only by return type.
    pub const fn returning(mut self, ret: &'static str) -> Self {
        self.ret = Some(ret);
        self
    }

    /// The same reference to a generic method definition (`M<T>(T)`: a method type parameter
    /// by its name in `params`), instantiated per call with [`GenericMethodRef::thunk_with`].
    pub const fn generic_method(mut self) -> Self {
        self.generic_method = true;
        self
    }

    /// The member's names in the instantiation `ty` (the closed type) with the method type
    /// arguments `method_args`, as a client asks its server for it.
    pub(crate) fn remote_name(
        &self,
        ty: crate::remote::TypeName,
        method_args: Vec<crate::remote::TypeName>,
    ) -> crate::remote::MethodName {
        crate::remote::MethodName {
            ty,
            name: self.name.into(),
            params: self.params.iter().map(|p| p.to_string()).collect(),
            ret: self.ret.map(str::to_string),
            in_definition: true,
            generic_method: self.generic_method,
            method_args,
        }
    }

    /// `Type::Name`, for messages.
    pub(crate) fn describe(&self) -> String {
        format!("{}::{}", self.definition.describe_name(), self.name)
    }

    /// The definition's method (``List`1.Add(T)``, ``Convert.ChangeType<T>(…)``).
    pub fn definition(&self) -> Result<Method> {
        self.method
            .get_or_try_init(|| {
                definition_in(
                    self.definition.class()?,
                    self.name,
                    self.params,
                    self.ret,
                    self.generic_method,
                )
            })
            .copied()
    }

    /// The thunk of this member for the Rust type `K`, which names the instantiation: the
    /// generated code passes `Self` for a member of a generic type and `(Self, (M0, …))` for a
    /// generic method, and `resolve` says what `K` names (the closed class and the method type
    /// arguments' classes), called only the first time in each unit. A call reads up to
    /// `KEYED` cells (a pointer load and two compares each): no lock, no hashing, no class
    /// lookup.
    #[inline]
    pub fn thunk_keyed<K: 'static>(
        &self,
        resolve: impl FnOnce() -> Result<(Class, Vec<Class>)>,
    ) -> Result<&'static Thunk> {
        let key = TypeId::of::<K>();
        let epoch = unit::epoch();
        for cell in &self.keyed {
            match cell.get_at(epoch) {
                Some((k, thunk)) if *k == key => return Ok(thunk),
                Some(_) => {}
                // Cells fill in order within a unit: an empty (or stale) one ends the search.
                None => break,
            }
        }
        self.keyed_miss(key, resolve)
    }

    /// [`GenericMethodRef::thunk_keyed`] for a member of a generic type, whose Rust type `S`
    /// names the closed class: the form generated bindings use (one short call per member).
    #[inline]
    pub fn thunk_of<S: crate::ManagedType + 'static>(&self) -> Result<&'static Thunk> {
        self.thunk_keyed::<S>(|| Ok((S::class()?, Vec::new())))
    }

    #[cold]
    #[inline(never)]
    fn keyed_miss(&self, key: TypeId, resolve: impl FnOnce() -> Result<(Class, Vec<Class>)>) -> Result<&'static Thunk> {
        let (class, method_args) = resolve()?;
        let thunk = self.thunk_with(class, &method_args)?;
        // The first cell that is free in this unit, or that another thread filled with this
        // key meanwhile; all taken by other keys: the lookup by class serves this one.
        for cell in &self.keyed {
            let (k, _) = cell.get_or_init(|| (key, thunk));
            if *k == key {
                break;
            }
        }
        Ok(thunk)
    }

    /// The thunk of this member in `closed`, a closed instantiation of the definition (the
    /// generated code passes `<Self as ManagedType>::class()`), resolved once per class.
    #[inline]
    pub fn thunk_for(&self, closed: Class) -> Result<&'static Thunk> {
        self.thunk_with(closed, &[])
    }

    /// The thunk of this member in `class` (the definition's own class, or a closed
    /// instantiation of it) with the method type arguments `method_args` (empty unless the
    /// member is a generic method), resolved once per combination.
    #[inline]
    pub fn thunk_with(&self, class: Class, method_args: &[Class]) -> Result<&'static Thunk> {
        if let Some(i) = self
            .thunks
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .find(|i| i.class == class && *i.method_args == *method_args && i.thunk.is_current())
        {
            return Ok(i.thunk);
        }
        self.resolve(class, method_args)
    }

    #[cold]
    fn resolve(&self, class: Class, method_args: &[Class]) -> Result<&'static Thunk> {
        let method = instance(self.definition()?, self.params, self.generic_method, class, method_args)?;
        let thunk: &'static Thunk = Box::leak(Box::new(bind(method, self.path)?));
        let mut thunks = self.thunks.write().unwrap_or_else(|p| p.into_inner());
        // Instances of an unloaded unit: their classes' addresses may name other classes now.
        thunks.retain(|i| i.thunk.is_current());
        if let Some(i) = thunks
            .iter()
            .find(|i| i.class == class && *i.method_args == *method_args)
        {
            return Ok(i.thunk);
        }
        thunks.push(Instance {
            class,
            method_args: method_args.into(),
            thunk,
        });
        Ok(thunk)
    }
}

/// The member of the generic definition `class` named `name` with the parameters `params` as
/// the definition spells them (and its return type, when given); `generic_method`: a generic
/// method definition.
pub(crate) fn definition_in(
    class: Class,
    name: &str,
    params: &[&str],
    ret: Option<&str>,
    generic_method: bool,
) -> Result<Method> {
    match (generic_method, ret) {
        (true, ret) => class.generic_method(name, params, ret),
        (false, Some(ret)) => class.method_with_return(name, params, ret),
        (false, None) => class.method(name, params),
    }
}

/// The member `definition` (found by [`definition_in`]) in `class`, the definition's own class
/// or a closed instantiation of it, instantiated with `method_args` when it is a generic
/// method.
pub(crate) fn instance(
    definition: Method,
    params: &[&str],
    generic_method: bool,
    class: Class,
    method_args: &[Class],
) -> Result<Method> {
    let method = if class == definition.class() {
        definition
    } else {
        // Mono gives a member of a closed generic type its definition's token, and only
        // members of that type are searched, so the token names the one member meant.
        // The name is compared too: a class that is no instantiation of the definition
        // has other members under the same token numbers.
        class
            .methods()
            .find(|m| m.token() == definition.token() && m.name() == definition.name())
            .ok_or_else(|| Error::MethodNotFound {
                class: class.full_name(),
                name: definition.name().into(),
                parameters: params.join(", "),
                candidates: vec![format!("{definition} (in the generic definition)")],
            })?
    };
    match (generic_method, method_args.is_empty()) {
        (true, _) => make_generic_method(method, method_args),
        (false, true) => Ok(method),
        (false, false) => Err(Error::InvalidArgument(format!(
            "{definition} is not a generic method: it takes no type arguments"
        ))),
    }
}

/// A field of a generic type definition, found per closed class on first use (a static field
/// of `Cell<int>` is not `Cell<string>`'s).
pub struct GenericFieldRef {
    name: &'static str,
    fields: RwLock<Vec<(Class, &'static FieldRef)>>,
}

impl GenericFieldRef {
    /// The field `name` of every instantiation of a generic type.
    pub const fn new(name: &'static str) -> Self {
        GenericFieldRef {
            name,
            fields: RwLock::new(Vec::new()),
        }
    }

    /// The field in `closed` (the generated code passes `<Self as ManagedType>::class()`).
    pub fn field_in(&self, closed: Class) -> Result<&'static FieldRef> {
        if let Some(&(_, f)) = self
            .fields
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .find(|(c, f)| *c == closed && f.is_current())
        {
            return Ok(f);
        }
        let field: &'static FieldRef = Box::leak(Box::new(FieldRef::resolved(closed.field(self.name)?, self.name)));
        let mut fields = self.fields.write().unwrap_or_else(|p| p.into_inner());
        // Fields of an unloaded unit: their classes' addresses may name other classes now.
        fields.retain(|(_, f)| f.is_current());
        if let Some(&(_, f)) = fields.iter().find(|(c, _)| *c == closed) {
            return Ok(f);
        }
        fields.push((closed, field));
        Ok(field)
    }
}

/// The store of the managed struct `T` when `T` is generic (`KeyValuePair<T0, T1>`): a
/// `static` in a generic `impl` would be one for every instantiation, so each closed type's
/// store is made on first use and kept, found by `T`'s `TypeId`.
pub fn generic_store<T: crate::ManagedStruct>() -> &'static crate::StructStore<T> {
    type Stores = HashMap<TypeId, &'static (dyn std::any::Any + Send + Sync)>;
    static STORES: LazyLock<RwLock<Stores>> = LazyLock::new(Default::default);
    let key = TypeId::of::<T>();
    let found = STORES.read().unwrap_or_else(|p| p.into_inner()).get(&key).copied();
    let store = match found {
        Some(s) => s,
        None => *STORES
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .entry(key)
            .or_insert_with(|| Box::leak(Box::new(crate::StructStore::<T>::new()))),
    };
    store
        .downcast_ref::<crate::StructStore<T>>()
        .expect("the store filed under T's TypeId is T's")
}

/// The class of the Rust type `T`, made by `make` (`List<T0>`: the definition instantiated
/// with `T0`'s class) the first time and cached by `T`'s `TypeId`: instantiating goes through
/// reflection, far too slow for every call.
pub fn closed_class<T: 'static>(make: impl FnOnce() -> Result<Class>) -> Result<Class> {
    /// The classes made in the unit of the epoch beside them.
    static CLASSES: LazyLock<RwLock<(u32, HashMap<TypeId, Class>)>> = LazyLock::new(Default::default);
    let key = TypeId::of::<T>();
    {
        let classes = CLASSES.read().unwrap_or_else(|p| p.into_inner());
        if classes.0 == unit::epoch() {
            if let Some(c) = classes.1.get(&key) {
                return Ok(*c);
            }
        }
    }
    let class = make()?;
    let mut classes = CLASSES.write().unwrap_or_else(|p| p.into_inner());
    if classes.0 != unit::epoch() {
        *classes = (unit::epoch(), HashMap::new());
    }
    Ok(*classes.1.entry(key).or_insert(class))
}
