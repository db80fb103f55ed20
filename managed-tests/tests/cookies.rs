//! Handle cookies: an object handle as an integer, checked on every use. A cookie of a
//! released handle is `StaleHandle` even once its slot holds another object, and so is any
//! number no handle had. The only test of this binary: nothing else makes handles while it
//! watches the store reuse a slot.

use cilbind::{Cookie, Error, Object, Reference};
use managed_tests::ledger::init;
use managed_tests::ledger::ledger::Account;

#[test]
fn cookies_name_live_handles_and_stale_ones_never_another_object() {
    init().expect("bindings load");
    let first = Account::new("first", 1).unwrap();
    let cookie = first.as_object().cookie();
    let again = Object::from_cookie(cookie).expect("a live handle's cookie");
    assert!(again.reference_equals(first.as_object()).unwrap(), "the same object");
    assert_ne!(again.cookie(), cookie, "a new handle, with a cookie of its own");

    // Release every handle to the object; the store's free list hands the slot released last
    // to the next handle made, here the constructor's result.
    drop(again);
    drop(first);
    assert!(matches!(Object::from_cookie(cookie), Err(Error::StaleHandle)));
    let second = Account::new("second", 2).unwrap();
    let reused = second.as_object().cookie();
    assert_eq!(reused.slot(), cookie.slot(), "the slot was reused");
    assert_eq!(
        reused.generation(),
        cookie.generation() + 2,
        "one release, one insert later"
    );
    assert!(
        matches!(Object::from_cookie(cookie), Err(Error::StaleHandle)),
        "the old cookie names the reused slot but is stale, never the new object"
    );
    // The generation between the two is a vacant one: it names no handle, although slotmap
    // would round it up to the live handle's generation.
    let vacant = Cookie(cookie.0 + (1 << 32));
    assert_eq!(vacant.generation() % 2, 0);
    assert!(matches!(Object::from_cookie(vacant), Err(Error::StaleHandle)));
    // Numbers no handle ever had.
    for never in [Cookie(0), Cookie(u64::MAX), Cookie((1 << 32) | u64::from(u32::MAX - 1))] {
        assert!(matches!(Object::from_cookie(never), Err(Error::StaleHandle)), "{never}");
    }
    let live = Object::from_cookie(reused).unwrap();
    assert!(live.reference_equals(second.as_object()).unwrap());
    assert_eq!(second.owner().unwrap().as_deref(), Some("second"));
}
