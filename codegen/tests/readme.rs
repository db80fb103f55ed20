//! The guide's build-script example (docs/guide.md) is fenced `rust,ignore`: the runtime crate,
//! whose doc tests run the guide, does not depend on the generator. This crate's doc tests compile the
//! same lines as its crate example; this test keeps the two identical.

/// The lines inside the first fenced block opened by `fence` whose first line is `first`.
fn block<'a>(mut lines: impl Iterator<Item = &'a str>, fence: &str, first: &str) -> Option<Vec<&'a str>> {
    loop {
        if lines.next()?.trim_end() == fence {
            let body: Vec<&str> = lines.by_ref().take_while(|l| !l.starts_with("```")).collect();
            if body.first() == Some(&first) {
                return Some(body);
            }
        }
    }
}

#[test]
fn the_guide_shows_the_build_script_the_crate_docs_compile() {
    let readme = include_str!("../../docs/guide.md");
    let docs: Vec<&str> = include_str!("../src/lib.rs")
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    let in_docs = block(docs.into_iter(), "```no_run", "// build.rs").expect("the crate docs' build.rs example");
    let in_readme = block(readme.lines(), "```rust,ignore", "// build.rs").expect("the guide's build.rs example");
    assert_eq!(in_readme, in_docs);
}
