//! Call overhead, each figure beside its floor in the same run:
//! raw-shim `Sum` vs the bare thunk pointer vs a plain Rust function; the reflective path vs
//! `mono_runtime_invoke` with boxed arguments; instance, virtual and interface calls beside
//! the C floor of an instance call through a handle (`mono_gchandle_get_target` + the bare
//! thunk); a full struct through a pointer trampoline. Boxing is in boxing.rs, handles in
//! handles.rs.

use std::hint::black_box;
use std::time::Duration;

use cilbind::{floor, invoke, In, MethodRef, Object, TypeRef, Value, RETURN_BY_POINTER};
use cilbind_benches::{setup, CALLS, V3, V3_TYPE};
use criterion::{criterion_group, criterion_main, Criterion};

static ADDER: TypeRef = TypeRef::new("Basics", "Fixtures", "Adder");
static IVALUE: TypeRef = TypeRef::new("Basics", "Fixtures", "IValue");
static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
static NEW_ADDER: MethodRef = MethodRef::new(&CALLS, "NewAdder", &[]);
static ADD_TO: MethodRef = MethodRef::new(&ADDER, "AddTo", &["System.Int32"]);
static VIRT: MethodRef = MethodRef::new(&ADDER, "Virt", &["System.Int32"]);
static GET: MethodRef = MethodRef::new(&IVALUE, "Get", &["System.Int32"]);
static V3_ADD: MethodRef = MethodRef::by_pointer(
    &V3_TYPE,
    "Add",
    &["Fixtures.V3", "Fixtures.V3"],
    0b11 | RETURN_BY_POINTER,
);

#[inline(never)]
fn rust_sum(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

fn calls(c: &mut Criterion) {
    setup();
    let sum = SUM.thunk().unwrap();
    let mut g = c.benchmark_group("call");
    g.bench_function("sum/rust_fn", |b| b.iter(|| rust_sum(black_box(1), black_box(2))));
    g.bench_function("sum/bare_thunk", |b| {
        b.iter(|| floor::bare_thunk_i32_i32(sum, black_box(1), black_box(2)))
    });
    g.bench_function("sum/raw_shim", |b| {
        b.iter(|| {
            SUM.thunk()
                .unwrap()
                .call::<_, i32>((black_box(1i32), black_box(2i32)))
                .unwrap()
        })
    });
    let method = sum.method();
    g.bench_function("sum/mono_runtime_invoke_boxed", |b| {
        b.iter(|| floor::runtime_invoke_boxed_i32_i32(method, black_box(1), black_box(2)).unwrap())
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
    let adder: Object = NEW_ADDER
        .thunk()
        .unwrap()
        .call::<_, Option<Object>>(())
        .unwrap()
        .unwrap();
    let adder_handle = floor::gchandle_for(&adder).unwrap();
    let add_to = ADD_TO.thunk().unwrap();
    g.bench_function("instance/bare_thunk_handle", |b| {
        b.iter(|| floor::bare_thunk_this_i32(add_to, black_box(adder_handle), black_box(1)))
    });
    g.bench_function("instance/raw_shim", |b| {
        b.iter(|| {
            ADD_TO
                .thunk()
                .unwrap()
                .call::<_, i32>((&adder, black_box(1i32)))
                .unwrap()
        })
    });
    g.bench_function("virtual/raw_shim", |b| {
        b.iter(|| VIRT.thunk().unwrap().call::<_, i32>((&adder, black_box(1i32))).unwrap())
    });
    g.bench_function("interface/raw_shim", |b| {
        b.iter(|| GET.thunk().unwrap().call::<_, i32>((&adder, black_box(1i32))).unwrap())
    });
    let (va, vb) = (V3 { x: 1.0, y: 2.0, z: 3.0 }, V3 { x: 4.0, y: 5.0, z: 6.0 });
    g.bench_function("v3_add/trampoline", |b| {
        b.iter(|| {
            V3_ADD
                .thunk()
                .unwrap()
                .call_sret::<_, V3>((In(black_box(&va)), In(black_box(&vb))))
                .unwrap()
        })
    });
    g.finish();
    floor::free_gchandle(adder_handle);
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(30);
    targets = calls
}
criterion_main!(benches);
