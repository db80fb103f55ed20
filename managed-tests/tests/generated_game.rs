//! Compile-and-run tests of the bindings generated (at build time, by managed-tests/build.rs)
//! for `fixtures/Game.cs`: every kind of type and member the generator emits, against Mono.

use cilbind::{Boxing, Error, Object, ObjectStore, Reference};
use managed_tests::game::game::*;
use managed_tests::game::{check_layouts, init};

/// Loads the bindings. The guard keeps this file's tests one at a time: one of them counts
/// the process's live handles (`ObjectStore::live`), which a test creating objects on another
/// thread would change in between.
fn setup() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let guard = SERIAL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    managed_tests::start_with(init);
    guard
}

fn v(x: f32, y: f32, z: f32) -> Vector3 {
    Vector3 { x, y, z }
}

#[test]
fn layouts_are_checked_against_mono() {
    let _serial = setup();
    check_layouts().unwrap();
    assert_eq!(Vector3::MANAGED_SIZE, 12);
    assert_eq!(Packet::MANAGED_SIZE, 8);
    assert_eq!(Header::MANAGED_SIZE, 8, "Pack=1: byte, int, bool, char = 1 + 4 + 1 + 2");
    assert_eq!(std::mem::offset_of!(Header, length), 1);
}

#[test]
fn full_structs_cross_by_value_without_boxing() {
    let _serial = setup();
    let a = Vector3::new(1.0, 2.0, 3.0).unwrap();
    assert_eq!(a, v(1.0, 2.0, 3.0));
    let b = v(4.0, 5.0, 6.0);
    assert_eq!(Vector3::add(&a, &b).unwrap(), v(5.0, 7.0, 9.0));
    assert_eq!(
        Vector3::cross(&v(1.0, 0.0, 0.0), &v(0.0, 1.0, 0.0)).unwrap(),
        v(0.0, 0.0, 1.0)
    );
    // Dot only reads `this` (`&self`); Scale writes its fields (`&mut self`).
    assert_eq!(a.dot(&b).unwrap(), 32.0);
    let mut m = a;
    m.scale(2.0).unwrap();
    assert_eq!(m, v(2.0, 4.0, 6.0), "an instance method mutates the Rust value");
    assert_eq!(v(3.0, 4.0, 0.0).length().unwrap(), 5.0, "a property getter");
    let mut n = v(0.0, 3.0, 4.0);
    Vector3::normalize(&mut n).unwrap();
    assert_eq!(n, v(0.0, 0.6, 0.8), "ref struct");
    assert!(v(1.0, 1.0, 1.0).equals(&v(1.0, 1.0, 1.0)).unwrap());
    // The bound method (it only reads: `&self`) is `to_string_net` and returns the .NET
    // string (or null); it hides nothing: `Display` prints it, and `to_string` is Rust's.
    assert_eq!(
        v(1.5, 2.0, -3.0).to_string_net().unwrap().as_deref(),
        Some("(1.5, 2, -3)")
    );
    assert_eq!(v(1.5, 2.0, -3.0).to_string(), "(1.5, 2, -3)");
    assert_eq!(format!("{:>14}", v(1.5, 2.0, -3.0)), "  (1.5, 2, -3)");
    // Static fields and consts.
    assert_eq!(Vector3::zero().unwrap(), v(0.0, 0.0, 0.0));
    assert_eq!(Vector3::up().unwrap(), v(0.0, 1.0, 0.0));
    assert_eq!(Vector3::EPSILON, 1e-5);
    // Arrays of full structs are copied to and from slices.
    assert_eq!(Vector3::sum(Some(&[v(1.0, 2.0, 3.0), v(4.0, 5.0, 6.0)])).unwrap(), 21.0);
    assert_eq!(
        Vector3::line(3).unwrap().unwrap(),
        vec![v(0.0, 0.0, 0.0), v(1.0, 2.0, 3.0), v(2.0, 4.0, 6.0)]
    );
}

