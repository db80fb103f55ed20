//! Explicit boxing. A value type becomes an object only through [`BoxAs::box_as`], and only
//! to a target it really converts to (`Object`, `ValueType`, `Enum` for enums, and each
//! interface it implements): there is no `From`/`Into` that allocates a box. Unboxing is
//! checked ([`Unbox`]).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU32, Ordering};

use crate::error::{Error, Result};
use crate::host::{raw, Class, ObjectRef};
use crate::store::ObjectStore;
use crate::value::{Object, Reference};

use crate::value::Blittable;

/// A .NET type with a Rust binding: knows its Mono class.
pub trait ManagedType {
    /// The type's class, resolved once and cached by implementors.
    fn class() -> Result<Class>;

    /// The type's reference by name, for what names it without a local runtime (a client of
    /// a remote runtime boxing a value): every non-generic type the runtime and the generator
    /// declare has one; `None` for the rest (a generic instantiation, whose class is computed).
    #[doc(hidden)]
    fn type_ref() -> Option<&'static crate::TypeRef> {
        None
    }

    /// The type's names as a remote runtime resolves them (a generic instantiation's with its
    /// type arguments'): what a client of one sends to name the type.
    #[doc(hidden)]
    fn remote_type() -> Result<crate::remote::TypeName> {
        match Self::type_ref() {
            Some(type_ref) => type_ref.remote_name("the type"),
            None => Err(Error::Unsupported(format!(
                "{} has no name a remote runtime can resolve",
                std::any::type_name::<Self>()
            ))),
        }
    }
}

/// Boxing to the reference type `Target`: implemented exactly for the targets the .NET type
/// converts to (its base types and its interfaces, inherited ones included).
pub trait BoxAs<Target: Reference> {
    /// Boxes a copy of the value; the box has its own identity.
    fn box_to(&self) -> Result<Target>;
}

/// `value.box_as::<Target>()`: the same conversion as [`BoxAs::box_to`], with the target named
/// at the call site. Implemented for every type.
pub trait Boxing {
    /// Boxes a copy of the value as `Target` (only where `Self: BoxAs<Target>`).
    fn box_as<Target: Reference>(&self) -> Result<Target>
    where
        Self: BoxAs<Target>,
    {
        self.box_to()
    }
}

impl<T: ?Sized> Boxing for T {}

/// Checked unboxing from an [`Object`] (see [`Object::unbox`]).
pub trait Unbox: Sized {
    /// Copies the value out of `obj`, or fails with [`Error::InvalidCast`] naming both types.
    fn unbox_from(obj: &Object) -> Result<Self>;
}

/// Boxes a blittable value (primitive, enum or full struct) as an `Object`.
///
/// Types with a class cache (all generated and runtime types) box in one call into managed
/// code that allocates the box straight into its store slot; others through `mono_value_box`.
#[inline]
pub fn box_blittable<V: Blittable>(value: &V) -> Result<Object> {
    if let Some(boxer) = raw::slot_boxer::<V>()? {
        let (key, word) = ObjectStore::insert_with(|objects, offset| boxer.box_into(value, objects, offset))?;
        return Ok(Object::from_new_key(key, word));
    }
    let boxed = raw::box_value(value)?;
    Ok(Object::from_raw(boxed)?.expect("boxing never returns null"))
}

/// Unboxes a blittable value under the CLI's rule: the box's exact type, or an enum box read
/// as its underlying type.
pub fn unbox_blittable<V: Blittable>(obj: &Object) -> Result<V> {
    match obj.raw() {
        Ok(boxed) => unbox_raw(boxed),
        Err(e) => unbox_elsewhere(obj, e),
    }
}

/// [`unbox_blittable`] of a handle the local runtime does not hold: a box on the server this
/// process is a client of is read there; any other handle's error stands.
#[cold]
#[inline(never)]
fn unbox_elsewhere<V: Blittable>(obj: &Object, e: Error) -> Result<V> {
    if crate::remote::connected() && crate::remote::objects::contains(obj.key()) {
        return crate::remote::unbox_value(obj);
    }
    Err(e)
}

