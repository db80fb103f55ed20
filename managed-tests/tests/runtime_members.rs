//! Members of the types the runtime declares itself (`String`, `Char`, `Int32`, `Double`,
//! `Boolean`, `Object`, `Enum`, `ValueType`), generated from mscorlib as extension traits
//! over `::cilbind::NetString`, `::cilbind::Int32`, … (`managed-tests/build.rs` binds those
//! types with `Builder::type_name`). Every result is checked against the same operation done
//! in Rust; bad input is the managed exception as an `Error`, never a crash.

use cilbind::{Boxing, Char, Double, Error, Int32, NetString, Object, Reference};
use managed_tests::corlib_runtime::system::globalization::CultureInfo;
use managed_tests::corlib_runtime::system::{
    BooleanMethods, CharMethods, DoubleMethods, EnumMethods, Int32Methods, ObjectMethods, StringComparison,
    StringMethods, StringSplitOptions, ValueTypeMethods,
};

fn setup() {
    managed_tests::start_with(managed_tests::corlib_runtime::init);
}

/// The managed exception's type name, or a panic naming what came back instead.
fn exception_type<T: std::fmt::Debug>(r: cilbind::Result<T>) -> String {
    match r {
        Err(Error::ManagedException { type_name, .. }) => type_name,
        other => panic!("expected a managed exception, got {other:?}"),
    }
}