#[test]
fn explicit_and_packed_layouts_match() {
    let _serial = setup();
    let p = Packet::from_int(0x1234).unwrap();
    // SAFETY-free reads: the union's fields are plain integers.
    let whole = unsafe { p.whole };
    assert_eq!(whole & 0xffff, 0x1234);
    assert_eq!(Packet::checksum(&p).unwrap(), whole + 7 + 9);
    let h = World::make_header(3, 1000).unwrap();
    assert_eq!(
        (h.tag, { h.length }, h.compressed, h.marker),
        (3, 1000, 1, u16::from(b'Z'))
    );
}

#[test]
fn enums_of_every_underlying_type_round_trip() {
    let _serial = setup();
    assert_eq!(World::deeper(Layer::WATER).unwrap(), Layer(-5));
    assert_eq!(
        World::deeper(Layer(i16::MIN + 1)).unwrap(),
        Layer(i16::MIN),
        "values that are not members stay representable"
    );
    assert_eq!(Team::BLUE.0, 2u8);
    assert_eq!(Score::MAX.0, u32::MAX);
    assert_eq!(Tick::START.0, i64::MIN);
    assert_eq!(Wide::TOP.0, u64::MAX);
    assert_eq!(Small::LOW.0, -128i8);
    assert_eq!(Half::HIGH.0, 65535u16);
    let f = World::toggle(EntityFlags::ALIVE, EntityFlags::from_bits_retain(0x100)).unwrap();
    assert_eq!(f.bits(), 0x101, "unknown flag bits are kept");
    assert!(f.contains(EntityFlags::ALIVE));
    // Boxing an enum, explicitly, to Object and to Enum; unboxing to itself and its underlying type.
    let boxed = Team::RED.box_as::<Object>().unwrap();
    assert_eq!(boxed.type_name().unwrap(), "Game.Team");
    assert_eq!(boxed.unbox::<Team>().unwrap(), Team::RED);
    assert_eq!(boxed.unbox::<cilbind::Byte>().unwrap(), cilbind::Byte(1));
    assert!(matches!(boxed.unbox::<Layer>(), Err(Error::InvalidCast { .. })));
    let as_enum = EntityFlags::SOLID.box_as::<cilbind::Enum>().unwrap();
    assert_eq!(as_enum.as_object().to_string().unwrap().as_deref(), Some("Solid"));
}

#[test]
fn classes_dispatch_virtually_and_upcast_without_allocating() {
    let _serial = setup();
    let world = World::new().unwrap();
    let player = world.spawn_player("Ada", &v(1.0, 0.0, 0.0)).unwrap().unwrap();
    let monster = world.spawn_monster("Orc", 3).unwrap().unwrap();
    assert_eq!(world.count().unwrap(), 2);
    // Virtual dispatch through the base class's binding.
    let entity: &Entity = &player;
    assert_eq!(entity.describe().unwrap().as_deref(), Some("Player Ada"));
    assert_eq!(entity.speed().unwrap(), 5);
    assert_eq!(monster.speed().unwrap(), 1);
    let e0 = world.item(1).unwrap().unwrap();
    assert_eq!(e0.describe().unwrap().as_deref(), Some("Monster Orc (armor 3)"));
    // Properties, including through an interface's extension trait.
    assert_eq!(player.name().unwrap().as_deref(), Some("Ada"));
    player.set_name("Grace").unwrap();
    assert_eq!(INamedExt::name(&player).unwrap().as_deref(), Some("Grace"));
    assert_eq!(IDamageableExt::health(&monster).unwrap(), 100);
    // Upcasts: a field access (Deref) or a move, never a new handle.
    let before = ObjectStore::live();
    let as_entity: Entity = player.clone().into();
    assert_eq!(ObjectStore::live(), before + 1, "only the clone made a handle");
    let as_named: INamed = as_entity.into();
    assert_eq!(INamedExt::name(&as_named).unwrap().as_deref(), Some("Grace"));
    assert_eq!(ObjectStore::live(), before + 1);
    // Checked downcasts.
    let back: Player = as_named.as_object().cast::<Player>().unwrap();
    assert_eq!(back.score().unwrap(), 0);
    assert!(matches!(
        back.as_object().cast::<Monster>(),
        Err(Error::InvalidCast { .. })
    ));
    // Interface parameter takes anything that implements it.
    assert_eq!(World::describe(Some(&monster)).unwrap().as_deref(), Some("health 100"));
    // Instance fields, enums and full structs in fields.
    assert_eq!(player.team().unwrap(), Team::BLUE);
    assert_eq!(monster.team().unwrap(), Team::RED);
    player.r#move(&v(0.0, 2.0, 0.0)).unwrap();
    assert_eq!(player.position().unwrap(), v(1.0, 2.0, 0.0));
    assert!(player
        .flags()
        .unwrap()
        .contains(EntityFlags::ALIVE | EntityFlags::VISIBLE));
    assert_eq!(player.inventory().unwrap().unwrap(), vec![1, 2, 3]);
    player.set_inventory(Some(&[9, 8])).unwrap();
    assert_eq!(player.inventory().unwrap().unwrap(), vec![9, 8]);
    // Static fields and consts.
    assert!(Entity::spawned().unwrap() >= 2);
    assert_eq!(World::MAX_ENTITIES, 64);
    assert_eq!(World::VERSION, "1.0");
    World::set_title("Dungeon").unwrap();
    assert_eq!(World::title().unwrap().as_deref(), Some("Dungeon"));
}

