//! Classification tests: the decisions for `tests/fixtures/Fixture.cs` and for Mono's class
//! library core; the overload rule on hand-built models. Unit tests, because classification
//! and naming are internal to the crate.

mod classify_fixture;
#[path = "../../../tests/common/mod.rs"]
mod common;
mod corlib;
mod coverage;
mod models;
mod overloads;
mod select_types;
