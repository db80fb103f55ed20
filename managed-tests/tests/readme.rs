//! The README's example of a generated delegate's typed `from_fn` needs generated bindings,
//! which the runtime crate (whose doc tests run the README) does not have, so the README
//! fences it `rust,ignore`. Here the same lines run against bindings generated from System.dll
//! by build.rs, and a test checks that the README still shows exactly these lines.

/// Generated from System.dll for `Regex`, `MatchEvaluator` and `Capture` (build.rs).
mod bindings {
    include!(concat!(env!("OUT_DIR"), "/regex_bindings.rs"));
}

#[test]
fn a_typed_closure_runs_as_a_generated_delegate() -> Result<(), Box<dyn std::error::Error>> {
    // README: begin
    use bindings::system::text::regular_expressions::{MatchEvaluator, Regex};

    bindings::init()?;
    let double = MatchEvaluator::from_fn(|found| {
        let digits = match found {
            Some(found) => found.value()?.unwrap_or_default(), // Match derefs to Capture
            None => String::new(),
        };
        let n: i64 = digits.parse().unwrap_or(0);
        Ok(Some((2 * n).to_string()))
    })?;
    let text = Regex::replace_with_input_pattern_evaluator("3 apples, 20 pears", r"\d+", Some(&double))?;
    assert_eq!(text.as_deref(), Some("6 apples, 40 pears"));
    // README: end
    Ok(())
}

#[test]
fn the_readme_shows_these_lines() {
    let source = include_str!("readme.rs");
    let here: Vec<&str> = source
        .lines()
        .skip_while(|l| l.trim() != "// README: begin")
        .skip(1)
        .take_while(|l| l.trim() != "// README: end")
        .map(|l| l.strip_prefix("    ").unwrap_or(l))
        .collect();
    assert!(here.len() > 5, "the marked lines are found");
    let readme = include_str!("../../README.md");
    let mut lines = readme.lines();
    let mut blocks = Vec::new();
    while let Some(line) = lines.next() {
        if line == "```rust,ignore" {
            blocks.push(lines.by_ref().take_while(|l| !l.starts_with("```")).collect::<Vec<_>>());
        }
    }
    assert!(
        blocks.contains(&here),
        "README.md has no `rust,ignore` block with these lines:\n{}",
        here.join("\n")
    );
}
