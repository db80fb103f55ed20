//! Checks the sample's game against an independent model: the rules of `managed/Arena.cs` and
//! of the Rust driver (`src/lib.rs`) re-implemented in plain Rust, with no call into Mono.
//!
//! The model does each float operation in the same order as the C# (f32 arithmetic, `sqrt`,
//! `sin`, `cos` and `atan2` in f64 like `System.Math`), so positions agree to within rounding
//! and every discrete decision (targets, hits, ranges) is the same. Integers (health, scores,
//! flags, counts, the managed log) must match exactly.
//!
//! The in-process games run on the runtime `CILBIND_RUNTIME` names, with what it runs
//! (`Features::of`: everything, on either runtime), and the
//! model follows the same features. `coreclr_plays_the_same_game_as_mono` plays one game per
//! runtime, each in a process of its own, with the same features off, and wants the two equal.

use std::f64::consts::PI;
use std::path::Path;
use std::process::{Command, Output};

use cilbind::Backend;
use cilbind_samples::{Config, EntityState, Features, Kind, Outcome};

// ---- The C# types, in plain Rust ----------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
struct V3 {
    x: f32,
    y: f32,
    z: f32,
}

const fn v3(x: f32, y: f32, z: f32) -> V3 {
    V3 { x, y, z }
}

const ZERO: V3 = v3(0.0, 0.0, 0.0);
const FORWARD: V3 = v3(0.0, 0.0, 1.0);

