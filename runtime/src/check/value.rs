//! [`CheckValue`]: how the checks draw a value, shrink it, compare two bit for bit and show
//! it as .NET does; implemented here for the primitives, padding arrays, raw pointers,
//! tuples and `()`, and by the generated bindings (`Builder::quickcheck`) for their enums,
//! `[Flags]` enums and full structs.

use std::fmt::Debug;

use quickcheck::{Arbitrary, Gen};

use crate::value::{box_blittable, Blittable, Boolean, Char};

/// How two floats' NaNs compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nan {
    /// Every bit counts, a NaN's payload and sign included (a box holds the value's bits).
    Exact,
    /// Any NaN equals any NaN: which operand's payload a NaN result carries when two NaNs
    /// meet is left to the compiler by Rust (LLVM commutes `a * b` freely) and chosen by
    /// Mono's JIT for itself. Every other bit (signs of zeros, infinities, subnormals) counts.
    Any,
}

/// A value the checks of [`crate::check`] can draw, shrink, compare bit for bit and show as
/// .NET's `ToString()` shows it.
///
/// Bindings generated with `Builder::quickcheck(true)` implement it, and
/// `quickcheck::Arbitrary` through it, for every enum, `[Flags]` enum and full struct (not
/// unions, nor structs holding one).
pub trait CheckValue: Clone + Debug + 'static {
    /// An arbitrary value: floats from any bits (NaNs with payloads, ±0, infinities,
    /// subnormals) as often as small numbers; integers as quickcheck draws them; enums a
    /// declared value or any value of the underlying type; `[Flags]` any bits; structs field
    /// by field.
    fn draw(g: &mut Gen) -> Self;

    /// Smaller values to try after a failure (a struct shrinks one field at a time).
    fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(std::iter::empty())
    }

    /// Appends the value's bits, field by field (padding arrays included), with NaNs compared
    /// as `nan` says.
    fn bits(&self, nan: Nan, out: &mut Vec<u64>);

    /// What .NET's `ToString()` says of the value boxed (or why it cannot say).
    fn dotnet(&self) -> String;
}

/// The value's bits as a vector (see [`CheckValue::bits`]).
pub fn bits_of<T: CheckValue>(value: &T, nan: Nan) -> Vec<u64> {
    let mut out = Vec::new();
    value.bits(nan, &mut out);
    out
}

/// .NET's `ToString()` of `value` boxed as `Object` (`"null"`, or the error's text).
pub fn dotnet_string<T: Blittable>(value: &T) -> String {
    match box_blittable(value).and_then(|b| b.to_string()) {
        Ok(Some(s)) => format!("{s:?}"),
        Ok(None) => "null".into(),
        Err(e) => format!("(ToString failed: {e})"),
    }
}

/// `f32` bit patterns drawn often: zeros, infinities, NaNs (quiet, signaling, negative, with
/// payloads), the extreme subnormals and normals, ±1, and one value with a fraction (-1.5).
pub const F32_SPECIAL: [u32; 17] = [
    0x0000_0000,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0000,
    0x7fc0_0001,
    0x7f80_0001,
    0x7fbf_ffff,
    0xffff_ffff,
    0x0000_0001,
    0x807f_ffff,
    0x0080_0000,
    0x7f7f_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0xbfc0_0000,
];

/// The same for `f64` (the value with a fraction: 0.1, which no binary fraction is).
pub const F64_SPECIAL: [u64; 17] = [
    0x0000_0000_0000_0000,
    0x8000_0000_0000_0000,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0xfff8_0000_0000_0000,
    0x7ff8_0000_0000_0001,
    0x7ff0_0000_0000_0001,
    0x7ff7_ffff_ffff_ffff,
    0xffff_ffff_ffff_ffff,
    0x0000_0000_0000_0001,
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3fb9_9999_9999_999a,
];

/// One `f32` in four a special pattern, two in four a small multiple of 1/16 (so arithmetic
/// on several stays finite), one in four any bits.
pub fn draw_f32(g: &mut Gen) -> f32 {
    match u8::arbitrary(g) % 4 {
        0 => f32::from_bits(*g.choose(&F32_SPECIAL).unwrap_or(&0)),
        1 | 2 => f32::from(i16::arbitrary(g)) / 16.0,
        _ => f32::from_bits(u32::arbitrary(g)),
    }
}

/// [`draw_f32`] for `f64`.
pub fn draw_f64(g: &mut Gen) -> f64 {
    match u8::arbitrary(g) % 4 {
        0 => f64::from_bits(*g.choose(&F64_SPECIAL).unwrap_or(&0)),
        1 | 2 => f64::from(i32::arbitrary(g)) / 16.0,
        _ => f64::from_bits(u64::arbitrary(g)),
    }
}

