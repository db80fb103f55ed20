//! Managed slot arrays: where the stores keep the objects Rust holds.
//!
//! A store's objects live in `object[]` segments owned by the managed heap, one element per
//! store slot, so that an object held from Rust is an ordinary managed reference that SGen
//! traces and updates when it moves the object. Reading a slot is one load from the segment's
//! data: no Mono call and no GC handle lookup (`mono_gchandle_get_target` enters and leaves a
//! GC-unsafe region and walks SGen's handle table, about as long as a whole call to a small
//! method).
//!
//! Each segment array is held by a *pinned* GC handle: pinning is what makes the address of
//! the array's data a fact the native side may keep, since SGen never moves a pinned object.
//! This is the only GC handle a store holds, one per segment.
//!
//! The arrays live in the current unit's domain (`unit.rs`), like the objects they hold:
//! storing a unit's object into an array of the root domain made every box six times slower
//! (229 ns against 37 ns for an Int32 box + drop, `cargo bench --bench boxing`), Mono's
//! reference store across domains taking a slow path. So a reload, after emptying every slot,
//! [renews](ManagedSegment::renew) each segment: a new array of the same length in the new
//! unit. The old array and its pinned handle go with the old domain (Mono frees a domain's GC
//! handles when it unloads it, so the handle is not freed here).

use std::ffi::c_void;
use std::sync::atomic::{AtomicPtr, Ordering};

use super::entry::{runtime_invoke, unmanaged_thunk};
use super::ffi;
use super::metadata::{Class, Method};
use super::raw::{exception_info, read_unboxed, type_object, ObjectRef, PlainValue};
use super::runtime::Runtime;
use super::EpochCell;
use crate::error::{Error, Result};

/// One pinned `object[]` of a store (replaced by a new one in each unit).
pub(crate) struct ManagedSegment {
    /// The array, in the current unit.
    array: AtomicPtr<ffi::MonoArray>,
    /// Element 0 of `array`. Elements are pointer-sized references, read and written as atomics
    /// because other threads (and the collector, when it updates moved objects) write them.
    data: AtomicPtr<AtomicPtr<ffi::MonoObject>>,
    len: usize,
}

// SAFETY: the segment is a pinned managed array of the current unit, replaced only by a
// reload, while no other thread uses the runtime (Runtime::reload's contract); its elements
// are only accessed through atomics or Mono's write barrier, from attached threads.
unsafe impl Send for ManagedSegment {}
// SAFETY: as above.
unsafe impl Sync for ManagedSegment {}

/// A new pinned `object[len]` of nulls in the current unit, and the address of its element 0.
fn pinned_array(len: usize) -> Result<(*mut ffi::MonoArray, *mut AtomicPtr<ffi::MonoObject>)> {
    let rt = Runtime::get()?;
    // SAFETY: valid domain and class; the thread is attached (Runtime::get). The array is on
    // this stack until the pinned handle below holds it; `mono_array_addr_with_size` only
    // computes the address of element 0 (there are `len` ≥ 1 elements).
    unsafe {
        let array = ffi::mono_array_new(rt.domain(), ffi::mono_get_object_class(), len);
        if array.is_null() {
            return Err(Error::Unsupported(format!(
                "Mono could not allocate a store segment of {len} slots"
            )));
        }
        // Pinned (second argument): SGen never moves the array, so `data` stays valid.
        ffi::mono_gchandle_new(array as *mut ffi::MonoObject, 1);
        let data = ffi::mono_array_addr_with_size(array, size_of::<usize>() as i32, 0);
        Ok((array, data as *mut AtomicPtr<ffi::MonoObject>))
    }
}

impl ManagedSegment {
    /// A new pinned `object[len]` of nulls. Needs the runtime (the callers hold an object).
    pub(crate) fn new(len: usize) -> Result<ManagedSegment> {
        let (array, data) = pinned_array(len)?;
        Ok(ManagedSegment {
            array: AtomicPtr::new(array),
            data: AtomicPtr::new(data),
            len,
        })
    }

