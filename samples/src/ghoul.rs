//! The ghoul: a monster whose behaviour is a Rust type. [`Ghoul`] extends the C# class
//! `Arena.Monster` through the generated `MonsterOverrides` trait; `Monster::extend` makes a
//! real managed `Monster` whose overridden virtuals run this Rust code, so `World.Step`,
//! `World.Raycast`, `World.Living<Monster>()` and every shot treat it as any other monster.
//!
//! A ghoul takes only half of every hit (rounded up), then its armor applies as for any monster
//! (the base `Monster.Damage`, which asks Rust's `Rules.Mitigate`). Its overrides run when C#
//! calls them, from the shots Rust makes through `Entity.Damage` as from C# code.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use cilbind::native::NativeResult;

use crate::bindings::arena::{MonsterBase, MonsterOverrides};

/// A reading handle on a ghoul's hit count: the game keeps one beside the `Monster` handle so
/// that a `--reload` snapshot can save the count (a reload drops the [`Ghoul`] itself, as it
/// drops every Rust value behind a proxy, and the restored ghoul starts from the saved count).
#[derive(Clone, Debug, Default)]
pub(crate) struct HitCount(Arc<AtomicU32>);

impl HitCount {
    pub(crate) fn get(&self) -> u32 {
        self.0.load(Ordering::Relaxed)
    }
}

/// The Rust side of the ghoul: its state lives here, as long as the managed object.
#[derive(Default)]
pub struct Ghoul {
    /// Hits that reached it, living or dead (`Damage` calls).
    hits: HitCount,
}

impl Ghoul {
    /// A ghoul that was hit `hits` times already (one restored after a reload).
    pub(crate) fn with_hits(hits: u32) -> Ghoul {
        Ghoul {
            hits: HitCount(Arc::new(AtomicU32::new(hits))),
        }
    }

    /// A handle on this ghoul's hit count, valid after the ghoul is moved into C#.
    pub(crate) fn hit_count(&self) -> HitCount {
        self.hits.clone()
    }
}

impl MonsterOverrides for Ghoul {
    /// Half of the hit (rounded up) goes on to the base `Monster.Damage` (armor, then
    /// `Entity.Damage`, which throws on a corpse: the exception passes through to the shooter).
    fn damage(&self, this: &MonsterBase<'_>, amount: i32) -> NativeResult<()> {
        self.hits.0.fetch_add(1, Ordering::Relaxed);
        Ok(this.base_damage(amount - amount / 2)?)
    }

    /// `Ghoul <name> (armor <n>, hit <k> times)`: the name and armor from the C# object,
    /// the count from the Rust value.
    fn describe(&self, this: &MonsterBase<'_>) -> NativeResult<Option<String>> {
        Ok(Some(format!(
            "Ghoul {} (armor {}, hit {} times)",
            this.name()?.unwrap_or_default(),
            this.armor()?,
            self.hits.get()
        )))
    }
}
