//! Links libmono-2.0 through pkg-config and compiles the runtime's small C# helper (every
//! `managed/*.cs`, into one assembly) with `mcs`; the helper's bytes are embedded in the crate.

use std::path::PathBuf;
use std::process::Command;

const INSTALL: &str = "apt-get install -y mono-runtime mono-mcs libmono-2.0-dev pkg-config";

fn main() {
    println!("cargo:rerun-if-changed=managed");
    let mut sources: Vec<PathBuf> = std::fs::read_dir("managed")
        .expect("runtime/managed exists")
        .map(|e| e.expect("readable runtime/managed").path())
        .filter(|p| p.extension().is_some_and(|x| x == "cs"))
        .collect();
    sources.sort();
    for source in &sources {
        println!("cargo:rerun-if-changed={}", source.display());
    }
    // With `mono-from-process` Mono is found in the process at run time: nothing to link.
    let linked = std::env::var_os("CARGO_FEATURE_MONO_FROM_PROCESS").is_none();
    if linked {
        if let Err(e) = pkg_config::Config::new().atleast_version("6.0").probe("mono-2") {
            panic!(
                "cilbind needs Mono's embedding library (pkg-config package mono-2): {e}\nInstall it with: {INSTALL}"
            );
        }
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let dll = out.join("Cilbind.Runtime.dll");
    let status = Command::new("mcs")
        .args(["-nologo", "-target:library", "-unsafe", "-optimize+", "-warnaserror+"])
        .arg(format!("-out:{}", dll.display()))
        .args(&sources)
        .status()
        .unwrap_or_else(|e| {
            panic!("cannot run mcs to compile the runtime's C# helper: {e}\nInstall it with: {INSTALL}")
        });
    assert!(
        status.success(),
        "mcs failed to compile the runtime's C# helper (runtime/managed/*.cs) ({status})"
    );
}
