// Int32 boxes to Object, ValueType and the interfaces it implements; System.Enum is none of
// them.
use cilbind::{Boxing, Enum, Int32};

fn main() {
    let _ = Int32(5).box_as::<Enum>();
}
