//! Fields by name: a [`FieldRef`] resolved on first use (and again after a reload), read and
//! written on an owner ([`FieldOwner`]: an object or a managed struct's box) or in its class's
//! static storage after the type initializer ran; recorded while a recording runs, and made
//! on the server in a client of a remote runtime.

use crate::call::field_trace::{self, describe_nullable, describe_reference, describe_string, describe_struct, Access};
use crate::call::lookup::TypeRef;
use crate::call::recorded::{describe_blittable, describe_object, Recorded};
use crate::call::trace::recording;
use crate::error::Result;
use crate::host::fields::{self, FieldHost};
use crate::host::type_init::{self, Statics};
use crate::host::{EpochCell, Field, ObjectRef, Runtime};
use crate::value::Blittable;

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

    fn remote_owner(&self) -> Result<Recorded> {
        match self.remote() {
            Some(boxed) => crate::remote::values::object(Some(boxed)),
            None => Err(crate::remote::values::not_carried(
                "managed struct made in this process",
            )),
        }
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
                .and_then(crate::remote::values::plain_from_recorded),
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
            Err(e) => crate::value::object::remote_reference(self.elsewhere(e, owner, || Ok(None))?),
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
        match get() {
            Ok(value) => Ok(value),
            Err(e) => match self.elsewhere(e, owner, || Ok(None))? {
                Recorded::Null => Ok(None),
                value => crate::remote::values::plain_from_recorded(value).map(Some),
            },
        }
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
        match set() {
            Ok(()) => Ok(()),
            Err(e) => self
                .elsewhere(e, owner, || {
                    Ok(Some(match &value {
                        Some(v) => crate::remote::values::plain_value(v),
                        None => Recorded::Null,
                    }))
                })
                .map(drop),
        }
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
        match get() {
            Ok(value) => Ok(value),
            // The server's copy of the value, in a box it keeps for this client.
            Err(e) => <crate::StructHandle<S> as crate::call::Ret>::from_remote(self.elsewhere(e, owner, || Ok(None))?),
        }
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
        match set() {
            Ok(()) => Ok(()),
            Err(e) => self
                .elsewhere(e, owner, || {
                    let boxed = value
                        .remote()
                        .ok_or_else(|| crate::remote::values::not_carried("managed struct made in this process"))?;
                    crate::remote::values::object(Some(boxed)).map(Some)
                })
                .map(drop),
        }
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
        let ty = match self.ty {
            Some(ty) => ty.remote_name(self.name)?,
            None => {
                return Err(crate::Error::Unsupported(format!(
                    "field {} of a generic instantiation cannot be reached on a remote runtime",
                    self.name
                )))
            }
        };
        crate::remote::field(crate::remote::FieldAccess {
            ty,
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
