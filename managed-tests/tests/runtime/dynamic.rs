use cilbind::{call_by_id, invoke, Boxing, Error, FunctionDb, FunctionId, Int64, MethodRef, Object, Value};

use crate::fixture::{remote, remote_skips, setup, CALLS};

#[test]
fn the_function_database_has_stable_ids_derived_from_signatures() {
    setup();
    if remote_skips(remote::METADATA) {
        return;
    }
    static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
    let thunk = SUM.thunk().unwrap();
    // An independent FNV-1a of the documented signature form.
    let sig = "[Basics]Fixtures.Calls::Sum(System.Int32,System.Int32)->System.Int32";
    let expected = sig
        .bytes()
        .fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3));
    assert_eq!(thunk.id(), FunctionId(expected));
    let entry = FunctionDb::get(thunk.id()).unwrap();
    assert_eq!(entry.signature, sig);
    assert_eq!(entry.assembly, "Basics");
    assert_eq!(entry.declaring_type, "Fixtures.Calls");
    assert_eq!(entry.name, "Sum");
    assert_eq!(entry.parameters, ["System.Int32", "System.Int32"]);
    assert_eq!(entry.return_type, "System.Int32");
    let method = entry.method().unwrap();
    assert_eq!(method, SUM.method().unwrap());
    assert!(method.is_static() && !method.is_virtual());
    assert_eq!(
        method.parameter_kinds().unwrap(),
        vec![(cilbind::TypeKind::Int32, false), (cilbind::TypeKind::Int32, false)]
    );
    // Dynamic callers call by ID.
    let v = call_by_id(thunk.id(), None, &mut [Value::Int32(20), Value::Int32(22)]).unwrap();
    assert!(matches!(v, Value::Int32(42)));
    assert_eq!(
        call_by_id(FunctionId(1), None, &mut []).unwrap_err(),
        Error::UnknownFunction { id: FunctionId(1) }
    );
}

#[test]
fn the_reflective_path_checks_and_converts_values() {
    setup();
    if remote_skips(remote::METADATA) {
        return;
    }
    static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
    static ECHO: MethodRef = MethodRef::new(&CALLS, "Echo", &["System.Object"]);
    static NEXT: MethodRef = MethodRef::new(&CALLS, "Next", &["Fixtures.Team"]);
    static CONCAT: MethodRef = MethodRef::new(&CALLS, "Concat", &["System.String", "System.String"]);
    let sum = SUM.method().unwrap();
    assert!(matches!(
        invoke(sum, None, &mut [Value::Int32(1)]),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        invoke(sum, None, &mut [Value::Int32(1), Value::Int64(2)]),
        Err(Error::InvalidArgument(_))
    ));
    let v = invoke(NEXT.method().unwrap(), None, &mut [Value::Byte(1)]).unwrap();
    assert!(matches!(v, Value::Byte(2)), "{v:?}");
    let v = invoke(
        CONCAT.method().unwrap(),
        None,
        &mut [Value::String("a".into()), Value::Null],
    )
    .unwrap();
    assert!(matches!(v, Value::String(ref s) if s == "a"));
    let boxed = Int64(-3).box_as::<Object>().unwrap();
    let v = invoke(ECHO.method().unwrap(), None, &mut [Value::Object(boxed.clone())]).unwrap();
    let Value::Object(back) = v else { panic!("{v:?}") };
    assert!(back.reference_equals(&boxed).unwrap());
}
