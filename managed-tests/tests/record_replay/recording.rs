//! What the call recorder writes, against real Mono, through the generated bindings of
//! `fixtures/Ledger.cs`: each call in order with its values, out values, exception, aliases
//! and external objects; calls made inside a recorded call and the runtime's own classes left
//! out; nothing while off; one recording at a time; truncated and corrupt logs refused.
//!
//! Every test holds `session::lock()`: a recording logs the calls of every thread.

use crate::session::{calls, index_of, lock, name, record_session};
use cilbind::native::{Lent, NativeResult};
use cilbind::record::{Entry, External, LogReader, Outcome, Recorded, Recorder, Replayer};
use cilbind::{Error, Reference};
use managed_tests::ledger::init;
use managed_tests::ledger::ledger::{Account, AccountBase, AccountOverrides, Bank, IAuditor, IAuditorImpl};

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
            cookie: session.external.cookie(),
            interfaces: vec![],
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
    let frank = Account::extend(Doubling, "frank", 10).unwrap();
    Bank::register(Some(&frank)).unwrap();
    Bank::open("gus", 1).unwrap();
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
        interfaces: vec![],
    };
    assert_eq!(calls[1].1.args, [expected]);
}

/// A Rust implementation of the interface `IAuditor`.
struct Auditor;

impl IAuditorImpl for Auditor {
    fn audit(&self, account: Option<Lent<'_, Account>>) -> NativeResult<Option<String>> {
        let account = account.ok_or_else(|| Error::InvalidArgument("no account".into()))?;
        Ok(Some(format!("{} ok", account.to_owned()?.owner()?.unwrap_or_default())))
    }
}

#[test]
fn a_rust_implementation_of_an_interface_is_named_by_the_interfaces_it_implements() {
    let _lock = lock();
    init().expect("bindings load");
    let auditor = IAuditor::implement(Auditor).unwrap();
    let recording = Recorder::start(Vec::new()).unwrap();
    Bank::reset().unwrap();
    Bank::open("hal", 3).unwrap();
    assert_eq!(Bank::audit_all(Some(&auditor)).unwrap().as_deref(), Some("hal ok;"));
    let log = recording.finish().unwrap();
    let calls = calls(&log);
    // The class it extends is System.Object: the interface is what says what it stands for.
    let expected = Recorded::Object {
        class: "System.Object".into(),
        cookie: auditor.as_object().cookie(),
        interfaces: vec!["Ledger.IAuditor".into()],
    };
    assert_eq!(calls[index_of(&calls, "AuditAll", 0)].1.args, [expected]);
    // A replay's external hook is told the interfaces, and makes a new implementation.
    let asked = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let noted = std::rc::Rc::clone(&asked);
    let report = Replayer::new(&log[..])
        .on_external_object(move |external: &External<'_>| {
            noted.borrow_mut().push((
                external.class.to_string(),
                external.interfaces.to_vec(),
                external.cookie,
            ));
            match external.interfaces {
                [i] if i == "Ledger.IAuditor" => Ok(IAuditor::implement(Auditor)?.into_object()),
                other => Err(Error::InvalidArgument(format!("no external {other:?}"))),
            }
        })
        .run()
        .expect("the log replays");
    assert_eq!((report.calls, report.divergence), (3, None));
    assert_eq!(
        *asked.borrow(),
        [(
            "System.Object".to_string(),
            vec!["Ledger.IAuditor".to_string()],
            auditor.as_object().cookie()
        )]
    );
    // Without a hook, the error names the interface.
    let err = Replayer::new(&log[..]).run().unwrap_err().to_string();
    assert!(err.contains("System.Object implementing Ledger.IAuditor"), "{err}");
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
    Bank::open("eve", 5).unwrap();
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
    version[7] = 99;
    for (bad, what) in [
        (huge, "corrupt"),
        (version, "format version 99"),
        (b"garbage!".to_vec(), "not a cilbind"),
    ] {
        let err = Replayer::new(&bad[..]).run().unwrap_err();
        assert!(
            matches!(err, Error::Log { .. }) && err.to_string().contains(what),
            "{err}"
        );
    }
}
