//! Where a `--reload` game loads its code from, and how it rebuilds that code.
//!
//! `Runtime::reload` loads again the files it first loaded, from the same paths, so the game is
//! loaded from a folder of its own (a temporary directory): a copy of the DLL `build.rs`
//! compiled, which the recompiled game then replaces. The build's own output stays as built.
//!
//! Recompiling edits one rule constant in the C# source text (`Player.AttackDamage`) and runs
//! `mcs` with the flags `build.rs` uses (`ARENA_MCS_FLAGS`) into a `build/` subfolder, then
//! renames the result over the loaded file: a compile error leaves the game's DLL as it was, and
//! the file keeps its name, which is also the assembly's name (mcs names it after the file).
//!
//! [`compile_game`], the compiling step alone into a folder of the caller's, is public: a
//! recorded game is replayed against a game compiled so (`--replay FILE --game DIR/Arena.dll`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::error::file_context;
use crate::SampleError;

/// The game's C# source (`samples/managed/Arena.cs`, from `build.rs`).
pub(crate) const SOURCE: &str = env!("ARENA_SOURCE");
/// The DLL `build.rs` compiled from it (the bindings were generated from this one).
const BUILT_DLL: &str = env!("ARENA_DLL");
/// The same game with `Rules.Mitigate` in C# (`-define:MANAGED_RULES`): the one a game with the
/// natives switched off plays.
const MANAGED_RULES_DLL: &str = env!("ARENA_MANAGED_RULES_DLL");
/// The symbol that build makes `Rules.Mitigate` C# with.
const MANAGED_RULES_DEFINE: &str = "-define:MANAGED_RULES";
/// The flags `build.rs` compiles the game with, separated by spaces.
const MCS_FLAGS: &str = env!("ARENA_MCS_FLAGS");
/// The declaration whose value a reload changes, up to the value.
const ATTACK_DECLARATION: &str = "public const int AttackDamage = ";
/// The DLL's file name, which is the assembly's name too.
const DLL_NAME: &str = "Arena.dll";

/// This process's game folder.
pub(crate) fn dir() -> PathBuf {
    std::env::temp_dir().join(format!("cilbind-sample-{}", std::process::id()))
}

/// The game's DLL in the game folder: the file the runtime loads and reloads.
pub(crate) fn dll() -> PathBuf {
    dir().join(DLL_NAME)
}

/// Creates the game folder if needed and copies the built DLL into it (over what is there): the
/// one whose `Rules.Mitigate` is a native, or with `natives` false the one where it is C#.
pub(crate) fn install_built(natives: bool) -> Result<PathBuf, SampleError> {
    let dll = dll();
    let built = if natives { BUILT_DLL } else { MANAGED_RULES_DLL };
    file_context(std::fs::create_dir_all(dir()), || {
        format!("creating the game folder {}", dir().display())
    })?;
    file_context(std::fs::copy(built, &dll), || {
        format!("copying {built} to {}", dll.display())
    })?;
    Ok(dll)
}

/// Removes the game folder (everything in it is loaded already).
pub(crate) fn remove() {
    // Nothing to report if it is gone already; a leftover temporary folder harms nothing.
    let _ = std::fs::remove_dir_all(dir());
}

/// The game compiled with one rule changed ([`compile_game`]).
#[derive(Clone, Debug)]
pub struct CompiledGame {
    /// The DLL: `Arena.dll` in the folder asked (its file name is its assembly's name).
    pub dll: PathBuf,
    /// The edited source it was compiled from, beside it.
    pub source: PathBuf,
    /// `Player.AttackDamage` in the game's source as it is (25).
    pub old_attack: i32,
    /// How long mcs took.
    pub compile_time: Duration,
}

/// Compiles the game's C# source (`samples/managed/Arena.cs`) with `Player.AttackDamage` set to
/// `attack`, with mcs and the flags `build.rs` uses, into the folder `dir` (made if missing):
/// the edited `Arena.cs` and `Arena.dll`. Errors: the source lacks that declaration
/// ([`SampleError::Reload`]), mcs is missing or rejects it, a file cannot be written.
pub fn compile_game(attack: i32, dir: &Path) -> Result<CompiledGame, SampleError> {
    compile_game_with(attack, dir, true)
}

