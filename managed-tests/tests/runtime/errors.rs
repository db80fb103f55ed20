use cilbind::{invoke, Error, MethodRef, Object, TypeRef};

use crate::fixture::{remote, remote_skips, setup, via, ANIMAL, CALLS};

#[test]
fn a_managed_exception_becomes_an_error_with_type_message_and_trace() {
    setup();
    static THROW: MethodRef = MethodRef::new(&CALLS, "Throw", &["System.String"]);
    let e = via(&THROW).call::<_, i32>(("boom",)).unwrap_err();
    match e {
        Error::ManagedException {
            type_name,
            message,
            stack_trace,
            inner,
        } => {
            assert!(inner.is_empty(), "no inner exception: {inner:?}");
            assert_eq!(type_name, "System.InvalidOperationException");
            assert_eq!(message, "boom");
            assert!(stack_trace.contains("Fixtures.Calls.Throw"), "{stack_trace}");
        }
        other => panic!("expected a managed exception, got {other:?}"),
    }
    // The same thunk still works afterwards.
    static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
    assert_eq!(via(&SUM).call::<_, i32>((2, 3)).unwrap(), 5);
}

#[test]
fn missing_assembly_class_method_and_field_are_errors_naming_them() {
    if remote_skips(remote::METADATA) {
        return;
    }
    let rt = managed_tests::runtime();
    let e = rt.load_assembly("/nonexistent/Nope.dll").unwrap_err();
    assert!(e.to_string().contains("/nonexistent/Nope.dll"), "{e}");
    let not_dll = std::env::temp_dir().join("cilbind-not-an-assembly.dll");
    std::fs::write(&not_dll, b"this is text, not a PE file").unwrap();
    let e = rt.load_assembly(&not_dll).unwrap_err();
    assert!(e.to_string().contains("cilbind-not-an-assembly.dll"), "{e}");
    setup();
    let e = TypeRef::new("Basics", "Fixtures", "Nope").class().unwrap_err();
    assert_eq!(e.to_string(), "class Fixtures.Nope not found in assembly Basics");
    let e = CALLS.class().unwrap().method("Sum", &["System.Int64"]).unwrap_err();
    assert!(e.to_string().contains("Fixtures.Calls::Sum(System.Int64)"), "{e}");
    assert!(
        e.to_string()
            .contains("System.Int32 Fixtures.Calls::Sum(System.Int32, System.Int32)"),
        "lists candidates: {e}"
    );
    let e = CALLS.class().unwrap().field("Nope").unwrap_err();
    assert_eq!(e.to_string(), "field Fixtures.Calls::Nope not found");
}

#[test]
fn a_null_this_is_an_error_not_a_crash() {
    setup();
    static SPEAK: MethodRef = MethodRef::new(&ANIMAL, "Speak", &[]);
    // Refused before the call: no managed code runs with a null `this`.
    let e = via(&SPEAK).call::<_, Option<String>>((None::<&Object>,)).unwrap_err();
    assert!(matches!(e, Error::NullReference(ref m) if m.contains("this")), "{e:?}");
    if remote_skips(remote::METADATA) {
        return;
    }
    let e = invoke(SPEAK.method().unwrap(), None, &mut []).unwrap_err();
    assert!(matches!(e, Error::NullReference(_)), "{e:?}");
}
