//! How Rust values cross into a raw call: each argument is lowered to its native-ABI form
//! (a slot on the caller's stack), and the return value is lifted back.
//!
//! | Rust argument | native form ([`Abi`]) | .NET parameter |
//! |---|---|---|
//! | `i32`, `f64`, [`Int32`](crate::Int32), … | itself | the primitive |
//! | `bool`, [`Boolean`](crate::Boolean) | `u8` 0/1 | `bool` |
//! | `&T`/`Option<&T>` where `T:` [`Reference`] | an [`ObjectRef`] (null for `None`) ([`Abi::Ref`]) | class, interface, `object` |
//! | `&str`, `Option<&str>` | a new string's [`ObjectRef`] ([`Abi::Ref`]) | `string` |
//! | [`StrValue`] (what generated code makes of any [`StrArg`](crate::StrArg)) | a new string's [`ObjectRef`], a [`NetString`](crate::NetString)'s, or null ([`Abi::Ref`]) | `string` |
//! | [`In(&v)`](In) where `v:` [`Blittable`] | `*const V` ([`Abi::ByRef`]) | full struct by value (trampoline) |
//! | [`Out(&mut v)`](Out) | `*mut V` ([`Abi::ByRef`]) | `ref`/`out` primitive, enum or full struct |
//! | [`RefObject(&mut Option<T>)`](RefObject) | `*mut ObjectRef` ([`Abi::ByRefObject`]) | `ref`/`out` object |
//! | [`RefString(&mut Option<String>)`](RefString) | `*mut ObjectRef` ([`Abi::ByRefObject`]) | `ref`/`out` string |
//! | `&StructHandle<S>` | the box ([`Abi::Ref`]) | managed struct by value, or its `this` |
//! | [`UnmanagedPtr`] (made with `unsafe`) | `T*` ([`Abi::Pointer`]) | unmanaged pointer `T*` |
//! | [`Nullable<V>`](Nullable) where `V:` [`Blittable`] | null or a box of `V` ([`Abi::Ref`]) | `Nullable<T>` (`T?`) |
//! | [`RefNullable(&mut Option<V>)`](crate::RefNullable) | `*mut Nullable<V>` ([`Abi::ByRef`]) | `ref`/`out` `T?` (trampoline) |
//! | `&mut [V]` / `&[V]` where `V:` [`Blittable`] | pointer to a [`SpanSlot`](crate::SpanSlot) ([`Abi::Span`]) | `Span<T>` / `ReadOnlySpan<T>` (trampoline) |
//!
//! References ([`ObjectRef`]: on Mono the object's address) live only in these slots, on the
//! stack, for the length of the call.
//!
//! The traits here are sealed: a wrong implementation (a slot whose native form is not what
//! its [`Abi`] says) would hand managed code garbage, so only the runtime implements them.

use crate::call::recorded::{Describe, Recorded};
use crate::error::Result;
pub use crate::host::Abi;
use crate::host::{raw, ObjectRef};
use crate::store::{ManagedStruct, StructHandle};
use crate::value::object::wrap;
use crate::value::string::read_string;

pub use super::by_ref::{In, Out, RefObject, RefString};
use crate::value::Blittable;
use crate::value::{Boolean, NetString, Nullable, Reference, StrValue};

/// An exact, compact form of a signature (the return's class, then each parameter's), so that
/// a call compares its Rust signature with the method's in one integer compare: a constant on
/// the Rust side (computed at compile time), a field of the [`Thunk`](crate::Thunk). Each class
/// takes 16 bits (its variant, and the size and mutability it carries); a signature of more
/// than eight classes, or with a size of 1024 bytes or more, has no key (0), and is compared
/// class by class instead. Equal non-zero keys mean equal signatures: the encoding is
/// injective (no class encodes as 0, so the length is the count of non-zero fields).
pub(crate) const fn signature_key(abis: &[Abi]) -> u128 {
    if abis.len() > 8 {
        return 0;
    }
    let mut key = 0u128;
    let mut i = 0;
    while i < abis.len() {
        let code = abi_code(abis[i]);
        if code == 0 {
            return 0;
        }
        key |= (code as u128) << (16 * i);
        i += 1;
    }
    key
}

