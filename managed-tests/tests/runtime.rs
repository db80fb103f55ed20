//! Integration tests of the runtime against the C# fixture `fixtures/Basics.cs`, through the
//! same surface generated bindings use (TypeRef / MethodRef / FieldRef and the raw-call shim).

use cilbind::generated::check_layout;
use cilbind::{
    call_by_id, invoke, invoke_with_pointers, Boolean, BoxAs, Boxing, Char, Error, FieldRef, FunctionDb, FunctionId,
    IComparable, In, Int32, Int64, ManagedStruct, MethodRef, NetString, Object, Out, RefObject, RefString, Runtime,
    Single, StructHandle, StructStore, TypeRef, UInt64, Unbox, UnmanagedPtr, Value, ValueType, RETURN_BY_POINTER,
    THIS_BY_POINTER,
};
use managed_tests::load_fixture;

static CALLS: TypeRef = TypeRef::new("Basics", "Fixtures", "Calls");
static V3_TYPE: TypeRef = TypeRef::new("Basics", "Fixtures", "V3");
static TEAM: TypeRef = TypeRef::new("Basics", "Fixtures", "Team");
static TAGGED: TypeRef = TypeRef::new("Basics", "Fixtures", "Tagged");
static ANIMAL: TypeRef = TypeRef::new("Basics", "Fixtures", "Animal");
static INAMED: TypeRef = TypeRef::new("Basics", "Fixtures", "INamed");

fn setup() {
    load_fixture("Basics");
}

/// A hand-written binding of `Fixtures.V3`, as the generator emits it.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct V3 {
    x: f32,
    y: f32,
    z: f32,
}
cilbind::blittable!(unsafe V3, V3_TYPE, [f32, f32, f32]);
cilbind::generated::impl_boxing!(V3 => Object, ValueType);

/// `Fixtures.Team : byte`, as the generator emits enums.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Team(u8);
cilbind::blittable!(unsafe Team, TEAM, [u8]);
cilbind::generated::impl_boxing!(Team => Object, ValueType, cilbind::Enum);

/// `Fixtures.Tagged`, a managed struct held in its own store.
struct Tagged(StructHandle<Tagged>);
impl ManagedStruct for Tagged {
    fn store() -> &'static StructStore<Self> {
        static STORE: StructStore<Tagged> = StructStore::new();
        &STORE
    }
    fn class() -> cilbind::Result<cilbind::Class> {
        TAGGED.class()
    }
}

macro_rules! echo {
    ($name:literal, $param:literal, $t:ty, $($v:expr),+) => {{
        static M: MethodRef = MethodRef::new(&CALLS, $name, &[$param]);
        for v in [$($v),+] {
            let back: $t = M.thunk().unwrap().call((v,)).unwrap();
            assert_eq!(back.to_ne_bytes(), v.to_ne_bytes(), "{} round trip of {:?}", $name, v);
        }
    }};
}

