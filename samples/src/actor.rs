//! The Rust side's handle of each entity the game spawned.

use crate::bindings::arena::{Entity, Monster, Player};
use crate::ghoul::HitCount;
use crate::Kind;

/// The Rust handle of a spawned entity, typed by its class (for the members only one has).
pub(crate) enum Actor {
    Player(Player),
    /// A monster, with the hit counter of its Rust value when it is the ghoul (`ghoul.rs`).
    Monster(Monster, Option<HitCount>),
}

impl Actor {
    /// The `Entity` view: a field access through `Deref`, not a new handle.
    pub(crate) fn entity(&self) -> &Entity {
        match self {
            Actor::Player(p) => p,
            Actor::Monster(m, _) => m,
        }
    }

    pub(crate) fn kind(&self) -> Kind {
        match self {
            Actor::Player(_) => Kind::Player,
            Actor::Monster(..) => Kind::Monster,
        }
    }
}
