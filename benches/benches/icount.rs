//! Instruction counts of the call, boxing and handle figures (gungraun: each benchmark function
//! runs once under `valgrind --tool=callgrind`, which counts the instructions executed inside
//! it), beside the same floors as the criterion benches (calls.rs, boxing.rs, handles.rs).
//! Counts do not move with the machine's load, where timings on a shared 2-core VM move by
//! ±20 %.
//!
//! Each benchmark does one operation. Its setup (starting Mono, loading the fixtures, making the
//! live handles) runs in the same process before callgrind starts counting, and calls the
//! operation first (see [`settle`]), so that Mono has compiled every method on the path (JIT,
//! wrappers, trampolines) and cilbind has resolved every `MethodRef`: the count is the steady
//! state, not the first call.
//! The bench function's own call and `black_box`es (a few instructions) are in every figure,
//! floors included: the Rust-function floor of `Sum` shows them.
//!
//! Each operation is an `#[inline(always)]` `op_…` function, inlined into its benchmark function
//! (so counted there) and called by the setup's warm-up: both run the same code.
//!
//! Names: `<group>::<figure>_<kind>`, with `#[bench::x]` (or `n1` / `n1000000`, the live handle
//! count); the report (src/bin/report/icount.rs, `criterion_id`) maps each to the criterion id
//! of the same operation and puts both side by side. `bash scripts/bench.sh` runs this; the
//! valgrind flags are gungraun's plus those of [`config`] (BENCHMARKS.md gives the whole line).

use std::hint::black_box;

use cilbind::{floor, BoxAs, Class, Int32, Object, ObjectStore, Runtime, Thunk};
use cilbind_benches::{matrix, rust_sum, setup, BoxObject, ADD_TO, ECHO, M4_MULTIPLY, NUMERICS_V3_ADD, SUM, V3_ADD};
use gungraun::{library_benchmark, library_benchmark_group, main, Callgrind, LibraryBenchmarkConfig};
use managed_tests::basics::fixtures::{Adder, Calls, IValueExt};
use managed_tests::game::game::Vector3;
use managed_tests::generics::generics::{Cell, IntCell, Make};
use managed_tests::vectors::system::numerics::{self as numerics, Matrix4x4};

/// Runs `warm` (every operation of a group once) twice, collects fully, and runs it twice
/// again. The collection empties the nursery whatever the setup allocated (one box or 10⁶), so
/// the measured operation never triggers a minor collection; the warm-up after it gives this
/// thread a new allocation buffer (SGen's TLAB), so an allocation in the measured operation
/// takes the fast path, as it does in a running program.
fn settle(warm: impl Fn()) {
    warm();
    warm();
    Runtime::get().expect("runtime").collect_garbage();
    warm();
    warm();
}

/// What the call figures use: thunks, an `Adder` (a SubAdder) with a GC handle for the C floor,
/// and the struct operands.
struct CallFixture {
    sum: &'static Thunk,
    add_to: &'static Thunk,
    v3_add: &'static Thunk,
    numerics_v3_add: &'static Thunk,
    m4_multiply: &'static Thunk,
    adder: Adder,
    adder_handle: u32,
    va: Vector3,
    vb: Vector3,
    na: numerics::Vector3,
    nb: numerics::Vector3,
    ma: Matrix4x4,
    mb: Matrix4x4,
}