#[test]
fn out_ref_strings_arrays_and_exceptions() {
    let _serial = setup();
    let world = World::new().unwrap();
    let p = world.spawn_player("Lin", &v(0.0, 0.0, 0.0)).unwrap().unwrap();
    let (ok, tag) = p.try_get_tag().unwrap();
    assert!(ok);
    assert!(tag.unwrap().starts_with("Lin#"));
    let mut amount = 25;
    p.heal(&mut amount).unwrap();
    assert_eq!((amount, p.health().unwrap()), (0, 125));
    assert_eq!(
        World::join(
            Some(&cilbind::ObjectArray::from_items(&[]).unwrap()),
            cilbind::Char(b',' as u16)
        )
        .unwrap()
        .as_deref(),
        Some("")
    );
    assert_eq!(World::average(Some(&[1.0, 2.0, 6.0])).unwrap(), 3.0);
    assert_eq!(World::range(4).unwrap().unwrap(), vec![0, 1, 4, 9]);
    assert_eq!(World::count_letters("héllo").unwrap(), 5);
    let all = world.all().unwrap().unwrap();
    assert_eq!(all.len().unwrap(), 1);
    assert_eq!(
        all.get(0).unwrap().unwrap().describe().unwrap().as_deref(),
        Some("Player Lin")
    );
    // An exception is an error value with the managed type and message.
    p.damage(1000).unwrap();
    assert!(!p.is_alive().unwrap());
    assert!(!p.flags().unwrap().contains(EntityFlags::ALIVE));
    match p.damage(1) {
        Err(Error::ManagedException { type_name, message, .. }) => {
            assert_eq!(type_name, "System.InvalidOperationException");
            assert_eq!(message, "Lin is already dead");
        }
        other => panic!("expected an exception, got {other:?}"),
    }
    // Closed generic instantiations used by signatures are typed handles.
    let ids: managed_tests::game::system::collections::generic::List<i32> = world.ids().unwrap().unwrap();
    assert_eq!(
        ids.as_object().type_name().unwrap(),
        "System.Collections.Generic.List<System.Int32>"
    );
    assert!(ids
        .as_object()
        .is_instance_of(
            <managed_tests::game::system::collections::generic::List<i32> as cilbind::ManagedType>::class().unwrap()
        )
        .unwrap());
    // ...with the members of the closed instantiation, type arguments substituted.
    assert_eq!(ids.count().unwrap(), 1);
    ids.add(42).unwrap();
    assert!(ids.contains(42).unwrap());
    assert_eq!(ids.item(1).unwrap(), 42);
    ids.set_item(1, 7).unwrap();
    assert_eq!(ids.to_array().unwrap().unwrap(), vec![ids.item(0).unwrap(), 7]);
    // A closed generic interface gets its declared members too (on its handle).
    let id_list = world.id_list().unwrap().unwrap();
    assert_eq!(id_list.index_of(ids.item(0).unwrap()).unwrap(), 0);
    assert_eq!(id_list.item(0).unwrap(), ids.item(0).unwrap());
    type EntityList = managed_tests::game::system::collections::generic::List<Entity>;
    let entities: EntityList = world.entities().unwrap().unwrap();
    assert_eq!(entities.count().unwrap(), 1);
    assert_eq!(
        entities.item(0).unwrap().unwrap().describe().unwrap().as_deref(),
        Some("Player Lin")
    );
    let fresh = EntityList::new().unwrap();
    fresh.add(Some(&p)).unwrap();
    assert_eq!(fresh.index_of(Some(&p)).unwrap(), 0);
}

