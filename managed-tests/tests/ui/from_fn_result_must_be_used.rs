// The delegate `from_fn` makes lives only as long as the value it returns: dropping that value
// unused is a `must_use` warning (an error here).
#![deny(unused_must_use)]
use managed_tests::events::ev::Combine;

fn main() -> cilbind::Result<()> {
    Combine::from_fn(|a: i32, b: i32| Ok(a + b))?;
    Ok(())
}
