//! Methods translated from IL into Rust (`codegen/src/read/pure_body.rs`) against the same
//! methods run by Mono, bit for bit: the translated bindings are the crate's own
//! (`managed_tests::vectors`, `managed_tests::game`) and, for the sample game's structs
//! (samples/managed/Arena.cs), build.rs's `arena_translated`; the managed ones are the same
//! types generated with `translate_pure_methods(false)` (build.rs: `vectors_managed`,
//! `game_managed`, `arena_managed`); mscorlib's structs with translated methods both ways
//! (`corlib_structs_translated`, `corlib_structs_managed`).
//!
//! Floats come from arbitrary bits (so NaNs with payloads, infinities, subnormals and `-0.0`
//! all occur), half of them small multiples of 1/16 so that arithmetic stays finite too.
//! Results must have the same bits, except that any NaN equals any NaN (see [`Bits`] for
//! `f32`: neither Rust nor Mono fixes which operand's payload a NaN result keeps).
//! These properties are what the generator's doc cites for Mono 6.8 computing `float32`
//! arithmetic in single precision, rounding every operation.
//!
//! Cases per property: 300; with `CILBIND_LONG_PROPERTIES=1`, 10,000.
//!
//! Every translated method has a property: build.rs writes the generator's list of translated
//! methods (`Bindings::translations`) beside the bindings, and
//! `every_translated_method_of_*_has_a_property` fail naming each method that no `prop!` of
//! those bindings calls as `n::Type::method(` (so a property calls even instance methods that
//! way).

use managed_tests::game::game as tg;
use managed_tests::vectors::system::numerics as t;
use quickcheck::{Arbitrary, Gen};

/// The same structs with every method calling Mono.
#[allow(dead_code, clippy::all)]
mod managed {
    pub mod vectors {
        include!(concat!(env!("OUT_DIR"), "/vectors_managed_bindings.rs"));
    }
    pub mod game {
        include!(concat!(env!("OUT_DIR"), "/game_managed_bindings.rs"));
    }
    pub mod arena {
        include!(concat!(env!("OUT_DIR"), "/arena_managed_bindings.rs"));
    }
}

/// mscorlib's structs with translated methods (build.rs's `corlib_structs`), translated and
/// managed.
#[allow(dead_code, clippy::all)]
mod corlib_translated {
    include!(concat!(env!("OUT_DIR"), "/corlib_structs_translated_bindings.rs"));
}
#[allow(dead_code, clippy::all)]
mod corlib_managed {
    include!(concat!(env!("OUT_DIR"), "/corlib_structs_managed_bindings.rs"));
}

/// The types of one of those bindings' namespaces in one module, as properties name them.
macro_rules! corlib_flat {
    ($flat:ident, $bindings:ident) => {
        #[allow(unused_imports)]
        mod $flat {
            pub use super::$bindings::system::buffers::*;
            pub use super::$bindings::system::diagnostics::symbol_store::*;
            pub use super::$bindings::system::reflection::emit::*;
            pub use super::$bindings::system::runtime::compiler_services::*;
            pub use super::$bindings::system::runtime::interop_services::*;
            pub use super::$bindings::system::threading::*;
            pub use super::$bindings::system::*;
        }
    };
}
corlib_flat!(ts, corlib_translated);
corlib_flat!(ms, corlib_managed);

/// The sample game's structs (samples/managed/Arena.cs), translated.
#[allow(dead_code, clippy::all)]
mod arena_translated {
    include!(concat!(env!("OUT_DIR"), "/arena_translated_bindings.rs"));
}
use arena_translated::arena as ta;
use managed::arena::arena as ma;
use managed::game::game as mg;
use managed::vectors::system::numerics as m;

fn setup() {
    managed_tests::vectors::init().expect("System.Numerics.Vectors loads");
    managed::vectors::init().expect("System.Numerics.Vectors loads (managed-only bindings)");
    managed_tests::game::init().expect("Game.dll loads");
    managed::game::init().expect("Game.dll loads (managed-only bindings)");
    arena_translated::init().expect("Arena.dll loads");
    managed::arena::init().expect("Arena.dll loads (managed-only bindings)");
    corlib_translated::init().expect("mscorlib loads");
    corlib_managed::init().expect("mscorlib loads (managed-only bindings)");
}

fn cases() -> usize {
    if std::env::var_os("CILBIND_LONG_PROPERTIES").is_some() {
        10_000
    } else {
        300
    }
}

/// Bit patterns every property meets often: zeros, infinities, NaNs (quiet, with a payload,
/// signaling, negative), the smallest and largest subnormals and normals, ±1.
const SPECIAL: [u32; 16] = [
    0,
    0x8000_0000,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0001,
    0x7fa0_0000,
    0x7fc1_2345,
    1,
    0x8000_0001,
    0x007f_ffff,
    0x0080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x3f80_0000,
    0xbf80_0000,
];

/// A value of a translated binding's type, and the same value in the managed binding's type.
trait Pair: Sized {
    /// The managed binding's type.
    type M;
    fn arb(g: &mut Gen) -> Self;
    fn to_m(&self) -> Self::M;
}

/// Every bit of a value, in field order.
trait Bits {
    fn bits(&self, out: &mut Vec<u32>);
}

impl Pair for f32 {
    type M = f32;
    fn arb(g: &mut Gen) -> f32 {
        match u8::arbitrary(g) % 8 {
            0 => f32::from_bits(*g.choose(&SPECIAL).unwrap_or(&0)),
            1..=4 => f32::from(i16::arbitrary(g)) / 16.0,
            _ => f32::from_bits(u32::arbitrary(g)),
        }
    }
    fn to_m(&self) -> f32 {
        *self
    }
}

/// A float's bits, except that every NaN counts as one: which payload a NaN result carries when
/// both operands are NaNs depends on the operand order the compiler picks for a commutative
/// operation (`mulss a, b` keeps `a`'s), which Rust leaves unspecified (LLVM commutes `a * b`
/// freely) and Mono's JIT chooses for itself. Every other bit (signs of zeros and NaN-free
/// results, infinities, subnormals) must match.
impl Bits for f32 {
    fn bits(&self, out: &mut Vec<u32>) {
        out.push(if self.is_nan() { 0x7fc0_0000 } else { self.to_bits() });
    }
}

impl Bits for f64 {
    /// As for `f32`: every NaN counts as one.
    fn bits(&self, out: &mut Vec<u32>) {
        let b = if self.is_nan() {
            0x7ff8_0000_0000_0000
        } else {
            self.to_bits()
        };
        out.extend([b as u32, (b >> 32) as u32]);
    }
}

/// Integers: any value (quickcheck's, which favours the extremes now and then).
macro_rules! int_pair {
    ($($t:ty),*) => {$(
        impl Pair for $t {
            type M = $t;
            fn arb(g: &mut Gen) -> $t {
                <$t>::arbitrary(g)
            }
            fn to_m(&self) -> $t {
                *self
            }
        }
        impl Bits for $t {
            fn bits(&self, out: &mut Vec<u32>) {
                let v = *self as i64 as u64;
                out.extend([v as u32, (v >> 32) as u32]);
            }
        }
    )*};
}
int_pair!(i16, i32, i64, u8, u16, u32, u64);

impl Pair for bool {
    type M = bool;
    fn arb(g: &mut Gen) -> bool {
        bool::arbitrary(g)
    }
    fn to_m(&self) -> bool {
        *self
    }
}

/// An empty struct's padding byte.
impl Pair for [u8; 1] {
    type M = [u8; 1];
    fn arb(g: &mut Gen) -> [u8; 1] {
        [u8::arbitrary(g)]
    }
    fn to_m(&self) -> [u8; 1] {
        *self
    }
}

impl Bits for [u8; 1] {
    fn bits(&self, out: &mut Vec<u32>) {
        out.push(u32::from(self[0]));
    }
}

impl Bits for bool {
    fn bits(&self, out: &mut Vec<u32>) {
        out.push(u32::from(*self));
    }
}

impl Bits for () {
    fn bits(&self, _: &mut Vec<u32>) {}
}

impl<A: Bits, B: Bits> Bits for (A, B) {
    fn bits(&self, out: &mut Vec<u32>) {
        self.0.bits(out);
        self.1.bits(out);
    }
}

macro_rules! pair {
    ($t:ident :: $ty:ident, $m:ident { $($f:ident),* }) => {
        impl Pair for $t::$ty {
            type M = $m::$ty;
            fn arb(g: &mut Gen) -> Self {
                $t::$ty { $($f: Pair::arb(g)),* }
            }
            fn to_m(&self) -> $m::$ty {
                $m::$ty { $($f: self.$f.to_m()),* }
            }
        }
        impl Bits for $t::$ty {
            fn bits(&self, out: &mut Vec<u32>) {
                $(self.$f.bits(out);)*
            }
        }
        impl Bits for $m::$ty {
            fn bits(&self, out: &mut Vec<u32>) {
                $(self.$f.bits(out);)*
            }
        }
    };
}

