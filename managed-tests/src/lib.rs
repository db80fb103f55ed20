//! Helpers shared by the integration tests: where the compiled fixtures are, and loading one.

use std::path::PathBuf;

use cilbind::{Assembly, Runtime};

/// Path of the compiled fixture `name` (e.g. `Basics` → `.../Basics.dll`).
pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("FIXTURES_DIR")).join(format!("{name}.dll"))
}

/// Starts the runtime (once per process) and loads the fixture `name`.
pub fn load_fixture(name: &str) -> Assembly {
    let rt = Runtime::get().expect("Mono starts");
    rt.load_assembly(fixture_path(name)).expect("fixture loads")
}
