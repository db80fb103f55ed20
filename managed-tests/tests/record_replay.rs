//! The call recorder and replayer against real Mono, through the generated bindings of
//! `fixtures/Ledger.cs`.
//!
//! A session of calls (static, instance, virtual, constructor, object results, `out`
//! primitives and objects, structs by value and by ref, an exception, a reflective call by ID,
//! an object made before the recording) is recorded to a `Vec<u8>`. Mono cannot start twice
//! in one process, so each replay runs in a child: this binary again, running the ignored
//! `replay_child` test with `REPLAY_*` set, which loads the assembly it is given (the fixture,
//! or `changed/Ledger.dll`, where a withdrawal charges a fee), replays the log and writes the
//! report and the bank's final state to a file the parent reads.
//!
//! Every test holds `LOCK`: a recording logs the calls of every thread.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, MutexGuard};

use cilbind::native::NativeResult;
use cilbind::record::{CallRecord, Entry, LogReader, Outcome, Recorded, Recorder, Replayer};
use cilbind::{
    invoke_by_id, Boxing, Error, FunctionDb, Int32, MethodRef, NetString, Object, Reference, TypeRef, Value,
};
use managed_tests::ledger::init;
use managed_tests::ledger::ledger::{Account, AccountBase, AccountOverrides, Bank, Money};

static LOCK: Mutex<()> = Mutex::new(());

fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

static BANK: TypeRef = TypeRef::new("Ledger", "Ledger", "Bank");
static TOTAL: MethodRef = MethodRef::new(&BANK, "Total", &[]);

/// What the recording process saw, for the replays to be checked against.
struct Session {
    log: Vec<u8>,
    /// The first withdrawal's result (the call the changed assembly diverges on).
    withdrawn: i64,
    /// The account made before the recording, which the log names as external.
    external: Object,
    statement: String,
}

/// Records the session. `dave` is made before the recording starts: an external object.
fn record_session() -> Session {
    init().expect("bindings load");
    let dave = Account::new(Some("dave"), 7).unwrap();
    let recording = Recorder::start(Vec::new()).unwrap();
    Bank::reset().unwrap();
    let ann = Bank::open(Some("ann"), 100).unwrap().expect("an account");
    let bob = Bank::open_savings(Some("bob"), 50, 0.1)
        .unwrap()
        .expect("a savings account");
    assert_eq!(ann.deposit(20).unwrap(), 120);
    assert_eq!(bob.deposit(10).unwrap(), 61, "Savings.Deposit adds 10% interest");
    let carol = Account::new(Some("carol"), 10).unwrap();
    Bank::register(Some(&carol)).unwrap();
    Bank::transfer(Some(&ann), Some(&carol), 30).unwrap();
    let withdrawn = ann.withdraw(15).unwrap();
    assert_eq!(withdrawn, 75);
    assert_eq!(ann.try_withdraw(5).unwrap(), (true, 70));
    let (found, bob_again) = Bank::try_find(Some("bob")).unwrap();
    assert!(found);
    Bank::transfer(Some(&bob_again.expect("bob")), Some(&ann), 1).unwrap();
    let err = ann.withdraw(1_000_000).unwrap_err();
    assert!(err.to_string().contains("insufficient funds: ann has 71"), "{err}");
    let euros = |cents| Money { cents, currency: 978 };
    let sum = Bank::add(&euros(5), &euros(7)).unwrap();
    let mut scaled = sum;
    Bank::scale(&mut scaled, 3).unwrap();
    assert_eq!(scaled, euros(36));
    assert_eq!(ann.worth().unwrap(), euros(71));
    assert_eq!(ann.share(1000.0).unwrap(), 0.071);
    let total_id = FunctionDb::register(TOTAL.method().unwrap()).unwrap();
    assert!(matches!(invoke_by_id(total_id, None, &mut []), Ok(Value::Int64(171))));
    assert!(Bank::find(Some("nobody")).unwrap().is_none());
    let ann_copy = ann.clone();
    Bank::transfer(Some(&ann_copy), Some(&bob), 2).unwrap();
    Bank::register(Some(&dave)).unwrap();
    let cash = NetString::new("cash").unwrap();
    assert_eq!(Bank::describe(Some(&cash)).unwrap().as_deref(), Some("String cash"));
    let seven: Object = Int32(7).box_as::<Object>().unwrap();
    assert_eq!(Bank::describe(Some(&seven)).unwrap().as_deref(), Some("Int32 7"));
    let statement = Bank::statement().unwrap().expect("a statement");
    let log = recording.finish().unwrap();
    Session {
        log,
        withdrawn,
        external: dave.into_object(),
        statement,
    }
}