    /// Replaces the array with a new one of the same length in the current unit (a reload,
    /// once every slot is empty and the new unit has started; nothing else runs meanwhile).
    /// Mono failing to allocate it ends the process, as a failed allocation does in Rust: the
    /// old array is gone with its unit and no segment may point into it.
    pub(crate) fn renew(&self) {
        match pinned_array(self.len) {
            Ok((array, data)) => {
                self.array.store(array, Ordering::Release);
                self.data.store(data, Ordering::Release);
            }
            Err(e) => {
                log::error!(target: "cilbind", "a reload could not renew a store segment: {e}");
                std::process::abort();
            }
        }
    }

    #[inline]
    fn element(&self, offset: usize) -> &AtomicPtr<ffi::MonoObject> {
        assert!(offset < self.len, "slot {offset} outside a segment of {}", self.len);
        // SAFETY: in bounds (checked above) of the current unit's pinned array, which lives
        // until a reload renews it (no reader runs meanwhile); the element is a pointer-sized,
        // pointer-aligned reference, which AtomicPtr may view.
        unsafe { &*self.data.load(Ordering::Acquire).add(offset) }
    }

    /// The object in slot `offset` (null when empty), for the length of the current call.
    ///
    /// Once loaded, the reference sits on this thread's stack or in its registers, where
    /// SGen's conservative scan of attached threads keeps the object alive and in place, so
    /// the thread is attached first.
    #[inline]
    pub(crate) fn load(&self, offset: usize) -> ObjectRef {
        super::thread::ensure();
        ObjectRef(self.element(offset).load(Ordering::Acquire))
    }

    /// Stores `obj` in slot `offset` through SGen's write barrier (the array may be in the
    /// old generation while `obj` is in the nursery: the barrier marks the card that makes the
    /// next minor collection see the reference).
    #[inline]
    pub(crate) fn store(&self, offset: usize, obj: ObjectRef) {
        super::thread::ensure();
        let element = self.element(offset);
        // SAFETY: `element` is slot `offset` of this live array, `obj` a live object on this
        // stack; `mono_gc_wbarrier_set_arrayref` is `array[offset] = obj` with the barrier.
        unsafe {
            ffi::mono_gc_wbarrier_set_arrayref(
                self.array.load(Ordering::Acquire),
                element.as_ptr() as *mut c_void,
                obj.0,
            )
        };
    }

    /// Empties slot `offset`, dropping the store's reference to its object. A plain store, no
    /// barrier and no call into Mono: SGen's card-table barrier
    /// (`sgen_card_table_wbarrier_set_field`, mono/sgen/sgen-cardtable.c) stores the value and
    /// then marks the card only when the value is in the nursery or a concurrent mark is
    /// running (its mod-union table, which makes the final pause re-scan objects that gained
    /// references meanwhile). Null is never in the nursery and adds no reference to re-scan;
    /// a concurrent mark that already saw the old object merely keeps it one more cycle.
    #[inline]
    pub(crate) fn clear(&self, offset: usize) {
        self.element(offset).store(std::ptr::null_mut(), Ordering::Release);
    }

    /// The segment array itself, to pass to the helper that fills a slot (a raw pointer is
    /// fine: the array is pinned).
    fn array(&self) -> *mut ffi::MonoArray {
        self.array.load(Ordering::Acquire)
    }
}

/// `static void Box(IntPtr value, object[] segment, int offset)`, emitted per value type by
/// `Cilbind.Slots.BuildBox`: boxes a copy of the value into the slot in one call into managed
/// code (a box made by the JIT's allocator, against `mono_value_box`'s class and vtable
/// lookups, and no GC handle).
type BoxInto = unsafe extern "C" fn(*const c_void, *mut ffi::MonoArray, i32, *mut *mut ffi::MonoObject);

/// The entry point that boxes values of one blittable type into a slot, resolved once per
/// type (in its [`BlittableClass`](super::BlittableClass) cache).
pub(crate) struct SlotBoxer(BoxInto);

