//! Whether translated methods may run: a generated method translated from IL into Rust
//! computes what that IL computes, in the assembly build it was read from and with the class
//! library semantics of the mscorlib it was read beside. Another build (a rebuilt game
//! assembly after a reload, another runtime's class library, where `Vector3.Clamp` with
//! `min > max` and `float.GetHashCode` answer otherwise) may compute something else, so the
//! bindings record the builds (`TRANSLATED_FROM`) and their translated methods run only while
//! exactly those are loaded; elsewhere the managed method runs. Each translation follows only
//! the builds it reads (its struct's assembly, those of the methods it inlines and the layouts
//! it reads, mscorlib for what the runtime decides): one that reads nothing of mscorlib has a
//! gate of its own (`__TRANSLATION_{n}`) that holds wherever its assembly's build is loaded,
//! on either runtime.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::host::{unit, Runtime};

/// The gate of one generated bindings' translated methods (`__TRANSLATION` at their root).
#[doc(hidden)]
pub struct TranslationGate {
    builds: &'static [(&'static str, &'static str)],
    /// The answer and the unit epoch it is for, in one word (`epoch << 1 | holds`; epoch 0, no
    /// answer yet): a reload may load other builds, and the translated call reads one word.
    state: AtomicU64,
}

impl TranslationGate {
    /// The gate for these `(simple name, module version)` builds.
    pub const fn new(builds: &'static [(&'static str, &'static str)]) -> Self {
        TranslationGate {
            builds,
            state: AtomicU64::new(0),
        }
    }

    /// True while every build the translations were made from is the one loaded: one load and
    /// one compare once answered for the current unit.
    #[inline]
    pub fn holds(&self) -> bool {
        let state = self.state.load(Ordering::Relaxed);
        let epoch = unit::epoch();
        if epoch != 0 && state >> 1 == u64::from(epoch) {
            state & 1 == 1
        } else {
            self.answer(epoch)
        }
    }

    #[cold]
    #[inline(never)]
    fn answer(&self, epoch: u32) -> bool {
        let holds = self.check();
        // The epoch read before the check: a reload meanwhile makes this answer stale at once.
        self.state
            .store(u64::from(epoch) << 1 | u64::from(holds), Ordering::Relaxed);
        holds
    }

    fn check(&self) -> bool {
        let Ok(rt) = Runtime::get() else {
            return false;
        };
        self.builds.iter().all(|&(name, version)| {
            rt.assembly(name)
                .and_then(|a| a.module_version())
                .is_ok_and(|loaded| !version.is_empty() && loaded.eq_ignore_ascii_case(version))
        })
    }
}
