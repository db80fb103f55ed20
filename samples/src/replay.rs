//! `--replay FILE`: a recorded game (`record.rs`) run again, call by call, in a fresh process,
//! against the game as built or another build of it (`--game PATH`), through
//! `cilbind::record::Replayer`; then either the final state read back from the replayed world,
//! or the first call that gave something else than when it was recorded.
//!
//! What the replay makes itself, since no recorded call returned it (see `externals.rs`):
//! - the death handler: a new `Action<Entity>` from a new Rust closure, which, like the game's,
//!   notes the ids of the entities that die (the replay reports them);
//! - the ghoul: a new Rust `Ghoul` extending `Monster` (`Monster::extend`), with the id, name,
//!   position, armor and hit count the recording made it with.
//!
//! The natives (`Rules.Mitigate`) are installed as for a game: the replayed calls run C# code
//! that calls them. And the replayer finds a method of a generic instantiation (`List<int>`,
//! `World.Living<Player>()`) only among those bound in its process (it never instantiates a type
//! a log names), so the replay first binds the game's by calling the roll call once on a scratch
//! world of one player, which is not part of the replay.

use std::cell::Cell;
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};

use cilbind::record::{self, Entry, LogReader, ReplayReport, Replayer};
use cilbind::{Callback, Cookie, ManagedType, Object, Reference, Runtime};

use crate::actor::Actor;
use crate::bindings::arena::{Entity, Monster, Player, Vector3, World};
use crate::bindings::system::Action1;
use crate::error::{file_context, Context};
use crate::ghoul::Ghoul;
use crate::{
    externals, init, null, write_roll, EntityState, External, Features, Game, RollCall, SampleError, TickStats,
};

/// How the log's first call, which makes the game's world, names the method.
const WORLD_CONSTRUCTOR: &str = "[Arena]Arena.World::.ctor(";
/// The class the log names the death handler by.
const HANDLER_CLASS: &str = "System.Action<Arena.Entity>";
/// The class the log names the ghoul by (the class its Rust type extends).
const GHOUL_CLASS: &str = "Arena.Monster";

/// The replayed world at the end of the log, read back as a game reads its own.
#[derive(Clone, Debug, PartialEq)]
pub struct FinalState {
    /// Every entity, in spawn order (compare [`Outcome::entities`](crate::Outcome)).
    pub entities: Vec<EntityState>,
    /// The boxed `Int32` scores in the managed log, in order.
    pub logged_scores: Vec<i32>,
    /// The boxed `Team` values in the managed log, in order.
    pub logged_teams: Vec<u8>,
    /// Who is alive, by `World.Living<T>()`, and their health by `World.TotalHealth`.
    pub roll: RollCall,
}

/// What [`replay`] gives back.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayOutcome {
    /// Calls replayed, and the first divergence if any.
    pub report: ReplayReport,
    /// The replayed world's final state; `None` when the replay diverged (it stopped there).
    pub state: Option<FinalState>,
    /// The ids the replay's death handler received, in order: every death the replayed calls
    /// caused in C#.
    pub deaths: Vec<i32>,
}