#[test]
fn a_managed_struct_refers_to_an_object() {
    let _serial = setup();
    let world = World::new().unwrap();
    let target = world.spawn_player("Target", &v(0.0, 0.0, 5.0)).unwrap().unwrap();
    let (hit_something, hit) = world.raycast(&v(0.0, 0.0, 0.0), &v(0.0, 0.0, 1.0)).unwrap();
    assert!(hit_something);
    assert_eq!(hit.point().unwrap(), v(0.0, 0.0, 5.0));
    assert_eq!(hit.distance().unwrap(), 5.0);
    assert_eq!(hit.label().unwrap().as_deref(), Some("Target"));
    let collider = hit.collider().unwrap().unwrap();
    assert!(
        collider.as_object().reference_equals(target.as_object()).unwrap(),
        "the struct refers to the same object"
    );
    assert_eq!(hit.score().unwrap(), 10.0);
    // Value semantics: a clone is a copy.
    let copy = hit.clone();
    copy.set_distance(1.0).unwrap();
    copy.set_collider(None::<&Entity>).unwrap();
    assert_eq!(hit.distance().unwrap(), 5.0);
    assert!(hit.collider().unwrap().is_some());
    // Boxing copies; unboxing copies back; the wrong type is refused.
    let boxed = hit.box_as::<Object>().unwrap();
    assert_eq!(boxed.type_name().unwrap(), "Game.RaycastHit");
    let back = boxed.unbox::<RaycastHit>().unwrap();
    assert_eq!(back.distance().unwrap(), 5.0);
    assert!(matches!(
        Team::RED.box_as::<Object>().unwrap().unbox::<RaycastHit>(),
        Err(Error::InvalidCast { .. })
    ));
    // A field holding a managed struct: read as a copy, written from a value.
    let last = world.last_hit().unwrap();
    assert_eq!(last.label().unwrap().as_deref(), Some("Target"));
    last.set_label("changed").unwrap();
    assert_eq!(
        world.last_hit().unwrap().label().unwrap().as_deref(),
        Some("Target"),
        "the getter returned a copy"
    );
    world.set_last_hit(&last).unwrap();
    assert_eq!(world.last_hit().unwrap().label().unwrap().as_deref(), Some("changed"));
    assert!(
        World::nothing().unwrap().collider().unwrap().is_none(),
        "a static struct field"
    );
    // A managed struct's constructor (the new value comes back boxed, never through native memory).
    let made = RaycastHit::new(&v(1.0, 2.0, 3.0), 4.0, Some(&target), "made").unwrap();
    assert_eq!(
        (made.point().unwrap(), made.distance().unwrap()),
        (v(1.0, 2.0, 3.0), 4.0)
    );
    assert_eq!(made.label().unwrap().as_deref(), Some("made"));
    assert!(made
        .collider()
        .unwrap()
        .unwrap()
        .as_object()
        .reference_equals(target.as_object())
        .unwrap());
    let missed = world.raycast(&v(0.0, 0.0, 0.0), &v(0.0, 0.0, -1.0)).unwrap();
    assert!(!missed.0);
    assert!(missed.1.collider().unwrap().is_none());
}