pair!(t::Vector2, m { x, y });
pair!(t::Vector3, m { x, y, z });
pair!(t::Vector4, m { x, y, z, w });
pair!(t::Quaternion, m { x, y, z, w });
pair!(t::Plane, m { normal, d });
pair!(
    t::Matrix3x2,
    m {
        m11,
        m12,
        m21,
        m22,
        m31,
        m32
    }
);
pair!(
    t::Matrix4x4,
    m {
        m11,
        m12,
        m13,
        m14,
        m21,
        m22,
        m23,
        m24,
        m31,
        m32,
        m33,
        m34,
        m41,
        m42,
        m43,
        m44
    }
);
pair!(tg::Vector3, mg { x, y, z });
pair!(ta::Vector3, ma { x, y, z });
pair!(ts::TimeSpan, ms { _ticks });
pair!(ts::DateTime, ms { _date_data });
pair!(
    ts::Guid,
    ms {
        _a,
        _b,
        _c,
        _d,
        _e,
        _f,
        _g,
        _h,
        _i,
        _j,
        _k
    }
);
pair!(ta::Quaternion, ma { x, y, z, w });
pair!(ts::Index, ms { _value });
pair!(
    ts::Range,
    ms {
        start_k_backing_field,
        end_k_backing_field
    }
);
pair!(ts::ValueTuple, ms { _pad_0 });
pair!(ts::StandardFormat, ms { _format, _precision });
pair!(ts::SymbolToken, ms { _token });
pair!(ts::EventToken, ms { tok_value });
pair!(ts::FieldToken, ms { tok_value });
pair!(ts::Label, ms { label });
pair!(ts::MethodToken, ms { tok_value });
pair!(
    ts::OpCode,
    ms {
        op1,
        op2,
        push,
        pop,
        size,
        r#type,
        args,
        flow
    }
);
pair!(ts::ParameterToken, ms { tok_value });
pair!(ts::PropertyToken, ms { tok_value });
pair!(ts::SignatureToken, ms { tok_value });
pair!(ts::StringToken, ms { tok_value });
pair!(ts::TypeToken, ms { tok_value });
pair!(ts::YieldAwaitable, ms { _pad_0 });
pair!(ts::YieldAwaitable_YieldAwaiter, ms { _pad_0 });
pair!(ts::GCHandle, ms { handle });
pair!(
    ts::LockCookie,
    ms {
        thread_id,
        reader_locks,
        writer_locks
    }
);
pair!(ts::SpinLock, ms { m_owner });
pair!(ts::SpinWait, ms { _count });

fn bits_of(v: &impl Bits) -> Vec<u32> {
    let mut out = Vec::new();
    v.bits(&mut out);
    out
}

/// Runs `case` [`cases`] times: each returns the translated result's bits, the managed
/// one's, and the inputs.
fn check(name: &str, mut case: impl FnMut(&mut Gen) -> (Vec<u32>, Vec<u32>, String)) {
    setup();
    let mut g = Gen::new(100);
    for i in 0..cases() {
        let (translated, managed, inputs) = case(&mut g);
        assert_eq!(
            translated.iter().map(|b| format!("{b:#010x}")).collect::<Vec<_>>(),
            managed.iter().map(|b| format!("{b:#010x}")).collect::<Vec<_>>(),
            "{name}, case {i}: translated (left) and managed (right) differ for {inputs}"
        );
    }
}

/// `prop!(test, n, |a: A, b: B| expr)`: `expr` runs once with `n` standing for the translated
/// bindings' module and `a`, `b` arbitrary values, once with `n` the managed bindings' module
/// and the same values converted; the results must have the same bits.
macro_rules! prop {
    ($test:ident, $tn:ident => $mn:ident, |$($a:ident: $ty:ty),*| $body:expr) => {
        #[test]
        fn $test() {
            // `_gen`: a property of a constant draws nothing.
            check(stringify!($test), |_gen| {
                $(let $a: $ty = Pair::arb(_gen);)*
                let inputs: Vec<String> = vec![$(format!("{:?}", &$a)),*];
                let inputs = inputs.join(", ");
                let translated = {
                    #[allow(unused_imports)]
                    use $tn as n;
                    bits_of(&$body)
                };
                let managed = {
                    #[allow(unused_imports)]
                    use $mn as n;
                    $(let $a = $a.to_m();)*
                    bits_of(&$body)
                };
                (translated, managed, inputs)
            });
        }
    };
    ($test:ident, |$($a:ident: $ty:ty),*| $body:expr) => {
        prop!($test, t => m, |$($a: $ty),*| $body);
    };
    ($test:ident, $tn:ident => $mn:ident, || $body:expr) => {
        prop!($test, $tn => $mn, | | $body);
    };
    ($test:ident, || $body:expr) => {
        prop!($test, t => m, | | $body);
    };
}

/// The `Type::method`s that the properties of one set of bindings call: every `n::Type::method(`
/// in a `prop!` of that set (`t => m` unless the `prop!` names another pair).
fn covered(pair: &str) -> std::collections::BTreeSet<String> {
    let source = include_str!("translated.rs");
    let mut calls = std::collections::BTreeSet::new();
    for prop in source.split("\nprop!(").skip(1) {
        let named = ["tg => mg", "ta => ma", "ts => ms"]
            .into_iter()
            .find(|p| prop.contains(p))
            .unwrap_or("t => m");
        if named != pair {
            continue;
        }
        for (at, _) in prop.match_indices("n::") {
            // `n::` itself, not the end of a name (`Quaternion::add`).
            if prop[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
                continue;
            }
            let call = &prop[at + 3..];
            let path: String = call
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if call[path.len()..].starts_with('(') {
                // A nested type is `Outer_Inner` in Rust; the generator's list names it `Inner`.
                if let Some((ty, method)) = path.split_once("::") {
                    if let Some((_, inner)) = ty.rsplit_once('_') {
                        calls.insert(format!("{inner}::{method}"));
                    }
                }
                calls.insert(path);
            }
        }
    }
    calls
}

/// Fails naming every method translated in the bindings `name` (build.rs writes the list the
/// generator gives, `Bindings::translations`) that no property of `pair` calls.
fn every_translated_method_has_a_property(name: &str, list: &str, pair: &str) {
    let covered = covered(pair);
    let missing: Vec<&str> = list.lines().filter(|m| !covered.contains(*m)).collect();
    assert!(
        missing.is_empty(),
        "{} of the {} methods translated in {name} have no property (a `prop!` calling \
         `n::Type::method(`): {missing:#?}",
        missing.len(),
        list.lines().count()
    );
}

#[test]
fn every_translated_method_of_system_numerics_vectors_has_a_property() {
    let list = include_str!(concat!(env!("OUT_DIR"), "/translated_methods_vectors.txt"));
    assert!(
        list.lines().count() > 200,
        "System.Numerics.Vectors translates its math"
    );
    every_translated_method_has_a_property("System.Numerics.Vectors", list, "t => m");
}

#[test]
fn every_translated_method_of_mscorlib_has_a_property() {
    let list = include_str!(concat!(
        env!("OUT_DIR"),
        "/translated_methods_corlib_structs_translated.txt"
    ));
    // `cilbind generate --explain /usr/lib/mono/4.5/mscorlib.dll` translates 126 methods, all
    // of the structs build.rs lists.
    assert_eq!(list.lines().count(), 126, "translated methods of mscorlib");
    every_translated_method_has_a_property("mscorlib", list, "ts => ms");
}

#[test]
fn every_translated_method_of_the_game_fixture_has_a_property() {
    let list = include_str!(concat!(env!("OUT_DIR"), "/translated_methods_game.txt"));
    assert!(!list.is_empty(), "Game.Vector3 translates");
    every_translated_method_has_a_property("Game.dll", list, "tg => mg");
}

#[test]
fn every_translated_method_of_the_sample_game_has_a_property() {
    let list = include_str!(concat!(env!("OUT_DIR"), "/translated_methods_arena_translated.txt"));
    assert!(!list.is_empty(), "Arena's structs translate");
    every_translated_method_has_a_property("Arena.dll", list, "ta => ma");
}

// Vector2
prop!(vector2_new, |x: f32, y: f32| n::Vector2::new_with_x_y(x, y).unwrap());
prop!(vector2_add, |a: t::Vector2, b: t::Vector2| n::Vector2::add(&a, &b)
    .unwrap());
prop!(vector2_subtract, |a: t::Vector2, b: t::Vector2| n::Vector2::subtract(
    &a, &b
)
.unwrap());
prop!(vector2_multiply, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::multiply_vector2_vector2(&a, &b).unwrap()
});
prop!(vector2_multiply_scalar, |a: t::Vector2, k: f32| {
    n::Vector2::multiply_vector2_f32(&a, k).unwrap()
});
prop!(vector2_divide, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::divide_with_left_right(&a, &b).unwrap()
});
prop!(vector2_divide_scalar, |a: t::Vector2, k: f32| {
    n::Vector2::divide_with_left_divisor(&a, k).unwrap()
});
prop!(vector2_negate, |a: t::Vector2| n::Vector2::negate(&a).unwrap());
prop!(vector2_dot, |a: t::Vector2, b: t::Vector2| n::Vector2::dot(&a, &b)
    .unwrap());
prop!(vector2_distance, |a: t::Vector2, b: t::Vector2| n::Vector2::distance(
    &a, &b
)
.unwrap());
prop!(vector2_distance_squared, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::distance_squared(&a, &b).unwrap()
});
prop!(vector2_normalize, |a: t::Vector2| n::Vector2::normalize(&a).unwrap());
prop!(vector2_reflect, |a: t::Vector2, b: t::Vector2| n::Vector2::reflect(
    &a, &b
)
.unwrap());
prop!(vector2_lerp, |a: t::Vector2, b: t::Vector2, k: f32| n::Vector2::lerp(
    &a, &b, k
)
.unwrap());
prop!(vector2_abs, |a: t::Vector2| n::Vector2::abs(&a).unwrap());
prop!(vector2_square_root, |a: t::Vector2| n::Vector2::square_root(&a)
    .unwrap());
prop!(vector2_transform_matrix3x2, |a: t::Vector2, b: t::Matrix3x2| {
    n::Vector2::transform_vector2_matrix3x2(&a, &b).unwrap()
});
prop!(vector2_transform_matrix4x4, |a: t::Vector2, b: t::Matrix4x4| {
    n::Vector2::transform_vector2_matrix4x4(&a, &b).unwrap()
});
prop!(vector2_transform_quaternion, |a: t::Vector2, q: t::Quaternion| {
    n::Vector2::transform_with_value_rotation(&a, &q).unwrap()
});

