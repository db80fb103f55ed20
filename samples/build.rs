//! Compiles the sample's game (managed/Arena.cs) with mcs into OUT_DIR, then generates Rust
//! bindings for it with the generator's build.rs API. Neither the DLL nor the bindings are
//! committed: src/lib.rs includes `OUT_DIR/arena_bindings.rs`, whose `init()` loads the DLL by
//! the path recorded here.
//!
//! The sample's `--reload` recompiles the game itself (src/game_folder.rs), so this also
//! hands it the source's and the DLL's paths and the mcs flags, as `ARENA_SOURCE`,
//! `ARENA_DLL` and `ARENA_MCS_FLAGS` (`cargo:rustc-env`); and the path of a second build with
//! `Rules.Mitigate` in C# instead of a native, as `ARENA_MANAGED_RULES_DLL`.
//!
//! For `--guest` it compiles the game as a program too: `Arena.exe`, the game with
//! managed/ArenaGuest.cs (whose `Main` loads the sample's cdylib as a plugin) and cilbind's
//! guest bootstrap, beside an `Arena.runtimeconfig.json` for `dotnet`; once with the natives,
//! once with `Rules.Mitigate` in C# (`ARENA_GUEST_EXE`, `ARENA_GUEST_MANAGED_RULES_EXE`).

use std::path::PathBuf;
use std::process::Command;

/// Mono's class library, whose `System.Collections.Generic` the sample uses.
const MSCORLIB: &str = "/usr/lib/mono/4.5/mscorlib.dll";

/// How mcs compiles the game, here and when `--reload` recompiles it (no flag has a space).
const MCS_FLAGS: [&str; 4] = ["-nologo", "-target:library", "-optimize+", "-warnaserror+"];

/// cilbind's guest bootstrap (`cilbind::guest::BOOTSTRAP_CS`), compiled into `Arena.exe` unchanged.
const BOOTSTRAP: &str = "../runtime/managed/guest/Cilbind.Guest.cs";

/// What `dotnet Arena.exe` reads to pick its runtime (`cilbind::guest::RUNTIME_CONFIG_JSON`).
const RUNTIME_CONFIG: &str = "../runtime/managed/guest/netcoreapp3.1.runtimeconfig.json";

/// Compiles `Arena.exe` for `--guest` into `dir` (with `defines`), with its runtimeconfig.
fn compile_guest(manifest: &std::path::Path, dir: &std::path::Path, defines: &[&str]) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    let exe = dir.join("Arena.exe");
    let status = Command::new("mcs")
        .args(["-nologo", "-target:exe", "-optimize+", "-warnaserror+"])
        .args(defines)
        .arg(format!("-out:{}", exe.display()))
        .arg(manifest.join("managed/Arena.cs"))
        .arg(manifest.join("managed/ArenaGuest.cs"))
        .arg(manifest.join(BOOTSTRAP))
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (bash scripts/ensure-deps.sh installs it): {e}"));
    assert!(status.success(), "mcs failed on Arena.exe ({status})");
    std::fs::copy(manifest.join(RUNTIME_CONFIG), dir.join("Arena.runtimeconfig.json"))
        .unwrap_or_else(|e| panic!("writing {}'s runtimeconfig: {e}", exe.display()));
    exe
}

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

    println!("cargo:rerun-if-changed=managed/ArenaGuest.cs");
    println!("cargo:rerun-if-changed={BOOTSTRAP}");
    println!("cargo:rerun-if-changed={RUNTIME_CONFIG}");
    let guest = compile_guest(&manifest, &out.join("guest"), &[]);
    println!("cargo:rustc-env=ARENA_GUEST_EXE={}", guest.display());
    let guest = compile_guest(&manifest, &out.join("guest_managed_rules"), &["-define:MANAGED_RULES"]);
    println!("cargo:rustc-env=ARENA_GUEST_MANAGED_RULES_EXE={}", guest.display());

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
