//! Property tests of boxing and unboxing (issue 4): every primitive, enums of every underlying
//! type (members or not), a `[Flags]` enum with arbitrary bits, a full struct with arbitrary
//! field bits, a managed struct with object and string fields, and strings with arbitrary
//! Unicode or arbitrary UTF-16. Values cross through the generated bindings of
//! `fixtures/Props.cs` and a real Mono.
//!
//! Case counts: quickcheck's (`QUICKCHECK_TESTS`, default 100; see README "Property tests").
//! A failure shrinks, then reports what managed code saw (type name, ToString, hash).
//!
//! The handle life-cycle property lives in `properties_handles.rs`, its own test binary, because
//! it asserts process-wide store counts.

use cilbind::check::{F32_SPECIAL, F64_SPECIAL};
use std::cmp::Ordering;
use std::fmt::{self, Debug};

use cilbind::check::box_to_each;
use cilbind::{
    invoke, Boolean, BoxAs, Boxing, Byte, Char, Double, Error, IComparable, IEquatable, Int16, Int32, Int64, IntPtr,
    ManagedType, NetString, Object, Reference, SByte, Single, UInt16, UInt32, UInt64, UIntPtr, Unbox, Value, ValueType,
};
use managed_tests::props::props::*;
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

fn setup() {
    managed_tests::start_with(managed_tests::props::init);
}

/// Runs a property with quickcheck's configuration from the environment (`QUICKCHECK_TESTS`,
/// `QUICKCHECK_MAX_TESTS`, `QUICKCHECK_GENERATOR_SIZE`).
fn check<A: Arbitrary + Debug>(prop: fn(A) -> TestResult) {
    setup();
    QuickCheck::new().quickcheck(prop);
}

/// What managed code says about `obj`: type, ToString (invariant), hash; for failure messages.
fn view(obj: &Object) -> String {
    format!(
        "managed view: GetType().FullName={:?} Invariant={:?} ToString={:?} GetHashCode={:?}",
        Check::type_name(Some(obj)),
        Check::invariant(Some(obj)),
        obj.to_string(),
        obj.get_hash_code()
    )
}

/// `Err(message)` unless `cond`.
macro_rules! ensure {
    ($cond:expr, $($fmt:tt)+) => {
        if !$cond {
            return Err(format!($($fmt)+));
        }
    };
}

/// Turns a check's outcome into a quickcheck result (the message is printed after shrinking).
fn result(r: Result<(), String>) -> TestResult {
    match r {
        Ok(()) => TestResult::passed(),
        Err(msg) => TestResult::error(msg),
    }
}

fn ok<T>(r: cilbind::Result<T>, what: &str) -> Result<T, String> {
    r.map_err(|e| format!("{what}: {e:?}"))
}

// ---------------------------------------------------------------------------------------------
// The value kinds.

/// A value type the properties run over.
trait Kind: Copy + Debug + Unbox + BoxAs<Object> + BoxAs<ValueType> + ManagedType + 'static {
    /// `GetType().FullName` of its box.
    const NAME: &'static str;
    /// For enums, the full name of the underlying primitive (which the box also unboxes to).
    const UNDERLYING: Option<&'static str> = None;
    /// The value's bytes, field by field (no padding), for bit-for-bit comparison.
    fn bytes(&self) -> Vec<u8>;
    /// The value passed natively to managed code and boxed there (`Check.BoxXxx`).
    fn managed_box(&self) -> cilbind::Result<Option<Object>>;
    /// .NET's `IComparable.CompareTo` order, or `None` when the type is not `IComparable`.
    fn net_cmp(&self, other: &Self) -> Option<Ordering>;
    /// The value boxed as `IComparable` (`None` when the type is not `IComparable`).
    fn box_comparable(&self) -> Option<cilbind::Result<IComparable>>;
    /// `IEquatable<T>.Equals(other)` called through an interface box (`None` when the type does
    /// not implement `IEquatable<T>`).
    fn equatable_equals(&self, other: &Self) -> Option<cilbind::Result<bool>>;
    /// .NET's `Equals` on two values of the type.
    fn net_eq(&self, other: &Self) -> bool {
        self.bytes() == other.bytes()
    }
    /// The invariant-culture ToString .NET specifies, where Rust can compute it.
    fn expected_invariant(&self) -> Option<cilbind::Result<String>> {
        None
    }
    /// The value's bits as managed code reads them out of a box (floats only).
    fn managed_bits(_obj: &Object) -> Option<cilbind::Result<u64>> {
        None
    }
}

/// `IEquatable<T>.Equals(arg)` through interface dispatch on the box `this`, with the
/// reflective `invoke` path.
fn call_iequatable<T: ManagedType>(this: &IEquatable<T>, arg: Value) -> cilbind::Result<bool> {
    let class = <IEquatable<T> as ManagedType>::class()?;
    let method = class
        .methods()
        .find(|m| m.name() == "Equals")
        .ok_or_else(|| Error::InvalidArgument(format!("{} has no Equals", class.full_name())))?;
    match invoke(method, Some(this.as_object()), &mut [arg])? {
        Value::Boolean(b) => Ok(b),
        other => Err(Error::InvalidArgument(format!("Equals returned {other:?}"))),
    }
}

/// .NET's order for floating point (`Double.CompareTo`): NaN is below everything and equal to
/// NaN; -0.0 equals 0.0.
fn float_cmp<F: PartialOrd + Copy>(a: F, b: F, is_nan: fn(F) -> bool) -> Ordering {
    match (is_nan(a), is_nan(b)) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        (false, false) => a.partial_cmp(&b).expect("not NaN"),
    }
}

macro_rules! int_kind {
    ($w:ident, $name:literal, $boxfn:ident, $valv:ident, $comparable:tt) => {
        impl Kind for $w {
            const NAME: &'static str = $name;
            fn bytes(&self) -> Vec<u8> {
                self.0.to_le_bytes().to_vec()
            }
            fn managed_box(&self) -> cilbind::Result<Option<Object>> {
                Check::$boxfn(self.0)
            }
            fn net_cmp(&self, other: &Self) -> Option<Ordering> {
                let _ = other;
                int_kind!(@cmp $comparable, Some(self.0.cmp(&other.0)))
            }
            fn box_comparable(&self) -> Option<cilbind::Result<IComparable>> {
                int_kind!(@cmp $comparable, Some(self.box_as::<IComparable>()))
            }
            fn equatable_equals(&self, other: &Self) -> Option<cilbind::Result<bool>> {
                Some(
                    self.box_as::<IEquatable<$w>>()
                        .and_then(|b| call_iequatable(&b, Value::$valv(other.0))),
                )
            }
            fn expected_invariant(&self) -> Option<cilbind::Result<String>> {
                Some(Ok(self.0.to_string()))
            }
        }
    };
    (@cmp yes, $e:expr) => {
        $e
    };
    (@cmp no, $e:expr) => {
        None
    };
}

