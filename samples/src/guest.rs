//! The game's Rust logic as a plugin (guest mode): `Arena.exe` (`managed/ArenaGuest.cs`
//! compiled with the game and cilbind's bootstrap), run by `mono` or `dotnet`, owns the process
//! and its runtime; its C# `Main` loads this crate's `cdylib` (`libcilbind_samples.so`) through
//! `[DllImport("cilbind_samples")]`, calls `cilbind_guest_init` with the bootstrap's handover
//! (cilbind adopts the running runtime), then [`arena_main`], which plays the game as the
//! binary does, with the same command line (`cli.rs`, [`Mode::Guest`]).
//!
//! Nothing else differs: the same game logic calls the same generated bindings, C#
//! calls the natives (`rules.rs`) through `[DllImport("__Internal")]`, the ghoul (`ghoul.rs`,
//! a Rust subclass of `Monster`) and the death handler (a Rust closure behind a C# event), and
//! `--record`/`--replay` record and replay the calls.

use std::ffi::OsString;
use std::io::Write;

use cilbind::{invoke, Runtime, Value};

use crate::cli::{self, Mode};

// The bootstrap entry: adopting the host's runtime is all it does, since which build of the
// game runs and whether its natives are installed depend on the command line, which
// `arena_main` reads (the bindings' `init` runs there, before the game's first call).
cilbind::guest_plugin!(attached);

fn attached(_runtime: &'static Runtime) -> cilbind::Result<()> {
    Ok(())
}

/// The C# class of `Arena.exe` whose `Main` loads the plugin, and which hands it the command line.
const HOST_NAMESPACE: &str = "ArenaGuest";
const HOST_CLASS: &str = "Program";

/// Called by `Arena.exe`'s `Main` once the plugin is attached: plays what `Arena.exe`'s command
/// line asks, as `cilbind-samples` with the same arguments would (less what guest mode switches
/// off), and returns the exit code for `Main` to return (0, 1 after an error, 2 for a command
/// line refused, 3 for a replay that diverged).
#[unsafe(no_mangle)]
pub extern "C" fn arena_main() -> i32 {
    let code = std::panic::catch_unwind(|| match arguments() {
        Ok(args) => cli::run(args, Mode::Guest),
        Err(e) => {
            eprintln!("error: reading Arena.exe's command line: {e}");
            1
        }
    })
    .unwrap_or_else(|_| {
        eprintln!("error: the game's plugin panicked");
        1
    });
    // C#'s Console writes to the same descriptor; what Rust buffered goes out first.
    let _ = std::io::stdout().flush();
    i32::from(code)
}

/// `Arena.exe`'s command line, asked of C# (`ArenaGuest.Program.Argument(i)`, null past the
/// last) through cilbind's reflective path, with the program's name first.
fn arguments() -> cilbind::Result<Vec<OsString>> {
    let host = Runtime::get()?.assembly("Arena")?.class(HOST_NAMESPACE, HOST_CLASS)?;
    let argument = host.method("Argument", &["System.Int32"])?;
    let mut args = vec![OsString::from("Arena.exe")];
    for i in 0.. {
        match invoke(argument, None, &mut [Value::Int32(i)])? {
            Value::String(arg) => args.push(arg.into()),
            _ => break,
        }
    }
    Ok(args)
}
