//! What the benchmarks share: the fixture's types as the generator would bind them, and the
//! extra measurements that are not criterion loops (memory per handle, boxing inside C#). The
//! floors live in `cilbind::floor` (feature `floors`), so every Mono call stays in the runtime. `src/bin/report/` turns criterion's results and these into BENCHMARKS.md.

use std::time::Instant;

use cilbind::{MethodRef, Object, ObjectStore, TypeRef};

pub static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
pub static V3_TYPE: TypeRef = TypeRef::new("Basics", "Fixtures", "V3");
pub static TEAM_TYPE: TypeRef = TypeRef::new("Basics", "Fixtures", "Team");
/// `static object Echo(object)`: returns its argument (a new handle on the Rust side).
pub static ECHO: MethodRef = MethodRef::new(&CALLS, "Echo", &["System.Object"]);
/// `static int BoxInts(int n)`: boxes `n` ints in a C# loop.
pub static BOX_INTS: MethodRef = MethodRef::new(&CALLS, "BoxInts", &["System.Int32"]);

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
