//! `cilbind-samples`: plays the C# arena game from Rust for a number of ticks and reports what
//! happened, the final state, and how many calls it made into managed code and how fast.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Parser;

use cilbind_samples::{Config, SampleError};

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match play(&cli) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head`): nothing left to report to.
        Err(SampleError::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            if let SampleError::Managed {
                source: cilbind::Error::ManagedException { stack_trace, .. },
                ..
            } = &e
            {
                eprintln!("managed stack trace:\n{stack_trace}");
            }
            ExitCode::FAILURE
        }
    }
}

fn play(cli: &Cli) -> Result<(), SampleError> {
    let config = Config {
        ticks: cli.ticks,
        seed: cli.seed,
        entities: cli.entities,
    };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let start = Instant::now();
    cilbind_samples::init()?;
    writeln!(
        out,
        "Mono started and the game assembly loaded in {:.1} ms. Playing up to {} ticks with {} entities, seed {}.\n\
         Each tick, C# runs every entity's Update (players heal 1 hp, burning monsters lose 3); then players walk \
         toward the nearest monster and shoot (a raycast; a hit sets it burning), and monsters wander or hunt the \
         players they see and bite.\n",
        ms(start.elapsed()),
        config.ticks,
        config.entities,
        config.seed
    )?;
    let outcome = cilbind_samples::run(&config, &mut out)?;
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
    writeln!(
        out,
        "{} calls from C# into Rust (the native Rules.Mitigate, implemented in samples/src/rules.rs).",
        outcome.native_calls
    )?;
    let (total, warm) = (outcome.managed_calls, outcome.warmup_calls);
    writeln!(
        out,
        "{total} calls into managed code in {:.1} ms, counted in Rust (methods, properties, fields, boxing).",
        ms(outcome.elapsed)
    )?;
    writeln!(
        out,
        "  spawning and tick 1: {warm} calls in {:.1} ms (Mono JIT-compiles each C# method, and cilbind resolves \
         each binding, on first use)",
        ms(outcome.warmup_elapsed)
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
