//! The trampoline-mask bits are defined once in Rust (`cilbind-abi`, exported by `cilbind`), but
//! the runtime's C# helper, which reads the masks, cannot import them: its constants must have
//! the same values.

const HELPER: &str = include_str!("../managed/Cilbind.Runtime.cs");

/// The value of `public const long NAME = 1L << N;` in the C# helper.
fn csharp_bit(name: &str) -> i64 {
    let prefix = format!("public const long {name} = 1L << ");
    let line = HELPER
        .lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("Cilbind.Runtime.cs declares {name} as `1L << N`"));
    let shift: u32 = line.trim_end_matches(';').trim().parse().expect("a shift count");
    1i64 << shift
}

#[test]
fn the_csharp_helper_has_the_same_bits() {
    assert_eq!(csharp_bit("ThisByPointer"), cilbind::THIS_BY_POINTER);
    assert_eq!(csharp_bit("ReturnByPointer"), cilbind::RETURN_BY_POINTER);
    assert_eq!(csharp_bit("ReturnBoxed"), cilbind::RETURN_BOXED);
    assert_eq!(csharp_bit("ReturnDeref"), cilbind::RETURN_DEREF);
}
