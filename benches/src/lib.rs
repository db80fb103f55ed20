//! What the benchmarks share: the fixture's types as the generator would bind them, the floors
//! `cilbind::floor` does not have ([`cfloor`]: strings, out parameters, trampolines, a throw),
//! and the extra measurements that are not criterion loops (memory per handle, boxing inside
//! C#). `src/bin/report.rs` turns criterion's results and these into BENCHMARKS.md.

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
cilbind::blittable!(V3, V3_TYPE, [f32, f32, f32]);
cilbind::generated::impl_boxing!(V3 => Object, cilbind::ValueType);

/// `Fixtures.Team : byte`, as the generator emits enums.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Team(pub u8);
cilbind::blittable!(Team, TEAM_TYPE, [u8]);
cilbind::generated::impl_boxing!(Team => Object, cilbind::ValueType, cilbind::Enum);

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

/// Floors that `cilbind::floor` does not provide, written here with Mono's C API and a thunk's
/// bare entry point ([`Thunk::entry_point`](cilbind::Thunk::entry_point)) and nothing else: no
/// signature check, no attach test, no handle, no error conversion. Each function documents the
/// native signature its thunk must have; the benchmarks pass thunks resolved from metadata
/// naming exactly those types.
pub mod cfloor {
    use std::ffi::c_void;

    use cilbind::Thunk;

    type Obj = *mut c_void;

    extern "C" {
        // Mono's embedding API (libmono-2.0, linked by cilbind).
        fn mono_domain_get() -> *mut c_void;
        fn mono_string_new_utf16(domain: *mut c_void, text: *const u16, len: i32) -> Obj;
        fn mono_string_length(s: Obj) -> i32;
        fn mono_string_chars(s: Obj) -> *const u16;
    }

    /// A new `System.String` from `s` (what lowering a `&str` must do at least).
    #[inline]
    fn new_string(s: &str) -> Obj {
        let units: Vec<u16> = s.encode_utf16().collect();
        // SAFETY: the runtime runs and this thread is attached (benchmark contract); Mono copies
        // the units.
        unsafe { mono_string_new_utf16(mono_domain_get(), units.as_ptr(), units.len() as i32) }
    }

    /// A Rust `String` from a non-null `System.String` (what lifting one must do at least).
    #[inline]
    fn read_string(s: Obj) -> String {
        // SAFETY: `s` is a live, non-null string on this stack; chars and length stay valid
        // during the copy.
        let units = unsafe { std::slice::from_raw_parts(mono_string_chars(s), mono_string_length(s) as usize) };
        String::from_utf16(units).expect("valid UTF-16")
    }

    /// `static string f(string, string)`: two strings made, the thunk called, the result read.
    pub fn string_string_to_string(thunk: &Thunk, a: &str, b: &str) -> String {
        type F = unsafe extern "C" fn(Obj, Obj, *mut Obj) -> Obj;
        let mut exc: Obj = std::ptr::null_mut();
        // SAFETY: the thunk of a static string(string, string) method (benchmark contract).
        let r = unsafe {
            let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
            f(new_string(a), new_string(b), &mut exc)
        };
        assert!(exc.is_null() && !r.is_null());
        read_string(r)
    }

    /// `static int f(string)`: a string made, the thunk called.
    pub fn string_to_i32(thunk: &Thunk, s: &str) -> i32 {
        type F = unsafe extern "C" fn(Obj, *mut Obj) -> i32;
        let mut exc: Obj = std::ptr::null_mut();
        // SAFETY: the thunk of a static int(string) method (benchmark contract).
        unsafe {
            let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
            f(new_string(s), &mut exc)
        }
    }

    /// `static int f(string)` that throws: a string made, the thunk called, the exception
    /// object returned (not inspected).
    pub fn string_throws(thunk: &Thunk, s: &str) -> *const c_void {
        type F = unsafe extern "C" fn(Obj, *mut Obj) -> i32;
        let mut exc: Obj = std::ptr::null_mut();
        // SAFETY: the thunk of a static int(string) method (benchmark contract).
        unsafe {
            let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
            f(new_string(s), &mut exc);
        }
        assert!(!exc.is_null(), "the floor method throws");
        exc
    }

    /// `static void f(int, int, out int, out int)`: the thunk called with two pointers.
    #[inline]
    pub fn i32_i32_out2(thunk: &Thunk, a: i32, b: i32) -> (i32, i32) {
        type F = unsafe extern "C" fn(i32, i32, *mut i32, *mut i32, *mut Obj);
        let (mut q, mut r, mut exc) = (0, 0, std::ptr::null_mut());
        // SAFETY: the thunk of a static void(int, int, out int, out int) method (benchmark
        // contract); both out pointers are valid for writes.
        unsafe {
            let f: F = std::mem::transmute::<*const c_void, F>(thunk.entry_point());
            f(a, b, &mut q, &mut r, &mut exc);
        }
        (q, r)
    }

    /// The pointer trampoline of a static `T f(T, T)` on a blittable struct `T` (arguments by
    /// pointer, result through a trailing pointer), called bare.
    #[inline]
    pub fn trampoline_binary<T: Copy>(thunk: &Thunk, a: &T, b: &T) -> T {
        type F<T> = unsafe extern "C" fn(*const T, *const T, *mut T, *mut Obj);
        let mut out = std::mem::MaybeUninit::<T>::zeroed();
        let mut exc: Obj = std::ptr::null_mut();
        // SAFETY: the trampoline of a static T(T, T) method bound with arguments and result by
        // pointer (benchmark contract); `out` is valid for writes of a `T`, which the
        // trampoline fills (every bit pattern of the benchmarks' float structs is valid).
        unsafe {
            let f: F<T> = std::mem::transmute::<*const c_void, F<T>>(thunk.entry_point());
            f(a, b, out.as_mut_ptr(), &mut exc);
            out.assume_init()
        }
    }
}