int_kind!(SByte, "System.SByte", box_s_byte, SByte, yes);
int_kind!(Byte, "System.Byte", box_byte, Byte, yes);
int_kind!(Int16, "System.Int16", box_int16, Int16, yes);
int_kind!(UInt16, "System.UInt16", box_u_int16, UInt16, yes);
int_kind!(Int32, "System.Int32", box_int32, Int32, yes);
int_kind!(UInt32, "System.UInt32", box_u_int32, UInt32, yes);
int_kind!(Int64, "System.Int64", box_int64, Int64, yes);
int_kind!(UInt64, "System.UInt64", box_u_int64, UInt64, yes);
int_kind!(IntPtr, "System.IntPtr", box_int_ptr, IntPtr, no);
int_kind!(UIntPtr, "System.UIntPtr", box_u_int_ptr, UIntPtr, no);

impl Kind for Boolean {
    const NAME: &'static str = "System.Boolean";
    fn bytes(&self) -> Vec<u8> {
        vec![self.get() as u8]
    }
    fn managed_box(&self) -> cilbind::Result<Option<Object>> {
        Check::box_boolean(self.get())
    }
    fn net_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.get().cmp(&other.get()))
    }
    fn box_comparable(&self) -> Option<cilbind::Result<IComparable>> {
        Some(self.box_as::<IComparable>())
    }
    fn equatable_equals(&self, other: &Self) -> Option<cilbind::Result<bool>> {
        Some(
            self.box_as::<IEquatable<Boolean>>()
                .and_then(|b| call_iequatable(&b, Value::Boolean(other.get()))),
        )
    }
    fn expected_invariant(&self) -> Option<cilbind::Result<String>> {
        Some(Ok(if self.get() { "True" } else { "False" }.to_string()))
    }
}

impl Kind for Char {
    const NAME: &'static str = "System.Char";
    fn bytes(&self) -> Vec<u8> {
        self.0.to_le_bytes().to_vec()
    }
    fn managed_box(&self) -> cilbind::Result<Option<Object>> {
        Check::box_char(*self)
    }
    fn net_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.0.cmp(&other.0))
    }
    fn box_comparable(&self) -> Option<cilbind::Result<IComparable>> {
        Some(self.box_as::<IComparable>())
    }
    fn equatable_equals(&self, other: &Self) -> Option<cilbind::Result<bool>> {
        Some(
            self.box_as::<IEquatable<Char>>()
                .and_then(|b| call_iequatable(&b, Value::Char(other.0))),
        )
    }
    /// A one-unit string; a lone surrogate follows the string rule (InvalidUtf16 at index 0).
    fn expected_invariant(&self) -> Option<cilbind::Result<String>> {
        Some(match char::from_u32(u32::from(self.0)) {
            Some(c) => Ok(c.to_string()),
            None => Err(Error::InvalidUtf16 { index: 0, unit: self.0 }),
        })
    }
}

macro_rules! float_kind {
    ($w:ident, $name:literal, $boxfn:ident, $valv:ident, $bitsfn:ident) => {
        impl Kind for $w {
            const NAME: &'static str = $name;
            fn bytes(&self) -> Vec<u8> {
                self.0.to_bits().to_le_bytes().to_vec()
            }
            fn managed_box(&self) -> cilbind::Result<Option<Object>> {
                Check::$boxfn(self.0)
            }
            fn net_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(float_cmp(self.0, other.0, |x| x.is_nan()))
            }
            fn box_comparable(&self) -> Option<cilbind::Result<IComparable>> {
                Some(self.box_as::<IComparable>())
            }
            fn equatable_equals(&self, other: &Self) -> Option<cilbind::Result<bool>> {
                Some(
                    self.box_as::<IEquatable<$w>>()
                        .and_then(|b| call_iequatable(&b, Value::$valv(other.0))),
                )
            }
            /// `Single.Equals`/`Double.Equals`: `==`, or both NaN (so NaN equals NaN whatever
            /// the payloads, and -0.0 equals 0.0).
            fn net_eq(&self, other: &Self) -> bool {
                self.0 == other.0 || (self.0.is_nan() && other.0.is_nan())
            }
            fn managed_bits(obj: &Object) -> Option<cilbind::Result<u64>> {
                Some(Check::$bitsfn(Some(obj)).map(|b| b as u64))
            }
        }
    };
}

float_kind!(Single, "System.Single", box_single, Single, single_bits);
float_kind!(Double, "System.Double", box_double, Double, double_bits);

/// Narrows `double_bits`'s `i64` and `single_bits`'s `i32` to the same `u64` as `bytes`.
fn float_bits_u64<T: Kind>(v: &T) -> u64 {
    let b = v.bytes();
    let mut a = [0u8; 8];
    a[..b.len()].copy_from_slice(&b);
    u64::from_le_bytes(a)
}

macro_rules! enum_kind {
    ($e:ident, $name:literal, $under:literal, $boxfn:ident, $get:expr) => {
        impl Kind for $e {
            const NAME: &'static str = $name;
            const UNDERLYING: Option<&'static str> = Some($under);
            fn bytes(&self) -> Vec<u8> {
                let get: fn(&$e) -> _ = $get;
                get(self).to_le_bytes().to_vec()
            }
            fn managed_box(&self) -> cilbind::Result<Option<Object>> {
                Check::$boxfn(*self)
            }
            /// `Enum.CompareTo` compares the underlying values.
            fn net_cmp(&self, other: &Self) -> Option<Ordering> {
                let get: fn(&$e) -> _ = $get;
                Some(get(self).cmp(&get(other)))
            }
            fn box_comparable(&self) -> Option<cilbind::Result<IComparable>> {
                Some(self.box_as::<IComparable>())
            }
            /// Enums do not implement `IEquatable<T>`.
            fn equatable_equals(&self, _: &Self) -> Option<cilbind::Result<bool>> {
                None
            }
        }
    };
}

enum_kind!(ByteEnum, "Props.ByteEnum", "System.Byte", box_byte_enum, |e| e.0);
enum_kind!(SByteEnum, "Props.SByteEnum", "System.SByte", box_s_byte_enum, |e| e.0);
enum_kind!(Int16Enum, "Props.Int16Enum", "System.Int16", box_int16_enum, |e| e.0);
enum_kind!(UInt16Enum, "Props.UInt16Enum", "System.UInt16", box_u_int16_enum, |e| e
    .0);
enum_kind!(Int32Enum, "Props.Int32Enum", "System.Int32", box_int32_enum, |e| e.0);
enum_kind!(UInt32Enum, "Props.UInt32Enum", "System.UInt32", box_u_int32_enum, |e| e
    .0);
enum_kind!(Int64Enum, "Props.Int64Enum", "System.Int64", box_int64_enum, |e| e.0);
enum_kind!(UInt64Enum, "Props.UInt64Enum", "System.UInt64", box_u_int64_enum, |e| e
    .0);
enum_kind!(Perm, "Props.Perm", "System.UInt32", box_perm, |e| e.bits());

