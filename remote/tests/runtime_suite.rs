//! The runtime suite (`managed-tests/tests/runtime`: calls, boxing, handles, strings, structs,
//! dispatch, by-ref parameters, errors, …) on a remote runtime: the same test files, compiled
//! here with a fixture module whose `setup` connects to a `cilbind-serve` process instead of
//! starting a runtime. A test that cannot apply to a remote runtime says why
//! (`fixture::not_remote`) and returns.

// Its address reading and token; the server itself is started through a shell here.
#[allow(dead_code)]
mod common;
#[path = "runtime_suite/fixture.rs"]
mod fixture;

#[path = "../../managed-tests/tests/runtime/boxing.rs"]
mod boxing;
#[path = "../../managed-tests/tests/runtime/by_ref.rs"]
mod by_ref;
#[path = "../../managed-tests/tests/runtime/calls.rs"]
mod calls;
#[path = "../../managed-tests/tests/runtime/dispatch.rs"]
mod dispatch;
#[path = "../../managed-tests/tests/runtime/dynamic.rs"]
mod dynamic;
#[path = "../../managed-tests/tests/runtime/errors.rs"]
mod errors;
#[path = "../../managed-tests/tests/runtime/handles.rs"]
mod handles;
#[path = "../../managed-tests/tests/runtime/pointers.rs"]
mod pointers;
#[path = "../../managed-tests/tests/runtime/strings.rs"]
mod strings;
#[path = "../../managed-tests/tests/runtime/structs.rs"]
mod structs;
