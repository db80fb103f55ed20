//! Threads in the current unit: what a reload needs to know of them.
//!
//! A thread that called into managed code is *in* the unit until it exits or calls
//! [`leave`], and a reload refuses while a thread other than its caller is in it: on Mono the
//! unit is an AppDomain, which cannot be unloaded while a live thread has it as its current
//! domain (unloading crashed, or waited forever for the thread); on CoreCLR nothing would
//! break at once (unloading is cooperative, and a thread parked in Rust runs no code of the
//! unit), but a thread that goes on using what it got from the old unit is the bug the same
//! refusal catches, so the contract is the same on both.

use std::sync::Mutex;
use std::thread::ThreadId;

use super::backend::on_backend;
use super::{epoch, mono};

/// The threads in a unit, with that unit's epoch and their names.
static IN_UNIT: Mutex<Vec<(ThreadId, u32, String)>> = Mutex::new(Vec::new());

/// Removes the thread from [`IN_UNIT`] when it exits.
struct Membership(ThreadId);

impl Drop for Membership {
    fn drop(&mut self) {
        forget(self.0);
    }
}

thread_local! {
    /// Created when the thread first enters a unit; dropped when it exits.
    static MEMBERSHIP: Membership = Membership(std::thread::current().id());
}

fn forget(id: ThreadId) {
    IN_UNIT
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .retain(|(t, _, _)| *t != id);
}

/// Records the calling thread as being in the unit of `epoch`.
pub(crate) fn join(epoch: u32) {
    // A thread being torn down has no thread-locals left: it is leaving, not joining.
    let Ok(id) = MEMBERSHIP.try_with(|m| m.0) else {
        return;
    };
    let name = std::thread::current().name().unwrap_or("unnamed").to_string();
    let mut threads = IN_UNIT.lock().unwrap_or_else(|p| p.into_inner());
    threads.retain(|(t, _, _)| *t != id);
    threads.push((id, epoch, name));
}

/// The names of the threads other than the caller that are in the current unit.
pub(crate) fn others_in_unit() -> Vec<String> {
    let me = std::thread::current().id();
    let epoch = epoch::current();
    IN_UNIT
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .iter()
        .filter(|(t, e, _)| *t != me && *e == epoch)
        .map(|(_, _, name)| name.clone())
        .collect()
}

/// Takes the calling thread out of the current unit until its next call into managed code.
/// Does nothing on a thread that is not in a unit.
pub(crate) fn leave() {
    let seen = epoch::entered();
    if seen == epoch::NEVER || seen == epoch::LEFT {
        return;
    }
    on_backend!(mono => mono::thread::leave(), coreclr => {});
    epoch::set_entered(epoch::LEFT);
    forget(std::thread::current().id());
}
