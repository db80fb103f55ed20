//! The README's hot-reload example, as written there: a runtime started reloadable, the game
//! loaded from its folder, a rebuild copied over the loaded file, `reload`, `init` again, the
//! old handle stale and the same binding running the new code. (A process of its own: a
//! reload replaces the unit every test of the process runs in; tests/reload.rs goes through
//! every case.)

use std::path::{Path, PathBuf};

use managed_tests::reload as bindings;
use managed_tests::reload::reload::Counter;

/// What a rebuild does: a new build of the game (the fixture's version 2) over the loaded file.
fn rebuild_game(game_dll: &Path) -> std::io::Result<u64> {
    std::fs::copy(managed_tests::reload_fixture("v2"), game_dll)
}

#[test]
fn the_readme_reload_example_runs() -> Result<(), Box<dyn std::error::Error>> {
    let folder = std::env::temp_dir().join(format!("cilbind-reload-readme-{}", std::process::id()));
    std::fs::create_dir_all(&folder)?;
    let game_dll: PathBuf = folder.join("Reload.dll");
    std::fs::copy(managed_tests::reload_fixture("v1"), &game_dll)?;

    // README: begin
    let rt = cilbind::Runtime::start_reloadable()?; // before anything else starts Mono
    rt.load_assembly(&game_dll)?; // from the game's folder, before the bindings' init()
    bindings::init()?;
    let counter = Counter::new(5)?;
    // `mcs` writes the new build over the loaded file.
    rebuild_game(&game_dll)?;
    // SAFETY: no other thread calls into cilbind meanwhile; no low-level Class/Method of the
    // old code is used afterwards.
    let report = unsafe { rt.reload() }?; // ReloadReport: files, handles released, time
    bindings::init()?; // layouts and the function table checked again
    assert_eq!(counter.step(), Err(cilbind::Error::StaleHandle));
    let fresh = Counter::new(5)?; // the same binding runs the new code
                                  // README: end

    assert_eq!(report.assemblies, std::slice::from_ref(&game_dll));
    assert_eq!(fresh.step()?, 7, "version 2 steps by 2");
    std::fs::remove_dir_all(&folder)?;
    Ok(())
}
