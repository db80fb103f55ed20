use cilbind::{invoke, MethodRef, Object, Out, RefObject, RefString, Value};

use crate::fixture::{remote, remote_skips, setup, via, CALLS};

#[test]
fn out_and_ref_parameters_write_back() {
    setup();
    static TRY_PARSE: MethodRef = MethodRef::new(&CALLS, "TryParse", &["System.String", "System.Int32&"]);
    static SWAP: MethodRef = MethodRef::new(&CALLS, "Swap", &["System.Int32&", "System.Int32&"]);
    static DIVMOD: MethodRef = MethodRef::new(
        &CALLS,
        "Divmod",
        &["System.Int32", "System.Int32", "System.Int32&", "System.Int32&"],
    );
    static APPEND: MethodRef = MethodRef::new(&CALLS, "Append", &["System.String&", "System.String"]);
    static REPLACE: MethodRef = MethodRef::new(&CALLS, "Replace", &["System.Object&"]);
    let mut v = 0i32;
    let ok: bool = via(&TRY_PARSE).call(("1234", Out(&mut v))).unwrap();
    assert!(ok);
    assert_eq!(v, 1234);
    let (mut a, mut b) = (1i32, 2i32);
    via(&SWAP).call::<_, ()>((Out(&mut a), Out(&mut b))).unwrap();
    assert_eq!((a, b), (2, 1));
    let (mut q, mut r) = (0i32, 0i32);
    via(&DIVMOD).call::<_, ()>((17, 5, Out(&mut q), Out(&mut r))).unwrap();
    assert_eq!((q, r), (3, 2));
    let mut s = Some("abc".to_string());
    via(&APPEND).call::<_, ()>((RefString(&mut s), "def")).unwrap();
    assert_eq!(s.as_deref(), Some("abcdef"));
    let mut o: Option<Object> = None;
    via(&REPLACE).call::<_, ()>((RefObject(&mut o),)).unwrap();
    assert_eq!(o.unwrap().to_string().unwrap().as_deref(), Some("replaced"));
    // The reflective path writes back too.
    if remote_skips(remote::METADATA) {
        return;
    }
    let mut args = [Value::Int32(17), Value::Int32(5), Value::Int32(0), Value::Int32(0)];
    invoke(DIVMOD.method().unwrap(), None, &mut args).unwrap();
    assert!(matches!(args[2..], [Value::Int32(3), Value::Int32(2)]), "{args:?}");
}
