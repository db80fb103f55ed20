//! The README's code that uses generated names cannot be the runtime crate's doc tests (which
//! run the README's `rust` blocks, without generated bindings), so it is fenced `rust,ignore`
//! and `toml`, and each such block must be code that is compiled elsewhere: a region between
//! `// README: begin` and `// README: end` lines (`# README: …` in TOML) of a test, an example
//! or the sample, with its indentation removed, or a file of `examples/` (built and run by
//! `scripts/test.sh`) or consecutive lines of one, or a fenced block of `cilbind_codegen`'s crate
//! docs (its doc tests).
//! `every_code_block_of_the_readme_is_compiled` checks that, so the README cannot drift.

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

/// The markdown files whose code blocks are checked.
const DOCUMENTS: &[&str] = &["README.md", "docs/guide.md", "docs/ARCHITECTURE.md", "docs/TESTING.md"];

/// The folders (searched recursively) and files whose `.rs` and `.toml` files hold the regions.
const SOURCES: &[&str] = &[
    "managed-tests/tests",
    "managed-tests/guest-plugin/src",
    "remote/tests",
    "examples",
    "samples/src",
    "samples/build.rs",
];

/// Repository root (this crate is `managed-tests/`).
fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Every `.rs`/`.toml` file under `path`, skipping build output.
fn source_files(path: &std::path::Path, into: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for e in entries {
            if e.file_name().is_some_and(|n| n != "target") {
                source_files(&e, into);
            }
        }
    } else if path.extension().is_some_and(|x| x == "rs" || x == "toml") {
        into.push(path.to_path_buf());
    }
}

/// `lines` with the indentation they all share removed (blank lines ignored for that).
fn dedent(lines: &[&str]) -> Vec<String> {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or("").trim_end().to_string())
        .collect()
}

/// The compiled snippets: regions, whole example files and codegen's crate-doc blocks.
fn compiled_snippets() -> Vec<(String, Vec<String>)> {
    let root = root();
    let mut files = Vec::new();
    for s in SOURCES {
        source_files(&root.join(s), &mut files);
    }
    let mut snippets = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let name = f.strip_prefix(&root).unwrap().display().to_string();
        let marker = |l: &str, what: &str| {
            let t = l.trim();
            t.strip_prefix("//")
                .or_else(|| t.strip_prefix('#'))
                .map(str::trim)
                .and_then(|t| t.strip_prefix("README:"))
                .map(str::trim)
                .is_some_and(|t| t == what || t.starts_with(&format!("{what} ")))
        };
        let mut i = 0;
        while i < lines.len() {
            if marker(lines[i], "begin") {
                let end = (i + 1..lines.len())
                    .find(|&j| marker(lines[j], "end"))
                    .unwrap_or_else(|| panic!("{name}:{}: a README region without its end", i + 1));
                snippets.push((format!("{name}:{}", i + 2), dedent(&lines[i + 1..end])));
                i = end;
            }
            i += 1;
        }
        if name.starts_with("examples/") {
            snippets.push((name.clone(), lines.iter().map(|l| l.trim_end().to_string()).collect()));
        }
    }
    // Fenced blocks of codegen's crate docs, which its doc tests compile.
    let docs = std::fs::read_to_string(root.join("codegen/src/lib.rs")).unwrap();
    let doc_lines: Vec<&str> = docs
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    for (fence, line, body) in fenced_blocks(&doc_lines) {
        if !fence.contains("ignore") && !fence.contains("text") {
            snippets.push((format!("codegen/src/lib.rs docs, line {line}"), body));
        }
    }
    snippets
}

/// The fenced code blocks of markdown `lines`: the fence line, the 1-based line of the block's
/// first line, and its lines.
fn fenced_blocks(lines: &[&str]) -> Vec<(String, usize, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let fence = lines[i].trim_end();
        if fence.starts_with("```") && fence.len() > 3 {
            let end = (i + 1..lines.len())
                .find(|&j| lines[j].trim_end() == "```")
                .unwrap_or(lines.len());
            let body = lines[i + 1..end].iter().map(|l| l.trim_end().to_string()).collect();
            blocks.push((fence.to_string(), i + 2, body));
            i = end;
        }
        i += 1;
    }
    blocks
}

#[test]
fn every_code_block_of_the_readme_is_compiled() {
    let snippets = compiled_snippets();
    assert!(snippets.len() > 5, "regions are found");
    let mut missing = Vec::new();
    for document in DOCUMENTS {
        let text = std::fs::read_to_string(root().join(document)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (fence, line, body) in fenced_blocks(&lines) {
            if fence != "```rust,ignore" && fence != "```toml" {
                continue;
            }
            // A region or crate-doc block as a whole; a file of `examples/` also in part.
            let found = snippets.iter().any(|(name, s)| {
                *s == body
                    || (name.starts_with("examples/") && !body.is_empty() && s.windows(body.len()).any(|w| w == body))
            });
            if !found {
                missing.push(format!("{document}:{line} ({fence}):\n{}", body.join("\n")));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "blocks that no test, example or crate doc compiles (copy them from the code, between \
         `// README: begin` and `// README: end` lines):\n\n{}",
        missing.join("\n\n")
    );
}