/// [`compile_game`], with `Rules.Mitigate` a native (`natives`) or C#.
fn compile_game_with(attack: i32, dir: &Path, natives: bool) -> Result<CompiledGame, SampleError> {
    let original = file_context(std::fs::read_to_string(SOURCE), || {
        format!("reading the game's source {SOURCE}")
    })?;
    let (edited, old_attack) = set_attack(&original, attack)?;
    file_context(std::fs::create_dir_all(dir), || format!("creating {}", dir.display()))?;
    let source = dir.join("Arena.cs");
    file_context(std::fs::write(&source, edited), || {
        format!("writing the edited source {}", source.display())
    })?;
    let dll = dir.join(DLL_NAME);
    let start = Instant::now();
    compile(&source, &dll, natives)?;
    Ok(CompiledGame {
        dll,
        source,
        old_attack,
        compile_time: start.elapsed(),
    })
}

/// Edits the game's source to make `Player.AttackDamage` `attack`, compiles it with mcs (in the
/// game folder's `build/`) and puts the result in place of the game folder's DLL (`natives`: as
/// [`install_built`]).
pub(crate) fn recompile(attack: i32, natives: bool) -> Result<CompiledGame, SampleError> {
    let mut compiled = compile_game_with(attack, &dir().join("build"), natives)?;
    let dll = dll();
    file_context(std::fs::rename(&compiled.dll, &dll), || {
        format!("moving {} over {}", compiled.dll.display(), dll.display())
    })?;
    compiled.dll = dll;
    Ok(compiled)
}

/// `source` with `Player.AttackDamage` set to `attack`, and the value it had.
fn set_attack(source: &str, attack: i32) -> Result<(String, i32), SampleError> {
    let missing = || {
        SampleError::Reload(format!(
            "{SOURCE} does not declare `{ATTACK_DECLARATION}<int>;` exactly once: that is the rule \
             constant --reload changes"
        ))
    };
    let mut found = source.match_indices(ATTACK_DECLARATION);
    let (at, _) = found.next().ok_or_else(missing)?;
    if found.next().is_some() {
        return Err(missing());
    }
    let value_start = at + ATTACK_DECLARATION.len();
    let value_len = source[value_start..].find(';').ok_or_else(missing)?;
    let value = &source[value_start..value_start + value_len];
    let old = value
        .trim()
        .parse::<i32>()
        .map_err(|e| SampleError::Reload(format!("{SOURCE}: AttackDamage = {value:?} is not an int literal: {e}")))?;
    let edited = format!(
        "{}{attack}{}",
        &source[..value_start],
        &source[value_start + value_len..]
    );
    Ok((edited, old))
}

/// Runs mcs with build.rs's flags on `source`, writing `out` (without `natives`, as build.rs
/// compiles the game whose `Rules.Mitigate` is C#).
fn compile(source: &Path, out: &Path, natives: bool) -> Result<(), SampleError> {
    let output = Command::new("mcs")
        .args(MCS_FLAGS.split_whitespace())
        .args((!natives).then_some(MANAGED_RULES_DEFINE))
        .arg(format!("-out:{}", out.display()))
        .arg(source)
        .output()
        .map_err(SampleError::McsMissing)?;
    if output.status.success() {
        return Ok(());
    }
    Err(SampleError::Compile {
        source_file: source.to_path_buf(),
        output: format!(
            "{}{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
            output.status
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_attack_edits_only_the_value() {
        let source = "a\n        public const int AttackDamage = 25;\nb";
        let (edited, old) = set_attack(source, 40).unwrap();
        assert_eq!(old, 25);
        assert_eq!(edited, "a\n        public const int AttackDamage = 40;\nb");
    }

    #[test]
    fn set_attack_refuses_a_source_without_exactly_one_declaration() {
        for source in [
            "class Player { }",
            "public const int AttackDamage = 1; public const int AttackDamage = 2;",
            "public const int AttackDamage = x;",
            "public const int AttackDamage = 1",
        ] {
            assert!(
                matches!(set_attack(source, 40), Err(SampleError::Reload(_))),
                "{source}"
            );
        }
    }

    #[test]
    fn the_real_source_declares_the_constant_the_bindings_saw() {
        let source = std::fs::read_to_string(SOURCE).unwrap();
        let (_, old) = set_attack(&source, 40).unwrap();
        assert_eq!(old, crate::bindings::arena::Player::ATTACK_DAMAGE);
    }
}
