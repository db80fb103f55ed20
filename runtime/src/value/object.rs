//! `System.Object` handles and the trait every reference-type wrapper implements.

use std::fmt;

use crate::call::{MethodRef, TypeRef};
use crate::error::{Error, Result};
use crate::host::slots::ArgumentWord;
use crate::host::{Class, ObjectRef};
use crate::store::{Cookie, ObjectKey, ObjectStore};
use crate::value::boxing::Unbox;
use crate::value::ManagedType;

/// An owned reference to a managed object, held in a slot of the [`ObjectStore`].
///
/// Null is not an `Object`: APIs that may see null use `Option<Object>`.
/// [`Clone`] creates a second handle to the **same** object (same identity, as copying a C#
/// reference); dropping an `Object` frees its handle, and the object is collected once no
/// handle or managed reference keeps it.
pub struct Object {
    key: ObjectKey,
    /// What a call passes for this object where that is the key's for good (CoreCLR: the
    /// word the entry point resolves and checks), computed once instead of on every call.
    word: Option<ArgumentWord>,
}

impl Object {
    /// Wraps a reference a call just produced (a new handle); `None` for null. A reference
    /// loaded through a handle released since is [`Error::StaleHandle`].
    pub(crate) fn from_raw(raw: ObjectRef) -> Result<Option<Object>> {
        if raw.is_null() {
            Ok(None)
        } else {
            let (key, word) = ObjectStore::insert(raw)?;
            Ok(Some(Object { key, word }))
        }
    }

    /// Takes ownership of a key that was just inserted (its only owner), with the word the
    /// insert gave for it.
    pub(crate) fn from_new_key(key: ObjectKey, word: Option<ArgumentWord>) -> Object {
        Object { key, word }
    }

    /// The referenced object, for the length of the current call.
    #[inline]
    pub(crate) fn raw(&self) -> Result<ObjectRef> {
        ObjectStore::target(self.key)
    }

    /// The referenced object as an entry point's argument: where the entry point proves the
    /// key itself (CoreCLR), the word it resolves, kept since the handle was made; elsewhere
    /// what [`raw`](Self::raw) gives. Only for words passed straight to an entry point.
    #[inline]
    pub(crate) fn argument(&self) -> Result<ObjectRef> {
        match self.word {
            Some(word) => {
                // Whichever way the handle was made, what it kept is what its key names.
                debug_assert_eq!(Some(word), ObjectStore::argument_word(self.key));
                Ok(word.object())
            }
            None => ObjectStore::target(self.key),
        }
    }

    /// The handle's key in the [`ObjectStore`].
    pub fn key(&self) -> ObjectKey {
        self.key
    }

    /// A new owned handle to the object behind `key` (for dynamic callers that pass keys
    /// around); a released key is [`Error::StaleHandle`].
    #[inline]
    pub fn from_key(key: ObjectKey) -> Result<Object> {
        let copy = ObjectStore::duplicate(key)?;
        // The log names objects by handle: a later call given this copy names the object the
        // call that produced `key` returned (nothing happens unless recording).
        crate::call::trace::alias(Cookie::of(key), Cookie::of(copy));
        Ok(Object {
            key: copy,
            word: ObjectStore::argument_word(copy),
        })
    }

    /// The handle's [`Cookie`]: its key as an integer, valid in this process only, for as
    /// long as this handle lives.
    pub fn cookie(&self) -> Cookie {
        Cookie::of(self.key)
    }

    /// A new handle to the object whose handle has this cookie. A cookie whose handle was
    /// released, or that no handle ever had, is [`Error::StaleHandle`], never another object
    /// (the slot's generation is checked, as for every key).
    pub fn from_cookie(cookie: Cookie) -> Result<Object> {
        Object::from_key(cookie.key().ok_or(Error::StaleHandle)?)
    }

    /// A second handle to the same object, with the error kept (what [`Clone`] does).
    #[inline]
    pub fn try_clone(&self) -> Result<Object> {
        Object::from_key(self.key)
    }

