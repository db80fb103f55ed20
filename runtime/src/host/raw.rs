//! Managed references as they cross the native ABI, values copied by layout, and the heap
//! operations on them: boxes, strings, type objects, GC handles.
//!
//! An [`ObjectRef`] is one word, opaque above the host. On Mono it is the object's address,
//! which lives on the stack for the length of one operation: SGen scans native stacks
//! conservatively (pinning what their words point to) but not the native heap, and it moves
//! objects, so anything that outlives one operation is held where the collector sees it (a
//! store slot, a GC handle, a managed array). On CoreCLR, whose collector is precise and
//! compacting, no address may sit anywhere in Rust: the word names a managed slot (a store
//! slot, or one of the calling thread's slots for what a call takes or returns) that managed
//! code resolves on its side of the call. Either way `ObjectRef` is neither `Send` nor `Sync`
//! and nothing stores one in the heap.

use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr;

use super::backend::on_backend;
use super::epoch_cell::EpochCell;
use super::slots::SlotBoxer;
use super::{coreclr, mono, Class};
use crate::error::{Error, Result};

/// A managed reference held for the length of one call (possibly null): one word, opaque
/// above the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct ObjectRef(pub(in crate::host) *mut c_void);

impl ObjectRef {
    /// The null reference.
    pub const NULL: ObjectRef = ObjectRef(ptr::null_mut());

    /// True for the null reference.
    #[inline]
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }

    /// The object's runtime class; `None` for null.
    #[inline(always)]
    pub fn class(self) -> Option<Class> {
        if self.is_null() {
            return None;
        }
        on_backend!(mono => mono::ObjectRef::from(self).class().map(Class::from), coreclr => coreclr::heap::class_of(self))
    }

    /// The same object, named so that the name stays valid after the handle it was loaded
    /// through is dropped: what Rust returns to managed code that reads it only once Rust's
    /// part is over (a callback's or a native's result, an `out` argument). On Mono the
    /// address itself; on CoreCLR a store's object crosses as its slot checked against the
    /// handle's key (`coreclr/slots.rs`), so it is put in one of the thread's slots first. A
    /// handle released meanwhile is [`Error::StaleHandle`].
    #[inline]
    pub fn detached(self) -> Result<ObjectRef> {
        on_backend!(mono => Ok(self), coreclr => coreclr::slots::detached(self))
    }
}

/// The host's view of a value that crosses to managed code by copy (primitives, enums and
/// full structs): plain data laid out as its managed class, and how to find that class. Every
/// `Blittable` type is one (`value/blittable.rs`), so the host needs nothing from the layers
/// above it.
///
/// # Safety
/// Every bit pattern of the type's size is a valid value, and its layout equals the runtime's
/// layout of [`PlainValue::value_class`] (the size is checked on every copy).
#[doc(hidden)]
pub unsafe trait PlainValue: Copy + 'static {
    /// The managed value type whose layout this is.
    fn value_class() -> Result<Class>;

    /// The type's cache of its checked class, if it has one.
    fn value_class_cache() -> Option<&'static BlittableClass<Self>>;
}

/// Plain data that may sit inside a blittable struct: every Blittable type
/// (`value/blittable.rs`), byte arrays (padding) and raw pointers.
///
/// # Safety
/// Every bit pattern of the type's size is a valid value.
pub unsafe trait PlainData: Copy {}
// SAFETY: an array of plain data is plain data.
unsafe impl<T: PlainData, const N: usize> PlainData for [T; N] {}
// SAFETY: every bit pattern is a valid raw pointer (dereferencing it is what needs care).
unsafe impl<T> PlainData for *mut T {}
// SAFETY: as above.
unsafe impl<T> PlainData for *const T {}

/// `V`'s class, resolved and checked against `V`'s size on first use, then cached: boxing and
/// unboxing then make no metadata call. One per Blittable type, in a `static`.
#[doc(hidden)]
pub struct BlittableClass<V> {
    class: EpochCell<Class>,
    /// What boxes a `V` straight into a store slot (see `slots.rs`).
    boxer: EpochCell<SlotBoxer>,
    _type: PhantomData<fn() -> V>,
}

impl<V: PlainValue> BlittableClass<V> {
    /// An empty cache (usable in a `static`).
    pub const fn new() -> Self {
        BlittableClass {
            class: EpochCell::new(),
            boxer: EpochCell::new(),
            _type: PhantomData,
        }
    }

