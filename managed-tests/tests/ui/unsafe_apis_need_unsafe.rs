// Unmanaged pointers, calls without the per-object class check, and unchecked wrapping are
// `unsafe`: safe code cannot reach them.
use cilbind::{MethodRef, Object, Reference, TypeRef, UnmanagedPtr};

static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32*", "System.Int32"]);

fn pass(obj: Object) {
    let mut x = 1i32;
    let _ = UnmanagedPtr::new(&mut x);
    let _ = SUM.thunk().unwrap().call_unchecked::<_, i32>((&obj,));
    let _ = <cilbind::NetString as Reference>::from_object_unchecked(obj);
}

fn main() {}
