//! Expectation tests, one per binding rule: each `features/<name>.cs` is compiled with mcs,
//! bound, and its Rust compared with `features/<name>.rs` beside it (the C# file's comment
//! says which rule it shows). Every expected file is also compiled into this test, so rustc
//! checks it. Refresh them all with `CILBIND_BLESS=1 cargo test -p cilbind-codegen --test features`
//! and review the diff.

mod common;

use std::path::Path;

/// Generated once per expected file and compiled here.
#[allow(dead_code, unused_imports, clippy::all)]
mod expected {
    macro_rules! feature {
        ($($name:ident),* $(,)?) => {
            $(pub mod $name { include!(concat!("features/", stringify!($name), ".rs")); })*
            pub const NAMES: &[&str] = &[$(stringify!($name)),*];
        };
    }
    feature!(
        buffers,
        byref_structs,
        constructors,
        enumerables,
        events_delegates,
        explicit_layout,
        fields_consts,
        flags,
        generics,
        hygiene,
        implement,
        interfaces,
        names,
        natives,
        non_null,
        nullable,
        optional_params,
        overloads,
        pointers,
        ref_objects,
        ref_returns,
        return_overloads,
        skips,
        span,
        std_traits,
        struct_arrays,
        struct_receivers,
        translated,
    );
}

#[test]
fn every_feature_matches_its_expected_rust() {
    let features = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/features");
    let mut sources: Vec<String> = std::fs::read_dir(&features)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    sources.sort();
    assert_eq!(sources, expected::NAMES, "every features/*.cs is listed in `feature!`");
    let bless = std::env::var_os("CILBIND_BLESS").is_some();
    let mut differ = Vec::new();
    for name in &sources {
        let dir = common::temp_dir("feature");
        let dll = common::mcs_path(&dir, &features.join(format!("{name}.cs")), "Feature.dll");
        // Translation into Rust has a feature of its own: the others show their rule on the
        // managed calls.
        let bindings = cilbind_codegen::Builder::new()
            .assembly(&dll)
            .translate_pure_methods(name == "translated")
            .generate()
            .expect("generate");
        // The recorded input path is the only part that depends on the (temporary) directory.
        let dir = std::fs::canonicalize(&dir).unwrap();
        let rust = bindings.to_rust().unwrap().replace(&*dir.to_string_lossy(), "<DIR>");
        let expected_path = features.join(format!("{name}.rs"));
        if bless {
            std::fs::write(&expected_path, &rust).unwrap();
        }
        if std::fs::read_to_string(&expected_path).ok().as_deref() != Some(rust.as_str()) {
            differ.push(name.clone());
        }
    }
    assert!(
        differ.is_empty(),
        "output differs for {differ:?}; rerun with CILBIND_BLESS=1 and review the diff"
    );
}

/// `features/translated.cs`: which methods are translated, and the reason each refused one
/// keeps its managed call.
#[test]
fn translation_reports_every_method_of_a_full_struct() {
    let features = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/features");
    let dir = common::temp_dir("translated");
    let dll = common::mcs_path(&dir, &features.join("translated.cs"), "Feature.dll");
    let bindings = cilbind_codegen::Builder::new()
        .assembly(&dll)
        .generate()
        .expect("generate");
    let decided: Vec<(String, Option<String>)> = bindings
        .translations()
        .iter()
        .map(|t| (t.item.clone(), t.refused.clone()))
        .collect();
    let reason = |item: &str| {
        decided
            .iter()
            .find(|(i, _)| i == item)
            .unwrap_or_else(|| panic!("{item} has a translation decision: {decided:#?}"))
            .1
            .clone()
    };
    for item in [
        "Vec2..ctor",
        "Vec2.Add",
        "Vec2.Dot",
        "Vec2.get_Length",
        "Vec2.Scale",
        "Vec2.op_UnaryNegation",
        "Vec2.Max",
        "Vec2.Equals",
        "Cell.Key",
        "Cell.Next",
        "Cell.Half",
        "Flagged..ctor",
        "Flagged.With",
        "Flagged.get_IsNull",
        "Vec2.Powers",
        // `out`, `ref` written back, `ref` only read, native integers.
        "Range2.TryMake",
        "Range2.Widen",
        "Range2.Width",
        "Range2.SameHandle",
        "Range2.Raw",
    ] {
        assert_eq!(reason(item), None, "{item} is translated");
    }
    let refused = [
        (
            "Vec2.Sine",
            "`System.Math::Sin`, which Mono 6.8's JIT computes with x87 instructions",
        ),
        ("Vec2.Named", "`System.Random::.ctor`, an instance method of a class"),
        ("Vec2.TagLength", "`Features.Translated.Tagged.Tag`: it uses `string`"),
        ("Vec2.SumTo", "a loop whose count the constants do not bound"),
        ("Vec2.GetZero", "LoadStaticField"),
        ("Cell.Per", "may be 0"),
        ("Cell.Checked", "checked arithmetic"),
        (
            "Cell.Scaled",
            "it calls `Features.Translated.Counted::Times`: `Features.Translated.Counted` has a static constructor",
        ),
        (
            "Counted.Times",
            "`Features.Translated.Counted` has a static constructor",
        ),
        (
            "Counted.Doubled",
            "`Features.Translated.Counted` has a static constructor",
        ),
    ];
    for (item, why) in refused {
        let r = reason(item).unwrap_or_else(|| panic!("{item} is refused"));
        assert!(r.contains(why), "{item}: {r:?} says {why:?}");
    }
    // A struct with a reference field is no full struct: its methods are no candidates.
    assert!(decided.iter().all(|(i, _)| !i.starts_with("Tagged.")), "{decided:#?}");
    let s = bindings.summary();
    assert_eq!(s.methods_translated, 20, "{decided:#?}");
    assert_eq!(s.translations_refused, refused.len(), "{decided:#?}");
    // Off: every method keeps its managed call, and nothing is reported.
    let off = cilbind_codegen::Builder::new()
        .assembly(&dll)
        .translate_pure_methods(false)
        .generate()
        .expect("generate");
    assert!(off.translations().is_empty());
    assert!(!off.to_rust().unwrap().contains("translated from the method's IL"));
}

/// `features/fields_consts.cs`: `Bindings::fields` lists every field getter with the path that
/// calls it and its form; constants are no fields.
#[test]
fn the_field_listing_names_each_getter_and_its_form() {
    use cilbind_codegen::FieldForm;
    let features = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/features");
    let dir = common::temp_dir("fields");
    let dll = common::mcs_path(&dir, &features.join("fields_consts.cs"), "Feature.dll");
    let bindings = cilbind_codegen::Builder::new()
        .assembly(&dll)
        .generate()
        .expect("generate");
    let listed: Vec<(&str, bool, &str, &str, FieldForm)> = bindings
        .fields()
        .iter()
        .map(|f| {
            assert_eq!(
                (f.type_name.as_str(), f.assembly.as_str()),
                ("Features.Fields.Settings", "Feature")
            );
            assert_eq!(f.rust_trait, None);
            (
                f.field.as_str(),
                f.is_static,
                f.rust_type.as_str(),
                f.getter.as_str(),
                f.form,
            )
        })
        .collect();
    let settings = "features::fields::Settings";
    assert_eq!(
        listed,
        [
            ("Volume", false, settings, "volume", FieldForm::Primitive),
            ("Name", false, settings, "name", FieldForm::String),
            ("Gain", true, settings, "gain", FieldForm::Primitive),
            ("Levels", false, settings, "levels", FieldForm::ValueArray),
            ("Next", false, settings, "next", FieldForm::Object),
        ]
    );
}
