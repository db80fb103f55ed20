//! Rust's standard traits on bindings of assemblies nobody here wrote (Mono's
//! System.Numerics.Vectors, Debian's Json.NET): operators, `Display`, equality, hashing,
//! ordering and conversions, each going through the .NET member it comes from, checked
//! against values computed in Rust.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use managed_tests::generics::newtonsoft::json::linq::{JObject, JToken, JValue};
use managed_tests::vectors::system::numerics::{Matrix4x4, Vector2, Vector3};

fn vectors() {
    managed_tests::vectors::init().expect("System.Numerics.Vectors loads");
}

fn json() {
    managed_tests::generics::init().expect("bindings load Json.NET");
}

fn v3(x: f32, y: f32, z: f32) -> Vector3 {
    Vector3 { x, y, z }
}

#[test]
fn vector_operators_are_dotnets() {
    vectors();
    let (a, b) = (v3(1.5, -2.0, 4.0), v3(0.25, 8.0, -1.0));
    assert_eq!(a + b, v3(1.75, 6.0, 3.0));
    assert_eq!(a - b, v3(1.25, -10.0, 5.0));
    assert_eq!(
        a * b,
        v3(0.375, -16.0, -4.0),
        "component-wise, as .NET's Vector3 * Vector3"
    );
    assert_eq!(a * 2.0, v3(3.0, -4.0, 8.0));
    assert_eq!(
        2.0 * a,
        v3(3.0, -4.0, 8.0),
        "f32 * Vector3 from op_Multiply(float, Vector3)"
    );
    assert_eq!(a / 2.0, v3(0.75, -1.0, 2.0));
    assert_eq!(-a, v3(-1.5, 2.0, -4.0));
    // Chains read as in C#.
    assert_eq!(a + b * 2.0 - a, v3(0.5, 16.0, -2.0));
    let (p, q) = (Vector2 { x: 3.0, y: 4.0 }, Vector2 { x: -1.0, y: 0.5 });
    assert_eq!(p + q, Vector2 { x: 2.0, y: 4.5 });
}

#[test]
fn matrix_product_is_the_row_by_column_product() {
    vectors();
    let rows = |m: &Matrix4x4| {
        [
            [m.m11, m.m12, m.m13, m.m14],
            [m.m21, m.m22, m.m23, m.m24],
            [m.m31, m.m32, m.m33, m.m34],
            [m.m41, m.m42, m.m43, m.m44],
        ]
    };
    let a = Matrix4x4::create_translation_with_x_position_y_position_z_position(1.0, 2.0, 3.0).unwrap();
    let b = Matrix4x4::create_scale_with_x_scale_y_scale_z_scale(2.0, 3.0, 4.0).unwrap();
    let (ra, rb) = (rows(&a), rows(&b));
    let mut expected = [[0f32; 4]; 4];
    for (i, row) in expected.iter_mut().enumerate() {
        for (j, cell) in row.iter_mut().enumerate() {
            *cell = (0..4).map(|k| ra[i][k] * rb[k][j]).sum();
        }
    }
    assert_eq!(rows(&(a * b)), expected);
    assert_eq!(rows(&(a * 0.5)), ra.map(|r| r.map(|x| x * 0.5)));
}

#[test]
fn vector_equality_is_dotnets_op_equality() {
    vectors();
    assert!(v3(1.0, 2.0, 3.0) == v3(1.0, 2.0, 3.0));
    assert!(v3(1.0, 2.0, 3.0) != v3(1.0, 2.0, 3.5));
    // IEEE comparison, as .NET's `==` on floats: -0 equals 0, NaN equals nothing.
    assert!(v3(0.0, 0.0, 0.0) == v3(-0.0, 0.0, 0.0));
    let nan = v3(f32::NAN, 0.0, 0.0);
    assert!(nan != nan);
}

#[test]
fn display_prints_dotnets_to_string() {
    vectors();
    let v = v3(1.5, 2.0, -3.0);
    // Mono's Vector3.ToString(): "<X, Y, Z>", each number as its shortest round-trip text.
    assert_eq!(format!("{v}"), format!("<{}, {}, {}>", v.x, v.y, v.z));
    // `v.to_string()` is the inherent binding of ToString() (it takes `&self`), so the trait's
    // method is named in full.
    assert_eq!(
        ToString::to_string(&v),
        "<1.5, 2, -3>",
        "ToString::to_string through Display"
    );
    assert_eq!(v.to_string_net().unwrap().as_deref(), Some("<1.5, 2, -3>"));
    assert_eq!(
        format!("[{:>14}]", v),
        "[  <1.5, 2, -3>]",
        "width and alignment are honoured"
    );
}

#[test]
fn json_conversions_are_dotnets_conversion_operators() {
    json();
    let token = |text: &str| JToken::parse(text).unwrap().unwrap();
    // Explicit operators from JToken.
    assert_eq!(i64::try_from(&token("12345678901")).unwrap(), 12_345_678_901);
    assert_eq!(i32::try_from(&token("-7")).unwrap(), -7);
    assert!(bool::try_from(&token("true")).unwrap());
    assert_eq!(f64::try_from(&token("2.5e-3")).unwrap(), 2.5e-3);
    assert_eq!(String::try_from(&token("\"héllo\"")).unwrap(), "héllo");
    assert_eq!(
        Option::<i32>::try_from(&token("null")).unwrap(),
        None,
        "int? of a JSON null"
    );
    assert_eq!(Option::<i32>::try_from(&token("5")).unwrap(), Some(5));
    let err = String::try_from(&token("null")).unwrap_err();
    assert!(matches!(err, cilbind::Error::NullReference(_)), "{err}");
    // A JSON object is not a number: Json.NET's ArgumentException, as an error.
    let err = i32::try_from(&token("{}")).unwrap_err();
    assert!(matches!(err, cilbind::Error::ManagedException { .. }), "{err}");
    // Implicit operators to JToken are `From` (C# converts implicitly), round trip.
    assert_eq!(i64::try_from(&JToken::from(42i64)).unwrap(), 42);
    assert_eq!(String::try_from(&JToken::from("a \"q\"")).unwrap(), "a \"q\"");
    let token: JToken = None::<bool>.into();
    assert_eq!(Option::<bool>::try_from(&token).unwrap(), None);
}

#[test]
fn json_display_equality_hash_and_order() {
    json();
    // Display is Json.NET's ToString(): indented JSON; JObject prints through JToken's
    // override (a virtual call).
    let obj = JObject::parse(r#"{"a":1,"b":[true,null]}"#).unwrap().unwrap();
    let expected = "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    null\n  ]\n}";
    assert_eq!(format!("{obj}"), expected);
    let value = |text: &str| JValue::create_string(text).unwrap().unwrap();
    assert_eq!(format!("{}", value("plain")), "plain");
    // PartialEq through JValue.Equals(JValue): two distinct objects, equal values.
    let (a1, a2, b) = (value("a"), value("a"), value("b"));
    assert!(a1 == a2);
    assert!(a1 != b);
    let hash = |v: &JValue| {
        let mut h = DefaultHasher::new();
        v.hash(&mut h);
        h.finish()
    };
    assert_eq!(hash(&a1), hash(&a2), "equal values hash alike (GetHashCode)");
    // PartialOrd through CompareTo(JValue).
    assert!(a1 < b);
    assert_eq!(a1.cmp(&a2), std::cmp::Ordering::Equal);
}