impl Kind for Full {
    const NAME: &'static str = "Props.Full";
    fn bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(40);
        b.extend(self.a.to_bits().to_le_bytes());
        b.extend(self.b.to_bits().to_le_bytes());
        b.extend(self.c.to_le_bytes());
        b.extend(self.d.to_le_bytes());
        b.push(self.e);
        b.extend(self.f.to_le_bytes());
        b.extend(self.g.to_le_bytes());
        b.push(self.h);
        b.extend(self.i.to_bits().to_le_bytes());
        b
    }
    fn managed_box(&self) -> cilbind::Result<Option<Object>> {
        Check::box_full(self)
    }
    fn net_cmp(&self, _: &Self) -> Option<Ordering> {
        None
    }
    fn box_comparable(&self) -> Option<cilbind::Result<IComparable>> {
        None
    }
    /// `Full.Equals(Full)` compares every field bit for bit (see Props.cs).
    fn equatable_equals(&self, other: &Self) -> Option<cilbind::Result<bool>> {
        Some(self.box_as::<IEquatable<Full>>().and_then(|b| {
            let arg = other.box_as::<Object>()?;
            call_iequatable(&b, Value::Object(arg))
        }))
    }
}

// ---------------------------------------------------------------------------------------------
// Generators.

// The special bit patterns are `cilbind::check`'s `F32_SPECIAL`/`F64_SPECIAL` (one list for the
// library and these properties), drawn here one time in two rather than the library's one in four.

fn gen_f32_bits(g: &mut Gen) -> u32 {
    match u8::arbitrary(g) % 4 {
        0 | 1 => *g.choose(&F32_SPECIAL).expect("nonempty"),
        2 => (i16::arbitrary(g) as f32).to_bits(),
        _ => u32::arbitrary(g),
    }
}

fn gen_f64_bits(g: &mut Gen) -> u64 {
    match u8::arbitrary(g) % 4 {
        0 | 1 => *g.choose(&F64_SPECIAL).expect("nonempty"),
        2 => (i32::arbitrary(g) as f64 / 4.0).to_bits(),
        _ => u64::arbitrary(g),
    }
}

/// Integers: boundaries and small values often, any value otherwise.
fn gen_int<T: Arbitrary + Copy + From<u8>>(g: &mut Gen, edges: &[T]) -> T {
    match u8::arbitrary(g) % 4 {
        0 => *g.choose(edges).expect("nonempty"),
        1 => T::from(u8::arbitrary(g) % 8),
        _ => T::arbitrary(g),
    }
}

fn gen_signed<T: Arbitrary + Copy + From<i8>>(g: &mut Gen, edges: &[T]) -> T {
    match u8::arbitrary(g) % 4 {
        0 => *g.choose(edges).expect("nonempty"),
        1 => T::from(i8::arbitrary(g) % 8),
        _ => T::arbitrary(g),
    }
}

/// One value of any kind.
#[derive(Clone)]
enum Val {
    Boolean(bool),
    Char(u16),
    SByte(i8),
    Byte(u8),
    Int16(i16),
    UInt16(u16),
    Int32(i32),
    UInt32(u32),
    Int64(i64),
    UInt64(u64),
    Single(u32),
    Double(u64),
    IntPtr(isize),
    UIntPtr(usize),
    ByteEnum(u8),
    SByteEnum(i8),
    Int16Enum(i16),
    UInt16Enum(u16),
    Int32Enum(i32),
    UInt32Enum(u32),
    Int64Enum(i64),
    UInt64Enum(u64),
    Perm(u32),
    Full(FullBits),
}

/// `Props.Full` as bits (floats as their bit patterns, so Debug shows payloads).
#[derive(Clone, Copy, Debug, PartialEq)]
struct FullBits {
    a: u32,
    b: u64,
    c: i32,
    d: i64,
    e: bool,
    f: u16,
    g: i16,
    h: u8,
    i: u32,
}

impl FullBits {
    fn full(self) -> Full {
        Full {
            a: f32::from_bits(self.a),
            b: f64::from_bits(self.b),
            c: self.c,
            d: self.d,
            e: self.e as u8,
            f: self.f,
            g: self.g,
            h: self.h,
            i: f32::from_bits(self.i),
        }
    }
}

impl Arbitrary for FullBits {
    fn arbitrary(g: &mut Gen) -> Self {
        FullBits {
            a: gen_f32_bits(g),
            b: gen_f64_bits(g),
            c: gen_signed(g, &[i32::MIN, i32::MAX]),
            d: gen_signed(g, &[i64::MIN, i64::MAX]),
            e: bool::arbitrary(g),
            f: gen_int(g, &[0xD800, 0xDFFF, 0xFFFF]),
            g: gen_signed(g, &[i16::MIN, i16::MAX]),
            h: u8::arbitrary(g),
            i: gen_f32_bits(g),
        }
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let s = *self;
        let mut out = Vec::new();
        out.extend(s.a.shrink().map(|a| FullBits { a, ..s }));
        out.extend(s.b.shrink().map(|b| FullBits { b, ..s }));
        out.extend(s.c.shrink().map(|c| FullBits { c, ..s }));
        out.extend(s.d.shrink().map(|d| FullBits { d, ..s }));
        out.extend(s.e.shrink().map(|e| FullBits { e, ..s }));
        out.extend(s.f.shrink().map(|f| FullBits { f, ..s }));
        out.extend(s.g.shrink().map(|g| FullBits { g, ..s }));
        out.extend(s.h.shrink().map(|h| FullBits { h, ..s }));
        out.extend(s.i.shrink().map(|i| FullBits { i, ..s }));
        Box::new(out.into_iter())
    }
}

const KINDS: usize = 24;

/// The kinds `Val::arbitrary_kind` draws before the enums: Boolean to UIntPtr.
const PRIMITIVES: usize = 14;

/// A value of a primitive kind.
#[derive(Clone, Debug)]
struct Primitive(Val);

impl Arbitrary for Primitive {
    fn arbitrary(g: &mut Gen) -> Self {
        Primitive(Val::arbitrary_kind(usize::arbitrary(g) % PRIMITIVES, g))
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Primitive))
    }
}

