//! A reload game in a process that played a game without reload first is refused: that game
//! started the runtime without a reloadable unit and loaded the game from the build's output,
//! which a reload would load again (never the recompiled game). Its own process: what the
//! first game starts decides.

use cilbind::Backend;
use cilbind_samples::{Config, Features, ReloadPlan, SampleError, RELOAD_ATTACK};

#[test]
fn a_reload_game_after_a_plain_one_is_refused_and_changes_nothing() {
    // Every feature the runtime runs (a reload game plays with all of them).
    let features = Features::of(&Backend::from_env().expect("CILBIND_RUNTIME names a runtime"));
    let config = Config {
        ticks: 6,
        seed: 3,
        entities: 6,
        features,
    };
    let plain = cilbind_samples::run(&config, &mut std::io::sink()).expect("the plain game");
    let plan = ReloadPlan {
        after_tick: 2,
        attack: RELOAD_ATTACK,
    };
    let mut out = Vec::new();
    // SAFETY: the only test of this process; no low-level cilbind value is used.
    let refused = unsafe { cilbind_samples::run_with_reload(&config, &plan, &mut out) };
    match refused {
        Err(SampleError::Reload(message)) => {
            assert!(message.contains("game folder"), "{message}")
        }
        other => panic!("not refused: {other:?}"),
    }
    assert!(out.is_empty(), "nothing was played: {}", String::from_utf8_lossy(&out));
    let again = cilbind_samples::run(&config, &mut std::io::sink()).expect("the plain game again");
    assert_eq!(
        (again.entities, again.shots, again.hits),
        (plain.entities, plain.shots, plain.hits)
    );
}