/// Starts Mono, binds the fixtures and makes every call of the benchmarks below twice.
///
/// Leaked: the process ends after the one measured call (the GC handle is never freed).
fn calls_setup() -> &'static CallFixture {
    setup();
    managed_tests::basics::init().expect("Basics bindings load");
    managed_tests::game::init().expect("Game bindings load and layouts match");
    managed_tests::vectors::init().expect("System.Numerics.Vectors loads and layouts match");
    let adder = Calls::new_adder().unwrap().expect("an Adder");
    let f = Box::leak(Box::new(CallFixture {
        sum: SUM.thunk().unwrap(),
        add_to: ADD_TO.thunk().unwrap(),
        v3_add: V3_ADD.thunk().unwrap(),
        numerics_v3_add: NUMERICS_V3_ADD.thunk().unwrap(),
        m4_multiply: M4_MULTIPLY.thunk().unwrap(),
        adder_handle: floor::gchandle_for(&adder).unwrap(),
        adder,
        va: Vector3 { x: 1.0, y: 2.0, z: 3.0 },
        vb: Vector3 { x: 4.0, y: 5.0, z: 6.0 },
        na: numerics::Vector3 { x: 1.0, y: 2.0, z: 3.0 },
        nb: numerics::Vector3 { x: 4.0, y: 5.0, z: 6.0 },
        ma: matrix(1.0),
        mb: matrix(2.0),
    }));
    settle(|| {
        op_sum_bare_thunk(f);
        op_sum_generated(f);
        op_instance_bare_thunk_handle(f);
        op_instance_generated(f);
        op_virtual_generated(f);
        op_interface_generated(f);
        op_v3_add_bare_trampoline(f);
        op_v3_add_generated(f);
        op_numerics_v3_add_bare_trampoline(f);
        op_numerics_v3_add_generated(f);
        op_m4x4_multiply_bare_trampoline(f);
        op_m4x4_multiply_generated(f);
    });
    f
}

