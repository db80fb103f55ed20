//! What a game takes ([`Config`]) and gives back ([`Outcome`], one [`EntityState`] per entity).

use std::time::Duration;

use crate::Features;

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The most ticks to play (the game stops early when a team is wiped out).
    pub ticks: u32,
    /// Seeds the C# world's xorshift32 generator: the same seed replays the same game.
    pub seed: u32,
    /// How many entities to spawn (every third one is a player).
    pub entities: u32,
    /// What of the game is on ([`Features::ALL`] on Mono; CoreCLR runs [`Features::CORECLR`]).
    pub features: Features,
}

/// Player or monster.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `Arena.Player`, team Blue.
    Player,
    /// `Arena.Monster`, team Red.
    Monster,
}

/// One entity at the end of the game, read back from C#.
#[derive(Clone, Debug, PartialEq)]
pub struct EntityState {
    /// Spawn order, from 1 (`Entity.Id`).
    pub id: i32,
    /// Display name.
    pub name: String,
    /// Player or monster.
    pub kind: Kind,
    /// `Entity.Position` as `[x, y, z]`.
    pub position: [f32; 3],
    /// `Entity.Rotation` as `[x, y, z, w]`.
    pub rotation: [f32; 4],
    /// `Entity.Health` (0 when dead).
    pub health: i32,
    /// `Entity.Flags` bits (`Arena.EntityFlags`).
    pub flags: i32,
    /// `Player.Score` (0 for monsters).
    pub score: i32,
}

/// The survivors at the end of a game, found through the generic method `World.Living<T>()`
/// and summed by `World.TotalHealth(List<int>)` over a list Rust made.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RollCall {
    /// Ids of the living entities, in spawn order (`Living<Entity>()`).
    pub survivors: Vec<i32>,
    /// How many of them are players (`Living<Player>().Count`).
    pub players: i32,
    /// How many are monsters (`Living<Monster>().Count`).
    pub monsters: i32,
    /// Their summed health (`TotalHealth` of a `List<int>` of `survivors`).
    pub health: i32,
}

/// What happened in a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Ticks played (fewer than asked when a team was wiped out).
    pub ticks_played: u32,
    /// Every entity, in spawn order.
    pub entities: Vec<EntityState>,
    /// Shots that hit an opponent (alive or dead).
    pub shots: u32,
    /// Shots that hit a living opponent and did damage.
    pub hits: u32,
    /// Attacks by monsters.
    pub bites: u32,
    /// Entities killed by an attack.
    pub kills: u32,
    /// Monsters that burned to death in `Monster.Update`.
    pub burned: u32,
    /// Shots that hit a corpse: `Entity.Damage` threw `InvalidOperationException`.
    pub corpse_shots: u32,
    /// The boxed `Int32` scores in the managed log, in order.
    pub logged_scores: Vec<i32>,
    /// The boxed `Team` values in the managed log (the team of each victim), in order.
    pub logged_teams: Vec<u8>,
    /// Who is still alive at the end, as C#'s generic `World.Living<T>()` lists them.
    pub roll: RollCall,
    /// Calls made through the generated bindings (methods, property accessors, field reads)
    /// and boxing, counted on the Rust side, from spawning to the final report.
    pub managed_calls: u64,
    /// Calls C# made into Rust's natives (`Rules.Mitigate`, once per hit on a monster, the
    /// dead included) in the same span.
    pub native_calls: u64,
    /// Wall time of the same span.
    pub elapsed: Duration,
    /// The part of [`Outcome::managed_calls`] made while spawning and playing the first tick,
    /// where each C# method is JIT-compiled and each binding resolved on its first call.
    pub warmup_calls: u64,
    /// Wall time of the same span.
    pub warmup_elapsed: Duration,
}

/// One entry of the managed log (`World.Log`), unboxed by its runtime type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogEntry {
    /// A killer's new score, boxed as `Int32`.
    Score(i32),
    /// A victim's team, boxed as the `Team` enum (its underlying byte).
    Team(u8),
}

/// A player's shot that damaged a living opponent, as a `--reload` game records it (the normal
/// game does not read the extra state), so the rule in effect shows in each hit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shot {
    /// `World.Tick` when the shot was fired.
    pub tick: i32,
    /// The shooter's id.
    pub shooter: i32,
    /// The victim's id.
    pub victim: i32,
    /// `Player.Attack` as the game's code in effect returned it.
    pub attack: i32,
    /// The victim's health just before the hit.
    pub health_before: i32,
    /// And just after it (armor, the ghoul's halving and `Rules.Mitigate` applied).
    pub health_after: i32,
}
