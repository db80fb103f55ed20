//! Object parameters are `Option<&dyn Is<T>>`: `None` (null) needs no type annotation,
//! `Some(&x)` takes the declared class, any subclass and any implementer of a declared
//! interface, and an `Option<&X>` already in hand goes through `.map(|x| x as _)`. The
//! fixture's methods (`fixtures/Game.cs`, `World.Who`, `HealthOf`, `Kind`) compute each
//! result in C#; the expected strings are computed here from what Rust set up.

use cilbind::{Boxing, Int32, NetString, Object};
use managed_tests::game::game::*;
use managed_tests::game::init;

fn world_with(player: &str, monster: &str, armor: i32) -> (World, Player, Monster) {
    init().expect("bindings load");
    let world = World::new().unwrap();
    let origin = Vector3 { x: 0.0, y: 0.0, z: 0.0 };
    let p = world.spawn_player(Some(player), &origin).unwrap().unwrap();
    let m = world.spawn_monster(Some(monster), armor).unwrap().unwrap();
    (world, p, m)
}

#[test]
fn none_is_null_without_an_annotation() {
    init().expect("bindings load");
    // A class parameter, an interface parameter and an `object` parameter.
    assert_eq!(World::who(None).unwrap().as_deref(), Some("nobody"));
    assert_eq!(World::health_of(None).unwrap().as_deref(), Some("no health"));
    assert_eq!(World::kind(None).unwrap().as_deref(), Some("null"));
}

#[test]
fn some_takes_subclasses_and_interface_implementations() {
    let (name, armor) = ("Orc", 3);
    let (_world, player, monster) = world_with("Ada", name, armor);
    // `Who(Entity)`: the subclasses `Player` and `Monster`, and an `Entity` itself.
    assert_eq!(World::who(Some(&player)).unwrap().as_deref(), Some("Player Ada"));
    let expected = format!("Monster {name} (armor {armor})");
    assert_eq!(World::who(Some(&monster)).unwrap().as_deref(), Some(expected.as_str()));
    let entity: Entity = monster.clone().into();
    assert_eq!(World::who(Some(&entity)).unwrap().as_deref(), Some(expected.as_str()));
    // `HealthOf(IDamageable)`: classes that implement it through their base class, and the
    // interface's own handle. The monster's armor absorbs that much of each hit.
    let hit = 10;
    monster.damage(hit).unwrap();
    let health = 100 - (hit - armor);
    let expected = format!("health {health}");
    assert_eq!(
        World::health_of(Some(&monster)).unwrap().as_deref(),
        Some(expected.as_str())
    );
    let damageable: IDamageable = monster.clone().into();
    assert_eq!(
        World::health_of(Some(&damageable)).unwrap().as_deref(),
        Some(expected.as_str())
    );
    assert_eq!(World::health_of(Some(&player)).unwrap().as_deref(), Some("health 100"));
    // `Kind(object)`: anything, each reaching C# as its runtime type.
    assert_eq!(World::kind(Some(&player)).unwrap().as_deref(), Some("Player"));
    assert_eq!(World::kind(Some(&damageable)).unwrap().as_deref(), Some("Monster"));
    let text = NetString::new("text").unwrap();
    assert_eq!(World::kind(Some(&text)).unwrap().as_deref(), Some("String"));
    let boxed: Object = Int32(7).box_as::<Object>().unwrap();
    assert_eq!(World::kind(Some(&boxed)).unwrap().as_deref(), Some("Int32"));
}

#[test]
fn an_option_in_hand_is_passed_through_map() {
    let (world, player, _monster) = world_with("Grace", "Troll", 0);
    // `Option<Entity>` from a call, `Option<&Player>` from a variable: `Option<&X>` does not
    // coerce to `Option<&dyn Is<T>>` as a whole, each reference does.
    let first: Option<Entity> = world.item(0).unwrap();
    assert_eq!(
        World::who(first.as_ref().map(|e| e as _)).unwrap().as_deref(),
        Some("Player Grace")
    );
    let missing: Option<&Player> = None;
    assert_eq!(World::who(missing.map(|p| p as _)).unwrap().as_deref(), Some("nobody"));
    let some: Option<&Player> = Some(&player);
    assert_eq!(
        World::health_of(some.map(|p| p as _)).unwrap().as_deref(),
        Some("health 100")
    );
}
