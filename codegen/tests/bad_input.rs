//! Bad input: every failure is an error naming the file, and the CLI exits non-zero with it.

mod common;

use cilbind_codegen::{Builder, Error};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `cilbind generate <dll> --out <dir>/out.rs`; returns (exit code, stderr).
fn cli(dll: &Path) -> (Option<i32>, String) {
    let out = dll.with_extension("rs");
    let output = Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .arg("generate")
        .arg(dll)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("run cilbind");
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn generate(dll: &Path) -> Error {
    match Builder::new().assembly(dll).generate() {
        Ok(_) => panic!("{} must fail", dll.display()),
        Err(e) => e,
    }
}

fn assert_cli_fails(dll: &Path, needle: &str) {
    let (code, stderr) = cli(dll);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(&dll.display().to_string()), "{stderr}");
    assert!(stderr.contains(needle), "{stderr}");
}

#[test]
fn missing_file() {
    let dll = common::temp_dir("missing").join("Nope.dll");
    assert!(matches!(generate(&dll), Error::Io { path, .. } if path == dll));
    assert_cli_fails(&dll, "cannot read");
}

#[test]
fn text_file_renamed_dll() {
    let dll = common::temp_dir("text").join("Text.dll");
    std::fs::write(&dll, "this is not an assembly\n").unwrap();
    assert!(matches!(generate(&dll), Error::NotAnAssembly { .. }));
    assert_cli_fails(&dll, "is not a .NET assembly");
}

#[test]
fn truncated_dll() {
    let real = common::fixture_dll();
    let bytes = std::fs::read(&real).unwrap();
    // Cut at several points: inside the PE headers, in the middle, and just before the end.
    for cut in [200, bytes.len() / 2, bytes.len() - 100] {
        let dll = common::temp_dir("truncated").join("Truncated.dll");
        std::fs::write(&dll, &bytes[..cut]).unwrap();
        match generate(&dll) {
            Error::CorruptMetadata { path, reason } => {
                assert_eq!(path, dll);
                assert!(!reason.is_empty());
            }
            other => panic!("cut at {cut}: {other}"),
        }
        assert_cli_fails(&dll, "truncated or corrupt metadata");
    }
}

#[test]
fn missing_referenced_assembly() {
    let dir = common::temp_dir("unresolved");
    let b = common::mcs(&dir, "LibB.cs", "LibB.dll", &[]);
    let a: PathBuf = common::mcs(&dir, "LibA.cs", "LibA.dll", &[&b]);
    // With B present everything resolves.
    let ok = Builder::new().assembly(&a).generate().unwrap();
    assert_eq!(ok.summary().types_bound, 1);
    std::fs::remove_file(&b).unwrap();
    match generate(&a) {
        Error::UnresolvedAssembly {
            referenced_by,
            assembly,
            searched,
        } => {
            assert_eq!(referenced_by, a);
            assert_eq!(assembly, "LibB");
            assert!(searched.contains(&dir));
        }
        other => panic!("{other}"),
    }
    assert_cli_fails(&a, "references assembly 'LibB', which was not found");
}

#[test]
fn cli_success_prints_summary() {
    let dll = common::fixture_dll();
    let out = dll.with_file_name("bindings.rs");
    let output = Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .args(["generate", "--namespace", "Fixture.Enums", "--out"])
        .arg(&out)
        .arg(&dll)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("types bound: 6"), "{stdout}");
    assert!(stdout.contains("members skipped: 0"), "{stdout}");
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("pub struct Plain(pub i32);"));
}

/// A copy of the fixture with `edit` applied to its bytes, and the layout the checker found.
fn corrupted_fixture(tag: &str, edit: impl FnOnce(&mut Vec<u8>, &cilbind_image_check::CheckedImage)) -> PathBuf {
    let bytes = std::fs::read(common::fixture_dll()).unwrap();
    let image = cilbind_image_check::check(&bytes).expect("the fixture is valid");
    let mut bytes = bytes;
    edit(&mut bytes, &image);
    let dll = common::temp_dir(tag).join("Fixture.dll");
    std::fs::write(&dll, bytes).unwrap();
    dll
}

/// Runs the CLI and checks it fails with exactly one error line naming the file and `needle`,
/// and no panic text.
fn assert_one_clean_line(dll: &Path, needle: &str) {
    let (code, stderr) = cli(dll);
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_cli_fails(dll, needle);
}

#[test]
fn huge_row_count_is_an_error_not_an_abort() {
    // The error names the table whose rows do not fit in the #~ stream.
    let dll = corrupted_fixture("rowcount", |bytes, image| {
        let present: Vec<usize> = (0..image.tables.rows.len())
            .filter(|&t| image.tables.rows[t] != 0)
            .collect();
        let slot = present.iter().position(|&t| t == 0x06).expect("MethodDef table");
        let at = image.tables.row_counts.start + 4 * slot;
        bytes[at..at + 4].copy_from_slice(&0x00F0_0000u32.to_le_bytes());
    });
    match generate(&dll) {
        Error::CorruptMetadata { path, reason } => {
            assert_eq!(path, dll);
            assert!(reason.contains("MethodDef"), "{reason}");
        }
        other => panic!("{other}"),
    }
    assert_one_clean_line(&dll, "table MethodDef");
}

