//! The Game fixture's generated bindings, unchanged, driving a runtime in another process
//! over a loopback connection: objects, strings, full structs, exceptions, pipelining, what
//! is refused, and a server that restarts. One test: a process is the client of one
//! connection at a time.

mod common;

use cilbind::remote::{self, pipelined};
use cilbind::{Boxing, Error, Reference};
use common::{ServerProcess, TOKEN};
use managed_tests::game::game::*;
use managed_tests::game::FUNCTIONS;

fn v(x: f32, y: f32, z: f32) -> Vector3 {
    Vector3 { x, y, z }
}

#[test]
fn generated_bindings_run_on_a_remote_runtime() -> cilbind::Result<()> {
    let generics = managed_tests::fixture_path("Generics");
    let nullables = managed_tests::fixture_path("Nullables");
    let mut server = ServerProcess::start_with(&[generics.to_str().unwrap(), nullables.to_str().unwrap()]);
    let addr = server.addr;
    let token = TOKEN;
    // README: begin
    // Once per process: the server checks the bindings' table against its assemblies.
    let connection = cilbind_remote::connect(addr, token, &[FUNCTIONS])?;
    // Then the generated bindings, unchanged: each call runs in the server's runtime.
    let world = World::new()?;
    let player = world.spawn_player("Ada", &v(1.0, 0.0, 0.0))?.expect("a player");
    assert_eq!(player.describe()?.as_deref(), Some("Player Ada"));
    // README: end
    assert!(remote::connected());
    // A bindings' `init()` after connect has the server check its table; one whose assembly
    // the server has not loaded is refused with the list.
    managed_tests::game::init().unwrap();
    match managed_tests::basics::init() {
        Err(Error::FunctionsMismatch { missing, .. }) => assert!(!missing.is_empty()),
        other => panic!("Basics.dll is not on the server: {other:?}"),
    }
    let runtime = std::env::var("CILBIND_RUNTIME").unwrap_or_default();
    assert_eq!(
        connection.runtime(),
        if runtime.is_empty() { "mono" } else { runtime.as_str() }
    );

    // Objects: constructors, calls with `this`, virtual dispatch, objects as arguments.
    let monster = world.spawn_monster("Orc", 3).unwrap().unwrap();
    assert_eq!(world.count().unwrap(), 2);
    let entity: &Entity = &player;
    assert_eq!(entity.describe().unwrap().as_deref(), Some("Player Ada"));
    assert_eq!(entity.speed().unwrap(), 5);
    assert_eq!(monster.describe().unwrap().as_deref(), Some("Monster Orc (armor 3)"));
    player.set_name("Grace").unwrap();
    assert_eq!(INamedExt::name(&player).unwrap().as_deref(), Some("Grace"));
    assert_eq!(
        World::who(Some(&monster)).unwrap().as_deref(),
        Some("Monster Orc (armor 3)")
    );
    monster.damage(10).unwrap();
    assert_eq!(IDamageableExt::health(&monster).unwrap(), 93);
    // The runtime's own bindings of System.Object go to the server too.
    assert_eq!(player.as_object().to_string().unwrap().as_deref(), Some("Game.Player"));
    assert!(player.as_object().equals(Some(player.as_object())).unwrap());
    let again = world.item(1).unwrap().unwrap();
    assert_eq!(again.describe().unwrap().as_deref(), Some("Monster Orc (armor 3)"));
    // Two handles the server gave for the same object: the same object there.
    assert!(again.as_object().reference_equals(monster.as_object()).unwrap());
    assert!(!again.as_object().reference_equals(player.as_object()).unwrap());

    // Full structs both ways, enums and flags as their underlying values.
    let packet = Packet::from_int(5).unwrap();
    // SAFETY: the union's fields are plain integers.
    let whole = unsafe { packet.whole };
    assert_eq!(whole & 0xffff, 5);
    assert_eq!(Packet::checksum(&packet).unwrap(), whole + 7 + 9);
    let header = World::make_header(3, 1000).unwrap();
    assert_eq!((header.tag, { header.length }, header.compressed), (3, 1000, 1));
    player.r#move(&v(1.0, 2.0, 3.0)).unwrap();
    let flags = World::toggle(EntityFlags::ALIVE, EntityFlags::from_bits_retain(0x100)).unwrap();
    assert_eq!(flags.bits(), 0x101);

    // By-ref arguments are written back: `ref int`, `out string`, a struct's `this`.
    let mut amount = 5;
    let before = IDamageableExt::health(&player).unwrap();
    player.heal(&mut amount).unwrap();
    assert_eq!((amount, IDamageableExt::health(&player).unwrap()), (0, before + 5));
    assert_eq!(player.try_get_tag().unwrap(), (true, Some(format!("Grace#{}", 1))));
    let mut scaled = v(1.0, 2.0, 3.0);
    scaled.scale(2.0).unwrap();
    assert_eq!(scaled, v(2.0, 4.0, 6.0));
    let mut unit = v(3.0, 0.0, 4.0);
    Vector3::normalize(&mut unit).unwrap();
    assert_eq!(unit, v(0.6, 0.0, 0.8));

    // A managed exception arrives as itself.
    monster.damage(1000).unwrap();
    match monster.damage(1) {
        Err(Error::ManagedException { type_name, message, .. }) => {
            assert_eq!(type_name, "System.InvalidOperationException");
            assert_eq!(message, "Orc is already dead");
        }
        other => panic!("expected the server's exception, got {other:?}"),
    }

    // Pipelined void calls: sent without waiting, run in order, their failure reported.
    pipelined(|| {
        for i in 0..500 {
            player.set_name(format!("P{i}"))?;
        }
        Ok(())
    })
    .unwrap();
    assert_eq!(player.name().unwrap().as_deref(), Some("P499"));
    let failed = pipelined(|| {
        player.set_name("before")?;
        monster.damage(1)?; // throws on the server: Orc is dead
        player.set_name("after")?;
        Ok(())
    });
    match failed {
        Err(Error::PipelinedCallFailed {
            index, skipped, source, ..
        }) => {
            assert_eq!((index, skipped), (1, 1));
            assert!(matches!(*source, Error::ManagedException { .. }), "{source:?}");
        }
        other => panic!("expected the pipelined call's failure, got {other:?}"),
    }
    assert_eq!(
        player.name().unwrap().as_deref(),
        Some("before"),
        "the call after the failure did not run"
    );

    // Fields: instance and static, primitives, enums, structs, strings; a static field after
    // its type initializer ran on the server.
    player.set_score(42).unwrap();
    assert_eq!(player.score().unwrap(), 42);
    player.set_position(v(7.0, 8.0, 9.0)).unwrap();
    assert_eq!(player.position().unwrap(), v(7.0, 8.0, 9.0));
    assert_eq!(player.flags().unwrap(), EntityFlags::ALIVE | EntityFlags::VISIBLE);
    assert_eq!(Entity::spawned().unwrap(), 2);
    assert_eq!(World::title().unwrap().as_deref(), Some("Arena"));
    World::set_title("Remote arena").unwrap();
    assert_eq!(World::title().unwrap().as_deref(), Some("Remote arena"));

    // Boxing is explicit there too: the box is made on the server, and read back there.
    let team = Team::BLUE.box_as::<cilbind::Object>().unwrap();
    assert_eq!(World::kind(Some(&team)).unwrap().as_deref(), Some("Team"));
    assert_eq!(team.type_name().unwrap(), "Game.Team");
    assert_eq!(team.unbox::<Team>().unwrap(), Team::BLUE);
    assert_eq!(
        team.unbox::<cilbind::Byte>().unwrap().0,
        2,
        "an enum's box reads as its underlying type"
    );
    match team.unbox::<cilbind::Int32>() {
        Err(Error::InvalidCast { from, to }) => assert_eq!((from.as_str(), to.as_str()), ("Game.Team", "System.Int32")),
        other => panic!("a Team's box is no Int32: {other:?}"),
    }
    let score = cilbind::Int32(-7).box_as::<cilbind::Object>().unwrap();
    assert_eq!(score.to_string().unwrap().as_deref(), Some("-7"));
    assert_eq!(score.unbox::<i32>().unwrap(), -7);
    let flags = (EntityFlags::ALIVE | EntityFlags::SOLID)
        .box_as::<cilbind::Enum>()
        .unwrap();
    assert_eq!(flags.as_object().to_string().unwrap().as_deref(), Some("Alive, Solid"));
    let boxed = v(1.0, 2.5, 3.0).box_as::<cilbind::Object>().unwrap();
    assert_eq!(boxed.to_string().unwrap().as_deref(), Some("(1, 2.5, 3)"));
    assert_eq!(boxed.unbox::<Vector3>().unwrap(), v(1.0, 2.5, 3.0));
    drop((team, score, flags, boxed));

    // A managed struct (it refers to an object) by handle: its box stays on the server; an
    // `out` one is written there, its fields and methods read there, a clone is a copy.
    let (hit, info) = world.raycast(&v(0.0, 0.0, 0.0), &v(1.0, 0.0, 0.0)).unwrap();
    assert!(hit);
    assert_eq!(
        info.collider().unwrap().unwrap().describe().unwrap().as_deref(),
        Some("Player before")
    );
    assert_eq!(info.label().unwrap().as_deref(), Some("before"));
    let distance = info.distance().unwrap();
    assert_eq!(info.score().unwrap(), distance * 2.0);
    let copy = info.clone();
    info.set_distance(1.5).unwrap();
    assert_eq!(
        (info.distance().unwrap(), copy.distance().unwrap()),
        (1.5, distance),
        "value semantics"
    );
    assert_eq!(
        world.last_hit().unwrap().distance().unwrap(),
        distance,
        "the field holds its own copy"
    );
    world.set_last_hit(&info).unwrap();
    assert_eq!(world.last_hit().unwrap().distance().unwrap(), 1.5);
    assert_eq!(RaycastHit::default_value().unwrap().label().unwrap(), None);
    let boxed = info.box_as::<cilbind::Object>().unwrap();
    assert_eq!(World::kind(Some(&boxed)).unwrap().as_deref(), Some("RaycastHit"));
    drop(boxed);
    drop((info, copy));

    // Generic types' members and generic methods, instantiated on the server from the names
    // of the Rust type arguments.
    {
        use managed_tests::generics::generics::Make;
        use managed_tests::generics::system::collections::generic::List;
        let ids = world.ids().unwrap().expect("a List<int>");
        assert_eq!(ids.count().unwrap(), 2);
        ids.add(77).unwrap();
        assert_eq!(ids.item(2).unwrap(), 77);
        let made = List::<i32>::new().unwrap();
        made.add(5).unwrap();
        assert_eq!(made.count().unwrap(), 1);
        assert_eq!(Make::echo::<i32>(41).unwrap(), 41);
        assert_eq!(Make::echo::<Team>(Team::BLUE).unwrap(), Team::BLUE);
        assert_eq!(Make::name_of::<Player>().unwrap().as_deref(), Some("Game.Player"));
        let pair = Make::list_of::<Entity>(Some(&player), Some(&monster)).unwrap().unwrap();
        assert_eq!(pair.count().unwrap(), 2);
        let second = pair.item(1).unwrap().expect("the monster");
        assert_eq!(second.describe().unwrap().as_deref(), Some("Monster Orc (armor 3)"));
        let doubler = Make::doubler().unwrap().expect("a Mapper<int, int>");
        let doubled = Make::apply_twice(Some(&doubler), 3).unwrap();
        assert_eq!(doubled, 12);
    }

    // `Nullable` values: null, or the value's bytes, which the server boxes as C# does.
    {
        use managed_tests::nullables::nulls::Maybe;
        assert_eq!(Maybe::twice(Some(21)).unwrap(), Some(42));
        assert_eq!(Maybe::twice(None).unwrap(), None);
        assert_eq!(Maybe::or(None, 7).unwrap(), 7);
        assert_eq!(Maybe::half(Some(3.0)).unwrap(), Some(1.5));
        assert_eq!(Maybe::not(Some(true)).unwrap(), Some(false));
        assert_eq!(Maybe::null_if_negative(-1).unwrap(), None);
        use managed_tests::nullables::nulls::{Color, Pt, Tagged};
        // `ref`/`out` Nullable arguments: sent as by value, written back by the server.
        let mut x = Some(41);
        Maybe::bump(&mut x).unwrap();
        assert_eq!(x, Some(42));
        let mut none: Option<i32> = None;
        Maybe::bump(&mut none).unwrap();
        assert_eq!(none, None);
        let mut d = Some(2.5);
        Maybe::clear(&mut d).unwrap();
        assert_eq!(d, None);
        assert_eq!(Maybe::parse("13").unwrap(), (true, Some(13), Some(Color(5))));
        assert_eq!(Maybe::parse("x").unwrap(), (false, None, None));
        managed_tests::check_nullable_mirror();
        assert_eq!(
            Maybe::describe(Some(1), None, Some(Color::RED), Some(Pt { x: 1.5, y: 2.0 }))
                .unwrap()
                .as_deref(),
            Some("1|-|Red|1.5,2")
        );
        // A Nullable field of a managed struct the server holds.
        let tagged = Tagged::default_value().unwrap();
        tagged.set_id(Some(5)).unwrap();
        assert_eq!(tagged.id().unwrap(), Some(5));
        tagged.set_id(None).unwrap();
        assert_eq!(tagged.id().unwrap(), None);
    }

    // What needs a local runtime is refused at the call, saying why.
    assert!(matches!(cilbind::Runtime::get(), Err(Error::Startup(_))));
    // Arrays of values cross by their bytes: made on the server for an argument, read back
    // from a result; arrays of objects element by element.
    assert_eq!(Vector3::sum(Some(&[v(1.0, 2.0, 3.0), v(0.5, 0.0, 0.0)])).unwrap(), 6.5);
    assert_eq!(Vector3::sum(Some(&[])).unwrap(), 0.0);
    assert_eq!(
        Vector3::line(3).unwrap().unwrap(),
        vec![v(0.0, 0.0, 0.0), v(1.0, 2.0, 3.0), v(2.0, 4.0, 6.0)]
    );
    {
        let all = world.all().unwrap().unwrap();
        assert_eq!(all.len().unwrap(), 2);
        let second = all.get(1).unwrap().unwrap();
        assert_eq!(second.describe().unwrap().as_deref(), Some("Monster Orc (armor 3)"));
        assert_eq!(all.to_vec().unwrap().len(), 2);
        assert!(all.get(2).is_err(), "out of range");
        let squares = World::range(4).unwrap().unwrap();
        assert_eq!(squares, vec![0, 1, 4, 9]);
    }

    // Calls by function ID, with `Value`s: the ID the generator gave the method.
    let id = cilbind::FunctionId::of_signature("[Game]Game.Entity::Heal(System.Int32&)->System.Void");
    let mut args = [cilbind::Value::Int32(3)];
    let before = IDamageableExt::health(&player).unwrap();
    cilbind::call_by_id(id, Some(player.as_object()), &mut args).unwrap();
    assert!(
        matches!(args[0], cilbind::Value::Int32(0)),
        "written back: {:?}",
        args[0]
    );
    assert_eq!(IDamageableExt::health(&player).unwrap(), before + 3);
    let spawn =
        cilbind::FunctionId::of_signature("[Game]Game.World::SpawnMonster(System.String,System.Int32)->Game.Monster");
    let mut args = [cilbind::Value::String("Imp".into()), cilbind::Value::Int32(1)];
    let imp = match cilbind::call_by_id(spawn, Some(world.as_object()), &mut args).unwrap() {
        cilbind::Value::Object(o) => o,
        other => panic!("an object, not {other:?}"),
    };
    let describe = cilbind::FunctionId::of_signature("[Game]Game.Monster::Describe()->System.String");
    assert!(matches!(cilbind::call_by_id(describe, Some(&imp), &mut []).unwrap(),
        cilbind::Value::String(ref s) if s == "Monster Imp (armor 1)"));
    drop(imp);
    remote::flush().unwrap();

    // Handles: each client handle is one on the server, released when dropped.
    let held = connection.stats().unwrap().client_handles;
    let extra = world.item(0).unwrap().unwrap();
    let copy = extra.as_object().try_clone().unwrap();
    assert_eq!(connection.stats().unwrap().client_handles, held + 1);
    drop(extra);
    world.count().unwrap(); // carries the release, which waits for the last handle
    assert_eq!(connection.stats().unwrap().client_handles, held + 1);
    drop(copy);
    world.count().unwrap();
    assert_eq!(connection.stats().unwrap().client_handles, held);

    // The server restarts: the next call is Disconnected; a new connection has fresh handles.
    server.kill();
    assert!(
        matches!(world.count(), Err(Error::Disconnected(_))),
        "a call to a dead server"
    );
    let server = ServerProcess::start();
    let connection = cilbind_remote::connect(server.addr, TOKEN, &[FUNCTIONS]).unwrap();
    assert!(
        matches!(world.count(), Err(Error::StaleHandle)),
        "a handle of the old connection"
    );
    let fresh = World::new().unwrap();
    assert_eq!(fresh.count().unwrap(), 0);
    drop((player, monster, again, world, fresh));
    remote::flush().unwrap(); // sends the releases queued since the last call
    assert_eq!(connection.stats().unwrap().client_handles, 0);
    assert_eq!(remote::live_handles(), 0);
    Ok(())
}
