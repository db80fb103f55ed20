//! Arrays and strings longer than .NET allows (`fixtures/Limits.cs`): every constructor and
//! every path that makes a managed string refuses them with the exception C# gets, never a
//! crash, a panic or a shorter value. Mono's constructors take a 32-bit length (a string) or
//! return null for an array they cannot make, and the runtime once passed the length cut to
//! 32 bits, or copied a slice into the null array.
//!
//! The inputs are large but cost little: zeroed allocations the kernel maps lazily, refused
//! before anything reads them through (a `&str` is scanned once to count its characters).

use std::sync::Mutex;

use cilbind::{invoke, Array, Callback, Error, MethodRef, NetString, ObjectArray, TypeRef, Value};
use managed_tests::load_fixture;

static CALLS: TypeRef = TypeRef::new("Limits", "Limits", "Calls");
static TEXT: TypeRef = TypeRef::new("Limits", "Limits", "Text");
static LENGTH: MethodRef = MethodRef::new(&CALLS, "Length", &["System.String"]);
static LENGTH_OF: MethodRef = MethodRef::new(&CALLS, "LengthOf", &["Limits.Text"]);

/// 2³¹: one more element or code unit than .NET allows.
const TOO_MANY: usize = 1 << 31;

fn assert_refused(result: cilbind::Result<impl std::fmt::Debug>, exception: &str, naming: &str) {
    match result {
        Err(Error::ManagedException { type_name, message, .. }) => {
            assert_eq!(type_name, exception, "{message}");
            assert!(message.contains(naming), "{message:?} should name {naming:?}");
        }
        other => panic!("expected {exception}, got {other:?}"),
    }
}

/// A text of `len` NUL characters (one UTF-8 byte and one UTF-16 unit each), lazily zeroed.
fn nul_text(len: usize) -> String {
    String::from_utf8(vec![0u8; len]).expect("NUL bytes are UTF-8")
}

#[test]
fn arrays_longer_than_net_allows_are_overflow_errors() {
    load_fixture("Limits");
    let bytes = vec![0u8; TOO_MANY];
    assert_refused(
        Array::<u8>::from_slice(&bytes),
        "System.OverflowException",
        "2147483647",
    );
    drop(bytes);
    let items = vec![None::<&NetString>; TOO_MANY];
    assert_refused(
        ObjectArray::from_items(&items),
        "System.OverflowException",
        "2147483647",
    );
    drop(items);
    // Below the limit, as before.
    let small = Array::<u8>::from_slice(&[1, 2, 3]).unwrap();
    assert_eq!(small.to_vec().unwrap(), [1, 2, 3]);
    let two = ObjectArray::<NetString>::from_items(&[None, None]).unwrap();
    assert_eq!(two.len().unwrap(), 2);
}

/// `NetString::from_utf16` of 2³² + 3 units once made a 3-unit string; of 2³¹ it panicked.
#[test]
fn strings_of_more_units_than_net_allows_are_errors_never_shorter_strings() {
    load_fixture("Limits");
    for len in [TOO_MANY, (1 << 32) + 3] {
        let units = vec![0u16; len];
        assert_refused(
            NetString::from_utf16(&units),
            "System.OutOfMemoryException",
            "2147483647",
        );
    }
    let s = NetString::from_utf16(&[104, 105]).unwrap();
    assert_eq!(s.to_string().unwrap(), "hi");
}

/// Every other path that makes a managed string from Rust text: `NetString::new`, a `&str`
/// argument of the raw path, a `Value::String` of the reflective path, and a callback's
/// result (which the delegate throws as its failure).
#[test]
fn every_path_from_rust_text_refuses_a_text_too_long_for_a_string() {
    load_fixture("Limits");
    let mut text = nul_text(TOO_MANY);
    assert_refused(NetString::new(&text), "System.OutOfMemoryException", "2147483647");
    let length = LENGTH.thunk().unwrap();
    assert_refused(
        length.call::<_, i64>((text.as_str(),)),
        "System.OutOfMemoryException",
        "2147483647",
    );
    let mut args = [Value::String(std::mem::take(&mut text))];
    assert_refused(
        invoke(LENGTH.method().unwrap(), None, &mut args),
        "System.OutOfMemoryException",
        "2147483647",
    );
    let Value::String(text) = std::mem::replace(&mut args[0], Value::Null) else {
        unreachable!()
    };
    // Paths that take text of a length .NET allows are unchanged.
    assert_eq!(length.call::<_, i64>(("héllo",)).unwrap(), 5);
    // The closure hands its text over once (no copy of 2 GiB).
    let once = Mutex::new(Some(text));
    let callback = Callback::with_class(TEXT.class().unwrap(), move |_| {
        Ok(once
            .lock()
            .unwrap()
            .take()
            .map_or(Value::String("again".into()), Value::String))
    })
    .unwrap();
    let e = LENGTH_OF
        .thunk()
        .unwrap()
        .call::<_, i64>((callback.as_object(),))
        .unwrap_err();
    match e {
        Error::ManagedException { type_name, message, .. } => {
            assert_eq!(type_name, "System.InvalidOperationException");
            assert!(message.contains("2147483647"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        LENGTH_OF
            .thunk()
            .unwrap()
            .call::<_, i64>((callback.as_object(),))
            .unwrap(),
        5
    );
}
