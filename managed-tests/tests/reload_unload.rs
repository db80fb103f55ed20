//! What a reload leaves of the unit it replaced, on either runtime: its handles are stale, and
//! the runtime frees it. On Mono that happens during the reload (the AppDomain is unloaded);
//! on CoreCLR the unit is a collectible load context, which the runtime frees only once
//! nothing references it, so everything cilbind kept for it (store slots, emitted entry points
//! and trampolines, delegate thunks, interned metadata handles, thread slots) must have let go.
//! The counter-proof: an object of the unit that a framework static still references keeps
//! the unit alive on CoreCLR, and the count says so until that reference goes.
//!
//! (A process of its own: a reload replaces the unit every test of the process runs in.)

use cilbind::{Callback, Error, Object, Reference, Runtime, Value};
use managed_tests::reload::reload::{Counter, Rules, Ticked};

/// `AppDomain.CurrentDomain.SetData(name, value)`: a framework-side static table, outside
/// the unit, that holds `value` strongly.
fn set_app_data(rt: &Runtime, name: &str, value: Option<&Object>) {
    let domain_class = rt.corlib().class("System", "AppDomain").unwrap();
    let current = domain_class.method("get_CurrentDomain", &[]).unwrap();
    let Value::Object(domain) = cilbind::invoke(current, None, &mut []).unwrap() else {
        panic!("AppDomain.CurrentDomain is an object");
    };
    let set = domain_class
        .method("SetData", &["System.String", "System.Object"])
        .unwrap();
    let value = value.map_or(Value::Null, |o| Value::Object(o.clone()));
    cilbind::invoke(set, Some(&domain), &mut [Value::String(name.into()), value]).unwrap();
}

#[test]
fn a_reload_makes_old_handles_stale_and_the_old_unit_is_freed() {
    let dir = std::env::temp_dir().join(format!("cilbind-reload-unload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let dll = dir.join("Reload.dll");
    std::fs::copy(managed_tests::reload_fixture("v1"), &dll).unwrap();
    let rt = Runtime::start_reloadable().unwrap();
    rt.load_assembly(&dll).unwrap();
    managed_tests::reload::init().unwrap();

    // The first unit, used the ways that leave something behind in the runtime's helper: an
    // object held from Rust, a constructor (a trampoline), a virtual method returning a string,
    // a Rust closure behind a C# event (a delegate thunk of the unit's delegate type).
    let counter = Counter::new(5).unwrap();
    assert_eq!(counter.step().unwrap(), 6);
    assert_eq!(counter.describe().unwrap().as_deref(), Some("counter v1 at 6"));
    let callback = Callback::new::<Ticked>(|_| Ok(Value::Void)).unwrap();
    Rules::add_on_tick(Some(&callback.delegate::<Ticked>().unwrap())).unwrap();
    assert_eq!(Rules::tick(1).unwrap(), 1);
    let kept: Object = counter.as_object().clone();
    assert_eq!(rt.unloaded_units().unwrap().replaced, 0);

    std::fs::copy(managed_tests::reload_fixture("v2"), &dll).unwrap();
    // SAFETY: the only test of this process; no low-level value of the old unit is used after.
    let report = unsafe { rt.reload() }.unwrap();
    managed_tests::reload::init().unwrap();
    assert!(report.handles_released >= 2, "{report:?}");

    // Old handles are stale, never a crash and never an object of the new unit.
    assert_eq!(counter.step(), Err(Error::StaleHandle));
    assert_eq!(kept.get_hash_code(), Err(Error::StaleHandle));
    // The new unit runs the new code.
    assert_eq!(Rules::version().unwrap(), 2);
    let fresh = Counter::new(5).unwrap();
    assert_eq!(fresh.step().unwrap(), 7);

    // The old unit was freed.
    let units = rt.unloaded_units().unwrap();
    assert_eq!((units.replaced, units.alive), (1, 0), "{units:?}");

    // The counter-proof: a reference from outside the unit keeps it alive (on CoreCLR; Mono
    // frees its domain regardless, and the reference with it).
    set_app_data(rt, "cilbind-test-keep", Some(fresh.as_object()));
    std::fs::copy(managed_tests::reload_fixture("v1"), &dll).unwrap();
    // SAFETY: as above.
    unsafe { rt.reload() }.unwrap();
    managed_tests::reload::init().unwrap();
    assert_eq!(Rules::version().unwrap(), 1);
    let units = rt.unloaded_units().unwrap();
    let held = usize::from(managed_tests::on_coreclr());
    assert_eq!((units.replaced, units.alive), (2, held), "{units:?}");
    // Once that reference goes, so does the unit.
    set_app_data(rt, "cilbind-test-keep", None);
    let units = rt.unloaded_units().unwrap();
    assert_eq!((units.replaced, units.alive), (2, 0), "{units:?}");
    std::fs::remove_dir_all(&dir).ok();
}