// Vector3
prop!(vector3_new, |x: f32, y: f32, z: f32| n::Vector3::new_with_x_y_z(
    x, y, z
)
.unwrap());
prop!(vector3_add, |a: t::Vector3, b: t::Vector3| n::Vector3::add(&a, &b)
    .unwrap());
prop!(vector3_op_addition, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::op_addition(&a, &b).unwrap()
});
prop!(vector3_subtract, |a: t::Vector3, b: t::Vector3| n::Vector3::subtract(
    &a, &b
)
.unwrap());
prop!(vector3_multiply, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::multiply_vector3_vector3(&a, &b).unwrap()
});
prop!(vector3_multiply_scalar, |a: t::Vector3, k: f32| {
    n::Vector3::multiply_vector3_f32(&a, k).unwrap()
});
prop!(vector3_divide, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::divide_with_left_right(&a, &b).unwrap()
});
prop!(vector3_divide_scalar, |a: t::Vector3, k: f32| {
    n::Vector3::divide_with_left_divisor(&a, k).unwrap()
});
prop!(vector3_negate, |a: t::Vector3| n::Vector3::negate(&a).unwrap());
prop!(vector3_dot, |a: t::Vector3, b: t::Vector3| n::Vector3::dot(&a, &b)
    .unwrap());
prop!(vector3_cross, |a: t::Vector3, b: t::Vector3| n::Vector3::cross(&a, &b)
    .unwrap());
prop!(vector3_distance, |a: t::Vector3, b: t::Vector3| n::Vector3::distance(
    &a, &b
)
.unwrap());
prop!(vector3_distance_squared, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::distance_squared(&a, &b).unwrap()
});
prop!(vector3_normalize, |a: t::Vector3| n::Vector3::normalize(&a).unwrap());
prop!(vector3_reflect, |a: t::Vector3, b: t::Vector3| n::Vector3::reflect(
    &a, &b
)
.unwrap());
prop!(vector3_lerp, |a: t::Vector3, b: t::Vector3, k: f32| n::Vector3::lerp(
    &a, &b, k
)
.unwrap());
prop!(vector3_abs, |a: t::Vector3| n::Vector3::abs(&a).unwrap());
prop!(vector3_square_root, |a: t::Vector3| n::Vector3::square_root(&a)
    .unwrap());
prop!(vector3_transform, |a: t::Vector3, b: t::Matrix4x4| {
    n::Vector3::transform_with_position_matrix(&a, &b).unwrap()
});
prop!(vector3_transform_normal, |a: t::Vector3, b: t::Matrix4x4| {
    n::Vector3::transform_normal(&a, &b).unwrap()
});
prop!(vector3_transform_quaternion, |a: t::Vector3, q: t::Quaternion| {
    n::Vector3::transform_with_value_rotation(&a, &q).unwrap()
});

// Vector4
prop!(vector4_new, |x: f32, y: f32, z: f32, w: f32| {
    n::Vector4::new_with_x_y_z_w(x, y, z, w).unwrap()
});
prop!(vector4_add, |a: t::Vector4, b: t::Vector4| n::Vector4::add(&a, &b)
    .unwrap());
prop!(vector4_subtract, |a: t::Vector4, b: t::Vector4| n::Vector4::subtract(
    &a, &b
)
.unwrap());
prop!(vector4_multiply, |a: t::Vector4, b: t::Vector4| {
    n::Vector4::multiply_vector4_vector4(&a, &b).unwrap()
});
prop!(vector4_multiply_scalar, |a: t::Vector4, k: f32| {
    n::Vector4::multiply_vector4_f32(&a, k).unwrap()
});
prop!(vector4_divide, |a: t::Vector4, b: t::Vector4| {
    n::Vector4::divide_with_left_right(&a, &b).unwrap()
});
prop!(vector4_negate, |a: t::Vector4| n::Vector4::negate(&a).unwrap());
prop!(vector4_dot, |a: t::Vector4, b: t::Vector4| n::Vector4::dot(&a, &b)
    .unwrap());
prop!(vector4_distance, |a: t::Vector4, b: t::Vector4| n::Vector4::distance(
    &a, &b
)
.unwrap());
prop!(vector4_normalize, |a: t::Vector4| n::Vector4::normalize(&a).unwrap());
prop!(vector4_lerp, |a: t::Vector4, b: t::Vector4, k: f32| n::Vector4::lerp(
    &a, &b, k
)
.unwrap());
prop!(vector4_transform, |a: t::Vector4, b: t::Matrix4x4| {
    n::Vector4::transform_with_vector_matrix(&a, &b).unwrap()
});
prop!(vector4_transform_quaternion, |a: t::Vector4, q: t::Quaternion| {
    n::Vector4::transform_vector4_quaternion(&a, &q).unwrap()
});

// Quaternion
prop!(quaternion_new, |v: t::Vector3, w: f32| n::Quaternion::new(&v, w)
    .unwrap());
prop!(quaternion_add, |a: t::Quaternion, b: t::Quaternion| n::Quaternion::add(
    &a, &b
)
.unwrap());
prop!(quaternion_subtract, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::subtract(&a, &b).unwrap()
});
prop!(quaternion_multiply, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::multiply_quaternion_quaternion(&a, &b).unwrap()
});
prop!(quaternion_multiply_scalar, |a: t::Quaternion, k: f32| {
    n::Quaternion::multiply_quaternion_f32(&a, k).unwrap()
});
prop!(quaternion_divide, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::divide(&a, &b).unwrap()
});
prop!(quaternion_concatenate, |a: t::Quaternion, b: t::Quaternion| {
    n::Quaternion::concatenate(&a, &b).unwrap()
});
prop!(quaternion_negate, |a: t::Quaternion| n::Quaternion::negate(&a).unwrap());
prop!(quaternion_conjugate, |a: t::Quaternion| n::Quaternion::conjugate(&a)
    .unwrap());
prop!(quaternion_inverse, |a: t::Quaternion| n::Quaternion::inverse(&a)
    .unwrap());
prop!(quaternion_normalize, |a: t::Quaternion| n::Quaternion::normalize(&a)
    .unwrap());
prop!(quaternion_dot, |a: t::Quaternion, b: t::Quaternion| n::Quaternion::dot(
    &a, &b
)
.unwrap());

// Plane
prop!(plane_new, |v: t::Vector3, d: f32| n::Plane::new_with_normal_d(&v, d)
    .unwrap());
prop!(plane_dot, |p: t::Plane, v: t::Vector4| n::Plane::dot(&p, &v).unwrap());
prop!(plane_dot_coordinate, |p: t::Plane, v: t::Vector3| {
    n::Plane::dot_coordinate(&p, &v).unwrap()
});
prop!(plane_dot_normal, |p: t::Plane, v: t::Vector3| n::Plane::dot_normal(
    &p, &v
)
.unwrap());
prop!(
    plane_create_from_vertices,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3| n::Plane::create_from_vertices(&a, &b, &c).unwrap()
);
prop!(plane_transform, |p: t::Plane, q: t::Quaternion| {
    n::Plane::transform_with_plane_rotation(&p, &q).unwrap()
});

// Matrix3x2
prop!(matrix3x2_multiply, |a: t::Matrix3x2, b: t::Matrix3x2| {
    n::Matrix3x2::multiply_matrix3x2_matrix3x2(&a, &b).unwrap()
});
prop!(matrix3x2_add, |a: t::Matrix3x2, b: t::Matrix3x2| n::Matrix3x2::add(
    &a, &b
)
.unwrap());
prop!(matrix3x2_determinant, |a: t::Matrix3x2| a.get_determinant().unwrap());
prop!(matrix3x2_lerp, |a: t::Matrix3x2, b: t::Matrix3x2, k: f32| {
    n::Matrix3x2::lerp(&a, &b, k).unwrap()
});
prop!(matrix3x2_create_scale_center, |x: f32, y: f32, c: t::Vector2| {
    n::Matrix3x2::create_scale_with_x_scale_y_scale_center_point(x, y, &c).unwrap()
});

// Matrix4x4
prop!(matrix4x4_multiply, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::multiply_matrix4x4_matrix4x4(&a, &b).unwrap()
});
prop!(matrix4x4_op_multiply, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::op_multiply_matrix4x4_matrix4x4(&a, &b).unwrap()
});
prop!(matrix4x4_multiply_scalar, |a: t::Matrix4x4, k: f32| {
    n::Matrix4x4::multiply_matrix4x4_f32(&a, k).unwrap()
});
prop!(matrix4x4_add, |a: t::Matrix4x4, b: t::Matrix4x4| n::Matrix4x4::add(
    &a, &b
)
.unwrap());
prop!(matrix4x4_subtract, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::subtract(&a, &b).unwrap()
});
prop!(matrix4x4_negate, |a: t::Matrix4x4| n::Matrix4x4::negate(&a).unwrap());
prop!(matrix4x4_transpose, |a: t::Matrix4x4| n::Matrix4x4::transpose(&a)
    .unwrap());
prop!(matrix4x4_determinant, |a: t::Matrix4x4| a.get_determinant().unwrap());
prop!(matrix4x4_lerp, |a: t::Matrix4x4, b: t::Matrix4x4, k: f32| {
    n::Matrix4x4::lerp(&a, &b, k).unwrap()
});
prop!(matrix4x4_transform, |a: t::Matrix4x4, q: t::Quaternion| {
    n::Matrix4x4::transform(&a, &q).unwrap()
});
prop!(matrix4x4_create_from_quaternion, |q: t::Quaternion| {
    n::Matrix4x4::create_from_quaternion(&q).unwrap()
});
prop!(matrix4x4_create_scale_center, |k: f32, c: t::Vector3| {
    n::Matrix4x4::create_scale_with_scale_center_point(k, &c).unwrap()
});
prop!(matrix4x4_create_translation, |v: t::Vector3| {
    n::Matrix4x4::create_translation(&v).unwrap()
});
prop!(matrix4x4_create_orthographic, |w: f32, h: f32, near: f32, far: f32| {
    n::Matrix4x4::create_orthographic(w, h, near, far).unwrap()
});
prop!(
    matrix4x4_create_look_at,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3| n::Matrix4x4::create_look_at(&a, &b, &c).unwrap()
);
prop!(matrix4x4_create_world, |a: t::Vector3, b: t::Vector3, c: t::Vector3| {
    n::Matrix4x4::create_world(&a, &b, &c).unwrap()
});
prop!(matrix4x4_from_matrix3x2, |a: t::Matrix3x2| n::Matrix4x4::new(&a)
    .unwrap());

