//! `--record FILE`: the normal game, while a `cilbind::record::Recorder` writes every call the
//! game makes into managed code to FILE (a cilbind call log), and the objects Rust made and
//! passed to C# to `FILE.externals` (`externals.rs`), which a replay needs to make them again.
//!
//! The recording changes nothing in the game: the same calls, in the same order, with the same
//! results (the recorder only reads them). What it does not record: calls C# makes into Rust
//! (the natives, the ghoul's overrides, the death handler) and the calls those make, which a
//! replay makes again by running the call that made them; and what is no call (boxing, field
//! reads of the raycast's `RaycastHit`, a struct copy Rust holds), whose values reach the log as
//! the arguments of later calls. Field reads and writes of objects are recorded.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use cilbind::record::Recorder;

use crate::error::{file_context, Context};
use crate::{externals, init, play, Config, Outcome, SampleError};

/// What [`run_recorded`] gives back.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedGame {
    /// The game, as [`run`](crate::run) reports it.
    pub outcome: Outcome,
    /// Calls the log holds.
    pub calls: usize,
    /// The call log.
    pub log: PathBuf,
    /// The externals file beside it (`LOG.externals`).
    pub externals: PathBuf,
}

/// Plays `config` like [`run`](crate::run), writing the same report to `out`, while every call
/// into managed code is recorded to the call log `log` (created or truncated), and the objects
/// Rust made for C# (the death handler, the ghoul) are listed in `LOG.externals`.
///
/// Only one recording runs at a time in a process: a second one at once is refused
/// (`SampleError::Managed` with `cilbind::Error::Recording`). Every thread's calls go into the
/// log while it runs, so nothing else should call into cilbind meanwhile.
pub fn run_recorded(config: &Config, log: &Path, out: &mut dyn Write) -> Result<RecordedGame, SampleError> {
    init(&config.features)?;
    let file = file_context(File::create(log), || format!("creating the call log {}", log.display()))?;
    let recording = Recorder::start(BufWriter::new(file)).context(|| "starting the recorder".into())?;
    // If the game fails, dropping the guard stops the recording (the log ends at a whole call).
    let played = play(config, out, false, &mut |_, _, _| Ok(Duration::ZERO))?;
    let calls = recording.calls();
    let writer = recording
        .finish()
        .context(|| format!("writing the call log {}", log.display()))?;
    // `finish` flushed the buffer; the file is closed here.
    drop(writer);
    let externals = externals::write(log, &config.features, &played.made)?;
    Ok(RecordedGame {
        outcome: played.outcome,
        calls,
        log: log.to_path_buf(),
        externals,
    })
}
