// `from_fn` returns one value that owns the closure with the delegate, so the delegate cannot
// be taken while the closure is dropped at once (`let (d, _) = …` once compiled and left a
// delegate whose every call threw `ObjectDisposedException`).
use managed_tests::events::ev::Combine;

fn main() -> cilbind::Result<()> {
    let (d, _) = Combine::from_fn(|a: i32, b: i32| Ok(a + b))?;
    let _ = d;
    Ok(())
}
