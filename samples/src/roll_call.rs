//! The roll call at the end of a game: a generic method (`World.Living<T>()`, instantiated
//! from Rust for three type arguments) and a `List<int>` that Rust makes itself and hands to
//! C# (`World.TotalHealth`).

use crate::bindings::arena::{Entity, Monster, Player};
use crate::bindings::system::collections::generic::List;
use crate::{null, Game, RollCall};

impl Game {
    /// The survivors, found by C#'s generic `World.Living<T>()` instantiated from Rust for
    /// `Entity`, `Player` and `Monster`, and their summed health from `World.TotalHealth`,
    /// given a `List<int>` of their ids that Rust makes itself (`List::<i32>::new`, `add`).
    pub(crate) fn roll_call(&self) -> cilbind::Result<RollCall> {
        let living: List<Entity> = self
            .call(self.world.living::<Entity>())?
            .ok_or_else(|| null("World.Living<Entity>()"))?;
        let ids = self.call(List::<i32>::new())?;
        let mut survivors = Vec::new();
        for i in 0..self.call(living.count())? {
            let e = self.call(living.item(i))?.ok_or_else(|| null("List<Entity>[i]"))?;
            let id = self.call(e.id())?;
            self.call(ids.add(id))?;
            survivors.push(id);
        }
        let players = self
            .call(self.world.living::<Player>())?
            .ok_or_else(|| null("World.Living<Player>()"))?;
        let monsters = self
            .call(self.world.living::<Monster>())?
            .ok_or_else(|| null("World.Living<Monster>()"))?;
        let roll = RollCall {
            players: self.call(players.count())?,
            monsters: self.call(monsters.count())?,
            health: self.call(self.world.total_health(Some(&ids)))?,
            survivors,
        };
        Ok(roll)
    }
}
