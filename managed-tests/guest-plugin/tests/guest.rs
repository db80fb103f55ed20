//! Guest mode end to end, on both runtimes: `mono Game.exe` and `dotnet Game.exe` own the
//! process and its CLR, load the Rust plugin (this crate's cdylib) through
//! `[DllImport("guest_plugin")]`, and the plugin adopts that CLR (on CoreCLR through the
//! handover of cilbind's bootstrap, compiled into Game.exe) and calls the game through bindings
//! generated from Game.exe: calls, strings, boxing, handles, closures, interfaces, exceptions.

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

/// Which runtime hosts the game.
enum Host {
    /// `mono Game.exe`, with `MONO_THREADS_SUSPEND` set to this (or unset).
    Mono(Option<&'static str>),
    /// `dotnet Game.exe` (.NET Core 3.1, from the .NET root `scripts/ensure-deps.sh` fills).
    Dotnet,
    /// `dotnet CollectibleHost.exe`, which runs Game.exe in a collectible load context.
    DotnetCollectible,
}

/// The `dotnet` host: `CILBIND_DOTNET_ROOT`'s, else the one `scripts/ensure-deps.sh` unpacks
/// into `$XDG_CACHE_HOME/cilbind/dotnet` (or `~/.cache/cilbind/dotnet`).
fn dotnet() -> PathBuf {
    let root = std::env::var_os("CILBIND_DOTNET_ROOT")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            let cache = std::env::var_os("XDG_CACHE_HOME")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from(std::env::var_os("HOME").expect("HOME is set")).join(".cache"));
            cache.join("cilbind").join("dotnet")
        });
    let dotnet = root.join("dotnet");
    assert!(
        dotnet.is_file(),
        "no dotnet host at {}: run scripts/ensure-deps.sh (or set CILBIND_DOTNET_ROOT)",
        dotnet.display()
    );
    dotnet
}

/// A folder of its own with Game.exe and the plugin beside it (where both runtimes look first
/// for `[DllImport("guest_plugin")]`), and the game run there.
fn run_game(name: &str, host: Host) -> Output {
    run_game_with(name, host, &[])
}

