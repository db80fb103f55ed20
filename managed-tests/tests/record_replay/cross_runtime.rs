//! A log recorded on one runtime replays on the other: the Ledger session of `session.rs`
//! (constructors, virtual calls, `out` and `ref` arguments, structs by value, an exception,
//! corlib boxes, a call by ID, an external object) and the field session of `fields.rs`,
//! recorded in this process (Mono or CoreCLR, as `CILBIND_RUNTIME` says) and replayed in a
//! child on the other runtime, to the same final state; and against the changed assembly, the
//! same divergence as on one runtime. `cargo test` runs it recorded on Mono and replayed on
//! CoreCLR; with `CILBIND_RUNTIME=coreclr`, the reverse.
//!
//! Every test holds `session::lock()`: a recording logs the calls of every thread.

use std::path::PathBuf;

use crate::fields::record_field_session;
use crate::replay::replay_in_child_on;
use crate::session::{calls, index_of, lock, record_session};
use cilbind::Cookie;

/// The runtime the replay runs on: the one this process does not.
fn other_runtime() -> &'static str {
    if managed_tests::on_coreclr() {
        "mono"
    } else {
        "coreclr"
    }
}

#[test]
fn a_log_recorded_on_one_runtime_replays_on_the_other_to_the_same_state() {
    let _lock = lock();
    let session = record_session();
    let report = replay_in_child_on(
        Some(other_runtime()),
        &session.log,
        &managed_tests::fixture_path("Ledger"),
        true,
        session.external.cookie(),
    );
    assert_eq!(
        report.get("runtime"),
        other_runtime(),
        "the child ran on the other runtime"
    );
    assert_eq!(report.get("error"), "none");
    assert_eq!(report.get("divergence"), "none", "{}", report.get("display"));
    assert_eq!(report.get("calls"), calls(&session.log).len().to_string());
    assert_eq!(report.get("external"), "dave");
    assert_eq!(report.get("statement"), session.statement);

    let fields = record_field_session();
    let report = replay_in_child_on(
        Some(other_runtime()),
        &fields.log,
        &managed_tests::fixture_path("Ledger"),
        true,
        Cookie(0),
    );
    assert_eq!(report.get("error"), "none");
    assert_eq!(
        report.get("display"),
        "8 calls and 8 field accesses replayed, as recorded"
    );
    assert_eq!(report.get("statement"), fields.statement);
}

#[test]
fn a_divergence_on_the_other_runtime_is_reported_as_on_one() {
    let _lock = lock();
    let session = record_session();
    let changed = PathBuf::from(env!("FIXTURES_DIR")).join("changed").join("Ledger.dll");
    let report = replay_in_child_on(
        Some(other_runtime()),
        &session.log,
        &changed,
        true,
        session.external.cookie(),
    );
    assert_eq!(report.get("runtime"), other_runtime());
    assert_eq!(report.get("error"), "none");
    let first_withdrawal = index_of(&calls(&session.log), "Withdraw", 0);
    assert_eq!(report.get("divergence"), "yes");
    assert_eq!(report.get("call"), first_withdrawal.to_string());
    assert_eq!(
        report.get("method"),
        "[Ledger]Ledger.Account::Withdraw(System.Int64)->System.Int64"
    );
    assert_eq!(report.get("expected"), format!("Int64 {}", session.withdrawn));
    assert_eq!(report.get("actual"), format!("Int64 {}", session.withdrawn - 1));
}
