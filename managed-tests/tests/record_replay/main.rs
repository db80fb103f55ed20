//! The call recorder and replayer against real Mono, in one test binary: what a log holds
//! ([`recording`]), a replay in a fresh runtime ([`replay`], which runs each replay in a child
//! process, this binary again), and the values a replay makes again in the recording process
//! ([`replayed_values`]), field reads and writes recorded and replayed ([`fields`]), 500 corrupt logs
//! ([`mutation`]), and a log recorded on one runtime replayed on the other ([`cross_runtime`]). [`session`] records the Ledger session the first two share and holds
//! the lock every test takes: a recording logs the calls of every thread, and only one runs at
//! a time.

mod cross_runtime;
mod fields;
mod mutation;
mod recording;
mod replay;
mod replayed_values;
mod session;
