//! The bits of a trampoline mask: how a method's `this`, parameters and return value cross
//! between native code and the managed trampoline that calls it. The generator writes masks
//! with these names; the runtime reads them (and its C# helper, `Cilbind.Trampolines`, tests
//! the same bits). Bit `i` below [`PARAM_BITS`] passes parameter `i` (a blittable struct) by
//! pointer instead of by value.
//!
//! `i64` because the mask crosses to C# as a `long`.

/// Bit of a trampoline mask: a value-type `this` passed by pointer.
pub const THIS_BY_POINTER: i64 = 1 << 62;
/// Bit of a trampoline mask: the return value written through a trailing pointer.
pub const RETURN_BY_POINTER: i64 = 1 << 61;
/// Bit of a trampoline mask: a struct constructor returns the new value boxed (managed structs,
/// whose references must not be written to native memory).
pub const RETURN_BOXED: i64 = 1 << 60;
/// Bit of a trampoline mask: a `ref T` result is copied out and returned as a `T` (combined
/// with [`RETURN_BY_POINTER`] for a blittable struct), so no interior pointer, which the GC
/// may move, ever reaches native code.
pub const RETURN_DEREF: i64 = 1 << 59;

/// How many low bits of a mask name parameters (`0..PARAM_BITS`); the flags above sit higher.
pub const PARAM_BITS: u32 = 59;

/// The parameter bits of a mask (the flags cleared).
pub const fn param_bits(mask: i64) -> i64 {
    mask & ((1 << PARAM_BITS) - 1)
}
