//! Hot reload (`Runtime::reload`) with the fixture `fixtures/reload/Reload.cs`, whose four
//! versions build.rs compiles: bindings from v1, then v2 (new method bodies), v3 (a changed
//! signature) and v4 (a class that no longer implements an interface) are copied over the
//! loaded file while the process runs, as a rebuild would.
//!
//! A reload replaces the unit every test of this process runs in, so this file holds a single
//! test that goes through the scenarios in order, then reloads 100 more times and checks that
//! memory stays flat and that the runtime freed every unit it replaced (run with `--nocapture`
//! to see RSS per cycle).
//!
//! It runs on both runtimes. Where the runtime cannot make Rust implementations of C#
//! interfaces yet (CoreCLR, until its proxies land), the listener's part of each scenario is
//! left out, saying so once; everything else runs, and a Rust closure behind a C# event stands
//! in for the listener where the scenario needs Rust called from C#.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};

use cilbind::native::NativeResult;
use cilbind::{Callback, Error, MethodRef, Object, Reference, ReloadReport, Runtime, TypeRef, Value};
use managed_tests::reload::reload::{Counter, IListener, IListenerImpl, IMeasure, IMeasureExt, Rules, Tally, Ticked};

/// Counts drops of the Rust values C# held (listeners, callbacks' closures).
struct DropCounter(Arc<AtomicUsize>);

impl Drop for DropCounter {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// A Rust implementation of the C# `IListener`.
struct Listener {
    heard: Arc<Mutex<Vec<i32>>>,
    _drops: DropCounter,
}

impl IListenerImpl for Listener {
    fn notify(&self, value: i32) -> NativeResult<()> {
        self.heard.lock().unwrap().push(value);
        Ok(())
    }
}

/// A Rust implementation of `IListener`, or `None` on a runtime that cannot make one yet
/// (CoreCLR without proxies: exactly that error, said once on stderr).
fn implement(listener: Listener) -> Option<IListener> {
    match IListener::implement(listener) {
        Ok(made) => Some(made),
        Err(Error::Unsupported(why)) if managed_tests::on_coreclr() && why.contains("proxies") => {
            static SAID: std::sync::Once = std::sync::Once::new();
            SAID.call_once(|| eprintln!("the listener's part is left out: {why}"));
            None
        }
        Err(e) => panic!("IListener::implement: {e}"),
    }
}

/// The units reloads replaced that the runtime still keeps: none, or the reload left something
/// referencing the old unit (on CoreCLR, whose unloading is cooperative).
fn assert_old_units_freed(rt: &Runtime, reloads: usize) {
    let units = rt.unloaded_units().unwrap();
    assert_eq!(units.replaced, reloads, "{units:?}");
    assert_eq!(units.alive, 0, "units replaced but not freed: {units:?}");
}

/// A listener that tries to reload from inside the call C# makes to it.
struct ReloadingListener(Arc<Mutex<Option<cilbind::Result<ReloadReport>>>>);

impl IListenerImpl for ReloadingListener {
    fn notify(&self, _value: i32) -> NativeResult<()> {
        // SAFETY: refused before anything happens (C# frames are on this stack).
        let outcome = unsafe { Runtime::get().unwrap().reload() };
        *self.0.lock().unwrap() = Some(outcome);
        Ok(())
    }
}

static RULES: TypeRef = TypeRef::new("Reload", "Reload", "Rules");
static VERSION: MethodRef = MethodRef::new(&RULES, "Version", &[]);

/// The game folder: a copy of v1 that the test overwrites with later versions.
fn game_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cilbind-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copies version `version` of the fixture over the game folder's Reload.dll.
fn install(version: &str, dir: &Path) {
    std::fs::copy(managed_tests::reload_fixture(version), dir.join("Reload.dll")).unwrap();
}

/// Reloads (nothing else runs in this process meanwhile) and runs the bindings' init again,
/// returning what it said.
fn reload() -> (ReloadReport, cilbind::Result<()>) {
    // SAFETY: this file's only test runs alone in its process; the worker thread is out of
    // the unit; no Assembly/Class/Method/Field of the old unit is used afterwards.
    let report = unsafe { Runtime::get().unwrap().reload() }.unwrap();
    (report, managed_tests::reload::init())
}

fn rss_kib() -> u64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap();
    let pages: u64 = statm.split_whitespace().nth(1).unwrap().parse().unwrap();
    pages * 4
}

