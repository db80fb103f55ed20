// A Rust subclass of the abstract class Monster must implement its abstract member `Kind`:
// the generated overrides trait has no default for it.
use cilbind::native::NativeResult;
use managed_tests::implement::r#impl::{Monster, MonsterBase, MonsterOverrides};

struct Slime;

impl MonsterOverrides for Slime {
    fn hit(&self, this: &MonsterBase<'_>, amount: i32) -> NativeResult<i32> {
        Ok(this.base_hit(amount)?)
    }
}

fn main() {
    let _ = Monster::extend(Slime);
}
