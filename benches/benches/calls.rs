//! Call overhead through the bindings generated at build time (managed-tests: `Basics.cs`,
//! `Game.cs`, Mono's System.Numerics.Vectors), each figure beside its floor in the same run:
//! - `Calls.Sum` vs the bare thunk pointer vs a plain Rust function; the reflective path vs
//!   `mono_runtime_invoke` with boxed arguments;
//! - instance, virtual and interface calls (and a managed struct's method) beside the C floor
//!   of an instance call through a handle (`mono_gchandle_get_target` + the bare thunk);
//! - strings in and out beside the same work with Mono's C API (strings made and read, thunk
//!   called bare);
//! - full structs by value (`Vector3.Add`, 12 B; `Matrix4x4.Multiply`, 64 B returned), whose
//!   bindings are translated into Rust from the methods' IL (they never enter Mono), beside
//!   their pointer trampoline called bare (the managed call they replace);
//! - out parameters (`Divmod`) beside its bare thunk; a call that throws beside the bare thunk
//!   returning the exception object.
//!
//! The hand-written `MethodRef`s below only resolve the floors' thunks. Boxing is in
//! boxing.rs, handles in handles.rs.

use std::hint::black_box;
use std::time::Duration;

use cilbind::{floor, invoke, MethodRef, Value};
use cilbind_benches::{matrix, rust_sum, setup, ADD_TO, CALLS, M4_MULTIPLY, NUMERICS_V3_ADD, SUM, V3_ADD};
use criterion::{criterion_group, criterion_main, Criterion};
use managed_tests::basics::fixtures::{Adder, Calls, IValueExt};
use managed_tests::game::game::{RaycastHit, Vector3};
use managed_tests::vectors::system::numerics::{self as numerics, Matrix4x4};