// Every other translated method, one property each (all overloads, operators, properties and
// constants): `every_translated_method_of_system_numerics_vectors_has_a_property` lists them.
prop!(matrix3x2_new, |m11: f32,
                      m12: f32,
                      m21: f32,
                      m22: f32,
                      m31: f32,
                      m32: f32| {
    n::Matrix3x2::new(m11, m12, m21, m22, m31, m32).unwrap()
});
prop!(matrix3x2_create_translation, |position: t::Vector2| {
    n::Matrix3x2::create_translation(&position).unwrap()
});
prop!(
    matrix3x2_create_translation_with_x_position_y_position,
    |x_position: f32, y_position: f32| {
        n::Matrix3x2::create_translation_with_x_position_y_position(x_position, y_position).unwrap()
    }
);
prop!(
    matrix3x2_create_scale_with_x_scale_y_scale,
    |x_scale: f32, y_scale: f32| { n::Matrix3x2::create_scale_with_x_scale_y_scale(x_scale, y_scale).unwrap() }
);
prop!(matrix3x2_create_scale_with_scales, |scales: t::Vector2| {
    n::Matrix3x2::create_scale_with_scales(&scales).unwrap()
});
prop!(
    matrix3x2_create_scale_with_scales_center_point,
    |scales: t::Vector2, center_point: t::Vector2| {
        n::Matrix3x2::create_scale_with_scales_center_point(&scales, &center_point).unwrap()
    }
);
prop!(matrix3x2_create_scale_with_scale, |scale: f32| {
    n::Matrix3x2::create_scale_with_scale(scale).unwrap()
});
prop!(
    matrix3x2_create_scale_with_scale_center_point,
    |scale: f32, center_point: t::Vector2| {
        n::Matrix3x2::create_scale_with_scale_center_point(scale, &center_point).unwrap()
    }
);
prop!(matrix3x2_get_determinant, |this: t::Matrix3x2| {
    n::Matrix3x2::get_determinant(&this).unwrap()
});
prop!(matrix3x2_negate, |value: t::Matrix3x2| {
    n::Matrix3x2::negate(&value).unwrap()
});
prop!(matrix3x2_subtract, |value1: t::Matrix3x2, value2: t::Matrix3x2| {
    n::Matrix3x2::subtract(&value1, &value2).unwrap()
});
prop!(matrix3x2_multiply_matrix3x2_f32, |value1: t::Matrix3x2, value2: f32| {
    n::Matrix3x2::multiply_matrix3x2_f32(&value1, value2).unwrap()
});
prop!(matrix3x2_op_unary_negation, |value: t::Matrix3x2| {
    n::Matrix3x2::op_unary_negation(&value).unwrap()
});
prop!(matrix3x2_op_addition, |value1: t::Matrix3x2, value2: t::Matrix3x2| {
    n::Matrix3x2::op_addition(&value1, &value2).unwrap()
});
prop!(
    matrix3x2_op_subtraction,
    |value1: t::Matrix3x2, value2: t::Matrix3x2| { n::Matrix3x2::op_subtraction(&value1, &value2).unwrap() }
);
prop!(
    matrix3x2_op_multiply_matrix3x2_matrix3x2,
    |value1: t::Matrix3x2, value2: t::Matrix3x2| {
        n::Matrix3x2::op_multiply_matrix3x2_matrix3x2(&value1, &value2).unwrap()
    }
);
prop!(
    matrix3x2_op_multiply_matrix3x2_f32,
    |value1: t::Matrix3x2, value2: f32| { n::Matrix3x2::op_multiply_matrix3x2_f32(&value1, value2).unwrap() }
);
prop!(matrix3x2_op_inequality, |value1: t::Matrix3x2, value2: t::Matrix3x2| {
    n::Matrix3x2::op_inequality(&value1, &value2).unwrap()
});
prop!(
    matrix3x2_equals_with_other,
    |this: t::Matrix3x2, other: t::Matrix3x2| { n::Matrix3x2::equals_with_other(&this, &other).unwrap() }
);
prop!(matrix3x2_is_identity, |this: t::Matrix3x2| {
    n::Matrix3x2::is_identity(&this).unwrap()
});
prop!(matrix3x2_translation, |this: t::Matrix3x2| {
    n::Matrix3x2::translation(&this).unwrap()
});
prop!(matrix3x2_set_translation, |this: t::Matrix3x2, value: t::Vector2| {
    let mut this = this;
    n::Matrix3x2::set_translation(&mut this, &value).unwrap();
    this
});
prop!(
    matrix4x4_new_with_m11_m12_m13_m14_m21_m22_m23_m24_m31_m32_m33_m34_m41_m42_m43_m44,
    |m11: f32,
     m12: f32,
     m13: f32,
     m14: f32,
     m21: f32,
     m22: f32,
     m23: f32,
     m24: f32,
     m31: f32,
     m32: f32,
     m33: f32,
     m34: f32,
     m41: f32,
     m42: f32,
     m43: f32,
     m44: f32| {
        n::Matrix4x4::new_with_m11_m12_m13_m14_m21_m22_m23_m24_m31_m32_m33_m34_m41_m42_m43_m44(
            m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44,
        )
        .unwrap()
    }
);
prop!(
    matrix4x4_create_translation_with_x_position_y_position_z_position,
    |x_position: f32, y_position: f32, z_position: f32| {
        n::Matrix4x4::create_translation_with_x_position_y_position_z_position(x_position, y_position, z_position)
            .unwrap()
    }
);
prop!(
    matrix4x4_create_scale_with_x_scale_y_scale_z_scale,
    |x_scale: f32, y_scale: f32, z_scale: f32| {
        n::Matrix4x4::create_scale_with_x_scale_y_scale_z_scale(x_scale, y_scale, z_scale).unwrap()
    }
);
prop!(
    matrix4x4_create_scale_with_x_scale_y_scale_z_scale_center_point,
    |x_scale: f32, y_scale: f32, z_scale: f32, center_point: t::Vector3| {
        n::Matrix4x4::create_scale_with_x_scale_y_scale_z_scale_center_point(x_scale, y_scale, z_scale, &center_point)
            .unwrap()
    }
);
prop!(matrix4x4_create_scale_with_scales, |scales: t::Vector3| {
    n::Matrix4x4::create_scale_with_scales(&scales).unwrap()
});
prop!(
    matrix4x4_create_scale_with_scales_center_point,
    |scales: t::Vector3, center_point: t::Vector3| {
        n::Matrix4x4::create_scale_with_scales_center_point(&scales, &center_point).unwrap()
    }
);
prop!(matrix4x4_create_scale_with_scale, |scale: f32| {
    n::Matrix4x4::create_scale_with_scale(scale).unwrap()
});
prop!(
    matrix4x4_create_orthographic_off_center,
    |left: f32, right: f32, bottom: f32, top: f32, z_near_plane: f32, z_far_plane: f32| {
        n::Matrix4x4::create_orthographic_off_center(left, right, bottom, top, z_near_plane, z_far_plane).unwrap()
    }
);
prop!(matrix4x4_get_determinant, |this: t::Matrix4x4| {
    n::Matrix4x4::get_determinant(&this).unwrap()
});
prop!(matrix4x4_op_unary_negation, |value: t::Matrix4x4| {
    n::Matrix4x4::op_unary_negation(&value).unwrap()
});
prop!(matrix4x4_op_addition, |value1: t::Matrix4x4, value2: t::Matrix4x4| {
    n::Matrix4x4::op_addition(&value1, &value2).unwrap()
});
prop!(
    matrix4x4_op_subtraction,
    |value1: t::Matrix4x4, value2: t::Matrix4x4| { n::Matrix4x4::op_subtraction(&value1, &value2).unwrap() }
);
prop!(
    matrix4x4_op_multiply_matrix4x4_f32,
    |value1: t::Matrix4x4, value2: f32| { n::Matrix4x4::op_multiply_matrix4x4_f32(&value1, value2).unwrap() }
);
prop!(matrix4x4_op_inequality, |value1: t::Matrix4x4, value2: t::Matrix4x4| {
    n::Matrix4x4::op_inequality(&value1, &value2).unwrap()
});
prop!(
    matrix4x4_equals_with_other,
    |this: t::Matrix4x4, other: t::Matrix4x4| { n::Matrix4x4::equals_with_other(&this, &other).unwrap() }
);
prop!(matrix4x4_is_identity, |this: t::Matrix4x4| {
    n::Matrix4x4::is_identity(&this).unwrap()
});
prop!(matrix4x4_translation, |this: t::Matrix4x4| {
    n::Matrix4x4::translation(&this).unwrap()
});
prop!(matrix4x4_set_translation, |this: t::Matrix4x4, value: t::Vector3| {
    let mut this = this;
    n::Matrix4x4::set_translation(&mut this, &value).unwrap();
    this
});
prop!(plane_new_with_x_y_z_d, |x: f32, y: f32, z: f32, d: f32| {
    n::Plane::new_with_x_y_z_d(x, y, z, d).unwrap()
});
prop!(plane_new_with_value, |value: t::Vector4| {
    n::Plane::new(&value).unwrap()
});
prop!(plane_op_inequality, |value1: t::Plane, value2: t::Plane| {
    n::Plane::op_inequality(&value1, &value2).unwrap()
});
prop!(plane_equals_with_other, |this: t::Plane, other: t::Plane| {
    let mut this = this;
    let r = n::Plane::equals_with_other(&mut this, &other).unwrap();
    (r, this)
});
prop!(quaternion_new_with_x_y_z_w, |x: f32, y: f32, z: f32, w: f32| {
    n::Quaternion::new_with_x_y_z_w(x, y, z, w).unwrap()
});
prop!(quaternion_length, |this: t::Quaternion| {
    n::Quaternion::length(&this).unwrap()
});
prop!(quaternion_length_squared, |this: t::Quaternion| {
    n::Quaternion::length_squared(&this).unwrap()
});
prop!(quaternion_op_unary_negation, |value: t::Quaternion| {
    n::Quaternion::op_unary_negation(&value).unwrap()
});
prop!(
    quaternion_op_addition,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_addition(&value1, &value2).unwrap() }
);
prop!(
    quaternion_op_subtraction,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_subtraction(&value1, &value2).unwrap() }
);
prop!(
    quaternion_op_multiply_quaternion_quaternion,
    |value1: t::Quaternion, value2: t::Quaternion| {
        n::Quaternion::op_multiply_quaternion_quaternion(&value1, &value2).unwrap()
    }
);
prop!(
    quaternion_op_multiply_quaternion_f32,
    |value1: t::Quaternion, value2: f32| { n::Quaternion::op_multiply_quaternion_f32(&value1, value2).unwrap() }
);
prop!(
    quaternion_op_division,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_division(&value1, &value2).unwrap() }
);
prop!(
    quaternion_op_inequality,
    |value1: t::Quaternion, value2: t::Quaternion| { n::Quaternion::op_inequality(&value1, &value2).unwrap() }
);
prop!(
    quaternion_equals_with_other,
    |this: t::Quaternion, other: t::Quaternion| { n::Quaternion::equals_with_other(&this, &other).unwrap() }
);
prop!(quaternion_identity, || { n::Quaternion::identity().unwrap() });
prop!(quaternion_is_identity, |this: t::Quaternion| {
    n::Quaternion::is_identity(&this).unwrap()
});
prop!(vector2_new_with_value, |value: f32| { n::Vector2::new(value).unwrap() });
prop!(
    vector2_op_division_with_value1_value2,
    |value1: t::Vector2, value2: f32| { n::Vector2::op_division_with_value1_value2(&value1, value2).unwrap() }
);
prop!(vector2_op_unary_negation, |value: t::Vector2| {
    n::Vector2::op_unary_negation(&value).unwrap()
});
prop!(vector2_op_inequality, |left: t::Vector2, right: t::Vector2| {
    n::Vector2::op_inequality(&left, &right).unwrap()
});
prop!(vector2_length, |this: t::Vector2| {
    n::Vector2::length(&this).unwrap()
});
prop!(vector2_length_squared, |this: t::Vector2| {
    n::Vector2::length_squared(&this).unwrap()
});
prop!(
    vector2_transform_normal_vector2_matrix3x2,
    |normal: t::Vector2, matrix: t::Matrix3x2| {
        n::Vector2::transform_normal_vector2_matrix3x2(&normal, &matrix).unwrap()
    }
);
prop!(
    vector2_transform_normal_vector2_matrix4x4,
    |normal: t::Vector2, matrix: t::Matrix4x4| {
        n::Vector2::transform_normal_vector2_matrix4x4(&normal, &matrix).unwrap()
    }
);
prop!(vector2_multiply_f32_vector2, |left: f32, right: t::Vector2| {
    n::Vector2::multiply_f32_vector2(left, &right).unwrap()
});
prop!(vector2_equals_with_other, |this: t::Vector2, other: t::Vector2| {
    n::Vector2::equals_with_other(&this, &other).unwrap()
});
prop!(vector2_op_addition, |left: t::Vector2, right: t::Vector2| {
    n::Vector2::op_addition(&left, &right).unwrap()
});
prop!(vector2_op_subtraction, |left: t::Vector2, right: t::Vector2| {
    n::Vector2::op_subtraction(&left, &right).unwrap()
});
prop!(
    vector2_op_multiply_vector2_vector2,
    |left: t::Vector2, right: t::Vector2| { n::Vector2::op_multiply_vector2_vector2(&left, &right).unwrap() }
);
prop!(vector2_op_multiply_f32_vector2, |left: f32, right: t::Vector2| {
    n::Vector2::op_multiply_f32_vector2(left, &right).unwrap()
});
prop!(vector2_op_multiply_vector2_f32, |left: t::Vector2, right: f32| {
    n::Vector2::op_multiply_vector2_f32(&left, right).unwrap()
});
prop!(
    vector2_op_division_with_left_right,
    |left: t::Vector2, right: t::Vector2| { n::Vector2::op_division_with_left_right(&left, &right).unwrap() }
);
prop!(vector2_zero, || { n::Vector2::zero().unwrap() });
prop!(vector2_one, || { n::Vector2::one().unwrap() });
prop!(vector2_unit_x, || { n::Vector2::unit_x().unwrap() });
prop!(vector2_unit_y, || { n::Vector2::unit_y().unwrap() });
prop!(vector3_new_with_value, |value: f32| { n::Vector3::new(value).unwrap() });
prop!(vector3_new_with_value_z, |value: t::Vector2, z: f32| {
    n::Vector3::new_with_value_z(&value, z).unwrap()
});
prop!(
    vector3_op_division_with_left_right,
    |left: t::Vector3, right: t::Vector3| { n::Vector3::op_division_with_left_right(&left, &right).unwrap() }
);
prop!(
    vector3_op_division_with_value1_value2,
    |value1: t::Vector3, value2: f32| { n::Vector3::op_division_with_value1_value2(&value1, value2).unwrap() }
);
prop!(vector3_op_unary_negation, |value: t::Vector3| {
    n::Vector3::op_unary_negation(&value).unwrap()
});
prop!(vector3_length, |this: t::Vector3| {
    n::Vector3::length(&this).unwrap()
});
prop!(vector3_length_squared, |this: t::Vector3| {
    n::Vector3::length_squared(&this).unwrap()
});
prop!(vector3_multiply_f32_vector3, |left: f32, right: t::Vector3| {
    n::Vector3::multiply_f32_vector3(left, &right).unwrap()
});
prop!(vector3_equals_with_other, |this: t::Vector3, other: t::Vector3| {
    n::Vector3::equals_with_other(&this, &other).unwrap()
});
prop!(vector3_op_subtraction, |left: t::Vector3, right: t::Vector3| {
    n::Vector3::op_subtraction(&left, &right).unwrap()
});
prop!(
    vector3_op_multiply_vector3_vector3,
    |left: t::Vector3, right: t::Vector3| { n::Vector3::op_multiply_vector3_vector3(&left, &right).unwrap() }
);
prop!(vector3_op_multiply_vector3_f32, |left: t::Vector3, right: f32| {
    n::Vector3::op_multiply_vector3_f32(&left, right).unwrap()
});
prop!(vector3_op_multiply_f32_vector3, |left: f32, right: t::Vector3| {
    n::Vector3::op_multiply_f32_vector3(left, &right).unwrap()
});
prop!(vector3_zero, || { n::Vector3::zero().unwrap() });
prop!(vector3_one, || { n::Vector3::one().unwrap() });
prop!(vector3_unit_x, || { n::Vector3::unit_x().unwrap() });
prop!(vector3_unit_y, || { n::Vector3::unit_y().unwrap() });
prop!(vector3_unit_z, || { n::Vector3::unit_z().unwrap() });
prop!(vector4_new_with_value, |value: f32| { n::Vector4::new(value).unwrap() });
prop!(vector4_new_with_value_z_w, |value: t::Vector2, z: f32, w: f32| {
    n::Vector4::new_with_value_z_w(&value, z, w).unwrap()
});
prop!(vector4_new_with_value_w, |value: t::Vector3, w: f32| {
    n::Vector4::new_with_value_w(&value, w).unwrap()
});
prop!(vector4_op_multiply_f32_vector4, |left: f32, right: t::Vector4| {
    n::Vector4::op_multiply_f32_vector4(left, &right).unwrap()
});
prop!(
    vector4_op_division_with_left_right,
    |left: t::Vector4, right: t::Vector4| { n::Vector4::op_division_with_left_right(&left, &right).unwrap() }
);
prop!(
    vector4_op_division_with_value1_value2,
    |value1: t::Vector4, value2: f32| { n::Vector4::op_division_with_value1_value2(&value1, value2).unwrap() }
);
prop!(vector4_op_unary_negation, |value: t::Vector4| {
    n::Vector4::op_unary_negation(&value).unwrap()
});
prop!(vector4_op_inequality, |left: t::Vector4, right: t::Vector4| {
    n::Vector4::op_inequality(&left, &right).unwrap()
});
prop!(vector4_length, |this: t::Vector4| {
    n::Vector4::length(&this).unwrap()
});
prop!(vector4_length_squared, |this: t::Vector4| {
    n::Vector4::length_squared(&this).unwrap()
});
prop!(vector4_distance_squared, |value1: t::Vector4, value2: t::Vector4| {
    n::Vector4::distance_squared(&value1, &value2).unwrap()
});
prop!(
    vector4_transform_vector2_matrix4x4,
    |position: t::Vector2, matrix: t::Matrix4x4| {
        n::Vector4::transform_vector2_matrix4x4(&position, &matrix).unwrap()
    }
);
prop!(
    vector4_transform_vector3_matrix4x4,
    |position: t::Vector3, matrix: t::Matrix4x4| {
        n::Vector4::transform_vector3_matrix4x4(&position, &matrix).unwrap()
    }
);
prop!(
    vector4_transform_vector2_quaternion,
    |value: t::Vector2, rotation: t::Quaternion| {
        n::Vector4::transform_vector2_quaternion(&value, &rotation).unwrap()
    }
);
prop!(
    vector4_transform_vector3_quaternion,
    |value: t::Vector3, rotation: t::Quaternion| {
        n::Vector4::transform_vector3_quaternion(&value, &rotation).unwrap()
    }
);
prop!(vector4_multiply_f32_vector4, |left: f32, right: t::Vector4| {
    n::Vector4::multiply_f32_vector4(left, &right).unwrap()
});
prop!(vector4_divide_with_left_divisor, |left: t::Vector4, divisor: f32| {
    n::Vector4::divide_with_left_divisor(&left, divisor).unwrap()
});
prop!(vector4_equals_with_other, |this: t::Vector4, other: t::Vector4| {
    n::Vector4::equals_with_other(&this, &other).unwrap()
});
prop!(vector4_abs, |value: t::Vector4| { n::Vector4::abs(&value).unwrap() });
prop!(vector4_square_root, |value: t::Vector4| {
    n::Vector4::square_root(&value).unwrap()
});
prop!(vector4_op_addition, |left: t::Vector4, right: t::Vector4| {
    n::Vector4::op_addition(&left, &right).unwrap()
});
prop!(vector4_op_subtraction, |left: t::Vector4, right: t::Vector4| {
    n::Vector4::op_subtraction(&left, &right).unwrap()
});
prop!(
    vector4_op_multiply_vector4_vector4,
    |left: t::Vector4, right: t::Vector4| { n::Vector4::op_multiply_vector4_vector4(&left, &right).unwrap() }
);
prop!(vector4_op_multiply_vector4_f32, |left: t::Vector4, right: f32| {
    n::Vector4::op_multiply_vector4_f32(&left, right).unwrap()
});
prop!(vector4_zero, || { n::Vector4::zero().unwrap() });
prop!(vector4_one, || { n::Vector4::one().unwrap() });
prop!(vector4_unit_x, || { n::Vector4::unit_x().unwrap() });
prop!(vector4_unit_y, || { n::Vector4::unit_y().unwrap() });
prop!(vector4_unit_z, || { n::Vector4::unit_z().unwrap() });
prop!(vector4_unit_w, || { n::Vector4::unit_w().unwrap() });

