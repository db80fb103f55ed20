//! The Rust side's handle of each entity the game spawned.

use crate::bindings::arena::{Entity, Monster, Player};
use crate::Kind;

/// The Rust handle of a spawned entity, typed by its class (for the members only one has).
pub(crate) enum Actor {
    Player(Player),
    Monster(Monster),
}

impl Actor {
    /// The `Entity` view: a field access through `Deref`, not a new handle.
    pub(crate) fn entity(&self) -> &Entity {
        match self {
            Actor::Player(p) => p,
            Actor::Monster(m) => m,
        }
    }

    pub(crate) fn kind(&self) -> Kind {
        match self {
            Actor::Player(_) => Kind::Player,
            Actor::Monster(_) => Kind::Monster,
        }
    }
}
