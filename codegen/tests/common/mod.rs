//! Test helpers: compile C# fixtures with Mono's `mcs` into a fresh temporary directory.
#![allow(dead_code)] // each test binary uses a different subset

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The fixture sources.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// A new empty directory under the system temp dir, unique per process and call.
pub fn temp_dir(tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "cilbind-codegen-{tag}-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    dir
}

/// Compiles `source` (a fixture file name) into `dir/<out>` as a library, referencing `refs`.
pub fn mcs(dir: &Path, source: &str, out: &str, refs: &[&Path]) -> PathBuf {
    compile(dir, &fixture(source), out, refs)
}

/// Compiles the C# file `source` into `dir/<out>` as a library.
pub fn mcs_path(dir: &Path, source: &Path, out: &str) -> PathBuf {
    compile(dir, source, out, &[])
}

fn compile(dir: &Path, source: &Path, out: &str, refs: &[&Path]) -> PathBuf {
    let out_path = dir.join(out);
    let mut cmd = Command::new("mcs");
    cmd.arg("-target:library").arg("-unsafe").arg("-nowarn:67,169,649,414");
    cmd.arg(format!("-out:{}", out_path.display()));
    for r in refs {
        cmd.arg(format!("-r:{}", r.display()));
    }
    cmd.arg(source);
    let output = cmd.output().expect("run mcs (install mono-mcs)");
    assert!(
        output.status.success(),
        "mcs failed: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    out_path
}

/// `Fixture.cs` compiled into a fresh directory.
pub fn fixture_dll() -> PathBuf {
    mcs(&temp_dir("fixture"), "Fixture.cs", "Fixture.dll", &[])
}
