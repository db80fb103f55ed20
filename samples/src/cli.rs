//! The sample's command line: plays the C# arena game from Rust for a number of ticks and
//! reports what happened, the final state, and how many calls it made into managed code and how
//! fast. With `--reload`, the C# game is edited, recompiled and hot-reloaded mid-game. With
//! `--record FILE`, every call into managed code is recorded to FILE; `--replay FILE` runs such a
//! log again (against another build of the game with `--game`) and reports the final state or
//! the first divergence. `--runtime coreclr` plays on CoreCLR instead of Mono (the same game);
//! `--off` switches parts of the game off.
//!
//! `--serve ADDR` hosts the runtime and the game for other processes; `--connect ADDR` plays
//! it from this one over the connection (`remote.rs`).
//!
//! The binary ([`main`]) starts the runtime itself (host mode). `--guest` turns that around
//! (`launch.rs`): `mono Arena.exe` or `dotnet Arena.exe` owns the process, and its C# `Main`
//! loads this crate as a plugin (`guest.rs`), which plays the same game with the same command
//! line (`Mode::Guest`); what guest mode cannot do is switched off with a line saying why.

use std::ffi::OsString;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{CommandFactory, Parser, ValueEnum};

use cilbind::{Backend, Runtime};

use crate::{Config, Feature, Features, Outcome, ReloadPlan, SampleError, RELOAD_ATTACK};

/// Who owns the process the game plays in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// The sample's binary: Rust's `main` starts the runtime.
    Host,
    /// The plugin `Arena.exe` loaded: C#'s `Main` owns the process and its runtime, which
    /// cilbind adopted (`cilbind::Runtime::attach`) before [`run`] runs.
    Guest,
}

/// Why a hot reload is switched off in guest mode (`Runtime::reload` refuses it there).
const GUEST_NO_RELOAD: &str = "the host (Arena.exe's Main) loaded the game and owns the runtime, so cilbind has no \
     unit of its own to unload and load again (Runtime::reload is refused in guest mode); the game plays without \
     the reload";

/// Plays a small C# arena game (players against monsters) from Rust through bindings that
/// cilbind generated from the compiled game at build time.
#[derive(Parser, Debug)]
#[command(name = "cilbind-samples", version)]
struct Cli {
    /// The most ticks to play (the game ends early when a team is wiped out).
    #[arg(long, default_value_t = 30)]
    ticks: u32,
    /// Seed of the game's random generator: the same seed replays the same game.
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// How many entities to spawn; every third one is a player, the rest are monsters.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=200))]
    entities: u32,
    /// Mid-game, change a rule in the C# source (players' attack damage, 25 to 40), recompile
    /// it with mcs, hot-reload it, and play on in the new code from the same state.
    #[arg(long)]
    reload: bool,
    /// Reload after this many ticks (default: half of --ticks; 0 reloads before the first).
    #[arg(long, value_name = "TICK", requires = "reload")]
    reload_at: Option<u32>,
    /// Record every call the game makes into managed code to FILE (a cilbind call log), and the
    /// objects Rust made for C# (the death handler, the ghoul) to FILE.externals. The game plays
    /// as without it.
    #[arg(long, value_name = "FILE", conflicts_with = "reload")]
    record: Option<PathBuf>,
    /// Replay the game recorded in FILE (with --record): run its calls again, then print the
    /// replayed world's final state, or the first call that gave something else than recorded
    /// (exit code 3).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["record", "reload", "ticks", "seed", "entities"])]
    replay: Option<PathBuf>,
    /// With --replay: replay against this Arena.dll (one compiled from an edited Arena.cs, say)
    /// instead of the game as built.
    #[arg(long, value_name = "PATH", requires = "replay")]
    game: Option<PathBuf>,
    /// The runtime to play on (default: Mono). CoreCLR runs the same game (the natives, the ghoul
    /// and the death handler too), reloads it and replays it.
    #[arg(long, value_enum, value_name = "RUNTIME")]
    runtime: Option<RuntimeArg>,
    /// Turn the sample around: C#'s `Main` owns the process (`mono Arena.exe`, or `dotnet
    /// Arena.exe` with `--runtime coreclr`) and loads the game's Rust logic as a plugin, which
    /// plays the same game (a hot reload is switched off there, saying why).
    #[arg(long)]
    guest: bool,
    /// Host the game's runtime for clients on ADDR (loopback unless told otherwise; the token
    /// clients must give in CILBIND_TOKEN) instead of playing: prints `listening on ADDR` and
    /// serves until stopped. The natives run here.
    #[arg(long, value_name = "ADDR", conflicts_with_all = ["guest", "replay", "record", "reload", "connect"])]
    serve: Option<SocketAddr>,
    /// Play the game on the runtime a `--serve` process hosts at ADDR (the token in
    /// CILBIND_TOKEN): the same game through the same bindings, over the connection (the ghoul,
    /// a Rust subclass, is switched off there, saying why).
    #[arg(long, value_name = "ADDR", conflicts_with_all = ["guest", "replay", "record", "reload", "runtime"])]
    connect: Option<SocketAddr>,
    /// Switch part of the game off (comma-separated): to see the game without it, on either
    /// runtime.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "FEATURE", conflicts_with_all = ["reload", "replay"])]
    off: Vec<FeatureArg>,
}

