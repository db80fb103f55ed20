//! The `--reload` demonstration: the game runs, its C# source is changed (a rule constant,
//! `Player.AttackDamage`), recompiled with `mcs` and hot-reloaded mid-game
//! (`cilbind::Runtime::reload`); the game goes on in the new code.
//!
//! A reload ends every C# object of the old code and drops the Rust values C# held, so before it
//! the game's state is read into a [`Snapshot`]; after it, the old handles are tried (each must
//! be `Error::StaleHandle`) and the state is rebuilt in the new code from the snapshot and read
//! back (it must be the same). Every hit is listed with the damage it did, so the new rule shows
//! in the output.

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use cilbind::{ReloadReport, Runtime};

use crate::actor::Actor;
use crate::error::Context;
use crate::snapshot::differences;
use crate::{game_folder, init, play, Config, Features, Game, Outcome, SampleError, Shot, Snapshot};

/// The value `--reload` gives `Player.AttackDamage` (25 as built): a shot then takes 40 health
/// before armor instead of 25, so monsters die in two hits instead of four.
pub const RELOAD_ATTACK: i32 = 40;

/// When to reload and what to change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReloadPlan {
    /// Reload after this many ticks (0: before the first); must be less than the game's ticks.
    pub after_tick: u32,
    /// The value `Player.AttackDamage` gets in the recompiled game.
    pub attack: i32,
}

/// An old handle tried after the reload.
#[derive(Clone, Debug, PartialEq)]
pub struct StaleCheck {
    /// Whose handle, e.g. `World` or `Player Ada`.
    pub handle: String,
    /// The call tried on it.
    pub call: &'static str,
    /// What it gave: `Err(Error::StaleHandle)` is what the reload promises (anything else makes
    /// [`run_with_reload`] fail after recording it here).
    pub result: Result<String, cilbind::Error>,
}

/// What the reload in a `--reload` game did.
#[derive(Clone, Debug, PartialEq)]
pub struct ReloadSummary {
    /// Ticks played before it.
    pub after_tick: u32,
    /// `Player.AttackDamage` before the reload (from the source).
    pub old_attack: i32,
    /// And after.
    pub new_attack: i32,
    /// How long `mcs` took.
    pub compile_time: Duration,
    /// What `Runtime::reload` reported (files, handles made stale, Rust values dropped, time).
    pub report: ReloadReport,
    /// The old handles tried afterwards.
    pub stale: Vec<StaleCheck>,
    /// The state read from the old code before the reload.
    pub snapshot: Snapshot,
    /// The state read from the new code after it was rebuilt (equal to `snapshot`, or the game
    /// fails).
    pub restored: Snapshot,
    /// The whole pause: snapshot, edit, compile, reload, checks, rebuild.
    pub pause: Duration,
}

/// What a `--reload` game gives back.
#[derive(Clone, Debug, PartialEq)]
pub struct ReloadOutcome {
    /// The game as a whole, as [`run`](crate::run) reports it (`elapsed` leaves out the reload's
    /// pause).
    pub outcome: Outcome,
    /// Every hit on a living opponent, before and after the reload, in order.
    pub shots: Vec<Shot>,
    /// The reload; `None` when the game ended (a team wiped out) before its tick.
    pub reload: Option<ReloadSummary>,
}

/// Which code the unit holds since this process first loaded the game from its game folder.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Loaded {
    /// Not loaded from the game folder (yet).
    No,
    /// The DLL as `build.rs` built it.
    Built,
    /// A recompiled one.
    Edited,
}

static LOADED: Mutex<Loaded> = Mutex::new(Loaded::No);

/// Plays `config` like [`run`](crate::run), but after `plan.after_tick` ticks edits
/// `Player.AttackDamage` in the C# source to `plan.attack`, recompiles it with `mcs`, reloads it
/// with `Runtime::reload`, shows that the old handles are stale, rebuilds the game state in the
/// new code from a snapshot, and plays on; every hit is listed with the damage it did.
///
/// The game is loaded from a game folder (a temporary directory, removed at the end) before
/// anything else loads it: a process that played a game without reload first is refused
/// (`SampleError::Reload`). A later call in the same process starts from the built game again
/// (one more reload, before spawning).
///
/// # Safety
/// `Runtime::reload`'s: no other thread may call into cilbind (a game, the bindings, anything)
/// while this runs, and no low-level value (`Assembly`, `Class`, `Method`, `Field`, `ObjectRef`)
/// obtained before it may be used after it.
pub unsafe fn run_with_reload(
    config: &Config,
    plan: &ReloadPlan,
    out: &mut dyn Write,
) -> Result<ReloadOutcome, SampleError> {
    if plan.after_tick >= config.ticks {
        return Err(SampleError::Reload(format!(
            "a reload after tick {} never happens in a game of {} ticks",
            plan.after_tick, config.ticks
        )));
    }
    let mut loaded = LOADED.lock().unwrap_or_else(|p| p.into_inner());
    let _cleanup = RemoveGameFolder;
    // SAFETY: the caller's promise, passed on.
    unsafe { load_built(&mut loaded, config.features, out)? };
    let mut summary = None;
    let played = play(config, out, true, &mut |game, ticks_played, out| {
        if ticks_played != plan.after_tick {
            return Ok(Duration::ZERO);
        }
        // SAFETY: the caller's promise; the game loop holds no low-level value across this.
        let done = unsafe { reload_mid_game(game, ticks_played, plan, config.features, &mut loaded, out)? };
        let pause = done.pause;
        summary = Some(done);
        Ok(pause)
    })?;
    Ok(ReloadOutcome {
        outcome: played.outcome,
        shots: played.shots,
        reload: summary,
    })
}

