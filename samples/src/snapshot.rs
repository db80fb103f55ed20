//! The game state a `--reload` game carries across the reload.
//!
//! A reload unloads every C# object of the old code (the `World`, its entities, its log) and
//! drops the Rust values C# held (the ghoul, the death handler's closure), so the Rust side reads
//! everything it needs into a [`Snapshot`] first ([`Game::snapshot`]), then rebuilds the world
//! from it in the new code ([`Game::restore`]): a new `World` resumed at the same tick and
//! generator state, every entity spawned again in the same order (so with the same ids), then
//! given back its rotation, flags, health and score; the ghoul made again as a Rust subclass
//! with its hit count; the death handler subscribed again; the log's boxed values logged again.
//! Reading the rebuilt world back must give the same snapshot, which `reload.rs` checks.

use cilbind::{Boxing, Int32, Object};

use crate::actor::Actor;
use crate::bindings::arena::{EntityFlags, Quaternion, Team, Vector3, World};
use crate::error::Context;
use crate::ghoul::Ghoul;
use crate::{null, EntityState, Game, Kind, LogEntry, SampleError};

/// One entity as saved before a reload.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedEntity {
    /// What the final table reads too: id, name, kind, position, rotation, health, flags, score.
    pub state: EntityState,
    /// `Monster.Armor` (0 for players).
    pub armor: i32,
    /// The ghoul's hit count (its Rust value's state); `None` for every other entity.
    pub ghoul_hits: Option<u32>,
}

/// The whole game state as read from C# (before a reload, and from the rebuilt world after it).
#[derive(Clone, Debug, PartialEq)]
pub struct Snapshot {
    /// `World.Tick`.
    pub tick: i32,
    /// `World.RandomState`: the generator goes on from here.
    pub random_state: u32,
    /// Every entity, in spawn order.
    pub entities: Vec<SavedEntity>,
    /// The managed log, in order.
    pub log: Vec<LogEntry>,
}

impl Game {
    /// Reads the whole game state from C#.
    pub(crate) fn snapshot(&self) -> Result<Snapshot, SampleError> {
        let tick = self.call(self.world.tick()).context(|| "reading World.Tick".into())?;
        let random_state = self
            .call(self.world.random_state())
            .context(|| "reading World.RandomState".into())?;
        let mut entities = Vec::with_capacity(self.actors.len());
        for (i, actor) in self.actors.iter().enumerate() {
            let saved = self
                .save(actor)
                .context(|| format!("saving {}'s state", self.names[i]))?;
            entities.push(saved);
        }
        Ok(Snapshot {
            tick,
            random_state,
            entities,
            log: self.log_entries()?,
        })
    }

    fn save(&self, actor: &Actor) -> cilbind::Result<SavedEntity> {
        let (armor, ghoul_hits) = match actor {
            Actor::Player(_) => (0, None),
            Actor::Monster(m, hits) => (self.call(m.armor())?, hits.as_ref().map(|h| h.get())),
        };
        Ok(SavedEntity {
            state: self.read_state(actor)?,
            armor,
            ghoul_hits,
        })
    }

    /// Rebuilds `snapshot` in the code loaded now, as the game that goes on from `old` (whose
    /// C# objects are gone): its names, totals, call count and settings carry over.
    pub(crate) fn restore(snapshot: &Snapshot, old: &mut Game) -> Result<Game, SampleError> {
        // The seed does not matter: Resume sets the generator's state.
        let world = World::new(1).context(|| "creating the world in the reloaded game".into())?;
        let mut game = Game::new(world, old.calls.get() + 2, old.features)?;
        game.names = old.names.clone();
        game.totals = std::mem::take(&mut old.totals);
        game.shot_details = old.shot_details;
        game.call(game.world.resume(snapshot.tick, snapshot.random_state))
            .context(|| "World.Resume".into())?;
        for saved in &snapshot.entities {
            let name = &saved.state.name;
            let actor = game.respawn(saved).context(|| format!("spawning {name} again"))?;
            let id = game
                .call(actor.entity().id())
                .context(|| format!("reading {name}'s id"))?;
            if id != saved.state.id {
                return Err(SampleError::Reload(format!(
                    "{name} was spawned again with id {id}, not {}",
                    saved.state.id
                )));
            }
            game.actors.push(actor);
        }
        for (i, entry) in snapshot.log.iter().enumerate() {
            game.log_again(*entry).context(|| format!("logging entry {i} again"))?;
        }
        Ok(game)
    }

    /// Spawns `saved` again at its position (with the next id) and puts back what spawning
    /// does not set: rotation, flags, health (without raising `Died`), score.
    fn respawn(&self, saved: &SavedEntity) -> cilbind::Result<Actor> {
        let s = &saved.state;
        let w = &self.world;
        let [x, y, z] = s.position;
        let at = Vector3 { x, y, z };
        let actor = match (s.kind, saved.ghoul_hits) {
            (Kind::Player, _) => {
                let p = self
                    .call(w.spawn_player(&s.name, &at))?
                    .ok_or_else(|| null("SpawnPlayer"))?;
                self.call(p.set_score(s.score))?;
                Actor::Player(p)
            }
            (Kind::Monster, Some(hits)) => {
                let (m, hits) = self.add_ghoul(Ghoul::with_hits(hits), &s.name, &at, saved.armor)?;
                Actor::Monster(m, Some(hits))
            }
            (Kind::Monster, None) => {
                let m = self
                    .call(w.spawn_monster(&s.name, &at, saved.armor))?
                    .ok_or_else(|| null("SpawnMonster"))?;
                Actor::Monster(m, None)
            }
        };
        let e = actor.entity();
        let [x, y, z, w] = s.rotation;
        self.call(e.set_rotation(&Quaternion { x, y, z, w }))?;
        self.call(e.set_flags(EntityFlags::from_bits_retain(s.flags)))?;
        self.call(e.restore_health(s.health))?;
        Ok(actor)
    }

    /// Logs `entry` boxed as it was: a score as `Int32`, a team as `Team`.
    fn log_again(&self, entry: LogEntry) -> cilbind::Result<()> {
        let boxed = match entry {
            LogEntry::Score(score) => self.call(Int32(score).box_as::<Object>())?,
            LogEntry::Team(team) => self.call(Team(team).box_as::<Object>())?,
        };
        self.call(self.world.log(Some(&boxed)))
    }
}

/// What differs between `before` and `after`, one line each (empty when they are the same).
pub(crate) fn differences(before: &Snapshot, after: &Snapshot) -> Vec<String> {
    let mut diffs = Vec::new();
    if (before.tick, before.random_state) != (after.tick, after.random_state) {
        diffs.push(format!(
            "tick and generator state {} {:#010x}, rebuilt {} {:#010x}",
            before.tick, before.random_state, after.tick, after.random_state
        ));
    }
    if before.entities.len() != after.entities.len() {
        diffs.push(format!(
            "{} entities, rebuilt {}",
            before.entities.len(),
            after.entities.len()
        ));
    }
    for (b, a) in before.entities.iter().zip(&after.entities) {
        if b != a {
            diffs.push(format!("{b:?}, rebuilt {a:?}"));
        }
    }
    if before.log != after.log {
        diffs.push(format!("log {:?}, rebuilt {:?}", before.log, after.log));
    }
    diffs
}
