//! Natives in the plan's reports (features/natives.cs): every internal call, whatever its
//! accessibility, has a trait method or is a skip with a category and a sentence, in
//! `Bindings::skips` (so in `--explain`) and in the summary's natives counts; a non-public
//! native gets no Rust→C# binding and is no part of the public surface the coverage counts.

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
            ("native Unit.Scan", SkipKind::Nullable),
            ("native Unit.Make", SkipKind::OpenGeneric)
        ]
    );
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
    // P: Sum, Swap; Unit: Damage, Spawn, Distance, Heal, Armor, get_Level.
    assert_eq!(s.natives_bound, 8);
    assert_eq!(
        s.natives_skipped,
        BTreeMap::from([(SkipKind::Nullable, 1), (SkipKind::OpenGeneric, 1)])
    );
    let text = s.to_string();
    assert!(
        text.contains("natives (C# internal calls Rust implements) with a trait method: 8 (skipped: 2)\n"),
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
