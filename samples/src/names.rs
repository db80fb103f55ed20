//! The entities' and teams' display names.

use crate::bindings::arena::Team;

const PLAYER_NAMES: [&str; 8] = [
    "Ada", "Grace", "Linus", "Barbara", "Ken", "Margaret", "Dennis", "Frances",
];
const MONSTER_NAMES: [&str; 6] = ["Orc", "Troll", "Goblin", "Ogre", "Wraith", "Kobold"];

/// The name of the `k`-th player (from 0).
pub fn player_name(k: usize) -> String {
    let base = PLAYER_NAMES[k % PLAYER_NAMES.len()];
    match k / PLAYER_NAMES.len() {
        0 => base.to_string(),
        round => format!("{base}{}", round + 1),
    }
}

/// The name of the `k`-th monster (from 0).
pub fn monster_name(k: usize) -> String {
    format!("{}-{}", MONSTER_NAMES[k % MONSTER_NAMES.len()], k + 1)
}

/// A team's name (the generated enum is a newtype over the C# value, without `Display`).
pub fn team_name(team: Team) -> &'static str {
    match team {
        Team::RED => "Red",
        Team::BLUE => "Blue",
        Team::NEUTRAL => "Neutral",
        _ => "?",
    }
}
