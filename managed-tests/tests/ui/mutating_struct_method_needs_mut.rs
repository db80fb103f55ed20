// Vector3.Scale writes the fields of `this`: its binding takes `&mut self`, so it can't be
// called on a value that is not `mut` (Dot, which only reads, can).
use managed_tests::game::game::Vector3;

fn main() {
    let v = Vector3 { x: 1.0, y: 2.0, z: 3.0 };
    let _ = v.dot(&v);
    let _ = v.scale(2.0);
}