/// The calls of a log, each with its method's signature.
fn calls(log: &[u8]) -> Vec<(String, CallRecord)> {
    let mut names = HashMap::new();
    let mut calls = Vec::new();
    for entry in LogReader::new(log) {
        match entry.expect("a readable log") {
            Entry::Method { id, signature } => {
                names.insert(id, signature);
            }
            Entry::Call(call) => calls.push((names[&call.id].clone(), *call)),
            Entry::Alias { .. } => {}
        }
    }
    calls
}

/// The method name of `[Assembly]Type::Name(…)->…`.
fn name(signature: &str) -> &str {
    let rest = &signature[signature.find("::").expect("a signature") + 2..];
    &rest[..rest.find('(').expect("a parameter list")]
}

/// Index of the `n`th call (from 0) of the method named `method`.
fn index_of(calls: &[(String, CallRecord)], method: &str, n: usize) -> usize {
    calls
        .iter()
        .enumerate()
        .filter(|(_, (s, _))| name(s) == method)
        .nth(n)
        .unwrap_or_else(|| panic!("no call {n} of {method}"))
        .0
}

#[test]
fn the_log_holds_each_call_in_order() {
    let _lock = lock();
    let session = record_session();
    let calls = calls(&session.log);
    let names: Vec<&str> = calls.iter().map(|(s, _)| name(s)).collect();
    #[rustfmt::skip]
    let expected = [
        "Reset", "Open", "OpenSavings", "Deposit", "Deposit", ".ctor", "Register", "Transfer", "Withdraw",
        "TryWithdraw", "TryFind", "Transfer", "Withdraw", "Add", "Scale", "Worth", "Share", "Total", "Find",
        "Transfer", "Register", "Describe", "Describe", "Statement",
    ];
    assert_eq!(names, expected);
    let call = |method, n| &calls[index_of(&calls, method, n)].1;
    assert_eq!(call("Withdraw", 0).outcome, Outcome::Value(Recorded::Int64(75)));
    assert!(matches!(call("Withdraw", 0).this, Some(Recorded::Object { ref class, .. }) if class == "Ledger.Account"));
    assert_eq!(call("TryWithdraw", 0).after, [(1, Recorded::Int64(70))]);
    assert!(
        matches!(&call("TryFind", 0).after[..], [(1, Recorded::Object { class, .. })] if class == "Ledger.Savings")
    );
    assert_eq!(
        call("Withdraw", 1).outcome,
        Outcome::Threw {
            type_name: "System.InvalidOperationException".into(),
            message: "insufficient funds: ann has 71".into()
        }
    );
    let money = |cents: i64| Recorded::Struct {
        assembly: "Ledger".into(),
        type_name: "Ledger.Money".into(),
        bytes: [cents.to_le_bytes(), 978i64.to_le_bytes()].concat(),
    };
    assert_eq!(call("Add", 0).args, [money(5), money(7)]);
    assert_eq!(call("Add", 0).outcome, Outcome::Value(money(12)));
    assert_eq!(call("Scale", 0).after, [(0, money(36))]);
    assert_eq!(call("Share", 0).outcome, Outcome::Value(Recorded::Double(0.071)));
    assert_eq!(call("Find", 0).outcome, Outcome::Value(Recorded::Null));
    assert_eq!(call("Total", 0).outcome, Outcome::Value(Recorded::Int64(171)));
    assert_eq!(call("Describe", 0).args, [Recorded::String("cash".into())]);
    assert!(
        matches!(&call("Describe", 1).args[..], [Recorded::Struct { type_name, bytes, .. }]
        if type_name == "System.Int32" && bytes == &7i32.to_le_bytes())
    );
    // The external account is named by the cookie of the handle the call was given.
    let external = &call("Register", 1).args[0];
    assert_eq!(
        *external,
        Recorded::Object {
            class: "Ledger.Account".into(),
            cookie: session.external.cookie()
        }
    );
    // The copy of ann's handle is an alias of the handle `Open` returned.
    let opened = match &call("Open", 0).outcome {
        Outcome::Value(Recorded::Object { cookie, .. }) => *cookie,
        other => panic!("Open returned {other}"),
    };
    let copy = match &call("Transfer", 2).args[0] {
        Recorded::Object { cookie, .. } => *cookie,
        other => panic!("Transfer was given {other}"),
    };
    let aliased = LogReader::new(&session.log[..])
        .any(|e| matches!(e, Ok(Entry::Alias { from, to }) if from == opened && to == copy));
    assert!(aliased, "the log says which handle the copy was made from");
}