    /// The object's runtime class.
    pub fn class(&self) -> Result<Class> {
        ObjectStore::class_of(self.key)
    }

    /// Full name of the runtime type (`GetType().FullName`, with `/` for nested types as Mono
    /// prints them).
    /// The handle of an object on the server this process is a client of names the class the
    /// server gave.
    pub fn type_name(&self) -> Result<String> {
        match self.class() {
            Ok(class) => Ok(class.full_name()),
            Err(e) if crate::remote::connected() => crate::remote::objects::class_name(self.key).ok_or(e),
            Err(e) => Err(e),
        }
    }

    /// True when the object is an instance of `class` (or a subclass, or implements it).
    pub fn is_instance_of(&self, class: Class) -> Result<bool> {
        Ok(class.is_assignable_from(self.class()?))
    }

    /// Reference equality (`object.ReferenceEquals`).
    ///
    /// Two handles to objects on the server this process is a client of are compared there.
    pub fn reference_equals(&self, other: &Object) -> Result<bool> {
        match (self.raw(), other.raw()) {
            (Ok(a), Ok(b)) => Ok(crate::host::raw::same_object(a, b)),
            (Err(e), _) | (_, Err(e)) if !crate::remote::connected() => Err(e),
            _ => {
                static M: MethodRef =
                    MethodRef::new(&OBJECT_TYPE, "ReferenceEquals", &["System.Object", "System.Object"]);
                M.call((Some(self), Some(other)))
            }
        }
    }

    /// `Object.ToString()` (virtual).
    pub fn to_string(&self) -> Result<Option<String>> {
        static M: MethodRef = MethodRef::new(&OBJECT_TYPE, "ToString", &[]);
        M.call((self,))
    }

    /// `Object.Equals(object)` (virtual).
    pub fn equals(&self, other: Option<&Object>) -> Result<bool> {
        static M: MethodRef = MethodRef::new(&OBJECT_TYPE, "Equals", &["System.Object"]);
        M.call((self, other))
    }

    /// `Object.GetHashCode()` (virtual).
    pub fn get_hash_code(&self) -> Result<i32> {
        static M: MethodRef = MethodRef::new(&OBJECT_TYPE, "GetHashCode", &[]);
        M.call((self,))
    }

    /// Checked unboxing: `T` must be the box's exact type, or, for a boxed enum, its
    /// underlying type (the CLI's rule); otherwise [`Error::InvalidCast`] naming both types.
    pub fn unbox<T: Unbox>(&self) -> Result<T> {
        T::unbox_from(self)
    }

    /// Checked downcast to a reference type (class or interface).
    pub fn cast<T: Reference>(&self) -> Result<T> {
        T::from_object(self.try_clone()?)
    }
}

/// Wraps a reference a call just produced as a `T`, after checking that the object is an
/// instance of `T`'s class (one class compare when it is exactly `T`; Mono's assignability
/// walk otherwise); `None` for null.
#[inline]
pub(crate) fn wrap<T: Reference>(raw: ObjectRef) -> Result<Option<T>> {
    let Some(actual) = raw.class() else {
        return Ok(None);
    };
    let target = T::class()?;
    if !target.is_assignable_from(actual) {
        return Err(Error::InvalidCast {
            from: actual.full_name(),
            to: target.full_name(),
        });
    }
    let obj = Object::from_raw(raw)?.expect("checked non-null above");
    // SAFETY: `obj` is an instance of `T`'s class (checked just above).
    Ok(Some(unsafe { T::from_object_unchecked(obj) }))
}

/// `System.Object` (and the owner of Object's own method thunks).
pub(crate) static OBJECT_TYPE: TypeRef = TypeRef::new("mscorlib", "System", "Object");

impl Clone for Object {
    /// A second handle to the same object. Cloning a handle whose key was released yields a
    /// handle that reports [`Error::StaleHandle`] on every use.
    fn clone(&self) -> Self {
        self.try_clone().unwrap_or(Object {
            key: ObjectKey::default(),
            word: None,
        })
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        // A null key (from cloning a stale handle) has nothing to free.
        ObjectStore::release(self.key);
    }
}

