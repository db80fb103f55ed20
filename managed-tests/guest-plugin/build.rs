//! Compiles the test's host program (managed/Game.cs, with cilbind's guest bootstrap
//! runtime/managed/guest/Cilbind.Guest.cs as a game compiles it in) with mcs into
//! OUT_DIR/Game.exe and generates the plugin's bindings from it: the plugin calls the very
//! assembly that loads it; and managed/CollectibleHost.cs, a .NET host that runs Game.exe in a
//! collectible load context, into OUT_DIR/CollectibleHost.exe.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    const BOOTSTRAP: &str = "../../runtime/managed/guest/Cilbind.Guest.cs";
    println!("cargo:rerun-if-changed=managed/Game.cs");
    println!("cargo:rerun-if-changed={BOOTSTRAP}");
    let exe = out.join("Game.exe");
    let status = Command::new("mcs")
        .args(["-nologo", "-target:exe", "-optimize+", "-warnaserror+"])
        .arg(format!("-out:{}", exe.display()))
        .args(["managed/Game.cs", BOOTSTRAP])
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
    assert!(
        status.success(),
        "mcs failed on managed/Game.cs and {BOOTSTRAP} ({status})"
    );
    cilbind_codegen::Builder::new()
        .assembly(&exe)
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for Game.exe: {e}"))
        .write_to_file(out.join("game_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for Game.exe: {e}"));
    println!("cargo:rustc-env=GAME_EXE={}", exe.display());
    // A .NET host that loads Game.exe into a collectible load context of its own.
    println!("cargo:rerun-if-changed=managed/CollectibleHost.cs");
    let host = out.join("CollectibleHost.exe");
    let status = Command::new("mcs")
        .args(["-nologo", "-target:exe", "-optimize+", "-warnaserror+"])
        .arg(format!("-out:{}", host.display()))
        .arg("managed/CollectibleHost.cs")
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
    assert!(status.success(), "mcs failed on managed/CollectibleHost.cs ({status})");
    println!("cargo:rustc-env=COLLECTIBLE_HOST_EXE={}", host.display());
}
