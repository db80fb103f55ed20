// A value type never becomes an object by accident: passing an Int32 where an object is
// expected does not compile; `box_as::<Object>()` is the named conversion.
use cilbind::{Int32, Object};

fn pass(obj: Object) {
    let _ = obj.equals(Some(&Int32(5)));
}

fn main() {}