#[inline(always)]
fn op_sum_rust_fn(_: &CallFixture) -> i32 {
    rust_sum(black_box(1), black_box(2))
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn sum_rust_fn(x: &CallFixture) -> i32 {
    op_sum_rust_fn(x)
}

#[inline(always)]
fn op_sum_bare_thunk(f: &CallFixture) -> i32 {
    // SAFETY: `sum` is the thunk of `static int Sum(int, int)`.
    unsafe { floor::bare_thunk_i32_i32(f.sum, black_box(1), black_box(2)) }
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn sum_bare_thunk(x: &CallFixture) -> i32 {
    op_sum_bare_thunk(x)
}

#[inline(always)]
fn op_sum_generated(_: &CallFixture) -> i32 {
    Calls::sum(black_box(1), black_box(2)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn sum_generated(x: &CallFixture) -> i32 {
    op_sum_generated(x)
}

#[inline(always)]
fn op_instance_bare_thunk_handle(f: &CallFixture) -> i32 {
    // SAFETY: `add_to` is the thunk of `int Adder.AddTo(int)` and the handle holds an Adder.
    unsafe { floor::bare_thunk_this_i32(f.add_to, black_box(f.adder_handle), black_box(1)) }
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn instance_bare_thunk_handle(x: &CallFixture) -> i32 {
    op_instance_bare_thunk_handle(x)
}

#[inline(always)]
fn op_instance_generated(f: &CallFixture) -> i32 {
    black_box(&f.adder).add_to(black_box(1)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn instance_generated(x: &CallFixture) -> i32 {
    op_instance_generated(x)
}

#[inline(always)]
fn op_virtual_generated(f: &CallFixture) -> i32 {
    black_box(&f.adder).virt(black_box(1)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn virtual_generated(x: &CallFixture) -> i32 {
    op_virtual_generated(x)
}

#[inline(always)]
fn op_interface_generated(f: &CallFixture) -> i32 {
    IValueExt::get(black_box(&f.adder), black_box(1)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn interface_generated(x: &CallFixture) -> i32 {
    op_interface_generated(x)
}

#[inline(always)]
fn op_v3_add_bare_trampoline(f: &CallFixture) -> Vector3 {
    // SAFETY: the trampoline of a static `T f(T, T)` on this float struct, arguments and result by pointer.
    unsafe { floor::trampoline_binary(f.v3_add, black_box(&f.va), black_box(&f.vb)) }
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn v3_add_bare_trampoline(x: &CallFixture) -> Vector3 {
    op_v3_add_bare_trampoline(x)
}

#[inline(always)]
fn op_v3_add_generated(f: &CallFixture) -> Vector3 {
    Vector3::add(black_box(&f.va), black_box(&f.vb)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn v3_add_generated(x: &CallFixture) -> Vector3 {
    op_v3_add_generated(x)
}

#[inline(always)]
fn op_numerics_v3_add_bare_trampoline(f: &CallFixture) -> numerics::Vector3 {
    // SAFETY: the trampoline of a static `T f(T, T)` on this float struct, arguments and result by pointer.
    unsafe { floor::trampoline_binary(f.numerics_v3_add, black_box(&f.na), black_box(&f.nb)) }
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn numerics_v3_add_bare_trampoline(x: &CallFixture) -> numerics::Vector3 {
    op_numerics_v3_add_bare_trampoline(x)
}

#[inline(always)]
fn op_numerics_v3_add_generated(f: &CallFixture) -> numerics::Vector3 {
    numerics::Vector3::add(black_box(&f.na), black_box(&f.nb)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn numerics_v3_add_generated(x: &CallFixture) -> numerics::Vector3 {
    op_numerics_v3_add_generated(x)
}

#[inline(always)]
fn op_m4x4_multiply_bare_trampoline(f: &CallFixture) -> Matrix4x4 {
    // SAFETY: the trampoline of a static `T f(T, T)` on this float struct, arguments and result by pointer.
    unsafe { floor::trampoline_binary(f.m4_multiply, black_box(&f.ma), black_box(&f.mb)) }
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn m4x4_multiply_bare_trampoline(x: &CallFixture) -> Matrix4x4 {
    op_m4x4_multiply_bare_trampoline(x)
}

#[inline(always)]
fn op_m4x4_multiply_generated(f: &CallFixture) -> Matrix4x4 {
    Matrix4x4::multiply(black_box(&f.ma), black_box(&f.mb)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = calls_setup)]
fn m4x4_multiply_generated(x: &CallFixture) -> Matrix4x4 {
    op_m4x4_multiply_generated(x)
}

library_benchmark_group!(
    name = call;
    benchmarks = sum_rust_fn, sum_bare_thunk, sum_generated, instance_bare_thunk_handle,
        instance_generated, virtual_generated, interface_generated, v3_add_bare_trampoline,
        v3_add_generated, numerics_v3_add_bare_trampoline, numerics_v3_add_generated, m4x4_multiply_bare_trampoline,
        m4x4_multiply_generated
);

/// Starts Mono and boxes and drops an Int32 twice both ways; returns `System.Int32`'s class.
fn boxing_setup() -> Class {
    setup();
    let class = <Int32 as cilbind::ManagedType>::class().unwrap();
    settle(|| {
        op_int32_box_drop_c_api(class);
        op_int32_box_drop_cilbind(class);
    });
    class
}

#[inline(always)]
fn op_int32_box_drop_c_api(class: Class) {
    // SAFETY: `class` is System.Int32, whose size is `Int32`'s.
    unsafe { floor::box_and_release(class, black_box(&Int32(7))) }
}

#[library_benchmark]
#[bench::x(setup = boxing_setup)]
fn int32_box_drop_c_api(x: Class) {
    op_int32_box_drop_c_api(x)
}

#[inline(always)]
fn op_int32_box_drop_cilbind(_: Class) {
    let boxed: Object = black_box(&Int32(7)).box_to().unwrap();
    drop(black_box(boxed));
}

#[library_benchmark]
#[bench::x(setup = boxing_setup)]
fn int32_box_drop_cilbind(x: Class) {
    op_int32_box_drop_cilbind(x)
}

library_benchmark_group!(
    name = boxing;
    benchmarks = int32_box_drop_c_api, int32_box_drop_cilbind
);

/// `n` live handles, each to its own boxed Int32, and a GC handle to the first (for the C
/// floors), as in handles.rs.
struct Live {
    echo: &'static Thunk,
    live: Vec<Object>,
    handle: u32,
}

impl Live {
    fn obj(&self) -> &Object {
        &self.live[0]
    }
}

/// Starts Mono and makes `n` live handles; runs every handle operation twice both ways.
fn live(n: usize) -> &'static Live {
    setup();
    let live: Vec<Object> = (0..n as i32).map(|i| Int32(i).box_as_object()).collect();
    let l = Box::leak(Box::new(Live {
        echo: ECHO.thunk().unwrap(),
        handle: floor::gchandle_for(&live[0]).unwrap(),
        live,
    }));
    assert!(ObjectStore::live() >= n);
    settle(|| {
        drop(op_create_cilbind(l));
        // SAFETY: a live handle made by the floor, freed once.
        unsafe { floor::free_gchandle(op_create_c_api(l)) };
        drop(op_clone_cilbind(l));
        // SAFETY: as above.
        unsafe { floor::free_gchandle(op_clone_c_api(l)) };
        op_read_cilbind(l);
        op_read_c_api(l);
        op_drop_cilbind(with_clone(l));
        op_drop_c_api(with_gchandle(l));
    });
    l
}

/// The live handles and one more clone of the first, for cilbind's drop to drop.
fn with_clone(l: &'static Live) -> (&'static Live, Object) {
    (l, l.obj().clone())
}

/// `n` live handles (see [`live`]) and one more clone of the first.
fn live_with_clone(n: usize) -> (&'static Live, Object) {
    with_clone(live(n))
}

/// The live handles and one more GC handle to the first object, for the C floor of drop to free.
fn with_gchandle(l: &'static Live) -> (&'static Live, u32) {
    // SAFETY: the handle is live for the whole process.
    (l, unsafe { floor::gchandle_clone(l.handle) })
}

/// `n` live handles (see [`live`]) and one more GC handle to the first object.
fn live_with_gchandle(n: usize) -> (&'static Live, u32) {
    with_gchandle(live(n))
}

#[inline(always)]
fn op_create_cilbind(l: &Live) -> Object {
    l.echo
        .call::<_, Option<Object>>((black_box(l.obj()),))
        .unwrap()
        .unwrap()
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live)]
#[bench::n1000000(args = (1_000_000), setup = live)]
fn create_cilbind(x: &Live) -> Object {
    op_create_cilbind(x)
}

#[inline(always)]
fn op_create_c_api(l: &Live) -> u32 {
    // SAFETY: `echo` is the thunk of `static object Echo(object)`; the handle is live.
    unsafe { floor::call_ref_to_new_gchandle(l.echo, black_box(l.handle)) }
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live)]
#[bench::n1000000(args = (1_000_000), setup = live)]
fn create_c_api(x: &Live) -> u32 {
    op_create_c_api(x)
}

#[inline(always)]
fn op_clone_cilbind(l: &Live) -> Object {
    black_box(l.obj()).clone()
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live)]
#[bench::n1000000(args = (1_000_000), setup = live)]
fn clone_cilbind(x: &Live) -> Object {
    op_clone_cilbind(x)
}

#[inline(always)]
fn op_clone_c_api(l: &Live) -> u32 {
    // SAFETY: the handle is live for the whole process.
    unsafe { floor::gchandle_clone(black_box(l.handle)) }
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live)]
#[bench::n1000000(args = (1_000_000), setup = live)]
fn clone_c_api(x: &Live) -> u32 {
    op_clone_c_api(x)
}

#[inline(always)]
fn op_read_cilbind(l: &Live) -> Class {
    ObjectStore::class_of(black_box(l.obj().key())).unwrap()
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live)]
#[bench::n1000000(args = (1_000_000), setup = live)]
fn read_cilbind(x: &Live) -> Class {
    op_read_cilbind(x)
}

#[inline(always)]
fn op_read_c_api(l: &Live) -> *const std::ffi::c_void {
    // SAFETY: the handle is live for the whole process.
    unsafe { floor::class_of(black_box(l.handle)) }
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live)]
#[bench::n1000000(args = (1_000_000), setup = live)]
fn read_c_api(x: &Live) -> *const std::ffi::c_void {
    op_read_c_api(x)
}

#[inline(always)]
fn op_drop_cilbind((_, h): (&Live, Object)) {
    drop(black_box(h));
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live_with_clone)]
#[bench::n1000000(args = (1_000_000), setup = live_with_clone)]
fn drop_cilbind(x: (&Live, Object)) {
    op_drop_cilbind(x)
}

#[inline(always)]
fn op_drop_c_api((_, h): (&Live, u32)) {
    // SAFETY: a live handle made by the setup, freed once.
    unsafe { floor::free_gchandle(black_box(h)) }
}

#[library_benchmark]
#[bench::n1(args = (1), setup = live_with_gchandle)]
#[bench::n1000000(args = (1_000_000), setup = live_with_gchandle)]
fn drop_c_api(x: (&Live, u32)) {
    op_drop_c_api(x)
}

library_benchmark_group!(
    name = handles;
    benchmarks = create_cilbind, create_c_api, clone_cilbind, clone_c_api, read_cilbind,
        read_c_api, drop_cilbind, drop_c_api
);

/// What the generic benchmarks call: `Cell<int>` and its non-generic twin `IntCell`.
struct GenericFixture {
    cell: Cell<i32>,
    int_cell: IntCell,
}

/// Starts Mono, binds the Generics fixture and makes every call of the benchmarks below twice.
fn generic_setup() -> &'static GenericFixture {
    setup();
    managed_tests::generics::init().expect("Generics bindings load");
    let f = Box::leak(Box::new(GenericFixture {
        cell: Cell::<i32>::new(7).unwrap(),
        int_cell: IntCell::new(7).unwrap(),
    }));
    settle(|| {
        op_cell_get_generated(f);
        op_int_cell_get_generated(f);
        op_echo_generated(f);
        op_echo_int_generated(f);
    });
    f
}

#[inline(always)]
fn op_cell_get_generated(f: &GenericFixture) -> i32 {
    black_box(&f.cell).get().unwrap()
}

// A member of a generic type (`Cell<int>.Get`), beside `int_cell_get`: the same body in a
// non-generic class.
#[library_benchmark]
#[bench::x(setup = generic_setup)]
fn cell_get_generated(x: &GenericFixture) -> i32 {
    op_cell_get_generated(x)
}

#[inline(always)]
fn op_int_cell_get_generated(f: &GenericFixture) -> i32 {
    black_box(&f.int_cell).get().unwrap()
}

#[library_benchmark]
#[bench::x(setup = generic_setup)]
fn int_cell_get_generated(x: &GenericFixture) -> i32 {
    op_int_cell_get_generated(x)
}

#[inline(always)]
fn op_echo_generated(_: &GenericFixture) -> i32 {
    Make::echo::<i32>(black_box(5)).unwrap()
}

// A generic method (`Make.Echo<int>`), beside `echo_int`: the same body without generics.
#[library_benchmark]
#[bench::x(setup = generic_setup)]
fn echo_generated(x: &GenericFixture) -> i32 {
    op_echo_generated(x)
}

#[inline(always)]
fn op_echo_int_generated(_: &GenericFixture) -> i32 {
    Make::echo_int(black_box(5)).unwrap()
}

#[library_benchmark]
#[bench::x(setup = generic_setup)]
fn echo_int_generated(x: &GenericFixture) -> i32 {
    op_echo_int_generated(x)
}

library_benchmark_group!(
    name = generic;
    benchmarks = cell_get_generated, int_cell_get_generated, echo_generated, echo_int_generated
);

main!(
    config = config();
    library_benchmark_groups = call, boxing, handles, generic
);

/// The valgrind flags beyond gungraun's defaults. `--smc-check=all`: Mono writes machine code
/// at run time (JIT, wrappers, trampolines) and patches it, so valgrind must notice every write
/// to code it has already translated, wherever that code lives (its default,
/// `all-non-file`, skips code in file mappings). `--cache-sim=no`: only instructions are counted
/// (gungraun turns the cache simulation on by default). The environment is kept (gungraun clears
/// it by default) so that Mono sees the same environment as under the criterion benches.
fn config() -> LibraryBenchmarkConfig {
    let mut c = LibraryBenchmarkConfig::default();
    c.env_clear(false)
        .tool(Callgrind::with_args(["--smc-check=all", "--cache-sim=no"]));
    c
}
