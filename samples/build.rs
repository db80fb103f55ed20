//! Compiles the sample's game (managed/Arena.cs) with mcs into OUT_DIR, then generates Rust
//! bindings for it with the generator's build.rs API. Neither the DLL nor the bindings are
//! committed: src/lib.rs includes `OUT_DIR/arena_bindings.rs`, whose `init()` loads the DLL by
//! the path recorded here.
//!
//! The sample's `--reload` recompiles the game itself (src/game_folder.rs), so this also
//! hands it the source's and the DLL's paths and the mcs flags, as `ARENA_SOURCE`,
//! `ARENA_DLL` and `ARENA_MCS_FLAGS` (`cargo:rustc-env`); and the path of a second build with
//! `Rules.Mitigate` in C# instead of a native, as `ARENA_MANAGED_RULES_DLL`.

use std::path::PathBuf;
use std::process::Command;

/// Mono's class library, whose `System.Collections.Generic` the sample uses.
const MSCORLIB: &str = "/usr/lib/mono/4.5/mscorlib.dll";

/// How mcs compiles the game, here and when `--reload` recompiles it (no flag has a space).
const MCS_FLAGS: [&str; 4] = ["-nologo", "-target:library", "-optimize+", "-warnaserror+"];

fn main() -> Result<(), cilbind_codegen::Error> {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let source = manifest.join("managed/Arena.cs");
    println!("cargo:rerun-if-changed={}", source.display());
    let dll = out.join("Arena.dll");
    println!("cargo:rustc-env=ARENA_SOURCE={}", source.display());
    println!("cargo:rustc-env=ARENA_DLL={}", dll.display());
    println!("cargo:rustc-env=ARENA_MCS_FLAGS={}", MCS_FLAGS.join(" "));
    let status = Command::new("mcs")
        .args(MCS_FLAGS)
        .arg(format!("-out:{}", dll.display()))
        .arg(&source)
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (bash scripts/ensure-deps.sh installs it): {e}"));
    assert!(status.success(), "mcs failed on {}", source.display());

    // The same game with `Rules.Mitigate` in C# (`-define:MANAGED_RULES`), for a game played with
    // the natives switched off (CoreCLR has none yet). Same assembly name, so the bindings bind
    // it when it is loaded first; its own folder, since the file name is the assembly's.
    let managed_rules = out.join("managed_rules");
    std::fs::create_dir_all(&managed_rules).expect("creating OUT_DIR/managed_rules");
    let managed_rules_dll = managed_rules.join("Arena.dll");
    println!(
        "cargo:rustc-env=ARENA_MANAGED_RULES_DLL={}",
        managed_rules_dll.display()
    );
    let status = Command::new("mcs")
        .args(MCS_FLAGS)
        .arg("-define:MANAGED_RULES")
        .arg(format!("-out:{}", managed_rules_dll.display()))
        .arg(&source)
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (bash scripts/ensure-deps.sh installs it): {e}"));
    assert!(
        status.success(),
        "mcs -define:MANAGED_RULES failed on {}",
        source.display()
    );

    // mscorlib's collections are bound too (only that namespace: compile time), so that Rust
    // can make a `List<int>` of its own and call `List<T>`'s members on what C# returns.
    let bindings = cilbind_codegen::Builder::new()
        .assembly(&dll)
        .assembly(MSCORLIB)
        .namespace("Arena")
        .namespace("System.Collections.Generic")
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for {}: {e}", dll.display()));
    // Anything the generator skipped is a comment in the output; surface it at build time
    // too, so a C# change that loses a member the sample needs is visible before rustc fails.
    // Protected members are skipped by design (only subclasses may call them); mscorlib's
    // skips are the generator's business, listed in the output.
    for skip in bindings.skips() {
        if skip.kind != cilbind_codegen::SkipKind::Protected && skip.assembly == "Arena" {
            println!("cargo:warning=cilbind skipped {}: {}", skip.item, skip.reason);
        }
    }
    bindings
        .write_to_file(out.join("arena_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for {}: {e}", dll.display()));

    // The game's own types again, with what `cilbind::check` needs, for tests/check.rs only
    // (so the sample's binary compiles no test code).
    // README: begin
    cilbind_codegen::Builder::new()
        .assembly(&dll)
        .namespace("Arena")
        .quickcheck(true) // Arbitrary + cilbind::check; needs cilbind's `quickcheck` feature
        .generate()?
        .write_to_file(out.join("arena_checked_bindings.rs"))?;
    // README: end
    Ok(())
}
