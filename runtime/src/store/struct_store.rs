//! Stores for managed structs: value types with reference fields, which cannot be copied into
//! native memory (the GC would not see their references). Each such struct lives in a box
//! held in a slot of a store of its own type.
//!
//! One store per struct type, and a handle type per struct type ([`StructHandle<T>`]): passing
//! a struct handle where an object handle (or another struct's handle) is expected does not
//! compile. That is the bug the C++ scripting system fixed in its part 28, made impossible.

use std::fmt;
use std::marker::PhantomData;

use crate::error::{Error, Result};
use crate::host::{raw, Class, ObjectRef};
use crate::store::HandleStore;
use crate::value::Object;

slotmap::new_key_type! {
    /// A generation-checked key into one [`StructStore`]; see [`StructHandle`] for the typed form.
    pub struct StructKey;
}

/// The store of one managed struct type `T`.
pub struct StructStore<T> {
    slots: HandleStore<StructKey>,
    _type: PhantomData<fn() -> T>,
}

impl<T> StructStore<T> {
    /// An empty store (usable in a `static`).
    pub const fn new() -> Self {
        StructStore {
            slots: HandleStore::new(),
            _type: PhantomData,
        }
    }

    /// Number of live values of `T` held from Rust (for leak tests).
    pub fn live(&self) -> usize {
        self.slots.len()
    }
}

impl<T> Default for StructStore<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// A managed struct type with its own store. Implemented by generated code.
pub trait ManagedStruct: Sized + 'static {
    /// The store of this type's values.
    fn store() -> &'static StructStore<Self>;
    /// The struct's class.
    fn class() -> Result<Class>;
    /// The struct type's reference by name, for a client of a remote runtime (`None` for a
    /// generic instantiation).
    #[doc(hidden)]
    fn type_ref() -> Option<&'static crate::TypeRef> {
        None
    }
}

/// An owned value of the managed struct `T`, held in `T`'s store.
///
/// Value semantics, as in C#: [`Clone`] copies the struct into a new slot, and mutating one
/// copy never changes another. Dropping the handle frees its slot.
pub struct StructHandle<T: ManagedStruct> {
    key: StructKey,
    /// In a client of a remote runtime, the box the server holds (the key is then null).
    #[cfg(feature = "remote")]
    remote: Option<Object>,
    _type: PhantomData<fn() -> T>,
}

impl<T: ManagedStruct> StructHandle<T> {
    /// Takes ownership of a box of `T` that a call just returned (the thunk boxes struct
    /// returns; that box is already a private copy).
    pub(crate) fn from_box(boxed: ObjectRef) -> Result<Self> {
        if boxed.is_null() {
            return Err(Error::NullReference(format!(
                "a {} value was expected",
                std::any::type_name::<T>()
            )));
        }
        // The box must hold exactly `T` (value types are sealed): a call typed with the wrong
        // struct would otherwise file another struct's box in `T`'s store.
        let class = T::class()?;
        let actual = boxed.class().expect("checked non-null above");
        if actual != class {
            return Err(Error::InvalidCast {
                from: actual.full_name(),
                to: class.full_name(),
            });
        }
        Ok(StructHandle {
            key: T::store().slots.insert(boxed)?,
            #[cfg(feature = "remote")]
            remote: None,
            _type: PhantomData,
        })
    }

    /// A handle to a box of `T` the server this process is a client of holds (`remote`, from
    /// a call's result, made there of `T`'s type).
    #[cfg(feature = "remote")]
    pub(crate) fn from_remote(remote: Object) -> Self {
        StructHandle {
            key: StructKey::default(),
            remote: Some(remote),
            _type: PhantomData,
        }
    }

    /// `T`'s names, as a client of a remote runtime sends them.
    #[cfg(feature = "remote")]
    fn remote_type_name() -> Result<crate::remote::TypeName> {
        T::type_ref()
            .ok_or_else(|| {
                Error::Unsupported(format!(
                    "{} has no name a remote runtime can resolve",
                    std::any::type_name::<T>()
                ))
            })?
            .remote_name("a managed struct")
    }