fn units(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn comma() -> Char {
    Char(u16::from(b','))
}

const TEXTS: [&str; 6] = [
    "a,b,,c",
    "",
    "héllo,wörld",
    "no commas here",
    ",leading and trailing,",
    "日本,語",
];

#[test]
fn string_instance_members_match_rust() {
    setup();
    for text in TEXTS {
        let s = NetString::new(text).unwrap();
        let expected_units = units(text);
        assert_eq!(s.length().unwrap() as usize, expected_units.len(), "Length of {text:?}");
        // `Split(params char[])` against `str::split`.
        let parts = s.split(&[comma()]).unwrap().expect("Split never returns null");
        let parts: Vec<String> = parts
            .to_vec()
            .unwrap()
            .into_iter()
            .map(|p| p.expect("no null parts").to_string().unwrap())
            .collect();
        let expected: Vec<&str> = text.split(',').collect();
        assert_eq!(parts, expected, "Split of {text:?}");
        // `Split(char, StringSplitOptions.RemoveEmptyEntries)`.
        let parts = s
            .split_char_string_split_options(comma(), StringSplitOptions::REMOVE_EMPTY_ENTRIES)
            .unwrap()
            .unwrap()
            .to_vec()
            .unwrap()
            .into_iter()
            .map(|p| p.expect("no null parts").to_string().unwrap())
            .collect::<Vec<String>>();
        let expected: Vec<&str> = text.split(',').filter(|p| !p.is_empty()).collect();
        assert_eq!(parts, expected, "Split without empty entries of {text:?}");
        assert_eq!(
            s.contains_string(",").unwrap(),
            text.contains(','),
            "Contains of {text:?}"
        );
        assert_eq!(
            s.contains_char(comma()).unwrap(),
            text.contains(','),
            "Contains(char) of {text:?}"
        );
        let index = expected_units.iter().position(|&u| u == u16::from(b','));
        assert_eq!(
            s.index_of_char(comma()).unwrap(),
            index.map_or(-1, |i| i as i32),
            "IndexOf of {text:?}"
        );
        // These texts have no characters whose invariant upper case differs from Unicode's.
        assert_eq!(
            s.to_upper_invariant().unwrap().as_deref(),
            Some(text.to_uppercase().as_str()),
            "ToUpperInvariant of {text:?}"
        );
        for (start, len) in [(0usize, 0usize), (0, 1), (1, 2), (2, 3)] {
            let r = s.substring_with_length(start as i32, len as i32);
            match expected_units.get(start..start + len) {
                Some(slice) => assert_eq!(
                    units(&r.unwrap().unwrap()),
                    slice,
                    "Substring({start}, {len}) of {text:?}"
                ),
                None => assert_eq!(exception_type(r), "System.ArgumentOutOfRangeException"),
            }
        }
        for (i, &unit) in expected_units.iter().enumerate() {
            assert_eq!(s.chars(i as i32).unwrap(), Char(unit), "Chars[{i}] of {text:?}");
        }
        assert_eq!(
            exception_type(s.chars(expected_units.len() as i32)),
            "System.IndexOutOfRangeException"
        );
    }
}

#[test]
fn string_statics_match_rust() {
    setup();
    let words = ["alpha", "", "gamma", "δέλτα"];
    // `Join(string, params string[])` takes the strings as a slice.
    let items: Vec<Option<&str>> = words.iter().copied().map(Some).collect();
    assert_eq!(
        NetString::join_string_string_array(", ", &items).unwrap().as_deref(),
        Some(words.join(", ").as_str())
    );
    assert_eq!(
        NetString::concat_with_str0_str1("ab", "cd").unwrap().as_deref(),
        Some("abcd")
    );
    // `Concat` treats null as empty.
    assert_eq!(
        NetString::concat_with_str0_str1(None, "cd").unwrap().as_deref(),
        Some("cd")
    );
    assert!(NetString::is_null_or_empty(None).unwrap());
    assert!(NetString::is_null_or_empty("").unwrap());
    assert!(!NetString::is_null_or_empty("x").unwrap());
    assert_eq!(NetString::empty().unwrap().as_deref(), Some(""));
    // `String(char c, int count)`, through the trait (the inherent `NetString::new` takes `&str`).
    let repeated = <NetString as StringMethods>::new_with_c_count(Char(u16::from(b'z')), 4).unwrap();
    assert_eq!(repeated.to_string().unwrap(), "z".repeat(4));
    assert_eq!(
        exception_type(<NetString as StringMethods>::new_with_c_count(
            Char(u16::from(b'z')),
            -1
        )),
        "System.ArgumentOutOfRangeException"
    );
    // `Contains(string, StringComparison)`: an enum argument.
    let s = NetString::new("Hello").unwrap();
    assert!(s
        .contains_string_string_comparison("hello", StringComparison::ORDINAL_IGNORE_CASE)
        .unwrap());
    assert!(!s
        .contains_string_string_comparison("hello", StringComparison::ORDINAL)
        .unwrap());
    assert_eq!(exception_type(s.contains_string(None)), "System.ArgumentNullException");
}

#[test]
fn char_members_match_rust_over_ascii() {
    setup();
    for b in 0u8..128 {
        let c = Char(u16::from(b));
        assert_eq!(Char::is_digit(c).unwrap(), b.is_ascii_digit(), "IsDigit({b})");
        assert_eq!(Char::is_letter(c).unwrap(), b.is_ascii_alphabetic(), "IsLetter({b})");
        assert_eq!(
            Char::to_upper_invariant(c).unwrap(),
            Char(u16::from(b.to_ascii_uppercase())),
            "ToUpperInvariant({b})"
        );
        // An instance member: `this` is passed by pointer through a trampoline.
        assert_eq!(
            c.to_string_net().unwrap(),
            Some(char::from(b).to_string()),
            "Char.ToString() of {b}"
        );
        assert_eq!(
            c.compare_to_char(Char(u16::from(b'M'))).unwrap().signum(),
            (b.cmp(&b'M') as i32).signum()
        );
    }
    // `IsDigit(string, int)`: a string argument with an index checked by .NET.
    assert!(Char::is_digit_with_s_index("a1", 1).unwrap());
    assert_eq!(
        exception_type(Char::is_digit_with_s_index("a1", 2)),
        "System.ArgumentOutOfRangeException"
    );
}

#[test]
fn int32_members_match_rust() {
    setup();
    assert_eq!(Int32::MAX_VALUE, i32::MAX);
    assert_eq!(Int32::MIN_VALUE, i32::MIN);
    let values = [0, 1, -1, 42, 1_000_000, i32::MAX, i32::MIN];
    for v in values {
        let text = v.to_string();
        assert_eq!(Int32::parse(&text).unwrap(), v, "Parse({text})");
        assert_eq!(
            Int32::try_parse_string_out_i32(&text).unwrap(),
            (true, v),
            "TryParse({text})"
        );
        assert_eq!(Int32(v).to_string_net().unwrap(), Some(text.clone()), "ToString of {v}");
        for w in values {
            assert_eq!(
                Int32(v).compare_to_i32(w).unwrap().signum(),
                v.cmp(&w) as i32,
                "{v}.CompareTo({w})"
            );
            assert_eq!(Int32(v).equals_i32(w).unwrap(), v == w);
        }
    }
    for bad in ["x", "", "12a", "1.5"] {
        assert!(bad.parse::<i32>().is_err());
        assert_eq!(
            exception_type(Int32::parse(Some(bad))),
            "System.FormatException",
            "Parse({bad:?})"
        );
        assert_eq!(
            Int32::try_parse_string_out_i32(Some(bad)).unwrap(),
            (false, 0),
            "TryParse({bad:?})"
        );
    }
    let too_big = (i64::from(i32::MAX) + 1).to_string();
    assert!(too_big.parse::<i32>().is_err());
    assert_eq!(exception_type(Int32::parse(&too_big)), "System.OverflowException");
    assert_eq!(exception_type(Int32::parse(None)), "System.ArgumentNullException");
    // `CompareTo(object)`: a boxed Int32 compares, anything else is .NET's ArgumentException.
    let boxed = Int32(7).box_as::<Object>().unwrap();
    assert_eq!(Int32(3).compare_to_object(Some(&boxed)).unwrap(), -1);
    let text = NetString::new("7").unwrap();
    assert_eq!(
        exception_type(Int32(3).compare_to_object(Some(&text))),
        "System.ArgumentException"
    );
}

#[test]
fn double_members_match_rust() {
    setup();
    let invariant = CultureInfo::invariant_culture().unwrap().unwrap();
    for x in [0.0, -0.0, 1.5, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e-300] {
        assert_eq!(Double::is_nan(x).unwrap(), x.is_nan(), "IsNaN({x})");
        assert_eq!(Double::is_infinity(x).unwrap(), x.is_infinite(), "IsInfinity({x})");
    }
    assert!(Double::NAN.is_nan());
    for x in [0.1f64, -2.5, 1234.5678, 1e-7, 6.02214076e23, 0.30000000000000004] {
        let text = x.to_string();
        assert_eq!(
            Double::parse_with_provider(&text, Some(&invariant)).unwrap().to_bits(),
            x.to_bits(),
            "Parse({text})"
        );
        // "R" round-trips: Rust reads back the same bits.
        let printed = Double(x)
            .to_string_with_format_provider("R", Some(&invariant))
            .unwrap()
            .unwrap();
        assert_eq!(
            printed.parse::<f64>().unwrap().to_bits(),
            x.to_bits(),
            "{x} printed as {printed}"
        );
    }
    assert_eq!(
        exception_type(Double::parse_with_provider("one", Some(&invariant))),
        "System.FormatException"
    );
}

#[test]
fn boolean_members_match_rust() {
    setup();
    for (text, value) in [("True", true), ("false", false), (" true ", true)] {
        assert_eq!(cilbind::Boolean::parse_string(text).unwrap(), value, "Parse({text:?})");
    }
    assert_eq!(
        exception_type(cilbind::Boolean::parse_string("yes")),
        "System.FormatException"
    );
    assert_eq!(cilbind::Boolean::true_string().unwrap().as_deref(), Some("True"));
    assert_eq!(
        cilbind::Boolean::new(true).to_string_net().unwrap().as_deref(),
        Some("True")
    );
}

#[test]
fn object_enum_and_value_type_members() {
    setup();
    let a = <Object as ObjectMethods>::new().unwrap();
    let b = <Object as ObjectMethods>::new().unwrap();
    assert!(Object::reference_equals_net(Some(&a), Some(&a)).unwrap());
    assert!(!Object::reference_equals_net(Some(&a), Some(&b)).unwrap());
    assert!(!a.equals_net(Some(&b)).unwrap());
    // The generated binding and the runtime's own call agree.
    assert_eq!(a.get_hash_code_net().unwrap(), a.get_hash_code().unwrap());
    assert_eq!(a.to_string_net().unwrap().as_deref(), Some("System.Object"));
    assert_eq!(
        a.get_type()
            .unwrap()
            .expect("GetType is never null")
            .as_object()
            .type_name()
            .unwrap(),
        "System.RuntimeType"
    );

    // `Enum`: a boxed enum.
    let ordinal = StringComparison::ORDINAL.box_as::<cilbind::Enum>().unwrap();
    assert_eq!(ordinal.to_string_net().unwrap().as_deref(), Some("Ordinal"));
    let both = StringSplitOptions::REMOVE_EMPTY_ENTRIES
        .box_as::<cilbind::Enum>()
        .unwrap();
    let none = StringSplitOptions::NONE.box_as::<cilbind::Enum>().unwrap();
    assert!(both.has_flag(Some(&none)).unwrap());
    assert!(!none.has_flag(Some(&both)).unwrap());
    assert_eq!(
        exception_type(both.has_flag(Some(&ordinal))),
        "System.ArgumentException"
    );

    // `ValueType`: a boxed primitive.
    let five = Int32(5).box_as::<cilbind::ValueType>().unwrap();
    let other_five = Int32(5).box_as::<cilbind::ValueType>().unwrap();
    let six = Int32(6).box_as::<cilbind::ValueType>().unwrap();
    assert_eq!(five.to_string_net().unwrap().as_deref(), Some("5"));
    assert!(five.equals(Some(&other_five)).unwrap());
    assert!(!five.equals(Some(&six)).unwrap());
}