/// [`unbox_blittable`] of a reference held on the stack (a call's result); null is
/// [`Error::NullReference`].
pub(crate) fn unbox_raw<V: Blittable>(boxed: ObjectRef) -> Result<V> {
    let Some(actual) = boxed.class() else {
        return Err(Error::NullReference(format!(
            "cannot unbox null as {}",
            std::any::type_name::<V>()
        )));
    };
    let target = raw::blittable_class::<V>()?;
    if actual == target || (actual.is_enum() && actual.enum_underlying() == Some(target)) {
        raw::read_unboxed(boxed)
    } else {
        Err(Error::InvalidCast {
            from: actual.full_name(),
            to: target.full_name(),
        })
    }
}

/// Proof, checked once against Mono, that a box of `V` is an instance of `T`: boxing to `T`
/// then wraps the box without a per-box check. A `BoxProof` starts unproven and only the
/// runtime proves it, for exactly its own `V` and `T`.
#[doc(hidden)]
pub struct BoxProof<V, T> {
    /// The unit epoch the proof holds in (0: unproven); a reload may change either class, so
    /// the proof is made again in each unit.
    proven: AtomicU32,
    _types: PhantomData<fn() -> (V, T)>,
}

impl<V, T> BoxProof<V, T> {
    /// An unproven proof (usable in a `static`).
    pub const fn new() -> Self {
        BoxProof {
            proven: AtomicU32::new(0),
            _types: PhantomData,
        }
    }
}

impl<V, T> Default for BoxProof<V, T> {
    fn default() -> Self {
        Self::new()
    }
}

/// Boxes `value` as `T`: the first call checks that `V`'s class converts to `T`'s (the
/// target of a `BoxAs` impl that [`impl_boxing!`](crate::generated::impl_boxing) wrote by
/// hand could be wrong), later ones only box.
#[doc(hidden)]
#[inline]
pub fn box_to_checked<V: Blittable, T: Reference>(value: &V, proof: &BoxProof<V, T>) -> Result<T> {
    // Started first: before start-up the epoch is 0, the value of an unproven proof.
    if let Err(e) = crate::Runtime::ensure_current_thread() {
        return box_elsewhere(value, e);
    }
    let epoch = crate::host::unit::epoch();
    if proof.proven.load(Ordering::Acquire) != epoch {
        let from = raw::blittable_class::<V>()?;
        let to = T::class()?;
        if !to.is_assignable_from(from) {
            return Err(Error::InvalidCast {
                from: from.full_name(),
                to: to.full_name(),
            });
        }
        proof.proven.store(epoch, Ordering::Release);
    }
    let obj = box_blittable(value)?;
    // SAFETY: `obj` is a box of `V`'s class, which converts to `T`'s (proven above, once).
    Ok(unsafe { T::from_object_unchecked(obj) })
}

/// Boxing where no local runtime runs: a client of a remote runtime boxes on its server; any
/// other process's error (no runtime) stands.
#[cold]
#[inline(never)]
pub(crate) fn box_elsewhere<V: Blittable, T: Reference>(value: &V, e: Error) -> Result<T> {
    if crate::remote::connected() {
        return crate::remote::box_value(value);
    }
    Err(e)
}

/// Implements [`BoxAs`] for a blittable type and each listed target, and [`Unbox`].
#[doc(hidden)]
#[macro_export]
macro_rules! __impl_blittable_boxing {
    ($ty:ty => $($target:ty),* $(,)?) => {
        $(
            impl $crate::BoxAs<$target> for $ty {
                #[inline]
                fn box_to(&self) -> $crate::Result<$target> {
                    static PROOF: $crate::generated::BoxProof<$ty, $target> = $crate::generated::BoxProof::new();
                    $crate::generated::box_to_checked(self, &PROOF)
                }
            }
        )*
        impl $crate::Unbox for $ty {
            #[inline]
            fn unbox_from(__obj: &$crate::Object) -> $crate::Result<Self> {
                $crate::unbox_blittable(__obj)
            }
        }
    };
}
