//! Boxing to an `Object` handle and dropping it, and checked unboxing, for Int32, an enum
//! (`Fixtures.Team : byte`) and a full struct (`Fixtures.V3`), each beside its floor: the same
//! work with Mono's C API (`mono_value_box` + `mono_gchandle_new` + `mono_gchandle_free`;
//! `mono_gchandle_get_target` + `mono_object_unbox` + a copy).

use std::hint::black_box;
use std::time::Duration;

use cilbind::{floor, Blittable, BoxAs, Int32, Object, Unbox};
use cilbind_benches::{setup, BoxObject, Team, V3};
use criterion::{criterion_group, criterion_main, Criterion};

fn pair<V: Blittable + BoxAs<Object> + Unbox>(c: &mut Criterion, name: &str, value: V) {
    let class = V::class().unwrap();
    let mut g = c.benchmark_group("box");
    g.bench_function(format!("{name}_box_drop/c_api"), |b| {
        // SAFETY: `class` is the value type whose size is `V`'s.
        b.iter(|| unsafe { floor::box_and_release(class, black_box(&value)) })
    });
    g.bench_function(format!("{name}_box_drop/cilbind"), |b| {
        b.iter(|| drop(black_box(&value).box_to().unwrap()))
    });
    let boxed = value.box_as_object();
    let h = floor::gchandle_for(&boxed).unwrap();
    g.bench_function(format!("{name}_unbox/c_api"), |b| {
        // SAFETY: the handle holds a box of `V`.
        b.iter(|| unsafe { floor::unbox_copy::<V>(black_box(h)) })
    });
    g.bench_function(format!("{name}_unbox/cilbind"), |b| {
        b.iter(|| black_box(&boxed).unbox::<V>().unwrap())
    });
    // SAFETY: a live handle made by the floor above, freed once.
    unsafe { floor::free_gchandle(h) };
    g.finish();
}

fn boxing(c: &mut Criterion) {
    setup();
    pair(c, "int32", Int32(7));
    pair(c, "team", Team(2));
    pair(c, "v3", V3 { x: 1.0, y: 2.0, z: 3.0 });
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_secs(1)).sample_size(30);
    targets = boxing
}
criterion_main!(benches);
