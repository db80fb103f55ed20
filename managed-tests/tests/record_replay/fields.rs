//! Field accesses in the call log, through the generated field getters and setters of
//! `fixtures/Ledger.cs`: a static field (`Bank.Fee`) and instance fields of every form the
//! bindings write (a double, a string, an object, a full struct, a `Nullable<long>`), each
//! written between calls whose results depend on it; an object read from a field and then
//! called. A replay in a fresh runtime writes the same values and reads the same fields again,
//! to the same final state; a read that gives another value is a divergence at the read.
//!
//! Every test holds `session::lock()`: a recording logs the calls of every thread.

use std::collections::HashMap;

use crate::replay::replay_in_child;
use crate::session::lock;
use cilbind::record::{Access, Entry, FieldRecord, LogReader, Place, Recorded, Recorder, Replayer};
use cilbind::{Cookie, Reference};
use managed_tests::ledger::init;
use managed_tests::ledger::ledger::{Account, Bank, Money};

/// What the recording saw.
pub(crate) struct FieldSession {
    pub(crate) log: Vec<u8>,
    /// `Bank.Fields(ann)`: what C# reads back of the fields Rust wrote.
    pub(crate) fields: String,
    pub(crate) statement: String,
}

/// Records a session whose calls depend on the fields Rust writes between them.
pub(crate) fn record_field_session() -> FieldSession {
    init().expect("bindings load");
    let recording = Recorder::start(Vec::new()).unwrap();
    Bank::reset().unwrap();
    Bank::set_fee(3).unwrap();
    let ann = Bank::open("ann", 100).unwrap().expect("an account");
    let bob = Bank::open_savings("bob", 50, 0.1).unwrap().expect("a savings account");
    bob.set_rate(0.5).unwrap();
    assert_eq!(bob.rate().unwrap(), 0.5);
    assert_eq!(
        bob.deposit(10).unwrap(),
        65,
        "Deposit adds the rate Rust set: 50% of 10"
    );
    ann.set_note("vip").unwrap();
    ann.set_referrer(Some(&bob)).unwrap();
    ann.set_limit(Money {
        cents: 500,
        currency: 978,
    })
    .unwrap();
    ann.set_cap(Some(250)).unwrap();
    // An object read from a field, then called: the log names it by the handle the read made.
    let referrer = ann.referrer().unwrap().expect("the referrer Rust set");
    assert_eq!(referrer.deposit(4).unwrap(), 71);
    assert_eq!(
        Bank::charge_fees().unwrap(),
        97 + 68,
        "each account pays the fee Rust set"
    );
    let fields = Bank::fields(Some(&ann)).unwrap().expect("fields");
    assert_eq!(fields, "vip|bob|500/978|250");
    let statement = Bank::statement().unwrap().expect("a statement");
    let log = recording.finish().unwrap();
    // Not part of the log: the next session starts from a fee of 0 again.
    Bank::set_fee(0).unwrap();
    FieldSession { log, fields, statement }
}

/// The log's field accesses, each with its field's name.
fn accesses(log: &[u8]) -> Vec<(String, FieldRecord)> {
    let mut names = HashMap::new();
    let mut accesses = Vec::new();
    for entry in LogReader::new(log) {
        match entry.expect("a readable log") {
            Entry::Field { id, name } => {
                names.insert(id, name);
            }
            Entry::FieldAccess(access) => accesses.push((names[&access.id].clone(), *access)),
            _ => {}
        }
    }
    accesses
}

