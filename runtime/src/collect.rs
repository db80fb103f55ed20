//! [`Runtime::collect`]: a full collection carried through to its end, for code that needs
//! what is unreachable to be gone now (a test counting finalizers, a game between levels, a
//! leak check): the collection, the finalizers it queued, and the sweep that drops the Rust
//! values of collected proxies, repeated while a round still frees something.

use crate::call::{MethodRef, TypeRef};
use crate::error::Result;
use crate::host::Runtime;
use crate::proxy::slab as proxy_slab;
use crate::store::ObjectStore;

/// At most this many rounds. A proxy takes two: the collection that finalizes it, and the next,
/// which reclaims it so that the sweep drops its Rust value; a chain of Rust values behind
/// proxies that hold each other frees one link per two rounds. A longer chain (or a proxy
/// resurrected for good) is left to later collections rather than looped on for ever.
const MAX_ROUNDS: usize = 16;

/// What one [`Runtime::collect`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Collected {
    /// Collection rounds run (collection, finalizers, sweep).
    pub rounds: usize,
    /// Rust values behind proxies (`implement`, `extend…`) dropped meanwhile because their
    /// managed object was collected.
    pub proxy_values_dropped: usize,
}

impl Runtime {
    /// Collects every generation (`GC.Collect()`), waits for the finalizers the collection
    /// queued (`GC.WaitForPendingFinalizers()`), then drops the Rust values of the proxies that
    /// were reclaimed ([`proxy::sweep`](crate::proxy::sweep)); and again, until two rounds in a
    /// row drop no Rust value: an object is reclaimed only by the collection after the one that
    /// ran its finalizer, and a dropped Rust value may have held the last reference to more
    /// (at most 16 rounds; at least 2, as C#'s `Collect`, `WaitForPendingFinalizers`, `Collect`).
    ///
    /// Each round first empties the store slots of handles this thread (and any thread that
    /// exited) dropped that still hold their objects
    /// ([`ObjectStore::empty_dropped_slots`]).
    ///
    /// Objects a Rust handle holds are never collected; SGen scans thread stacks
    /// conservatively, so an object whose address is still in some stack slot may survive: in a
    /// debug build, whose frames keep every temporary of the call path inlined into them, that
    /// includes an object a still-running function passed to or got from a call, or that C#
    /// passed to Rust code this thread ran (the tests that count collected proxies make and
    /// call them on a thread that exits, and collect on another).
    /// Blocking: it waits for every queued finalizer, and finalizers run managed code. Called
    /// on the finalizer thread (from a finalizer), the wait returns at once.
    pub fn collect(&self) -> Result<Collected> {
        static GC: TypeRef = TypeRef::new("mscorlib", "System", "GC");
        static WAIT: MethodRef = MethodRef::new(&GC, "WaitForPendingFinalizers", &[]);
        let mut collected = Collected::default();
        let mut idle = 0;
        while collected.rounds < MAX_ROUNDS && idle < 2 {
            collected.rounds += 1;
            let before = proxy_slab::live();
            ObjectStore::empty_dropped_slots();
            self.collect_garbage();
            WAIT.call::<_, ()>(())?;
            proxy_slab::sweep();
            // Counted by the live values, not by this sweep's return: the finalizer thread
            // sweeps too (after each collection), and may have dropped some first.
            let dropped = before.saturating_sub(proxy_slab::live());
            collected.proxy_values_dropped += dropped;
            idle = if dropped == 0 { idle + 1 } else { 0 };
        }
        Ok(collected)
    }
}
