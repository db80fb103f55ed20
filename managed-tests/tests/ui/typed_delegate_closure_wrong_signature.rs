// A generated delegate's `from_fn` takes a closure of exactly the delegate's signature:
// `Combine` is `int Combine(int a, int b)`, so a closure of one argument does not compile.
use managed_tests::events::ev::Combine;

fn main() {
    let _ = Combine::from_fn(|a: i32| Ok(a));
}
