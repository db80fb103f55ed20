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
