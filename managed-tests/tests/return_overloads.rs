//! Overloads that differ only by return type (C#'s conversion operators `op_Explicit` and
//! `op_Implicit`; ECMA-335 I.10.2, CLS rule 38): the generated bindings of
//! `fixtures/Conversions.cs` call each its own overload (results checked against the same
//! arithmetic in Rust), a lookup by name and parameters alone is an ambiguity error naming the
//! candidates, mscorlib's `System.Decimal` conversions resolve by return type, and a generic
//! method definition beside a non-generic method of the same parameters is never a candidate.

use cilbind::{invoke, Error, MethodRef, Object, TypeRef, Value};
use managed_tests::conversions::conversions::{Celsius, Fixed};

fn setup() {
    managed_tests::start_with(managed_tests::conversions::init);
}

const RAWS: [i64; 9] = [
    0,
    1,
    -1,
    999,
    1_234_567,
    -1_234_567,
    5_000_000_123_456, // its whole part does not fit 32 bits: the `int` overload wraps
    i64::MAX,
    i64::MIN,
];

#[test]
fn each_fixed_conversion_calls_its_own_overload() {
    setup();
    for raw in RAWS {
        let f = Fixed { raw };
        // Rust's `/` and `%` truncate toward zero, as C#'s do; `as i32` wraps as C#'s
        // unchecked cast does.
        assert_eq!(
            Fixed::op_explicit_to_i32(&f).unwrap(),
            (raw / 1000) as i32,
            "(int) of {raw}"
        );
        assert_eq!(Fixed::op_explicit_to_i64(&f).unwrap(), raw / 1000, "(long) of {raw}");
        assert_eq!(
            Fixed::op_implicit(&f).unwrap().to_bits(),
            (raw as f64 / 1000.0).to_bits(),
            "(double) of {raw}"
        );
        assert_eq!(
            Fixed::op_explicit_to_f32(&f).unwrap().to_bits(),
            ((raw % 1000) as f32).to_bits(),
            "(float) of {raw}"
        );
        assert_eq!(
            Fixed::op_implicit_with_thousandths(raw).unwrap(),
            f,
            "(Fixed) of long {raw}"
        );
    }
    for whole in [0, 1, -1, 42, i32::MAX, i32::MIN] {
        let expected = Fixed {
            raw: i64::from(whole) * 1000,
        };
        assert_eq!(
            Fixed::op_explicit_with_whole(whole).unwrap(),
            expected,
            "(Fixed) of int {whole}"
        );
    }
}

#[test]
fn each_celsius_conversion_calls_its_own_overload() {
    setup();
    for degrees in [0.0, 21.5, 22.5, -40.0, 36.6, -273.15, 1e6] {
        let c = Celsius::new(degrees).unwrap();
        // Math.Round(double) rounds half to even.
        assert_eq!(
            Celsius::op_explicit_to_i32(Some(&c)).unwrap(),
            degrees.round_ties_even() as i32,
            "(int) of {degrees}"
        );
        assert_eq!(
            Celsius::op_explicit_to_f64(Some(&c)).unwrap().to_bits(),
            (degrees * 9.0 / 5.0 + 32.0).to_bits(),
            "(double) of {degrees}"
        );
        assert_eq!(
            Celsius::op_explicit_to_f32(Some(&c)).unwrap().to_bits(),
            ((degrees + 273.15) as f32).to_bits(),
            "(float) of {degrees}"
        );
        let back = Celsius::op_implicit(degrees).unwrap().expect("a new object");
        assert_eq!(back.degrees().unwrap().to_bits(), degrees.to_bits());
    }
}

#[test]
fn a_lookup_without_the_return_type_is_ambiguous_and_names_every_candidate() {
    setup();
    let class = managed_tests::load_fixture("Conversions")
        .class("Conversions", "Fixed")
        .unwrap();
    let e = class.method("op_Explicit", &["Conversions.Fixed"]).unwrap_err();
    let Error::AmbiguousMethod { candidates, .. } = &e else {
        panic!("expected AmbiguousMethod, got {e:?}");
    };
    assert_eq!(candidates.len(), 3, "{e}");
    for ret in ["System.Int32", "System.Int64", "System.Single"] {
        assert!(
            candidates.iter().any(|c| c.starts_with(&format!("{ret} "))),
            "{ret} among {candidates:?}"
        );
        assert!(e.to_string().contains(ret), "{e}");
        // Naming the return type picks exactly that overload.
        let m = class
            .method_with_return("op_Explicit", &["Conversions.Fixed"], ret)
            .unwrap();
        assert_eq!(m.return_type().unwrap(), ret);
        assert_eq!(m.parameter_types().unwrap(), ["Conversions.Fixed"]);
    }
    // A name and parameters that one method alone has need no return type.
    let m = class.method("op_Implicit", &["Conversions.Fixed"]).unwrap();
    assert_eq!(m.return_type().unwrap(), "System.Double");
    // A return type no overload has: not found, and the message says which return was asked.
    let e = class
        .method_with_return("op_Explicit", &["Conversions.Fixed"], "System.Decimal")
        .unwrap_err();
    assert!(
        matches!(&e, Error::MethodNotFound { parameters, .. } if parameters == "Conversions.Fixed -> System.Decimal"),
        "{e:?}"
    );
    assert!(
        e.to_string()
            .contains("op_Explicit(Conversions.Fixed -> System.Decimal)"),
        "{e}"
    );
    // The same through a MethodRef: no silent pick of the first overload.
    static FIXED: TypeRef = TypeRef::new("Conversions", "Conversions", "Fixed");
    static ANY: MethodRef = MethodRef::by_pointer(&FIXED, "op_Explicit", &["Conversions.Fixed"], 1);
    assert!(matches!(ANY.thunk(), Err(Error::AmbiguousMethod { .. })));
    static TO_LONG: MethodRef =
        MethodRef::by_pointer(&FIXED, "op_Explicit", &["Conversions.Fixed"], 1).returning("System.Int64");
    assert_eq!(TO_LONG.method().unwrap().return_type().unwrap(), "System.Int64");
}

