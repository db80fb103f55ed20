//! Whether translated methods may run: a generated method translated from IL into Rust
//! computes what that IL computes, in the assembly build it was read from and with the class
//! library semantics of the mscorlib it was read beside. Another build (a rebuilt game
//! assembly after a reload, another runtime's class library, where `Vector3.Clamp` with
//! `min > max` and `float.GetHashCode` answer otherwise) may compute something else, so the
//! bindings record the builds (`TRANSLATED_FROM`) and their translated methods run only while
//! exactly those are loaded; elsewhere the managed method runs.

use crate::host::{EpochCell, Runtime};

/// The gate of one generated bindings' translated methods (`__TRANSLATION` at their root).
#[doc(hidden)]
pub struct TranslationGate {
    builds: &'static [(&'static str, &'static str)],
    /// The answer for the current unit (a reload may load other builds).
    holds: EpochCell<bool>,
}

impl TranslationGate {
    /// The gate for these `(simple name, module version)` builds.
    pub const fn new(builds: &'static [(&'static str, &'static str)]) -> Self {
        TranslationGate {
            builds,
            holds: EpochCell::new(),
        }
    }

    /// True while every build the translations were made from is the one loaded: one load and
    /// one compare once answered for the current unit.
    #[inline]
    pub fn holds(&self) -> bool {
        *self.holds.get_or_init(|| self.check())
    }

    #[cold]
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
