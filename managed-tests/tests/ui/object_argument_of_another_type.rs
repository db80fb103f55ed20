// An object parameter takes its declared class, a subclass or an implementer of its declared
// interface: a `World` is no `Entity`, and no `IDamageable`.
use managed_tests::game::game::World;

fn main() {
    let world = World::new().unwrap();
    let _ = World::who(Some(&world));
    let _ = World::health_of(Some(&world));
}
