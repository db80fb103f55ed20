//! The log checks itself: 500 seeded byte flips of a real log (the Ledger session of
//! `session.rs`), each replayed in this process. Every one must be an error or a reported
//! divergence: never a replay that runs to the end as recorded (a flipped byte in a method's
//! signature text once replayed silently under the wrong name), never a panic.
//!
//! Every test holds `session::lock()`: a recording logs the calls of every thread.

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::session::{calls, lock, record_session};
use cilbind::record::{ReplayReport, Replayer};
use cilbind::{Error, Object};

/// splitmix64: a fixed sequence of positions and masks, the same on every run.
struct Seeded(u64);

impl Seeded {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn replay(log: &[u8], external: &Object) -> cilbind::Result<ReplayReport> {
    let external = external.try_clone()?;
    Replayer::new(log).on_external(move |_, _| external.try_clone()).run()
}

#[test]
fn five_hundred_byte_flips_of_a_real_log_are_each_an_error_or_a_divergence() {
    let _lock = lock();
    let session = record_session();
    // The log as recorded replays in full here (its first call resets the bank).
    let full = replay(&session.log, &session.external).expect("the log replays");
    assert_eq!((full.calls, &full.divergence), (calls(&session.log).len(), &None));
    let mut rng = Seeded(28);
    let (mut errors, mut log_errors, mut divergences) = (0, 0, 0);
    let mut silent = Vec::new();
    for flip in 0..500 {
        let at = (rng.next() % session.log.len() as u64) as usize;
        let mask = (rng.next() % 255 + 1) as u8;
        let mut log = session.log.clone();
        log[at] ^= mask;
        match catch_unwind(AssertUnwindSafe(|| replay(&log, &session.external))) {
            Err(_) => panic!("flip {flip} (byte {at} ^ {mask:#04x}) panicked"),
            Ok(Err(Error::Log { .. })) => log_errors += 1,
            Ok(Err(_)) => errors += 1,
            Ok(Ok(report)) if report.divergence.is_some() => divergences += 1,
            Ok(Ok(report)) => silent.push((flip, at, mask, report.calls)),
        }
    }
    eprintln!(
        "500 flips of a {}-byte log: {log_errors} Error::Log, {errors} other errors, {divergences} divergences, {} silent",
        session.log.len(),
        silent.len()
    );
    assert!(
        silent.is_empty(),
        "{} flips replayed to the end as recorded (flip, byte, mask, calls): {silent:?}",
        silent.len()
    );
}