// Game.Vector3 (managed-tests/fixtures/Game.cs)
prop!(game_vector3_new, tg => mg, |x: f32, y: f32, z: f32| n::Vector3::new(x, y, z).unwrap());
prop!(game_vector3_add, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::add(&a, &b).unwrap());
prop!(game_vector3_cross, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::cross(&a, &b).unwrap());
prop!(game_vector3_dot, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::dot(&a, &b).unwrap());
prop!(game_vector3_length, tg => mg, |a: tg::Vector3| n::Vector3::length(&a).unwrap());
prop!(game_vector3_equals, tg => mg, |a: tg::Vector3, b: tg::Vector3| n::Vector3::equals(&a, &b).unwrap());
prop!(game_vector3_equals_itself, tg => mg, |a: tg::Vector3| n::Vector3::equals(&a, &a).unwrap());
prop!(game_vector3_scale, tg => mg, |a: tg::Vector3, k: f32| {
    let mut a = a;
    n::Vector3::scale(&mut a, k).unwrap();
    a
});

// Branches: both ways computed, merged by selects (read/pure_body.rs). Equality also against
// the value itself (true unless a NaN is in it), which random values almost never reach.
prop!(vector2_min, |a: t::Vector2, b: t::Vector2| n::Vector2::min(&a, &b)
    .unwrap());