static LEGS_OF: MethodRef = MethodRef::new(&CALLS, "LegsOf", &["Fixtures.Animal"]);
static CONCAT: MethodRef = MethodRef::new(&CALLS, "Concat", &["System.String", "System.String"]);
static LENGTH: MethodRef = MethodRef::new(&CALLS, "Length", &["System.String"]);
static THROW: MethodRef = MethodRef::new(&CALLS, "Throw", &["System.String"]);
static DIVMOD: MethodRef = MethodRef::new(
    &CALLS,
    "Divmod",
    &["System.Int32", "System.Int32", "System.Int32&", "System.Int32&"],
);
fn calls(c: &mut Criterion) {
    setup();
    managed_tests::basics::init().expect("Basics bindings load");
    managed_tests::game::init().expect("Game bindings load and layouts match");
    managed_tests::vectors::init().expect("System.Numerics.Vectors loads and layouts match");
    let mut g = c.benchmark_group("call");

    // Static int(int, int): the floors every other figure is read against.
    let sum = SUM.thunk().unwrap();
    g.bench_function("sum/rust_fn", |b| b.iter(|| rust_sum(black_box(1), black_box(2))));
    g.bench_function("sum/bare_thunk", |b| {
        // SAFETY: `sum` is the thunk of `static int Sum(int, int)`.
        b.iter(|| unsafe { floor::bare_thunk_i32_i32(sum, black_box(1), black_box(2)) })
    });
    g.bench_function("sum/generated", |b| {
        b.iter(|| Calls::sum(black_box(1), black_box(2)).unwrap())
    });
    let method = sum.method();
    g.bench_function("sum/mono_runtime_invoke_boxed", |b| {
        // SAFETY: `method` is `static int Sum(int, int)`, which does not throw.
        b.iter(|| unsafe { floor::runtime_invoke_boxed_i32_i32(method, black_box(1), black_box(2)) }.unwrap())
    });
    g.bench_function("sum/generic_invoke", |b| {
        b.iter(|| {
            invoke(
                method,
                None,
                &mut [Value::Int32(black_box(1)), Value::Int32(black_box(2))],
            )
            .unwrap()
        })
    });

    // Calls on an object (a SubAdder behind an `Adder` handle).
    let adder = Calls::new_adder().unwrap().expect("an Adder");
    let adder_handle = floor::gchandle_for(&adder).unwrap();
    let add_to = ADD_TO.thunk().unwrap();
    g.bench_function("instance/bare_thunk_handle", |b| {
        // SAFETY: `add_to` is the thunk of `int Adder.AddTo(int)` and the handle holds an Adder.
        b.iter(|| unsafe { floor::bare_thunk_this_i32(add_to, black_box(adder_handle), black_box(1)) })
    });
    g.bench_function("instance/generated", |b| {
        b.iter(|| black_box(&adder).add_to(black_box(1)).unwrap())
    });
    g.bench_function("virtual/generated", |b| {
        b.iter(|| black_box(&adder).virt(black_box(1)).unwrap())
    });
    g.bench_function("interface/generated", |b| {
        b.iter(|| IValueExt::get(black_box(&adder), black_box(1)).unwrap())
    });

    // The cost of checking objects against their declared types: the same raw call with the
    // check (`Thunk::call`) and without it (`Thunk::call_unchecked`, what the shim did before),
    // for `this` of exactly the declared class, `this` of a subclass (SubAdder as an Adder:
    // the cached path), and an object argument (a Dog passed as an Animal).
    let exact = Adder::new().unwrap();
    for (name, this) in [("this_exact", &exact), ("this_subclass", &adder)] {
        g.bench_function(format!("checks/{name}_checked"), |b| {
            b.iter(|| add_to.call::<_, i32>((black_box(this), black_box(1))).unwrap())
        });
        g.bench_function(format!("checks/{name}_unchecked"), |b| {
            // SAFETY: `this` is an Adder (or a subclass), the class AddTo is declared on.
            b.iter(|| unsafe { add_to.call_unchecked::<_, i32>((black_box(this), black_box(1))) }.unwrap())
        });
    }
    let dog = Calls::new_dog().unwrap().expect("a Dog");
    let legs_of = LEGS_OF.thunk().unwrap();
    g.bench_function("checks/object_arg_checked", |b| {
        b.iter(|| legs_of.call::<_, i32>((black_box(&dog),)).unwrap())
    });
    g.bench_function("checks/object_arg_unchecked", |b| {
        // SAFETY: a Dog is an Animal, the declared parameter type of LegsOf.
        b.iter(|| unsafe { legs_of.call_unchecked::<_, i32>((black_box(&dog),)) }.unwrap())
    });

    // A managed struct (it holds references, so it lives in a StructStore): an instance method.
    let hit = RaycastHit::default_value().unwrap();
    hit.set_distance(2.5).unwrap();
    g.bench_function("managed_struct/generated", |b| {
        b.iter(|| black_box(&hit).score().unwrap())
    });

    // Strings in and out.
    let (concat, length) = (CONCAT.thunk().unwrap(), LENGTH.thunk().unwrap());
    g.bench_function("string_concat/c_api", |b| {
        // SAFETY: `concat` is the thunk of `static string Concat(string, string)`.
        b.iter(|| unsafe { floor::string_string_to_string(concat, black_box("hello, "), black_box("world")) })
    });
    g.bench_function("string_concat/generated", |b| {
        b.iter(|| Calls::concat(Some(black_box("hello, ")), Some(black_box("world"))).unwrap())
    });
    g.bench_function("string_length/c_api", |b| {
        // SAFETY: `length` is the thunk of `static int Length(string)`.
        b.iter(|| unsafe { floor::string_to_i32(length, black_box("hello, world")) })
    });
    g.bench_function("string_length/generated", |b| {
        b.iter(|| Calls::length(Some(black_box("hello, world"))).unwrap())
    });

    // Full structs by value (by pointer through a trampoline; no boxing).
    let (va, vb) = (Vector3 { x: 1.0, y: 2.0, z: 3.0 }, Vector3 { x: 4.0, y: 5.0, z: 6.0 });
    let v3_add = V3_ADD.thunk().unwrap();
    g.bench_function("v3_add/bare_trampoline", |b| {
        // SAFETY: the trampoline of a static `T f(T, T)` on this float struct, arguments and result by pointer.
        b.iter(|| unsafe { floor::trampoline_binary(v3_add, black_box(&va), black_box(&vb)) })
    });
    g.bench_function("v3_add/generated", |b| {
        b.iter(|| Vector3::add(black_box(&va), black_box(&vb)).unwrap())
    });
    let (na, nb) = (
        numerics::Vector3 { x: 1.0, y: 2.0, z: 3.0 },
        numerics::Vector3 { x: 4.0, y: 5.0, z: 6.0 },
    );
    let numerics_v3_add = NUMERICS_V3_ADD.thunk().unwrap();
    g.bench_function("numerics_v3_add/bare_trampoline", |b| {
        // SAFETY: the trampoline of a static `T f(T, T)` on this float struct, arguments and result by pointer.
        b.iter(|| unsafe { floor::trampoline_binary(numerics_v3_add, black_box(&na), black_box(&nb)) })
    });
    g.bench_function("numerics_v3_add/generated", |b| {
        b.iter(|| numerics::Vector3::add(black_box(&na), black_box(&nb)).unwrap())
    });
    let (ma, mb) = (matrix(1.0), matrix(2.0));
    let m4_multiply = M4_MULTIPLY.thunk().unwrap();
    g.bench_function("m4x4_multiply/bare_trampoline", |b| {
        // SAFETY: the trampoline of a static `T f(T, T)` on this float struct, arguments and result by pointer.
        b.iter(|| unsafe { floor::trampoline_binary(m4_multiply, black_box(&ma), black_box(&mb)) })
    });
    g.bench_function("m4x4_multiply/generated", |b| {
        b.iter(|| Matrix4x4::multiply(black_box(&ma), black_box(&mb)).unwrap())
    });

    // Out parameters.
    let divmod = DIVMOD.thunk().unwrap();
    g.bench_function("divmod/bare_thunk", |b| {
        // SAFETY: `divmod` is the thunk of `static void DivMod(int, int, out int, out int)`.
        b.iter(|| unsafe { floor::i32_i32_out2(divmod, black_box(17), black_box(5)) })
    });
    g.bench_function("divmod/generated", |b| {
        b.iter(|| Calls::divmod(black_box(17), black_box(5)).unwrap())
    });

    // The error path: a call that throws (per call).
    let throw = THROW.thunk().unwrap();
    g.bench_function("throw/bare_thunk", |b| {
        // SAFETY: `throw` is the thunk of `static int Throw(string)`.
        b.iter(|| unsafe { floor::string_throws(throw, black_box("boom")) })
    });
    g.bench_function("throw/generated", |b| {
        b.iter(|| Calls::throw(Some(black_box("boom"))).unwrap_err())
    });
    g.finish();
    // SAFETY: a live handle made by the floor above, freed once.
    unsafe { floor::free_gchandle(adder_handle) };
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(30);
    targets = calls
}
criterion_main!(benches);
