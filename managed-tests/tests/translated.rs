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
    managed_tests::runtime();
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
pair!(tg::Nullable8, mg { not_null, value });
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

/// The `Type::method`s that the properties (the modules below) of one set of bindings call:
/// every `n::Type::method(` in a `prop!` of that set (`t => m` unless the `prop!` names
/// another pair).
fn covered(pair: &str) -> std::collections::BTreeSet<String> {
    let sources = [
        include_str!("translated/corlib.rs"),
        include_str!("translated/numerics.rs"),
        include_str!("translated/numerics_overloads.rs"),
        include_str!("translated/samples.rs"),
    ];
    let mut calls = std::collections::BTreeSet::new();
    for prop in sources.iter().flat_map(|s| s.split("\nprop!(").skip(1)) {
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

#[path = "translated/corlib.rs"]
mod corlib;
#[path = "translated/numerics.rs"]
mod numerics;
#[path = "translated/numerics_overloads.rs"]
mod numerics_overloads;
#[path = "translated/samples.rs"]
mod samples;
