//! An assembly's references are found in its own folder: `load_assembly` hands Mono the bytes
//! it checked, named by the file's path, and Mono resolves references from that path's folder.
//! (Its own process: `soundness.rs` loads the same assembly with the dependency missing.)

use managed_tests::fixture_path;

#[test]
fn references_next_to_the_assembly_are_resolved() {
    let dir = std::env::temp_dir().join(format!("cilbind-dependencies-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let absent = fixture_path("UsesAbsent").with_file_name("absent").join("Absent.dll");
    std::fs::copy(&absent, dir.join("Absent.dll")).unwrap();
    std::fs::copy(fixture_path("UsesAbsent"), dir.join("UsesAbsent.dll")).unwrap();
    let rt = managed_tests::runtime();
    let asm = rt.load_assembly(dir.join("UsesAbsent.dll")).unwrap();
    // Replacing the file after loading changes nothing: Mono has the checked bytes.
    std::fs::write(dir.join("UsesAbsent.dll"), b"not an assembly any more").unwrap();
    let class = asm.class("MissingDep", "UsesAbsent").unwrap();
    let take = class.method("Take", &["AbsentNs.AbsentType"]).unwrap();
    assert_eq!(take.return_type().unwrap(), "System.Int32");
    let make = class.methods().find(|m| m.name() == "Make").unwrap();
    assert_eq!(make.return_type().unwrap(), "AbsentNs.AbsentType");
    std::fs::remove_dir_all(&dir).unwrap();
}
