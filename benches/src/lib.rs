//! What the benchmarks share: the fixture's types as the generator would bind them, and the
//! extra measurements that are not criterion loops (memory per handle, boxing inside C#). The
//! floors live in `cilbind::floor` (feature `floors`), so every Mono call stays in the runtime. `src/bin/report/` turns criterion's results and these into BENCHMARKS.md.

use std::time::Instant;

pub mod natives;

use cilbind::{MethodRef, Object, ObjectStore, TypeRef, RETURN_BY_POINTER};
use managed_tests::game::game::__TYPE_Vector3;
use managed_tests::vectors::system::numerics::{
    __TYPE_Matrix4x4, __TYPE_Vector3 as __TYPE_NUMERICS_VECTOR3, Matrix4x4,
};

pub static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
pub static V3_TYPE: TypeRef = TypeRef::new("Basics", "Fixtures", "V3");
pub static TEAM_TYPE: TypeRef = TypeRef::new("Basics", "Fixtures", "Team");
pub static ADDER: TypeRef = TypeRef::new("Basics", "Fixtures", "Adder");
/// `static int Sum(int, int)`: the bare thunk every call figure is read against.
pub static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
/// `int Adder.AddTo(int)`: the floor of an instance call (its thunk called on a GC handle's target).
pub static ADD_TO: MethodRef = MethodRef::new(&ADDER, "AddTo", &["System.Int32"]);
/// The pointer trampoline the generated `game::Vector3::add` uses.
pub static V3_ADD: MethodRef = MethodRef::by_pointer(
    &__TYPE_Vector3,
    "Add",
    &["Game.Vector3", "Game.Vector3"],
    0b11 | RETURN_BY_POINTER,
);
/// The pointer trampoline the generated `numerics::Vector3::add` uses.
pub static NUMERICS_V3_ADD: MethodRef = MethodRef::by_pointer(
    &__TYPE_NUMERICS_VECTOR3,
    "Add",
    &["System.Numerics.Vector3", "System.Numerics.Vector3"],
    0b11 | RETURN_BY_POINTER,
);
/// The pointer trampoline the generated `Matrix4x4::multiply` uses.
pub static M4_MULTIPLY: MethodRef = MethodRef::by_pointer(
    &__TYPE_Matrix4x4,
    "Multiply",
    &["System.Numerics.Matrix4x4", "System.Numerics.Matrix4x4"],
    0b11 | RETURN_BY_POINTER,
);
/// `static object Echo(object)`: returns its argument (a new handle on the Rust side).
pub static ECHO: MethodRef = MethodRef::new(&CALLS, "Echo", &["System.Object"]);
/// `static int BoxInts(int n)`: boxes `n` ints in a C# loop.
pub static BOX_INTS: MethodRef = MethodRef::new(&CALLS, "BoxInts", &["System.Int32"]);
/// `static IntPtr BoxIntoHandle(int)`: boxes its argument behind a new GC handle.
pub static BOX_INTO_HANDLE: MethodRef = MethodRef::new(&CALLS, "BoxIntoHandle", &["System.Int32"]);
/// `static void FreeHandle(IntPtr)`: frees a GC handle.
pub static FREE_HANDLE: MethodRef = MethodRef::new(&CALLS, "FreeHandle", &["System.IntPtr"]);

/// `Fixtures.V3`, a full struct.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct V3 {
    pub x: f32,
    pub y: f32,
    pub z: f32,
}
cilbind::blittable!(unsafe V3, V3_TYPE, [f32, f32, f32]);
cilbind::generated::impl_boxing!(V3 => Object, cilbind::ValueType);

/// `Fixtures.Team : byte`, as the generator emits enums.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Team(pub u8);
cilbind::blittable!(unsafe Team, TEAM_TYPE, [u8]);
cilbind::generated::impl_boxing!(Team => Object, cilbind::ValueType, cilbind::Enum);

/// The floor of the `Sum` figures: the same addition as a Rust function that is not inlined.
#[inline(never)]
pub fn rust_sum(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// A `Matrix4x4` with `k` on the diagonal (the operands of the `Multiply` figures).
pub fn matrix(k: f32) -> Matrix4x4 {
    Matrix4x4 {
        m11: k,
        m12: 2.0,
        m13: 3.0,
        m14: 0.0,
        m21: 4.0,
        m22: k,
        m23: 6.0,
        m24: 0.0,
        m31: 7.0,
        m32: 8.0,
        m33: k,
        m34: 0.0,
        m41: 1.0,
        m42: 2.0,
        m43: 3.0,
        m44: 1.0,
    }
}

/// Calls per iteration of the C# → Rust benchmark (benches/incoming.rs): each iteration is one
/// C# loop making this many calls; the report divides by it.
pub const INCOMING_CALLS: i32 = 1000;

/// Starts Mono and loads the fixture.
pub fn setup() {
    managed_tests::load_fixture("Basics");
}

/// Resident set size of this process in bytes (from /proc/self/statm).
fn rss_bytes() -> usize {
    let statm = std::fs::read_to_string("/proc/self/statm").expect("Linux /proc");
    let pages: usize = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .expect("statm rss");
    pages * 4096
}

/// Bytes of resident memory per live object handle: RSS growth while `n` handles to one
/// object are held, divided by `n`. Handles to a single object isolate the handle's own cost
/// (cilbind's 8-byte slot plus Mono's GC-handle entry) from the objects'.
pub fn memory_per_handle(n: usize) -> f64 {
    let obj = cilbind::Int32(7).box_as_object();
    let before = rss_bytes();
    let handles: Vec<Object> = (0..n).map(|_| obj.clone()).collect();
    let after = rss_bytes();
    assert!(ObjectStore::live() >= n);
    // The Vec of keys is the caller's memory, not the handles': subtract it.
    let vec_bytes = handles.capacity() * std::mem::size_of::<Object>();
    drop(handles);
    (after.saturating_sub(before).saturating_sub(vec_bytes)) as f64 / n as f64
}

/// Nanoseconds per box of an Int32 inside C#: one call of `BoxInts(n)`.
pub fn managed_box_ns(n: i32) -> f64 {
    let thunk = BOX_INTS.thunk().expect("BoxInts");
    let _: i32 = thunk.call((1000i32,)).expect("warm-up");
    let start = Instant::now();
    let _: i32 = thunk.call((n,)).expect("BoxInts runs");
    start.elapsed().as_secs_f64() * 1e9 / f64::from(n)
}

/// Convenience for the benches: `value.box_as::<Object>()` with the error unwrapped.
pub trait BoxObject {
    fn box_as_object(&self) -> Object;
}

impl<V: cilbind::BoxAs<Object>> BoxObject for V {
    fn box_as_object(&self) -> Object {
        self.box_to().expect("boxing succeeds")
    }
}
