// `blittable!` promises a layout the macro cannot see, so its invocation must say `unsafe`.
use cilbind::TypeRef;

static POINT: TypeRef = TypeRef::new("Game", "Game", "Point");

#[derive(Clone, Copy)]
struct Point {
    name: String,
}

cilbind::blittable!(Point, POINT, [i32]);

fn main() {}
