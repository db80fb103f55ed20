//! The emitted Rust for `fixtures/Fixture.cs`: compared with a checked-in snapshot, and the
//! snapshot itself is compiled into this test (so rustc checks every `MANAGED_SIZE`
//! assertion) and exercised. Regenerate with `UPDATE_SNAPSHOTS=1 cargo test`.

mod common;

use cilbind_codegen::Builder;
use std::path::Path;

#[allow(dead_code, unused_imports)]
mod generated {
    include!("snapshots/fixture.rs");
}

#[test]
fn fixture_output_matches_snapshot() {
    let dll = common::fixture_dll();
    let bindings = Builder::new().assembly(&dll).generate().expect("generate");
    // The recorded input path is the only part that depends on the (temporary) fixture dir.
    let dir = std::fs::canonicalize(dll.parent().unwrap()).unwrap();
    let rust = bindings
        .to_rust()
        .expect("emit")
        .replace(&*dir.to_string_lossy(), "<FIXTURE_DIR>");
    let snapshot = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/fixture.rs");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&snapshot, &rust).unwrap();
    }
    let expected = std::fs::read_to_string(&snapshot).unwrap();
    assert!(
        rust == expected,
        "output differs from {}; rerun with UPDATE_SNAPSHOTS=1 and review",
        snapshot.display()
    );
    // Deterministic: a second generation from the same input gives the same bytes.
    let again = Builder::new()
        .assembly(&dll)
        .generate()
        .expect("generate")
        .to_rust()
        .unwrap();
    assert_eq!(again.replace(&*dir.to_string_lossy(), "<FIXTURE_DIR>"), rust);
}

#[test]
fn generated_enums_keep_every_value() {
    use generated::fixture::enums::{Big, Huge, Perms, Plain, Small};
    assert_eq!(Plain::BLUE.0, 42);
    assert_eq!(Plain::from(7), Plain(7)); // not a member, still representable
    assert_eq!(i32::from(Plain::GREEN), 2);
    assert_eq!(Small::NEG.0, -128);
    assert_eq!(Big::MIN.0, i64::MIN);
    assert_eq!(Huge::TOP.0, u64::MAX);
    let rw = Perms::READ | Perms::WRITE;
    assert!(Perms::ALL.contains(rw));
    assert_eq!(u8::from(rw), 3);
    assert_eq!(Perms::from(0x80).bits(), 0x80, "unnamed bits survive");
}

#[test]
fn generated_structs_mirror_managed_layout() {
    use generated::fixture::structs::*;
    use std::mem::{align_of, offset_of, size_of};
    assert_eq!(size_of::<Vector3>(), 12);
    assert_eq!(size_of::<Mixed>(), 24);
    assert_eq!((offset_of!(Mixed, f), offset_of!(Mixed, c)), (18, 20));
    assert_eq!(size_of::<Packed>(), 5);
    assert_eq!(offset_of!(Packed, b), 1);
    assert_eq!(size_of::<Header>(), 24);
    assert_eq!(offset_of!(Header, flags), 16);
    assert_eq!(size_of::<Odd>(), 6);
    assert_eq!(offset_of!(HoldsOdd, b), 6);
    assert_eq!(size_of::<HoldsOdd>(), HoldsOdd::MANAGED_SIZE);
    assert_eq!((size_of::<IntOrFloat>(), align_of::<IntOrFloat>()), (8, 4));
    assert_eq!(offset_of!(Nested, m), 16);
    let v = IntOrFloat { as_float: 1.0 };
    // SAFETY: every bit pattern is a valid i32.
    assert_eq!(unsafe { v.as_int }, 0x3f80_0000);
    let n = Nested {
        position: Vector3 { x: 1.0, y: 2.0, z: 3.0 },
        color: generated::fixture::enums::Plain::RED,
        m: Mixed {
            a: 1,
            b: 2,
            d: 3.0,
            s: 4,
            f: 1,
            c: u16::from(b'x'),
        },
    };
    assert_eq!(n.position.z, 3.0);
}