/// [`run_game`] with `args` for Game.exe; with `two`, the plugin is copied a second time as
/// `libguest_plugin2.so`, which the runtime loads as a library of its own.
fn run_game_with(name: &str, host: Host, args: &[&str]) -> Output {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the game's folder");
    std::fs::copy(guest_plugin::GAME_EXE, dir.join("Game.exe")).expect("copy Game.exe");
    std::fs::copy(plugin(), dir.join("libguest_plugin.so")).expect("copy the plugin");
    if args.contains(&"two") {
        std::fs::copy(plugin(), dir.join("libguest_plugin2.so")).expect("copy the plugin again");
    }
    let mut game = match host {
        Host::Mono(suspend) => {
            let mut mono = Command::new("mono");
            mono.env_remove("MONO_THREADS_SUSPEND");
            if let Some(mode) = suspend {
                mono.env("MONO_THREADS_SUSPEND", mode);
            }
            mono
        }
        Host::Dotnet => {
            std::fs::write(dir.join("Game.runtimeconfig.json"), cilbind::guest::RUNTIME_CONFIG_JSON)
                .expect("write the runtimeconfig");
            Command::new(dotnet())
        }
        Host::DotnetCollectible => {
            std::fs::copy(guest_plugin::COLLECTIBLE_HOST_EXE, dir.join("CollectibleHost.exe"))
                .expect("copy CollectibleHost.exe");
            std::fs::write(
                dir.join("CollectibleHost.runtimeconfig.json"),
                cilbind::guest::RUNTIME_CONFIG_JSON,
            )
            .expect("write the runtimeconfig");
            let mut dotnet = Command::new(dotnet());
            dotnet.arg("CollectibleHost.exe");
            dotnet
        }
    };
    if !matches!(host, Host::DotnetCollectible) {
        game.arg("Game.exe");
    }
    game.args(args).current_dir(&dir).env_remove("CILBIND_RUNTIME");
    let output = game
        .output()
        .expect("run the game (mono: apt-get install -y mono-runtime)");
    let _ = std::fs::remove_dir_all(&dir);
    output
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The lines every run prints once the plugin is attached, whatever the runtime.
const ATTACHED: [&str; 32] = [
    "game: plugin attached",
    "game: a racing get got the adopted runtime 1",
    "game: second init ok True",
    "plugin: twice(21) = 42",
    "plugin: greet = Some(\"hello, rust\")",
    "plugin: add = 7",
    "plugin: describe = Some(\"hits=7\")",
    "plugin: inspect int = Some(\"System.Int32 7\")",
    "plugin: unbox int = Int32(7)",
    "plugin: unbox as long = Err(invalid cast from System.Int32 to System.Int64)",
    "plugin: inspect enum = Some(\"GuestGame.Level High\")",
    "plugin: unbox enum = true",
    "plugin: inspect struct = Some(\"GuestGame.Pos (3, 2.5)\")",
    "plugin: unbox struct = true",
    "plugin: unbox C#'s box = -4 0.25",
    "plugin: after a clone's drop = Some(\"hits=7\")",
    "plugin: key resolves = true",
    "plugin: dropped key = Err(stale handle: the object it referred to was released)",
    "plugin: apply = 42",
    "plugin: award = Some(\"doubling 42\")",
    "plugin: award -1 = Some(\"refused: negative score\")",
    "plugin: fail = Err(System.InvalidOperationException: no score today)",
    "plugin: guest on RUNTIME true",
    "plugin: reload = Err(reload: cilbind runs as a guest in the host's runtime (Runtime::attach): the host \
     loaded the code and owns the runtime, so cilbind has no unit of its own to unload; reloading is not \
     supported in guest mode)",
    "game: plugin returned 0",
    "game: from a thread of the game 100",
    "game: last counter hits=7",
    // The closure the plugin keeps runs, the one it dropped throws, its IBonus runs.
    "game: kept before shutdown 6 ObjectDisposedException 5",
    // One closure and the IBonus value were still alive.
    "game: shutdown released 2",
    "game: kept after shutdown ObjectDisposedException ObjectDisposedException ObjectDisposedException",
    "game: unload still loaded after 64 dlclose",
    "game: kept after unload ObjectDisposedException ObjectDisposedException ObjectDisposedException",
];

/// Checks a run's output: exit 0, the plugin's own starts refused with `refusal`, the bad
/// handovers refused (and, on CoreCLR, the missing one), then every call.
fn check_run(output: &Output, runtime: &str, refusal: &str) {
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "{runtime} Game.exe: {}\n{stdout}\n{}",
        output.status,
        text(&output.stderr)
    );
    let mut lines = stdout.lines();
    let mut next = || lines.next().unwrap_or_default().to_owned();
    assert_eq!(next(), format!("game: runtime {runtime}"), "{stdout}");
    for which in ["start", "coreclr start"] {
        let line = next();
        assert!(
            line.starts_with(&format!(
                "plugin: {which} refused: the .NET runtime could not start: {refusal}"
            )),
            "{line}\n{stdout}"
        );
    }
    assert_eq!(next(), "game: plugin's own start refused True", "{stdout}");
    let refused = |line: String, what: &str, why: &str| {
        assert!(
            line.starts_with(&format!("game: {what} refused: the plugin could not start: ")) && line.contains(why),
            "{what}: {line}\n{stdout}"
        );
    };
    refused(
        next(),
        "handover 1",
        "the handover 0x1 is not a pointer to a handover block",
    );
    refused(
        next(),
        "foreign block",
        "the handover is not cilbind's (its first word is 0x7",
    );
    refused(
        next(),
        "version 99",
        "speaks handover version 99, this plugin's cilbind speaks version 1",
    );
    if runtime == "coreclr" {
        refused(
            next(),
            "no handover",
            "the host runs CoreCLR, which exports no embedding API",
        );
    }
    let rest: Vec<String> = std::iter::from_fn(|| lines.next().map(str::to_owned)).collect();
    let expected: Vec<String> = ATTACHED.iter().map(|l| l.replace("RUNTIME", runtime)).collect();
    assert_eq!(rest, expected, "{stdout}");
}

