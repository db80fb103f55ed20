//! The handover: what a host's managed bootstrap gives a guest plugin (see [`guest`](super::guest))
//! so that cilbind can reach a runtime that exports no embedding API (CoreCLR).
//!
//! The bootstrap is `Cilbind.Guest` (runtime/managed/guest/Cilbind.Guest.cs, which the game
//! compiles in: [`BOOTSTRAP_CS`]). `Cilbind.Guest.Handover()` returns a block of three 64-bit
//! words that lives as long as the process: [`MAGIC`], the protocol's [`VERSION`], and a
//! native-callable pointer to its `Load(image, length, message, capacity)`, which loads the
//! runtime's C# helper from the bytes cilbind passes (`Assembly.Load(byte[])`) and returns a
//! native-callable pointer to the helper's `Bridge.Init`, from which the CoreCLR backend fills
//! its bridge. Mono needs none of it (cilbind finds Mono's embedding API in the process), so the
//! game's code is the same on both runtimes.

use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::error::{Error, Result};

/// The bootstrap's C# source, to compile into the game unchanged (one `internal static class
/// Cilbind.Guest`; its `Handover()` is what the game passes to the plugin's
/// `cilbind_guest_init`).
pub const BOOTSTRAP_CS: &str = include_str!("../../managed/guest/Cilbind.Guest.cs");

/// A `<program>.runtimeconfig.json` with which `dotnet <program>.exe` runs a game on the .NET
/// Core 3.1 the wheel installs (any newer 3.1 patch), in invariant globalization (no ICU
/// needed): written beside a game that loads a guest plugin (the tests, the sample and the
/// guest benchmark use this one file).
pub const RUNTIME_CONFIG_JSON: &str = include_str!("../../managed/guest/netcoreapp3.1.runtimeconfig.json");

/// "CILBIND" in ASCII, little-endian: the first word of a handover (`Cilbind.Guest.Magic`).
const MAGIC: i64 = 0x0044_4E49_424C_4943;

/// The protocol's version: the second word of a handover (`Cilbind.Guest.Version`). Bump both
/// when the block or `Load` changes.
const VERSION: i64 = 1;

/// `Cilbind.Guest.Load`: loads an assembly from `length` bytes at `image` and returns what its
/// `Cilbind.Bridge.Guest()` returns, or zero after writing why (UTF-8, NUL-terminated, at most
/// `capacity` bytes) to `message`. It catches every exception.
type LoadFn = unsafe extern "C" fn(image: *const u8, length: i32, message: *mut c_char, capacity: i32) -> *const c_void;

/// A handover checked to carry cilbind's magic number and protocol version.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Handover {
    load: LoadFn,
}

// SAFETY: `load` is a native-callable pointer to a static method; the runtime accepts calls
// through it from any thread.
unsafe impl Send for Handover {}
// SAFETY: as above.
unsafe impl Sync for Handover {}

impl Handover {
    /// What tells one load of the game's bootstrap from another: its `Load` entry, a pointer
    /// the runtime made for the delegate in a static of that load of `Cilbind.Guest` (a game
    /// loaded again, into another load context, has another).
    pub(crate) fn identity(&self) -> usize {
        self.load as usize
    }

    /// The handover at `block`: `Ok(None)` for NULL; [`Error::Startup`] for a pointer that is
    /// misaligned or in the first page (no allocation is), and for a block without cilbind's
    /// magic number or of another protocol version (a `Cilbind.Guest.cs` from another cilbind).
    ///
    /// # Safety
    /// `block` is NULL, misaligned, below 4096, or readable for 24 bytes (what
    /// `Cilbind.Guest.Handover()` returns is).
    pub(crate) unsafe fn read(block: *const c_void) -> Result<Option<Handover>> {
        if block.is_null() {
            return Ok(None);
        }
        let address = block as usize;
        if address < 4096 || address % std::mem::align_of::<i64>() != 0 {
            return Err(Error::Startup(format!(
                "the handover {address:#x} is not a pointer to a handover block: pass Cilbind.Guest.Handover() \
                 (or IntPtr.Zero on Mono)"
            )));
        }
        let words = block.cast::<i64>();
        // SAFETY: the caller's promise: an aligned block of 24 readable bytes.
        let (magic, version, load) = unsafe { (*words, *words.add(1), *words.add(2)) };
        if magic != MAGIC {
            return Err(Error::Startup(format!(
                "the handover is not cilbind's (its first word is {magic:#x}, not \"CILBIND\"): pass \
                 Cilbind.Guest.Handover() from the Cilbind.Guest.cs cilbind ships (cilbind::guest::BOOTSTRAP_CS)"
            )));
        }
        if version != VERSION {
            return Err(Error::Startup(format!(
                "the game's Cilbind.Guest.cs speaks handover version {version}, this plugin's cilbind speaks \
                 version {VERSION}: compile the game with the Cilbind.Guest.cs of the cilbind the plugin is \
                 built with (cilbind::guest::BOOTSTRAP_CS)"
            )));
        }
        if load == 0 {
            return Err(Error::Startup("the handover carries no Load function".into()));
        }
        // SAFETY: the block is the bootstrap's (its magic and version say so), whose third word is
        // `Marshal.GetFunctionPointerForDelegate` of a kept-alive `Load` delegate of `LoadFn`'s
        // signature.
        let load = unsafe { std::mem::transmute::<usize, LoadFn>(load as usize) };
        Ok(Some(Handover { load }))
    }