impl Val {
    fn arbitrary_kind(k: usize, g: &mut Gen) -> Val {
        match k {
            0 => Val::Boolean(bool::arbitrary(g)),
            1 => Val::Char(gen_int(g, &[0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xFFFF, 0xFFFE, 0x41])),
            2 => Val::SByte(gen_signed(g, &[i8::MIN, i8::MAX, -1])),
            3 => Val::Byte(gen_int(g, &[u8::MAX])),
            4 => Val::Int16(gen_signed(g, &[i16::MIN, i16::MAX, -1])),
            5 => Val::UInt16(gen_int(g, &[u16::MAX])),
            6 => Val::Int32(gen_signed(g, &[i32::MIN, i32::MAX, -1])),
            7 => Val::UInt32(gen_int(g, &[u32::MAX, 1 << 31])),
            8 => Val::Int64(gen_signed(g, &[i64::MIN, i64::MAX, -1])),
            9 => Val::UInt64(gen_int(g, &[u64::MAX, 1 << 63])),
            10 => Val::Single(gen_f32_bits(g)),
            11 => Val::Double(gen_f64_bits(g)),
            12 => Val::IntPtr(gen_signed(g, &[isize::MIN, isize::MAX, -1])),
            13 => Val::UIntPtr(gen_int(g, &[usize::MAX])),
            14 => Val::ByteEnum(gen_int(g, &[0, 1, 255, 2])),
            15 => Val::SByteEnum(gen_signed(g, &[-128, 0, 127, 5])),
            16 => Val::Int16Enum(gen_signed(g, &[i16::MIN, 0, 7, 8])),
            17 => Val::UInt16Enum(gen_int(g, &[0, u16::MAX, 3])),
            18 => Val::Int32Enum(gen_signed(g, &[i32::MIN, -1, 0, i32::MAX, 2])),
            19 => Val::UInt32Enum(gen_int(g, &[0, 1 << 31, u32::MAX, 9])),
            20 => Val::Int64Enum(gen_signed(g, &[i64::MIN, 0, i64::MAX, 1])),
            21 => Val::UInt64Enum(gen_int(g, &[0, 1 << 63, u64::MAX, 4])),
            22 => Val::Perm(match u8::arbitrary(g) % 3 {
                // Named bits only (ToString gives names), or any bits (a number).
                0 => u32::arbitrary(g) & 0x8000_0207,
                1 => *g
                    .choose(&[0, 1, 3, 7, 0x200, 0x8000_0000, 8, 0x8000_0001])
                    .expect("nonempty"),
                _ => u32::arbitrary(g),
            }),
            _ => Val::Full(FullBits::arbitrary(g)),
        }
    }
}

/// A float with other bits that .NET's `Equals` still calls equal: the other zero, or a NaN
/// with another sign and payload.
fn f32_twin(bits: u32, g: &mut Gen) -> u32 {
    let f = f32::from_bits(bits);
    if f.is_nan() {
        (u32::arbitrary(g) & 0x807f_ffff | 0x7f80_0000) | 1
    } else if f == 0.0 {
        bits ^ 0x8000_0000
    } else {
        bits
    }
}

fn f64_twin(bits: u64, g: &mut Gen) -> u64 {
    let f = f64::from_bits(bits);
    if f.is_nan() {
        (u64::arbitrary(g) & 0x800f_ffff_ffff_ffff | 0x7ff0_0000_0000_0000) | 1
    } else if f == 0.0 {
        bits ^ 0x8000_0000_0000_0000
    } else {
        bits
    }
}

impl Val {
    /// The same value, or for floats (also inside `Full`) a twin with other bits.
    fn twin(&self, g: &mut Gen) -> Val {
        match self {
            Val::Single(b) => Val::Single(f32_twin(*b, g)),
            Val::Double(b) => Val::Double(f64_twin(*b, g)),
            Val::Full(v) => Val::Full(FullBits {
                a: f32_twin(v.a, g),
                b: f64_twin(v.b, g),
                i: f32_twin(v.i, g),
                ..*v
            }),
            other => other.clone(),
        }
    }
}

/// Calls `$f::<T>(value)` with the typed value inside a [`Val`].
macro_rules! dispatch {
    ($val:expr, $f:ident $(, $arg:expr)*) => {
        match $val {
            Val::Boolean(v) => $f(Boolean::new(*v) $(, $arg)*),
            Val::Char(v) => $f(Char(*v) $(, $arg)*),
            Val::SByte(v) => $f(SByte(*v) $(, $arg)*),
            Val::Byte(v) => $f(Byte(*v) $(, $arg)*),
            Val::Int16(v) => $f(Int16(*v) $(, $arg)*),
            Val::UInt16(v) => $f(UInt16(*v) $(, $arg)*),
            Val::Int32(v) => $f(Int32(*v) $(, $arg)*),
            Val::UInt32(v) => $f(UInt32(*v) $(, $arg)*),
            Val::Int64(v) => $f(Int64(*v) $(, $arg)*),
            Val::UInt64(v) => $f(UInt64(*v) $(, $arg)*),
            Val::Single(v) => $f(Single(f32::from_bits(*v)) $(, $arg)*),
            Val::Double(v) => $f(Double(f64::from_bits(*v)) $(, $arg)*),
            Val::IntPtr(v) => $f(IntPtr(*v) $(, $arg)*),
            Val::UIntPtr(v) => $f(UIntPtr(*v) $(, $arg)*),
            Val::ByteEnum(v) => $f(ByteEnum(*v) $(, $arg)*),
            Val::SByteEnum(v) => $f(SByteEnum(*v) $(, $arg)*),
            Val::Int16Enum(v) => $f(Int16Enum(*v) $(, $arg)*),
            Val::UInt16Enum(v) => $f(UInt16Enum(*v) $(, $arg)*),
            Val::Int32Enum(v) => $f(Int32Enum(*v) $(, $arg)*),
            Val::UInt32Enum(v) => $f(UInt32Enum(*v) $(, $arg)*),
            Val::Int64Enum(v) => $f(Int64Enum(*v) $(, $arg)*),
            Val::UInt64Enum(v) => $f(UInt64Enum(*v) $(, $arg)*),
            Val::Perm(v) => $f(Perm::from_bits_retain(*v) $(, $arg)*),
            Val::Full(v) => $f(v.full() $(, $arg)*),
        }
    };
}

impl Debug for Val {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Single(b) => write!(f, "Single({:?} = {b:#010x})", f32::from_bits(*b)),
            Val::Double(b) => write!(f, "Double({:?} = {b:#018x})", f64::from_bits(*b)),
            Val::Full(v) => write!(f, "Full({v:?} = {:?})", v.full()),
            Val::Boolean(v) => write!(f, "Boolean({v})"),
            Val::Char(v) => write!(f, "Char({v:#06x})"),
            other => {
                fn show<T: Kind>(v: T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    write!(f, "{v:?}")
                }
                dispatch!(other, show, f)
            }
        }
    }
}

impl Arbitrary for Val {
    fn arbitrary(g: &mut Gen) -> Self {
        let k = usize::arbitrary(g) % KINDS;
        Val::arbitrary_kind(k, g)
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        macro_rules! shrink {
            ($v:expr, $variant:ident) => {
                Box::new($v.shrink().map(Val::$variant))
            };
        }
        match self {
            Val::Boolean(v) => shrink!(v, Boolean),
            Val::Char(v) => shrink!(v, Char),
            Val::SByte(v) => shrink!(v, SByte),
            Val::Byte(v) => shrink!(v, Byte),
            Val::Int16(v) => shrink!(v, Int16),
            Val::UInt16(v) => shrink!(v, UInt16),
            Val::Int32(v) => shrink!(v, Int32),
            Val::UInt32(v) => shrink!(v, UInt32),
            Val::Int64(v) => shrink!(v, Int64),
            Val::UInt64(v) => shrink!(v, UInt64),
            Val::Single(v) => shrink!(v, Single),
            Val::Double(v) => shrink!(v, Double),
            Val::IntPtr(v) => shrink!(v, IntPtr),
            Val::UIntPtr(v) => shrink!(v, UIntPtr),
            Val::ByteEnum(v) => shrink!(v, ByteEnum),
            Val::SByteEnum(v) => shrink!(v, SByteEnum),
            Val::Int16Enum(v) => shrink!(v, Int16Enum),
            Val::UInt16Enum(v) => shrink!(v, UInt16Enum),
            Val::Int32Enum(v) => shrink!(v, Int32Enum),
            Val::UInt32Enum(v) => shrink!(v, UInt32Enum),
            Val::Int64Enum(v) => shrink!(v, Int64Enum),
            Val::UInt64Enum(v) => shrink!(v, UInt64Enum),
            Val::Perm(v) => shrink!(v, Perm),
            Val::Full(v) => shrink!(v, Full),
        }
    }
}