prop!(vector2_max, |a: t::Vector2, b: t::Vector2| n::Vector2::max(&a, &b)
    .unwrap());
prop!(vector2_clamp, |a: t::Vector2, lo: t::Vector2, hi: t::Vector2| {
    n::Vector2::clamp(&a, &lo, &hi).unwrap()
});
prop!(vector2_op_equality, |a: t::Vector2, b: t::Vector2| {
    n::Vector2::op_equality(&a, &b).unwrap()
});
prop!(vector2_equals_itself, |a: t::Vector2| a.equals_with_other(&a).unwrap());
prop!(vector3_min, |a: t::Vector3, b: t::Vector3| n::Vector3::min(&a, &b)
    .unwrap());
prop!(vector3_max, |a: t::Vector3, b: t::Vector3| n::Vector3::max(&a, &b)
    .unwrap());
prop!(vector3_clamp, |a: t::Vector3, lo: t::Vector3, hi: t::Vector3| {
    n::Vector3::clamp(&a, &lo, &hi).unwrap()
});
prop!(vector3_op_equality, |a: t::Vector3, b: t::Vector3| {
    n::Vector3::op_equality(&a, &b).unwrap()
});
prop!(vector3_op_inequality_itself, |a: t::Vector3| n::Vector3::op_inequality(
    &a, &a
)
.unwrap());
prop!(vector3_equals_itself, |a: t::Vector3| a.equals_with_other(&a).unwrap());
prop!(vector4_min, |a: t::Vector4, b: t::Vector4| n::Vector4::min(&a, &b)
    .unwrap());
prop!(vector4_max, |a: t::Vector4, b: t::Vector4| n::Vector4::max(&a, &b)
    .unwrap());
prop!(vector4_clamp, |a: t::Vector4, lo: t::Vector4, hi: t::Vector4| {
    n::Vector4::clamp(&a, &lo, &hi).unwrap()
});
prop!(vector4_op_equality_itself, |a: t::Vector4| n::Vector4::op_equality(
    &a, &a
)
.unwrap());
prop!(quaternion_lerp, |a: t::Quaternion, b: t::Quaternion, k: f32| {
    n::Quaternion::lerp(&a, &b, k).unwrap()
});
prop!(quaternion_create_from_rotation_matrix, |m: t::Matrix4x4| {
    n::Quaternion::create_from_rotation_matrix(&m).unwrap()
});
prop!(quaternion_op_equality_itself, |a: t::Quaternion| {
    n::Quaternion::op_equality(&a, &a).unwrap()
});
prop!(plane_normalize, |p: t::Plane| n::Plane::normalize(&p).unwrap());
prop!(plane_transform_matrix, |p: t::Plane, m: t::Matrix4x4| {
    n::Plane::transform_with_plane_matrix(&p, &m).unwrap()
});
prop!(plane_op_equality_itself, |p: t::Plane| n::Plane::op_equality(&p, &p)
    .unwrap());
prop!(matrix3x2_op_equality_itself, |a: t::Matrix3x2| {
    n::Matrix3x2::op_equality(&a, &a).unwrap()
});
prop!(matrix4x4_op_equality, |a: t::Matrix4x4, b: t::Matrix4x4| {
    n::Matrix4x4::op_equality(&a, &b).unwrap()
});
prop!(matrix4x4_op_equality_itself, |a: t::Matrix4x4| {
    n::Matrix4x4::op_equality(&a, &a).unwrap()
});
prop!(matrix4x4_create_reflection, |p: t::Plane| {
    n::Matrix4x4::create_reflection(&p).unwrap()
});
prop!(matrix4x4_create_shadow, |v: t::Vector3, p: t::Plane| {
    n::Matrix4x4::create_shadow(&v, &p).unwrap()
});
prop!(
    matrix4x4_create_billboard,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3, d: t::Vector3| {
        n::Matrix4x4::create_billboard(&a, &b, &c, &d).unwrap()
    }
);
prop!(
    matrix4x4_create_constrained_billboard,
    |a: t::Vector3, b: t::Vector3, c: t::Vector3, d: t::Vector3, e: t::Vector3| {
        n::Matrix4x4::create_constrained_billboard(&a, &b, &c, &d, &e).unwrap()
    }
);

// The sample game's Vector3 and Quaternion (samples/managed/Arena.cs).
prop!(arena_vector3_new, ta => ma, |x: f32, y: f32, z: f32| n::Vector3::new(x, y, z).unwrap());
prop!(arena_vector3_add, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::add(&a, &b).unwrap());
prop!(arena_vector3_sub, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::sub(&a, &b).unwrap());
prop!(arena_vector3_scale, ta => ma, |a: ta::Vector3, k: f32| n::Vector3::scale(&a, k).unwrap());
prop!(arena_vector3_cross, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::cross(&a, &b).unwrap());
prop!(arena_vector3_dot, ta => ma, |a: ta::Vector3, b: ta::Vector3| n::Vector3::dot(&a, &b).unwrap());
prop!(arena_vector3_sqr_magnitude, ta => ma, |a: ta::Vector3| n::Vector3::sqr_magnitude(&a).unwrap());
prop!(arena_vector3_magnitude, ta => ma, |a: ta::Vector3| n::Vector3::magnitude(&a).unwrap());
prop!(arena_quaternion_new, ta => ma, |x: f32, y: f32, z: f32, w: f32| n::Quaternion::new(x, y, z, w).unwrap());
prop!(arena_quaternion_multiply, ta => ma, |a: ta::Quaternion, b: ta::Quaternion| n::Quaternion::multiply(&a, &b).unwrap());
prop!(arena_quaternion_rotate, ta => ma, |q: ta::Quaternion, v: ta::Vector3| n::Quaternion::rotate(&q, &v).unwrap());