    /// Has the bootstrap load the runtime's C# helper from `image` and returns what the helper's
    /// `Cilbind.Bridge.Guest()` returned (a native-callable pointer to `Bridge.Init`), or why it
    /// could not.
    pub(crate) fn load_helper(&self, image: &[u8]) -> Result<*const c_void> {
        let length = i32::try_from(image.len())
            .map_err(|_| Error::Startup("the runtime's C# helper is larger than 2 GiB".into()))?;
        let mut message = [0 as c_char; 1024];
        // SAFETY: `load` is the bootstrap's `Load` (checked by `read`); `image` holds `length`
        // bytes and `message` has room for its length, both valid for the call; `Load` catches
        // every exception.
        let entry = unsafe { (self.load)(image.as_ptr(), length, message.as_mut_ptr(), message.len() as i32 - 1) };
        if entry.is_null() {
            // SAFETY: the buffer was zeroed and `Load` writes at most one byte less than it
            // holds, so it ends in NUL whatever `Load` wrote.
            let why = unsafe { CStr::from_ptr(message.as_ptr()) }.to_string_lossy();
            return Err(Error::Startup(format!(
                "the host's bootstrap could not load the runtime's C# helper: {why}"
            )));
        }
        Ok(entry)
    }
}

/// The handover the plugin's entry was given last (see [`offer`]).
static OFFERED: std::sync::Mutex<Option<Handover>> = std::sync::Mutex::new(None);

/// Keeps the handover a plugin's entry was given, for [`Runtime::attach`](crate::Runtime::attach).
pub(crate) fn offer(handover: Handover) {
    *OFFERED.lock().unwrap_or_else(|p| p.into_inner()) = Some(handover);
}

/// The handover a plugin's entry was given, if any.
pub(crate) fn offered() -> Option<Handover> {
    *OFFERED.lock().unwrap_or_else(|p| p.into_inner())
}

/// The [`identity`](Handover::identity) of the handover of the game cilbind serves: 0 before a
/// game attached, and again once the host unloaded the domain or load context cilbind served.
static GAME: AtomicUsize = AtomicUsize::new(0);

/// Refuses a handover of another load of the game's bootstrap (the host loaded the game again,
/// into another domain or load context) while the one cilbind serves is still loaded: cilbind
/// serves one load of the game at a time and finds its assemblies by name, so it would go on
/// calling the first load's code for the second's.
pub(crate) fn check_same_game(handover: &Handover) -> Result<()> {
    match GAME.load(Ordering::SeqCst) {
        0 => Ok(()),
        known if known == handover.identity() => Ok(()),
        _ => Err(Error::Unsupported(
            "the game was loaded again (this bootstrap's handover is another load's) while the domain or load \
             context of the game cilbind serves is still loaded: cilbind serves one load of the game at a time; \
             the host must unload the old one first (AppDomain.Unload, AssemblyLoadContext.Unload)"
                .into(),
        )),
    }
}

/// Records the game whose handover attached (see [`check_same_game`]).
pub(crate) fn serve_game(handover: &Handover) {
    let _ = GAME.compare_exchange(0, handover.identity(), Ordering::SeqCst, Ordering::SeqCst);
}

/// Forgets the game served: the host unloaded it, and the next load of it may attach.
pub(crate) fn game_unloaded() {
    GAME.store(0, Ordering::SeqCst);
}
