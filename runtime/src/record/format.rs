//! The call log's format: an 8-byte header, then frames, each a 4-byte little-endian length
//! and that many bytes of one postcard-encoded [`Entry`]. Frames let a reader take the log
//! one entry at a time while it is still being written, and tell a log cut short (a frame
//! that ends early) from a log that ended (no byte after the last frame).

use std::io::{ErrorKind, Read, Write};

use serde::{Deserialize, Serialize};

pub use crate::call::field_trace::Access;
use crate::call::FunctionId;
use crate::error::{Error, Result};
use crate::record::Recorded;
use crate::store::Cookie;

/// The first bytes of every log; the last is the format's version.
pub(crate) const MAGIC: [u8; 8] = *b"CILBLOG\x02";

/// The largest frame a reader accepts: a corrupt length is an error, not an allocation of
/// gigabytes.
const MAX_FRAME: u32 = 64 << 20;

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum Entry {
    /// Names a method, before the first call of it in this log.
    Method {
        /// Its stable ID.
        #[serde(with = "function_id")]
        id: FunctionId,
        /// Its assembly-qualified signature (see [`FunctionDb`](crate::FunctionDb)).
        signature: String,
    },
    /// One call, written when it returned.
    Call(Box<CallRecord>),
    /// A second handle was made to the object of another (a clone): calls that pass handle
    /// `to` pass the object handle `from` named.
    Alias {
        /// The handle copied.
        from: Cookie,
        /// The copy.
        to: Cookie,
    },
    /// Names a field, before the first access of it in this log.
    Field {
        /// Its ID: the FNV-1a hash of `name`, as a method's is of its signature.
        id: u64,
        /// `[Assembly]Namespace.Type::Field:FieldType` (see [`FieldRecord`]).
        name: String,
    },
    /// Rust read or wrote a field through the bindings, written when it did.
    FieldAccess(Box<FieldRecord>),
}

/// One field read or written by Rust (a generated getter or setter, or any
/// [`FieldRef`](crate::FieldRef) access): the same observation or change of managed state as a property's
/// getter or setter, which are calls.
///
/// Only accesses whose owner the log can name are recorded: a static field, or an instance
/// field of an object (named by cookie, as calls name them). A field of a struct Rust holds a
/// copy of (a managed struct's handle, a box) is not: that copy is Rust's, a call given it is
/// given its bytes, and the replay has no such copy to read or write.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FieldRecord {
    /// The field's ID (named by an earlier [`Entry::Field`]).
    pub id: u64,
    /// A write (the value stored) or a read (the value it gave).
    pub access: Access,
    /// The object whose field it is; `None` for a static field.
    pub owner: Option<Recorded>,
    /// The value written or read: primitives and enums (as their underlying primitive) by
    /// value, strings, null, structs by their bytes, objects by class and cookie.
    pub value: Recorded,
}

/// One recorded call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CallRecord {
    /// The method's stable ID (named by an earlier [`Entry::Method`]).
    #[serde(with = "function_id")]
    pub id: FunctionId,
    /// `this`, for instance methods other than constructors.
    pub this: Option<Recorded>,
    /// The arguments, one per parameter (a by-ref one as it was before the call).
    pub args: Vec<Recorded>,
    /// What the call gave.
    pub outcome: Outcome,
    /// A value-type `this` after the call (a method may change it in place).
    pub this_after: Option<Recorded>,
    /// Each `ref`/`out` argument after the call: parameter index and value.
    pub after: Vec<(u16, Recorded)>,
}

/// What a call gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// It returned (or, for a by-ref argument, left) this value.
    Value(Recorded),
    /// It threw.
    Threw {
        /// Full name of the exception's type.
        type_name: String,
        /// Its `Message`.
        message: String,
    },
    /// Managed code returned, but Rust refused the result (a typed binding's cast or string
    /// check failed): the error's text. The reflective path a replay takes has no such
    /// check, so a replay runs the call and compares nothing of it.
    Failed(String),
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Outcome::Value(v) => v.fmt(f),
            Outcome::Threw { type_name, message } => write!(f, "threw {type_name}: {message}"),
            Outcome::Failed(e) => write!(f, "failed in Rust: {e}"),
        }
    }
}

/// `FunctionId` travels as its `u64`.
mod function_id {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::call::FunctionId;

    pub(super) fn serialize<S: Serializer>(id: &FunctionId, s: S) -> Result<S::Ok, S::Error> {
        id.0.serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<FunctionId, D::Error> {
        u64::deserialize(d).map(FunctionId)
    }
}

/// Writes `entry` as one frame.
pub(crate) fn write_entry(writer: &mut dyn Write, entry: &Entry) -> Result<()> {
    let bytes = postcard::to_stdvec(entry).map_err(|e| Error::Recording(format!("cannot encode an entry: {e}")))?;
    let len = u32::try_from(bytes.len())
        .ok()
        .filter(|&len| len <= MAX_FRAME)
        .ok_or_else(|| Error::Recording(format!("an entry of {} bytes is too large for the log", bytes.len())))?;
    writer
        .write_all(&len.to_le_bytes())
        .and_then(|()| writer.write_all(&bytes))
        .map_err(|e| Error::Recording(format!("cannot write the log: {e}")))
}

/// Reads a log one entry at a time.
pub struct LogReader<R> {
    reader: R,
    /// Frames read so far (the header is frame 0).
    frame: usize,
    started: bool,
    failed: bool,
}

impl<R: Read> LogReader<R> {
    /// A reader of the log `reader` yields (its header is checked on the first read).
    pub fn new(reader: R) -> LogReader<R> {
        LogReader {
            reader,
            frame: 0,
            started: false,
            failed: false,
        }
    }

