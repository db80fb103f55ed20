//! Slices lent to `Span<T>` and `ReadOnlySpan<T>` parameters. A span cannot be boxed, so
//! Mono's thunks cannot take one: the method is called through a trampoline that makes the
//! span from a pointer to a (data, length) pair on the caller's stack (`MethodRef::spans`).
//! The pair's [`Abi::Span`] class carries the element size and whether the span is writable,
//! so a slice of another element size, or a shared slice for a `Span<T>`, never matches.

use std::marker::PhantomData;

use crate::call::abi::{sealed, Abi, Arg, ArgSlot};
use crate::call::Value;
use crate::error::{Error, Result};
use crate::host::{type_kind, Method, TypeKind};
use crate::value::Blittable;

/// The (data, length) pair a trampoline makes a `Span<T>`/`ReadOnlySpan<T>` parameter from:
/// the slot of a `&mut [V]` or `&[V]` argument. It borrows the slice for the call, and the span
/// made from it cannot outlive the call (C# allows a span only on the stack), so managed code
/// sees the memory only while the borrow holds.
#[repr(C)]
pub struct SpanSlot<'a, V> {
    // Read by the trampoline at offsets 0 and pointer size (`Cilbind.Trampolines.Build`).
    data: *mut V,
    len: i32,
    _borrow: PhantomData<&'a mut [V]>,
}

fn span_len(len: usize) -> Result<i32> {
    i32::try_from(len)
        .map_err(|_| crate::Error::InvalidArgument(format!("a span holds at most {} elements, not {len}", i32::MAX)))
}

impl<V: Blittable> sealed::Arg for &mut [V] {}
impl<'a, V: Blittable> Arg for &'a mut [V] {
    const ABI: Abi = Abi::Span {
        element: std::mem::size_of::<V>(),
        mutable: true,
    };
    type Slot = SpanSlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self::Slot> {
        Ok(SpanSlot {
            len: span_len(self.len())?,
            data: self.as_mut_ptr(),
            _borrow: PhantomData,
        })
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        crate::remote::values::span_elements(self)
    }
    fn write_back_remote(self, value: crate::call::Recorded) -> Result<()> {
        crate::remote::values::span_written_back(self, value)
    }
}

impl<V: Blittable> sealed::Arg for &[V] {}
impl<'a, V: Blittable> Arg for &'a [V] {
    const ABI: Abi = Abi::Span {
        element: std::mem::size_of::<V>(),
        mutable: false,
    };
    type Slot = SpanSlot<'a, V>;
    #[inline]
    fn lower(self) -> Result<Self::Slot> {
        // Only a `ReadOnlySpan<T>` takes a shared slice (`Abi::Span::mutable` is false): safe
        // C# cannot write through one.
        Ok(SpanSlot {
            len: span_len(self.len())?,
            data: self.as_ptr() as *mut V,
            _borrow: PhantomData,
        })
    }
    fn to_remote(&self) -> Result<crate::call::Recorded> {
        crate::remote::values::span_elements(self)
    }
    fn write_back_remote(self, _: crate::call::Recorded) -> Result<()> {
        // Only a writable span's elements come back: this slice was lent to a `Span<T>`
        // (through a hand-written reference; generated bindings take `&mut [T]` for one).
        Err(Error::InvalidArgument(
            "a shared slice was lent to a writable Span<T>: the call ran on the server, and what C# wrote into the \
             span was not copied into the slice (lend a `&mut` slice)"
                .into(),
        ))
    }
}

impl<V> sealed::Slot for SpanSlot<'_, V> {}
impl<'a, V> ArgSlot for SpanSlot<'a, V> {
    type Raw = *mut SpanSlot<'a, V>;
    #[inline]
    fn raw(&mut self) -> Self::Raw {
        self
    }
    #[inline]
    fn finish(self) -> Result<()> {
        Ok(())
    }
}

/// Memory a server lends to the spans of one reflective call through a span trampoline (a
/// remote client's slices, which arrive as bytes: `remote/spans.rs`), and to a struct's
/// `this`, which that trampoline takes by pointer. Each block is a copy of what the client
/// sent, in memory of this process (never the managed heap, which the collector moves), kept
/// until the call has returned and what C# wrote into it has been read.
#[derive(Default)]
pub(crate) struct LentSpans {
    blocks: Vec<Lent>,
}

