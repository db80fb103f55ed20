// `ref T` of a generic method's `class`-constrained type parameter is an object slot
// (`&mut Option<T>`, through `cilbind::RefObject`): the type argument must be a reference type,
// so a value type is refused when the call compiles (Mono would refuse the instantiation only
// at run time).
use managed_tests::ref_objects::ref_objects::Slots;

fn main() {
    let mut slot: Option<i32> = Some(1);
    let _ = Slots::take::<i32>(&mut slot);
}
