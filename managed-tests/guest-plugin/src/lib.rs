//! A Rust plugin for guest mode's test: `mono Game.exe` and `dotnet Game.exe` (managed/Game.cs)
//! load it through `[DllImport("guest_plugin")]`, call `cilbind_guest_init` (written by
//! [`cilbind::guest_plugin!`]) with the handover of cilbind's bootstrap, which adopts the
//! running Mono or CoreCLR and loads the bindings generated from Game.exe, then `guest_run`,
//! which calls the game through those bindings: a static method, strings both ways, an object
//! made and used from Rust and handed to C#, a delegate made from a Rust closure that C# calls,
//! a Rust implementation of a C# interface that C# calls (and that throws into C#), a method
//! that throws, boxes made on both sides and unboxed on the other, and handles cloned, dropped
//! and used after their drop.

/// Bindings generated from Game.exe by build.rs.
#[allow(missing_docs)]
pub mod game {
    include!(concat!(env!("OUT_DIR"), "/game_bindings.rs"));
}

use cilbind::native::{ManagedException, NativeResult};
use cilbind::{BoxAs, Int32, Int64, Object};
use game::guest_game::{Counter, IBonus, IBonusImpl, IntOp, Level, Pos, Scores};

/// Path of Game.exe as build.rs compiled it (the test runs it).
pub const GAME_EXE: &str = env!("GAME_EXE");

/// Path of CollectibleHost.exe as build.rs compiled it: a .NET host that runs Game.exe in a
/// collectible load context of its own.
pub const COLLECTIBLE_HOST_EXE: &str = env!("COLLECTIBLE_HOST_EXE");

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

/// A thread of the plugin's that calls `Runtime::get` over and over while the game attaches
/// the plugin (`guest_race_start`, then `guest_race_join` once attached).
static RACE: std::sync::Mutex<Option<std::thread::JoinHandle<i32>>> = std::sync::Mutex::new(None);

/// Called by the game just before it attaches the plugin: starts a thread that calls
/// `Runtime::get` until it returns a runtime (at most ten seconds), racing the attach.
#[unsafe(no_mangle)]
pub extern "C" fn guest_race_start() {
    let racer = std::thread::spawn(|| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while std::time::Instant::now() < deadline {
            // Refused until the host's runtime is adopted; then the adopted one, never one
            // the plugin would take for its own.
            if let Ok(Ok(rt)) = std::panic::catch_unwind(cilbind::Runtime::get) {
                return i32::from(rt.is_guest());
            }
            std::thread::yield_now();
        }
        -1
    });
    *RACE.lock().unwrap_or_else(|p| p.into_inner()) = Some(racer);
}