impl fmt::Debug for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.type_name() {
            Ok(t) => write!(f, "Object({t}, {:?})", self.key),
            Err(_) => write!(f, "Object(<stale>, {:?})", self.key),
        }
    }
}

/// A wrapper around an object reference of a known .NET reference type (class, interface,
/// string, array). Generated classes and interfaces implement it.
///
/// A wrapper always holds an instance of its [`ManagedType::class`]: the runtime's own
/// wrappers (arrays, strings) read their objects' memory by that promise, so the only safe
/// way in is [`Reference::from_object`], which checks.
pub trait Reference: ManagedType + Sized {
    /// Wraps `obj` without checking its type.
    ///
    /// # Safety
    /// `obj` is an instance of `Self::class()` (that class, a subclass of it, or a class that
    /// implements it when it is an interface). Generated code calls it where metadata proves
    /// it (a base class wrapping its subclass's object, an upcast); everything else goes
    /// through [`Reference::from_object`].
    #[doc(hidden)]
    unsafe fn from_object_unchecked(obj: Object) -> Self;
    /// The underlying object handle.
    fn as_object(&self) -> &Object;
    /// The underlying object handle, by value.
    fn into_object(self) -> Object;
    /// A [`ClassProof`](crate::generated::ClassProof) when every value of `Self` holds an
    /// instance of `owner`'s class in the current unit (generated class wrappers prove their
    /// own type and every base and interface they declare: see `call/type_graph.rs`);
    /// `None` (the default) otherwise. A call given such a receiver as `this`
    /// ([`This`](crate::generated::This)) skips the class check of `this`.
    #[doc(hidden)]
    #[inline(always)]
    fn class_proof(owner: &'static crate::TypeRef) -> Option<crate::generated::ClassProof> {
        let _ = owner;
        None
    }
    /// Wraps `obj` after checking that it is an instance of `Self`'s class; otherwise
    /// [`Error::InvalidCast`] naming both types.
    fn from_object(obj: Object) -> Result<Self> {
        if crate::remote::connected() && crate::remote::objects::contains(obj.key()) {
            return crate::remote::cast(obj);
        }
        let target = Self::class()?;
        let actual = obj.class()?;
        if target.is_assignable_from(actual) {
            // SAFETY: checked just above.
            Ok(unsafe { Self::from_object_unchecked(obj) })
        } else {
            Err(Error::InvalidCast {
                from: actual.full_name(),
                to: target.full_name(),
            })
        }
    }
}

/// A remote call's object result (or by-ref value, or field value) as the binding's type `T`:
/// null is `None`. A remote object's handle is never read in this process: every use of it is
/// a call the server makes, whose reflective path checks `this` and each argument against the
/// method's types; and the class is the declared type's (the table check at connect proved the
/// bindings' signatures are the server's).
pub(crate) fn remote_reference<T: Reference>(value: crate::call::Recorded) -> Result<Option<T>> {
    crate::remote::values::remote_object(value)?.map(remote_as).transpose()
}

/// A handle to an object on the server this process is a client of, as `T`: the caller knows
/// the object is a `T` from the server (the type it made, or a cast it checked). Any other
/// handle is refused: a local object's class is checked by [`Reference::from_object`].
pub(crate) fn remote_as<T: Reference>(obj: Object) -> Result<T> {
    if !(crate::remote::connected() && crate::remote::objects::contains(obj.key())) {
        return Err(Error::InvalidArgument("a local handle taken as a remote one".into()));
    }
    // SAFETY: a remote object's handle is never read in this process: every use of it is a
    // call the server makes, which checks `this` and each argument against the method's types.
    Ok(unsafe { T::from_object_unchecked(obj) })
}