/// Two values of the same kind: often equal, or equal under .NET but not bit for bit.
#[derive(Clone, Debug)]
struct Pair(Val, Val);

impl Arbitrary for Pair {
    fn arbitrary(g: &mut Gen) -> Self {
        // Floats (alone and in Full) a third of the time: their .NET order is the subtle one.
        let k = match u8::arbitrary(g) % 3 {
            0 => *g.choose(&[10, 11, 23]).expect("nonempty"),
            _ => usize::arbitrary(g) % KINDS,
        };
        let a = Val::arbitrary_kind(k, g);
        let b = match u8::arbitrary(g) % 3 {
            0 => a.clone(),
            1 => a.twin(g),
            _ => Val::arbitrary_kind(k, g),
        };
        Pair(a, b)
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let (a, b) = (self.0.clone(), self.1.clone());
        let left = self.0.shrink().map({
            let b = b.clone();
            move |x| Pair(x, b.clone())
        });
        let right = self.1.shrink().map(move |y| Pair(a.clone(), y));
        Box::new(left.chain(right))
    }
}

// ---------------------------------------------------------------------------------------------
// Properties 1-3: round trips and the managed side's view.

/// Property 1: Box in Rust, unbox in Rust: the same bits (through `Object` and `ValueType`).
fn rust_round_trip<T: Kind>(v: T) -> Result<(), String> {
    let obj = ok(v.box_as::<Object>(), "box")?;
    let back: T = ok(obj.unbox::<T>(), "unbox")?;
    ensure!(
        back.bytes() == v.bytes(),
        "unboxed {back:?}, boxed {v:?}; {}",
        view(&obj)
    );
    let vt = ok(v.box_as::<ValueType>(), "box as ValueType")?;
    let back: T = ok(vt.as_object().unbox::<T>(), "unbox from ValueType")?;
    ensure!(
        back.bytes() == v.bytes(),
        "ValueType: unboxed {back:?}, boxed {v:?}; {}",
        view(vt.as_object())
    );
    Ok(())
}

/// Property 2: Box in Rust, pass through managed `object Echo(object)`, unbox: the same bits, the same
/// object; and a box made by managed code unboxes in Rust to the value it was given.
fn echo_round_trip<T: Kind>(v: T) -> Result<(), String> {
    let obj = ok(v.box_as::<Object>(), "box")?;
    let echoed = ok(Check::echo(Some(&obj)), "Echo")?.ok_or("Echo returned null")?;
    ensure!(
        ok(echoed.reference_equals(&obj), "ReferenceEquals")?,
        "Echo returned another object"
    );
    let back: T = ok(echoed.unbox::<T>(), "unbox")?;
    ensure!(
        back.bytes() == v.bytes(),
        "after Echo: unboxed {back:?}, boxed {v:?}; {}",
        view(&echoed)
    );
    let managed = ok(v.managed_box(), "managed box")?.ok_or("the managed box is null")?;
    let back: T = ok(managed.unbox::<T>(), "unbox of the managed box")?;
    ensure!(
        back.bytes() == v.bytes(),
        "managed box unboxed {back:?}, passed {v:?}; {}",
        view(&managed)
    );
    Ok(())
}

/// Property 3: The managed side agrees: type name; `Equals` with a copy boxed by managed code (true for
/// every value: .NET's `Double.Equals` is true for NaN and NaN); `GetHashCode`, `ToString` and
/// the invariant-culture string equal those of the managed copy; floats hold the same bits.
fn managed_agrees<T: Kind>(v: T) -> Result<(), String> {
    let obj = ok(v.box_as::<Object>(), "box")?;
    let managed = ok(v.managed_box(), "managed box")?.ok_or("the managed box is null")?;
    let name = ok(Check::type_name(Some(&obj)), "TypeName")?;
    ensure!(
        name.as_deref() == Some(T::NAME),
        "{v:?}: type {name:?}, expected {}; {}",
        T::NAME,
        view(&obj)
    );
    ensure!(
        ok(obj.type_name(), "type_name")? == T::NAME,
        "Object::type_name disagrees with GetType().FullName"
    );
    let eq = ok(Check::equals_boxed(Some(&obj), Some(&managed)), "EqualsBoxed")?;
    let eq_rev = ok(Check::equals_boxed(Some(&managed), Some(&obj)), "EqualsBoxed")?;
    let eq_rust = ok(obj.equals(Some(&managed)), "Object::equals")?;
    ensure!(
        eq && eq_rev && eq_rust,
        "{v:?}: Equals with the managed copy: {eq} / reversed {eq_rev} / from Rust {eq_rust}; Rust box {}; managed box {}",
        view(&obj),
        view(&managed)
    );
    let h = ok(obj.get_hash_code(), "GetHashCode")?;
    let hm = ok(Check::hash_of(Some(&managed)), "HashOf")?;
    ensure!(h == hm, "{v:?}: hash {h} vs managed {hm}; {}", view(&obj));
    // ToString may be a lone surrogate (a Char): both sides must fail the same way then.
    let s = obj.to_string();
    let sm = managed.to_string();
    ensure!(s == sm, "{v:?}: ToString {s:?} vs managed copy's {sm:?}");
    let inv = Check::invariant(Some(&obj));
    let invm = Check::invariant(Some(&managed));
    ensure!(
        inv == invm,
        "{v:?}: invariant string {inv:?} vs managed copy's {invm:?}"
    );
    if let Some(expected) = v.expected_invariant() {
        ensure!(
            inv == expected.map(Some),
            "{v:?}: invariant string {inv:?}, .NET specifies {:?}",
            v.expected_invariant()
        );
    }
    if let Some(bits) = T::managed_bits(&obj) {
        let bits = ok(bits, "managed bits")?;
        let want = float_bits_u64(&v);
        let mask = if v.bytes().len() == 4 { 0xffff_ffff } else { u64::MAX };
        ensure!(
            bits & mask == want,
            "{v:?}: managed code reads bits {bits:#x}, expected {want:#x}; {}",
            view(&obj)
        );
    }
    Ok(())
}

fn p1(Primitive(v): Primitive) -> TestResult {
    result(dispatch!(&v, rust_round_trip))
}
fn p2(v: Val) -> TestResult {
    result(dispatch!(&v, echo_round_trip))
}
fn p3(v: Val) -> TestResult {
    result(dispatch!(&v, managed_agrees))
}

