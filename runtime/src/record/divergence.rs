//! What a replay reports: how many calls it ran, and the first that gave something else than
//! the recording.

use std::fmt;

use crate::record::format::Outcome;

/// The result of [`Replayer::run`](crate::record::Replayer::run).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayReport {
    /// Calls replayed (the diverging one included).
    pub calls: usize,
    /// Field reads and writes replayed (a diverging read included).
    pub field_accesses: usize,
    /// The first call whose outcome differed from the recorded one; `None` when every call
    /// gave what it gave when recorded.
    pub divergence: Option<Divergence>,
}

/// The first difference between a recorded call (or field read) and its replay.
#[derive(Clone, Debug, PartialEq)]
pub struct Divergence {
    /// Index of the call in the log (the first call is 0); for a field read
    /// ([`Place::FieldRead`]), the index of the first call after it (the calls before it).
    pub call: usize,
    /// The method's assembly-qualified signature
    /// (`[Assembly]Namespace.Type::Name(Parameters)->Return`); for a field read, the field's
    /// (`[Assembly]Namespace.Type::Field:FieldType`).
    pub method: String,
    /// Which value differed.
    pub place: Place,
    /// What the recording holds.
    pub expected: Outcome,
    /// What the replay gave.
    pub actual: Outcome,
}

/// Which value of a call differed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The result, or the exception thrown.
    Result,
    /// A value-type `this` after the call.
    This,
    /// The `ref`/`out` argument with this parameter index, after the call.
    Argument(usize),
    /// The value a field read gave (Rust read it between two calls).
    FieldRead,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Result => f.write_str("the result"),
            Place::This => f.write_str("`this` after the call"),
            Place::Argument(i) => write!(f, "argument {i} after the call"),
            Place::FieldRead => f.write_str("the value read"),
        }
    }
}

impl fmt::Display for Divergence {
    /// `call 4, [Ledger]Ledger.Account::Withdraw(System.Int64)->System.Int64: the result was
    /// Int64 69, recorded Int64 70`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.place == Place::FieldRead {
            return write!(
                f,
                "field read before call {}, {}: {} was {}, recorded {}",
                self.call, self.method, self.place, self.actual, self.expected
            );
        }
        write!(
            f,
            "call {}, {}: {} was {}, recorded {}",
            self.call, self.method, self.place, self.actual, self.expected
        )
    }
}

impl fmt::Display for ReplayReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.divergence {
            None if self.field_accesses == 0 => write!(f, "{} calls replayed, as recorded", self.calls),
            None => write!(
                f,
                "{} calls and {} field accesses replayed, as recorded",
                self.calls, self.field_accesses
            ),
            Some(d) => write!(f, "diverged at {d}"),
        }
    }
}
