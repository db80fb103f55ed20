//! `Runtime::attach` in a process where no host started a runtime: a clear error, which
//! keeps nothing (the process can still start its own runtime), and an error again once
//! cilbind started the runtime itself (there is no host runtime to adopt). One test, so that
//! the order of the three steps is this file's, in a process of its own.

use cilbind::{Error, Runtime};

#[test]
fn attaching_without_a_host_runtime_is_an_error() {
    let Err(Error::Startup(reason)) = Runtime::attach() else {
        panic!("attach succeeded in a process where no runtime runs");
    };
    assert!(reason.contains("no CLR runs in this process"), "{reason}");

    let rt = Runtime::get().expect("the failed attach keeps nothing: the runtime still starts");
    assert!(!rt.is_guest());

    let Err(Error::Startup(reason)) = Runtime::attach() else {
        panic!("attach adopted a runtime cilbind started itself");
    };
    assert!(reason.contains("host mode"), "{reason}");
}