/// 16 bits: the variant (1..=22) in bits 11–15, a flag in bit 10, a size below 1024 in bits
/// 0–9; 0 when the size does not fit.
const fn abi_code(abi: Abi) -> u16 {
    const fn sized(variant: u16, flag: bool, size: usize) -> u16 {
        if size >= 1024 {
            0
        } else {
            (variant << 11) | ((flag as u16) << 10) | size as u16
        }
    }
    match abi {
        Abi::Void => sized(1, false, 0),
        Abi::Bool => sized(2, false, 0),
        Abi::Char => sized(3, false, 0),
        Abi::I8 => sized(4, false, 0),
        Abi::U8 => sized(5, false, 0),
        Abi::I16 => sized(6, false, 0),
        Abi::U16 => sized(7, false, 0),
        Abi::I32 => sized(8, false, 0),
        Abi::U32 => sized(9, false, 0),
        Abi::I64 => sized(10, false, 0),
        Abi::U64 => sized(11, false, 0),
        Abi::F32 => sized(12, false, 0),
        Abi::F64 => sized(13, false, 0),
        Abi::ISize => sized(14, false, 0),
        Abi::USize => sized(15, false, 0),
        Abi::Ref => sized(16, false, 0),
        Abi::ByRef(size) => sized(17, false, size),
        Abi::ByRefObject => sized(18, false, 0),
        Abi::Pointer => sized(19, false, 0),
        Abi::Span { element, mutable } => sized(20, mutable, element),
        Abi::Sret(size) => sized(21, false, size),
        Abi::Unsupported => sized(22, false, 0),
    }
}

// The conversions of primitives below are `#[inline(always)]`: they are compiled in the
// calling crate (generic code), where a debug build would otherwise make each a call of its
// own (see `shim.rs`).

pub(crate) mod sealed {
    //! Only the runtime implements the argument and return traits (one seal per trait).
    pub trait Arg {}
    pub trait Slot {}
    pub trait Ret {}
    pub trait List {}
}

/// A Rust value that can be passed to a raw call (sealed: see the module documentation).
pub trait Arg: sealed::Arg + Describe {
    /// The native-ABI class of this argument.
    const ABI: Abi;
    /// The argument's slot on the caller's stack.
    type Slot: ArgSlot;
    /// Converts the argument (may fail: a stale handle, for example).
    fn lower(self) -> Result<Self::Slot>;
    /// The argument as a call to a remote runtime sends it (see [`remote`](crate::remote));
    /// an argument kind no connection carries is [`Error::Unsupported`](crate::Error).
    #[doc(hidden)]
    fn to_remote(&self) -> Result<Recorded> {
        Err(crate::remote::values::not_carried(std::any::type_name::<Self>()))
    }
    /// Writes what a remote call left in a by-ref argument to the caller's variable; an
    /// argument passed by value has nothing to write.
    #[doc(hidden)]
    fn write_back_remote(self, value: Recorded) -> Result<()>
    where
        Self: Sized,
    {
        let _ = value;
        Ok(())
    }
    /// True when, after a remote call, the argument fetches what the callee left in it from
    /// the server itself ([`finish_remote`](Arg::finish_remote): a slice written back, whose
    /// array the server holds): a call with such an argument is never pipelined.
    #[doc(hidden)]
    const FETCHES_BACK_REMOTE: bool = false;
    /// After a remote call that returned normally, for an argument the server wrote nothing
    /// back to: fetches what it must ([`FETCHES_BACK_REMOTE`](Arg::FETCHES_BACK_REMOTE)).
    #[doc(hidden)]
    fn finish_remote(self) -> Result<()>
    where
        Self: Sized,
    {
        Ok(())
    }
}