/// A Rust implementation of `Account` whose `Deposit` calls .NET again (twice).
struct Doubling;

impl AccountOverrides for Doubling {
    fn deposit(&self, this: &AccountBase<'_>, amount: i64) -> NativeResult<i64> {
        Bank::count()?;
        Ok(this.base_deposit(amount * 2)?)
    }
}

#[test]
fn calls_made_inside_a_recorded_call_and_rust_implementations_are_not_recorded() {
    let _lock = lock();
    init().expect("bindings load");
    let recording = Recorder::start(Vec::new()).unwrap();
    Bank::reset().unwrap();
    // Its constructor is the runtime's proxy class's: the object is Rust's, external to the log.
    let frank = Account::extend(Doubling, Some("frank"), 10).unwrap();
    Bank::register(Some(&frank)).unwrap();
    Bank::open(Some("gus"), 1).unwrap();
    // C# calls frank's override, which calls Bank.Count and the base Deposit: replaying
    // DepositAll makes those calls again, so they are not in the log.
    assert_eq!(Bank::deposit_all(5).unwrap(), (10 + 10) + (1 + 5));
    let log = recording.finish().unwrap();
    let calls = calls(&log);
    let names: Vec<&str> = calls.iter().map(|(s, _)| name(s)).collect();
    assert_eq!(names, ["Reset", "Register", "Open", "DepositAll"]);
    // Recorded under the class it extends, by the handle Rust passed.
    let expected = Recorded::Object {
        class: "Ledger.Account".into(),
        cookie: frank.as_object().cookie(),
    };
    assert_eq!(calls[1].1.args, [expected]);
}

#[test]
fn recording_off_records_nothing() {
    let _lock = lock();
    init().expect("bindings load");
    assert!(!Recorder::is_recording());
    let empty = Recorder::start(Vec::new()).unwrap().finish().unwrap();
    assert!(calls(&empty).is_empty(), "a recording with no call holds none");
    let recording = Recorder::start(Vec::new()).unwrap();
    assert!(Recorder::is_recording());
    Bank::count().unwrap();
    let first = recording.finish().unwrap();
    assert!(!Recorder::is_recording());
    // Not recording: these are in no log.
    Bank::total().unwrap();
    Bank::statement().unwrap();
    let recording = Recorder::start(Vec::new()).unwrap();
    Bank::reset().unwrap();
    drop(recording);
    assert!(!Recorder::is_recording(), "dropping the guard stops the recording");
    Bank::total().unwrap();
    let names = |log: &[u8]| calls(log).iter().map(|(s, _)| name(s).to_string()).collect::<Vec<_>>();
    assert_eq!(names(&first), ["get_Count"]);
}

#[test]
fn only_one_recording_runs_at_a_time() {
    let _lock = lock();
    init().expect("bindings load");
    let first = Recorder::start(Vec::new()).unwrap();
    let second = Recorder::start(Vec::new());
    assert!(matches!(second, Err(Error::Recording(_))), "{:?}", second.map(|_| ()));
    Bank::count().unwrap();
    assert_eq!(first.calls(), 1);
    assert_eq!(calls(&first.finish().unwrap()).len(), 1);
    Recorder::start(Vec::new())
        .expect("the first one finished")
        .finish()
        .unwrap();
}