/// Removes the game folder when the game is over, however it ended.
struct RemoveGameFolder;

impl Drop for RemoveGameFolder {
    fn drop(&mut self) {
        game_folder::remove();
    }
}

/// Starts the runtime with a reloadable unit (the one running, else the one `CILBIND_RUNTIME`
/// names), checks that `features` are every feature it runs, loads the built game from the
/// game folder, or reloads it when a previous game of this process left an edited one; then
/// runs the bindings' `init()` and installs the natives (when the runtime runs them).
///
/// # Safety
/// As [`run_with_reload`].
unsafe fn load_built(loaded: &mut Loaded, features: Features, out: &mut dyn Write) -> Result<(), SampleError> {
    let runtime = match Runtime::builder().reloadable(true).start() {
        Ok(runtime) => runtime,
        Err(cilbind::Error::Reload(why)) => {
            return Err(SampleError::Reload(format!(
                "{why}: a reloadable game must start the runtime itself and load the game from \
                 its game folder first (play it in a process of its own)"
            )))
        }
        Err(e) => return Err(e).context(|| "starting the runtime with a reloadable unit".into()),
    };
    let runs = Features::of(runtime.backend());
    if features != runs {
        return Err(SampleError::Reload(format!(
            "a reload game plays with every feature the runtime runs ({runs:?}: the reloaded game declares the \
             natives it runs, and the ghoul and the death handler are part of what a reload carries over): \
             {features:?} differs"
        )));
    }
    let dll = game_folder::install_built(features.natives)?;
    match *loaded {
        Loaded::No => {
            if runtime.assembly("Arena").is_ok() {
                return Err(SampleError::Reload(
                    "the game was loaded already from the build's output, so a reload would load \
                     that file again, not the recompiled one: a reloadable game must be loaded \
                     from its game folder first (play it in a process of its own)"
                        .into(),
                ));
            }
            runtime
                .load_assembly(&dll)
                .context(|| format!("loading {}", dll.display()))?;
        }
        Loaded::Built => {}
        Loaded::Edited => {
            // SAFETY: the caller's promise; no game exists yet.
            let report = unsafe { runtime.reload() }.context(|| "reloading the built game".into())?;
            writeln!(
                out,
                "(The previous game left a recompiled game loaded: the built one was reloaded in {:.1} ms.)",
                ms(report.elapsed)
            )?;
        }
    }
    *loaded = Loaded::Built;
    init(&features)
}