/// `--runtime`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum RuntimeArg {
    /// Mono 6.8, embedded.
    Mono,
    /// .NET Core (CoreCLR), from the folder `scripts/ensure-deps.sh` fills.
    Coreclr,
}

/// `--off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum FeatureArg {
    /// The native Rules.Mitigate (Rust): the same rule runs as C#.
    Natives,
    /// The ghoul (a Rust subclass of Monster): a plain monster instead.
    Ghoul,
    /// The World.Died handler (a Rust closure): deaths are found by looking.
    DiedHandler,
}

impl From<FeatureArg> for Feature {
    fn from(f: FeatureArg) -> Feature {
        match f {
            FeatureArg::Natives => Feature::Natives,
            FeatureArg::Ghoul => Feature::Ghoul,
            FeatureArg::DiedHandler => Feature::DiedHandler,
        }
    }
}

/// The exit code of a replay that diverged (1 is an error, 2 a command line clap refused).
const DIVERGED: u8 = 3;

/// The sample's binary: parses `args` (the program's name first), plays, and returns the exit
/// code (0, 1 after an error, 2 for a command line refused, 3 for a replay that diverged).
pub fn main<I: IntoIterator<Item = OsString>>(args: I) -> u8 {
    run(args.into_iter().collect(), Mode::Host)
}

/// Plays what `args` asks in `mode`, printing the report to stdout and errors to stderr;
/// returns the exit code.
pub(crate) fn run(args: Vec<OsString>, mode: Mode) -> u8 {
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => return refused(e),
    };
    // A reload game, unless guest mode switches it off (`start` says so).
    let reload = (cli.reload && mode == Mode::Host).then(|| ReloadPlan {
        after_tick: cli.reload_at.unwrap_or(cli.ticks / 2),
        attack: RELOAD_ATTACK,
    });
    if let Some(plan) = &reload {
        if plan.after_tick >= cli.ticks {
            return refused(Cli::command().error(
                clap::error::ErrorKind::ValueValidation,
                format!(
                    "--reload-at {} must be less than --ticks ({}): the reload happens between two ticks",
                    plan.after_tick, cli.ticks
                ),
            ));
        }
    }
    if cli.guest && mode == Mode::Host {
        // The rest of the command line, as the plugin in Arena.exe parses it.
        let rest: Vec<OsString> = args.iter().skip(1).filter(|a| *a != "--guest").cloned().collect();
        return report(crate::launch::run_arena(
            cli.runtime == Some(RuntimeArg::Coreclr),
            &cli.off.iter().map(|f| Feature::from(*f)).collect::<Vec<_>>(),
            cli.replay.as_deref(),
            &rest,
        ));
    }
    let started = Instant::now();
    if let Some(listen) = cli.serve {
        return report(
            start(&cli, mode).and_then(|features| crate::remote::serve(listen, &features, &mut io::stdout())),
        );
    }
    let played = start(&cli, mode).and_then(|features| match (&cli.replay, &reload, features) {
        (Some(log), _, _) => replay(log, cli.game.as_deref(), mode),
        (None, Some(plan), features) => play_with_reload(&cli, plan, features).map(|()| 0),
        (None, None, features) => play(&cli, features, started, mode).map(|()| 0),
    });
    report(played)
}

/// Prints clap's message for a command line it refused (or `--help`); its exit code.
fn refused(e: clap::Error) -> u8 {
    let _ = e.print();
    u8::try_from(e.exit_code()).unwrap_or(2)
}

/// The exit code of what was played, after printing its error.
fn report(played: Result<u8, SampleError>) -> u8 {
    match played {
        Ok(code) => code,
        // The reader went away (`| head`): nothing left to report to.
        Err(SampleError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("error: {e}");
            if let Some(stack_trace) = match &e {
                SampleError::Managed { source, .. } => source.managed_stack_trace(),
                _ => None,
            } {
                eprintln!("managed stack trace:\n{stack_trace}");
            }
            1
        }
    }
}

