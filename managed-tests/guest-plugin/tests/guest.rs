//! Guest mode end to end: `mono Game.exe` owns the process and its Mono, loads the Rust plugin
//! (this crate's cdylib) through `[DllImport("guest_plugin")]`, and the plugin adopts that
//! Mono and calls the game through bindings generated from Game.exe.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The plugin's cdylib as cargo built it for these tests (in `deps/` beside the test binary,
/// or one folder up).
fn plugin() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("test binary folder");
    [
        deps.to_path_buf(),
        deps.parent().expect("target profile folder").to_path_buf(),
    ]
    .into_iter()
    .map(|d| d.join("libguest_plugin.so"))
    .find(|p| p.exists())
    .unwrap_or_else(|| panic!("libguest_plugin.so not found beside {}", exe.display()))
}

/// A folder of its own with Game.exe and the plugin beside it (where Mono looks first for
/// `[DllImport("guest_plugin")]`), and `mono Game.exe` run there.
fn run_game(name: &str, suspend: Option<&str>) -> Output {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the game's folder");
    std::fs::copy(guest_plugin::GAME_EXE, dir.join("Game.exe")).expect("copy Game.exe");
    std::fs::copy(plugin(), dir.join("libguest_plugin.so")).expect("copy the plugin");
    let mut mono = Command::new("mono");
    mono.arg("Game.exe")
        .current_dir(&dir)
        .env_remove("MONO_THREADS_SUSPEND");
    if let Some(mode) = suspend {
        mono.env("MONO_THREADS_SUSPEND", mode);
    }
    let output = mono.output().expect("run mono (apt-get install -y mono-runtime)");
    let _ = std::fs::remove_dir_all(&dir);
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_plugin_attaches_to_the_games_mono_and_calls_the_game() {
    let output = run_game("preemptive", Some("preemptive"));
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "mono Game.exe: {}\n{stdout}\n{}",
        output.status,
        text(&output.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0]
            .starts_with("plugin: start refused: the .NET runtime could not start: Mono already runs in this process"),
        "{stdout}"
    );
    assert_eq!(
        lines[1..],
        [
            "game: plugin's own start refused True",
            "game: handover refused True",
            "game: plugin attached",
            "game: second init ok True",
            "plugin: twice(21) = 42",
            "plugin: greet = Some(\"hello, rust\")",
            "plugin: add = 7",
            "plugin: describe = Some(\"hits=7\")",
            "plugin: apply = 42",
            "plugin: thread attached true",
            "game: plugin returned 0",
            "game: from a thread of the game 100",
            "game: last counter hits=7",
        ],
        "{stdout}"
    );
}

#[test]
fn a_host_without_preemptive_suspend_is_refused_with_the_reason() {
    let output = run_game("hybrid", None);
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{}", text(&output.stderr));
    assert!(
        stdout.contains("game: init failed: the plugin could not start:")
            && stdout.contains("hybrid (or cooperative) thread suspend")
            && stdout.contains("MONO_THREADS_SUSPEND=preemptive"),
        "{stdout}"
    );
}
