//! The coverage listing against reflection (see `common/surface.rs`) for C# fixtures,
//! System.Numerics.Vectors and Newtonsoft.Json (mscorlib: `corlib_builds.rs`, which generates
//! it anyway).

mod common;
#[path = "common/surface.rs"]
mod surface;

use cilbind_codegen::{Builder, Coverage};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root (this crate is `codegen/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn check(dll: &Path) -> Coverage {
    let b = Builder::new().assembly(dll).generate().expect("generate");
    surface::check(dll, &b)
}

#[test]
fn fixtures_agree_with_reflection() {
    // The game fixture, the sample's game and every feature input, as one assembly (one
    // generation and one reflection run instead of fourteen).
    let mut sources = vec![
        root().join("codegen/tests/fixtures/Fixture.cs"),
        root().join("samples/managed/Arena.cs"),
    ];
    let features = std::fs::read_dir(root().join("codegen/tests/features")).expect("features");
    let mut features: Vec<PathBuf> = features
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .collect();
    features.sort();
    sources.extend(features);
    let dll = common::temp_dir("coverage").join("Inputs.dll");
    let out = Command::new("mcs")
        .args(["-nologo", "-target:library", "-unsafe", "-nowarn:67,169,649,414"])
        .arg(format!("-out:{}", dll.display()))
        .args(&sources)
        .output()
        .expect("run mcs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    let c = check(&dll);
    // The inputs exercise every outcome: bound, skipped for many reasons (seven kinds are
    // left since generic members, generic methods and generic structs bind), enum values.
    assert!(c.bound > 250 && c.skipped.len() >= 7 && c.enum_values > 30, "{c:?}");
}

#[test]
fn system_numerics_vectors_agrees_with_reflection() {
    let c = check(Path::new("/usr/lib/mono/4.5/System.Numerics.Vectors.dll"));
    assert!(c.members > 400 && c.bound > 300, "{c:?}");
}

#[test]
fn newtonsoft_json_agrees_with_reflection() {
    // Installed by scripts/ensure-deps.sh (Debian's libnewtonsoft-json5.0-cil).
    let c = check(Path::new("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll"));
    assert!(c.members > 1000 && c.enum_values > 100, "{c:?}");
}

#[test]
fn the_coverage_command_measures_any_assembly() {
    let dll = common::fixture_dll();
    let run = Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .arg("coverage")
        .arg(&dll)
        .arg("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .output()
        .expect("run cilbind");
    let stdout = String::from_utf8(run.stdout).expect("UTF-8");
    assert!(run.status.success(), "{stdout}{}", String::from_utf8_lossy(&run.stderr));
    // The command's figures are the library's join of the same listing.
    let b = Builder::new().assembly(&dll).generate().expect("generate");
    let c = surface::check(&dll, &b);
    let name = dll.file_stem().unwrap().to_str().unwrap();
    let line = format!(
        "{name}: {} public members, {} bound ({:.1}%), {} skipped, 0 silently missing, 0 listed by the generator only; {} enum values ({} bound)",
        c.members,
        c.bound,
        c.percent_bound(),
        c.skipped.values().sum::<usize>(),
        c.enum_values,
        c.enum_values_bound
    );
    assert!(stdout.contains(&line), "{line}\nnot in:\n{stdout}");
    assert!(
        stdout.contains("System.Numerics.Vectors: 459 public members"),
        "{stdout}"
    );

    let markdown = Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .args(["coverage", "--markdown"])
        .arg(&dll)
        .output()
        .expect("run cilbind");
    let text = String::from_utf8(markdown.stdout).expect("UTF-8");
    assert!(
        text.starts_with(cilbind_codegen::CoverageReport::TABLE_HEADER),
        "{text}"
    );
    assert!(text.contains(&format!("### {name}\n\nSkipped, by category:")), "{text}");

    // Not an assembly: an error naming it, status 2 (1 is reserved for a coverage gap).
    let bad = dll.with_file_name("not-an-assembly.dll");
    std::fs::write(&bad, b"MZ but nothing else").unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .arg("coverage")
        .arg(&bad)
        .output()
        .expect("run cilbind");
    assert_eq!(run.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("not-an-assembly.dll"), "{stderr}");
}

#[test]
fn generate_writes_the_listing_with_coverage() {
    let dll = common::fixture_dll();
    let listing = dll.with_file_name("coverage.tsv");
    let run = Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .args(["generate", "--out"])
        .arg(dll.with_file_name("bindings.rs"))
        .arg("--coverage")
        .arg(&listing)
        .arg(&dll)
        .output()
        .expect("run cilbind");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let stdout = String::from_utf8(run.stdout).expect("UTF-8");
    assert!(
        stdout.contains("public members (a property or event counts once): "),
        "{stdout}"
    );
    let text = std::fs::read_to_string(&listing).expect("listing written");
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some(cilbind_codegen::COVERAGE_HEADER));
    let b = Builder::new().assembly(&dll).generate().expect("generate");
    let expected: Vec<String> = b.coverage().iter().map(ToString::to_string).collect();
    assert_eq!(lines.collect::<Vec<_>>(), expected);
    assert!(
        expected
            .iter()
            .any(|l| l.contains("\tmethod\tArea()->System.Double\tbound\t")),
        "{text}"
    );
}
