//! References resolved as Mono resolves them at run time: a strong-named reference in Mono's
//! GAC (by exact name, version, culture and token) before any folder, which is where Debian
//! registers the libraries it installs each in a folder of its own (`/usr/lib/cli/NAME-VERSION/`).
//! `Bindings::assemblies` and `cilbind generate --explain` say where each was found.

mod common;

use cilbind_codegen::{Builder, Found};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Debian's dbus-sharp-glib (`libdbus-glib2.0-cil`, which `scripts/ensure-deps.sh` installs)
/// references dbus-sharp, installed by its own package in `/usr/lib/cli/dbus-sharp-2.0/` and
/// registered in Mono's GAC: nowhere in the referencing assembly's folder.
#[test]
fn a_debian_library_finds_its_sibling_in_monos_gac() {
    let glib = Path::new("/usr/lib/cli/dbus-sharp-glib-2.0/dbus-sharp-glib.dll");
    if !glib.is_file() {
        eprintln!(
            "skipped: {} is missing (`bash scripts/ensure-deps.sh` installs libdbus-glib2.0-cil)",
            glib.display()
        );
        return;
    }
    let bindings = Builder::new()
        .assembly(glib)
        .emit_rerun_if_changed(false)
        .generate()
        .expect("dbus-sharp-glib's reference to dbus-sharp resolves");
    let found = bindings.assemblies();
    assert_eq!(found[0].name, "dbus-sharp-glib");
    assert_eq!(found[0].found, Found::Input);
    let dbus = found
        .iter()
        .find(|a| a.name == "dbus-sharp")
        .unwrap_or_else(|| panic!("dbus-sharp is read: {found:?}"));
    assert_eq!(dbus.found, Found::Gac, "{found:?}");
    assert!(
        dbus.path
            .starts_with("/usr/lib/mono/gac/dbus-sharp/2.0.0.0__5675b0c3093115b5"),
        "{found:?}"
    );
    assert!(bindings.inputs().contains(&dbus.path));
    // Mono's class library: mscorlib is no GAC assembly (Mono loads it from its folder).
    let corlib = found.iter().find(|a| a.name == "mscorlib").expect("mscorlib is read");
    assert_eq!(
        (corlib.found, corlib.path.as_path()),
        (Found::Folder, Path::new("/usr/lib/mono/4.5/mscorlib.dll"))
    );
}

/// `Strong.dll`, installed with `gacutil -i -root` into a GAC of the test's own and removed
/// from its folder, and `UsesStrong.dll` referencing it from another folder.
fn strong_in_a_gac() -> (PathBuf, PathBuf) {
    let dir = common::temp_dir("gac");
    let (lib, uses, prefix) = (dir.join("lib"), dir.join("uses"), dir.join("prefix"));
    for d in [&lib, &uses] {
        std::fs::create_dir_all(d).unwrap();
    }
    let strong = lib.join("Strong.dll");
    let fixture = |name: &str| common::fixture(&format!("gac/{name}"));
    let run = |cmd: &mut Command| {
        let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
        assert!(
            out.status.success(),
            "{cmd:?}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    };
    run(Command::new("mcs")
        .args(["-nologo", "-target:library"])
        .arg(format!("-keyfile:{}", fixture("Strong.snk").display()))
        .arg(format!("-out:{}", strong.display()))
        .arg(fixture("Strong.cs")));
    run(Command::new("mcs")
        .args(["-nologo", "-target:library"])
        .arg(format!("-r:{}", strong.display()))
        .arg(format!("-out:{}", uses.join("UsesStrong.dll").display()))
        .arg(fixture("UsesStrong.cs")));
    // `-root DIR` installs into DIR/mono/gac: MONO_GAC_PREFIX=P searches P/lib/mono/gac.
    run(Command::new("gacutil")
        .arg("-i")
        .arg(&strong)
        .arg("-root")
        .arg(prefix.join("lib")));
    std::fs::remove_file(&strong).unwrap();
    (uses.join("UsesStrong.dll"), prefix)
}

fn cli(dll: &Path, gac_prefix: Option<&Path>) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cilbind"));
    cmd.args(["generate", "--explain", "--out"])
        .arg(dll.with_file_name("bindings.rs"))
        .arg(dll)
        .env_remove("MONO_GAC_PREFIX");
    if let Some(p) = gac_prefix {
        cmd.env("MONO_GAC_PREFIX", p);
    }
    cmd.output().expect("run cilbind")
}

#[test]
fn a_reference_in_the_gac_of_mono_gac_prefix_is_found_as_mono_finds_it() {
    let (uses, prefix) = strong_in_a_gac();
    let gac_folder = prefix.join("lib/mono/gac/Strong/1.2.3.4__dc2524230b1ee74f");
    assert!(gac_folder.join("Strong.dll").is_file(), "gacutil installed it there");

    let run = cli(&uses, Some(&prefix));
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| *l != "assembly\tfound\tpath")
        .skip(1)
        .take_while(|l| *l != "item\tcategory\treason")
        .collect();
    assert_eq!(table[0], format!("UsesStrong\tinput\t{}", uses.display()), "{stdout}");
    let strong = format!("Strong\tgac\t{}", gac_folder.join("Strong.dll").display());
    assert!(table.contains(&strong.as_str()), "{stdout}");
    assert!(
        table.contains(&"mscorlib\tfolder\t/usr/lib/mono/4.5/mscorlib.dll"),
        "{stdout}"
    );
    let rust = std::fs::read_to_string(uses.with_file_name("bindings.rs")).unwrap();
    assert!(
        rust.contains("pub fn as_shape("),
        "Square's method, whose result is Strong's Shape"
    );

    // Without the prefix Mono would not find it either: the error names the GAC folder of
    // the exact identity (Mono's own GAC) first, then the folders searched.
    let run = cli(&uses, None);
    assert!(!run.status.success());
    let stderr = String::from_utf8_lossy(&run.stderr);
    let dir = uses.parent().unwrap().display().to_string();
    assert!(
        stderr.contains(&format!(
            "references assembly 'Strong', which was not found in: \
             /usr/lib/mono/gac/Strong/1.2.3.4__dc2524230b1ee74f, {dir}, /usr/lib/mono/4.5"
        )),
        "{stderr}"
    );
}
