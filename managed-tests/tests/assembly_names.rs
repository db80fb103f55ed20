//! Mono keeps one assembly per simple name in a domain: asked to load another file of an
//! already-loaded name, it hands back the loaded assembly. `Runtime::load_assembly` must not
//! pass that off as the new file: loading the same build again (the same file, or a copy of
//! it elsewhere) gives the loaded assembly, and a different build is an error naming both
//! files (tests/reload.rs checks the message under a reloadable unit, which names the way to
//! replace it: `Runtime::reload`).
//!
//! Uses the two builds of `fixtures/versions/Versioned.cs`, whose v1 has the class
//! `Versioned.Gone` and whose v2 does not.

use std::path::{Path, PathBuf};

use cilbind::Error;

fn version(v: &str) -> PathBuf {
    Path::new(env!("FIXTURES_DIR"))
        .join("versions")
        .join(v)
        .join("Versioned.dll")
}

/// `e` is the error for loading `new` while `old` is loaded under the same name.
fn assert_names_both(e: Error, new: &Path, old: &Path) {
    match e {
        Error::AssemblyLoad { path, reason } => {
            assert_eq!(path, new);
            assert!(reason.contains(&old.display().to_string()), "{reason}");
            assert!(reason.contains("Versioned"), "{reason}");
            assert!(reason.contains("another build"), "{reason}");
            // Not reloadable: the message says how a runtime replaces assemblies (on CoreCLR,
            // which does not reload yet, how to run the new build).
            if managed_tests::on_coreclr() {
                assert!(reason.contains("another assembly name"), "{reason}");
            } else {
                assert!(reason.contains("Runtime::start_reloadable"), "{reason}");
            }
        }
        other => panic!("expected AssemblyLoad naming {}, got {other}", old.display()),
    }
}

#[test]
fn a_different_assembly_under_a_loaded_name_is_an_error_naming_both_files() {
    let rt = managed_tests::runtime();
    let (v1, v2) = (version("v1"), version("v2"));
    let first = rt.load_assembly(&v1).unwrap();
    assert!(first.class("Versioned", "Gone").is_ok());

    // The same file again, and a byte-for-byte copy elsewhere: the same build, the loaded one.
    assert_eq!(rt.load_assembly(&v1).unwrap(), first);
    let dir = std::env::temp_dir().join(format!("cilbind-names-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("Versioned.dll");
    std::fs::copy(&v1, &copy).unwrap();
    assert_eq!(rt.load_assembly(&copy).unwrap(), first);

    // Another build under the same name: refused, naming both files, for as long as it lasts.
    for _ in 0..2 {
        assert_names_both(rt.load_assembly(&v2).unwrap_err(), &v2, &v1);
    }
    // A rebuild written over a file already loaded: the file is another build now.
    std::fs::copy(&v2, &copy).unwrap();
    match rt.load_assembly(&copy).unwrap_err() {
        Error::AssemblyLoad { path, reason } => {
            assert_eq!(path, copy);
            assert!(reason.contains("another build"), "{reason}");
        }
        other => panic!("{other}"),
    }

    // Nothing changed: the loaded assembly is v1's, by name too.
    assert_eq!(rt.assembly("Versioned").unwrap(), first);
    assert!(rt.assembly("Versioned").unwrap().class("Versioned", "Gone").is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}
