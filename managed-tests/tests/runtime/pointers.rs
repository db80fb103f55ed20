use cilbind::{invoke, invoke_with_pointers, Error, In, MethodRef, Out, TypeRef, UnmanagedPtr, Value};
use managed_tests::load_fixture;

use crate::fixture::{remote, remote_skips};

#[test]
fn unsafe_pointer_parameters_take_addresses() {
    if remote_skips(remote::POINTERS) {
        return;
    }
    load_fixture("Pointers");
    static P2_TYPE: TypeRef = TypeRef::new("Pointers", "Ptrs", "P2");
    static RAW: TypeRef = TypeRef::new("Pointers", "Ptrs", "Raw");
    static ADD: MethodRef = MethodRef::new(&RAW, "Add", &["Ptrs.P2*", "Ptrs.P2*", "Ptrs.P2*"]);
    static SUM: MethodRef = MethodRef::new(&RAW, "Sum", &["System.Int32*", "System.Int32"]);
    #[repr(C)]
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct P2 {
        x: i32,
        y: i32,
    }
    cilbind::blittable!(unsafe P2, P2_TYPE, [i32, i32]);
    let (mut a, mut b) = (P2 { x: 1, y: 2 }, P2 { x: 30, y: 40 });
    let mut r = P2 { x: 0, y: 0 };
    // Managed code reads and writes through pointers unchecked: only `unsafe` makes one.
    assert!(
        matches!(
            ADD.thunk().unwrap().call::<_, ()>((In(&a), In(&b), Out(&mut r))),
            Err(Error::InvalidArgument(_))
        ),
        "a safe reference is not an unmanaged pointer"
    );
    // SAFETY: Raw.Add reads one P2 through each of its first two pointers and writes one
    // through the third; each points to a live P2.
    unsafe {
        ADD.thunk()
            .unwrap()
            .call::<_, ()>((
                UnmanagedPtr::new(&mut a),
                UnmanagedPtr::new(&mut b),
                UnmanagedPtr::new(&mut r),
            ))
            .unwrap();
    }
    assert_eq!(r, P2 { x: 31, y: 42 });
    let mut first = 5i32;
    // SAFETY: Raw.Sum reads `count` (1) ints from the pointer, which points to one int.
    let s: i32 = SUM
        .thunk()
        .unwrap()
        .call((unsafe { UnmanagedPtr::new(&mut first) }, 1))
        .unwrap();
    assert_eq!(s, 5);
    // The reflective path refuses pointers unless called through `invoke_with_pointers`,
    // which takes an address as an IntPtr.
    let address = &mut first as *mut i32 as isize;
    let e = invoke(
        SUM.method().unwrap(),
        None,
        &mut [Value::IntPtr(address), Value::Int32(1)],
    )
    .unwrap_err();
    assert!(matches!(e, Error::Unsupported(_)), "{e:?}");
    // SAFETY: as above: one int is read through the address.
    let v = unsafe {
        invoke_with_pointers(
            SUM.method().unwrap(),
            None,
            &mut [Value::IntPtr(address), Value::Int32(1)],
        )
    }
    .unwrap();
    assert!(matches!(v, Value::Int32(5)), "{v:?}");
}
