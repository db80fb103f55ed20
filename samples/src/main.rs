//! `cilbind-samples`: plays the C# arena game from Rust (the command line is `cli.rs`'s, which
//! the game's plugin shares: `--guest` runs the same game with C#'s `Main` owning the process).

use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::from(cilbind_samples::cli::main(std::env::args_os()))
}
