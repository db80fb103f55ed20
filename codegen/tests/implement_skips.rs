//! Rust implementations in the plan's reports (features/implement.cs): every interface or
//! class Rust cannot implement or extend, and every virtual member a Rust subclass keeps the
//! base behaviour of, is a skip (item `implement …`) with a category and a sentence, in
//! `Bindings::skips` (so in `--explain`) and in the summary's implementation counts, apart
//! from the member counts (the public surface).

mod common;

use cilbind_codegen::{Bindings, Builder, SkipKind};
use std::collections::BTreeMap;
use std::path::Path;

fn bindings() -> Bindings {
    let dir = common::temp_dir("implement_skips");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/features/implement.cs");
    let dll = common::mcs_path(&dir, &source, "Feature.dll");
    Builder::new().assembly(&dll).generate().expect("generate")
}

#[test]
fn implementation_skips_are_reported_with_category_and_reason() {
    let b = bindings();
    let skips: Vec<(&str, SkipKind, &str)> = b
        .skips()
        .iter()
        .filter(|s| s.item.starts_with("implement "))
        .map(|s| (s.item.as_str(), s.kind, s.reason.as_str()))
        .collect();
    assert_eq!(
        skips,
        [
            (
                "implement Hidden",
                SkipKind::Constructor,
                "cannot be extended in Rust: no accessible constructor"
            ),
            (
                "implement Holder",
                SkipKind::OpenGeneric,
                "generic classes are not extended in Rust yet"
            ),
            (
                "implement IGenericOnly",
                SkipKind::OpenGeneric,
                "member `IGenericOnly.Take`: generic methods are not implemented in Rust yet"
            ),
            (
                "implement INotifier",
                SkipKind::Implementation,
                "declares events: not implemented in Rust yet"
            ),
            (
                "implement Shape.Toggle",
                SkipKind::Implementation,
                "keeps its base behaviour for Rust subclasses: parameter `on` (&mut bool) cannot be forwarded \
                 to the base"
            ),
            (
                "implement Shape.Limit",
                SkipKind::Nullable,
                "keeps its base behaviour for Rust subclasses: parameter `most`: a Nullable<T> does not cross \
                 from C# to Rust yet"
            ),
        ]
    );
    assert!(b
        .skips()
        .iter()
        .filter(|s| s.item.starts_with("implement "))
        .all(|s| s.assembly == "Feature"));

    let s = b.summary();
    // IScorer and IRanked, which extends it (…Impl), and Shape (…Overrides); Canvas has no
    // overridable member of its own and Closed is sealed: neither is a skip.
    assert_eq!(s.implementations_bound, 3);
    assert_eq!(
        s.implementations_skipped,
        BTreeMap::from([
            (SkipKind::OpenGeneric, 2),
            (SkipKind::Nullable, 1),
            (SkipKind::Constructor, 1),
            (SkipKind::Implementation, 2),
        ])
    );
    let text = s.to_string();
    assert!(
        text.contains(
            "types Rust implements or extends: 3 (implementation skips: 6)\n\
             \x20      2  open generic type parameter\n\
             \x20      1  Nullable<T>\n\
             \x20      1  constructor Rust can't call\n\
             \x20      2  not implementable or overridable in Rust yet\n"
        ),
        "{text}"
    );
    // Counted apart: the members are the public surface, which binds (or skips) them for
    // Rust to call whatever Rust subclasses can override.
    let members_skipped = s.members_skipped_total() + s.instance_members_skipped_total();
    assert_eq!(
        b.skips().len(),
        s.types_skipped_total() + members_skipped + s.natives_skipped_total() + 6
    );
    assert!(b.coverage().iter().any(|r| r.type_name == "Features.Implement.Shape"
        && r.key.starts_with("Limit(")
        && r.to_string().contains("\tbound\t")));
}
