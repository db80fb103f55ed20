//! The session both `recording.rs` and `replay.rs` record (`recording.rs` reads its log,
//! `replay.rs` replays it), the lock every test of this binary holds, and helpers to read a
//! log's calls.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};

use cilbind::record::{CallRecord, Entry, LogReader, Recorder};
use cilbind::{call_by_id, Boxing, FunctionDb, Int32, MethodRef, NetString, Object, Reference, TypeRef, Value};
use managed_tests::ledger::init;
use managed_tests::ledger::ledger::{Account, Bank, Money};

static LOCK: Mutex<()> = Mutex::new(());

/// Held by every test of this binary: a recording logs the calls of every thread, and only one
/// recording runs at a time.
pub(crate) fn lock() -> MutexGuard<'static, ()> {
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
}

static BANK: TypeRef = TypeRef::new("Ledger", "Ledger", "Bank");
static TOTAL: MethodRef = MethodRef::new(&BANK, "Total", &[]);

/// What the recording process saw, for the replays to be checked against.
pub(crate) struct Session {
    pub(crate) log: Vec<u8>,
    /// The first withdrawal's result (the call the changed assembly diverges on).
    pub(crate) withdrawn: i64,
    /// The account made before the recording, which the log names as external.
    pub(crate) external: Object,
    pub(crate) statement: String,
}

/// Records the session. `dave` is made before the recording starts: an external object.
pub(crate) fn record_session() -> Session {
    init().expect("bindings load");
    let dave = Account::new("dave", 7).unwrap();
    let recording = Recorder::start(Vec::new()).unwrap();
    Bank::reset().unwrap();
    let ann = Bank::open("ann", 100).unwrap().expect("an account");
    let bob = Bank::open_savings("bob", 50, 0.1).unwrap().expect("a savings account");
    assert_eq!(ann.deposit(20).unwrap(), 120);
    assert_eq!(bob.deposit(10).unwrap(), 61, "Savings.Deposit adds 10% interest");
    let carol = Account::new("carol", 10).unwrap();
    Bank::register(Some(&carol)).unwrap();
    Bank::transfer(Some(&ann), Some(&carol), 30).unwrap();
    let withdrawn = ann.withdraw(15).unwrap();
    assert_eq!(withdrawn, 75);
    assert_eq!(ann.try_withdraw(5).unwrap(), (true, 70));
    let (found, bob_again) = Bank::try_find("bob").unwrap();
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
    assert!(matches!(call_by_id(total_id, None, &mut []), Ok(Value::Int64(171))));
    assert!(Bank::find("nobody").unwrap().is_none());
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
pub(crate) fn calls(log: &[u8]) -> Vec<(String, CallRecord)> {
    let mut names = HashMap::new();
    let mut calls = Vec::new();
    for entry in LogReader::new(log) {
        match entry.expect("a readable log") {
            Entry::Method { id, signature } => {
                names.insert(id, signature);
            }
            Entry::Call(call) => calls.push((names[&call.id].clone(), *call)),
            _ => {}
        }
    }
    calls
}

/// The method name of `[Assembly]Type::Name(…)->…`.
pub(crate) fn name(signature: &str) -> &str {
    let rest = &signature[signature.find("::").expect("a signature") + 2..];
    &rest[..rest.find('(').expect("a parameter list")]
}

/// Index of the `n`th call (from 0) of the method named `method`.
pub(crate) fn index_of(calls: &[(String, CallRecord)], method: &str, n: usize) -> usize {
    calls
        .iter()
        .enumerate()
        .filter(|(_, (s, _))| name(s) == method)
        .nth(n)
        .unwrap_or_else(|| panic!("no call {n} of {method}"))
        .0
}