/// Property 1 for the primitives (the kinds before [`PRIMITIVES`]); the enums, `[Flags]` enum
/// and full struct go through `cilbind::check` (the next test).
#[test]
fn prop1_box_then_unbox_in_rust_is_the_identity() {
    check(p1 as fn(Primitive) -> TestResult);
}

/// The same bindings of Props.cs's enums, `[Flags]` enum and full struct, generated with
/// `Builder::quickcheck(true)` (build.rs: `props_checked`).
#[allow(dead_code, clippy::all)]
mod checked {
    include!(concat!(env!("OUT_DIR"), "/props_checked_bindings.rs"));
}

/// Property 1 for the generated kinds, through `cilbind::check::box_to_each`: box as `Object`,
/// `ValueType`, `Enum` and each interface, unbox, the same bits (NaN payloads included);
/// quickcheck's number of cases per type and target.
#[test]
fn prop1_enums_flags_and_full_structs_round_trip_through_every_box() -> Result<(), cilbind::check::Failure> {
    use checked::props as c;
    managed_tests::start_with(checked::init);
    let targets = [
        box_to_each::<c::ByteEnum>()?,
        box_to_each::<c::SByteEnum>()?,
        box_to_each::<c::Int16Enum>()?,
        box_to_each::<c::UInt16Enum>()?,
        box_to_each::<c::Int32Enum>()?,
        box_to_each::<c::UInt32Enum>()?,
        box_to_each::<c::Int64Enum>()?,
        box_to_each::<c::UInt64Enum>()?,
        box_to_each::<c::Perm>()?,
    ];
    // An enum boxes to Object, ValueType, Enum, IComparable, IFormattable, IConvertible.
    assert_eq!(targets, [6; 9], "boxing targets per enum");
    // Full: Object, ValueType, IEquatable<Full>.
    assert_eq!(box_to_each::<c::Full>()?, 3, "boxing targets of Full");
    Ok(())
}

#[test]
fn prop2_managed_echo_keeps_the_box_and_its_bits() {
    check(p2 as fn(Val) -> TestResult);
}

#[test]
fn prop3_managed_code_agrees_on_type_equality_hash_and_text() {
    check(p3 as fn(Val) -> TestResult);
}

// ---------------------------------------------------------------------------------------------
// Property 4: IComparable and IEquatable<T> through interface boxes.

fn interfaces_agree<T: Kind>(a: T, other: &Val) -> Result<(), String> {
    fn typed<U: Kind>(u: U) -> Box<dyn std::any::Any> {
        Box::new(u)
    }
    let b: T = *dispatch!(other, typed)
        .downcast::<T>()
        .map_err(|_| "pair of two kinds")?;
    let b_box = ok(b.box_as::<Object>(), "box b")?;
    if let (Some(order), Some(cmp)) = (a.net_cmp(&b), a.box_comparable()) {
        let cmp = ok(cmp, "box as IComparable")?;
        let got = ok(cmp.compare_to(Some(&b_box)), "IComparable.CompareTo")?;
        ensure!(
            got.cmp(&0) == order,
            "{a:?}.CompareTo({b:?}) = {got}, .NET order says {order:?}; a: {}; b: {}",
            view(cmp.as_object()),
            view(&b_box)
        );
        let managed = ok(
            Check::compare_boxed(Some(cmp.as_object()), Some(&b_box)),
            "CompareBoxed",
        )?;
        ensure!(
            managed.cmp(&0) == order,
            "managed CompareTo = {managed}, from Rust {got}"
        );
        // Antisymmetry from the other side.
        let b_cmp = ok(b.box_comparable().expect("same kind"), "box b as IComparable")?;
        let back = ok(b_cmp.compare_to(Some(cmp.as_object())), "CompareTo")?;
        ensure!(
            back.cmp(&0) == order.reverse(),
            "{b:?}.CompareTo({a:?}) = {back}, expected {:?}",
            order.reverse()
        );
    } else {
        ensure!(
            !ok(Check::is_comparable(Some(&b_box)), "IsComparable")?,
            "{} is IComparable in .NET but not bound as such",
            T::NAME
        );
    }
    if let Some(eq) = a.equatable_equals(&b) {
        let eq = ok(eq, "IEquatable<T>.Equals")?;
        ensure!(
            eq == a.net_eq(&b),
            "IEquatable<{}>.Equals({a:?}, {b:?}) = {eq}, expected {}",
            T::NAME,
            a.net_eq(&b)
        );
    }
    // Object.Equals on two boxes follows the same rule (for enums: same type, same value).
    let a_box = ok(a.box_as::<Object>(), "box a")?;
    let eq = ok(a_box.equals(Some(&b_box)), "Equals")?;
    ensure!(
        eq == a.net_eq(&b),
        "{a:?}.Equals((object){b:?}) = {eq}, expected {}; a: {}",
        a.net_eq(&b),
        view(&a_box)
    );
    // Equal values hash alike (so NaNs with other payloads, and -0.0 and 0.0, share a hash).
    if eq {
        let (ha, hb) = (
            ok(a_box.get_hash_code(), "hash a")?,
            ok(b_box.get_hash_code(), "hash b")?,
        );
        ensure!(ha == hb, "{a:?} equals {b:?} but hashes {ha} vs {hb}");
    }
    Ok(())
}

fn p4(p: Pair) -> TestResult {
    result(dispatch!(&p.0, interfaces_agree, &p.1))
}

#[test]
fn prop4_icomparable_and_iequatable_agree_with_the_net_order() {
    check(p4 as fn(Pair) -> TestResult);
}

// ---------------------------------------------------------------------------------------------
// Property 5: unboxing to any other type is InvalidCast.

/// `obj` (a box of `T`, bytes `bytes`) unboxed as `U`.
fn unbox_as<U: Kind>(obj: &Object, own: &str, underlying: Option<&str>, bytes: &[u8]) -> Result<(), String> {
    let r = obj.unbox::<U>();
    if U::NAME == own || Some(U::NAME) == underlying {
        let u = ok(r, &format!("unbox {own} as {}", U::NAME))?;
        ensure!(
            u.bytes() == bytes,
            "{own} unboxed as {} reads {u:?}; {}",
            U::NAME,
            view(obj)
        );
    } else {
        let want = Error::InvalidCast {
            from: own.to_string(),
            to: U::NAME.to_string(),
        };
        ensure!(
            matches!(&r, Err(e) if *e == want),
            "unboxing a {own} as {}: {r:?}, expected {want:?}; {}",
            U::NAME,
            view(obj)
        );
    }
    Ok(())
}

/// Every kind tried against `obj`.
fn unbox_all(obj: &Object, own: &str, underlying: Option<&str>, bytes: &[u8]) -> Result<(), String> {
    macro_rules! each {
        ($($t:ty),*) => {$( unbox_as::<$t>(obj, own, underlying, bytes)?; )*};
    }
    each!(
        Boolean, Char, SByte, Byte, Int16, UInt16, Int32, UInt32, Int64, UInt64, Single, Double, IntPtr, UIntPtr,
        ByteEnum, SByteEnum, Int16Enum, UInt16Enum, Int32Enum, UInt32Enum, Int64Enum, UInt64Enum, Perm, Full
    );
    if own != "Props.Managed" {
        let r = obj.unbox::<Managed>();
        ensure!(
            matches!(&r, Err(Error::InvalidCast { from, to }) if from == own && to == "Props.Managed"),
            "unboxing a {own} as Props.Managed: {r:?}"
        );
    }
    Ok(())
}

