//! The call replayer against real Mono: the session of `session.rs`, recorded
//! through the generated bindings of `fixtures/Ledger.cs`, replayed in a fresh runtime.
//!
//! Mono cannot start twice in one process, so each replay runs in a child: this binary again,
//! running the ignored `replay_child` test with `REPLAY_*` set, which loads the assembly it is
//! given (the fixture, or `changed/Ledger.dll`, where a withdrawal charges a fee), replays the
//! log and writes the report and the bank's final state to a file the parent reads.
//!
//! Every test holds `session::lock()`: a recording logs the calls of every thread.

use std::collections::HashMap;
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::session::{calls, index_of, lock, record_session};
use cilbind::record::Replayer;
use cilbind::{Cookie, Error, Reference, Runtime};
use managed_tests::ledger::init;
use managed_tests::ledger::ledger::{Account, Bank};

/// What a child replay reported (`key=value` lines), and what its first replay (the README's
/// lines) printed.
pub(crate) struct ChildReport(HashMap<String, String>, String);

impl ChildReport {
    pub(crate) fn get(&self, key: &str) -> &str {
        self.0
            .get(key)
            .unwrap_or_else(|| panic!("the child wrote no {key}: {:?}", self.0))
    }

    /// Checks that the README's replay printed `line` (after libtest's
    /// `test replay::replay_child ... `).
    fn printed(&self, line: &str) {
        assert!(
            self.1.lines().any(|l| l.ends_with(line)),
            "the child printed no {line:?}:\n{}",
            self.1
        );
    }
}

/// Replays `log` in a child process against `assembly`, with the external hook or not
/// (`external_cookie`: the recorded cookie of the external account).
pub(crate) fn replay_in_child(log: &[u8], assembly: &Path, external: bool, external_cookie: Cookie) -> ChildReport {
    replay_in_child_on(None, log, assembly, external, external_cookie)
}

