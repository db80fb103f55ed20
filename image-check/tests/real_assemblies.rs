//! Every assembly of Mono's class library passes the checks (no false alarms), quickly.

use std::time::Instant;

#[test]
fn mono_class_library_passes() {
    let dir = std::path::Path::new("/usr/lib/mono/4.5");
    let mut checked = 0;
    for entry in std::fs::read_dir(dir).expect("Mono's class library in /usr/lib/mono/4.5") {
        let path = entry.unwrap().path();
        if !path.extension().is_some_and(|e| e == "dll" || e == "exe") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        if let Err(e) = cilbind_image_check::check(&bytes) {
            panic!("{}: {e}", path.display());
        }
        checked += 1;
    }
    assert!(checked > 5, "only {checked} assemblies found");
    println!("{checked} assemblies pass");
}

#[test]
fn mscorlib_checks_in_a_few_ms() {
    let bytes = std::fs::read("/usr/lib/mono/4.5/mscorlib.dll").unwrap();
    cilbind_image_check::check(&bytes).unwrap();
    let start = Instant::now();
    for _ in 0..5 {
        cilbind_image_check::check(&bytes).unwrap();
    }
    let each = start.elapsed() / 5;
    println!("mscorlib: {each:?} per check");
}