#[test]
fn reload_swaps_code_makes_old_handles_stale_and_keeps_bindings_working() {
    let dir = game_dir();
    install("v1", &dir);
    let rt = Runtime::start_reloadable().unwrap();
    // Loaded from the game folder first, so init() keeps this copy (same simple name).
    rt.load_assembly(dir.join("Reload.dll")).unwrap();
    managed_tests::reload::init().unwrap();
    // Another build under the loaded name is refused, naming both files and the way to
    // replace it (overwrite the loaded file and reload), instead of handing back v1.
    match rt.load_assembly(managed_tests::reload_fixture("v2")) {
        Err(Error::AssemblyLoad { path, reason }) => {
            assert_eq!(path, managed_tests::reload_fixture("v2"));
            assert!(
                reason.contains(&dir.join("Reload.dll").display().to_string()),
                "{reason}"
            );
            assert!(reason.contains("call Runtime::reload"), "{reason}");
        }
        other => panic!("another build of Reload loaded: {other:?}"),
    }

    // v1 running: state in objects and statics, Rust values held by C#.
    assert_eq!(Rules::version().unwrap(), 1);
    assert_eq!(Rules::scale(5).unwrap(), 10);
    let counter = Counter::new(5).unwrap();
    assert_eq!(counter.step().unwrap(), 6);
    // A class and the interface it implements in v1: the wrapper converts without a check,
    // and calls on it skip the class check of `this` (the relation was proved at init()).
    let tally = Tally::new().unwrap();
    tally.add(4).unwrap();
    let measure: IMeasure = tally.clone().into();
    assert_eq!((tally.measure().unwrap(), measure.measure().unwrap()), (4, 4));
    let kept: Object = counter.as_object().clone();
    assert_eq!(Rules::calls().unwrap(), 1);
    let drops = Arc::new(AtomicUsize::new(0));
    let heard = Arc::new(Mutex::new(Vec::new()));
    let listener = implement(Listener {
        heard: heard.clone(),
        _drops: DropCounter(drops.clone()),
    });
    let proxies = listener.is_some();
    if let Some(listener) = &listener {
        Rules::listen(Some(listener)).unwrap();
        assert_eq!(Rules::fire(7).unwrap(), 1);
        assert_eq!(*heard.lock().unwrap(), [7]);
    }
    let ticks = Arc::new(Mutex::new(Vec::new()));
    let (seen, closure_drops) = (ticks.clone(), DropCounter(drops.clone()));
    let callback = Callback::new::<Ticked>(move |args| {
        let _keep = &closure_drops;
        if let [Value::Int32(v)] = args {
            seen.lock().unwrap().push(*v);
        }
        Ok(Value::Void)
    })
    .unwrap();
    Rules::add_on_tick(Some(&callback.delegate::<Ticked>().unwrap())).unwrap();
    assert_eq!(Rules::tick(4).unwrap(), 1);
    assert_eq!(*ticks.lock().unwrap(), [4]);
    // A typed closure on the same event (the generated `from_fn` of a delegate of values: a
    // proxy class of the unit calls it).
    let typed_ticks = Arc::new(Mutex::new(Vec::new()));
    let (typed_seen, typed_drops) = (typed_ticks.clone(), DropCounter(drops.clone()));
    let typed = Ticked::from_fn(move |v: i32| {
        let _keep = &typed_drops;
        typed_seen.lock().unwrap().push(v);
        Ok(())
    })
    .unwrap();
    Rules::add_on_tick(Some(&typed)).unwrap();
    assert_eq!(Rules::tick(5).unwrap(), 2);
    assert_eq!(
        (&*ticks.lock().unwrap(), &*typed_ticks.lock().unwrap()),
        (&vec![4, 5], &vec![5])
    );
    // A thunk kept by hand across the reload.
    let old_thunk = VERSION.thunk().unwrap();
    assert_eq!(old_thunk.call::<_, i32>(()).unwrap(), 1);
    // Another thread that calls in before the reload and again after it.
    let (to_worker, jobs) = mpsc::channel::<()>();
    let (to_test, results) = mpsc::channel::<cilbind::Result<i32>>();
    let worker = std::thread::Builder::new()
        .name("worker".into())
        .spawn(move || {
            for () in jobs {
                let version = Rules::version();
                // Between jobs the worker waits in Rust: out of the unit, so that the test
                // thread may reload it.
                Runtime::leave_unit();
                to_test.send(version).unwrap();
            }
        })
        .unwrap();
    to_worker.send(()).unwrap();
    assert_eq!(results.recv().unwrap().unwrap(), 1);

    // A thread that called in and did not leave the unit blocks a reload (Mono cannot
    // unload a domain a live thread is in): refused, naming it, with nothing changed.
    let (release, wait) = mpsc::channel::<()>();
    let (entered, has_entered) = mpsc::channel::<()>();
    let lingering = std::thread::Builder::new()
        .name("lingering".into())
        .spawn(move || {
            Rules::version().unwrap();
            entered.send(()).unwrap();
            wait.recv().unwrap();
        })
        .unwrap();
    has_entered.recv().unwrap();
    // SAFETY: refused before anything happens.
    let refused = unsafe { rt.reload() };
    assert!(
        matches!(refused, Err(Error::Reload(ref m)) if m.contains("lingering") && m.contains("leave_unit")),
        "{refused:?}"
    );
    assert_eq!(counter.step().unwrap(), 7, "nothing was released");
    release.send(()).unwrap();
    lingering.join().unwrap();

    // v2: new bodies and constants under the same signatures.
    // (A listener the runtime could not make was dropped at once: not the reload's doing.)
    let dropped_before = drops.load(Ordering::SeqCst);
    install("v2", &dir);
    let (report, init) = reload();
    init.unwrap();
    assert_old_units_freed(rt, 1);
    assert_eq!(report.assemblies, [dir.join("Reload.dll")]);
    assert!(
        report.handles_released >= 3 + usize::from(proxies),
        "the counter, its clone, the listener and the delegate: {report:?}"
    );
    assert_eq!(
        (report.proxies_released, report.callbacks_released),
        (usize::from(proxies), 2),
        "{report:?}"
    );
    assert_eq!(
        drops.load(Ordering::SeqCst) - dropped_before,
        2 + usize::from(proxies),
        "the Rust listener and both callbacks' closures were dropped"
    );

    // Old handles are stale: never a crash, never an object of the new unit.
    assert_eq!(counter.step(), Err(Error::StaleHandle));
    assert_eq!(kept.get_hash_code(), Err(Error::StaleHandle));
    assert!(matches!(old_thunk.call::<_, i32>(()), Err(Error::Reload(_))));
    // The same bindings run the new code; statics start again.
    assert_eq!(Rules::version().unwrap(), 2);
    assert_eq!(VERSION.call::<_, i32>(()).unwrap(), 2);
    assert_eq!(Rules::scale(5).unwrap(), 15);
    let fresh = Counter::new(5).unwrap();
    assert_eq!(fresh.step().unwrap(), 7);
    // An old handle passed as an argument is stale too: on CoreCLR the store passes an
    // argument's key without reading its version, and the entry's own check refuses it
    // (`HandleStore::argument`); a handle keeps its slot reserved until it drops, so no new
    // object can sit behind an old key meanwhile.
    assert_eq!(fresh.as_object().equals(Some(&kept)), Err(Error::StaleHandle));
    assert_eq!(Object::from_key(kept.key()).unwrap_err(), Error::StaleHandle);
    assert_eq!(fresh.describe().unwrap().as_deref(), Some("counter v2 at 7"));
    assert_eq!(Rules::calls().unwrap(), 1, "the new unit's statics start from scratch");
    assert_eq!(Rules::fire(1).unwrap(), 0, "the old unit's listeners are gone");
    assert_eq!(Rules::tick(1).unwrap(), 0, "and so are its event handlers");
    assert_eq!(*heard.lock().unwrap(), if proxies { &[7][..] } else { &[] });
    to_worker.send(()).unwrap();
    assert_eq!(
        results.recv().unwrap().unwrap(),
        2,
        "another thread moves into the new unit"
    );
    // Rust values can be handed to the new unit: a typed closure through the new unit's proxy
    // class (the old FnDelegate is kept, harmlessly: its closure is gone).
    let again = Ticked::from_fn(|_| Ok(())).unwrap();
    Rules::add_on_tick(Some(&again)).unwrap();
    assert_eq!(Rules::tick(2).unwrap(), 1);
    assert_eq!(*typed_ticks.lock().unwrap(), [5], "the old closure is not called again");
    drop((again, typed));
    let listener = implement(Listener {
        heard: heard.clone(),
        _drops: DropCounter(drops.clone()),
    });
    if let Some(listener) = &listener {
        Rules::listen(Some(listener)).unwrap();
        assert_eq!(Rules::fire(8).unwrap(), 1);
        assert_eq!(*heard.lock().unwrap(), [7, 8]);
    }

    // v3: Scale(int) became Scale(int, int). Unchanged bindings keep working; the changed
    // one is an error naming the method asked for and what the assembly has now.
    let dropped_before = drops.load(Ordering::SeqCst);
    install("v3", &dir);
    let (report, init) = reload();
    // init() checks every binding against the new assembly at once (the GZDoom rule): the
    // changed one is listed with both signatures.
    let mismatch = init.unwrap_err();
    let listed = mismatch.to_string();
    assert!(matches!(mismatch, Error::FunctionsMismatch { .. }), "{mismatch:?}");
    assert!(listed.contains("Scale(System.Int32)->System.Int32"), "{listed}");
    assert!(
        listed.contains("Scale(System.Int32,System.Int32)->System.Int32"),
        "{listed}"
    );
    assert_old_units_freed(rt, 2);
    assert_eq!(
        (report.proxies_released, report.callbacks_released),
        (usize::from(proxies), 0),
        "{report:?}"
    );
    assert_eq!(drops.load(Ordering::SeqCst) - dropped_before, usize::from(proxies));
    assert_eq!(Rules::version().unwrap(), 3);
    let err = Rules::scale(5).unwrap_err();
    let text = err.to_string();
    assert!(matches!(err, Error::MethodNotFound { .. }), "{err:?}");
    assert!(text.contains("Scale(System.Int32)"), "{text}");
    assert!(text.contains("Scale(System.Int32, System.Int32)"), "{text}");

    // A reload from code that C# called is refused, and changes nothing: from a Rust closure
    // behind a C# event, and from a Rust implementation of a C# interface.
    assert_eq!(Rules::calls().unwrap(), 1);
    let refused = Arc::new(Mutex::new(None));
    let seen = refused.clone();
    let reloading = Callback::new::<Ticked>(move |_| {
        // SAFETY: refused before anything happens (C# frames are on this stack).
        *seen.lock().unwrap() = Some(unsafe { Runtime::get().unwrap().reload() });
        Ok(Value::Void)
    })
    .unwrap();
    Rules::add_on_tick(Some(&reloading.delegate::<Ticked>().unwrap())).unwrap();
    assert_eq!(Rules::tick(3).unwrap(), 1);
    let outcome = refused.lock().unwrap().take().expect("the closure ran");
    assert!(
        matches!(outcome, Err(Error::Reload(ref m)) if m.contains("C# called")),
        "{outcome:?}"
    );
    if proxies {
        let reloading = IListener::implement(ReloadingListener(refused.clone())).unwrap();
        Rules::listen(Some(&reloading)).unwrap();
        assert_eq!(Rules::fire(3).unwrap(), 1);
        let outcome = refused.lock().unwrap().take().expect("the listener ran");
        assert!(
            matches!(outcome, Err(Error::Reload(ref m)) if m.contains("C# called")),
            "{outcome:?}"
        );
    }
    assert_eq!(Rules::calls().unwrap(), 2, "still the same unit, statics kept");

    drop(to_worker);
    worker.join().unwrap();

    // A rebuild that left a corrupt file: the reload is an error naming it, and the runtime
    // stays usable (a new unit without the game); the next reload of a good file works.
    let kept_counter = Counter::new(1).unwrap();
    std::fs::write(dir.join("Reload.dll"), b"MZ not an assembly").unwrap();
    // SAFETY: as in `reload`.
    let failed = unsafe { rt.reload() };
    assert!(
        matches!(failed, Err(Error::AssemblyLoad { ref path, .. }) if path == &dir.join("Reload.dll")),
        "{failed:?}"
    );
    assert_eq!(kept_counter.as_object().get_hash_code(), Err(Error::StaleHandle));
    assert!(Rules::version().is_err(), "the game is not loaded in the new unit");
    install("v2", &dir);
    reload().1.unwrap();
    assert_eq!(Rules::version().unwrap(), 2);
    assert_old_units_freed(rt, 4);

    // v4: Tally no longer implements IMeasure. init() refuses with the relation that broke,
    // and no Tally can be made, so none converts to an IMeasure it is not; the rest of the
    // bindings work.
    install("v4", &dir);
    let (_, init) = reload();
    match init {
        Err(Error::TypeGraphMismatch { broken }) => {
            assert_eq!(&*broken, ["Reload.Tally does not implement Reload.IMeasure"]);
        }
        other => panic!("a reload that broke Tally's interface was not refused: {other:?}"),
    }
    match Tally::new() {
        Err(Error::TypeGraphMismatch { broken }) => {
            assert_eq!(&*broken, ["Reload.Tally does not implement Reload.IMeasure"]);
        }
        other => panic!("a Tally was made after its interface went: {other:?}"),
    }
    assert_eq!(Rules::version().unwrap(), 2);
    install("v2", &dir);
    reload().1.unwrap();
    assert_eq!(Tally::new().unwrap().measure().unwrap(), 0);
    assert_old_units_freed(rt, 6);

    // 150 more reloads, alternating v1 and v2, each with a little work in the new unit: RSS
    // stays flat (what grows is reported per cycle), and every unit replaced is freed (checked
    // in each cycle, before RSS is read).
    let mut rss = Vec::new();
    for cycle in 0..150 {
        install(if cycle % 2 == 0 { "v1" } else { "v2" }, &dir);
        reload().1.unwrap();
        let expected = if cycle % 2 == 0 { 1 } else { 2 };
        assert_eq!(Rules::version().unwrap(), expected, "cycle {cycle}");
        let c = Counter::new(cycle).unwrap();
        c.step().unwrap();
        if let Some(l) = implement(Listener {
            heard: heard.clone(),
            _drops: DropCounter(drops.clone()),
        }) {
            Rules::listen(Some(&l)).unwrap();
            Rules::fire(cycle).unwrap();
        }
        // A Rust closure behind the event, and a call through a trampoline (the constructor):
        // what the helper emits and keeps for the unit, which must not keep it alive.
        let ticks = Callback::new::<Ticked>(|_| Ok(Value::Void)).unwrap();
        Rules::add_on_tick(Some(&ticks.delegate::<Ticked>().unwrap())).unwrap();
        assert_eq!(Rules::tick(cycle).unwrap(), 1);
        // Every unit replaced so far was freed (on CoreCLR: after a few full collections).
        assert_old_units_freed(rt, 7 + cycle as usize);
        rss.push(rss_kib());
        eprintln!("reload cycle {cycle:3}: RSS {} KiB", rss[cycle as usize]);
    }
    // The first cycles warm caches up; from cycle 10 on, growth per cycle must stay small.
    // Each end is the lowest of ten readings: RSS also moves back and forth by a megabyte or
    // more as the collector grows and returns its heap (seen on a loaded machine), which is
    // no growth; a leak raises every reading, the lowest too.
    let units = rt.unloaded_units().unwrap();
    eprintln!(
        "units replaced by reloads: {}; still in memory after full collections: {} (checked after every cycle)",
        units.replaced, units.alive
    );
    // The first window starts after 50 reloads: CoreCLR's code and loader heaps grow for its
    // first few dozen units before they reuse what freed units left (measured with a proxy in
    // each unit: 33 KiB a reload over cycles 10 to 50, 5 to 6 from then on; Mono's reach
    // their size within 10).
    let early = *rss[50..60].iter().min().unwrap();
    let late = *rss[140..150].iter().min().unwrap();
    let growth = late.saturating_sub(early);
    eprintln!(
        "RSS growth from cycles 50..60 to 140..150 (lowest of each): {growth} KiB ({:.1} KiB per reload)",
        growth as f64 / 90.0
    );
    assert!(
        growth / 90 < 16,
        "RSS grew {growth} KiB over 90 reloads: {:?}",
        &rss[49..]
    );

    std::fs::remove_dir_all(&dir).ok();
}