/// What a generated constructor binding returns: the new object as `T`, checked against
/// `T`'s class; `null` is [`Error::NullReference`]. In a client of a remote runtime the
/// object is the server's, which made it with `T`'s own constructor (the bindings' table was
/// checked against the server's assemblies at connect), so it is taken as it is: no code here
/// reads through a remote handle, and the server checks every call made with it.
#[doc(hidden)]
pub fn constructed<T: Reference>(new: Option<Object>) -> Result<T> {
    let obj = new.ok_or_else(|| Error::NullReference("a constructor returned null".into()))?;
    // The flag first: a local process never looks in the remote store.
    if crate::remote::connected() && crate::remote::objects::contains(obj.key()) {
        return remote_as(obj);
    }
    T::from_object(obj)
}

impl ManagedType for Object {
    fn class() -> Result<Class> {
        Ok(Class::object())
    }
    fn type_ref() -> Option<&'static TypeRef> {
        Some(&OBJECT_TYPE)
    }
}

impl Reference for Object {
    unsafe fn from_object_unchecked(obj: Object) -> Self {
        obj
    }
    fn as_object(&self) -> &Object {
        self
    }
    fn into_object(self) -> Object {
        self
    }
}

/// The object behind a reference wrapper, reachable through a trait object: the part of
/// [`Reference`] that `&dyn Is<T>` keeps. Implemented for every [`Reference`] and nothing
/// else (sealed), so every implementor of [`Is`] is a reference wrapper.
pub trait AsObject: sealed::Sealed {
    /// The underlying object handle (what [`Reference::as_object`] returns).
    fn object(&self) -> &Object;
}

impl<R: Reference> AsObject for R {
    #[inline]
    fn object(&self) -> &Object {
        self.as_object()
    }
}

mod sealed {
    /// Only reference wrappers are [`AsObject`](super::AsObject).
    pub trait Sealed {}
    impl<R: super::Reference> Sealed for R {}
    /// A delegate with the Rust closure it owns stands for the delegate.
    impl<D: super::Reference> Sealed for crate::call::FnDelegate<D> {}
}

/// `Self` converts to the reference type `T` without a check or an allocation: `T` is `Self`,
/// a base class of it, or an interface it implements. Generated bindings implement it, and
/// take `Option<&dyn Is<T>>` wherever .NET takes a `T` (so `None` needs no annotation, and
/// `Some(&dog)` passes a `Dog` where an `Animal` or an `IPet` is expected).
///
/// `Is` is a convenience, not a safety promise: every object argument is checked against the
/// type its parameter declares when the call is made (`Error::InvalidArgument` otherwise).
/// Only `this` of a generated class wrapper skips that check, on the wrapper's own proof
/// ([`Reference::class_proof`]), never on an `Is` impl.
/// It is dyn-compatible: its only supertrait is [`AsObject`].
pub trait Is<T: Reference>: AsObject {}

impl<T: Reference> Is<T> for T {}

/// Implements what every generic handle wrapper `Name<T>(Object, PhantomData<fn() -> T>)` has:
/// its class (computed by `$class` from `T`), `Reference`, `Is<Object>`, `Clone` and `Debug`.
macro_rules! generic_reference {
    ($name:ident<T: $bound:path>, $class:expr) => {
        impl<T: $bound> $crate::ManagedType for $name<T> {
            fn class() -> $crate::Result<$crate::Class> {
                $class
            }
        }
        impl<T: $bound> $crate::Reference for $name<T> {
            unsafe fn from_object_unchecked(obj: $crate::Object) -> Self {
                $name(obj, ::std::marker::PhantomData)
            }
            fn as_object(&self) -> &$crate::Object {
                &self.0
            }
            fn into_object(self) -> $crate::Object {
                self.0
            }
        }
        impl<T: $bound> $crate::Is<$crate::Object> for $name<T> {}
        impl<T> ::std::clone::Clone for $name<T> {
            fn clone(&self) -> Self {
                $name(self.0.clone(), ::std::marker::PhantomData)
            }
        }
        impl<T> ::std::fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}({:?})", stringify!($name), self.0)
            }
        }
    };
}
pub(crate) use generic_reference;
