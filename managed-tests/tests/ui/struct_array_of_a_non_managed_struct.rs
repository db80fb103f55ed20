// `cilbind::StructArray<S>` holds managed structs, whose Rust values are handles to boxes: an
// array of primitives, enums or full structs is a `cilbind::Array<V>` (copied as one block), and
// one of classes an `ObjectArray<T>`, so `StructArray` of anything else does not compile.
use cilbind::StructArray;
use managed_tests::struct_arrays::struct_arrays::Tags;

fn main() {
    let ints = StructArray::<i32>::new(2).unwrap();
    let _ = Tags::describe(Some(&ints));
}
