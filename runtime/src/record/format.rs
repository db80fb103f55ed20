//! The call log's format: an 8-byte header, then frames, each a 4-byte little-endian length,
//! a 4-byte little-endian CRC-32 of the length's bytes and the entry's, and that many bytes of
//! one postcard-encoded [`Entry`]. Frames let a reader take the log one entry at a time while
//! it is still being written, and tell a log cut short (a frame that ends early) from a log
//! that ended (no byte after the last frame).
//!
//! The log checks itself: a frame whose checksum does not match its bytes is
//! [`Error::Log`] naming the frame and its byte offset (CRC-32 finds every error of up to 32
//! bits in a row), and an entry that names a method or a field by a text that does not hash to
//! the ID it gives is one too, so a corrupt log never replays with wrong names.

use std::io::{ErrorKind, Read, Write};

use cilbind_abi::fnv1a64;
use serde::{Deserialize, Serialize};

pub use crate::call::field_trace::Access;
use crate::call::FunctionId;
use crate::error::{Error, Result};
use crate::record::Recorded;
use crate::store::Cookie;

/// The first bytes of every log; the last is the format's version.
pub(crate) const MAGIC: [u8; 8] = *b"CILBLOG\x03";

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
    let len = len.to_le_bytes();
    let crc = checksum(&len, &bytes).to_le_bytes();
    writer
        .write_all(&len)
        .and_then(|()| writer.write_all(&crc))
        .and_then(|()| writer.write_all(&bytes))
        .map_err(|e| Error::Recording(format!("cannot write the log: {e}")))
}

/// A frame's checksum: CRC-32 of its length's bytes, then its entry's.
fn checksum(len: &[u8; 4], bytes: &[u8]) -> u32 {
    let mut crc = crc32fast::Hasher::new();
    crc.update(len);
    crc.update(bytes);
    crc.finalize()
}

/// Checks that an entry naming a method or a field gives the ID its text hashes to.
fn check_names(entry: &Entry) -> std::result::Result<(), String> {
    match entry {
        Entry::Method { id, signature } if FunctionId::of_signature(signature) != *id => Err(format!(
            "the method entry {signature:?} does not hash to its ID {:#018x}: the log is corrupt",
            id.0
        )),
        Entry::Field { id, name } if fnv1a64(name.as_bytes()) != *id => Err(format!(
            "the field entry {name:?} does not hash to its ID {id:#018x}: the log is corrupt"
        )),
        _ => Ok(()),
    }
}

/// Reads a log one entry at a time.
pub struct LogReader<R> {
    reader: R,
    /// Frames read so far (the header is frame 0).
    frame: usize,
    /// Bytes read so far.
    offset: u64,
    /// Where the frame being read starts.
    frame_start: u64,
    started: bool,
    failed: bool,
}

impl<R: Read> LogReader<R> {
    /// A reader of the log `reader` yields (its header is checked on the first read).
    pub fn new(reader: R) -> LogReader<R> {
        LogReader {
            reader,
            frame: 0,
            offset: 0,
            frame_start: 0,
            started: false,
            failed: false,
        }
    }

    /// The error of the frame being read, with its byte offset.
    fn error(&mut self, reason: impl std::fmt::Display) -> Error {
        self.failed = true;
        Error::Log {
            frame: self.frame,
            reason: format!("at byte {}: {reason}", self.frame_start),
        }
    }

    /// Reads into `buf` until it is full or the log ends; returns how many bytes came.
    fn fill(&mut self, buf: &mut [u8]) -> Result<usize> {
        let mut got = 0;
        while got < buf.len() {
            match self.reader.read(&mut buf[got..]) {
                Ok(0) => break,
                Ok(n) => {
                    got += n;
                    self.offset += n as u64;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error(format!("cannot read the log: {e}"))),
            }
        }
        Ok(got)
    }