    #[inline]
    fn boxer(&self) -> Result<&SlotBoxer> {
        self.boxer.get_or_try_init(|| SlotBoxer::resolve(self.get()?))
    }

    #[inline]
    fn get(&self) -> Result<Class> {
        self.class
            .get_or_try_init(|| {
                let class = V::value_class()?;
                check_size::<V>(class)?;
                Ok(class)
            })
            .copied()
    }
}

impl<V: PlainValue> Default for BlittableClass<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// `V`'s class, checked to be a value type of `V`'s size.
#[inline]
pub(crate) fn blittable_class<V: PlainValue>() -> Result<Class> {
    match V::value_class_cache() {
        Some(cache) => cache.get(),
        None => {
            let class = V::value_class()?;
            check_size::<V>(class)?;
            Ok(class)
        }
    }
}

/// What boxes a `V` into a store slot, when `V` has a class cache to keep it in (every
/// generated and runtime type has one); `None` otherwise.
#[inline]
pub(crate) fn slot_boxer<V: PlainValue>() -> Result<Option<&'static SlotBoxer>> {
    match V::value_class_cache() {
        Some(cache) => cache.boxer().map(Some),
        None => Ok(None),
    }
}

/// An all-zero `V` (C#'s `default(V)`; `value::zeroed` for blittable types).
#[inline]
pub(crate) fn zeroed_value<V: PlainValue>() -> V {
    // SAFETY: every bit pattern, all zeros included, is a valid `V` (PlainValue contract).
    unsafe { std::mem::zeroed() }
}

/// `class` is a value type of `V`'s size.
pub(crate) fn check_size<V: PlainValue>(class: Class) -> Result<()> {
    let (size, _) = class.value_size();
    if !class.is_value_type() || size != std::mem::size_of::<V>() {
        return Err(Error::LayoutMismatch {
            type_name: class.full_name(),
            detail: format!(
                "the runtime's value size is {size} bytes but the Rust type {} has {}",
                std::any::type_name::<V>(),
                std::mem::size_of::<V>()
            ),
        });
    }
    Ok(())
}

/// The bytes of a plain value.
fn bytes_of<V: PlainValue>(value: &V) -> &[u8] {
    // SAFETY: `V` is plain data (PlainValue contract): its `size_of` bytes are readable for
    // as long as the borrow, and reading padding as bytes is what a copy by layout does.
    unsafe { std::slice::from_raw_parts(value as *const V as *const u8, std::mem::size_of::<V>()) }
}

/// Boxes a copy of `value` as `V`'s class.
#[inline]
pub(crate) fn box_value<V: PlainValue>(value: &V) -> Result<ObjectRef> {
    let class = blittable_class::<V>()?;
    on_backend!(
        mono => mono::raw::box_value(class.into(), value).map(ObjectRef::from),
        coreclr => coreclr::heap::box_bytes(class, bytes_of(value)),
    )
}

/// Boxes a copy of the value inside the box `boxed` (a new identity, same class).
pub(crate) fn rebox(boxed: ObjectRef) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::raw::rebox(boxed.into()).map(ObjectRef::from),
        coreclr => coreclr::heap::rebox(boxed),
    )
}

/// A zero-initialised box of the value type `class` (C#'s `default(T)`).
pub(crate) fn box_default(class: Class) -> Result<ObjectRef> {
    if !class.is_value_type() {
        return Err(Error::InvalidArgument(format!(
            "{} is not a value type",
            class.full_name()
        )));
    }
    on_backend!(
        mono => mono::raw::box_default(class.into()).map(ObjectRef::from),
        coreclr => coreclr::heap::box_default(class),
    )
}

/// Copies the value inside `obj` into a `V`. The caller checked that `obj` is a non-null box
/// of [`blittable_class::<V>()`](blittable_class) (size checked there), or of an enum whose
/// underlying type that is (same size).
#[inline]
pub(crate) fn read_unboxed<V: PlainValue>(obj: ObjectRef) -> Result<V> {
    on_backend!(mono => Ok(mono::raw::read_unboxed(obj.into())), coreclr => {
        let mut value = zeroed_value::<V>();
        // SAFETY: `value` is plain data (PlainValue contract): any bytes written are a valid
        // `V`, and the slice covers exactly its `size_of` bytes for the borrow.
        let bytes = unsafe {
            std::slice::from_raw_parts_mut(&mut value as *mut V as *mut u8, std::mem::size_of::<V>())
        };
        coreclr::heap::unbox_into(obj, bytes)?;
        Ok(value)
    })
}

