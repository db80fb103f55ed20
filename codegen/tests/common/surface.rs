//! Checks a generation's coverage listing against reflection: the library's
//! `PUBLIC_SURFACE_CS` (compiled with mcs, run with mono) lists the public members of an
//! assembly, and `CoverageReport::join` looks each up in the listing (the join `cilbind
//! coverage` and COVERAGE.md use). The listing must name exactly the same members (none
//! silently missing, none the generator alone sees, none twice), and the summary's coverage
//! figures must be the report's. Shared by `coverage.rs` and `corlib_builds.rs`.

use cilbind_codegen::{Bindings, Coverage, CoverageReport, PUBLIC_SURFACE_CS};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// `PublicSurface.exe`, compiled once per test binary.
fn counter() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("cilbind-codegen-surface-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        let source = dir.join("PublicSurface.cs");
        std::fs::write(&source, PUBLIC_SURFACE_CS).expect("write the counter's source");
        let exe = dir.join("PublicSurface.exe");
        let out = Command::new("mcs")
            .arg("-nologo")
            .arg(format!("-out:{}", exe.display()))
            .arg(&source)
            .output()
            .expect("run mcs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
        exe
    })
}

/// Reflection's listing of every public member of `dll`.
fn reflect(dll: &Path) -> String {
    let out = Command::new("mono").arg(counter()).arg(dll).output().expect("run mono");
    assert!(
        out.status.success(),
        "PublicSurface on {}: {}",
        dll.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// Generates `dll`, compares its coverage listing with reflection, and returns the report's
/// figures (reflection's members looked up in the listing).
pub fn check(dll: &Path, b: &Bindings) -> Coverage {
    let report = CoverageReport::join("checked", &reflect(dll), b.coverage()).expect("a well-formed listing");
    assert!(
        report.silently_missing.is_empty(),
        "{}: not bound or skipped: {:#?}",
        dll.display(),
        report.silently_missing
    );
    assert!(
        report.generator_only.is_empty(),
        "{}: listed by the generator only (or twice): {:#?}",
        dll.display(),
        report.generator_only
    );
    let coverage = report.coverage;
    assert_eq!(b.summary().coverage, coverage, "{}: summary vs report", dll.display());
    eprintln!(
        "{}: {} public members, {} bound ({:.1}%), skipped {:?}, {} enum values",
        dll.display(),
        coverage.members,
        coverage.bound,
        coverage.percent_bound(),
        coverage.skipped,
        coverage.enum_values
    );
    coverage
}
