// C# may invoke a delegate on several threads at once, so `from_fn` runs its closure
// concurrently and takes only `Fn` closures; one that mutates its captures is an `FnMut`,
// for `from_fn_mut` (which runs one call at a time).
use managed_tests::events::ev::Combine;

fn main() -> cilbind::Result<()> {
    let mut calls = 0;
    let d = Combine::from_fn(move |a: i32, b: i32| {
        calls += 1;
        Ok(a + b + calls)
    })?;
    drop(d);
    Ok(())
}