/// Replays the call log `log` (with its `LOG.externals`, see [`run_recorded`](crate::run_recorded))
/// in this process, against the game as built, or against the `Arena.dll` at `game`; writes what
/// happened to `out`.
///
/// `game` must be loaded before the built game, so a process that loaded the game already (a
/// game played, a replay run) is refused then ([`SampleError::Replay`]): replay in a process of
/// its own (Mono starts once per process). A log that cannot be read or whose calls cannot be
/// made is an error; a call that gives something else than recorded is no error but the
/// report's divergence, and the replay stops there.
pub fn replay(log: &Path, game: Option<&Path>, out: &mut dyn Write) -> Result<ReplayOutcome, SampleError> {
    let (features, made) = externals::read(log)?;
    load(game, &features)?;
    bind_generic_members()?;
    let world = recorded_world(log)?;
    let deaths = Arc::new(Mutex::new(Vec::new()));
    let mut replayer = Replayer::new(BufReader::new(open(log)?)).on_external(supplier(made, Arc::clone(&deaths)));
    writeln!(
        out,
        "Replaying {} against {}, with the death handler and the ghoul made again from {}.",
        log.display(),
        game.map_or_else(|| "the game as built".to_string(), |g| g.display().to_string()),
        externals::path_for(log).display()
    )?;
    let report = replayer.run().context(|| format!("replaying {}", log.display()))?;
    let deaths = deaths.lock().unwrap_or_else(|p| p.into_inner()).clone();
    if let Some(d) = &report.divergence {
        writeln!(
            out,
            "The replay diverged at call {}, {}: {} was {}, recorded {}. (The calls before it gave what they \
             gave when recorded; the replay stopped there.)",
            d.call, d.method, d.place, d.actual, d.expected
        )?;
        return Ok(ReplayOutcome {
            report,
            state: None,
            deaths,
        });
    }
    writeln!(
        out,
        "Replayed {} calls, no divergence: every call gave what it gave when recorded. The replay's death \
         handler saw {} deaths, ids {deaths:?}. The replayed world, read back:",
        report.calls,
        deaths.len()
    )?;
    let world = replayer
        .object(world)
        .ok_or_else(|| SampleError::Replay("no replayed call made the log's world".into()))?
        .cast::<World>()
        .context(|| "the log's world".into())?;
    let game = Game::observe(world)?;
    let entities = game.final_state(out)?;
    let (logged_scores, logged_teams) = game.read_log(out)?;
    let roll = game.roll_call().context(|| "calling the roll".into())?;
    write_roll(out, &roll)?;
    Ok(ReplayOutcome {
        report,
        state: Some(FinalState {
            entities,
            logged_scores,
            logged_teams,
            roll,
        }),
        deaths,
    })
}

fn open(log: &Path) -> Result<File, SampleError> {
    file_context(File::open(log), || format!("opening the call log {}", log.display()))
}

/// Loads the game to replay against (`game`, else the build the recorded `features` chose) and
/// installs the natives if the recorded game had them; refused when this runtime cannot run a
/// feature the recorded game played with.
fn load(game: Option<&Path>, features: &Features) -> Result<(), SampleError> {
    let runtime = Runtime::get().context(|| "starting the runtime".into())?;
    let here = Features::of(runtime.backend());
    if let Some(missing) = crate::Feature::ALL
        .into_iter()
        .find(|f| features.has(*f) && !here.has(*f))
    {
        return Err(SampleError::Replay(format!(
            "the recorded game played with {} on, which {} cannot run yet ({}): replay it on Mono, or record \
             with --off ghoul (what both runtimes run)",
            missing.name(),
            runtime.backend().name(),
            missing.coreclr_lacks()
        )));
    }
    if let Some(game) = game {
        if runtime.assembly("Arena").is_ok() {
            return Err(SampleError::Replay(format!(
                "the game was loaded already in this process, so {} cannot be: replay against it in a \
                 process of its own",
                game.display()
            )));
        }
        let assembly = runtime
            .load_assembly(game)
            .context(|| format!("loading {}", game.display()))?;
        if assembly.name() != "Arena" {
            return Err(SampleError::Replay(format!(
                "{} is the assembly {}, not the game (Arena)",
                game.display(),
                assembly.name()
            )));
        }
    }
    // The bindings load the built game only when no `Arena` is loaded.
    init(features)
}

/// Binds the members of generic instantiations the game calls, by calling the roll call (the
/// game's only user of them) on a scratch world of one player.
fn bind_generic_members() -> Result<(), SampleError> {
    let world = World::new(1).context(|| "creating a scratch world".into())?;
    let at = Vector3 { x: 0.0, y: 0.0, z: 0.0 };
    world
        .spawn_player("scratch", &at)
        .context(|| "spawning in the scratch world".into())?;
    Game::observe(world)?
        .roll_call()
        .context(|| "binding the roll call's generic members".into())?;
    Ok(())
}