/// One block of [`LentSpans`].
struct Lent {
    /// The parameter it is lent to; `None` for `this`.
    at: Option<usize>,
    /// The bytes, 16-byte aligned (as any element type may need).
    words: Vec<u128>,
    /// How many of `words`' bytes are the value's.
    len: usize,
    /// The (data, length) pair the trampoline reads for a span (kept, never read here); boxed,
    /// so that its address stays put.
    _pair: Option<Box<SpanSlot<'static, u8>>>,
    /// The address passed for it: the pair's for a span, the bytes' for `this`.
    address: isize,
}

impl LentSpans {
    /// Lends a copy of `bytes`, `count` elements, to the span parameter `at`; returns the
    /// argument to pass for it (the address of its (data, length) pair).
    pub(crate) fn span(&mut self, at: usize, bytes: &[u8], count: i32) -> Value {
        let mut words = aligned_copy(bytes);
        let mut pair = Box::new(SpanSlot {
            data: words.as_mut_ptr().cast::<u8>(),
            len: count,
            _borrow: PhantomData,
        });
        let address = &mut *pair as *mut SpanSlot<'static, u8> as isize;
        self.blocks.push(Lent {
            at: Some(at),
            words,
            len: bytes.len(),
            _pair: Some(pair),
            address,
        });
        Value::IntPtr(address)
    }

    /// Lends a copy of a struct's bytes as the `this` a trampoline takes by pointer; returns
    /// the argument to pass for it.
    pub(crate) fn this(&mut self, bytes: &[u8]) -> Value {
        let mut words = aligned_copy(bytes);
        let address = words.as_mut_ptr() as isize;
        self.blocks.push(Lent {
            at: None,
            words,
            len: bytes.len(),
            _pair: None,
            address,
        });
        Value::IntPtr(address)
    }

    /// Calls `trampoline`, a span trampoline whose every unmanaged pointer parameter must be
    /// passed the address this lent for it (checked: anything else is refused, not called):
    /// the first, when a struct's `this` was lent, that block; parameter `i` of the method
    /// (`i + 1` when `with_this`: an instance method's trampoline takes `this` first) the pair
    /// of the span lent to parameter `i`.
    pub(crate) fn invoke(&self, trampoline: Method, args: &mut [Value], with_this: bool) -> Result<Value> {
        let params = trampoline.signature()?.params;
        let this = self.blocks.iter().find(|b| b.at.is_none());
        let offset = usize::from(with_this);
        for (i, (&ty, arg)) in params.iter().zip(args.iter()).enumerate() {
            if type_kind(ty).0 != TypeKind::Pointer {
                continue;
            }
            let lent_for_it = match (i, this) {
                (0, Some(this)) if with_this => Some(this),
                _ => self
                    .blocks
                    .iter()
                    .find(|b| b.at.is_some() && b.at == i.checked_sub(offset)),
            };
            if !matches!((arg, lent_for_it), (Value::IntPtr(a), Some(b)) if *a == b.address) {
                return Err(Error::InvalidArgument(format!(
                    "argument {i} of {trampoline} is an unmanaged pointer, and only the memory lent to that \
                     parameter for the call may be passed for it"
                )));
            }
        }
        // Every pointer the trampoline receives is the block lent for its parameter (checked
        // above): a span's pair, whose span covers exactly its block's elements (C#'s bounds
        // checks keep every access inside), or a struct's `this`, a copy of the whole value
        // (the caller lends exactly a box's bytes, of the size of the method's type). The
        // blocks live until `self` is dropped, after the call.
        super::invoke::invoke_checked(trampoline, None, args, true)
    }

    /// What the call left in each span lent to a parameter, by parameter, for those `writable`
    /// says C# may write.
    pub(crate) fn written(&self, writable: impl Fn(usize) -> bool) -> Vec<(usize, Vec<u8>)> {
        self.blocks
            .iter()
            .filter_map(|b| b.at.filter(|&at| writable(at)).map(|at| (at, b.bytes())))
            .collect()
    }

    /// What the call left in the struct lent as `this`, if one was.
    pub(crate) fn this_bytes(&self) -> Option<Vec<u8>> {
        self.blocks.iter().find(|b| b.at.is_none()).map(Lent::bytes)
    }
}

impl Lent {
    fn bytes(&self) -> Vec<u8> {
        // Read once the call returned: nothing writes through the lent addresses any more.
        self.words.iter().flat_map(|w| w.to_ne_bytes()).take(self.len).collect()
    }
}

/// `bytes` in 16-byte aligned memory (the tail of the last word zero).
fn aligned_copy(bytes: &[u8]) -> Vec<u128> {
    bytes
        .chunks(16)
        .map(|chunk| {
            let mut word = [0u8; 16];
            word[..chunk.len()].copy_from_slice(chunk);
            u128::from_ne_bytes(word)
        })
        .collect()
}