fn unbox_checks<T: Kind>(v: T) -> Result<(), String> {
    let obj = ok(v.box_as::<Object>(), "box")?;
    unbox_all(&obj, T::NAME, T::UNDERLYING, &v.bytes())?;
    // The same for the managed side's box.
    let managed = ok(v.managed_box(), "managed box")?.ok_or("null managed box")?;
    unbox_all(&managed, T::NAME, T::UNDERLYING, &v.bytes())
}

fn p5(v: Val) -> TestResult {
    result(dispatch!(&v, unbox_checks))
}

#[test]
fn prop5_unboxing_to_another_type_is_invalid_cast() {
    check(p5 as fn(Val) -> TestResult);
}

#[test]
fn strings_and_managed_structs_unbox_to_no_value_type() {
    setup();
    let s = NetString::new("text").unwrap().into_object();
    unbox_all(&s, "System.String", None, &[]).unwrap();
    let m = Managed::default_value().unwrap().box_as::<Object>().unwrap();
    unbox_all(&m, "Props.Managed", None, &[]).unwrap();
}

// ---------------------------------------------------------------------------------------------
// Managed structs with object and string fields.

/// What the struct's `object` field holds.
#[derive(Clone, Debug)]
enum OVal {
    Int(i32),
    Double(u64),
    Str(String),
}

#[derive(Clone, Debug)]
struct MVal {
    o: Option<OVal>,
    s: Option<String>,
    n: i32,
}

impl Arbitrary for OVal {
    fn arbitrary(g: &mut Gen) -> Self {
        match u8::arbitrary(g) % 3 {
            0 => OVal::Int(i32::arbitrary(g)),
            1 => OVal::Double(gen_f64_bits(g)),
            _ => OVal::Str(String::arbitrary(g)),
        }
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        match self {
            OVal::Int(v) => Box::new(v.shrink().map(OVal::Int)),
            OVal::Double(v) => Box::new(v.shrink().map(OVal::Double)),
            OVal::Str(v) => Box::new(v.shrink().map(OVal::Str)),
        }
    }
}

impl Arbitrary for MVal {
    fn arbitrary(g: &mut Gen) -> Self {
        MVal {
            o: Option::arbitrary(g),
            s: Option::arbitrary(g),
            n: i32::arbitrary(g),
        }
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let me = self.clone();
        let mut out: Vec<MVal> = me.o.shrink().map(|o| MVal { o, ..me.clone() }).collect();
        out.extend(me.s.shrink().map(|s| MVal { s, ..me.clone() }));
        out.extend(me.n.shrink().map(|n| MVal { n, ..me.clone() }));
        Box::new(out.into_iter())
    }
}

impl OVal {
    fn object(&self) -> cilbind::Result<Object> {
        match self {
            OVal::Int(v) => Int32(*v).box_as::<Object>(),
            OVal::Double(b) => Double(f64::from_bits(*b)).box_as::<Object>(),
            OVal::Str(s) => Ok(NetString::new(s)?.into_object()),
        }
    }
}

/// `m`'s fields are `o` (the same object), `s` and `n`.
fn fields_are(m: &Managed, o: Option<&Object>, want: &MVal, what: &str) -> Result<(), String> {
    let got_o = ok(m.o(), "read O")?;
    let same = match (&got_o, o) {
        (None, None) => true,
        (Some(a), Some(b)) => ok(a.reference_equals(b), "ReferenceEquals")?,
        _ => false,
    };
    let to_string = m.to_string_net();
    ensure!(
        same,
        "{what}: field O is {got_o:?}, expected {o:?}; managed ToString {to_string:?}"
    );
    let s = ok(m.s(), "read S")?;
    ensure!(
        s == want.s,
        "{what}: field S is {s:?}, expected {:?}; managed ToString {to_string:?}",
        want.s
    );
    let n = ok(m.n(), "read N")?;
    ensure!(
        n == want.n,
        "{what}: field N is {n}, expected {}; managed ToString {to_string:?}",
        want.n
    );
    Ok(())
}

fn managed_struct_props(v: MVal) -> Result<(), String> {
    let o =
        v.o.as_ref()
            .map(OVal::object)
            .transpose()
            .map_err(|e| format!("{e:?}"))?;
    let m = ok(Managed::default_value(), "default")?;
    ok(m.set_o(o.as_ref()), "set O")?;
    ok(m.set_s(v.s.as_deref()), "set S")?;
    ok(m.set_n(v.n), "set N")?;
    fields_are(&m, o.as_ref(), &v, "written")?;
    // 1. Rust round trip: boxing copies the struct, the object field keeps its identity.
    let boxed = ok(m.box_as::<Object>(), "box")?;
    let back = ok(boxed.unbox::<Managed>(), "unbox")?;
    fields_are(&back, o.as_ref(), &v, "unboxed")?;
    // Value semantics: changing the unboxed copy changes neither the box nor the original.
    ok(back.set_n(v.n.wrapping_add(1)), "set N")?;
    fields_are(&m, o.as_ref(), &v, "original after the copy changed")?;
    fields_are(
        &ok(boxed.unbox::<Managed>(), "unbox")?,
        o.as_ref(),
        &v,
        "box after the copy changed",
    )?;
    // 2. Through managed Echo.
    let echoed = ok(Check::echo(Some(&boxed)), "Echo")?.ok_or("Echo returned null")?;
    ensure!(
        ok(echoed.reference_equals(&boxed), "ReferenceEquals")?,
        "Echo returned another object"
    );
    fields_are(&ok(echoed.unbox::<Managed>(), "unbox")?, o.as_ref(), &v, "echoed")?;
    // 3. The managed side agrees with a copy it made itself.
    let managed = ok(
        Check::box_managed(o.as_ref().map(|o| o as _), v.s.as_deref(), v.n),
        "BoxManaged",
    )?
    .ok_or("null")?;
    fields_are(&ok(managed.unbox::<Managed>(), "unbox")?, o.as_ref(), &v, "managed box")?;
    let name = ok(Check::type_name(Some(&boxed)), "TypeName")?;
    ensure!(name.as_deref() == Some("Props.Managed"), "type {name:?}");
    ensure!(
        ok(Check::equals_boxed(Some(&boxed), Some(&managed)), "EqualsBoxed")?,
        "Equals with the managed copy is false; Rust box {}; managed box {}",
        view(&boxed),
        view(&managed)
    );
    let (h, hm) = (
        ok(boxed.get_hash_code(), "hash")?,
        ok(Check::hash_of(Some(&managed)), "HashOf")?,
    );
    ensure!(h == hm, "hash {h} vs managed {hm}; {}", view(&boxed));
    let (s, sm) = (ok(boxed.to_string(), "ToString")?, ok(managed.to_string(), "ToString")?);
    ensure!(s == sm, "ToString {s:?} vs managed {sm:?}");
    // 4. IEquatable<Managed>.Equals through an interface box.
    let eq_box = ok(m.box_as::<IEquatable<Managed>>(), "box as IEquatable")?;
    let eq = ok(
        call_iequatable(&eq_box, Value::Object(managed.clone())),
        "IEquatable.Equals",
    )?;
    ensure!(
        eq,
        "IEquatable<Managed>.Equals(managed copy) is false; {}",
        view(eq_box.as_object())
    );
    let other = ok(
        Check::box_managed(o.as_ref().map(|o| o as _), v.s.as_deref(), v.n.wrapping_add(1)),
        "BoxManaged",
    )?
    .ok_or("null")?;
    let ne = ok(call_iequatable(&eq_box, Value::Object(other)), "IEquatable.Equals")?;
    ensure!(!ne, "IEquatable<Managed>.Equals is true for a different N");
    // 5. It unboxes to no other type.
    unbox_all(&boxed, "Props.Managed", None, &[])?;
    Ok(())
}

