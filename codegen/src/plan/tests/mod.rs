//! Classification tests: the decisions for `tests/fixtures/Fixture.cs` and for Mono's class
//! library core. Unit tests, because classification is internal to the crate.

mod classify_fixture;
#[path = "../../../tests/common/mod.rs"]
mod common;
mod corlib;
mod coverage;
mod select_types;
