//! Fewer layers between a Rust user and a .NET value: string arguments take what the caller
//! has, results annotated never-null are the value, a managed exception displays on one line
//! (the full `ToString()` with `{:#}`), and enums print their member's name. On Debian's
//! Json.NET (a real third-party assembly, no annotations) and `fixtures/Annotated.cs` (C# 8
//! annotations).

use cilbind::{Error, NetString};
use managed_tests::annotated::annotated::Library;
use managed_tests::generics::newtonsoft::json::linq::{JObject, JTokenType};
use managed_tests::generics::newtonsoft::json::DefaultValueHandling;

fn start_json() {
    managed_tests::runtime();
    managed_tests::generics::init().expect("bindings load Json.NET");
}

fn start_annotated() {
    managed_tests::runtime();
    managed_tests::annotated::init().expect("Annotated.dll loads");
}

#[test]
fn a_string_parameter_takes_a_str_a_string_a_net_string_or_none() {
    start_json();
    // `JObject.Parse(string)` with a `&str`, as C# writes it.
    let obj = JObject::parse(r#"{"name": "Ada", "level": 3}"#).unwrap().unwrap();
    let text = String::from("name");
    let net = NetString::new("level").unwrap();
    // `&String`, `String`, `&NetString` and `NetString` reach C# as the same string.
    for value in [
        obj.get_value(&text).unwrap(),
        obj.get_value(text.clone()).unwrap(),
        obj.get_value(&net).unwrap(),
        obj.get_value(net.clone()).unwrap(),
        obj.get_value(Some("name")).unwrap(),
    ] {
        assert!(value.is_some());
    }
    assert_eq!(
        obj.get_value("level")
            .unwrap()
            .unwrap()
            .to_string_net()
            .unwrap()
            .as_deref(),
        Some("3")
    );
    assert!(obj.get_value("missing").unwrap().is_none());
    // `None` is null: `JObject.Parse(null)` throws `ArgumentNullException`.
    let err = JObject::parse(None).unwrap_err();
    assert!(
        matches!(&err, Error::ManagedException { type_name, .. } if type_name == "System.ArgumentNullException"),
        "{err:#}"
    );
}

#[test]
fn strings_of_every_form_reach_csharp_alike() {
    start_annotated();
    let owned = String::from("four");
    let net = NetString::new("fives").unwrap();
    assert_eq!(Library::length("one").unwrap(), 3);
    assert_eq!(Library::length(&owned).unwrap(), 4);
    assert_eq!(Library::length(owned.clone()).unwrap(), 4);
    assert_eq!(Library::length(&net).unwrap(), 5);
    assert_eq!(Library::length(net).unwrap(), 5);
    assert_eq!(Library::length(Some("two")).unwrap(), 3);
    assert_eq!(Library::length(None).unwrap(), -1);
    let absent: Option<String> = None;
    assert_eq!(Library::length(absent.as_deref()).unwrap(), -1);
    assert_eq!(Library::join("a", None).unwrap(), "a+null");
}

#[test]
fn a_managed_exception_displays_on_one_line_and_in_full_with_the_alternate_flag() {
    start_json();
    let err = JObject::parse("x").unwrap_err();
    // .NET's `Message` with its type, on one line (Json.NET 5 counts lines and positions
    // from 0 here).
    assert_eq!(
        err.to_string(),
        "Newtonsoft.Json.JsonReaderException: Unexpected character encountered while parsing value: x. \
         Path '', line 0, position 0."
    );
    // `{:#}`: `Exception.ToString()`, the stack trace included.
    let full = format!("{err:#}");
    let stack = err
        .managed_stack_trace()
        .expect("a managed exception has a stack trace");
    assert!(stack.contains("Newtonsoft.Json.JsonTextReader"), "{stack}");
    assert_eq!(full, format!("{err}\n{stack}"));
    // A message Mono writes on two lines (`ArgumentNullException`'s parameter name) is one;
    // .NET Core words it on one line itself.
    let err = JObject::parse(None).unwrap_err();
    if managed_tests::on_coreclr() {
        assert_eq!(
            err.to_string(),
            "System.ArgumentNullException: Value cannot be null. (Parameter 's')"
        );
        assert!(format!("{err:#}").starts_with("System.ArgumentNullException: Value cannot be null. (Parameter 's')\n"));
    } else {
        assert_eq!(
            err.to_string(),
            "System.ArgumentNullException: Value cannot be null. Parameter name: s"
        );
        assert!(
            format!("{err:#}").starts_with("System.ArgumentNullException: Value cannot be null.\nParameter name: s\n")
        );
    }
}

#[test]
fn an_enum_prints_its_member_name() {
    start_json();
    let obj = JObject::parse("{}").unwrap().unwrap();
    assert_eq!(format!("{:?}", obj.r#type().unwrap()), "JTokenType::OBJECT");
    assert_eq!(format!("{:?}", JTokenType::STRING), "JTokenType::STRING");
    // A value no member has prints as the number.
    assert_eq!(format!("{:?}", JTokenType(99)), "JTokenType(99)");
    // `[Flags]`: the names of the bits set.
    assert_eq!(
        format!("{:?}", DefaultValueHandling::IGNORE | DefaultValueHandling::POPULATE),
        "DefaultValueHandling(IGNORE | POPULATE)"
    );
}

#[test]
fn a_result_annotated_never_null_is_the_value() {
    start_annotated();
    let lib = Library::new("Hall").unwrap();
    // `string`, `Library`, `int[]`, `string[]`: no `Option` to unwrap.
    let name: String = lib.name().unwrap();
    assert_eq!(name, "Hall");
    let me: Library = lib.self_().unwrap();
    assert_eq!(me.title().unwrap(), "The Hall");
    assert_eq!(lib.counts().unwrap(), [1, 2, 3]);
    assert_eq!(lib.titles().unwrap().len().unwrap(), 2);
    // `ToString()` annotated non-null: a `String`, and `Display` prints it.
    assert_eq!(lib.to_string_net().unwrap(), "Library Hall");
    assert_eq!(format!("{lib}"), "Library Hall");
    // `string?` stays an `Option`.
    assert_eq!(lib.find("a").unwrap().as_deref(), Some("found a"));
    assert_eq!(lib.find("b").unwrap(), None);
    // Annotations are not enforced: null anyway is an error naming the method, not a panic.
    let err = lib.broken().unwrap_err();
    assert!(
        matches!(&err, Error::NullReference(why) if why.contains("Library.Broken")),
        "{err}"
    );
}