/// The recorded handle of the game's world: what the log's first call of `World`'s constructor
/// returned.
fn recorded_world(log: &Path) -> Result<Cookie, SampleError> {
    let mut constructor = None;
    for entry in LogReader::new(BufReader::new(open(log)?)) {
        match entry.context(|| format!("reading the call log {}", log.display()))? {
            Entry::Method { id, signature } if signature.starts_with(WORLD_CONSTRUCTOR) => constructor = Some(id),
            Entry::Call(call) if Some(call.id) == constructor => {
                if let record::Outcome::Value(record::Recorded::Object { cookie, .. }) = call.outcome {
                    return Ok(cookie);
                }
                break;
            }
            _ => {}
        }
    }
    Err(SampleError::Replay(format!(
        "{} holds no call of World's constructor that made a world: not a game's log",
        log.display()
    )))
}

/// The replayer's external hook: makes each object of `made` again when the log first passes
/// it; the death handler notes the ids of the dying in `deaths`.
fn supplier(
    made: Vec<External>,
    deaths: Arc<Mutex<Vec<i32>>>,
) -> impl FnMut(&str, Cookie) -> cilbind::Result<Object> + 'static {
    let made: HashMap<Cookie, External> = made.into_iter().map(|e| (e.cookie(), e)).collect();
    // The closures behind the handlers made: kept as long as the hook, so as the replayer.
    let mut kept: Vec<Callback> = Vec::new();
    move |class: &str, cookie: Cookie| {
        let wrong = |what: &str| {
            cilbind::Error::InvalidArgument(format!(
                "the log passes handle {cookie} as a {class}, and the externals file lists it as {what}"
            ))
        };
        match made.get(&cookie) {
            Some(External::DeathHandler { .. }) => {
                if class != HANDLER_CLASS {
                    return Err(wrong("the death handler"));
                }
                let seen = Arc::clone(&deaths);
                let handler = Action1::<Entity>::from_fn(move |entity: Option<Entity>| {
                    if let Some(entity) = entity {
                        seen.lock().unwrap_or_else(|p| p.into_inner()).push(entity.id()?);
                    }
                    Ok(())
                })?;
                let object = handler.as_object().clone();
                kept.push(handler.into_callback());
                Ok(object)
            }
            Some(External::Ghoul {
                id,
                name,
                at: [x, y, z],
                armor,
                hits,
                ..
            }) => {
                if class != GHOUL_CLASS {
                    return Err(wrong("the ghoul"));
                }
                let at = Vector3 { x: *x, y: *y, z: *z };
                Ok(Monster::extend(Ghoul::with_hits(*hits), *id, name, &at, *armor)?.into_object())
            }
            None => Err(cilbind::Error::InvalidArgument(format!(
                "the log passes a {class} (handle {cookie}) that no recorded call returned, and the \
                 externals file does not list it"
            ))),
        }
    }
}

impl Game {
    /// A game around `world` as it is, only to read it back: its entities in spawn order, typed
    /// by class; no death handler of its own.
    fn observe(world: World) -> Result<Game, SampleError> {
        let count = world.entity_count().context(|| "reading World.EntityCount".into())?;
        let player = <Player as ManagedType>::class().context(|| "finding Arena.Player".into())?;
        let (mut actors, mut names) = (Vec::new(), Vec::new());
        for i in 0..count {
            let read = || -> cilbind::Result<(Actor, String)> {
                let e = world.get_entity(i)?.ok_or_else(|| null("World.GetEntity"))?;
                let name = e.name()?.unwrap_or_default();
                let o = e.as_object();
                let actor = if o.is_instance_of(player)? {
                    Actor::Player(o.cast::<Player>()?)
                } else {
                    Actor::Monster(o.cast::<Monster>()?, None)
                };
                Ok((actor, name))
            };
            let (actor, name) = read().context(|| format!("reading entity {i} of the world"))?;
            actors.push(actor);
            names.push(name);
        }
        Ok(Game {
            world,
            deaths: Arc::default(),
            _on_death: None,
            features: Features::ALL,
            actors,
            names,
            calls: Cell::new(0),
            totals: TickStats::default(),
            shot_details: false,
            made: Default::default(),
        })
    }
}
