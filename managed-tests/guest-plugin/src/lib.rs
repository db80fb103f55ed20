//! A Rust plugin for guest mode's test: `mono Game.exe` and `dotnet Game.exe` (managed/Game.cs)
//! load it through `[DllImport("guest_plugin")]`, call `cilbind_guest_init` (written by
//! [`cilbind::guest_plugin!`]) with the handover of cilbind's bootstrap, which adopts the
//! running Mono or CoreCLR and loads the bindings generated from Game.exe, then `guest_run`,
//! which calls the game through those bindings: a static method, strings both ways, an object
//! made and used from Rust and handed to C#, a delegate made from a Rust closure that C# calls,
//! a Rust implementation of a C# interface that C# calls (and that throws into C#), and a
//! method that throws.

/// Bindings generated from Game.exe by build.rs.
#[allow(missing_docs)]
pub mod game {
    include!(concat!(env!("OUT_DIR"), "/game_bindings.rs"));
}

use cilbind::native::{ManagedException, NativeResult};
use game::guest_game::{Counter, IBonus, IBonusImpl, IntOp, Scores};

/// Path of Game.exe as build.rs compiled it (the test runs it).
pub const GAME_EXE: &str = env!("GAME_EXE");

// The plugin's start-up, run by `cilbind_guest_init` once the host's Mono is adopted: the
// bindings find Game.exe (loaded by the host as its entry assembly) by name and check it.
// README: begin
cilbind::guest_plugin!(start);

fn start(_rt: &'static cilbind::Runtime) -> cilbind::Result<()> {
    game::init() // the bindings generated from the game's assemblies
}
// README: end

/// The game's second call: every line printed is checked by tests/guest.rs. Returns 0 when
/// each call succeeded, 1 after printing the first error.
#[unsafe(no_mangle)]
pub extern "C" fn guest_run() -> i32 {
    match std::panic::catch_unwind(run) {
        Ok(Ok(())) => 0,
        Ok(Err(e)) => {
            println!("plugin: error: {e}");
            1
        }
        Err(_) => {
            println!("plugin: panicked");
            1
        }
    }
}

/// Called by the game before it attaches the plugin: starting a runtime of the plugin's own
/// (the default one, then CoreCLR named) must be refused in a process whose host runs a CLR
/// (prints each reason, returns 1 when both were refused), and the refusals must not keep the
/// later attach from succeeding.
#[unsafe(no_mangle)]
pub extern "C" fn guest_try_start() -> i32 {
    let default = std::panic::catch_unwind(cilbind::Runtime::get);
    let coreclr = std::panic::catch_unwind(|| {
        cilbind::Runtime::builder()
            .backend(cilbind::Backend::CoreClr { root: None })
            .start()
    });
    let mut refused = 0;
    for (which, outcome) in [("start", default), ("coreclr start", coreclr)] {
        match outcome {
            Ok(Ok(_)) => println!("plugin: {which} succeeded"),
            Ok(Err(e)) => {
                println!("plugin: {which} refused: {e}");
                refused += 1;
            }
            Err(_) => println!("plugin: {which} panicked"),
        }
    }
    i32::from(refused == 2)
}

/// Called by the game on a thread it started: the thread is set up on its first call, and
/// the bindings call the game from it. Returns `2 * x`, or -1 after printing the error.
#[unsafe(no_mangle)]
pub extern "C" fn guest_twice_on_this_thread(x: i32) -> i32 {
    match std::panic::catch_unwind(|| Scores::twice(x)) {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => {
            println!("plugin: error on the game's thread: {e}");
            -1
        }
        Err(_) => -1,
    }
}

/// The plugin's `IBonus`: doubles a score, and refuses a negative one with an exception C#
/// catches.
struct Doubling;

impl IBonusImpl for Doubling {
    fn bonus(&self, score: i32) -> NativeResult<i32> {
        if score < 0 {
            return Err(ManagedException::named("System.ArgumentException", "negative score"));
        }
        Ok(score)
    }

    fn name(&self) -> NativeResult<Option<String>> {
        Ok(Some("doubling".into()))
    }
}

fn run() -> cilbind::Result<()> {
    println!("plugin: twice(21) = {}", Scores::twice(21)?);
    println!("plugin: greet = {:?}", Scores::greet("rust")?);
    let counter = Counter::new("hits")?;
    counter.add(3)?;
    println!("plugin: add = {}", counter.add(4)?);
    println!("plugin: describe = {:?}", counter.describe()?);
    Scores::set_last(Some(&counter))?;
    let triple = IntOp::from_fn(|x: i32| Ok(3 * x))?;
    println!("plugin: apply = {}", Scores::apply(Some(&triple), 14)?);
    let bonus = IBonus::implement(Doubling)?;
    println!("plugin: award = {:?}", Scores::award(Some(&bonus), 21)?);
    println!("plugin: award -1 = {:?}", Scores::award(Some(&bonus), -1)?);
    match Scores::fail("no score today") {
        Ok(v) => println!("plugin: fail returned {v}"),
        Err(e) => println!("plugin: fail = Err({e})"),
    }
    let rt = cilbind::Runtime::get()?;
    println!("plugin: guest on {} {}", rt.backend().name(), rt.is_guest());
    // SAFETY: nothing else runs code of the unit (the game waits in this call); it is refused
    // before anything is released anyway.
    match unsafe { rt.reload() } {
        Ok(_) => println!("plugin: reloaded"),
        Err(e) => println!("plugin: reload = Err({e})"),
    }
    Ok(())
}