fn pm(v: MVal) -> TestResult {
    result(managed_struct_props(v))
}

#[test]
fn prop_managed_structs_round_trip_with_their_references() {
    check(pm as fn(MVal) -> TestResult);
}

// ---------------------------------------------------------------------------------------------
// Property 7: strings.

/// Property 7a: Rust → .NET → Rust is the identity for valid Unicode, and managed code sees the same
/// UTF-16 code units.
fn string_identity(s: String) -> Result<(), String> {
    let units: Vec<u16> = s.encode_utf16().collect();
    let ns = ok(NetString::new(&s), "NetString::new")?;
    ensure!(ok(ns.to_string(), "to_string")? == s, "NetString::to_string differs");
    ensure!(ok(ns.to_utf16(), "to_utf16")? == units, "to_utf16 differs");
    let echoed = ok(Check::echo(Some(&ns)), "Echo")?.ok_or("Echo returned null")?;
    let ens = ok(echoed.cast::<NetString>(), "cast to string")?;
    ensure!(ok(ens.to_string(), "to_string")? == s, "after Echo, to_string differs");
    let back = ok(Check::echo_string(&s), "EchoString")?;
    ensure!(back.as_deref() == Some(s.as_str()), "EchoString returned {back:?}");
    let len = ok(Check::length(&s), "Length")?;
    ensure!(
        len as usize == units.len(),
        "managed Length {len}, expected {}",
        units.len()
    );
    let managed_units = ok(Check::units_of(Some(&ns)), "UnitsOf")?;
    ensure!(
        managed_units.as_ref() == Some(&units),
        "managed code sees units {managed_units:?}"
    );
    let name = ok(Check::type_name(Some(&ns)), "TypeName")?;
    ensure!(name.as_deref() == Some("System.String"), "type {name:?}");
    Ok(())
}

/// The first lone surrogate (index in code units, unit), by direct inspection.
fn first_lone_surrogate(units: &[u16]) -> Option<(usize, u16)> {
    let mut i = 0;
    while i < units.len() {
        let u = units[i];
        if (0xD800..0xDC00).contains(&u) && i + 1 < units.len() && (0xDC00..0xE000).contains(&units[i + 1]) {
            i += 2;
        } else if (0xD800..0xE000).contains(&u) {
            return Some((i, u));
        } else {
            i += 1;
        }
    }
    None
}

/// Arbitrary UTF-16: plenty of lone and paired surrogates.
#[derive(Clone, Debug)]
struct Utf16(Vec<u16>);

impl Arbitrary for Utf16 {
    fn arbitrary(g: &mut Gen) -> Self {
        let len = usize::arbitrary(g) % (g.size() + 1);
        let units = (0..len)
            .map(|_| match u8::arbitrary(g) % 5 {
                0 => 0xD800 + u16::arbitrary(g) % 0x400,
                1 => 0xDC00 + u16::arbitrary(g) % 0x400,
                2 => u16::from(b'a') + u16::arbitrary(g) % 26,
                _ => u16::arbitrary(g),
            })
            .collect();
        Utf16(units)
    }
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        Box::new(self.0.shrink().map(Utf16))
    }
}

/// Property 7b: .NET strings with any code units follow the documented rule.
fn utf16_rule(Utf16(units): Utf16) -> Result<(), String> {
    let expected: cilbind::Result<String> = match first_lone_surrogate(&units) {
        None => Ok(String::from_utf16(&units).expect("no lone surrogate")),
        Some((index, unit)) => Err(Error::InvalidUtf16 { index, unit }),
    };
    let lossy = String::from_utf16_lossy(&units);
    // A string made in Rust from the units.
    let ns = ok(NetString::from_utf16(&units), "from_utf16")?;
    ensure!(ok(ns.to_utf16(), "to_utf16")? == units, "to_utf16 differs");
    let got = ns.to_string();
    ensure!(
        got == expected,
        "{units:04x?}: to_string {got:?}, expected {expected:?}"
    );
    ensure!(ok(ns.to_string_lossy(), "lossy")? == lossy, "to_string_lossy differs");
    let managed_units = ok(Check::units_of(Some(&ns)), "UnitsOf")?;
    ensure!(
        managed_units.as_ref() == Some(&units),
        "managed code sees units {managed_units:04x?}"
    );
    // A string made by managed code from the same units: returned as `string` (read strictly)
    // and as `object` (held as a NetString, exact).
    let got = Check::from_units(Some(&units));
    ensure!(
        got == expected.clone().map(Some),
        "{units:04x?}: managed string read as {got:?}, expected {expected:?}"
    );
    let obj = ok(Check::from_units_as_object(Some(&units)), "FromUnitsAsObject")?.ok_or("null")?;
    let mns = ok(obj.cast::<NetString>(), "cast to string")?;
    ensure!(
        ok(mns.to_utf16(), "to_utf16")? == units,
        "managed string's units differ"
    );
    ensure!(
        ok(mns.to_string_lossy(), "lossy")? == lossy,
        "managed string's lossy text differs"
    );
    ensure!(mns.to_string() == expected, "managed string's to_string differs");
    Ok(())
}

fn ps(s: String) -> TestResult {
    result(string_identity(s))
}
fn pu(u: Utf16) -> TestResult {
    result(utf16_rule(u))
}

#[test]
fn prop7_strings_round_trip_for_valid_unicode() {
    check(ps as fn(String) -> TestResult);
}

#[test]
fn prop7_lone_surrogates_follow_the_documented_rule() {
    check(pu as fn(Utf16) -> TestResult);
}

#[test]
fn first_lone_surrogate_matches_the_readme_examples() {
    assert_eq!(first_lone_surrogate(&[0x61, 0xDC00, 0x62]), Some((1, 0xDC00)));
    assert_eq!(first_lone_surrogate(&[0xD83E, 0xDD80]), None);
    assert_eq!(first_lone_surrogate(&[0xD83E, 0xD83E, 0xDD80]), Some((0, 0xD83E)));
    assert_eq!(first_lone_surrogate(&[0x61, 0xD800]), Some((1, 0xD800)));
}