/// Floats shrink toward 0: to 0, to the quiet NaN (from another NaN), to the integer part, to
/// half, to the positive value.
macro_rules! float_value {
    ($t:ty, $draw:ident, $nan:expr) => {
        impl CheckValue for $t {
            fn draw(g: &mut Gen) -> Self {
                $draw(g)
            }
            fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
                let x = *self;
                let mut out: Vec<$t> = Vec::new();
                if x.to_bits() != 0 {
                    out.push(0.0);
                }
                if x.is_nan() && x.to_bits() != <$t>::NAN.to_bits() {
                    out.push(<$t>::NAN);
                }
                if x.is_finite() && x.trunc() != x {
                    out.push(x.trunc());
                }
                if x.is_finite() && x.abs() >= 2.0 {
                    out.push((x / 2.0).trunc());
                }
                if x.is_sign_negative() && !x.is_nan() && x != 0.0 {
                    out.push(-x);
                }
                Box::new(out.into_iter())
            }
            fn bits(&self, nan: Nan, out: &mut Vec<u64>) {
                out.push(if nan == Nan::Any && self.is_nan() {
                    $nan
                } else {
                    u64::from(self.to_bits())
                });
            }
            fn dotnet(&self) -> String {
                dotnet_string(self)
            }
        }
    };
}

float_value!(f32, draw_f32, 0x7fc0_0000);
float_value!(f64, draw_f64, 0x7ff8_0000_0000_0000);

/// Integers as quickcheck draws and shrinks them (the extremes now and then).
macro_rules! int_value {
    ($($t:ty),*) => {$(
        impl CheckValue for $t {
            fn draw(g: &mut Gen) -> Self {
                <$t>::arbitrary(g)
            }
            fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
                Arbitrary::shrink(self)
            }
            fn bits(&self, _: Nan, out: &mut Vec<u64>) {
                out.push(*self as u64);
            }
            fn dotnet(&self) -> String {
                dotnet_string(self)
            }
        }
    )*};
}

int_value!(i8, u8, i16, u16, i32, u32, i64, u64, isize, usize);

impl CheckValue for bool {
    fn draw(g: &mut Gen) -> Self {
        bool::arbitrary(g)
    }
    fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
        Arbitrary::shrink(self)
    }
    fn bits(&self, _: Nan, out: &mut Vec<u64>) {
        out.push(u64::from(*self));
    }
    fn dotnet(&self) -> String {
        dotnet_string(&Boolean::new(*self))
    }
}

/// Any UTF-16 code unit, lone surrogates included.
impl CheckValue for Char {
    fn draw(g: &mut Gen) -> Self {
        Char(u16::arbitrary(g))
    }
    fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Char))
    }
    fn bits(&self, _: Nan, out: &mut Vec<u64>) {
        out.push(u64::from(self.0));
    }
    fn dotnet(&self) -> String {
        dotnet_string(self)
    }
}

/// Padding and fixed buffers: any bytes (a box keeps them).
impl<T: CheckValue + Copy + Default, const N: usize> CheckValue for [T; N] {
    fn draw(g: &mut Gen) -> Self {
        let mut a = [T::default(); N];
        for x in &mut a {
            *x = T::draw(g);
        }
        a
    }
    fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
        let a = *self;
        Box::new((0..N).flat_map(move |i| {
            a[i].shrink_value().map(move |x| {
                let mut b = a;
                b[i] = x;
                b
            })
        }))
    }
    fn bits(&self, nan: Nan, out: &mut Vec<u64>) {
        for x in self {
            x.bits(nan, out);
        }
    }
    fn dotnet(&self) -> String {
        "(an array field)".into()
    }
}

/// Raw pointers as fields of full structs: any address (a box copies it, never reads it).
macro_rules! pointer_value {
    ($($p:ident),*) => {$(
        impl<T: 'static> CheckValue for *$p T {
            fn draw(g: &mut Gen) -> Self {
                usize::arbitrary(g) as *$p T
            }
            fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
                Box::new((*self as usize).shrink().map(|a| a as *$p T))
            }
            fn bits(&self, _: Nan, out: &mut Vec<u64>) {
                out.push(*self as usize as u64);
            }
            fn dotnet(&self) -> String {
                dotnet_string(&(*self as usize as isize))
            }
        }
    )*};
}

pointer_value!(const, mut);

/// A `void` method's result.
impl CheckValue for () {
    fn draw(_: &mut Gen) -> Self {}
    fn bits(&self, _: Nan, _: &mut Vec<u64>) {}
    fn dotnet(&self) -> String {
        "void".into()
    }
}

/// Tuples: a method's arguments, or a result with what a `&mut self` method left in `self`.
/// They shrink one element at a time.
macro_rules! tuple_value {
    ($($name:ident $i:tt),+) => {
        impl<$($name: CheckValue),+> CheckValue for ($($name,)+) {
            fn draw(g: &mut Gen) -> Self {
                ($($name::draw(g),)+)
            }
            fn shrink_value(&self) -> Box<dyn Iterator<Item = Self>> {
                let mut out: Vec<Self> = Vec::new();
                $(
                    for x in self.$i.shrink_value() {
                        let mut t = self.clone();
                        t.$i = x;
                        out.push(t);
                    }
                )+
                Box::new(out.into_iter())
            }
            fn bits(&self, nan: Nan, out: &mut Vec<u64>) {
                $(self.$i.bits(nan, out);)+
            }
            fn dotnet(&self) -> String {
                let parts: Vec<String> = vec![$(self.$i.dotnet()),+];
                format!("({})", parts.join(", "))
            }
        }
    };
}

tuple_value!(A 0);
tuple_value!(A 0, B 1);
tuple_value!(A 0, B 1, C 2);
tuple_value!(A 0, B 1, C 2, D 3);
tuple_value!(A 0, B 1, C 2, D 3, E 4);
tuple_value!(A 0, B 1, C 2, D 3, E 4, F 5);
tuple_value!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_value!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
