// A generic buffer parameter (`T[]` of a `where T : struct` type parameter) takes a slice of a
// blittable type, copied into a managed array by one block copy: a struct holding a reference
// (here a managed struct, `Tagged { string Tag; int Id; }`) is refused when the call compiles,
// not when it runs.
use managed_tests::buffers::buffers::{Tagged, GL};

fn main() {
    let tagged: Vec<Tagged> = Vec::new();
    let _ = GL::scribble(&tagged);
}
