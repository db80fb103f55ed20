use cilbind::{Error, MethodRef, NetString};

use crate::fixture::{remote, remote_skips, setup, via, CALLS};

#[test]
fn strings_cross_both_ways_and_null_is_none() {
    setup();
    static CONCAT: MethodRef = MethodRef::new(&CALLS, "Concat", &["System.String", "System.String"]);
    static LEN: MethodRef = MethodRef::new(&CALLS, "Length", &["System.String"]);
    static NULL: MethodRef = MethodRef::new(&CALLS, "Null", &[]);
    static LONE: MethodRef = MethodRef::new(&CALLS, "LoneSurrogate", &[]);
    let s: Option<String> = via(&CONCAT).call(("héllo ", "wörld 🦀")).unwrap();
    assert_eq!(s.as_deref(), Some("héllo wörld 🦀"));
    let n: i32 = via(&LEN).call(("🦀",)).unwrap();
    assert_eq!(n, 2, "one crab is two UTF-16 units");
    let n: i32 = via(&LEN).call((None::<&str>,)).unwrap();
    assert_eq!(n, -1);
    let s: Option<String> = via(&NULL).call(()).unwrap();
    assert_eq!(s, None);
    // A lone surrogate is an error when read as a Rust String; the handle keeps the units.
    let e = via(&LONE).call::<_, Option<String>>(()).unwrap_err();
    assert_eq!(e, Error::InvalidUtf16 { index: 1, unit: 0xD800 });
    let units = [0x61, 0xDC00, 0x62];
    if remote_skips(remote::LONE_SURROGATES) {
        assert!(
            matches!(NetString::from_utf16(&units), Err(Error::Unsupported(_))),
            "refused, not made otherwise"
        );
    } else {
        let ns = NetString::from_utf16(&units).unwrap();
        assert_eq!(ns.to_utf16().unwrap(), units);
        assert_eq!(ns.to_string_lossy().unwrap(), "a\u{FFFD}b");
        assert!(matches!(
            ns.to_string(),
            Err(Error::InvalidUtf16 { index: 1, unit: 0xDC00 })
        ));
    }
    assert_eq!(NetString::new("ok").unwrap().to_string().unwrap(), "ok");
}