/// A lowered argument: its native form, and a write-back after the call for by-ref ones
/// (sealed).
pub trait ArgSlot: sealed::Slot {
    /// The native-ABI type.
    type Raw: Copy;
    /// The native value to pass (for by-ref slots, a pointer into the slot).
    fn raw(&mut self) -> Self::Raw;
    /// The object this slot passes (or whose reference it passes by ref), for the type check
    /// before the call; `None` for slots that carry no reference.
    #[doc(hidden)]
    #[inline(always)]
    fn object(&self) -> Option<ObjectRef> {
        None
    }
    /// The type whose instance [`ArgSlot::object`] is proved to be, by the wrapper it came
    /// from (a `This` receiver's, see `this_proof.rs`); null for every other slot.
    #[doc(hidden)]
    #[inline(always)]
    fn proved_type(&self) -> *const crate::TypeRef {
        std::ptr::null()
    }
    /// Writes results back to the caller (by-ref slots) once the call returned normally.
    fn finish(self) -> Result<()>;
    /// [`ArgSlot::finish`], also returning what a by-ref slot holds after the call, for the
    /// call recorder (`None` for slots passed by value). Called only while recording.
    #[doc(hidden)]
    fn finish_recorded(self) -> Result<Option<Recorded>>
    where
        Self: Sized,
    {
        self.finish().map(|()| None)
    }
}

/// A value a raw call can return (sealed).
pub trait Ret: sealed::Ret + Sized {
    /// The native-ABI class of this return value.
    const ABI: Abi;
    /// The native-ABI type.
    type Raw: Copy;
    /// Converts the native return value; a reference is checked against the Rust type's class.
    fn lift(raw: Self::Raw) -> Result<Self>;
    /// The result as the call log records it (only while recording).
    #[doc(hidden)]
    fn describe_result(&self) -> Recorded;
    /// The result of a call a remote runtime ran, from what its server sent.
    #[doc(hidden)]
    fn from_remote(value: Recorded) -> Result<Self>;
}

macro_rules! plain {
    ($($t:ty => $abi:ident),*) => {$(
        impl sealed::Arg for $t {}
        impl sealed::Slot for $t {}
        impl sealed::Ret for $t {}
        impl Arg for $t {
            const ABI: Abi = Abi::$abi;
            type Slot = $t;
            #[inline(always)]
            fn lower(self) -> Result<$t> {
                Ok(self)
            }
            fn to_remote(&self) -> Result<Recorded> {
                Ok(self.describe())
            }
        }
        impl ArgSlot for $t {
            type Raw = $t;
            #[inline(always)]
            fn raw(&mut self) -> $t {
                *self
            }
            #[inline(always)]
            fn finish(self) -> Result<()> {
                Ok(())
            }
        }
        impl Ret for $t {
            const ABI: Abi = Abi::$abi;
            type Raw = $t;
            #[inline(always)]
            fn lift(raw: $t) -> Result<$t> {
                Ok(raw)
            }
            fn describe_result(&self) -> Recorded {
                self.describe()
            }
            fn from_remote(value: Recorded) -> Result<$t> {
                crate::remote::values::FromRecorded::from_recorded(value)
            }
        }
    )*};
}

plain!(i8 => I8, u8 => U8, i16 => I16, u16 => U16, i32 => I32, u32 => U32, i64 => I64, u64 => U64, f32 => F32,
    f64 => F64, isize => ISize, usize => USize);
plain!(
    crate::SByte => I8,
    crate::Byte => U8,
    crate::Int16 => I16,
    crate::UInt16 => U16,
    crate::Int32 => I32,
    crate::UInt32 => U32,
    crate::Int64 => I64,
    crate::UInt64 => U64,
    crate::Single => F32,
    crate::Double => F64,
    crate::IntPtr => ISize,
    crate::UIntPtr => USize,
    crate::Char => Char,
    Boolean => Bool
);

impl sealed::Arg for bool {}
impl sealed::Ret for bool {}
impl Arg for bool {
    const ABI: Abi = Abi::Bool;
    type Slot = u8;
    #[inline(always)]
    fn lower(self) -> Result<u8> {
        // Exactly 0 or 1: Mono reads other values unpredictably (0x100 was read as true).
        Ok(self as u8)
    }
    fn to_remote(&self) -> Result<Recorded> {
        Ok(self.describe())
    }
}