static DECIMAL: TypeRef = TypeRef::new("mscorlib", "System", "Decimal");
static FROM_DOUBLE: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Double"]);
static TO_BYTE: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.Byte");
static TO_SBYTE: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.SByte");
static TO_INT16: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.Int16");
static TO_INT32: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.Int32");
static TO_UINT32: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.UInt32");
static TO_INT64: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.Int64");
static TO_SINGLE: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.Single");
static TO_DOUBLE: MethodRef = MethodRef::new(&DECIMAL, "op_Explicit", &["System.Decimal"]).returning("System.Double");

/// `(decimal)x`, boxed.
fn decimal(x: f64) -> Object {
    match invoke(FROM_DOUBLE.method().unwrap(), None, &mut [Value::Double(x)]).unwrap() {
        Value::Object(o) => o,
        other => panic!("a boxed Decimal, got {other:?}"),
    }
}

fn overflows<T: std::fmt::Debug>(r: cilbind::Result<T>) -> bool {
    matches!(r, Err(Error::ManagedException { ref type_name, .. }) if type_name == "System.OverflowException")
}

#[test]
fn mscorlib_decimal_conversions_resolve_by_return_type() {
    setup();
    // Decimal's op_Explicit(Decimal) exists once per primitive: without a return type, the
    // lookup is ambiguous.
    let class = DECIMAL.class().unwrap();
    let Err(Error::AmbiguousMethod { candidates, .. }) = class.method("op_Explicit", &["System.Decimal"]) else {
        panic!("Decimal.op_Explicit(Decimal) is ambiguous without a return type");
    };
    assert!(candidates.len() >= 10, "{candidates:?}");
    // Conversions truncate toward zero and throw OverflowException out of range (C#'s decimal
    // conversions); (decimal)200.9 and (decimal)-1234.75 are exact.
    let d = decimal(200.9);
    assert_eq!(TO_BYTE.thunk().unwrap().call::<_, u8>((&d,)).unwrap(), 200);
    assert!(overflows(TO_SBYTE.thunk().unwrap().call::<_, i8>((&d,))));
    assert_eq!(TO_INT16.thunk().unwrap().call::<_, i16>((&d,)).unwrap(), 200);
    assert_eq!(TO_DOUBLE.thunk().unwrap().call::<_, f64>((&d,)).unwrap(), 200.9);
    assert_eq!(TO_SINGLE.thunk().unwrap().call::<_, f32>((&d,)).unwrap(), 200.9f32);
    let d = decimal(-1234.75);
    assert_eq!(TO_INT32.thunk().unwrap().call::<_, i32>((&d,)).unwrap(), -1234);
    assert_eq!(TO_INT64.thunk().unwrap().call::<_, i64>((&d,)).unwrap(), -1234);
    assert!(overflows(TO_UINT32.thunk().unwrap().call::<_, u32>((&d,))));
    assert!(overflows(TO_BYTE.thunk().unwrap().call::<_, u8>((&d,))));
    assert_eq!(TO_DOUBLE.thunk().unwrap().call::<_, f64>((&d,)).unwrap(), -1234.75);
    assert_eq!(TO_SINGLE.thunk().unwrap().call::<_, f32>((&d,)).unwrap(), -1234.75f32);
}

#[test]
fn a_generic_method_definition_is_not_a_candidate() {
    setup();
    // mscorlib declares `Contract.Requires(bool)` and `Contract.Requires<TException>(bool)`,
    // `Task.FromException(Exception)` and `Task.FromException<TResult>(Exception)`: same name,
    // same parameters (and for `Requires`, the same return type). Only the non-generic one can
    // be called without instantiating it.
    for (namespace, name, method, params) in [
        (
            "System.Diagnostics.Contracts",
            "Contract",
            "Requires",
            &["System.Boolean"][..],
        ),
        (
            "System.Threading.Tasks",
            "Task",
            "FromException",
            &["System.Exception"][..],
        ),
    ] {
        let rt = cilbind::Runtime::get().unwrap();
        let class = rt.assembly("mscorlib").unwrap().class(namespace, name).unwrap();
        let generic = class
            .methods()
            .filter(|m| m.name() == method && m.is_generic_definition())
            .count();
        assert!(generic >= 1, "{name}.{method}<T> exists");
        let m = class.method(method, params).unwrap();
        assert!(!m.is_generic_definition(), "{m}");
        assert_eq!(m.parameter_types().unwrap(), params);
    }
}

#[test]
fn the_lookup_errors_keep_error_small() {
    // `Error` travels in every `Result` (runtime/src/error.rs keeps its payloads boxed): the
    // ambiguity variant and the return type in `MethodNotFound` add nothing to its 96 bytes.
    assert!(std::mem::size_of::<Error>() <= 96, "{}", std::mem::size_of::<Error>());
}
