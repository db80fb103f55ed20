//! Compiles every C# fixture in fixtures/ with mcs into OUT_DIR (tests find them through the
//! FIXTURES_DIR environment variable set at compile time), then generates Rust bindings for
//! them and for Mono's System.Numerics.Vectors with the generator's build.rs API.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=fixtures");
    let mut sources: Vec<PathBuf> = std::fs::read_dir("fixtures")
        .expect("fixtures/ exists")
        .map(|e| e.expect("readable fixtures/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .collect();
    sources.sort();
    for src in sources {
        let name = src.file_stem().expect("file name").to_string_lossy().into_owned();
        let dll = out.join(format!("{name}.dll"));
        let status = Command::new("mcs")
            .args(["-nologo", "-target:library", "-optimize+", "-warnaserror+", "-unsafe"])
            .arg(format!("-out:{}", dll.display()))
            .arg(&src)
            .status()
            .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
        assert!(status.success(), "mcs failed on {}", src.display());
    }
    println!("cargo:rustc-env=FIXTURES_DIR={}", out.display());

    // Bindings, generated at build time (never committed).
    for (name, input) in [
        ("basics", out.join("Basics.dll")),
        ("game", out.join("Game.dll")),
        ("events", out.join("Events.dll")),
        ("props", out.join("Props.dll")),
        (
            "vectors",
            PathBuf::from("/usr/lib/mono/4.5/System.Numerics.Vectors.dll"),
        ),
    ] {
        let bindings = cilbind_codegen::Builder::new()
            .assembly(&input)
            .generate()
            .unwrap_or_else(|e| panic!("generating bindings for {}: {e}", input.display()));
        bindings
            .write_to_file(out.join(format!("{name}_bindings.rs")))
            .unwrap_or_else(|e| panic!("writing bindings for {}: {e}", input.display()));
    }
}
