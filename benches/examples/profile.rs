use cilbind::{Boxing, Int32, MethodRef, Object, TypeRef};
use std::hint::black_box;
static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
static ADDER: TypeRef = TypeRef::new("Basics", "Fixtures", "Adder");
static NEW_ADDER: MethodRef = MethodRef::new(&CALLS, "NewAdder", &[]);
static ADD_TO: MethodRef = MethodRef::new(&ADDER, "AddTo", &["System.Int32"]);

#[inline(never)]
fn instance_loop(adder: &Object, n: usize) -> i64 {
    let mut s = 0i64;
    for _ in 0..n {
        s += ADD_TO
            .thunk()
            .unwrap()
            .call::<_, i32>((adder, black_box(1i32)))
            .unwrap() as i64;
    }
    s
}
#[inline(never)]
fn box_loop(n: usize) {
    for _ in 0..n {
        drop(black_box(Int32(7)).box_as::<Object>().unwrap());
    }
}
#[inline(never)]
fn unbox_loop(o: &Object, n: usize) -> i64 {
    let mut s = 0i64;
    for _ in 0..n {
        s += black_box(o).unbox::<Int32>().unwrap().0 as i64;
    }
    s
}

fn main() {
    managed_tests::load_fixture("Basics");
    let adder: Object = NEW_ADDER
        .thunk()
        .unwrap()
        .call::<_, Option<Object>>(())
        .unwrap()
        .unwrap();
    let n = 100_000;
    let mode = std::env::args().nth(1).unwrap_or_default();
    let boxed = Int32(7).box_as::<Object>().unwrap();
    match mode.as_str() {
        "instance" => println!("{}", instance_loop(&adder, n)),
        "box" => box_loop(n),
        "boxfloor" => {
            let c = <Int32 as cilbind::ManagedType>::class().unwrap();
            for _ in 0..n {
                cilbind::floor::box_and_release(c, black_box(&7i32));
            }
        }
        "unbox" => println!("{}", unbox_loop(&boxed, n)),
        "time" => {
            let n = 2_000_000;
            for _ in 0..5 {
                let t = std::time::Instant::now();
                instance_loop(&adder, n);
                let a = t.elapsed().as_secs_f64() * 1e9 / n as f64;
                let t = std::time::Instant::now();
                unbox_loop(&boxed, n);
                let b = t.elapsed().as_secs_f64() * 1e9 / n as f64;
                let t = std::time::Instant::now();
                box_loop(n);
                let c = t.elapsed().as_secs_f64() * 1e9 / n as f64;
                let h = cilbind::floor::gchandle_for(&adder).unwrap();
                let th = ADD_TO.thunk().unwrap();
                let t = std::time::Instant::now();
                let mut s = 0;
                for _ in 0..n {
                    s += cilbind::floor::bare_thunk_this_i32(th, black_box(h), black_box(1));
                }
                black_box(s);
                let d = t.elapsed().as_secs_f64() * 1e9 / n as f64;
                let t = std::time::Instant::now();
                for _ in 0..n {
                    black_box(cilbind::floor::gchandle_target(black_box(h)));
                }
                let e = t.elapsed().as_secs_f64() * 1e9 / n as f64;
                let ic = <Int32 as cilbind::ManagedType>::class().unwrap();
                let t = std::time::Instant::now();
                for _ in 0..n {
                    cilbind::floor::box_and_release(ic, black_box(&7i32));
                }
                let f = t.elapsed().as_secs_f64() * 1e9 / n as f64;
                println!(
                    "instance {a:.1} unbox {b:.1} box {c:.1} floor_instance {d:.1} get_target {e:.1} floor_box {f:.1}"
                );
            }
        }
        _ => {}
    }
}
