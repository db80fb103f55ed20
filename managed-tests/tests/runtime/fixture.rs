//! The C# fixture `fixtures/Basics.cs` as these tests see it: its types by name, hand-written
//! bindings of three of them (as the generator emits them), and the start every test makes.

use managed_tests::load_fixture;

include!("fixture_types.rs");

pub(crate) fn setup() {
    load_fixture("Basics");
}

/// Whether a test, or the part of it that follows, is skipped because it runs on a remote
/// runtime: never here (the remote suite's fixture module says which are skipped there).
pub(crate) fn remote_skips(_reason: &str) -> bool {
    false
}
