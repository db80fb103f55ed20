//! The end of a game: every entity read back from C# into the final table, and the managed log
//! of boxed values read back and unboxed by runtime type.

use std::io::Write;

use cilbind::{Boxing, Int32, Reference};

use crate::actor::Actor;
use crate::bindings::arena::{Entity, Team};
use crate::error::Context;
use crate::{null, team_name, to_display, EntityState, Game, LogEntry, SampleError};

impl Game {
    /// Reads every entity back from C# and writes the final table.
    pub(crate) fn final_state(&self, out: &mut dyn Write) -> Result<Vec<EntityState>, SampleError> {
        writeln!(
            out,
            "\n  #  {:<26} {:>7}  {:<22} {:>6}  flags",
            "entity (Describe())", "health", "position", "facing"
        )?;
        let mut states = Vec::new();
        for (i, actor) in self.actors.iter().enumerate() {
            let state = self
                .read_state(actor)
                .context(|| format!("reading {}'s final state", self.names[i]))?;
            let labels = self
                .final_labels(actor.entity())
                .context(|| format!("describing {}", self.names[i]))?;
            writeln!(
                out,
                "{:>3}  {:<26} {:>3}/{:<3}  {:<22} {:>5.0}°  {}",
                state.id, labels.describe, state.health, labels.max_health, labels.position, labels.yaw, labels.flags
            )?;
            states.push(state);
        }
        Ok(states)
    }

    pub(crate) fn read_state(&self, actor: &Actor) -> cilbind::Result<EntityState> {
        let e = actor.entity();
        let p = self.call(e.position())?;
        let r = self.call(e.rotation())?;
        Ok(EntityState {
            id: self.call(e.id())?,
            name: self.call(e.name())?.unwrap_or_default(),
            kind: actor.kind(),
            position: [p.x, p.y, p.z],
            rotation: [r.x, r.y, r.z, r.w],
            health: self.call(e.health())?,
            flags: self.call(e.flags())?.bits(),
            score: match actor {
                Actor::Player(p) => self.call(p.score())?,
                Actor::Monster(..) => 0,
            },
        })
    }

    /// `Describe()` (virtual: `Player`'s or `Monster`'s override through the `Entity`
    /// binding), `Vector3.ToString()`, `Quaternion.Yaw`, and the flags formatted by .NET's
    /// `Enum.ToString` on the boxed enum.
    fn final_labels(&self, e: &Entity) -> cilbind::Result<Labels> {
        let flags = self.call(self.call(e.flags())?.box_as::<cilbind::Enum>())?;
        Ok(Labels {
            describe: self.call(e.describe())?.unwrap_or_default(),
            max_health: self.call(e.max_health())?,
            position: self.call(to_display(self.call(e.position())?))?,
            yaw: self.call(self.call(e.rotation())?.yaw())?,
            flags: self.call(flags.as_object().to_string())?.unwrap_or_default(),
        })
    }

    /// Reads the managed log back (see [`Game::log_entries`]) and writes it out.
    pub(crate) fn read_log(&self, out: &mut dyn Write) -> Result<(Vec<i32>, Vec<u8>), SampleError> {
        let entries = self.log_entries()?;
        let count = entries.len();
        let (mut scores, mut teams) = (Vec::new(), Vec::new());
        for entry in entries {
            match entry {
                LogEntry::Score(s) => scores.push(s),
                LogEntry::Team(t) => teams.push(t),
            }
        }
        let team_names: Vec<&str> = teams.iter().map(|&t| team_name(Team(t))).collect();
        writeln!(
            out,
            "\nManaged log (a C# List<object>): {count} boxed entries: scores (Int32) {scores:?}, \
             victims' teams (Team) [{}]",
            team_names.join(", ")
        )?;
        Ok((scores, teams))
    }

    /// The managed log's entries in order, each unboxed by its runtime type.
    pub(crate) fn log_entries(&self) -> Result<Vec<LogEntry>, SampleError> {
        let count = self
            .call(self.world.log_count())
            .context(|| "reading World.LogCount".into())?;
        (0..count)
            .map(|i| {
                self.read_log_entry(i)
                    .context(|| format!("reading managed log entry {i}"))
            })
            .collect()
    }

    fn read_log_entry(&self, i: i32) -> cilbind::Result<LogEntry> {
        let entry = self
            .call(self.world.get_log_entry(i))?
            .ok_or_else(|| null("World.GetLogEntry"))?;
        // A boxed Team does not unbox as Int32 (its underlying type is Byte), so the type
        // name decides; unbox then checks it again.
        if self.call(entry.type_name())? == "System.Int32" {
            Ok(LogEntry::Score(self.call(entry.unbox::<Int32>())?.0))
        } else {
            Ok(LogEntry::Team(self.call(entry.unbox::<Team>())?.0))
        }
    }
}

/// An entity's row in the final table, formatted by C#.
struct Labels {
    describe: String,
    max_health: i32,
    position: String,
    yaw: f32,
    flags: String,
}