impl SlotBoxer {
    /// The boxer of values of `class` (a value type).
    pub(crate) fn resolve(class: Class) -> Result<SlotBoxer> {
        static BUILD: EpochCell<Method> = EpochCell::new();
        let build = *BUILD.get_or_try_init(|| {
            Runtime::get()?
                .helper()
                .class("Cilbind", "Slots")?
                .method("BuildBox", &["System.Type"])
        })?;
        let mut args = [type_object(class)?.as_ptr() as *mut c_void];
        let handle = runtime_invoke(build, std::ptr::null_mut(), &mut args).map_err(|e| {
            let info = exception_info(e);
            Error::InvalidArgument(format!(
                "no boxer for {}: {}: {}",
                class.full_name(),
                info.type_name,
                info.message
            ))
        })?;
        // `MethodHandle.Value` boxed: in Mono a RuntimeMethodHandle's value is the MonoMethod*.
        let raw: isize = read_unboxed(handle);
        let method = Method::from_ptr(raw as *mut ffi::MonoMethod)
            .ok_or_else(|| Error::Unsupported(format!("BuildBox gave no method for {}", class.full_name())))?;
        let entry = unmanaged_thunk(method)?;
        // SAFETY: the thunk of `static void Box(IntPtr, object[], int)` takes a pointer, the
        // array and the int, then the exception slot (Mono's thunk convention, see
        // call/shim.rs), and returns nothing.
        Ok(SlotBoxer(unsafe {
            std::mem::transmute::<*const c_void, BoxInto>(entry)
        }))
    }

    /// Boxes a copy of `value` into element `index` of `array`, an `object[]` (the reflective
    /// path's arguments); a thrown exception (an `OutOfMemoryException`, or an index outside
    /// the array) is returned as `Err`. `V` is the type this boxer was resolved for.
    #[inline]
    pub(crate) fn box_into_array<V: PlainValue>(
        &self,
        value: &V,
        array: ObjectRef,
        index: usize,
    ) -> std::result::Result<(), ObjectRef> {
        assert!(
            array.class() == Some(super::array::object_array_class()),
            "boxing into an object[] only"
        );
        let index = i32::try_from(index).map_err(|_| ObjectRef::NULL)?;
        super::thread::ensure();
        let mut exc: *mut ffi::MonoObject = std::ptr::null_mut();
        // SAFETY: as in `box_into`; `array` is a live object[] (checked above) on this stack,
        // and managed code checks the index against its length (an exception otherwise).
        unsafe {
            (self.0)(
                value as *const V as *const c_void,
                array.as_ptr() as *mut ffi::MonoArray,
                index,
                &mut exc,
            )
        };
        if !exc.is_null() {
            return Err(ObjectRef(exc));
        }
        Ok(())
    }

    /// Boxes a copy of `value` into slot `offset` of `segment`; a thrown exception (an
    /// `OutOfMemoryException`) is returned as `Err`. `V` must be the type this boxer was
    /// resolved for (its [`BlittableClass`](super::BlittableClass) guarantees it).
    #[inline]
    pub(crate) fn box_into<V: PlainValue>(
        &self,
        value: &V,
        segment: &ManagedSegment,
        offset: usize,
    ) -> std::result::Result<(), ObjectRef> {
        assert!(
            offset < segment.len,
            "slot {offset} outside a segment of {}",
            segment.len
        );
        super::thread::ensure();
        let mut exc: *mut ffi::MonoObject = std::ptr::null_mut();
        // SAFETY: `self.0` takes a pointer to a `V` (the boxer was resolved for `V`'s class,
        // whose size the cache checked against `V`), the live pinned array and an index in its
        // bounds (checked above), and a valid exception slot. Managed code copies the value
        // out of `value`, which outlives the call.
        unsafe {
            (self.0)(
                value as *const V as *const c_void,
                segment.array(),
                offset as i32,
                &mut exc,
            )
        };
        if !exc.is_null() {
            return Err(ObjectRef(exc));
        }
        Ok(())
    }
}
