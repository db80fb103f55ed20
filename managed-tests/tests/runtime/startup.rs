use cilbind::Runtime;

#[test]
fn reload_needs_a_runtime_started_reloadable() {
    let rt = Runtime::get().unwrap();
    assert!(
        !rt.is_reloadable(),
        "started by Runtime::get: the root domain, not a reloadable unit"
    );
    // SAFETY: refused before anything happens.
    let refused = unsafe { rt.reload() };
    assert!(
        matches!(refused, Err(cilbind::Error::Reload(ref m)) if m.contains("start_reloadable")),
        "{refused:?}"
    );
    assert!(matches!(Runtime::start_reloadable(), Err(cilbind::Error::Reload(_))));
}
