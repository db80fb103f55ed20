//! The game rules Rust implements: `Arena.Rules` declares them as natives (C# internal calls),
//! and [`install`] registers [`HostRules`] for them before any game code runs. An `Arena.dll`
//! that declares a native this file does not implement is refused there, with the list of what
//! is missing.

use std::cell::Cell;

use cilbind::native::NativeResult;

use crate::bindings::arena::{Rules, RulesNatives};

thread_local! {
    /// C# → Rust calls of the natives so far on this thread. A native runs on the thread whose
    /// C# code calls it, the thread playing the game, so games played at once on other
    /// threads (the tests do) do not add to each other's counts.
    static NATIVE_CALLS: Cell<u64> = const { Cell::new(0) };
}

/// The Rust implementation of `Arena.Rules`.
pub struct HostRules;

impl RulesNatives for HostRules {
    /// Armor absorbs part of every hit, but a hit always does at least 1.
    fn mitigate(amount: i32, armor: i32) -> NativeResult<i32> {
        NATIVE_CALLS.with(|n| n.set(n.get() + 1));
        Ok(amount.saturating_sub(armor).max(1))
    }
}

/// The natives of `Arena.Rules` as [`HostRules`] implements them, for the bindings'
/// `init_with_natives` (installing the same table again changes nothing).
pub(crate) fn table() -> cilbind::native::NativeTable {
    Rules::natives::<HostRules>()
}

/// How many times C# has called the natives on this thread.
pub(crate) fn native_calls() -> u64 {
    NATIVE_CALLS.with(Cell::get)
}