#[test]
fn out_of_range_index_is_an_error_not_a_panic() {
    // The error names table, row and column. TypeDef row 2's Extends points far past the
    // TypeRef table.
    let dll = corrupted_fixture("index", |bytes, image| {
        let row = image.tables.ranges[0x02].start + image.tables.row_sizes[0x02];
        // Flags(4) TypeName(2) TypeNamespace(2) then Extends (2 bytes in this small image).
        let at = row + 8;
        bytes[at..at + 2].copy_from_slice(&0xFFF1u16.to_le_bytes());
    });
    match generate(&dll) {
        Error::CorruptMetadata { path, reason } => {
            assert_eq!(path, dll);
            assert!(reason.contains("table TypeDef, row 2, column Extends"), "{reason}");
        }
        other => panic!("{other}"),
    }
    assert_one_clean_line(&dll, "column Extends");
}

/// The mutation test's input (the frozen `tests/corpus/Fixture.cs`, built by mcs) with corpus
/// edits applied (`tests/corpus/generator.txt` syntax).
fn fixture_mutant(tag: &str, edits: &str) -> PathBuf {
    let edits = cilbind_image_check::mutate::parse_edits(edits).unwrap();
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/Fixture.cs");
    let input = common::mcs_path(&common::temp_dir(&format!("{tag}-input")), &source, "Fixture.dll");
    let bytes = std::fs::read(input).unwrap();
    let dll = common::temp_dir(tag).join("Fixture.dll");
    std::fs::write(&dll, cilbind_image_check::mutate::apply(&bytes, &edits)).unwrap();
    dll
}

#[test]
fn mutant_that_aborted_the_generator() {
    // Corpus seed 38: a corrupt row count. Before the image check, dotnetdll tried to allocate
    // 68 GB and the process aborted ("memory allocation of 68451041344 bytes failed").
    let dll = fixture_mutant("abort", "0x4b3:ff060000");
    assert!(matches!(generate(&dll), Error::CorruptMetadata { path, .. } if path == dll));
    assert_one_clean_line(&dll, "truncated or corrupt metadata");
}

#[test]
fn mutant_that_printed_a_dotnetdll_panic() {
    // Corpus seed 1012: before the image check, dotnetdll panicked while decoding. The panic was
    // caught, but the default hook had already printed its text on stderr.
    let dll = fixture_mutant("panic", "0x1324:0f");
    assert!(matches!(generate(&dll), Error::CorruptMetadata { path, .. } if path == dll));
    assert_one_clean_line(&dll, "truncated or corrupt metadata");
}

/// A filter that selects nothing is an error naming the closest namespaces or types (a typo
/// would otherwise bind nothing and succeed), from the library and from the CLI.
#[test]
fn a_filter_that_matches_nothing_names_the_closest() {
    let dll = common::fixture_dll();
    let err = Builder::new()
        .assembly(&dll)
        .namespace("Fixture.Clases")
        .generate()
        .expect_err("a misspelt namespace must fail");
    match &err {
        Error::NothingSelected { kind, filter, closest } => {
            assert_eq!((*kind, filter.as_str()), ("namespace", "Fixture.Clases"));
            assert_eq!(closest.first().map(String::as_str), Some("Fixture.Classes"), "{err}");
        }
        other => panic!("{other}"),
    }
    let err = Builder::new()
        .assembly(&dll)
        .namespace("Fixture.Classes")
        .type_name("Fixture.Structs.Vector")
        .generate()
        .expect_err("a type that does not exist must fail");
    assert!(
        matches!(&err, Error::NothingSelected { kind: "type", closest, .. } if closest.iter().any(|c| c.starts_with("Fixture.Structs."))),
        "{err}"
    );
    // Filters that select something still work together.
    assert!(Builder::new()
        .assembly(&dll)
        .namespace("Fixture.Classes")
        .generate()
        .is_ok());

    let output = Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .arg("generate")
        .arg(&dll)
        .args(["--namespace", "OpenTK.Math", "--out"])
        .arg(dll.with_extension("filter.rs"))
        .output()
        .expect("run cilbind");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("the namespace filter `OpenTK.Math` matches no public type"),
        "{stderr}"
    );
}

#[test]
fn a_blocked_namespace_is_left_out_and_a_misspelt_block_is_an_error() {
    let json = std::path::Path::new("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll");
    let bindings = Builder::new()
        .assembly(json)
        .namespace("Newtonsoft.Json")
        .block("Newtonsoft.Json.Linq")
        .block("Newtonsoft.Json.Schema.JsonSchema")
        .generate()
        .expect("Json.NET without LINQ to JSON generates");
    let types: std::collections::BTreeSet<&str> = bindings.coverage().iter().map(|r| r.type_name.as_str()).collect();
    assert!(
        types.contains("Newtonsoft.Json.JsonConvert"),
        "the rest of the namespace is bound"
    );
    assert!(
        types.contains("Newtonsoft.Json.Schema.JsonSchemaType"),
        "a blocked type's namespace is bound"
    );
    assert!(
        !types
            .iter()
            .any(|t| t.starts_with("Newtonsoft.Json.Linq.") || *t == "Newtonsoft.Json.Schema.JsonSchema"),
        "blocked types have no members bound"
    );
    let err = Builder::new()
        .assembly(json)
        .block("Newtonsoft.Json.Linq.JTokn")
        .generate()
        .expect_err("a block that matches nothing must fail");
    match &err {
        Error::NothingSelected { closest, .. } => {
            assert_eq!(
                closest.first().map(String::as_str),
                Some("Newtonsoft.Json.Linq.JToken"),
                "{err}"
            )
        }
        other => panic!("{other}"),
    }
}