    /// The next entry; `None` at the end of the log. A log cut inside a frame, a frame whose
    /// checksum does not match, a frame that does not decode, an entry whose method or field
    /// text does not hash to its ID, or a missing header is [`Error::Log`] naming the frame and
    /// its byte offset (and every later read repeats that there is nothing more to read).
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
        self.frame_start = self.offset;
        let mut head = [0u8; 8];
        match self.fill(&mut head)? {
            0 => return Ok(None),
            8 => {}
            n => {
                return Err(self.error(format!(
                    "the log is truncated: it ends {n} bytes into a frame's length and checksum"
                )))
            }
        }
        let len_bytes = [head[0], head[1], head[2], head[3]];
        let crc = u32::from_le_bytes([head[4], head[5], head[6], head[7]]);
        let len = u32::from_le_bytes(len_bytes);
        if len > MAX_FRAME {
            return Err(self.error(format!(
                "a frame of {len} bytes (at most {MAX_FRAME}): the log is corrupt"
            )));
        }
        // Grown as bytes arrive: a corrupt length costs no more memory than the log has.
        let mut bytes = Vec::new();
        match (&mut self.reader).take(u64::from(len)).read_to_end(&mut bytes) {
            Ok(n) => self.offset += n as u64,
            Err(e) => return Err(self.error(format!("cannot read the log: {e}"))),
        }
        if bytes.len() < len as usize {
            return Err(self.error(format!(
                "the log is truncated: its last frame has {} of its {len} bytes",
                bytes.len()
            )));
        }
        if checksum(&len_bytes, &bytes) != crc {
            return Err(self.error(format!(
                "frame {} ({len} bytes) does not match its checksum: the log is corrupt",
                self.frame
            )));
        }
        match postcard::take_from_bytes::<Entry>(&bytes) {
            Ok((entry, [])) => match check_names(&entry) {
                Ok(()) => Ok(Some(entry)),
                Err(why) => Err(self.error(why)),
            },
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

    const SIGNATURE: &str = "[A]N.T::M(System.Int32)->System.Int32";

    fn sample() -> Vec<Entry> {
        vec![
            Entry::Method {
                id: FunctionId::of_signature(SIGNATURE),
                signature: SIGNATURE.into(),
            },
            Entry::Call(Box::new(CallRecord {
                id: FunctionId::of_signature(SIGNATURE),
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
        huge.extend_from_slice(&[0; 4]);
        let err = LogReader::new(&huge[..]).next_entry().unwrap_err();
        assert!(err.to_string().contains("corrupt"), "{err}");
    }

    #[test]
    fn a_flipped_byte_is_an_error_naming_its_frame_and_offset() {
        let entries = sample();
        let bytes = log(&entries);
        let second = log(&entries[..1]).len();
        for at in [
            MAGIC.len(),
            MAGIC.len() + 5,
            MAGIC.len() + 12,
            second + 9,
            bytes.len() - 1,
        ] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x20;
            let err = LogReader::new(&flipped[..])
                .collect::<Result<Vec<_>>>()
                .expect_err("a flipped byte is an error");
            // The frame the byte is in starts at the last boundary at or before it.
            let start = (0..entries.len())
                .map(|n| log(&entries[..n]).len())
                .filter(|&b| b <= at)
                .max()
                .unwrap();
            assert!(
                err.to_string().contains(&format!("at byte {start}:")),
                "flip at {at}: {err}"
            );
        }
        // A payload byte of the second frame: its checksum says so.
        let mut flipped = bytes.clone();
        flipped[second + 9] ^= 1;
        let err = LogReader::new(&flipped[..]).nth(1).unwrap().unwrap_err();
        assert!(
            matches!(&err, Error::Log { frame: 2, reason } if reason.contains("checksum")),
            "{err}"
        );
    }

    #[test]
    fn a_method_or_field_whose_text_does_not_hash_to_its_id_is_an_error() {
        // Framed with a valid checksum: only the names are wrong.
        let renamed = Entry::Method {
            id: FunctionId::of_signature(SIGNATURE),
            signature: SIGNATURE.replace("::M(", "::N("),
        };
        let err = LogReader::new(&log(&[renamed])[..]).next_entry().unwrap_err();
        assert!(
            matches!(&err, Error::Log { frame: 1, reason } if reason.contains("does not hash to its ID")),
            "{err}"
        );
        let field = Entry::Field {
            id: fnv1a64(b"[A]N.T::F:System.Int32"),
            name: "[A]N.T::G:System.Int32".into(),
        };
        let err = LogReader::new(&log(&[field])[..]).next_entry().unwrap_err();
        assert!(err.to_string().contains("does not hash to its ID"), "{err}");
        let good = Entry::Field {
            id: fnv1a64(b"[A]N.T::F:System.Int32"),
            name: "[A]N.T::F:System.Int32".into(),
        };
        assert_eq!(
            LogReader::new(&log(std::slice::from_ref(&good))[..])
                .next_entry()
                .unwrap(),
            Some(good)
        );
    }
}
