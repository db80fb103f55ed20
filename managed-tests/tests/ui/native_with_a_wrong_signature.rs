// The generated trait fixes each native's signature: `Entity.Hit(int)` cannot be implemented
// with a `long` parameter or without its `this`.
use cilbind::native::{Lent, NativeResult};
use managed_tests::natives::nat::{Entity, EntityNatives};

struct Game;

impl EntityNatives for Game {
    fn hit(this: Lent<'_, Entity>, amount: i64) -> NativeResult<()> {
        let _ = (this, amount);
        Ok(())
    }
    fn describe() -> NativeResult<Option<String>> {
        Ok(None)
    }
}

fn main() {}