#[test]
fn the_plugin_attaches_to_the_games_mono_and_calls_the_game() {
    let output = run_game("preemptive", Host::Mono(Some("preemptive")));
    check_run(&output, "mono", "Mono already runs in this process");
}

#[test]
fn the_plugin_attaches_to_the_games_coreclr_and_calls_the_game() {
    let output = run_game("dotnet", Host::Dotnet);
    check_run(&output, "coreclr", "CoreCLR already runs in this process");
}

/// Two plugins in one process (the same library loaded twice under two names, so each has
/// its own cilbind): both attach to the game's runtime and run every call of `guest_run`;
/// shutting the first down leaves the second working, a collection included.
fn check_two_plugins(output: &Output, runtime: &str) {
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "{runtime} Game.exe two: {}\n{stdout}\n{}",
        output.status,
        text(&output.stderr)
    );
    let game: Vec<&str> = stdout.lines().filter(|l| l.starts_with("game:")).collect();
    assert_eq!(
        game,
        [
            "game: both attached True",
            "game: first plugin returned 0",
            "game: second plugin returned 0",
            "game: first plugin again returned 0",
            "game: first plugin shut down, released 4",
            "game: second plugin after it returned 0",
            "game: second plugin after a collection returned 0",
        ],
        "{stdout}"
    );
    // Each run printed the same lines as the one-plugin game's (from `plugin: twice` on).
    let one_run: Vec<&str> = ATTACHED.iter().copied().filter(|l| l.starts_with("plugin:")).collect();
    let plugin: Vec<String> = stdout
        .lines()
        .filter(|l| l.starts_with("plugin:"))
        .map(|l| l.replace(runtime, "RUNTIME"))
        .collect();
    assert_eq!(plugin.len(), 5 * one_run.len(), "{stdout}");
    for (i, line) in plugin.iter().enumerate() {
        assert_eq!(line, one_run[i % one_run.len()], "{stdout}");
    }
}

#[test]
fn two_plugins_each_attach_to_the_games_mono() {
    let output = run_game_with("two-mono", Host::Mono(Some("preemptive")), &["two"]);
    check_two_plugins(&output, "mono");
}

#[test]
fn two_plugins_each_attach_to_the_games_coreclr() {
    let output = run_game_with("two-dotnet", Host::Dotnet, &["two"]);
    check_two_plugins(&output, "coreclr");
}

#[test]
fn a_host_without_preemptive_suspend_is_refused_with_the_reason() {
    let output = run_game("hybrid", Host::Mono(None));
    let stdout = text(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}\n{}", text(&output.stderr));
    assert!(
        stdout.contains("game: init failed: the plugin could not start:")
            && stdout.contains("hybrid (or cooperative) thread suspend")
            && stdout.contains("MONO_THREADS_SUSPEND=preemptive"),
        "{stdout}"
    );
}