/// Chooses the runtime (nothing has started one yet) and what of the game is on, printing a line
/// for each part switched off, and starts the runtime (with a reloadable unit for a reload game).
/// In guest mode the runtime is the host's, adopted already: `--runtime` must name it, and a
/// reload is switched off.
fn start(cli: &Cli, mode: Mode) -> Result<Features, SampleError> {
    let mut features = Features::ALL;
    for off in &cli.off {
        features = features.without((*off).into());
    }
    let mut out = io::stdout().lock();
    for feature in features.off() {
        writeln!(out, "Switched off by --off: {}.", feature.instead())?;
    }
    if let Some(addr) = cli.connect {
        return crate::remote::connect(addr, features, &mut out);
    }
    if mode == Mode::Guest {
        let runtime = Runtime::get().map_err(|source| SampleError::Managed {
            context: "finding the runtime the host adopted".into(),
            source,
        })?;
        let coreclr = matches!(runtime.backend(), Backend::CoreClr { .. });
        if let Some(asked) = cli.runtime {
            if (asked == RuntimeArg::Coreclr) != coreclr {
                return Err(SampleError::Guest(format!(
                    "--runtime {} names another runtime than the one Arena.exe runs on ({}): in guest mode the \
                     host chose it (mono Arena.exe, dotnet Arena.exe)",
                    asked
                        .to_possible_value()
                        .map(|v| v.get_name().to_owned())
                        .unwrap_or_default(),
                    runtime_name()
                )));
            }
        }
        if cli.reload {
            writeln!(
                out,
                "Switched off in guest mode: the hot reload (--reload): {GUEST_NO_RELOAD}."
            )?;
        }
        return Ok(features);
    }
    if cli.runtime.unwrap_or(RuntimeArg::Mono) == RuntimeArg::Mono {
        // A reload game needs a reloadable unit.
        Runtime::builder()
            .backend(Backend::Mono)
            .reloadable(cli.reload)
            .start()
            .map_err(|source| SampleError::Managed {
                context: "starting Mono".into(),
                source,
            })?;
        return Ok(features);
    }
    // A reload game needs a reloadable unit here too (a collectible load context).
    Runtime::builder()
        .backend(Backend::CoreClr { root: None })
        .reloadable(cli.reload)
        .start()
        .map_err(|source| SampleError::Managed {
            context: "starting CoreCLR".into(),
            source,
        })?;
    if cli.replay.is_some() {
        // A replay plays with the features the recording did (its externals file says which),
        // and is refused if CoreCLR cannot run one of them.
        return Ok(features);
    }
    for feature in Features::of(&Backend::CoreClr { root: None }).off() {
        if features.has(feature) {
            writeln!(
                out,
                "Switched off on CoreCLR ({}): {}.",
                feature.coreclr_lacks(),
                feature.instead()
            )?;
            features = features.without(feature);
        }
    }
    Ok(features)
}

fn config(cli: &Cli, features: Features) -> Config {
    Config {
        ticks: cli.ticks,
        seed: cli.seed,
        entities: cli.entities,
        features,
    }
}

/// The runtime's name as the output gives it.
fn runtime_name() -> &'static str {
    if cilbind::remote::connected() {
        return "the server's runtime";
    }
    match Runtime::get().map(|r| r.backend().clone()) {
        Ok(Backend::CoreClr { .. }) => "CoreCLR",
        _ => "Mono",
    }
}

/// What each tick does, after the line saying how the game started.
const RULES: &str =
    "Each tick, C# runs every entity's Update (players heal 1 hp, burning monsters lose 3); then players \
                     walk toward the nearest monster and shoot (a raycast; a hit sets it burning), and monsters wander \
                     or hunt the players they see and bite.";

/// Plays the game; `start` is when the runtime started starting (in guest mode: when the
/// plugin was asked to play).
fn play(cli: &Cli, features: Features, start: Instant, mode: Mode) -> Result<(), SampleError> {
    let config = config(cli, features);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    crate::init(&features)?;
    let started = match mode {
        Mode::Host if cli.connect.is_some() => format!(
            "Connected to the game's server and checked the bindings against it in {:.1} ms.",
            ms(start.elapsed())
        ),
        Mode::Host => format!(
            "{} started and the game assembly loaded in {:.1} ms.",
            runtime_name(),
            ms(start.elapsed())
        ),
        Mode::Guest => format!(
            "Guest mode: {} runs Arena.exe, whose C# Main owns the process and loaded this Rust game logic as a \
             plugin, which adopted the runtime and loaded the game's bindings in {:.1} ms.",
            runtime_name(),
            ms(start.elapsed())
        ),
    };
    writeln!(
        out,
        "{started} Playing up to {} ticks with {} entities, seed {}.\n\
         {RULES}\n",
        config.ticks, config.entities, config.seed
    )?;
    let Some(log) = &cli.record else {
        let outcome = crate::run(&config, &mut out)?;
        return summary(&outcome, &features, &mut out);
    };
    let recorded = crate::run_recorded(&config, log, &mut out)?;
    summary(&recorded.outcome, &features, &mut out)?;
    writeln!(
        out,
        "Recorded {} calls to {} (the count above has field reads, boxing and plain structs made in Rust too, \
         which are no calls), and the objects Rust made for C# to {}: replay them with --replay {}.",
        recorded.calls,
        recorded.log.display(),
        recorded.externals.display(),
        recorded.log.display()
    )?;
    Ok(())
}