/// The most UTF-16 code units a `System.String` holds: its `Length` is an `int`.
pub(crate) const MAX_STRING_UNITS: usize = i32::MAX as usize;

/// What a C# program gets for the same request: the .NET exception `type_name` (an allocation
/// .NET refuses), as an error of the call that asked for it.
pub(crate) fn refused(type_name: &str, message: String) -> Error {
    Error::ManagedException {
        type_name: type_name.into(),
        message,
        stack_trace: String::new(),
        inner: Box::new([]),
    }
}

/// True when `s` has more UTF-16 code units than a string holds, found without encoding it: a
/// text of at most that many bytes never has more units than bytes, and only characters above
/// U+FFFF (four bytes of UTF-8 each) take two units.
pub(crate) fn too_long_for_a_string(s: &str) -> bool {
    if s.len() <= MAX_STRING_UNITS {
        return false;
    }
    let chars = s.chars().count();
    if chars > MAX_STRING_UNITS {
        return true;
    }
    if chars + (s.len() - chars) / 3 <= MAX_STRING_UNITS {
        return false;
    }
    chars + s.chars().filter(|c| c.len_utf16() == 2).count() > MAX_STRING_UNITS
}

pub(crate) fn string_too_long(what: &str) -> Error {
    refused(
        "System.OutOfMemoryException",
        format!("a System.String holds at most {MAX_STRING_UNITS} UTF-16 code units; {what} are more"),
    )
}

/// A new `System.String` with these UTF-16 code units. More units than a string can hold, or
/// a string the runtime cannot allocate, is .NET's `OutOfMemoryException` (never a shorter
/// string).
pub(crate) fn string_new(units: &[u16]) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::raw::string_new(units).map(ObjectRef::from),
        coreclr => {
            if units.len() > MAX_STRING_UNITS {
                return Err(string_too_long(&format!("{} UTF-16 code units", units.len())));
            }
            coreclr::heap::string_new(units)
        },
    )
}

/// A new `System.String` with the text of `s` (see [`string_new`] for the limits).
pub(crate) fn string_from_str(s: &str) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::raw::string_from_str(s).map(ObjectRef::from),
        coreclr => {
            if too_long_for_a_string(s) {
                return Err(string_too_long(&format!("{} bytes of UTF-8 text", s.len())));
            }
            coreclr::heap::string_from_str(s)
        },
    )
}

/// The UTF-16 code units of a non-null `System.String`.
pub(crate) fn string_units(s: ObjectRef) -> Result<Vec<u16>> {
    on_backend!(mono => Ok(mono::raw::string_units(s.into())), coreclr => coreclr::heap::string_units(s))
}

/// True when `a` and `b` name one object (or are both null): on Mono the same address, on
/// CoreCLR two words whose slots hold one object.
pub(crate) fn same_object(a: ObjectRef, b: ObjectRef) -> bool {
    on_backend!(mono => a == b, coreclr => coreclr::heap::same_object(a, b))
}

/// Copies the value in the box `src` into the box `dest`, both of one value type.
pub(crate) fn copy_boxed(dest: ObjectRef, src: ObjectRef) -> Result<()> {
    on_backend!(
        mono => mono::raw::copy_boxed(dest.into(), src.into()),
        coreclr => coreclr::heap::copy_boxed(dest, src),
    )
}

/// The bits of a boxed primitive or enum (at most 8 bytes), zero-extended.
pub(crate) fn primitive_box_bits(obj: ObjectRef) -> Result<u64> {
    on_backend!(mono => Ok(mono::raw::primitive_box_bits(obj.into())), coreclr => {
        // As on Mono, no bits for anything but a boxed value of at most 8 bytes.
        let mut bits = [0u8; 8];
        match obj.class() {
            Some(c) if c.is_value_type() && c.value_size().0 <= 8 && !coreclr::heap::holds_references(c) => {
                coreclr::heap::unbox_into(obj, &mut bits[..c.value_size().0])?;
                Ok(u64::from_le_bytes(bits))
            }
            _ => Ok(0),
        }
    })
}