impl Ret for bool {
    const ABI: Abi = Abi::Bool;
    type Raw = u8;
    #[inline(always)]
    fn lift(raw: u8) -> Result<bool> {
        Ok(raw != 0)
    }
    fn describe_result(&self) -> Recorded {
        self.describe()
    }
    fn from_remote(value: Recorded) -> Result<bool> {
        crate::remote::values::FromRecorded::from_recorded(value)
    }
}

impl sealed::Ret for () {}
impl Ret for () {
    const ABI: Abi = Abi::Void;
    type Raw = ();
    #[inline(always)]
    fn lift(_: ()) -> Result<()> {
        Ok(())
    }
    fn describe_result(&self) -> Recorded {
        Recorded::Void
    }
    fn from_remote(value: Recorded) -> Result<()> {
        match value {
            Recorded::Void => Ok(()),
            other => Err(crate::remote::values::unexpected("nothing", &other)),
        }
    }
}

/// A raw reference in a slot (for object and string arguments).
#[derive(Clone, Copy)]
pub struct RefSlot(pub(crate) ObjectRef);

impl sealed::Slot for RefSlot {}
impl ArgSlot for RefSlot {
    type Raw = ObjectRef;
    #[inline(always)]
    fn raw(&mut self) -> ObjectRef {
        self.0
    }
    #[inline(always)]
    fn object(&self) -> Option<ObjectRef> {
        Some(self.0)
    }
    #[inline(always)]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

impl<T: Reference> sealed::Arg for &T {}
impl<T: Reference> Arg for &T {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    // Always inlined, as every primitive's: the store read it makes is part of each call.
    #[inline(always)]
    fn lower(self) -> Result<RefSlot> {
        Ok(RefSlot(self.as_object().argument()?))
    }
    fn to_remote(&self) -> Result<Recorded> {
        crate::remote::values::object(Some(self.as_object()))
    }
}

impl<T: Reference> sealed::Arg for Option<&T> {}
impl<T: Reference> Arg for Option<&T> {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    #[inline(always)]
    fn lower(self) -> Result<RefSlot> {
        match self {
            Some(o) => Ok(RefSlot(o.as_object().argument()?)),
            None => Ok(RefSlot(ObjectRef::NULL)),
        }
    }
    fn to_remote(&self) -> Result<Recorded> {
        crate::remote::values::object(self.map(Reference::as_object))
    }
}

impl sealed::Arg for &str {}
impl Arg for &str {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    fn lower(self) -> Result<RefSlot> {
        crate::Runtime::get()?;
        Ok(RefSlot(raw::string_from_str(self)?))
    }
    fn to_remote(&self) -> Result<Recorded> {
        Ok(self.describe())
    }
}

impl sealed::Arg for Option<&str> {}
impl Arg for Option<&str> {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    fn lower(self) -> Result<RefSlot> {
        match self {
            Some(s) => s.lower(),
            None => Ok(RefSlot(ObjectRef::NULL)),
        }
    }
    fn to_remote(&self) -> Result<Recorded> {
        Ok(self.describe())
    }
}

impl sealed::Arg for StrValue<'_> {}
impl Arg for StrValue<'_> {
    const ABI: Abi = Abi::Ref;
    type Slot = StrSlot;
    #[inline]
    fn lower(self) -> Result<StrSlot> {
        let (raw, keep) = StrValue::lower(self)?;
        Ok(StrSlot { raw, _keep: keep })
    }
    fn to_remote(&self) -> Result<Recorded> {
        self.remote()
    }
}

/// Slot of a [`StrValue`]: the reference, and the handle of a `NetString` given by value,
/// held until the call returns.
pub struct StrSlot {
    raw: ObjectRef,
    _keep: Option<NetString>,
}