/// The host unloads the domain the plugin attached in and plays the game again in a new one,
/// twice (Unity reloads its scripts this way; Mono only: .NET has one domain): each domain's
/// bootstrap call adopts it and every call of `guest_run` works there, a thread of the game's
/// included. While a thread of the plugin's that called the game is parked in the domain, the
/// unload is refused (Mono's unloader crashed on such a thread) and the domain goes on working;
/// once that thread left the unit, the unload goes through, and then a call into the plugin
/// from the host's remaining domain, or from the parked thread, is an error that says what
/// happened, never a use of the freed domain.
#[test]
fn a_host_unloading_the_plugins_domain_and_starting_a_new_one() {
    let output = run_game_with("domains", Host::Mono(Some("preemptive")), &["domains"]);
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "mono Game.exe domains: {}\n{stdout}\n{}",
        output.status,
        text(&output.stderr)
    );
    let one_run: Vec<String> = ATTACHED
        .iter()
        .filter(|l| l.starts_with("plugin:"))
        .map(|l| l.replace("RUNTIME", "mono"))
        .collect();
    let unloaded = "reload: the host unloaded the application domain cilbind was attached in (as Unity does when it \
                    reloads its scripts): every handle into it is stale and nothing can run there; the game's code \
                    in its new domain must call the plugin's bootstrap entry (cilbind_guest_init) again first";
    let mut expected = Vec::new();
    for round in 1..=2 {
        expected.push(format!("game: in game domain {round}, init ok"));
        expected.extend(one_run.iter().cloned());
        expected.extend(
            [
                "game: plugin returned 0",
                "game: from a thread of the game 100",
                // The closure the plugin keeps runs, the one it dropped throws, its IBonus runs.
                "game: kept 6 ObjectDisposedException 5",
                "game: a thread of the plugin's parked after 8",
                "game: unload refused: cilbind: threads of the plugin are still in this domain (parked): Mono \
                 cannot unload a domain that a thread parked in native code has as its current one; each must call \
                 cilbind::Runtime::leave_unit() or exit first",
            ]
            .map(String::from),
        );
        expected.push(format!("game: still in game domain {round}, the plugin returned 14"));
        expected.push("game: the plugin's thread left, 0".into());
        expected.push(format!("plugin: error: {unloaded}"));
        expected.push(format!("game: domain {round} unloaded, then the plugin returned 1"));
        expected.push(format!("plugin: error on its parked thread: {unloaded}"));
        expected.push("game: its parked thread returned -1".into());
    }
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines, expected, "{stdout}");
}

/// A .NET host that loads the game into a collectible load context of its own, as Godot's
/// editor does to reload a game's scripts, runs it, unloads the context and starts the game
/// again in a new one, twice (managed/CollectibleHost.cs). In each context the plugin attaches
/// (cilbind follows the context the game is in) and every call of `guest_run` works; once the
/// host unloads the context, a call into the plugin is `Error::Reload`, and the runtime frees
/// the context (cilbind let go of everything it held there); the game's code in the next
/// context attaches the plugin again and it all works there.
#[test]
fn a_game_in_a_collectible_context_of_its_host_is_followed_through_its_unloads() {
    let output = run_game("collectible", Host::DotnetCollectible);
    let stdout = text(&output.stdout);
    assert!(
        output.status.success(),
        "dotnet CollectibleHost.exe: {}\n{stdout}\n{}",
        output.status,
        text(&output.stderr)
    );
    let reload = "plugin: error on the game's thread: reload: the host unloaded the collectible load context of \
                  the game cilbind was following (as an engine's editor does when it reloads the game's scripts): \
                  every handle into it is stale and nothing can run there; the game's code, loaded again, must call \
                  the plugin's bootstrap entry (cilbind_guest_init) again first";
    // What one load of the game that plays prints, ending with the host's line for it: every
    // line guest_run prints, as under `dotnet Game.exe`, then the game's thread and what C#
    // kept of the plugin.
    let played = |round: u32| -> Vec<String> {
        let mut lines = vec!["game: init ok".to_string()];
        lines.extend(
            ATTACHED
                .iter()
                .filter(|l| l.starts_with("plugin: "))
                .map(|l| l.replace("RUNTIME", "coreclr")),
        );
        lines.push("game: plugin returned 0".into());
        lines.push("game: from a thread of the game 100".into());
        lines.push("game: kept 6 ObjectDisposedException 5".into());
        lines.push(format!("host: game {round} returned 0"));
        lines
    };
    let mut expected: Vec<String> = Vec::new();
    for round in 1..=2 {
        expected.extend(played(round));
        expected.push(reload.into());
        expected.push(format!("host: context {round} unloading, then the plugin returned -1"));
        expected.push(format!("host: context {round} freed True"));
    }
    // A third load plays; a fourth beside it is refused: the plugin serves one load of the game
    // at a time (it would otherwise go on calling the third's code for the fourth).
    expected.extend(played(3));
    expected.push(
        "game: init the plugin could not start: unsupported: the game was loaded again (this bootstrap's handover \
         is another load's) while the domain or load context of the game cilbind serves is still loaded: cilbind \
         serves one load of the game at a time; the host must unload the old one first (AppDomain.Unload, \
         AssemblyLoadContext.Unload)"
            .into(),
    );
    expected.push("host: game 4 returned 2".into());
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines, expected, "{stdout}");
}
