//! Natives in the plan's reports (features/natives.cs): every internal call, whatever its
//! accessibility, has a trait method or is a skip with a category and a sentence, in
//! `Bindings::skips` (so in `--explain`) and in the summary's natives counts; a non-public
//! native gets no Rust→C# binding and is no part of the public surface the coverage counts;
//! a non-public type is declared for its natives alone.

mod common;

use cilbind_codegen::{Bindings, Builder, SkipKind};
use std::collections::BTreeMap;
use std::path::Path;

fn bindings() -> Bindings {
    let dir = common::temp_dir("natives");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/features/natives.cs");
    let dll = common::mcs_path(&dir, &source, "Feature.dll");
    Builder::new().assembly(&dll).generate().expect("generate")
}

#[test]
fn natives_without_a_trait_method_are_reported_skips() {
    let b = bindings();
    let natives: Vec<_> = b.skips().iter().filter(|s| s.item.starts_with("native ")).collect();
    let listed: Vec<_> = natives.iter().map(|s| (s.item.as_str(), s.kind)).collect();
    assert_eq!(
        listed,
        [
            ("native Imports.Ready", SkipKind::NoRustForm),
            ("native Imports.Length", SkipKind::NoRustForm),
            ("native Unit.Scan", SkipKind::Nullable),
            ("native Unit.Make", SkipKind::OpenGeneric)
        ]
    );
    let natives = &natives[2..];
    assert_eq!(
        natives[0].reason,
        "internal call `Feature.Unit::Scan` has no trait method: parameter `range`: \
         a Nullable<T> does not cross from C# to Rust yet"
    );
    assert_eq!(
        natives[1].reason,
        "internal call `Feature.Unit::Make()` has no trait method: \
         natives of generic types and generic methods are not bound"
    );
    assert!(natives.iter().all(|s| s.assembly == "Feature"));

    let s = b.summary();
    // P: Sum, Swap; Unit: Damage, Spawn, Distance, Heal, Armor, Attach, get_Level;
    // Unit/Secret: Code; Physics: Gravity, Step; Body: Push, Clone; Imports: Mitigate, Step.
    assert_eq!(s.natives_bound, 16);
    assert_eq!(
        s.natives_skipped,
        BTreeMap::from([
            (SkipKind::Nullable, 1),
            (SkipKind::OpenGeneric, 1),
            (SkipKind::NoRustForm, 2)
        ])
    );
    let text = s.to_string();
    assert!(
        text.contains("natives (C# externs Rust implements: internal calls and `__Internal` imports) with a trait method: 16 (skipped: 4)\n"),
        "{text}"
    );
    // Natives are counted apart: the members are the public surface only.
    assert!(!b
        .skips()
        .iter()
        .any(|s| s.item == "Unit.Distance" || s.item == "Unit.Heal"));
}

#[test]
fn non_public_natives_are_implemented_not_bound() {
    let b = bindings();
    let rust = b.to_rust().unwrap();
    // In the trait...
    for m in [
        "fn swap(this: &mut P)",
        "fn distance(from: &P, to: &P)",
        "fn heal(",
        "fn armor(",
        "fn get_level(",
    ] {
        assert!(rust.contains(m), "{m} missing from the natives traits");
    }
    // ...but never callable from Rust, and no part of the public surface.
    for m in [
        "pub fn swap(",
        "pub fn distance(",
        "pub fn heal(",
        "pub fn get_level(",
        "pub fn make",
    ] {
        assert!(!rust.contains(m), "{m} is bound");
    }
    let unit: Vec<&str> = b
        .coverage()
        .iter()
        .filter(|r| r.type_name == "Feature.Unit" || r.type_name == "Feature.P")
        .map(|r| r.key.as_str())
        .collect();
    assert_eq!(
        unit,
        [
            "X",
            "Y",
            "Sum()->System.Int32",
            ".ctor()",
            "Damage(Feature.P,Feature.P&,System.String&)->System.Int32",
            "Spawn(System.String,System.Boolean,System.Int32[],Feature.Unit[])->Feature.Unit",
            "Scan(System.Nullable`1<System.Int32>)->System.Void",
            "NotNative()->System.Int32",
        ]
    );
}

#[test]
fn non_public_types_are_declared_for_their_natives_alone() {
    let b = bindings();
    let rust = b.to_rust().unwrap();
    // Static natives only: a host with no values carries the trait and the table.
    assert!(rust.contains("pub enum Physics {}"), "{rust}");
    assert!(rust.contains("pub trait PhysicsNatives"));
    assert!(rust.contains("impl Physics {"));
    // A private nested type: named as nested public types are.
    assert!(rust.contains("pub enum Unit_Secret {}"));
    assert!(rust.contains("fn code() -> ::cilbind::native::NativeResult<i32>;"));
    // An instance native (and a public type's native naming it): a handle without members.
    assert!(rust.contains("Body(::cilbind::Object),"));
    assert!(rust.contains("It is not public in C#"));
    assert!(rust.contains("this: ::cilbind::native::Lent<'_, Body>"));
    assert!(rust.contains("b: ::core::option::Option<::cilbind::native::Lent<'_, Body>>"));
    // Their other members, and non-public types without natives, are not bound.
    for absent in [
        "pub fn weigh(",
        "pub fn mass(",
        "fn ticks(",
        "Plain",
        "pub fn gravity(",
        "pub fn step(",
    ] {
        assert!(!rust.contains(absent), "{absent} is in the output");
    }
    // None of them is public surface: no coverage row, no bound type, no member skip.
    let coverage = b.coverage();
    let types: std::collections::BTreeSet<&str> = coverage.iter().map(|r| r.type_name.as_str()).collect();
    assert_eq!(types, ["Feature.Imports", "Feature.P", "Feature.Unit"].into());
    assert_eq!(b.summary().types_bound, 3);
    assert!(b
        .skips()
        .iter()
        .all(|s| !s.item.contains("Physics") && !s.item.contains("Body") && !s.item.contains("Secret")));
}