/// The reload itself, between two ticks: snapshot, edit and recompile, reload, stale handles,
/// rebuild; `game` becomes the rebuilt game.
///
/// # Safety
/// As [`run_with_reload`].
unsafe fn reload_mid_game(
    game: &mut Game,
    after_tick: u32,
    plan: &ReloadPlan,
    features: Features,
    loaded: &mut Loaded,
    out: &mut dyn Write,
) -> Result<ReloadSummary, SampleError> {
    let start = Instant::now();
    writeln!(out, "\n--- hot reload after tick {after_tick} ---")?;
    let snapshot = game.snapshot()?;
    let ghoul = snapshot.entities.iter().find_map(|e| e.ghoul_hits);
    writeln!(
        out,
        "Snapshot of the C# world, read through the old code: tick {}, generator state {:#010x}, {} entities \
         (position, rotation, health, flags, score, armor{}), {} log entries.",
        snapshot.tick,
        snapshot.random_state,
        snapshot.entities.len(),
        ghoul.map_or(String::new(), |h| format!("; the Rust ghoul's hit count, {h}")),
        snapshot.log.len()
    )?;

    let compiled = game_folder::recompile(plan.attack, features.natives)?;
    *loaded = Loaded::Edited;
    writeln!(
        out,
        "Edited the game's source ({}): Player.AttackDamage = {} became {}; mcs (build.rs's flags) compiled it \
         ({}) in {:.0} ms, over {}.",
        game_folder::SOURCE,
        compiled.old_attack,
        plan.attack,
        compiled.source.display(),
        ms(compiled.compile_time),
        game_folder::dll().display()
    )?;

    let runtime = Runtime::get().context(|| "getting the runtime".into())?;
    // SAFETY: the caller's promise (no other thread calls in; no low-level value of the old unit
    // is used afterwards: the game holds only handles, which become stale, and bindings, which
    // resolve again).
    let report = unsafe { runtime.reload() }.context(|| "reloading the recompiled game".into())?;
    // The bindings' init() checks the structs' layouts and loads nothing (the game is loaded);
    // the natives are installed still, and are checked against the new assembly's.
    init(&features)?;
    writeln!(
        out,
        "Runtime::reload: the old unit unloaded and {} loaded again in {:.1} ms: {} handles made stale, \
         {} callback closure(s) and {} Rust subclass value(s) dropped.",
        report
            .assemblies
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
        ms(report.elapsed),
        report.handles_released,
        report.callbacks_released,
        report.proxies_released
    )?;

    let stale = try_old_handles(game);
    writeln!(out, "The old handles now:")?;
    for check in &stale {
        let result = match &check.result {
            Ok(value) => format!("answered {value}"),
            Err(e) => format!("Err({e:?}): {e}"),
        };
        writeln!(out, "  {:<20} {:<18} -> {result}", check.handle, check.call)?;
    }
    if let Some(bad) = stale.iter().find(|c| c.result != Err(cilbind::Error::StaleHandle)) {
        return Err(SampleError::Reload(format!(
            "the old {} handle's {} gave {:?} after the reload, not Error::StaleHandle",
            bad.handle, bad.call, bad.result
        )));
    }

    let rebuilt = Game::restore(&snapshot, game)?;
    let restored = rebuilt.snapshot()?;
    let diffs = differences(&snapshot, &restored);
    if !diffs.is_empty() {
        return Err(SampleError::Reload(format!(
            "the world rebuilt in the new code differs from the snapshot:\n  {}",
            diffs.join("\n  ")
        )));
    }
    let attack = match rebuilt.actors.first() {
        Some(Actor::Player(p)) => Some(rebuilt.call(p.attack()).context(|| "reading Player.Attack".into())?),
        _ => None,
    };
    *game = rebuilt;
    let mut again = Vec::new();
    if features.ghoul {
        again.push("the ghoul made again (Monster::extend); ");
    }
    if features.died_handler {
        again.push("the death handler subscribed again; ");
    }
    if features.natives {
        again.push("the natives checked again; ");
    }
    writeln!(
        out,
        "Re-fetched: a new World made in the new code, resumed at tick {} with the same generator state; the {} \
         entities spawned again in order (same ids) and given back their state; {}the log's {} boxed values \
         logged again. Read back, the rebuilt world equals the snapshot.",
        restored.tick,
        restored.entities.len(),
        again.concat(),
        restored.log.len()
    )?;
    if let Some(attack) = attack {
        writeln!(
            out,
            "Playing on in the new code: Player.Attack now returns {attack} (it returned {}), so shots do \
             {attack} damage before armor.",
            compiled.old_attack
        )?;
    }
    writeln!(out)?;
    Ok(ReloadSummary {
        after_tick,
        old_attack: compiled.old_attack,
        new_attack: plan.attack,
        compile_time: compiled.compile_time,
        report,
        stale,
        snapshot,
        restored,
        pause: start.elapsed(),
    })
}

/// Calls one member through some of the old game's handles: the `World`, the first entity (a
/// player) and the ghoul.
fn try_old_handles(game: &Game) -> Vec<StaleCheck> {
    let mut checks = vec![StaleCheck {
        handle: "World".into(),
        call: "World.Tick",
        result: game.world.tick().map(|t| t.to_string()),
    }];
    for (i, actor) in game.actors.iter().enumerate() {
        let name = &game.names[i];
        match actor {
            Actor::Player(p) if i == 0 => checks.push(StaleCheck {
                handle: format!("Player {name}"),
                call: "Entity.Health",
                result: p.health().map(|h| h.to_string()),
            }),
            Actor::Monster(m, Some(_)) => checks.push(StaleCheck {
                handle: format!("Ghoul {name}"),
                call: "Entity.Describe()",
                result: m.describe().map(|d| format!("{d:?}")),
            }),
            _ => {}
        }
    }
    checks
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