// mscorlib's TimeSpan, DateTime and Guid: integer arithmetic (wrapping), division by
// constants, unsigned comparisons and branches.
prop!(timespan_new, ts => ms, |t: i64| n::TimeSpan::new(t).unwrap());
prop!(timespan_from_ticks, ts => ms, |t: i64| n::TimeSpan::from_ticks(t).unwrap());
prop!(timespan_compare, ts => ms, |a: ts::TimeSpan, b: ts::TimeSpan| n::TimeSpan::compare(&a, &b).unwrap());
prop!(timespan_op_less_than, ts => ms, |a: ts::TimeSpan, b: ts::TimeSpan| n::TimeSpan::op_less_than(&a, &b).unwrap());
prop!(timespan_op_division, ts => ms, |a: ts::TimeSpan, b: ts::TimeSpan| n::TimeSpan::op_division_with_t1_t2(&a, &b).unwrap());
prop!(timespan_hash, ts => ms, |a: ts::TimeSpan| a.get_hash_code().unwrap());
prop!(timespan_parts, ts => ms, |a: ts::TimeSpan| {
    (
        (a.days().unwrap(), a.hours().unwrap()),
        ((a.minutes().unwrap(), a.seconds().unwrap()), a.milliseconds().unwrap()),
    )
});
prop!(timespan_totals, ts => ms, |a: ts::TimeSpan| {
    (
        (a.total_days().unwrap(), a.total_hours().unwrap()),
        ((a.total_minutes().unwrap(), a.total_seconds().unwrap()), a.total_milliseconds().unwrap()),
    )
});
prop!(datetime_compare, ts => ms, |a: ts::DateTime, b: ts::DateTime| n::DateTime::compare(&a, &b).unwrap());
prop!(datetime_op_less_than_or_equal, ts => ms, |a: ts::DateTime, b: ts::DateTime| n::DateTime::op_less_than_or_equal(&a, &b).unwrap());
prop!(datetime_equals_itself, ts => ms, |a: ts::DateTime| n::DateTime::op_equality(&a, &a).unwrap());
prop!(datetime_subtract, ts => ms, |a: ts::DateTime, b: ts::DateTime| n::DateTime::op_subtraction_with_d1_d2(&a, &b).unwrap());
prop!(datetime_hash, ts => ms, |a: ts::DateTime| a.get_hash_code().unwrap());
prop!(datetime_parts, ts => ms, |a: ts::DateTime| {
    (
        (a.hour().unwrap(), a.minute().unwrap()),
        ((a.second().unwrap(), a.millisecond().unwrap()), a.ticks().unwrap()),
    )
});
prop!(datetime_date_and_time_of_day, ts => ms, |a: ts::DateTime| (a.date().unwrap(), a.time_of_day().unwrap()));
prop!(guid_new, ts => ms, |a: i32, b: i16, c: i16, d: u8, e: u8, f: u8, h: u8| {
    n::Guid::new_i32_i16_i16_u8_u8_u8_u8_u8_u8_u8_u8(a, b, c, d, e, f, h, d, e, f, h).unwrap()
});
prop!(guid_compare_to, ts => ms, |a: ts::Guid, b: ts::Guid| a.compare_to_guid(&b).unwrap());
prop!(guid_compare_to_itself, ts => ms, |a: ts::Guid| a.compare_to_guid(&a).unwrap());