/// Called by the game once the plugin is attached: 1 when the racing thread got the adopted
/// (guest) runtime, 0 when it got a runtime of its own, -1 when it got none.
#[unsafe(no_mangle)]
pub extern "C" fn guest_race_join() -> i32 {
    match RACE.lock().unwrap_or_else(|p| p.into_inner()).take() {
        Some(racer) => racer.join().unwrap_or(-1),
        None => -1,
    }
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

/// Boxes made in Rust (an `Int32`, an enum, a struct of the game) that C# reads and hands
/// back, unboxed to the value boxed and refused as another type; and a box made in C#.
fn boxes() -> cilbind::Result<()> {
    let seven = BoxAs::<Object>::box_to(&Int32(7))?;
    println!("plugin: inspect int = {:?}", Scores::inspect(Some(&seven))?);
    let back = Scores::echo(Some(&seven))?.expect("Echo returns its argument");
    println!("plugin: unbox int = {:?}", back.unbox::<Int32>()?);
    match back.unbox::<Int64>() {
        Ok(v) => println!("plugin: unbox as long = {v:?}"),
        Err(e) => println!("plugin: unbox as long = Err({e})"),
    }
    let high = BoxAs::<Object>::box_to(&Level::HIGH)?;
    println!("plugin: inspect enum = {:?}", Scores::inspect(Some(&high))?);
    println!("plugin: unbox enum = {}", high.unbox::<Level>()? == Level::HIGH);
    let pos = Pos { x: 3, y: 2.5 };
    let boxed = BoxAs::<Object>::box_to(&pos)?;
    println!("plugin: inspect struct = {:?}", Scores::inspect(Some(&boxed))?);
    let echoed = Scores::echo(Some(&boxed))?.expect("Echo returns its argument");
    println!("plugin: unbox struct = {}", echoed.unbox::<Pos>()? == pos);
    let made = Scores::make_pos(-4, 0.25)?.expect("MakePos returns a box");
    let Pos { x, y } = made.unbox::<Pos>()?;
    println!("plugin: unbox C#'s box = {x} {y}");
    Ok(())
}

/// Handles: a clone outlives the handle it was cloned from, and a handle's key after its
/// last drop is a stale handle, an error.
fn handles(counter: &Counter) -> cilbind::Result<()> {
    let clone = counter.clone();
    let object: Object = counter.as_ref().clone();
    drop(clone);
    println!("plugin: after a clone's drop = {:?}", counter.describe()?);
    let key = object.key();
    println!("plugin: key resolves = {}", Object::from_key(key).is_ok());
    drop(object);
    match Object::from_key(key) {
        Ok(_) => println!("plugin: dropped key resolves"),
        Err(e) => println!("plugin: dropped key = Err({e})"),
    }
    Ok(())
}

fn run() -> cilbind::Result<()> {
    println!("plugin: twice(21) = {}", Scores::twice(21)?);
    println!("plugin: greet = {:?}", Scores::greet("rust")?);
    let counter = Counter::new("hits")?;
    counter.add(3)?;
    println!("plugin: add = {}", counter.add(4)?);
    println!("plugin: describe = {:?}", counter.describe()?);
    Scores::set_last(Some(&counter))?;
    boxes()?;
    handles(&counter)?;
    let triple = IntOp::from_fn(|x: i32| Ok(3 * x))?;
    println!("plugin: apply = {}", Scores::apply(Some(&triple), 14)?);
    let bonus = IBonus::implement(Doubling)?;
    println!("plugin: award = {:?}", Scores::award(Some(&bonus), 21)?);
    println!("plugin: award -1 = {:?}", Scores::award(Some(&bonus), -1)?);
    // Callbacks the game keeps: the plugin keeps the first closure for as long as it runs (until
    // the game shuts it down), drops the second at once, and leaves its IBonus to the game.
    let kept = IntOp::from_fn(|x: i32| Ok(x + 1))?;
    let dropped = IntOp::from_fn(|x: i32| Ok(x - 1))?;
    Scores::keep(Some(&kept), Some(&dropped), Some(&bonus))?;
    drop(dropped);
    std::mem::forget(kept);
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

/// What the game asks of the plugin's parked thread (`guest_park`).
enum Parked {
    /// Leave the unit (`Runtime::leave_unit`) and wait again.
    Leave,
    /// Call the game with this, then exit.
    Call(i32),
}

/// The parked thread: where to send it orders, where it answers, and its handle.
type ParkedThread = (
    std::sync::mpsc::Sender<Parked>,
    std::sync::mpsc::Receiver<i32>,
    std::thread::JoinHandle<()>,
);

static PARKED: std::sync::Mutex<Option<ParkedThread>> = std::sync::Mutex::new(None);

/// Starts a thread of the plugin's that calls the game once, then waits for orders
/// (`guest_park_leave`, `guest_unpark`). Returns the first call's result (-1: an error).
#[unsafe(no_mangle)]
pub extern "C" fn guest_park() -> i32 {
    let (orders, parked) = std::sync::mpsc::channel::<Parked>();
    let (answer, answers) = std::sync::mpsc::channel::<i32>();
    let spawned = std::thread::Builder::new().name("parked".into()).spawn(move || {
        let _ = answer.send(Scores::twice(4).unwrap_or(-1));
        while let Ok(order) = parked.recv() {
            match order {
                Parked::Leave => {
                    cilbind::Runtime::leave_unit();
                    let _ = answer.send(0);
                }
                Parked::Call(x) => {
                    let _ = answer.send(Scores::twice(x).unwrap_or_else(|e| {
                        println!("plugin: error on its parked thread: {e}");
                        -1
                    }));
                    return;
                }
            }
        }
    });
    let Ok(thread) = spawned else { return -1 };
    let first = answers.recv().unwrap_or(-1);
    *PARKED.lock().unwrap_or_else(|p| p.into_inner()) = Some((orders, answers, thread));
    first
}

/// Has the thread `guest_park` started leave the unit; 0 once it did (-1: no such thread).
#[unsafe(no_mangle)]
pub extern "C" fn guest_park_leave() -> i32 {
    match &*PARKED.lock().unwrap_or_else(|p| p.into_inner()) {
        Some((orders, answers, _)) if orders.send(Parked::Leave).is_ok() => answers.recv().unwrap_or(-1),
        _ => -1,
    }
}

/// Has the thread `guest_park` started call the game with `x`, then exit; returns what the
/// call gave (-1: an error, printed, or no such thread).
#[unsafe(no_mangle)]
pub extern "C" fn guest_unpark(x: i32) -> i32 {
    match PARKED.lock().unwrap_or_else(|p| p.into_inner()).take() {
        Some((orders, answers, thread)) => {
            let result = match orders.send(Parked::Call(x)) {
                Ok(()) => answers.recv().unwrap_or(-1),
                Err(_) => -1,
            };
            let _ = thread.join();
            result
        }
        None => -1,
    }
}