/// Replays the log; exit code [`DIVERGED`] when it diverged. In guest mode the game is the
/// host's `Arena.exe`, so another build (`--game`) is refused.
fn replay(log: &Path, game: Option<&Path>, mode: Mode) -> Result<u8, SampleError> {
    if let (Mode::Guest, Some(game)) = (mode, game) {
        return Err(SampleError::Guest(format!(
            "--game {}: the host loaded its own build of the game (Arena.exe) before the plugin ran, and a \
             process holds one build of it, so the replay runs against that one; replay against another build \
             without --guest",
            game.display()
        )));
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let replayed = crate::replay(log, game, &mut out)?;
    Ok(match replayed.report.divergence {
        Some(_) => DIVERGED,
        None => 0,
    })
}

fn play_with_reload(cli: &Cli, plan: &ReloadPlan, features: Features) -> Result<(), SampleError> {
    let config = config(cli, features);
    let stdout = io::stdout();
    let mut out = stdout.lock();
    writeln!(
        out,
        "Playing up to {} ticks with {} entities, seed {}, with a hot reload after tick {}: the game's C# source is \
         edited (Player.AttackDamage becomes {}), recompiled with mcs and reloaded while this process runs. Every hit \
         is listed with the damage it did.\n\
         {RULES}\n",
        config.ticks, config.entities, config.seed, plan.after_tick, plan.attack
    )?;
    // SAFETY: this program runs on one thread, and nothing of cilbind's low-level API is used.
    let played = unsafe { crate::run_with_reload(&config, plan, &mut out)? };
    if played.reload.is_none() {
        writeln!(
            out,
            "\nThe game ended after {} ticks, before the reload's tick: nothing was reloaded.",
            played.outcome.ticks_played
        )?;
    }
    summary(&played.outcome, &features, &mut out)?;
    if let Some(reload) = &played.reload {
        writeln!(
            out,
            "The reload paused the game for {:.1} ms (mcs {:.1} ms, Runtime::reload {:.1} ms), left out of the \
             timings above; after it {} JIT-compiled the new code's methods again on first use.",
            ms(reload.pause),
            ms(reload.compile_time),
            ms(reload.report.elapsed),
            runtime_name()
        )?;
    }
    Ok(())
}

/// The totals and the call rate.
fn summary(outcome: &Outcome, features: &Features, out: &mut dyn Write) -> Result<(), SampleError> {
    writeln!(
        out,
        "\n{} ticks: {} shots ({} hits, {} at corpses: InvalidOperationException caught as an error value), \
         {} monster bites, {} kills, {} burned to death.",
        outcome.ticks_played,
        outcome.shots,
        outcome.hits,
        outcome.corpse_shots,
        outcome.bites,
        outcome.kills,
        outcome.burned
    )?;
    if cilbind::remote::connected() {
        writeln!(
            out,
            "The native Rules.Mitigate ran in the server's process, which counts its calls; C# called this process's \
             World.Died handler back over the connection."
        )?;
    } else if features.natives {
        writeln!(
            out,
            "{} calls from C# into Rust (the native Rules.Mitigate, implemented in samples/src/rules.rs).",
            outcome.native_calls
        )?;
    } else {
        writeln!(
            out,
            "{} calls from C# into Rust (natives are off: Rules.Mitigate ran as C#).",
            outcome.native_calls
        )?;
    }
    let (total, warm) = (outcome.managed_calls, outcome.warmup_calls);
    writeln!(
        out,
        "{total} calls into managed code in {:.1} ms, counted in Rust (methods, properties, fields, boxing).",
        ms(outcome.elapsed)
    )?;
    writeln!(
        out,
        "  spawning and tick 1: {warm} calls in {:.1} ms ({} JIT-compiles each C# method, and cilbind resolves \
         each binding, on first use)",
        ms(outcome.warmup_elapsed),
        runtime_name()
    )?;
    let (calls, secs) = (total - warm, (outcome.elapsed - outcome.warmup_elapsed).as_secs_f64());
    if calls > 0 {
        writeln!(
            out,
            "  the rest: {calls} calls in {:.1} ms, {:.2} million calls/s ({:.2} µs per call, including the sample's \
             Rust logic, its printing and the exceptions thrown)",
            secs * 1e3,
            calls as f64 / secs / 1e6,
            secs * 1e6 / calls as f64
        )?;
    }
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