impl V3 {
    fn add(self, b: V3) -> V3 {
        v3(self.x + b.x, self.y + b.y, self.z + b.z)
    }
    fn sub(self, b: V3) -> V3 {
        v3(self.x - b.x, self.y - b.y, self.z - b.z)
    }
    fn scale(self, k: f32) -> V3 {
        v3(self.x * k, self.y * k, self.z * k)
    }
    fn cross(self, b: V3) -> V3 {
        v3(
            self.y * b.z - self.z * b.y,
            self.z * b.x - self.x * b.z,
            self.x * b.y - self.y * b.x,
        )
    }
    fn dot(self, o: V3) -> f32 {
        self.x * o.x + self.y * o.y + self.z * o.z
    }
    fn sqr_magnitude(self) -> f32 {
        self.dot(self)
    }
    fn magnitude(self) -> f32 {
        f64::from(self.sqr_magnitude()).sqrt() as f32
    }
    fn normalized(self) -> V3 {
        let m = self.magnitude();
        if m > 1e-6 {
            self.scale(1.0 / m)
        } else {
            ZERO
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Quat {
    x: f32,
    y: f32,
    z: f32,
    w: f32,
}

impl Quat {
    fn from_yaw(degrees: f32) -> Quat {
        let half = f64::from(degrees) * PI / 360.0;
        Quat {
            x: 0.0,
            y: half.sin() as f32,
            z: 0.0,
            w: half.cos() as f32,
        }
    }
    fn look_along(d: V3) -> Quat {
        Quat::from_yaw((f64::from(d.x).atan2(f64::from(d.z)) * 180.0 / PI) as f32)
    }
    fn multiply(a: Quat, b: Quat) -> Quat {
        Quat {
            x: a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
            y: a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
            z: a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
            w: a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z,
        }
    }
    fn rotate(self, v: V3) -> V3 {
        let q = v3(self.x, self.y, self.z);
        let t = q.cross(v).scale(2.0);
        v.add(t.scale(self.w)).add(q.cross(t))
    }
}

const ALIVE: i32 = 1;
const BURNING: i32 = 2;
const HUNTING: i32 = 4;
const RED: u8 = 1;
const BLUE: u8 = 2;
const HALF_SIZE: f32 = 12.0;

#[derive(Clone, Debug)]
struct Ent {
    kind: Kind,
    pos: V3,
    rot: Quat,
    health: i32,
    max_health: i32,
    flags: i32,
    score: i32,
    armor: i32,
    /// The first monster is a ghoul (samples/src/ghoul.rs, Rust extending Monster).
    ghoul: bool,
}

impl Ent {
    fn new(kind: Kind, pos: V3, armor: i32) -> Ent {
        let max_health = if kind == Kind::Player { 100 } else { 80 };
        Ent {
            kind,
            pos,
            rot: Quat {
                x: 0.0,
                y: 0.0,
                z: 0.0,
                w: 1.0,
            },
            health: max_health,
            max_health,
            flags: ALIVE,
            score: 0,
            armor,
            ghoul: false,
        }
    }
    fn team(&self) -> u8 {
        if self.kind == Kind::Player {
            BLUE
        } else {
            RED
        }
    }
    fn alive(&self) -> bool {
        self.health > 0
    }
    fn speed(&self) -> f32 {
        if self.kind == Kind::Player {
            1.5
        } else {
            1.25
        }
    }
    fn range(&self) -> f32 {
        if self.kind == Kind::Player {
            6.0
        } else {
            2.5
        }
    }
    fn attack(&self) -> i32 {
        if self.kind == Kind::Player {
            25
        } else {
            15
        }
    }
    fn move_by(&mut self, delta: V3) {
        let p = self.pos.add(delta);
        let clamp = |v: f32| (-HALF_SIZE).max(HALF_SIZE.min(v));
        self.pos = v3(clamp(p.x), p.y, clamp(p.z));
    }
    fn take_damage(&mut self, amount: i32) {
        self.health = (self.health - amount).max(0);
        if self.health == 0 {
            self.flags = 0;
        }
    }
    /// `Err` where C# throws InvalidOperationException.
    fn damage(&mut self, amount: i32) -> Result<(), ()> {
        // A ghoul passes half of the hit, rounded up, on to Monster.Damage.
        let amount = if self.ghoul { amount - amount / 2 } else { amount };
        let amount = if self.kind == Kind::Monster {
            (amount - self.armor).max(1)
        } else {
            amount
        };
        if self.health <= 0 {
            return Err(());
        }
        self.take_damage(amount);
        Ok(())
    }
    fn update(&mut self) {
        match self.kind {
            Kind::Player => self.health = self.max_health.min(self.health + 1),
            Kind::Monster => {
                if self.flags & BURNING != 0 {
                    self.flags &= !BURNING;
                    self.take_damage(3);
                }
            }
        }
    }
}

struct Model {
    /// Whether `Rules.Mitigate` is Rust's (counted) or C#'s.
    natives: bool,
    rng: u32,
    ents: Vec<Ent>,
    out: Outcome,
}

impl Model {
    fn next_int(&mut self, max: i32) -> i32 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 17;
        self.rng ^= self.rng << 5;
        (self.rng % max as u32) as i32
    }

    fn nearest(&self, from: V3, team: u8) -> Option<(usize, V3, f32)> {
        let mut best: Option<(usize, V3, f32)> = None;
        for (j, e) in self.ents.iter().enumerate() {
            if e.team() != team || !e.alive() {
                continue;
            }
            let to = e.pos.sub(from);
            let d2 = to.sqr_magnitude();
            if best.is_none_or(|b| d2 < b.2) {
                best = Some((j, to, d2));
            }
        }
        best
    }

    fn raycast(&self, origin: V3, dir: V3, max: f32, ignore: usize) -> Option<usize> {
        let mut hit: Option<(usize, f32)> = None;
        for (j, e) in self.ents.iter().enumerate() {
            if j == ignore {
                continue;
            }
            let to_center = e.pos.sub(origin);
            let along = to_center.dot(dir);
            if along < 0.0 || along > max {
                continue;
            }
            if to_center.sqr_magnitude() - along * along > 0.5 * 0.5 {
                continue;
            }
            if hit.is_some_and(|h| along >= h.1) {
                continue;
            }
            hit = Some((j, along));
        }
        hit.map(|h| h.0)
    }

    fn player_turn(&mut self, i: usize, target: usize) {
        let pos = self.ents[i].pos;
        let to = self.ents[target].pos.sub(pos);
        let distance = to.magnitude();
        let dir = to.normalized();
        if distance > 4.0 {
            let speed = self.ents[i].speed();
            self.ents[i].move_by(dir.scale(speed));
        }
        self.ents[i].rot = Quat::look_along(dir);
        let Some(v) = self.raycast(self.ents[i].pos, dir, self.ents[i].range(), i) else {
            return;
        };
        if self.ents[v].team() == BLUE {
            return;
        }
        self.out.shots += 1;
        let attack = self.ents[i].attack();
        if self.ents[v].kind == Kind::Monster && self.natives {
            // Monster.Damage asks Rust's Rules.Mitigate first, alive or dead (when it is a
            // native; otherwise the same rule runs in C#).
            self.out.native_calls += 1;
        }
        if self.ents[v].damage(attack).is_err() {
            self.out.corpse_shots += 1;
            return;
        }
        self.out.hits += 1;
        if self.ents[v].alive() {
            self.ents[v].flags |= BURNING;
            return;
        }
        self.ents[i].score += 10;
        self.out.logged_scores.push(self.ents[i].score);
        self.out.logged_teams.push(self.ents[v].team());
        self.out.kills += 1;
    }

    fn monster_turn(&mut self, i: usize) {
        let pos = self.ents[i].pos;
        let range = self.ents[i].range();
        let flags = self.ents[i].flags;
        let prey = match self.nearest(pos, BLUE) {
            Some((j, to, d2)) if d2 <= 10.0 * 10.0 => {
                self.ents[i].rot = Quat::look_along(to.normalized());
                self.ents[i].flags = flags | HUNTING;
                Some((j, d2))
            }
            _ => {
                let turn = self.next_int(91) - 45;
                self.ents[i].rot = Quat::multiply(Quat::from_yaw(turn as f32), self.ents[i].rot);
                self.ents[i].flags = flags & !HUNTING;
                None
            }
        };
        if prey.is_none_or(|(_, d2)| d2 > range * range) {
            let step = self.ents[i].rot.rotate(FORWARD).scale(self.ents[i].speed());
            self.ents[i].move_by(step);
        }
        let Some((j, _)) = prey else {
            return;
        };
        if self.ents[j].pos.sub(self.ents[i].pos).sqr_magnitude() > range * range {
            return;
        }
        let attack = self.ents[i].attack();
        self.ents[j].damage(attack).expect("the prey is alive");
        self.out.bites += 1;
        if !self.ents[j].alive() {
            self.out.logged_teams.push(self.ents[j].team());
            self.out.kills += 1;
        }
    }

    fn tick(&mut self) {
        for e in self.ents.iter_mut().filter(|e| e.alive()) {
            e.update();
            if !e.alive() {
                self.out.burned += 1;
            }
        }
        let targets: Vec<Option<usize>> = self
            .ents
            .iter()
            .map(|e| match e.kind {
                Kind::Player if e.alive() => self.nearest(e.pos, RED).map(|t| t.0),
                _ => None,
            })
            .collect();
        for (i, target) in targets.into_iter().enumerate() {
            if !self.ents[i].alive() {
                continue;
            }
            match (self.ents[i].kind, target) {
                (Kind::Player, Some(t)) => self.player_turn(i, t),
                (Kind::Player, None) => {}
                (Kind::Monster, _) => self.monster_turn(i),
            }
        }
    }

    fn alive(&self, team: u8) -> usize {
        self.ents.iter().filter(|e| e.alive() && e.team() == team).count()
    }
}

/// The game of `config`, computed without Mono. (`managed_calls` and `elapsed` stay zero; names
/// come from the sample's own naming functions, which are not game rules.)
fn model(config: &Config) -> Outcome {
    let mut m = Model {
        natives: config.features.natives,
        rng: if config.seed != 0 { config.seed } else { 0x9E37_79B9 },
        ents: Vec::new(),
        out: Outcome {
            ticks_played: 0,
            entities: Vec::new(),
            shots: 0,
            hits: 0,
            bites: 0,
            kills: 0,
            burned: 0,
            corpse_shots: 0,
            logged_scores: Vec::new(),
            logged_teams: Vec::new(),
            roll: Default::default(),
            managed_calls: 0,
            native_calls: 0,
            elapsed: Default::default(),
            warmup_calls: 0,
            warmup_elapsed: Default::default(),
        },
    };
    let mut names = Vec::new();
    let (mut players, mut monsters) = (0, 0);
    for i in 0..config.entities {
        let half = HALF_SIZE as i32;
        let x = m.next_int(2 * half + 1) - half;
        let z = m.next_int(2 * half + 1) - half;
        let at = v3(x as f32, 0.0, z as f32);
        if i % 3 == 0 {
            names.push(cilbind_samples::player_name(players));
            players += 1;
            m.ents.push(Ent::new(Kind::Player, at, 0));
        } else {
            names.push(cilbind_samples::monster_name(monsters));
            monsters += 1;
            let armor = m.next_int(3);
            let facing = m.next_int(360);
            let mut e = Ent::new(Kind::Monster, at, armor);
            e.rot = Quat::from_yaw(facing as f32);
            e.ghoul = monsters == 1 && config.features.ghoul;
            m.ents.push(e);
        }
    }
    for _ in 0..config.ticks {
        m.tick();
        m.out.ticks_played += 1;
        if m.alive(BLUE) == 0 || m.alive(RED) == 0 {
            break;
        }
    }
    m.out.entities = m
        .ents
        .iter()
        .zip(names)
        .enumerate()
        .map(|(i, (e, name))| EntityState {
            id: i as i32 + 1,
            name,
            kind: e.kind,
            position: [e.pos.x, e.pos.y, e.pos.z],
            rotation: [e.rot.x, e.rot.y, e.rot.z, e.rot.w],
            health: e.health,
            flags: e.flags,
            score: e.score,
        })
        .collect();
    let living: Vec<&EntityState> = m.out.entities.iter().filter(|e| e.health > 0).collect();
    m.out.roll = cilbind_samples::RollCall {
        survivors: living.iter().map(|e| e.id).collect(),
        players: living.iter().filter(|e| e.kind == Kind::Player).count() as i32,
        monsters: living.iter().filter(|e| e.kind == Kind::Monster).count() as i32,
        health: living.iter().map(|e| e.health).sum(),
    };
    m.out
}

// ---- The checks ---------------------------------------------------------------------------

/// Compares everything but the call count and time; floats to within `1e-4`. They are computed
/// in the same order in both, and on Mono 6.8 (amd64) they agree to the bit; the tolerance
/// leaves room for a runtime that keeps float intermediates at higher precision, which the CLI
/// allows.
fn assert_same_game(actual: &Outcome, expected: &Outcome, config: &Config) {
    let ctx = format!("{config:?}");
    assert_eq!(actual.ticks_played, expected.ticks_played, "ticks played, {ctx}");
    assert_eq!(
        (
            actual.shots,
            actual.hits,
            actual.bites,
            actual.kills,
            actual.burned,
            actual.corpse_shots,
            actual.native_calls
        ),
        (
            expected.shots,
            expected.hits,
            expected.bites,
            expected.kills,
            expected.burned,
            expected.corpse_shots,
            expected.native_calls
        ),
        "(shots, hits, bites, kills, burned, corpse shots, native calls), {ctx}"
    );
    assert_eq!(actual.logged_scores, expected.logged_scores, "logged scores, {ctx}");
    assert_eq!(actual.logged_teams, expected.logged_teams, "logged teams, {ctx}");
    assert_eq!(
        actual.roll, expected.roll,
        "roll call (World.Living<T>, TotalHealth), {ctx}"
    );
    assert_eq!(actual.entities.len(), expected.entities.len(), "entity count, {ctx}");
    for (a, e) in actual.entities.iter().zip(&expected.entities) {
        let who = format!("entity {} ({}), {ctx}", e.id, e.name);
        assert_eq!((a.id, &a.name, a.kind), (e.id, &e.name, e.kind), "{who}");
        assert_eq!(
            (a.health, a.flags, a.score),
            (e.health, e.flags, e.score),
            "health, flags, score of {who}"
        );
        for (k, (x, y)) in a.position.iter().zip(&e.position).enumerate() {
            assert!((x - y).abs() <= 1e-4, "position[{k}] of {who}: {x} vs model {y}");
        }
        for (k, (x, y)) in a.rotation.iter().zip(&e.rotation).enumerate() {
            assert!((x - y).abs() <= 1e-4, "rotation[{k}] of {who}: {x} vs model {y}");
        }
    }
}

/// What the runtime of this process (`CILBIND_RUNTIME`) runs of the game.
fn features() -> Features {
    Features::of(&Backend::from_env().expect("CILBIND_RUNTIME names a runtime"))
}

#[test]
fn the_readme_game_matches_the_model() {
    let config = Config {
        ticks: 20,
        seed: 7,
        entities: 9,
        features: features(),
    };
    let actual = cilbind_samples::run(&config, &mut std::io::sink()).expect("the sample runs");
    let expected = model(&config);
    assert_same_game(&actual, &expected, &config);
    // Something must have happened, or the comparison proves little.
    assert!(actual.kills > 0 && actual.hits > 0, "{actual:?}");
    assert!(actual.managed_calls > 1000, "{actual:?}");
    if config.features.natives {
        assert!(actual.native_calls > 0, "{actual:?}");
    } else {
        println!("natives are switched off");
        assert_eq!(actual.native_calls, 0, "{actual:?}");
    }
}

#[test]
fn other_seeds_and_sizes_match_the_model() {
    let mut corpse_shots = 0;
    let mut bites = 0;
    for (seed, entities, ticks) in [(1, 9, 30), (42, 15, 40), (0, 6, 25), (123_456, 30, 60), (99, 2, 10)] {
        let config = Config {
            ticks,
            seed,
            entities,
            features: features(),
        };
        let actual = cilbind_samples::run(&config, &mut std::io::sink()).expect("the sample runs");
        assert_same_game(&actual, &model(&config), &config);
        corpse_shots += actual.corpse_shots;
        bites += actual.bites;
    }
    assert!(corpse_shots > 0, "some game shows the managed exception");
    assert!(bites > 0, "some game has monsters fighting back");
}

#[test]
fn the_same_seed_replays_the_same_game() {
    let config = Config {
        ticks: 15,
        seed: 2024,
        entities: 12,
        features: features(),
    };
    let mut first = cilbind_samples::run(&config, &mut std::io::sink()).expect("first run");
    let mut second = cilbind_samples::run(&config, &mut std::io::sink()).expect("second run");
    for outcome in [&mut first, &mut second] {
        outcome.elapsed = Default::default();
        outcome.warmup_elapsed = Default::default();
    }
    assert_eq!(first, second);
}

// ---- The binary -----------------------------------------------------------------------------

#[test]
fn the_binary_prints_a_summary_and_the_call_rate() {
    let out = Command::new(env!("CARGO_BIN_EXE_cilbind-samples"))
        .args(["--ticks", "20", "--seed", "7"])
        .output()
        .expect("the sample starts");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for expected in [
        "tick   1 |",
        "Player Ada",
        "Managed log",
        "calls into managed code in",
        "calls from C# into Rust",
        "Ghoul ",
    ] {
        assert!(stdout.contains(expected), "missing {expected:?} in:\n{stdout}");
    }
}

#[test]
fn bad_flags_are_refused_with_a_message() {
    let bin = env!("CARGO_BIN_EXE_cilbind-samples");
    let help = Command::new(bin).arg("--help").output().expect("the sample starts");
    assert!(help.status.success());
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in ["--ticks", "--seed", "--entities"] {
        assert!(help.contains(flag), "--help lacks {flag}:\n{help}");
    }
    for args in [&["--tick", "5"][..], &["--seed", "minus-one"], &["--entities", "0"]] {
        let out = Command::new(bin).args(args).output().expect("the sample starts");
        assert!(!out.status.success(), "{args:?} was accepted");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("error:"), "{args:?}: {stderr}");
    }
}

// ---- Mono and CoreCLR ---------------------------------------------------------------------

/// The game the runtimes are compared on: the README's, with kills, corpse shots and a death by
/// fire, and the ghoul (a Rust subclass of `Monster`), as CoreCLR runs it too.
const COMPARED: Config = Config {
    ticks: 30,
    seed: 1,
    entities: 9,
    features: Features::CORECLR,
};

/// The sample binary's report of 20 ticks of seed 7 with `args` (which must succeed), whatever
/// `CILBIND_RUNTIME` says.
fn play_20_ticks(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_cilbind-samples"))
        .args(["--ticks", "20", "--seed", "7"])
        .args(args)
        .env_remove("CILBIND_RUNTIME")
        .output()
        .expect("the sample starts");
    assert!(out.status.success(), "{args:?}: {}", text(&out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn text(run: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    )
}

/// Plays [`COMPARED`] in a new process of this test binary (the `child` test) on `runtime`;
/// the outcome as it wrote it (`Debug`, timings zeroed) and as the model of its features sees it.
fn play_in_child(runtime: &str, dir: &Path) -> String {
    let out = dir.join(format!("{runtime}.out"));
    let run = Command::new(std::env::current_exe().unwrap())
        .args(["child", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        .env("CILBIND_RUNTIME", runtime)
        .env("SAMPLE_OUT", &out)
        .output()
        .unwrap();
    assert!(run.status.success(), "the {runtime} child failed:\n{}", text(&run));
    std::fs::read_to_string(&out).expect("the child's outcome")
}

#[test]
fn coreclr_plays_the_same_game_as_mono() {
    let dir = std::env::temp_dir().join(format!("cilbind-samples-final-state-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mono = play_in_child("mono", &dir);
    let coreclr = play_in_child("coreclr", &dir);
    let _ = std::fs::remove_dir_all(&dir);
    // Everything, to the bit: the final state, the totals, the managed log, the roll call, and
    // the calls each made (the same code runs on both).
    assert_eq!(coreclr, mono, "CoreCLR's game (left) and Mono's (right) differ");
    // The game compared has kills, shots at corpses (exceptions) and a death by fire.
    for happened in ["kills: 6,", "corpse_shots: 1,", "burned: 1,"] {
        assert!(mono.contains(happened), "{happened} in {mono}");
    }
}

/// The child side of `coreclr_plays_the_same_game_as_mono` (run only from there): plays
/// [`COMPARED`] on the runtime `CILBIND_RUNTIME` names, checks it against the model, and writes
/// the outcome to `SAMPLE_OUT`.
#[test]
#[ignore = "coreclr_plays_the_same_game_as_mono runs it in a child process"]
fn child() {
    let mut actual = cilbind_samples::run(&COMPARED, &mut std::io::sink()).expect("the sample runs");
    assert_same_game(&actual, &model(&COMPARED), &COMPARED);
    actual.elapsed = Default::default();
    actual.warmup_elapsed = Default::default();
    std::fs::write(
        std::env::var("SAMPLE_OUT").expect("the parent sets SAMPLE_OUT"),
        format!("{actual:#?}"),
    )
    .unwrap();
}

/// The binary's report without the lines that time things or name the runtime.
fn game_lines(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter(|l| {
            !(l.contains(" ms")
                || l.contains("calls/s")
                || l.starts_with("Switched off")
                || l.contains(" started and "))
        })
        .collect()
}

#[test]
fn the_binary_plays_the_same_game_on_coreclr_and_on_mono() {
    let bin = env!("CARGO_BIN_EXE_cilbind-samples");
    let run = play_20_ticks;
    let coreclr = run(&["--runtime", "coreclr"]);
    let mono = run(&["--runtime", "mono"]);
    assert!(coreclr.contains("CoreCLR started"), "{coreclr}");
    assert!(mono.contains("Mono started"), "{mono}");
    // The World.Died handler (a Rust closure behind a C# event), Rules.Mitigate (a
    // [DllImport("__Internal")] native) and the ghoul (a Rust subclass) run on both.
    for off in ["the World.Died handler is off", "natives are off", "the ghoul is off"] {
        assert!(!coreclr.contains(off), "{coreclr}");
    }
    assert!(coreclr.contains("Ghoul "), "{coreclr}");
    assert_eq!(
        game_lines(&coreclr),
        game_lines(&mono),
        "CoreCLR:\n{coreclr}\nMono:\n{mono}"
    );
    // Switched off by --off on CoreCLR too: the ghoul's place is a plain monster's.
    let no_ghoul = run(&["--runtime", "coreclr", "--off", "ghoul"]);
    assert!(
        no_ghoul
            .lines()
            .any(|l| l.starts_with("Switched off by --off") && l.contains("the ghoul is off")),
        "{no_ghoul}"
    );
    assert!(!no_ghoul.contains("Ghoul "), "{no_ghoul}");
    assert_ne!(game_lines(&no_ghoul), game_lines(&coreclr));
    // A game with a hot reload plays the same on both runtimes (the reload's own checks:
    // tests/reload.rs).
    let reload = run(&["--runtime", "coreclr", "--reload"]);
    let mono_reload = run(&["--runtime", "mono", "--reload"]);
    assert!(reload.contains("Player.AttackDamage becomes 40"), "{reload}");
    assert_eq!(
        game_lines(&reload),
        game_lines(&mono_reload),
        "CoreCLR:\n{reload}\nMono:\n{mono_reload}"
    );
    assert_ne!(game_lines(&reload), game_lines(&coreclr), "the reload changed the game");
    // A replay runs on CoreCLR (tests/record_replay.rs replays games across runtimes): here,
    // a log that is not there is an error naming the file it needs.
    let replay = Command::new(bin)
        .args(["--runtime", "coreclr", "--replay", "no-such.log"])
        .env_remove("CILBIND_RUNTIME")
        .output()
        .expect("the sample starts");
    assert_eq!(replay.status.code(), Some(1), "{}", text(&replay));
    assert!(
        String::from_utf8_lossy(&replay.stderr).contains("no-such.log.externals"),
        "{}",
        text(&replay)
    );
}

// ---- Guest mode: C#'s Main owns the process -----------------------------------------------

/// `--guest`: `mono Arena.exe` and `dotnet Arena.exe` own the process, and their C# `Main` loads
/// the game's Rust logic (the sample's cdylib) as a plugin, which plays the same game as the
/// binary does on the same runtime: every line of the report but the timings and the lines
/// naming who owns the process. The natives (C# calling Rust through `[DllImport("__Internal")]`,
/// whose library is the host executable there until cilbind maps it), the ghoul (a Rust subclass)
/// and the death handler (a Rust closure behind a C# event) run in guest mode on both runtimes.
#[test]
fn the_guest_plays_the_same_game_as_the_host_on_both_runtimes() {
    let bin = env!("CARGO_BIN_EXE_cilbind-samples");
    let run = play_20_ticks;
    let owner = |line: &str| line.starts_with("Arena.exe (C#)") || line.starts_with("Guest mode: ");
    for (runtime, name) in [("mono", "Mono"), ("coreclr", "CoreCLR")] {
        let host = run(&["--runtime", runtime]);
        let guest = run(&["--runtime", runtime, "--guest"]);
        assert!(
            guest.starts_with(&format!(
                "Arena.exe (C#): Main owns the process and its runtime ({name})"
            )),
            "{guest}"
        );
        assert!(guest.contains(&format!("Guest mode: {name} runs Arena.exe")), "{guest}");
        assert!(!host.lines().any(owner), "{host}");
        let guest_lines: Vec<&str> = game_lines(&guest).into_iter().filter(|l| !owner(l)).collect();
        assert_eq!(guest_lines, game_lines(&host), "{name}, guest:\n{guest}\nhost:\n{host}");
        // What C# calls in Rust ran in guest mode, and counted as in the model (the host's game
        // is the model's: the_readme_game_matches_the_model plays the same config).
        assert!(
            guest.contains("21 calls from C# into Rust (the native Rules.Mitigate"),
            "{guest}"
        );
        assert!(guest.contains("Ghoul Orc-1 (armor 1, hit "), "{guest}");
        assert!(guest.contains("burned to death"), "{guest}");
    }
    // A hot reload cannot be done in guest mode: it is switched off, saying why, and the game
    // plays on without it (the plain game's lines).
    let reload = run(&["--guest", "--reload"]);
    assert!(
        reload.lines().any(
            |l| l.starts_with("Switched off in guest mode: the hot reload (--reload): ")
                && l.contains("Runtime::reload is refused in guest mode")
        ),
        "{reload}"
    );
    let plain = run(&["--guest"]);
    let plain: Vec<&str> = game_lines(&plain).into_iter().filter(|l| !owner(l)).collect();
    let reload_lines: Vec<&str> = game_lines(&reload).into_iter().filter(|l| !owner(l)).collect();
    assert_eq!(reload_lines, plain);
    // `--off natives` runs the build of Arena.exe whose rule is C#: no call into Rust, the same
    // game.
    let no_natives = run(&["--guest", "--runtime", "coreclr", "--off", "natives"]);
    assert!(
        no_natives.contains("0 calls from C# into Rust (natives are off"),
        "{no_natives}"
    );
    // What guest mode refuses is an error saying why: another build than the host's, a runtime
    // other than the host's.
    let refused = |args: &[&str], why: &str| {
        let out = Command::new(bin)
            .args(args)
            .env_remove("CILBIND_RUNTIME")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(why),
            "{args:?}: {}",
            text(&out)
        );
    };
    refused(
        &["--guest", "--replay", "no-such.log", "--game", "Other.dll"],
        "error: guest mode: --game Other.dll: the host loaded its own build of the game",
    );
    // `mono Arena.exe` run by hand (here with its plugin beside it, as `--guest` lays it out):
    // the host chose the runtime, so `--runtime coreclr` is refused.
    let dir = std::env::temp_dir().join(format!("cilbind-samples-guest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(env!("ARENA_GUEST_EXE"), dir.join("Arena.exe")).unwrap();
    // The newer of the two Cargo builds (beside the binary, and deps/ for `cargo test`).
    let built = Path::new(bin).parent().unwrap();
    let plugin = [built.join("deps"), built.to_path_buf()].map(|d| d.join("libcilbind_samples.so"));
    let plugin = plugin
        .iter()
        .filter(|p| p.is_file())
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("cargo built the plugin");
    std::os::unix::fs::symlink(plugin, dir.join("libcilbind_samples.so")).unwrap();
    let by_hand = Command::new("mono")
        .args(["Arena.exe", "--runtime", "coreclr"])
        .current_dir(&dir)
        .env("MONO_THREADS_SUSPEND", "preemptive")
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(by_hand.status.code(), Some(1), "{}", text(&by_hand));
    assert!(
        String::from_utf8_lossy(&by_hand.stderr).contains(
            "error: guest mode: --runtime coreclr names another runtime than the one Arena.exe runs on (Mono)"
        ),
        "{}",
        text(&by_hand)
    );
}

// ---- Over a connection: one process hosts the runtime, another plays --------------------

/// A `cilbind-samples --serve` process on a free loopback port, killed when dropped.
struct GameServer {
    child: std::process::Child,
    addr: String,
}

impl GameServer {
    fn start(runtime: &str) -> GameServer {
        use std::io::BufRead;
        let mut child = Command::new(env!("CARGO_BIN_EXE_cilbind-samples"))
            .args(["--serve", "127.0.0.1:0", "--runtime", runtime])
            .env(cilbind_samples::TOKEN_VARIABLE, "final-state-token")
            .env_remove("CILBIND_RUNTIME")
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("the server's first line: {line:?}"))
            .to_string();
        GameServer { child, addr }
    }
}

impl Drop for GameServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Plays 20 ticks of seed 7 from a client of `server`.
fn play_remotely(server: &GameServer, token: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cilbind-samples"))
        .args(["--ticks", "20", "--seed", "7", "--connect", &server.addr])
        .env(cilbind_samples::TOKEN_VARIABLE, token)
        .env_remove("CILBIND_RUNTIME")
        .output()
        .expect("the client starts")
}

/// `--connect` plays the same game, to the same final state, as a local run: every line of the
/// report but the timings, the line saying how it started, and where the natives ran. The
/// ghoul (a Rust subclass) is off over a connection, saying why, so the local game compared
/// is the one with `--off ghoul`; the World.Died handler (C# calling the client's closure back
/// during World.Step), boxing, generic members and the managed struct RaycastHit all cross.
#[test]
fn a_client_plays_the_same_game_over_a_connection_on_both_runtimes() {
    let not_compared = |l: &&str| {
        !(l.contains("calls from C# into Rust") || l.starts_with("The native Rules.Mitigate ran in the server"))
    };
    for runtime in ["mono", "coreclr"] {
        let server = GameServer::start(runtime);
        let remote = play_remotely(&server, "final-state-token");
        assert!(remote.status.success(), "{runtime}: {}", text(&remote));
        let remote = String::from_utf8_lossy(&remote.stdout).into_owned();
        let local = play_20_ticks(&["--runtime", runtime, "--off", "ghoul"]);
        assert!(remote.starts_with("Switched off over a connection ("), "{remote}");
        assert!(!remote.contains("the World.Died handler is off"), "{remote}");
        assert!(remote.contains("Goblin-3 burned to death"), "{remote}");
        let remote_lines: Vec<&str> = game_lines(&remote).into_iter().filter(not_compared).collect();
        let local_lines: Vec<&str> = game_lines(&local).into_iter().filter(not_compared).collect();
        assert_eq!(
            remote_lines, local_lines,
            "{runtime}, remote:\n{remote}\nlocal:\n{local}"
        );
        // A client with the wrong token is refused, and the server serves on.
        let wrong = play_remotely(&server, "not-the-token");
        assert_eq!(wrong.status.code(), Some(1), "{}", text(&wrong));
        assert!(
            String::from_utf8_lossy(&wrong.stderr).contains("token"),
            "{}",
            text(&wrong)
        );
        let again = play_remotely(&server, "final-state-token");
        assert!(again.status.success(), "{}", text(&again));
        // The natives are the server's choice (its build of the game), not the client's.
        let refused = Command::new(env!("CARGO_BIN_EXE_cilbind-samples"))
            .args(["--connect", &server.addr, "--off", "natives"])
            .env(cilbind_samples::TOKEN_VARIABLE, "final-state-token")
            .output()
            .unwrap();
        assert_eq!(refused.status.code(), Some(1), "{}", text(&refused));
        assert!(
            String::from_utf8_lossy(&refused.stderr).contains("the natives are the server's"),
            "{}",
            text(&refused)
        );
    }
}
