//! The naming rule (`plan::overloads`, `plan::names`) over real assemblies: mscorlib,
//! System.Numerics.Vectors and Json.NET. No bound function, type or constant has a numbered
//! name; every property's getter and setter read `name` / `set_name`; no inherent method is
//! named like a method of a standard trait (which it would hide).

use cilbind_codegen::{Bindings, Builder};
use std::collections::BTreeMap;

/// Methods of std's traits a Rust user calls on any value (`x.clone()`, `x.to_string()`,
/// `T::from(…)`, `x.into_iter()`, …).
const STD: &[&str] = &[
    "clone",
    "clone_from",
    "to_owned",
    "to_string",
    "eq",
    "ne",
    "partial_cmp",
    "cmp",
    "lt",
    "le",
    "gt",
    "ge",
    "hash",
    "fmt",
    "into_iter",
    "from",
    "into",
    "try_from",
    "try_into",
    "default",
    "drop",
    "deref",
    "deref_mut",
    "as_ref",
    "as_mut",
    "borrow",
    "borrow_mut",
    "type_id",
];

/// `name` ends in `_<digits>` that its .NET name (`net`, snake_cased loosely) does not.
fn numbered(name: &str, net: &str) -> bool {
    let Some((_, last)) = name.rsplit_once('_') else {
        return false;
    };
    !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) && !net.ends_with(&format!("_{last}"))
}

/// `[Assembly]Type::Name(…)->…`: the type and the method's name.
fn owner_and_name(signature: &str) -> (&str, &str) {
    let rest = signature.split_once(']').map_or(signature, |(_, r)| r);
    let (ty, rest) = rest.split_once("::").unwrap_or((rest, ""));
    (ty, rest.split_once('(').map_or(rest, |(n, _)| n))
}

/// A property: its type, name and index parameters (a getter and setter pair on it).
type PropertyKey = (String, String, String);

fn check(what: &str, b: &Bindings, min_pairs: usize) {
    let mut problems = Vec::new();
    let mut pairs: BTreeMap<PropertyKey, (Option<String>, Option<String>)> = BTreeMap::new();
    for f in b.functions() {
        let (ty, name) = owner_and_name(&f.signature);
        if numbered(&f.rust_name, name) {
            problems.push(format!("numbered: {} is `{}`", f.member, f.rust_name));
        }
        if STD.contains(&f.rust_name.as_str()) {
            problems.push(format!("hides std's `{}`: {}", f.rust_name, f.member));
        }
        let params = f.signature.split_once('(').map_or("", |(_, p)| p);
        let params = params.rsplit_once(")->").map_or(params, |(p, _)| p);
        if let Some(property) = name.strip_prefix("get_") {
            let key = (ty.to_string(), property.to_string(), params.to_string());
            pairs.entry(key).or_default().0 = Some(f.rust_name.clone());
        } else if let Some(property) = name.strip_prefix("set_") {
            // The setter's last parameter is the value.
            let index = params.rsplit_once(',').map_or("", |(i, _)| i);
            let key = (ty.to_string(), property.to_string(), index.to_string());
            pairs.entry(key).or_default().1 = Some(f.rust_name.clone());
        }
    }
    let mut checked = 0;
    for ((ty, property, _), (getter, setter)) in &pairs {
        if let (Some(g), Some(s)) = (getter, setter) {
            checked += 1;
            let bare = g.trim_start_matches("r#").trim_matches('_');
            if *s != format!("set_{bare}") {
                problems.push(format!("{ty}.{property}: getter `{g}`, setter `{s}`"));
            }
        }
    }
    assert!(checked >= min_pairs, "{what}: {checked} properties with both accessors");
    // Types and constants in the output: nothing numbered either. Functions (trait methods
    // too) are snake_case: a C# spelling is kept only for names differing only in case, which
    // these assemblies do not have.
    let rust = b.to_rust().expect("rust");
    for line in rust.lines() {
        let line = line.trim_start();
        if let Some(rest) = line.strip_prefix("pub fn ").or_else(|| line.strip_prefix("fn ")) {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if name.chars().any(char::is_uppercase) {
                problems.push(format!("not snake_case: {line}"));
            }
        }
        for prefix in ["pub struct ", "pub enum ", "pub trait ", "pub const "] {
            if let Some(rest) = line.strip_prefix(prefix) {
                let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                if numbered(&name, "") {
                    problems.push(format!("numbered item: {line}"));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{what}: {} problems: {:#?}",
        problems.len(),
        &problems[..problems.len().min(40)]
    );
}

#[test]
fn mscorlib_follows_the_naming_rule() {
    let b = Builder::new()
        .assembly("/usr/lib/mono/4.5/mscorlib.dll")
        .generate()
        .expect("generate");
    check("mscorlib", &b, 100);
}

#[test]
fn vectors_and_json_net_follow_the_naming_rule() {
    let vectors = Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .generate()
        .expect("generate");
    check("System.Numerics.Vectors", &vectors, 1);
    let json = Builder::new()
        .assembly("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll")
        .generate()
        .expect("generate");
    check("Newtonsoft.Json", &json, 20);
}

/// `Bindings::name_table` (what `cilbind names` prints) lists the type, then every member as C#
/// declares it beside its Rust item; each bound member's rustdoc starts with that declaration.
#[test]
fn the_name_table_and_the_docs_show_the_csharp_declarations() {
    let json = Builder::new()
        .assembly("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll")
        .type_name("Newtonsoft.Json.Linq.JObject")
        .generate()
        .expect("generate");
    let table = json.name_table("Newtonsoft.Json.Linq.JObject");
    let row = |csharp: &str| {
        table
            .iter()
            .find(|r| r.csharp == csharp)
            .and_then(|r| r.rust.clone())
            .unwrap_or_else(|| panic!("{csharp} in {table:#?}"))
    };
    assert_eq!(
        row("class Newtonsoft.Json.Linq.JObject"),
        "newtonsoft::json::linq::JObject"
    );
    assert_eq!(row("public static JObject Parse(string json)"), "JObject::parse");
    assert_eq!(
        row("public JToken this[string propertyName] { get; }"),
        "JObject::item_with_property_name"
    );
    assert_eq!(
        row("public JToken this[string propertyName] { set; }"),
        "JObject::set_item_with_property_name"
    );
    assert_eq!(
        row("public event PropertyChangedEventHandler PropertyChanged { add; }"),
        "JObject::add_property_changed"
    );
    assert!(
        table.iter().any(|r| r.rust.is_none() && !r.not_bound.is_empty()),
        "skips say why"
    );
    let rust = json.to_rust().expect("rust");
    let mut documented = 0;
    // (JObject declares no public field, whose doc would read "Reads the .NET field …".)
    for r in table
        .iter()
        .filter(|r| r.rust.is_some() && !r.csharp.starts_with("class "))
    {
        assert!(
            rust.contains(&format!("/// Binds `{}` of `Newtonsoft.Json.Linq.JObject`.", r.csharp)),
            "{} is documented with its C# declaration",
            r.csharp
        );
        documented += 1;
    }
    assert!(documented > 20, "{documented}");
    assert!(json.name_table("Newtonsoft.Json.Linq.JArray").is_empty(), "not bound");
}