// The other translated methods of mscorlib, one property each (all overloads, operators,
// properties and constants): `every_translated_method_of_mscorlib_has_a_property` lists them.
prop!(date_time_compare_to_date_time, ts => ms, |this: ts::DateTime, value: ts::DateTime| { n::DateTime::compare_to_date_time(&this, &value).unwrap() });
prop!(date_time_equals_date_time, ts => ms, |this: ts::DateTime, value: ts::DateTime| { n::DateTime::equals_date_time(&this, &value).unwrap() });
prop!(date_time_equals_with_t1_t2, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::equals_with_t1_t2(&t1, &t2).unwrap() });
prop!(date_time_get_hash_code, ts => ms, |this: ts::DateTime| { n::DateTime::get_hash_code(&this).unwrap() });
prop!(date_time_subtract_date_time, ts => ms, |this: ts::DateTime, value: ts::DateTime| { n::DateTime::subtract_date_time(&this, &value).unwrap() });
prop!(date_time_op_inequality, ts => ms, |d1: ts::DateTime, d2: ts::DateTime| { n::DateTime::op_inequality(&d1, &d2).unwrap() });
prop!(date_time_op_less_than, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::op_less_than(&t1, &t2).unwrap() });
prop!(date_time_op_greater_than, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::op_greater_than(&t1, &t2).unwrap() });
prop!(date_time_op_greater_than_or_equal, ts => ms, |t1: ts::DateTime, t2: ts::DateTime| { n::DateTime::op_greater_than_or_equal(&t1, &t2).unwrap() });
prop!(date_time_date, ts => ms, |this: ts::DateTime| { n::DateTime::date(&this).unwrap() });
prop!(date_time_hour, ts => ms, |this: ts::DateTime| { n::DateTime::hour(&this).unwrap() });
prop!(date_time_millisecond, ts => ms, |this: ts::DateTime| { n::DateTime::millisecond(&this).unwrap() });
prop!(date_time_minute, ts => ms, |this: ts::DateTime| { n::DateTime::minute(&this).unwrap() });
prop!(date_time_second, ts => ms, |this: ts::DateTime| { n::DateTime::second(&this).unwrap() });
prop!(date_time_ticks, ts => ms, |this: ts::DateTime| { n::DateTime::ticks(&this).unwrap() });
prop!(date_time_time_of_day, ts => ms, |this: ts::DateTime| { n::DateTime::time_of_day(&this).unwrap() });
prop!(guid_new_u32_u16_u16_u8_u8_u8_u8_u8_u8_u8_u8, ts => ms, |a: u32, b: u16, c: u16, d: u8, e: u8, f: u8, g: u8, h: u8, i: u8, j: u8, k: u8| { n::Guid::new_u32_u16_u16_u8_u8_u8_u8_u8_u8_u8_u8(a, b, c, d, e, f, g, h, i, j, k).unwrap() });
prop!(guid_compare_to_guid, ts => ms, |this: ts::Guid, value: ts::Guid| { n::Guid::compare_to_guid(&this, &value).unwrap() });
prop!(index_get_hash_code, ts => ms, |this: ts::Index| { n::Index::get_hash_code(&this).unwrap() });
prop!(index_get_offset, ts => ms, |this: ts::Index, length: i32| { n::Index::get_offset(&this, length).unwrap() });
prop!(index_equals_with_other, ts => ms, |this: ts::Index, other: ts::Index| { n::Index::equals_with_other(&this, &other).unwrap() });
prop!(index_start, ts => ms, || { n::Index::start().unwrap() });
prop!(index_end, ts => ms, || { n::Index::end().unwrap() });
prop!(index_value, ts => ms, |this: ts::Index| { n::Index::value(&this).unwrap() });
prop!(index_is_from_end, ts => ms, |this: ts::Index| { n::Index::is_from_end(&this).unwrap() });
prop!(range_new, ts => ms, |start: ts::Index, end: ts::Index| { n::Range::new(&start, &end).unwrap() });
prop!(range_end_at, ts => ms, |end: ts::Index| { n::Range::end_at(&end).unwrap() });
prop!(range_equals_with_other, ts => ms, |this: ts::Range, other: ts::Range| { let mut this = this; let r = n::Range::equals_with_other(&mut this, &other).unwrap(); (r, this) });
prop!(range_start_at, ts => ms, |start: ts::Index| { n::Range::start_at(&start).unwrap() });
prop!(range_start, ts => ms, |this: ts::Range| { n::Range::start(&this).unwrap() });
prop!(range_end, ts => ms, |this: ts::Range| { n::Range::end(&this).unwrap() });
prop!(range_all, ts => ms, || { n::Range::all().unwrap() });
prop!(time_span_op_equality, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_equality(&t1, &t2).unwrap() });
prop!(time_span_op_inequality, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_inequality(&t1, &t2).unwrap() });
prop!(time_span_op_less_than_or_equal, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_less_than_or_equal(&t1, &t2).unwrap() });
prop!(time_span_op_greater_than, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_greater_than(&t1, &t2).unwrap() });
prop!(time_span_op_greater_than_or_equal, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::op_greater_than_or_equal(&t1, &t2).unwrap() });
prop!(time_span_compare_to_time_span, ts => ms, |this: ts::TimeSpan, value: ts::TimeSpan| { n::TimeSpan::compare_to_time_span(&this, &value).unwrap() });
prop!(time_span_equals_with_obj, ts => ms, |this: ts::TimeSpan, obj: ts::TimeSpan| { n::TimeSpan::equals_with_obj(&this, &obj).unwrap() });
prop!(time_span_equals_with_t1_t2, ts => ms, |t1: ts::TimeSpan, t2: ts::TimeSpan| { n::TimeSpan::equals_with_t1_t2(&t1, &t2).unwrap() });
prop!(time_span_get_hash_code, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::get_hash_code(&this).unwrap() });
prop!(time_span_divide_with_ts, ts => ms, |this: ts::TimeSpan, span: ts::TimeSpan| { n::TimeSpan::divide_with_ts(&this, &span).unwrap() });
prop!(time_span_op_unary_plus, ts => ms, |t: ts::TimeSpan| { n::TimeSpan::op_unary_plus(&t).unwrap() });
prop!(time_span_ticks, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::ticks(&this).unwrap() });
prop!(time_span_days, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::days(&this).unwrap() });
prop!(time_span_hours, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::hours(&this).unwrap() });
prop!(time_span_milliseconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::milliseconds(&this).unwrap() });
prop!(time_span_minutes, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::minutes(&this).unwrap() });
prop!(time_span_seconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::seconds(&this).unwrap() });
prop!(time_span_total_days, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_days(&this).unwrap() });
prop!(time_span_total_hours, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_hours(&this).unwrap() });
prop!(time_span_total_milliseconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_milliseconds(&this).unwrap() });
prop!(time_span_total_minutes, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_minutes(&this).unwrap() });
prop!(time_span_total_seconds, ts => ms, |this: ts::TimeSpan| { n::TimeSpan::total_seconds(&this).unwrap() });
prop!(value_tuple_equals_with_other, ts => ms, |this: ts::ValueTuple, other: ts::ValueTuple| { n::ValueTuple::equals_with_other(&this, &other).unwrap() });
prop!(value_tuple_compare_to, ts => ms, |this: ts::ValueTuple, other: ts::ValueTuple| { n::ValueTuple::compare_to(&this, &other).unwrap() });
prop!(value_tuple_get_hash_code, ts => ms, |this: ts::ValueTuple| { n::ValueTuple::get_hash_code(&this).unwrap() });
prop!(value_tuple_create, ts => ms, || { n::ValueTuple::create().unwrap() });
prop!(standard_format_op_equality, ts => ms, |left: ts::StandardFormat, right: ts::StandardFormat| { n::StandardFormat::op_equality(&left, &right).unwrap() });
prop!(standard_format_op_inequality, ts => ms, |left: ts::StandardFormat, right: ts::StandardFormat| { n::StandardFormat::op_inequality(&left, &right).unwrap() });
prop!(standard_format_equals_with_other, ts => ms, |this: ts::StandardFormat, other: ts::StandardFormat| { n::StandardFormat::equals_with_other(&this, &other).unwrap() });
prop!(standard_format_precision, ts => ms, |this: ts::StandardFormat| { n::StandardFormat::precision(&this).unwrap() });
prop!(standard_format_has_precision, ts => ms, |this: ts::StandardFormat| { n::StandardFormat::has_precision(&this).unwrap() });
prop!(standard_format_is_default, ts => ms, |this: ts::StandardFormat| { n::StandardFormat::is_default(&this).unwrap() });
prop!(symbol_token_new, ts => ms, |val: i32| { n::SymbolToken::new(val).unwrap() });
prop!(symbol_token_get_token, ts => ms, |this: ts::SymbolToken| { n::SymbolToken::get_token(&this).unwrap() });
prop!(symbol_token_get_hash_code, ts => ms, |this: ts::SymbolToken| { n::SymbolToken::get_hash_code(&this).unwrap() });
prop!(symbol_token_equals_symbol_token, ts => ms, |this: ts::SymbolToken, obj: ts::SymbolToken| { n::SymbolToken::equals_symbol_token(&this, &obj).unwrap() });
prop!(symbol_token_op_equality, ts => ms, |a: ts::SymbolToken, b: ts::SymbolToken| { n::SymbolToken::op_equality(&a, &b).unwrap() });
prop!(symbol_token_op_inequality, ts => ms, |a: ts::SymbolToken, b: ts::SymbolToken| { n::SymbolToken::op_inequality(&a, &b).unwrap() });
prop!(event_token_equals_event_token, ts => ms, |this: ts::EventToken, obj: ts::EventToken| { n::EventToken::equals_event_token(&this, &obj).unwrap() });
prop!(event_token_get_hash_code, ts => ms, |this: ts::EventToken| { n::EventToken::get_hash_code(&this).unwrap() });
prop!(event_token_token, ts => ms, |this: ts::EventToken| { n::EventToken::token(&this).unwrap() });
prop!(field_token_equals_field_token, ts => ms, |this: ts::FieldToken, obj: ts::FieldToken| { n::FieldToken::equals_field_token(&this, &obj).unwrap() });
prop!(field_token_get_hash_code, ts => ms, |this: ts::FieldToken| { n::FieldToken::get_hash_code(&this).unwrap() });
prop!(field_token_token, ts => ms, |this: ts::FieldToken| { n::FieldToken::token(&this).unwrap() });
prop!(label_equals_label, ts => ms, |this: ts::Label, obj: ts::Label| { n::Label::equals_label(&this, &obj).unwrap() });
prop!(label_op_equality, ts => ms, |a: ts::Label, b: ts::Label| { n::Label::op_equality(&a, &b).unwrap() });
prop!(label_op_inequality, ts => ms, |a: ts::Label, b: ts::Label| { n::Label::op_inequality(&a, &b).unwrap() });
prop!(method_token_equals_method_token, ts => ms, |this: ts::MethodToken, obj: ts::MethodToken| { n::MethodToken::equals_method_token(&this, &obj).unwrap() });
prop!(method_token_get_hash_code, ts => ms, |this: ts::MethodToken| { n::MethodToken::get_hash_code(&this).unwrap() });
prop!(method_token_token, ts => ms, |this: ts::MethodToken| { n::MethodToken::token(&this).unwrap() });
prop!(op_code_equals_op_code, ts => ms, |this: ts::OpCode, obj: ts::OpCode| { n::OpCode::equals_op_code(&this, &obj).unwrap() });
prop!(op_code_op_equality, ts => ms, |a: ts::OpCode, b: ts::OpCode| { n::OpCode::op_equality(&a, &b).unwrap() });
prop!(op_code_op_inequality, ts => ms, |a: ts::OpCode, b: ts::OpCode| { n::OpCode::op_inequality(&a, &b).unwrap() });
prop!(op_code_size, ts => ms, |this: ts::OpCode| { n::OpCode::size(&this).unwrap() });
prop!(op_code_value, ts => ms, |this: ts::OpCode| { n::OpCode::value(&this).unwrap() });
prop!(parameter_token_equals_parameter_token, ts => ms, |this: ts::ParameterToken, obj: ts::ParameterToken| { n::ParameterToken::equals_parameter_token(&this, &obj).unwrap() });
prop!(parameter_token_get_hash_code, ts => ms, |this: ts::ParameterToken| { n::ParameterToken::get_hash_code(&this).unwrap() });
prop!(parameter_token_token, ts => ms, |this: ts::ParameterToken| { n::ParameterToken::token(&this).unwrap() });
prop!(property_token_equals_property_token, ts => ms, |this: ts::PropertyToken, obj: ts::PropertyToken| { n::PropertyToken::equals_property_token(&this, &obj).unwrap() });
prop!(property_token_get_hash_code, ts => ms, |this: ts::PropertyToken| { n::PropertyToken::get_hash_code(&this).unwrap() });
prop!(property_token_token, ts => ms, |this: ts::PropertyToken| { n::PropertyToken::token(&this).unwrap() });
prop!(signature_token_equals_signature_token, ts => ms, |this: ts::SignatureToken, obj: ts::SignatureToken| { n::SignatureToken::equals_signature_token(&this, &obj).unwrap() });
prop!(signature_token_get_hash_code, ts => ms, |this: ts::SignatureToken| { n::SignatureToken::get_hash_code(&this).unwrap() });
prop!(signature_token_token, ts => ms, |this: ts::SignatureToken| { n::SignatureToken::token(&this).unwrap() });
prop!(string_token_equals_string_token, ts => ms, |this: ts::StringToken, obj: ts::StringToken| { n::StringToken::equals_string_token(&this, &obj).unwrap() });
prop!(string_token_get_hash_code, ts => ms, |this: ts::StringToken| { n::StringToken::get_hash_code(&this).unwrap() });
prop!(string_token_token, ts => ms, |this: ts::StringToken| { n::StringToken::token(&this).unwrap() });
prop!(type_token_equals_type_token, ts => ms, |this: ts::TypeToken, obj: ts::TypeToken| { n::TypeToken::equals_type_token(&this, &obj).unwrap() });
prop!(type_token_get_hash_code, ts => ms, |this: ts::TypeToken| { n::TypeToken::get_hash_code(&this).unwrap() });
prop!(type_token_token, ts => ms, |this: ts::TypeToken| { n::TypeToken::token(&this).unwrap() });
prop!(yield_awaitable_get_awaiter, ts => ms, |this: ts::YieldAwaitable| { n::YieldAwaitable::get_awaiter(&this).unwrap() });
prop!(yield_awaitable_yield_awaiter_get_result, ts => ms, |this: ts::YieldAwaitable_YieldAwaiter| { n::YieldAwaitable_YieldAwaiter::get_result(&this).unwrap() });
prop!(yield_awaitable_yield_awaiter_is_completed, ts => ms, |this: ts::YieldAwaitable_YieldAwaiter| { n::YieldAwaitable_YieldAwaiter::is_completed(&this).unwrap() });
prop!(gchandle_op_equality, ts => ms, |a: ts::GCHandle, b: ts::GCHandle| { n::GCHandle::op_equality(&a, &b).unwrap() });
prop!(gchandle_op_inequality, ts => ms, |a: ts::GCHandle, b: ts::GCHandle| { n::GCHandle::op_inequality(&a, &b).unwrap() });
prop!(gchandle_is_allocated, ts => ms, |this: ts::GCHandle| { n::GCHandle::is_allocated(&this).unwrap() });
prop!(lock_cookie_equals_lock_cookie, ts => ms, |this: ts::LockCookie, obj: ts::LockCookie| { n::LockCookie::equals_lock_cookie(&this, &obj).unwrap() });
prop!(lock_cookie_op_equality, ts => ms, |a: ts::LockCookie, b: ts::LockCookie| { n::LockCookie::op_equality(&a, &b).unwrap() });
prop!(lock_cookie_op_inequality, ts => ms, |a: ts::LockCookie, b: ts::LockCookie| { n::LockCookie::op_inequality(&a, &b).unwrap() });
prop!(spin_lock_new, ts => ms, |enable_thread_owner_tracking: bool| { n::SpinLock::new(enable_thread_owner_tracking).unwrap() });
prop!(spin_lock_is_held, ts => ms, |this: ts::SpinLock| { n::SpinLock::is_held(&this).unwrap() });
prop!(spin_lock_is_thread_owner_tracking_enabled, ts => ms, |this: ts::SpinLock| { n::SpinLock::is_thread_owner_tracking_enabled(&this).unwrap() });
prop!(spin_wait_reset, ts => ms, |this: ts::SpinWait| { let mut this = this; n::SpinWait::reset(&mut this).unwrap(); this });
prop!(spin_wait_count, ts => ms, |this: ts::SpinWait| { n::SpinWait::count(&this).unwrap() });
