//! What the type system refuses, checked against the compiler's messages in `tests/ui/`
//! (regenerate them with `TRYBUILD=overwrite cargo test -p managed-tests --test compile_fail`
//! and review the diff).

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