    /// The server's box, for a handle of a client of a remote runtime.
    pub(crate) fn remote(&self) -> Option<&Object> {
        #[cfg(feature = "remote")]
        return self.remote.as_ref();
        #[cfg(not(feature = "remote"))]
        None
    }

    /// The box, for the length of the current call (instance methods mutate it in place).
    #[inline]
    pub(crate) fn raw(&self) -> Result<ObjectRef> {
        T::store().slots.target(self.key).or_else(|e| self.not_here(e))
    }

    /// The error for a handle the local store does not hold: a remote one's says where its
    /// value is.
    #[cold]
    #[inline(never)]
    fn not_here(&self, e: Error) -> Result<ObjectRef> {
        match self.remote() {
            Some(_) => Err(Error::Unsupported(format!(
                "this {} lives in the runtime of the server this process is a client of: only calls of generated \
                 bindings reach it",
                std::any::type_name::<T>()
            ))),
            None => Err(e),
        }
    }

    /// The key in `T`'s store.
    pub fn key(&self) -> StructKey {
        self.key
    }

    /// The default value of `T` (all fields zero or null), like C#'s `default(T)`.
    pub fn default_value() -> Result<Self> {
        #[cfg(feature = "remote")]
        if crate::remote::connected() {
            let ty = Self::remote_type_name()?;
            return Ok(Self::from_remote(crate::remote::default_box(ty)?));
        }
        Self::from_box(raw::box_default(T::class()?)?)
    }

    /// Boxes a copy of the value into the object store: a new object with its own identity.
    pub fn box_object(&self) -> Result<Object> {
        #[cfg(feature = "remote")]
        if let Some(boxed) = &self.remote {
            // A copy of the server's box is the boxed value.
            return crate::remote::copy_box(boxed);
        }
        let copy = raw::rebox(self.raw()?)?;
        Ok(Object::from_raw(copy)?.expect("boxing never returns null"))
    }

    /// Unboxes `obj` (which must be a boxed `T`) into a new copy in `T`'s store.
    pub fn unbox(obj: &Object) -> Result<Self> {
        #[cfg(feature = "remote")]
        if crate::remote::connected() {
            let ty = Self::remote_type_name()?;
            return Ok(Self::from_remote(crate::remote::unbox_struct(obj, ty)?));
        }
        let boxed = obj.raw()?;
        let class = T::class()?;
        // No class: the handle was released meanwhile by another thread.
        let actual = boxed.class().ok_or(Error::StaleHandle)?;
        if actual != class {
            return Err(Error::InvalidCast {
                from: actual.full_name(),
                to: class.full_name(),
            });
        }
        Self::from_box(raw::rebox(boxed)?)
    }

    /// Copies the value into a fresh slot (what [`Clone`] does, with the error kept).
    pub fn try_clone(&self) -> Result<Self> {
        #[cfg(feature = "remote")]
        if let Some(boxed) = &self.remote {
            return Ok(Self::from_remote(crate::remote::copy_box(boxed)?));
        }
        Self::from_box(raw::rebox(self.raw()?)?)
    }
}

impl<T: ManagedStruct> Clone for StructHandle<T> {
    /// Copies the struct (value semantics). Cloning a handle whose slot was released yields a
    /// handle that reports [`Error::StaleHandle`] on use.
    fn clone(&self) -> Self {
        self.try_clone().unwrap_or(StructHandle {
            key: StructKey::default(),
            #[cfg(feature = "remote")]
            remote: None,
            _type: PhantomData,
        })
    }
}

impl<T: ManagedStruct> Drop for StructHandle<T> {
    fn drop(&mut self) {
        // A null key (from cloning a stale handle) has nothing to free.
        let _ = T::store().slots.remove(self.key);
    }
}

impl<T: ManagedStruct> fmt::Debug for StructHandle<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "StructHandle<{}>({:?})", std::any::type_name::<T>(), self.key)
    }
}