#[test]
fn every_primitive_goes_in_and_comes_out() {
    setup();
    static B: MethodRef = MethodRef::new(&CALLS, "EchoBoolean", &["System.Boolean"]);
    for v in [true, false] {
        let back: bool = B.thunk().unwrap().call((v,)).unwrap();
        assert_eq!(back, v);
    }
    static C: MethodRef = MethodRef::new(&CALLS, "EchoChar", &["System.Char"]);
    for v in [0u16, 0x41, 0xD800, 0xFFFF] {
        let back: Char = C.thunk().unwrap().call((Char(v),)).unwrap();
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
    let s: Option<String> = D
        .thunk()
        .unwrap()
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
fn strings_cross_both_ways_and_null_is_none() {
    setup();
    static CONCAT: MethodRef = MethodRef::new(&CALLS, "Concat", &["System.String", "System.String"]);
    static LEN: MethodRef = MethodRef::new(&CALLS, "Length", &["System.String"]);
    static NULL: MethodRef = MethodRef::new(&CALLS, "Null", &[]);
    static LONE: MethodRef = MethodRef::new(&CALLS, "LoneSurrogate", &[]);
    let s: Option<String> = CONCAT.thunk().unwrap().call(("héllo ", "wörld 🦀")).unwrap();
    assert_eq!(s.as_deref(), Some("héllo wörld 🦀"));
    let n: i32 = LEN.thunk().unwrap().call(("🦀",)).unwrap();
    assert_eq!(n, 2, "one crab is two UTF-16 units");
    let n: i32 = LEN.thunk().unwrap().call((None::<&str>,)).unwrap();
    assert_eq!(n, -1);
    let s: Option<String> = NULL.thunk().unwrap().call(()).unwrap();
    assert_eq!(s, None);
    // A lone surrogate is an error when read as a Rust String; the handle keeps the units.
    let e = LONE.thunk().unwrap().call::<_, Option<String>>(()).unwrap_err();
    assert_eq!(e, Error::InvalidUtf16 { index: 1, unit: 0xD800 });
    let units = [0x61, 0xDC00, 0x62];
    let ns = NetString::from_utf16(&units).unwrap();
    assert_eq!(ns.to_utf16().unwrap(), units);
    assert_eq!(ns.to_string_lossy().unwrap(), "a\u{FFFD}b");
    assert!(matches!(
        ns.to_string(),
        Err(Error::InvalidUtf16 { index: 1, unit: 0xDC00 })
    ));
    assert_eq!(NetString::new("ok").unwrap().to_string().unwrap(), "ok");
}

#[test]
fn a_managed_exception_becomes_an_error_with_type_message_and_trace() {
    setup();
    static THROW: MethodRef = MethodRef::new(&CALLS, "Throw", &["System.String"]);
    let e = THROW.thunk().unwrap().call::<_, i32>(("boom",)).unwrap_err();
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
    assert_eq!(SUM.thunk().unwrap().call::<_, i32>((2, 3)).unwrap(), 5);
}

#[test]
fn rust_types_that_disagree_with_the_native_signature_are_refused() {
    setup();
    static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
    static CONCAT: MethodRef = MethodRef::new(&CALLS, "Concat", &["System.String", "System.String"]);
    let t = SUM.thunk().unwrap();
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
    let e = CONCAT
        .thunk()
        .unwrap()
        .call::<_, Option<String>>((1i32, "x"))
        .unwrap_err();
    assert!(e.to_string().contains("Concat"), "{e}");
    // A struct method without a trampoline would receive a box: passing a pointer is refused.
    static ADD_BOXED: MethodRef = MethodRef::new(&V3_TYPE, "Add", &["Fixtures.V3", "Fixtures.V3"]);
    let v = V3 { x: 0.0, y: 0.0, z: 0.0 };
    assert!(ADD_BOXED.thunk().unwrap().call_sret::<_, V3>((In(&v), In(&v))).is_err());
}

#[test]
fn missing_assembly_class_method_and_field_are_errors_naming_them() {
    let rt = Runtime::get().unwrap();
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
fn virtual_and_interface_dispatch_on_the_raw_path_and_the_reflective_path() {
    setup();
    static NEW_DOG: MethodRef = MethodRef::new(&CALLS, "NewDog", &[]);
    static SPEAK: MethodRef = MethodRef::new(&ANIMAL, "Speak", &[]);
    static NAME: MethodRef = MethodRef::new(&INAMED, "get_Name", &[]);
    let dog: Object = NEW_DOG.thunk().unwrap().call::<_, Option<Object>>(()).unwrap().unwrap();
    assert_eq!(dog.type_name().unwrap(), "Fixtures.Dog");
    let s: Option<String> = SPEAK.thunk().unwrap().call((&dog,)).unwrap();
    assert_eq!(s.as_deref(), Some("Woof"), "Animal.Speak dispatches to Dog.Speak");
    let s: Option<String> = NAME.thunk().unwrap().call((&dog,)).unwrap();
    assert_eq!(s.as_deref(), Some("Rex"), "INamed.Name dispatches to Dog");
    // mono_runtime_invoke alone would call Animal.Speak; invoke resolves the override first.
    let v = invoke(SPEAK.method().unwrap(), Some(&dog), &mut []).unwrap();
    assert!(matches!(v, Value::String(ref s) if s == "Woof"), "{v:?}");
    // Instance field of a class object.
    static LEGS: FieldRef = FieldRef::new(&ANIMAL, "Legs");
    assert_eq!(LEGS.get::<i32>(Some(&dog)).unwrap(), 4);
    LEGS.set(Some(&dog), 3i32).unwrap();
    assert_eq!(LEGS.get::<i32>(Some(&dog)).unwrap(), 3);
    assert!(
        matches!(LEGS.get::<i64>(Some(&dog)), Err(Error::InvalidCast { .. })),
        "wrong size is refused"
    );
    static CREATED: FieldRef = FieldRef::new(&ANIMAL, "Created");
    assert!(CREATED.get::<i32>(None).unwrap() >= 1);
}

#[test]
fn a_null_this_is_an_error_not_a_crash() {
    setup();
    static SPEAK: MethodRef = MethodRef::new(&ANIMAL, "Speak", &[]);
    // Refused before the call: no managed code runs with a null `this`.
    let e = SPEAK
        .thunk()
        .unwrap()
        .call::<_, Option<String>>((None::<&Object>,))
        .unwrap_err();
    assert!(matches!(e, Error::NullReference(ref m) if m.contains("this")), "{e:?}");
    let e = invoke(SPEAK.method().unwrap(), None, &mut []).unwrap_err();
    assert!(matches!(e, Error::NullReference(_)), "{e:?}");
}

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
    let ok: bool = TRY_PARSE.thunk().unwrap().call(("1234", Out(&mut v))).unwrap();
    assert!(ok);
    assert_eq!(v, 1234);
    let (mut a, mut b) = (1i32, 2i32);
    SWAP.thunk().unwrap().call::<_, ()>((Out(&mut a), Out(&mut b))).unwrap();
    assert_eq!((a, b), (2, 1));
    let (mut q, mut r) = (0i32, 0i32);
    DIVMOD
        .thunk()
        .unwrap()
        .call::<_, ()>((17, 5, Out(&mut q), Out(&mut r)))
        .unwrap();
    assert_eq!((q, r), (3, 2));
    let mut s = Some("abc".to_string());
    APPEND
        .thunk()
        .unwrap()
        .call::<_, ()>((RefString(&mut s), "def"))
        .unwrap();
    assert_eq!(s.as_deref(), Some("abcdef"));
    let mut o: Option<Object> = None;
    REPLACE.thunk().unwrap().call::<_, ()>((RefObject(&mut o),)).unwrap();
    assert_eq!(o.unwrap().to_string().unwrap().as_deref(), Some("replaced"));
    // The reflective path writes back too.
    let mut args = [Value::Int32(17), Value::Int32(5), Value::Int32(0), Value::Int32(0)];
    invoke(DIVMOD.method().unwrap(), None, &mut args).unwrap();
    assert!(matches!(args[2..], [Value::Int32(3), Value::Int32(2)]), "{args:?}");
}

#[test]
fn full_structs_cross_by_pointer_through_trampolines() {
    setup();
    let class = V3_TYPE.class().unwrap();
    check_layout(&V3_TYPE, std::mem::size_of::<V3>(), &[("X", 0), ("Y", 4), ("Z", 8)]).unwrap();
    let e = check_layout(&V3_TYPE, 12, &[("X", 0), ("Y", 8)]).unwrap_err();
    assert!(
        matches!(e, Error::LayoutMismatch { ref type_name, ref detail } if type_name == "Fixtures.V3" && detail.contains("field Y")),
        "{e}"
    );
    assert_eq!(class.value_size().0, 12);

    static ADD: MethodRef = MethodRef::by_pointer(
        &V3_TYPE,
        "Add",
        &["Fixtures.V3", "Fixtures.V3"],
        0b11 | RETURN_BY_POINTER,
    );
    static LENGTH: MethodRef = MethodRef::by_pointer(&V3_TYPE, "Length", &[], THIS_BY_POINTER);
    static SCALE: MethodRef = MethodRef::by_pointer(&V3_TYPE, "Scale", &["System.Single"], THIS_BY_POINTER);
    static NORMALIZE: MethodRef = MethodRef::by_pointer(&V3_TYPE, "Normalize", &["Fixtures.V3&"], 0b1);
    static TRY_MAKE: MethodRef = MethodRef::by_pointer(&V3_TYPE, "TryMake", &["System.Single", "Fixtures.V3&"], 0b10);
    static CTOR: MethodRef = MethodRef::by_pointer(
        &V3_TYPE,
        ".ctor",
        &["System.Single", "System.Single", "System.Single"],
        0,
    );

    let a = V3 { x: 1.0, y: 2.0, z: 3.0 };
    let b = V3 {
        x: 0.5,
        y: -2.0,
        z: 10.0,
    };
    let sum: V3 = ADD.thunk().unwrap().call_sret((In(&a), In(&b))).unwrap();
    assert_eq!(
        sum,
        V3 {
            x: 1.5,
            y: 0.0,
            z: 13.0
        }
    );
    let mut v = V3 { x: 3.0, y: 4.0, z: 0.0 };
    let len: f32 = LENGTH.thunk().unwrap().call((Out(&mut v),)).unwrap();
    assert_eq!(len, 5.0);
    SCALE.thunk().unwrap().call::<_, ()>((Out(&mut v), 2.0f32)).unwrap();
    assert_eq!(
        v,
        V3 { x: 6.0, y: 8.0, z: 0.0 },
        "an instance method mutates the Rust value in place"
    );
    NORMALIZE.thunk().unwrap().call::<_, ()>((Out(&mut v),)).unwrap();
    assert_eq!(v, V3 { x: 0.6, y: 0.8, z: 0.0 });
    let mut made = V3 { x: 0.0, y: 0.0, z: 0.0 };
    let ok: bool = TRY_MAKE.thunk().unwrap().call((2.5f32, Out(&mut made))).unwrap();
    assert!(ok);
    assert_eq!(made, V3 { x: 2.5, y: 2.5, z: 2.5 });
    let built: V3 = CTOR.thunk().unwrap().call_sret((7.0f32, 8.0f32, 9.0f32)).unwrap();
    assert_eq!(built, V3 { x: 7.0, y: 8.0, z: 9.0 });

    // Boxing a full struct: explicit, and the managed side sees the value.
    let boxed = built.box_as::<Object>().unwrap();
    assert_eq!(boxed.type_name().unwrap(), "Fixtures.V3");
    assert_eq!(boxed.to_string().unwrap().as_deref(), Some("(7, 8, 9)"));
    assert_eq!(boxed.unbox::<V3>().unwrap(), built);
}

#[test]
fn enums_go_as_their_underlying_type_and_unbox_to_it() {
    setup();
    static NEXT: MethodRef = MethodRef::new(&CALLS, "Next", &["Fixtures.Team"]);
    static FLIP: MethodRef = MethodRef::new(&CALLS, "Flip", &["Fixtures.Big"]);
    static BOXED_TEAM: MethodRef = MethodRef::new(&CALLS, "BoxedTeam", &[]);
    let t: u8 = NEXT.thunk().unwrap().call((1u8,)).unwrap();
    assert_eq!(t, 2);
    let b: i64 = FLIP.thunk().unwrap().call((i64::MIN,)).unwrap();
    assert_eq!(b, i64::MAX);
    let boxed: Object = BOXED_TEAM
        .thunk()
        .unwrap()
        .call::<_, Option<Object>>(())
        .unwrap()
        .unwrap();
    assert_eq!(boxed.type_name().unwrap(), "Fixtures.Team");
    assert_eq!(boxed.unbox::<Team>().unwrap(), Team(2), "exact type");
    assert_eq!(
        boxed.unbox::<cilbind::Byte>().unwrap(),
        cilbind::Byte(2),
        "a boxed enum unboxes to its underlying type"
    );
    let e = boxed.unbox::<Int32>().unwrap_err();
    assert_eq!(
        e,
        Error::InvalidCast {
            from: "Fixtures.Team".into(),
            to: "System.Int32".into()
        }
    );
    // Boxing an enum from Rust: to Object, ValueType and Enum.
    let e1 = Team(1).box_as::<cilbind::Enum>().unwrap();
    assert_eq!(e1.as_ref().to_string().unwrap().as_deref(), Some("Red"));
}

#[test]
fn invalid_unbox_is_an_error_naming_both_types() {
    setup();
    let boxed = Int32(5).box_as::<Object>().unwrap();
    assert_eq!(boxed.unbox::<Int32>().unwrap(), Int32(5));
    assert_eq!(
        boxed.unbox::<Int64>().unwrap_err(),
        Error::InvalidCast {
            from: "System.Int32".into(),
            to: "System.Int64".into()
        }
    );
    assert_eq!(
        boxed.unbox::<UInt64>().unwrap_err(),
        Error::InvalidCast {
            from: "System.Int32".into(),
            to: "System.UInt64".into()
        }
    );
    assert!(matches!(boxed.unbox::<V3>(), Err(Error::InvalidCast { .. })));
    let s = NetString::new("x").unwrap();
    assert_eq!(
        <Int32 as Unbox>::unbox_from(s.as_ref()).unwrap_err(),
        Error::InvalidCast {
            from: "System.String".into(),
            to: "System.Int32".into()
        }
    );
    // Checked downcasts of references.
    assert!(boxed.cast::<IComparable>().is_ok());
    assert!(matches!(s.as_ref().cast::<ValueType>(), Err(Error::InvalidCast { .. })));
}

#[test]
fn primitives_box_to_object_value_type_and_their_interfaces() {
    setup();
    let a = Int32(42).box_as::<IComparable>().unwrap();
    let b = Int32(41).box_as::<Object>().unwrap();
    assert_eq!(a.compare_to(Some(&b)).unwrap(), 1);
    let vt: ValueType = Single(1.5).box_to().unwrap();
    assert_eq!(vt.as_ref().to_string().unwrap().as_deref(), Some("1.5"));
    let eq: cilbind::IEquatable<Int32> = Int32(1).box_as().unwrap();
    assert!(eq.equals(Int32(1)).unwrap());
    assert!(!eq.equals(Int32(2)).unwrap());
    let cmp: cilbind::IComparable1<Int32> = Int32(1).box_as().unwrap();
    assert_eq!(cmp.compare_to(Int32(7)).unwrap(), -1);
    assert_eq!(cmp.compare_to(Int32(-7)).unwrap(), 1);
    // .NET's rules, not Rust's: NaN equals NaN and sorts first.
    let nan: cilbind::IEquatable<cilbind::Double> = cilbind::Double(f64::NAN).box_as().unwrap();
    assert!(nan.equals(cilbind::Double(f64::NAN)).unwrap());
    let nan: cilbind::IComparable1<cilbind::Double> = cilbind::Double(f64::NAN).box_as().unwrap();
    assert_eq!(nan.compare_to(cilbind::Double(f64::NEG_INFINITY)).unwrap(), -1);
    let _: cilbind::IFormattable = Int32(1).box_as().unwrap();
    let _: cilbind::IConvertible = Int32(1).box_as().unwrap();
    let t = Boolean::new(true).box_as::<Object>().unwrap();
    assert!(t.unbox::<Boolean>().unwrap().get());
    // Boxing makes a new identity each time, and Equals/GetHashCode run managed code.
    let c = Int32(42).box_as::<Object>().unwrap();
    let d = Int32(42).box_as::<Object>().unwrap();
    assert!(!c.reference_equals(&d).unwrap());
    assert!(c.equals(Some(&d)).unwrap());
    assert_eq!(c.get_hash_code().unwrap(), 42);
    assert!(!c.equals(None).unwrap());
}

/// Each wrapper's interface list is exactly the public interfaces mscorlib declares for it.
#[test]
fn primitive_interface_lists_match_mscorlib_metadata() {
    setup();
    fn check<T: cilbind::ManagedType>(ours: Vec<cilbind::Class>) {
        let class = T::class().unwrap();
        let mut declared: Vec<String> = class
            .declared_interfaces()
            .into_iter()
            .filter(|c| c.is_public())
            .map(|c| c.full_name())
            .collect();
        let mut ours: Vec<String> = ours.into_iter().map(|c| c.full_name()).collect();
        declared.sort();
        ours.sort();
        assert_eq!(ours, declared, "interfaces of {}", class.full_name());
        assert!(!declared.is_empty());
    }
    check::<cilbind::Boolean>(Boolean::interfaces().unwrap());
    check::<Char>(Char::interfaces().unwrap());
    check::<cilbind::SByte>(cilbind::SByte::interfaces().unwrap());
    check::<cilbind::Byte>(cilbind::Byte::interfaces().unwrap());
    check::<cilbind::Int16>(cilbind::Int16::interfaces().unwrap());
    check::<cilbind::UInt16>(cilbind::UInt16::interfaces().unwrap());
    check::<Int32>(Int32::interfaces().unwrap());
    check::<cilbind::UInt32>(cilbind::UInt32::interfaces().unwrap());
    check::<Int64>(Int64::interfaces().unwrap());
    check::<UInt64>(UInt64::interfaces().unwrap());
    check::<Single>(Single::interfaces().unwrap());
    check::<cilbind::Double>(cilbind::Double::interfaces().unwrap());
    check::<cilbind::IntPtr>(cilbind::IntPtr::interfaces().unwrap());
    check::<cilbind::UIntPtr>(cilbind::UIntPtr::interfaces().unwrap());
}

#[test]
fn managed_structs_live_in_their_own_store_with_value_semantics() {
    setup();
    static MAKE: MethodRef = MethodRef::new(&TAGGED, "Make", &["System.Int32", "System.String", "System.Object"]);
    static DESCRIBE: MethodRef = MethodRef::new(&TAGGED, "Describe", &[]);
    static RENAME: MethodRef = MethodRef::new(&TAGGED, "Rename", &["System.String"]);
    static DESCRIBE_OTHER: MethodRef = MethodRef::new(&TAGGED, "DescribeOther", &["Fixtures.Tagged"]);
    static NAME: FieldRef = FieldRef::new(&TAGGED, "Name");
    static ID: FieldRef = FieldRef::new(&TAGGED, "Id");
    static OWNER: FieldRef = FieldRef::new(&TAGGED, "Owner");

    let owner = Int32(9).box_as::<Object>().unwrap();
    let t = Tagged(MAKE.thunk().unwrap().call((7, "seven", Some(&owner))).unwrap());
    let describe = |h: &StructHandle<Tagged>| -> String {
        DESCRIBE
            .thunk()
            .unwrap()
            .call::<_, Option<String>>((h,))
            .unwrap()
            .unwrap()
    };
    assert_eq!(describe(&t.0), "7:seven:9");
    // Instance methods mutate the stored value in place.
    RENAME.thunk().unwrap().call::<_, ()>((&t.0, "renamed")).unwrap();
    assert_eq!(NAME.get_string(Some(&t.0)).unwrap().as_deref(), Some("renamed"));
    // Clone copies the value: mutating the copy leaves the original alone.
    let copy = Tagged(t.0.clone());
    ID.set(Some(&copy.0), 8i32).unwrap();
    NAME.set_string(Some(&copy.0), None).unwrap();
    assert_eq!(describe(&t.0), "7:renamed:9");
    assert_eq!(describe(&copy.0), "8:null:9");
    let by_value: Option<String> = DESCRIBE_OTHER.thunk().unwrap().call((&copy.0,)).unwrap();
    assert_eq!(by_value.as_deref(), Some("8:null:9"));
    assert_eq!(
        OWNER
            .get_object::<Object>(Some(&t.0))
            .unwrap()
            .unwrap()
            .unbox::<Int32>()
            .unwrap(),
        Int32(9)
    );
    // Boxing copies into the object store (new identity); unboxing copies back.
    let boxed = t.0.box_object().unwrap();
    assert_eq!(boxed.type_name().unwrap(), "Fixtures.Tagged");
    ID.set(Some(&t.0), 100i32).unwrap();
    let back = StructHandle::<Tagged>::unbox(&boxed).unwrap();
    assert_eq!(describe(&back), "7:renamed:9", "the box did not see the later change");
    assert!(matches!(
        StructHandle::<Tagged>::unbox(&owner),
        Err(Error::InvalidCast { .. })
    ));
    // Default value.
    let d = StructHandle::<Tagged>::default_value().unwrap();
    assert_eq!(describe(&d), "0:null:null");
}

#[test]
fn handles_keep_objects_alive_across_garbage_collections() {
    setup();
    let objs: Vec<Object> = (0..1000).map(|i| Int32(i).box_as::<Object>().unwrap()).collect();
    let strings: Vec<NetString> = (0..100).map(|i| NetString::new(&format!("s{i}")).unwrap()).collect();
    for _ in 0..3 {
        Runtime::get().unwrap().collect_garbage();
    }
    for (i, o) in objs.iter().enumerate() {
        assert_eq!(o.unbox::<Int32>().unwrap(), Int32(i as i32));
    }
    for (i, s) in strings.iter().enumerate() {
        assert_eq!(s.to_string().unwrap(), format!("s{i}"));
    }
}

#[test]
fn four_threads_call_at_once() {
    setup();
    static INC: MethodRef = MethodRef::new(&CALLS, "Increment", &["System.Int32"]);
    static SUM: MethodRef = MethodRef::new(&CALLS, "Sum", &["System.Int32", "System.Int32"]);
    static COUNTER: MethodRef = MethodRef::new(&CALLS, "get_Counter", &[]);
    let before: i32 = COUNTER.thunk().unwrap().call(()).unwrap();
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                for i in 0..2000 {
                    let _: i32 = INC.thunk().unwrap().call((1,)).unwrap();
                    assert_eq!(SUM.thunk().unwrap().call::<_, i32>((i, t)).unwrap(), i + t);
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
    let after: i32 = COUNTER.thunk().unwrap().call(()).unwrap();
    assert!(after - before >= 8000, "every increment from every thread landed");
}

#[test]
fn the_function_database_has_stable_ids_derived_from_signatures() {
    setup();
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

#[test]
fn unsafe_pointer_parameters_take_addresses() {
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

/// Unboxing straight to Rust primitives (`obj.unbox::<i64>()`, `i32::try_from(&obj)`), by the
/// same CLI rule as the wrappers: exactly that primitive, or an enum read as its underlying
/// type; anything else is `InvalidCast` naming both types.
#[test]
fn unboxing_to_rust_primitives_and_try_from() {
    setup();
    let five: Object = Int32(5).box_as().unwrap();
    assert_eq!(five.unbox::<i32>().unwrap(), 5);
    assert_eq!(i32::try_from(&five).unwrap(), 5);
    assert_eq!(Int32::try_from(&five).unwrap(), Int32(5));
    let err = five.unbox::<i64>().unwrap_err();
    assert!(
        matches!(&err, Error::InvalidCast { from, to } if from == "System.Int32" && to == "System.Int64"),
        "{err}"
    );
    assert!(u32::try_from(&five).is_err(), "Int32 is not UInt32");
    let big: Object = cilbind::Int64(-1 << 40).box_as().unwrap();
    assert_eq!(big.unbox::<i64>().unwrap(), -1 << 40);
    let half: Object = cilbind::Double(0.5).box_as().unwrap();
    assert_eq!(f64::try_from(&half).unwrap(), 0.5);
    assert!(half.unbox::<f32>().is_err());
    let yes: Object = cilbind::Boolean::new(true).box_as().unwrap();
    assert!(yes.unbox::<bool>().unwrap());
    assert!(bool::try_from(&yes).unwrap());
    assert!(bool::try_from(&five).is_err());
    // A boxed string is no primitive.
    let s = cilbind::NetString::new("5").unwrap();
    assert!(i32::try_from(cilbind::Reference::as_object(&s)).is_err());
}

#[test]
fn reload_needs_a_runtime_started_reloadable() {
    let rt = Runtime::get().unwrap();
    assert!(
        !rt.is_reloadable(),
        "started by Runtime::get: the root domain, not a reloadable unit"
    );
    // SAFETY: refused before anything happens.
    let refused = unsafe { rt.reload() };
    assert!(
        matches!(refused, Err(cilbind::Error::Reload(ref m)) if m.contains("start_reloadable")),
        "{refused:?}"
    );
    assert!(matches!(Runtime::start_reloadable(), Err(cilbind::Error::Reload(_))));
}
