//! A turn of each living entity: players shoot, monsters hunt and bite (the rules in
//! `managed/Arena.cs`'s comments and here; `tests/final_state.rs` models them).

use cilbind::{Boxing, Int32, Object, Reference};

use crate::bindings::arena::{Entity, EntityFlags, Monster, Player, Quaternion, Team, Vector3};
use crate::{to_display, Game, Shot, TickStats, KEEP_DISTANCE, KILL_SCORE, MONSTER_SIGHT};

impl Game {
    /// A player walks toward its target until [`KEEP_DISTANCE`], faces it, and shoots along
    /// that direction (`World.Raycast`, range `Player.Range`). The ray stops at the first
    /// entity, corpses included: a teammate blocks the shot; an opponent takes
    /// `Player.Attack` damage and catches fire; a corpse throws (caught here: a dead target is
    /// a normal event in a game where two players can pick the same monster).
    pub(crate) fn player_turn(&self, p: &Player, target: usize, stats: &mut TickStats) -> cilbind::Result<()> {
        let pos = self.call(p.position())?;
        let target_pos = self.call(self.entity(target).position())?;
        let to = self.call(Vector3::sub(&target_pos, &pos))?;
        let distance = self.call(to.magnitude())?;
        let dir = self.call(to.normalized())?;
        if distance > KEEP_DISTANCE {
            let step = self.call(Vector3::scale(&dir, self.call(p.speed())?))?;
            self.call(p.r#move(&step))?;
        }
        self.call(p.set_rotation(&self.call(Quaternion::look_along(&dir))?))?;

        let origin = self.call(p.position())?;
        let range = self.call(p.range())?;
        let (hit, info) = self.call(self.world.raycast(&origin, &dir, range, Some(p)))?;
        if !hit {
            return Ok(());
        }
        // The managed struct's field refers to the entity hit: a typed handle to the same object.
        let Some(hit_entity) = self.call(info.entity())? else {
            return Ok(());
        };
        // Every call on it goes through the game's own handle of that entity, found by identity
        // (a pointer comparison, no call): a field read is no call, so a call log (`--record`)
        // never names the handle it made, while it names the one spawning returned, which a
        // replay maps to its own entity.
        let victim_index = self.actor_index(&hit_entity)?;
        let victim = self.entity(victim_index);
        if self.call(victim.team())? == Team::BLUE {
            return Ok(());
        }
        stats.shots += 1;
        let shooter = self.call(p.name())?.unwrap_or_default();
        let attack = self.call(p.attack())?;
        let health_before = if self.shot_details {
            self.call(victim.health())?
        } else {
            0
        };
        match self.call(victim.damage(attack)) {
            Ok(()) => {}
            Err(cilbind::Error::ManagedException { type_name, message, .. })
                if type_name == "System.InvalidOperationException" =>
            {
                let distance = self.call(info.distance())?;
                stats.corpse_shots += 1;
                stats.events.push(format!(
                    "{shooter} shot a corpse at {distance:.1} m: {type_name}: {message}"
                ));
                return Ok(());
            }
            Err(e) => return Err(e),
        }
        stats.hits += 1;
        if self.shot_details {
            let shot = Shot {
                tick: self.call(self.world.tick())?,
                shooter: self.call(p.id())?,
                victim: victim_index as i32 + 1,
                attack,
                health_before,
                health_after: self.call(victim.health())?,
            };
            stats.events.push(format!(
                "{shooter} hit {}: attack {attack}, {} -> {} hp",
                self.names[victim_index], shot.health_before, shot.health_after
            ));
            stats.shot_log.push(shot);
        }
        if self.call(victim.is_alive())? {
            let flags = self.call(victim.flags())?;
            self.call(victim.set_flags(flags | EntityFlags::BURNING))?;
            return Ok(());
        }
        let score = self.call(p.score())? + KILL_SCORE;
        self.call(p.set_score(score))?;
        self.log_kill(Some(score), victim)?;
        stats.kills += 1;
        let point = self.call(info.point())?;
        let point = self.call(to_display(point))?;
        stats.events.push(format!(
            "{shooter} killed {} at {point} (score {score})",
            self.names[victim_index]
        ));
        Ok(())
    }

    /// The index of the actor whose handle refers to the same C# object as `entity`.
    fn actor_index(&self, entity: &Entity) -> cilbind::Result<usize> {
        for (i, actor) in self.actors.iter().enumerate() {
            if actor.entity().as_object().reference_equals(entity.as_object())? {
                return Ok(i);
            }
        }
        Err(cilbind::Error::InvalidArgument(format!(
            "the raycast hit an entity the game did not spawn ({})",
            entity.as_object().type_name()?
        )))
    }

    /// A monster that sees a living player within [`MONSTER_SIGHT`] turns to it and walks
    /// until it is within `Monster.Range`, then attacks (`Monster.Attack`); otherwise it
    /// turns by a random -45..=45 degrees (composing quaternions) and walks forward.
    pub(crate) fn monster_turn(&self, m: &Monster, stats: &mut TickStats) -> cilbind::Result<()> {
        let pos = self.call(m.position())?;
        let range = self.call(m.range())?;
        let flags = self.call(m.flags())?;
        let prey = match self.nearest(&pos, Team::BLUE)? {
            Some((j, to, d2)) if d2 <= MONSTER_SIGHT * MONSTER_SIGHT => {
                let dir = self.call(to.normalized())?;
                self.call(m.set_rotation(&self.call(Quaternion::look_along(&dir))?))?;
                self.call(m.set_flags(flags | EntityFlags::HUNTING))?;
                Some((j, d2))
            }
            _ => {
                let turn = self.call(self.world.next_int(91))? - 45;
                let by = self.call(Quaternion::from_yaw(turn as f32))?;
                let rotation = self.call(Quaternion::multiply(&by, &self.call(m.rotation())?))?;
                self.call(m.set_rotation(&rotation))?;
                self.call(m.set_flags(flags & !EntityFlags::HUNTING))?;
                None
            }
        };
        if prey.is_none_or(|(_, d2)| d2 > range * range) {
            let forward = self.call(m.forward())?;
            self.call(m.r#move(&self.call(Vector3::scale(&forward, self.call(m.speed())?))?))?;
        }
        let Some((j, _)) = prey else {
            return Ok(());
        };
        let victim = self.entity(j);
        let to = self.call(Vector3::sub(&self.call(victim.position())?, &self.call(m.position())?))?;
        if self.call(to.sqr_magnitude())? > range * range {
            return Ok(());
        }
        // The prey was alive when chosen this turn, so this Damage cannot throw.
        self.call(victim.damage(self.call(m.attack())?))?;
        stats.bites += 1;
        if !self.call(victim.is_alive())? {
            self.log_kill(None, victim)?;
            stats.kills += 1;
            let monster = self.call(m.name())?.unwrap_or_default();
            stats.events.push(format!("{monster} killed {}", self.names[j]));
        }
        Ok(())
    }

    /// Logs a kill into the world's `List<object>`: the killer's new score, boxed as `Int32`
    /// (players only), and the victim's team, boxed as the `Team` enum. Boxing is explicit:
    /// `World.Log(object)` takes nothing else.
    pub(crate) fn log_kill(&self, score: Option<i32>, victim: &Entity) -> cilbind::Result<()> {
        if let Some(score) = score {
            let boxed = self.call(Int32(score).box_as::<Object>())?;
            self.call(self.world.log(Some(&boxed)))?;
        }
        let team = self.call(victim.team())?;
        let boxed = self.call(team.box_as::<Object>())?;
        self.call(self.world.log(Some(&boxed)))
    }
}
