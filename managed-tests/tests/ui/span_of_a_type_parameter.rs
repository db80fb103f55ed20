// A span of a generic method's type parameter (`Span<T>`, `ReadOnlySpan<T>`) lends a Rust slice
// to managed code, which reads (and for `Span<T>` writes) it as the instantiation's elements:
// the type argument must be blittable (`Acc`, a class, is a handle, not the object reference
// the managed side would read), and a `Span<T>` takes a slice it may write into, never a shared one.
use managed_tests::spans::spans::{Acc, G};

fn main() {
    let handles = vec![Acc::new().unwrap()];
    let _ = G::reverse::<Acc>(&mut handles.clone());
    let shared = [1i32, 2, 3];
    let _ = G::reverse::<i32>(&shared);
}
