use cilbind::{
    Boolean, BoxAs, Boxing, Char, Error, IComparable, Int32, Int64, MethodRef, NetString, Object, Single, UInt64,
    Unbox, ValueType,
};

use crate::fixture::{remote, remote_skips, setup, via, Team, CALLS, V3};

#[test]
fn enums_go_as_their_underlying_type_and_unbox_to_it() {
    setup();
    static NEXT: MethodRef = MethodRef::new(&CALLS, "Next", &["Fixtures.Team"]);
    static FLIP: MethodRef = MethodRef::new(&CALLS, "Flip", &["Fixtures.Big"]);
    static BOXED_TEAM: MethodRef = MethodRef::new(&CALLS, "BoxedTeam", &[]);
    let t: u8 = via(&NEXT).call((1u8,)).unwrap();
    assert_eq!(t, 2);
    let b: i64 = via(&FLIP).call((i64::MIN,)).unwrap();
    assert_eq!(b, i64::MAX);
    let boxed: Object = via(&BOXED_TEAM).call::<_, Option<Object>>(()).unwrap().unwrap();
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
    // Checked downcasts of references.
    assert!(boxed.cast::<IComparable>().is_ok());
    let s = NetString::new("x").unwrap();
    assert_eq!(
        <Int32 as Unbox>::unbox_from(s.as_ref()).unwrap_err(),
        Error::InvalidCast {
            from: "System.String".into(),
            to: "System.Int32".into()
        }
    );
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
    if !remote_skips(remote::CORLIB_INTERFACES) {
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
    }
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
    if remote_skips(remote::METADATA) {
        return;
    }
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