/// [`replay_in_child`] on the runtime `runtime` names (`mono`, `coreclr`; `None`: this
/// process's).
pub(crate) fn replay_in_child_on(
    runtime: Option<&str>,
    log: &[u8],
    assembly: &Path,
    external: bool,
    external_cookie: Cookie,
) -> ChildReport {
    let dir = std::env::temp_dir().join(format!("cilbind-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tag = format!(
        "{}-{external}",
        assembly.parent().unwrap().file_name().unwrap().to_string_lossy()
    );
    let (log_path, out_path) = (dir.join(format!("{tag}.log")), dir.join(format!("{tag}.out")));
    std::fs::write(&log_path, log).unwrap();
    let _ = std::fs::remove_file(&out_path);
    let mut command = Command::new(std::env::current_exe().unwrap());
    if let Some(runtime) = runtime {
        command.env(managed_tests::BACKEND_VAR, runtime);
    }
    let child = command
        .args([
            "replay::replay_child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("REPLAY_LOG", &log_path)
        .env("REPLAY_ASSEMBLY", assembly)
        .env("REPLAY_OUT", &out_path)
        .env("REPLAY_EXTERNAL", if external { "1" } else { "0" })
        .env("REPLAY_EXTERNAL_COOKIE", external_cookie.0.to_string())
        .output()
        .unwrap();
    assert!(
        child.status.success(),
        "the child failed:\n{}\n{}",
        String::from_utf8_lossy(&child.stdout),
        String::from_utf8_lossy(&child.stderr)
    );
    let text = std::fs::read_to_string(&out_path).expect("the child's report");
    let _ = std::fs::remove_dir_all(&dir);
    ChildReport(
        text.lines()
            .filter_map(|l| l.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        String::from_utf8_lossy(&child.stdout).into_owned(),
    )
}

fn changed_fixture() -> PathBuf {
    PathBuf::from(env!("FIXTURES_DIR")).join("changed").join("Ledger.dll")
}

#[test]
fn a_replay_in_a_fresh_runtime_gives_what_was_recorded() {
    let _lock = lock();
    let session = record_session();
    let report = replay_in_child(
        &session.log,
        &managed_tests::fixture_path("Ledger"),
        true,
        session.external.cookie(),
    );
    assert_eq!(report.get("error"), "none");
    assert_eq!(report.get("divergence"), "none");
    assert_eq!(report.get("calls"), calls(&session.log).len().to_string());
    // The hook supplied the account made before the recording, under its recorded cookie.
    assert_eq!(report.get("external"), "dave");
    assert_eq!(report.get("statement"), session.statement);
    report.printed(report.get("display"));
}

#[test]
fn a_replay_against_a_changed_assembly_reports_the_first_divergence() {
    let _lock = lock();
    let session = record_session();
    let report = replay_in_child(&session.log, &changed_fixture(), true, session.external.cookie());
    assert_eq!(report.get("error"), "none");
    let calls = calls(&session.log);
    let first_withdrawal = index_of(&calls, "Withdraw", 0);
    assert_eq!(report.get("divergence"), "yes");
    assert_eq!(report.get("call"), first_withdrawal.to_string());
    assert_eq!(
        report.get("calls"),
        (first_withdrawal + 1).to_string(),
        "it stopped there"
    );
    assert_eq!(
        report.get("method"),
        "[Ledger]Ledger.Account::Withdraw(System.Int64)->System.Int64"
    );
    assert_eq!(report.get("place"), "the result");
    assert_eq!(report.get("expected"), format!("Int64 {}", session.withdrawn));
    // The changed Withdraw charges a fee of 1.
    assert_eq!(report.get("actual"), format!("Int64 {}", session.withdrawn - 1));
    assert!(report
        .get("display")
        .starts_with(&format!("diverged at call {first_withdrawal}, ")));
    report.printed(report.get("display"));
}

#[test]
fn a_replay_without_the_external_hook_stops_at_the_external_object() {
    let _lock = lock();
    let session = record_session();
    let report = replay_in_child(
        &session.log,
        &managed_tests::fixture_path("Ledger"),
        false,
        session.external.cookie(),
    );
    let calls = calls(&session.log);
    assert_eq!(report.get("error_call"), index_of(&calls, "Register", 1).to_string());
    let error = report.get("error");
    assert!(
        error.contains("Ledger.Account") && error.contains("on_external"),
        "the error names the class and the way out: {error}"
    );
    report.printed(&format!("replay stopped at call {}: {error}", report.get("error_call")));
}

/// The child side of the replay tests (run only with `REPLAY_LOG` set). The marked lines are
/// the README's example.
#[test]
#[ignore = "the replay tests run it in a child process"]
fn replay_child() -> Result<(), Box<dyn std::error::Error>> {
    let var = |name| std::env::var(name).unwrap_or_else(|_| panic!("{name} is set by the replay tests"));
    let (assembly, log_path, external) = (var("REPLAY_ASSEMBLY"), var("REPLAY_LOG"), var("REPLAY_EXTERNAL") == "1");
    // README: begin
    // A fresh process: the assembly to check is loaded before the bindings' own path.
    Runtime::get()?.load_assembly(&assembly)?;
    let mut replayer = Replayer::new(BufReader::new(File::open(&log_path)?));
    if external {
        // The account the recording process made before it started recording.
        replayer = replayer.on_external(|class, _cookie| match class {
            "Ledger.Account" => Ok(Account::new("dave", 7)?.into_object()),
            other => Err(Error::InvalidArgument(format!("no external {other}"))),
        });
    }
    match replayer.run() {
        Ok(report) => println!("{report}"), // diverged at call 8, [Ledger]Ledger.Account::Withdraw…
        Err(e) => println!("{e}"),          // a log cut short, or a call that could not be made
    }
    // README: end
    init()?;
    let mut out = String::new();
    // Run again from the start, in a new replayer, to write what the parent checks: the same
    // calls again give the same report (the bank is reset by the log's first call).
    let mut replayer = Replayer::new(BufReader::new(File::open(&log_path)?));
    if external {
        replayer = replayer.on_external(|_, _| Ok(Account::new("dave", 7)?.into_object()));
    }
    match replayer.run() {
        Ok(report) => {
            out += &format!("error=none\ncalls={}\ndisplay={report}\n", report.calls);
            match &report.divergence {
                None => out += "divergence=none\n",
                Some(d) => {
                    out += &format!(
                        "divergence=yes\ncall={}\nmethod={}\nplace={}\nexpected={}\nactual={}\n",
                        d.call, d.method, d.place, d.expected, d.actual
                    )
                }
            }
        }
        Err(Error::Replay { call, reason }) => out += &format!("error_call={call}\nerror={reason}\n"),
        Err(e) => out += &format!("error={e}\n"),
    }
    // The recorded cookie of the external account names the object the hook supplied.
    let cookie = Cookie(var("REPLAY_EXTERNAL_COOKIE").parse().expect("a cookie"));
    let owner = match replayer.object(cookie) {
        Some(o) => o.cast::<Account>()?.owner()?.unwrap_or_default(),
        None => "none".into(),
    };
    out += &format!("external={owner}\n");
    out += &format!("runtime={}\n", Runtime::get()?.backend().name());
    out += &format!("statement={}\n", Bank::statement()?.unwrap_or_default());
    std::fs::write(var("REPLAY_OUT"), out).unwrap();
    Ok(())
}
