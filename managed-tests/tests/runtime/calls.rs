use cilbind::{Boxing, Char, Error, In, Int32, MethodRef, Object};

use crate::fixture::{remote, remote_skips, setup, via, CALLS, V3, V3_TYPE};

macro_rules! echo {
    ($name:literal, $param:literal, $t:ty, $($v:expr),+) => {{
        static M: MethodRef = MethodRef::new(&CALLS, $name, &[$param]);
        for v in [$($v),+] {
            let back: $t = via(&M).call((v,)).unwrap();
            assert_eq!(back.to_ne_bytes(), v.to_ne_bytes(), "{} round trip of {:?}", $name, v);
        }
    }};
}

#[test]
fn every_primitive_goes_in_and_comes_out() {
    setup();
    static B: MethodRef = MethodRef::new(&CALLS, "EchoBoolean", &["System.Boolean"]);
    for v in [true, false] {
        let back: bool = via(&B).call((v,)).unwrap();
        assert_eq!(back, v);
    }
    static C: MethodRef = MethodRef::new(&CALLS, "EchoChar", &["System.Char"]);
    for v in [0u16, 0x41, 0xD800, 0xFFFF] {
        let back: Char = via(&C).call((Char(v),)).unwrap();
        assert_eq!(back, Char(v));
    }
    echo!("EchoSByte", "System.SByte", i8, i8::MIN, -1, 0, i8::MAX);
    echo!("EchoByte", "System.Byte", u8, 0, 1, u8::MAX);
    echo!("EchoInt16", "System.Int16", i16, i16::MIN, 0, i16::MAX);
    echo!("EchoUInt16", "System.UInt16", u16, 0, u16::MAX);
    echo!("EchoInt32", "System.Int32", i32, i32::MIN, -7, i32::MAX);
    echo!("EchoUInt32", "System.UInt32", u32, 0, u32::MAX);
    echo!("EchoInt64", "System.Int64", i64, i64::MIN, i64::MAX);
    echo!("EchoUInt64", "System.UInt64", u64, 0, u64::MAX);
    echo!(
        "EchoSingle",
        "System.Single",
        f32,
        f32::MIN_POSITIVE,
        -0.0,
        f32::INFINITY,
        f32::from_bits(0x7fc0_0001)
    );
    echo!(
        "EchoDouble",
        "System.Double",
        f64,
        f64::MAX,
        -0.0,
        f64::NEG_INFINITY,
        f64::from_bits(0x7ff8_0000_0000_0001)
    );
    echo!("EchoIntPtr", "System.IntPtr", isize, isize::MIN, isize::MAX);
    echo!("EchoUIntPtr", "System.UIntPtr", usize, 0, usize::MAX);

    // The managed side sees the same values (not only an echo of the bits).
    static D: MethodRef = MethodRef::new(
        &CALLS,
        "Describe",
        &[
            "System.Boolean",
            "System.Char",
            "System.SByte",
            "System.Byte",
            "System.Int16",
            "System.UInt16",
            "System.Int32",
            "System.UInt32",
            "System.Int64",
            "System.UInt64",
            "System.Single",
            "System.Double",
        ],
    );
    let s: Option<String> = via(&D)
        .call((
            true,
            Char(0x263A),
            -5i8,
            200u8,
            -300i16,
            60000u16,
            -70000i32,
            3_000_000_000u32,
            i64::MIN,
            u64::MAX,
            1.5f32,
            0.1f64,
        ))
        .unwrap();
    assert_eq!(
        s.as_deref(),
        Some("True|9786|-5|200|-300|60000|-70000|3000000000|-9223372036854775808|18446744073709551615|1.5|0.1")
    );
}

#[test]
fn rust_types_that_disagree_with_the_native_signature_are_refused() {
    setup();
    static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
    static CONCAT: MethodRef = MethodRef::new(&CALLS, "Concat", &["System.String", "System.String"]);
    let t = via(&SUM);
    // A signature is proved once and then recognised by address: a right call first must not
    // let a wrong one through afterwards, nor a wrong one spoil the right one.
    assert_eq!(t.call::<_, i32>((1i32, 2i32)).unwrap(), 3);
    assert!(
        matches!(t.call::<_, i32>((1i64, 2i64)), Err(Error::InvalidArgument(_))),
        "wrong argument types"
    );
    assert!(
        matches!(t.call::<_, i32>((1u32, 2u32)), Err(Error::InvalidArgument(_))),
        "argument types of the same size"
    );
    assert!(
        matches!(t.call::<_, u32>((1i32, 2i32)), Err(Error::InvalidArgument(_))),
        "return type of the same size"
    );
    assert_eq!(t.call::<_, i32>((4i32, 5i32)).unwrap(), 9);
    assert!(
        matches!(t.call::<_, i32>((1i32,)), Err(Error::InvalidArgument(_))),
        "wrong arity"
    );
    assert!(
        matches!(t.call::<_, f64>((1i32, 2i32)), Err(Error::InvalidArgument(_))),
        "wrong return type"
    );
    let e = via(&CONCAT).call::<_, Option<String>>((1i32, "x")).unwrap_err();
    assert!(e.to_string().contains("Concat"), "{e}");
    // A struct method without a trampoline would receive a box: passing a pointer is refused.
    if remote_skips(remote::RAW_ENTRY) {
        return;
    }
    static ADD_BOXED: MethodRef = MethodRef::new(&V3_TYPE, "Add", &["Fixtures.V3", "Fixtures.V3"]);
    let v = V3 { x: 0.0, y: 0.0, z: 0.0 };
    assert!(via(&ADD_BOXED).call_sret::<_, V3>((In(&v), In(&v))).is_err());
}

#[test]
fn four_threads_call_at_once() {
    setup();
    static INC: MethodRef = MethodRef::new(&CALLS, "Increment", &["System.Int32"]);
    static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
    static COUNTER: MethodRef = MethodRef::new(&CALLS, "get_Counter", &[]);
    let before: i32 = via(&COUNTER).call(()).unwrap();
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                for i in 0..2000 {
                    let _: i32 = via(&INC).call((1,)).unwrap();
                    assert_eq!(via(&SUM).call::<_, i32>((i, t)).unwrap(), i + t);
                    if i % 100 == 0 {
                        // Allocate and drop handles from every thread, with GCs in between.
                        let o = Int32(i).box_as::<Object>().unwrap();
                        assert_eq!(o.clone().unbox::<Int32>().unwrap(), Int32(i));
                        let s: Option<String> = o.to_string().unwrap();
                        assert_eq!(s, Some(i.to_string()));
                    }
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let after: i32 = via(&COUNTER).call(()).unwrap();
    assert!(after - before >= 8000, "every increment from every thread landed");
}
