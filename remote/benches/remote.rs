//! A remote runtime over loopback (a `cilbind-serve` process with the Game fixture; the
//! backend `CILBIND_RUNTIME` names), each figure beside its floor in the same run:
//! - `call/binding`: `World.Count` through the generated binding (one batch of one call: the
//!   round trip, the session thread, the reflective call on the server, the encoding);
//! - `call/ping`: tarpc's own empty round trip on the same connection, the floor;
//! - `pipelined/set_name_x1000`: 1,000 void calls (`Entity.Name = …`) in
//!   `cilbind::remote::pipelined`, the batch sent at the end: divide by 1,000 for a call;
//! - `pipelined/ping_x1000`: 1,000 empty round trips, one after the other, for scale;
//! - `call_back/implementation`: `Arena.CallDamage(d, 1)`, whose C# calls `d.Damage` on a Rust
//!   implementation of `IDamageable` in this client (the call's request, then the member's
//!   invocation and its answer: two round trips);
//! - `call_back/closure`: `Hub.Apply(f, 1, 2)`, whose C# calls the delegate of a Rust closure
//!   in this client (the same two round trips), beside `call/ping`.

use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use cilbind::native::NativeResult;
use cilbind::remote::pipelined;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use managed_tests::events::ev::{Combine, Hub};
use managed_tests::game::game::{Vector3, World};
use managed_tests::game::FUNCTIONS;
use managed_tests::implement::r#impl::{Arena, IDamageable, IDamageableImpl};

const TOKEN: &str = "bench-token";

/// A Rust implementation whose member does nothing but answer.
struct Dummy;

impl IDamageableImpl for Dummy {
    fn damage(&self, amount: i32) -> NativeResult<i32> {
        Ok(amount)
    }
    fn name(&self) -> NativeResult<Option<String>> {
        Ok(None)
    }
}

fn remote(c: &mut Criterion) {
    let mut server = Command::new(env!("CARGO_BIN_EXE_cilbind-serve"))
        .args(["--listen", "127.0.0.1:0"])
        .arg(managed_tests::fixture_path("Game"))
        .arg(managed_tests::fixture_path("Implement"))
        .arg(managed_tests::fixture_path("Events"))
        .env("CILBIND_TOKEN", TOKEN)
        .stdout(Stdio::piped())
        .spawn()
        .expect("cilbind-serve starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix("listening on ")
        .expect("its address")
        .parse()
        .unwrap();
    let tables = [
        FUNCTIONS,
        managed_tests::implement::FUNCTIONS,
        managed_tests::events::FUNCTIONS,
    ];
    let connection = cilbind_remote::connect(addr, TOKEN, &tables).unwrap();
    let world = World::new().unwrap();
    let player = world
        .spawn_player("Bench", &Vector3 { x: 0.0, y: 0.0, z: 0.0 })
        .unwrap()
        .unwrap();

    let mut group = c.benchmark_group("call");
    group.bench_function("binding", |b| b.iter(|| black_box(world.count().unwrap())));
    group.bench_function("ping", |b| b.iter(|| connection.ping().unwrap()));
    group.finish();

    let mut group = c.benchmark_group("pipelined");
    group.throughput(Throughput::Elements(1000));
    group.bench_function("set_name_x1000", |b| {
        b.iter(|| {
            pipelined(|| {
                for _ in 0..1000 {
                    player.set_name("Bench")?;
                }
                Ok(())
            })
            .unwrap()
        })
    });
    group.bench_function("ping_x1000", |b| {
        b.iter(|| {
            for _ in 0..1000 {
                connection.ping().unwrap();
            }
        })
    });
    group.finish();
    let implementation = IDamageable::implement(Dummy).unwrap();
    let closure = Combine::from_fn(|a: i32, b: i32| Ok(a + b)).unwrap();
    let mut group = c.benchmark_group("call_back");
    group.bench_function("implementation", |b| {
        b.iter(|| black_box(Arena::call_damage(Some(&implementation), 1).unwrap()))
    });
    group.bench_function("closure", |b| {
        b.iter(|| black_box(Hub::apply(Some(&closure), 1, 2).unwrap()))
    });
    group.finish();
    drop((implementation, closure));
    let _ = server.kill();
    let _ = server.wait();
}

criterion_group!(benches, remote);
criterion_main!(benches);
