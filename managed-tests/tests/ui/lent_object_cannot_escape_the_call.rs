// An object C# passes to a native is lent for the call: storing the `Lent` beyond it does not
// compile (a handle made with `to_owned()` may be stored instead).
use std::cell::RefCell;

use cilbind::native::{Lent, NativeResult};
use managed_tests::natives::nat::{Entity, EntityNatives};

thread_local! {
    static KEPT: RefCell<Vec<Lent<'static, Entity>>> = const { RefCell::new(Vec::new()) };
}

struct Game;

impl EntityNatives for Game {
    fn hit(this: Lent<'_, Entity>, _amount: i32) -> NativeResult<()> {
        KEPT.with(|kept| kept.borrow_mut().push(this));
        Ok(())
    }
    fn describe(_this: Lent<'_, Entity>) -> NativeResult<Option<String>> {
        Ok(None)
    }
}

fn main() {}