#[test]
fn field_writes_and_reads_are_in_the_log_in_order() {
    let _lock = lock();
    let session = record_field_session();
    let accesses = accesses(&session.log);
    let seen: Vec<(&str, Access)> = accesses.iter().map(|(n, a)| (n.as_str(), a.access)).collect();
    assert_eq!(
        seen,
        [
            ("[Ledger]Ledger.Bank::Fee:System.Int64", Access::Write),
            ("[Ledger]Ledger.Savings::Rate:System.Double", Access::Write),
            ("[Ledger]Ledger.Savings::Rate:System.Double", Access::Read),
            ("[Ledger]Ledger.Account::Note:System.String", Access::Write),
            ("[Ledger]Ledger.Account::Referrer:Ledger.Account", Access::Write),
            ("[Ledger]Ledger.Account::Limit:Ledger.Money", Access::Write),
            (
                "[Ledger]Ledger.Account::Cap:System.Nullable<System.Int64>",
                Access::Write
            ),
            ("[Ledger]Ledger.Account::Referrer:Ledger.Account", Access::Read),
        ]
    );
    let values: Vec<&Recorded> = accesses.iter().map(|(_, a)| &a.value).collect();
    assert_eq!(values[0], &Recorded::Int64(3));
    assert_eq!(values[1], &Recorded::Double(0.5));
    assert_eq!(values[3], &Recorded::String("vip".into()));
    assert!(matches!(values[4], Recorded::Object { class, .. } if class == "Ledger.Savings"));
    assert_eq!(
        values[5],
        &Recorded::Struct {
            assembly: "Ledger".into(),
            type_name: "Ledger.Money".into(),
            bytes: [500i64.to_le_bytes(), 978i64.to_le_bytes()].concat(),
        }
    );
    assert_eq!(values[6], &Recorded::Int64(250));
    // The static field has no owner; an instance field's owner is the object, by cookie.
    assert_eq!(accesses[0].1.owner, None);
    assert!(matches!(&accesses[1].1.owner, Some(Recorded::Object { class, .. }) if class == "Ledger.Savings"));
    // The object read names a new handle, which the next call is made on.
    let read = match values[7] {
        Recorded::Object { cookie, .. } => *cookie,
        other => panic!("the referrer was read as {other}"),
    };
    let written = match values[4] {
        Recorded::Object { cookie, .. } => *cookie,
        other => panic!("the referrer was written as {other}"),
    };
    assert_ne!(read, written, "a read makes a handle of its own");
}

#[test]
fn a_replay_in_a_fresh_runtime_makes_the_field_writes_again() {
    let _lock = lock();
    let session = record_field_session();
    // No external object: the child's hook is never asked.
    let report = replay_in_child(&session.log, &managed_tests::fixture_path("Ledger"), true, Cookie(0));
    assert_eq!(report.get("error"), "none");
    assert_eq!(report.get("divergence"), "none");
    assert_eq!(report.get("statement"), session.statement);
    assert_eq!(
        report.get("display"),
        "8 calls and 8 field accesses replayed, as recorded"
    );
    assert!(session.fields.starts_with("vip|bob"));
}

#[test]
fn a_field_read_that_gives_another_value_is_a_divergence_at_the_read() {
    let _lock = lock();
    init().expect("bindings load");
    // Made before the recording: external to the log.
    let account = Account::new("erin", 5).unwrap();
    account.set_note("before").unwrap();
    let recording = Recorder::start(Vec::new()).unwrap();
    assert_eq!(account.note().unwrap().as_deref(), Some("before"));
    assert_eq!(account.deposit(1).unwrap(), 6);
    let log = recording.finish().unwrap();
    account.set_note("after").unwrap();
    let object = account.as_object().try_clone().unwrap();
    let report = Replayer::new(&log[..])
        .on_external(move |_, _| object.try_clone())
        .run()
        .expect("the log replays");
    let d = report.divergence.expect("the read gave another value");
    assert_eq!((d.call, d.place), (0, Place::FieldRead));
    assert_eq!(d.method, "[Ledger]Ledger.Account::Note:System.String");
    assert_eq!(d.expected.to_string(), r#"String "before""#);
    assert_eq!(d.actual.to_string(), r#"String "after""#);
    assert_eq!((report.calls, report.field_accesses), (0, 1), "it stopped at the read");
    assert_eq!(
        d.to_string(),
        r#"field read before call 0, [Ledger]Ledger.Account::Note:System.String: the value read was String "after", recorded String "before""#
    );
}