impl sealed::Slot for StrSlot {}
impl ArgSlot for StrSlot {
    type Raw = ObjectRef;
    #[inline]
    fn raw(&mut self) -> ObjectRef {
        self.raw
    }
    #[inline]
    fn object(&self) -> Option<ObjectRef> {
        Some(self.raw)
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

impl<S: ManagedStruct> sealed::Arg for &StructHandle<S> {}
impl<S: ManagedStruct> Arg for &StructHandle<S> {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    #[inline]
    fn lower(self) -> Result<RefSlot> {
        Ok(RefSlot(self.raw()?))
    }
    fn to_remote(&self) -> Result<Recorded> {
        // The server's box, which a by-ref parameter changes in place there.
        match self.remote() {
            Some(boxed) => crate::remote::values::object(Some(boxed)),
            None => Err(crate::remote::values::not_carried(
                "managed struct made in this process",
            )),
        }
    }
}

impl<T: Reference> sealed::Ret for Option<T> {}
impl<T: Reference> Ret for Option<T> {
    const ABI: Abi = Abi::Ref;
    type Raw = ObjectRef;
    #[inline]
    fn lift(raw: ObjectRef) -> Result<Option<T>> {
        wrap(raw)
    }
    fn describe_result(&self) -> Recorded {
        crate::call::describe::reference(self.as_ref().map(Reference::as_object))
    }
    fn from_remote(value: Recorded) -> Result<Option<T>> {
        crate::value::object::remote_reference(value)
    }
}

impl sealed::Ret for Option<String> {}
impl Ret for Option<String> {
    const ABI: Abi = Abi::Ref;
    type Raw = ObjectRef;
    fn lift(raw: ObjectRef) -> Result<Option<String>> {
        read_string(raw)
    }
    fn describe_result(&self) -> Recorded {
        self.describe()
    }
    fn from_remote(value: Recorded) -> Result<Option<String>> {
        match value {
            Recorded::Null => Ok(None),
            Recorded::String(s) => Ok(Some(s)),
            other => Err(crate::remote::values::unexpected("a string", &other)),
        }
    }
}

impl<S: ManagedStruct> sealed::Ret for StructHandle<S> {}
impl<S: ManagedStruct> Ret for StructHandle<S> {
    const ABI: Abi = Abi::Ref;
    type Raw = ObjectRef;
    fn lift(raw: ObjectRef) -> Result<StructHandle<S>> {
        // The thunk returns a fresh box: it becomes the struct's private copy.
        StructHandle::from_box(raw)
    }
    fn describe_result(&self) -> Recorded {
        self.describe()
    }
    fn from_remote(value: Recorded) -> Result<StructHandle<S>> {
        #[cfg(feature = "remote")]
        if let Some(boxed) = crate::remote::values::remote_object(value.clone())? {
            // The server returned a box of the method's declared struct type: `S`'s (the
            // bindings' table was checked against the server's assemblies).
            return Ok(StructHandle::from_remote(boxed));
        }
        Err(crate::remote::values::unexpected(
            std::any::type_name::<StructHandle<S>>(),
            &value,
        ))
    }
}

impl<V: Blittable> sealed::Arg for Nullable<V> {}
impl<V: Blittable> Arg for Nullable<V> {
    const ABI: Abi = Abi::Ref;
    type Slot = RefSlot;
    #[inline]
    fn lower(self) -> Result<RefSlot> {
        // Null or a box of `V`: the parameter's check accepts only a box of exactly `T`.
        Ok(RefSlot(self.to_raw()?))
    }
    fn to_remote(&self) -> Result<Recorded> {
        // Null, or the value's bytes, which the server boxes as the parameter's `T`.
        Ok(match &self.0 {
            Some(value) => crate::remote::values::plain_value(value),
            None => Recorded::Null,
        })
    }
}

impl<V: Blittable> sealed::Ret for Nullable<V> {}
impl<V: Blittable> Ret for Nullable<V> {
    const ABI: Abi = Abi::Ref;
    type Raw = ObjectRef;
    #[inline]
    fn lift(raw: ObjectRef) -> Result<Nullable<V>> {
        Nullable::from_raw(raw)
    }
    fn describe_result(&self) -> Recorded {
        self.describe()
    }
    fn from_remote(value: Recorded) -> Result<Nullable<V>> {
        match value {
            Recorded::Null => Ok(Nullable(None)),
            value => crate::remote::values::plain_from_recorded(value).map(|v| Nullable(Some(v))),
        }
    }
}

/// An unmanaged pointer argument (`T*` in C#). Managed code reads and writes through it with
/// no bounds, so making one is `unsafe`.
pub struct UnmanagedPtr<T>(*mut T);

impl<T> UnmanagedPtr<T> {
    /// Wraps `ptr` for a `T*` parameter.
    ///
    /// # Safety
    /// Every access the called method makes through the pointer (reads, writes, and any offset
    /// it computes from it) must stay inside memory that `ptr` may access for the length of the
    /// call; managed code does not check it.
    pub unsafe fn new(ptr: *mut T) -> Self {
        UnmanagedPtr(ptr)
    }
}

impl<T> sealed::Arg for UnmanagedPtr<T> {}
impl<T> sealed::Slot for UnmanagedPtr<T> {}
impl<T> Arg for UnmanagedPtr<T> {
    const ABI: Abi = Abi::Pointer;
    type Slot = UnmanagedPtr<T>;
    #[inline]
    fn lower(self) -> Result<Self> {
        Ok(self)
    }
}

impl<T> ArgSlot for UnmanagedPtr<T> {
    type Raw = *mut T;
    #[inline]
    fn raw(&mut self) -> *mut T {
        self.0
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

/// A value type passed boxed (a generic member's `T` argument when `T` is a struct): the
/// slot holds the box's handle, so the box stays alive (and findable by the GC) until the
/// call returns. The box's class is checked against the parameter's type like any reference.
pub struct Boxed(pub(crate) crate::value::Object);

/// Slot of [`Boxed`].
pub struct BoxedSlot {
    raw: ObjectRef,
    _keep: crate::value::Object,
}

impl sealed::Arg for Boxed {}
impl Arg for Boxed {
    const ABI: Abi = Abi::Ref;
    type Slot = BoxedSlot;
    #[inline]
    fn lower(self) -> Result<BoxedSlot> {
        Ok(BoxedSlot {
            raw: self.0.raw()?,
            _keep: self.0,
        })
    }
    fn to_remote(&self) -> Result<Recorded> {
        // A box the server made (`box_arg` boxes there in a client of a remote runtime).
        crate::remote::values::object(Some(&self.0))
    }
}

impl sealed::Slot for BoxedSlot {}
impl ArgSlot for BoxedSlot {
    type Raw = ObjectRef;
    #[inline]
    fn raw(&mut self) -> ObjectRef {
        self.raw
    }
    #[inline]
    fn object(&self) -> Option<ObjectRef> {
        Some(self.raw)
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class the raw path knows, with the sizes and flags that tell them apart.
    fn classes() -> Vec<Abi> {
        let mut all = vec![
            Abi::Void,
            Abi::Bool,
            Abi::Char,
            Abi::I8,
            Abi::U8,
            Abi::I16,
            Abi::U16,
            Abi::I32,
            Abi::U32,
            Abi::I64,
            Abi::U64,
            Abi::F32,
            Abi::F64,
            Abi::ISize,
            Abi::USize,
            Abi::Ref,
            Abi::ByRefObject,
            Abi::Pointer,
            Abi::Unsupported,
        ];
        for size in [0, 1, 4, 12, 64, 1023] {
            all.extend([
                Abi::ByRef(size),
                Abi::Sret(size),
                Abi::Span {
                    element: size,
                    mutable: false,
                },
                Abi::Span {
                    element: size,
                    mutable: true,
                },
            ]);
        }
        all
    }

    #[test]
    fn signature_keys_are_equal_exactly_when_signatures_are() {
        let all = classes();
        let mut seen = std::collections::HashMap::new();
        for &a in &all {
            for &b in &all {
                for signature in [vec![a], vec![a, b], vec![b, a, a, b, a, b, a, b]] {
                    let key = signature_key(&signature);
                    assert_ne!(key, 0, "{signature:?} fits a key");
                    if let Some(other) = seen.insert(key, signature.clone()) {
                        assert_eq!(other, signature, "two signatures share key {key:#x}");
                    }
                }
            }
        }
    }

    #[test]
    fn signatures_that_do_not_fit_have_no_key() {
        assert_eq!(signature_key(&[Abi::I32; 9]), 0, "more than eight classes");
        assert_eq!(signature_key(&[Abi::Void, Abi::ByRef(1024)]), 0, "a size of 1024 bytes");
        assert_eq!(signature_key(&[Abi::Sret(4096), Abi::I32]), 0, "a large result");
    }
}