#[test]
fn truncated_and_corrupt_logs_are_errors() {
    let _lock = lock();
    init().expect("bindings load");
    let recording = Recorder::start(Vec::new()).unwrap();
    Bank::reset().unwrap();
    Bank::open(Some("eve"), 5).unwrap();
    let log = recording.finish().unwrap();
    let full = Replayer::new(&log[..]).run().expect("the whole log replays");
    assert_eq!((full.calls, full.divergence), (2, None));
    for cut in [log.len() - 1, log.len() - 9, 12, 5] {
        let err = Replayer::new(&log[..cut]).run().unwrap_err();
        assert!(matches!(err, Error::Log { .. }), "cut at {cut}: {err}");
    }
    let err = Replayer::new(&log[..log.len() - 1]).run().unwrap_err();
    assert!(err.to_string().contains("truncated"), "{err}");
    // The first frame's length made huge; another format's version; not a log.
    let mut huge = log.clone();
    huge[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
    let mut version = log.clone();
    version[7] = 2;
    for (bad, what) in [
        (huge, "corrupt"),
        (version, "format version 2"),
        (b"garbage!".to_vec(), "not a cilbind"),
    ] {
        let err = Replayer::new(&bad[..]).run().unwrap_err();
        assert!(
            matches!(err, Error::Log { .. }) && err.to_string().contains(what),
            "{err}"
        );
    }
}

/// What a child replay reported (`key=value` lines).
struct ChildReport(HashMap<String, String>);

impl ChildReport {
    fn get(&self, key: &str) -> &str {
        self.0
            .get(key)
            .unwrap_or_else(|| panic!("the child wrote no {key}: {:?}", self.0))
    }
}

/// Replays `log` in a child process against `assembly`, with the external hook or not.
fn replay_in_child(log: &[u8], assembly: &Path, external: bool) -> ChildReport {
    let dir = std::env::temp_dir().join(format!("cilbind-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let tag = format!(
        "{}-{external}",
        assembly.parent().unwrap().file_name().unwrap().to_string_lossy()
    );
    let (log_path, out_path) = (dir.join(format!("{tag}.log")), dir.join(format!("{tag}.out")));
    std::fs::write(&log_path, log).unwrap();
    let _ = std::fs::remove_file(&out_path);
    let child = Command::new(std::env::current_exe().unwrap())
        .args([
            "replay_child",
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env("REPLAY_LOG", &log_path)
        .env("REPLAY_ASSEMBLY", assembly)
        .env("REPLAY_OUT", &out_path)
        .env("REPLAY_EXTERNAL", if external { "1" } else { "0" })
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
    )
}

fn changed_fixture() -> PathBuf {
    PathBuf::from(env!("FIXTURES_DIR")).join("changed").join("Ledger.dll")
}

#[test]
fn a_replay_in_a_fresh_runtime_gives_what_was_recorded() {
    let _lock = lock();
    let session = record_session();
    let report = replay_in_child(&session.log, &managed_tests::fixture_path("Ledger"), true);
    assert_eq!(report.get("error"), "none");
    assert_eq!(report.get("divergence"), "none");
    assert_eq!(report.get("calls"), calls(&session.log).len().to_string());
    // The hook was asked once, for the account made before the recording.
    assert_eq!(
        report.get("external"),
        format!("Ledger.Account {}", session.external.cookie())
    );
    assert_eq!(report.get("statement"), session.statement);
}

#[test]
fn a_replay_against_a_changed_assembly_reports_the_first_divergence() {
    let _lock = lock();
    let session = record_session();
    let report = replay_in_child(&session.log, &changed_fixture(), true);
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
}

#[test]
fn a_replay_without_the_external_hook_stops_at_the_external_object() {
    let _lock = lock();
    let session = record_session();
    let report = replay_in_child(&session.log, &managed_tests::fixture_path("Ledger"), false);
    let calls = calls(&session.log);
    assert_eq!(report.get("error_call"), index_of(&calls, "Register", 1).to_string());
    let error = report.get("error");
    assert!(
        error.contains("Ledger.Account") && error.contains("on_external"),
        "the error names the class and the way out: {error}"
    );
}

/// The child side of the replay tests (run only with `REPLAY_LOG` set).
#[test]
#[ignore = "the replay tests run it in a child process"]
fn replay_child() {
    let var = |name| std::env::var(name).unwrap_or_else(|_| panic!("{name} is set by the replay tests"));
    let runtime = cilbind::Runtime::get().unwrap();
    // Loaded before the bindings' own path: bindings use the assembly of that name loaded first.
    runtime.load_assembly(var("REPLAY_ASSEMBLY")).unwrap();
    init().unwrap();
    let log = std::fs::read(var("REPLAY_LOG")).unwrap();
    let mut out = String::new();
    let asked = Arc::new(Mutex::new(Vec::new()));
    let mut replayer = Replayer::new(&log[..]);
    if var("REPLAY_EXTERNAL") == "1" {
        let asked = asked.clone();
        replayer = replayer.on_external(move |class, cookie| {
            asked.lock().unwrap().push(format!("{class} {cookie}"));
            Ok(Account::new(Some("dave"), 7)?.into_object())
        });
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
    out += &format!("external={}\n", asked.lock().unwrap().join(", "));
    out += &format!("statement={}\n", Bank::statement().unwrap().unwrap_or_default());
    std::fs::write(var("REPLAY_OUT"), out).unwrap();
}