    fn error(&mut self, reason: impl Into<String>) -> Error {
        self.failed = true;
        Error::Log {
            frame: self.frame,
            reason: reason.into(),
        }
    }

    /// Reads into `buf` until it is full or the log ends; returns how many bytes came.
    fn fill(&mut self, buf: &mut [u8]) -> Result<usize> {
        let mut got = 0;
        while got < buf.len() {
            match self.reader.read(&mut buf[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error(format!("cannot read the log: {e}"))),
            }
        }
        Ok(got)
    }

    /// The next entry; `None` at the end of the log. A log cut inside a frame, a frame that
    /// does not decode, or a missing header is [`Error::Log`] naming the frame (and every
    /// later read repeats that there is nothing more to read).
    pub fn next_entry(&mut self) -> Result<Option<Entry>> {
        if self.failed {
            return Err(self.error("an earlier frame could not be read"));
        }
        if !self.started {
            let mut magic = [0u8; MAGIC.len()];
            let got = self.fill(&mut magic)?;
            if got < magic.len() || magic[..7] != MAGIC[..7] {
                return Err(self.error("not a cilbind call log (its header is missing)"));
            }
            if magic != MAGIC {
                return Err(self.error(format!(
                    "a call log of format version {}; this runtime reads version {}",
                    magic[7], MAGIC[7]
                )));
            }
            self.started = true;
        }
        self.frame += 1;
        let mut len = [0u8; 4];
        match self.fill(&mut len)? {
            0 => return Ok(None),
            4 => {}
            n => return Err(self.error(format!("the log is truncated: it ends {n} bytes into a frame's length"))),
        }
        let len = u32::from_le_bytes(len);
        if len > MAX_FRAME {
            return Err(self.error(format!(
                "a frame of {len} bytes (at most {MAX_FRAME}): the log is corrupt"
            )));
        }
        // Grown as bytes arrive: a corrupt length costs no more memory than the log has.
        let mut bytes = Vec::new();
        if let Err(e) = (&mut self.reader).take(u64::from(len)).read_to_end(&mut bytes) {
            return Err(self.error(format!("cannot read the log: {e}")));
        }
        if bytes.len() < len as usize {
            return Err(self.error(format!(
                "the log is truncated: its last frame has {} of its {len} bytes",
                bytes.len()
            )));
        }
        match postcard::take_from_bytes::<Entry>(&bytes) {
            Ok((entry, [])) => Ok(Some(entry)),
            Ok((_, rest)) => Err(self.error(format!("the log is corrupt: {} bytes left over in a frame", rest.len()))),
            Err(e) => Err(self.error(format!("the log is corrupt: {e}"))),
        }
    }
}

impl<R: Read> Iterator for LogReader<R> {
    type Item = Result<Entry>;

    /// [`LogReader::next_entry`]; after an error, the iteration ends.
    fn next(&mut self) -> Option<Result<Entry>> {
        if self.failed {
            return None;
        }
        self.next_entry().transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(entries: &[Entry]) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for e in entries {
            write_entry(&mut bytes, e).unwrap();
        }
        bytes
    }

    fn sample() -> Vec<Entry> {
        vec![
            Entry::Method {
                id: FunctionId(0xfeed),
                signature: "[A]N.T::M(System.Int32)->System.Int32".into(),
            },
            Entry::Call(Box::new(CallRecord {
                id: FunctionId(0xfeed),
                this: None,
                args: vec![Recorded::Int32(-7), Recorded::Double(f64::NAN)],
                outcome: Outcome::Value(Recorded::String("x".into())),
                this_after: None,
                after: vec![(1, Recorded::Null)],
            })),
            Entry::Alias {
                from: Cookie(3),
                to: Cookie(5),
            },
        ]
    }

    #[test]
    fn entries_round_trip() {
        let entries = sample();
        let read: Vec<Entry> = LogReader::new(&log(&entries)[..]).collect::<Result<_>>().unwrap();
        assert_eq!(read, entries);
    }

    #[test]
    fn every_truncation_is_an_error_or_a_shorter_log() {
        let entries = sample();
        let bytes = log(&entries);
        for cut in 0..bytes.len() {
            let mut reader = LogReader::new(&bytes[..cut]);
            let mut read = Vec::new();
            let end = loop {
                match reader.next_entry() {
                    Ok(Some(e)) => read.push(e),
                    Ok(None) => break Ok(()),
                    Err(e) => break Err(e),
                }
            };
            assert_eq!(
                read[..],
                entries[..read.len()],
                "cut at {cut}: entries read are a prefix"
            );
            // Only a cut right after a frame reads as a (shorter) complete log.
            let boundary = (0..=entries.len()).any(|n| log(&entries[..n]).len() == cut);
            match end {
                Ok(()) => assert!(boundary, "cut at {cut} inside a frame read as complete"),
                Err(Error::Log { .. }) => assert!(!boundary, "cut at {cut} on a frame boundary is an error"),
                Err(e) => panic!("cut at {cut}: {e}"),
            }
        }
    }

    #[test]
    fn corrupt_frames_and_headers_are_errors() {
        let mut bytes = log(&sample());
        // The first frame's variant tag: no Entry has variant 200.
        bytes[MAGIC.len() + 4] = 200;
        let err = LogReader::new(&bytes[..]).next_entry().unwrap_err();
        assert!(matches!(err, Error::Log { frame: 1, .. }), "{err}");
        let err = LogReader::new(&b"not a log at all"[..]).next_entry().unwrap_err();
        assert!(err.to_string().contains("not a cilbind call log"), "{err}");
        let mut huge = MAGIC.to_vec();
        huge.extend_from_slice(&u32::MAX.to_le_bytes());
        let err = LogReader::new(&huge[..]).next_entry().unwrap_err();
        assert!(err.to_string().contains("corrupt"), "{err}");
    }
}
