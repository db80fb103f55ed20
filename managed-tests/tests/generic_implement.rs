//! Rust implementations of mscorlib's generic interfaces and generic delegates, for any type
//! argument (fixture `fixtures/Comparers.cs`, bound with mscorlib's `List<T>`,
//! `Dictionary<TKey, TValue>`, `Comparison<T>` and `Func<…>`; the interfaces are the class
//! library's, implementable on request: `Builder::implementable`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use cilbind::native::{Lent, NativeResult};
use cilbind::proxy::{IComparableImpl, IEquatableImpl};
use cilbind::{Error, IComparable1, IEquatable, NetString, Object, Reference};
use managed_tests::comparers::comparers::Consume;
use managed_tests::comparers::system::collections::generic::{
    Dictionary, IComparer, IComparerImpl, IEnumerable, IEnumerableImpl, IEnumerator, IEnumeratorImpl,
    IEqualityComparer, IEqualityComparerImpl, KeyValuePair2, List,
};
use managed_tests::comparers::system::collections::IEnumerable as UntypedEnumerable;
use managed_tests::comparers::system::{Comparison, Func2, Func3};

fn setup() {
    managed_tests::start_with(managed_tests::comparers::init);
}

fn list(values: &[i32]) -> List<i32> {
    let list = List::<i32>::new().unwrap();
    for &v in values {
        list.add(v).unwrap();
    }
    list
}

fn contents(list: &List<i32>) -> Vec<i32> {
    (0..list.count().unwrap()).map(|i| list.item(i).unwrap()).collect()
}

/// Sorts by the last decimal digit, then descending; counts its calls.
struct ByLastDigit(Arc<AtomicUsize>);

impl IComparerImpl<i32> for ByLastDigit {
    fn compare(&self, x: i32, y: i32) -> NativeResult<i32> {
        self.0.fetch_add(1, Ordering::Relaxed);
        Ok((x % 10).cmp(&(y % 10)).then(y.cmp(&x)) as i32)
    }
}

#[test]
fn a_rust_icomparer_of_i32_sorts_a_list_of_int() {
    setup();
    let list = list(&[31, 5, 12, 41, 22, 3]);
    let calls = Arc::new(AtomicUsize::new(0));
    let comparer = IComparer::<i32>::implement(ByLastDigit(calls.clone())).unwrap();
    list.sort_with_comparer(Some(&comparer)).unwrap();
    assert_eq!(contents(&list), [41, 31, 22, 12, 3, 5]);
    assert!(
        calls.load(Ordering::Relaxed) >= 5,
        "List<int>.Sort called the Rust comparer"
    );
    // And called from Rust through the interface, as C# would.
    assert!(comparer.compare(19, 21).unwrap() > 0);
}

#[test]
fn a_comparison_of_i32_from_a_closure_sorts() {
    setup();
    let list = list(&[3, -7, 5, -1]);
    let by_magnitude = Comparison::<i32>::from_fn(|a, b| Ok(a.abs().cmp(&b.abs()) as i32)).unwrap();
    list.sort_with_comparison(Some(&by_magnitude)).unwrap();
    assert_eq!(contents(&list), [-1, 3, 5, -7]);
    // An Err from the closure is thrown in C#, and comes back from `Sort` as an error.
    let failing = Comparison::<i32>::from_fn(|_, _| Err(Error::InvalidArgument("no order".into()))).unwrap();
    let e = list.sort_with_comparison(Some(&failing)).unwrap_err();
    assert!(e.to_string().contains("no order"), "{e}");
}

/// Case-insensitive keys.
struct IgnoreCase;

impl IEqualityComparerImpl<NetString> for IgnoreCase {
    fn equals(&self, x: Option<Lent<'_, NetString>>, y: Option<Lent<'_, NetString>>) -> NativeResult<bool> {
        let text = |s: Option<Lent<'_, NetString>>| -> NativeResult<Option<String>> {
            Ok(s.map(|s| s.to_owned()?.to_string())
                .transpose()?
                .map(|s| s.to_lowercase()))
        };
        Ok(text(x)? == text(y)?)
    }
    fn get_hash_code(&self, s: Option<Lent<'_, NetString>>) -> NativeResult<i32> {
        let s = s.map(|s| s.to_owned()?.to_string()).transpose()?.unwrap_or_default();
        Ok(s.to_lowercase()
            .bytes()
            .fold(17i32, |h, b| h.wrapping_mul(31).wrapping_add(b as i32)))
    }
}

#[test]
fn a_rust_iequalitycomparer_of_string_keys_a_dictionary() {
    setup();
    let comparer = IEqualityComparer::<NetString>::implement(IgnoreCase).unwrap();
    let dict = Dictionary::<NetString, i32>::new_with_comparer(Some(&comparer)).unwrap();
    let key = |s: &str| NetString::new(s).unwrap();
    dict.add(Some(&key("Apple")), 1).unwrap();
    dict.add(Some(&key("pear")), 2).unwrap();
    assert_eq!(dict.item(Some(&key("APPLE"))).unwrap(), 1);
    assert_eq!(dict.item(Some(&key("Pear"))).unwrap(), 2);
    assert!(dict.contains_key(Some(&key("aPPle"))).unwrap());
    assert!(!dict.contains_key(Some(&key("plum"))).unwrap());
    // The comparer's own rule: a second "apple" is a duplicate key to C#.
    let e = dict.add(Some(&key("APPLE")), 3).unwrap_err();
    assert!(e.to_string().contains("ArgumentException"), "{e}");
}

/// Counts from `start` while below `end`; records Dispose.
struct Counter {
    state: Mutex<(i32, Option<i32>)>,
    start: i32,
    end: i32,
    disposed: Arc<AtomicUsize>,
}

impl IEnumeratorImpl<i32> for Counter {
    fn current(&self) -> NativeResult<i32> {
        match self.state.lock().unwrap().1 {
            Some(v) => Ok(v),
            None => Err(Error::InvalidArgument("Current before MoveNext".into()).into()),
        }
    }
    fn dispose(&self) -> NativeResult<()> {
        self.disposed.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
    fn move_next(&self) -> NativeResult<bool> {
        let mut state = self.state.lock().unwrap();
        let next = state.1.map_or(self.start, |v| v + 1);
        state.1 = Some(next);
        Ok(next < self.end)
    }
    fn reset(&self) -> NativeResult<()> {
        self.state.lock().unwrap().1 = None;
        Ok(())
    }
}

/// `start..end`, as an `IEnumerable<int>`.
struct Range {
    start: i32,
    end: i32,
    disposed: Arc<AtomicUsize>,
}

impl IEnumerableImpl<i32> for Range {
    fn get_enumerator(&self) -> NativeResult<Option<IEnumerator<i32>>> {
        Ok(Some(IEnumerator::<i32>::implement(Counter {
            state: Mutex::new((0, None)),
            start: self.start,
            end: self.end,
            disposed: self.disposed.clone(),
        })?))
    }
}

#[test]
fn a_rust_ienumerable_of_i32_is_consumed_by_foreach_and_linq() {
    setup();
    let disposed = Arc::new(AtomicUsize::new(0));
    let range = IEnumerable::<i32>::implement(Range {
        start: 1,
        end: 11,
        disposed: disposed.clone(),
    })
    .unwrap();
    assert_eq!(Consume::sum_foreach(Some(&range)).unwrap(), 55);
    assert_eq!(Consume::sum_linq(Some(&range)).unwrap(), 55);
    assert_eq!(
        disposed.load(Ordering::Relaxed),
        2,
        "foreach and Sum dispose their enumerators"
    );
    // The non-generic IEnumerable it extends: GetEnumerator and Current (boxed ints) forward
    // to the generic ones.
    let untyped = Reference::as_object(&range).cast::<UntypedEnumerable>().unwrap();
    assert_eq!(Consume::count_untyped(Some(&untyped)).unwrap(), 10);
    // And Rust iterates it like any IEnumerable<T>.
    let items: Vec<i32> = (&range).into_iter().collect::<cilbind::Result<_>>().unwrap();
    assert_eq!(items, (1..11).collect::<Vec<_>>());
}

/// Strings, with a reference type argument.
struct Words(Vec<&'static str>);

struct WordCursor(Vec<&'static str>, Mutex<Option<usize>>);

impl IEnumeratorImpl<NetString> for WordCursor {
    fn current(&self) -> NativeResult<Option<NetString>> {
        let i = self.1.lock().unwrap().unwrap_or(0);
        Ok(Some(NetString::new(self.0[i])?))
    }
    fn dispose(&self) -> NativeResult<()> {
        Ok(())
    }
    fn move_next(&self) -> NativeResult<bool> {
        let mut at = self.1.lock().unwrap();
        let next = at.map_or(0, |i| i + 1);
        *at = Some(next);
        Ok(next < self.0.len())
    }
    fn reset(&self) -> NativeResult<()> {
        *self.1.lock().unwrap() = None;
        Ok(())
    }
}

impl IEnumerableImpl<NetString> for Words {
    fn get_enumerator(&self) -> NativeResult<Option<IEnumerator<NetString>>> {
        Ok(Some(IEnumerator::implement(WordCursor(
            self.0.clone(),
            Mutex::new(None),
        ))?))
    }
}

#[test]
fn a_rust_ienumerable_of_strings_is_joined_by_csharp() {
    setup();
    let words = IEnumerable::<NetString>::implement(Words(vec!["a", "bb", "ccc"])).unwrap();
    assert_eq!(Consume::join(Some(&words)).unwrap().as_deref(), Some("a,bb,ccc"));
}

struct Is42;

impl IEquatableImpl<i32> for Is42 {
    fn equals(&self, other: i32) -> NativeResult<bool> {
        Ok(other == 42)
    }
}

struct Fixed(i32);

impl IComparableImpl<i32> for Fixed {
    fn compare_to(&self, other: i32) -> NativeResult<i32> {
        Ok(self.0.cmp(&other) as i32)
    }
}

#[test]
fn the_runtime_s_iequatable_and_icomparable_are_implemented_too() {
    setup();
    let is42 = IEquatable::<i32>::implement(Is42).unwrap();
    assert!(Consume::same(Some(&is42), 42).unwrap());
    assert!(!Consume::same(Some(&is42), 41).unwrap());
    assert!(is42.equals(42).unwrap(), "called from Rust through the interface");
    let five = IComparable1::<i32>::implement(Fixed(5)).unwrap();
    assert!(five.compare_to(7).unwrap() < 0);
    assert_eq!(five.compare_to(5).unwrap(), 0);
}

#[test]
fn funcs_from_closures_for_any_type_arguments() {
    setup();
    let square = Func2::<i32, i32>::from_fn(|x| Ok(x * x)).unwrap();
    assert_eq!(Consume::apply(Some(&square), 12).unwrap(), 144);
    assert_eq!(square.invoke(-3).unwrap(), 9, "Rust calls the delegate's Invoke too");
    let repeat = Func3::<NetString, i32, NetString>::from_fn(|s, n| {
        let s = s.map(|s| s.to_string()).transpose()?.unwrap_or_default();
        Ok(Some(NetString::new(&s.repeat(n as usize))?))
    })
    .unwrap();
    assert_eq!(
        Consume::repeat(Some(&repeat), Some("ab"), 3).unwrap().as_deref(),
        Some("ababab")
    );
}

/// A proxy made for one type argument is not reused for another that is the same .NET type
/// with another implementation (`i32` and `Int32` are both `System.Int32`).
struct Both;

impl IComparerImpl<i32> for Both {
    fn compare(&self, x: i32, y: i32) -> NativeResult<i32> {
        Ok(x.cmp(&y) as i32)
    }
}

impl IComparerImpl<cilbind::Int32> for Both {
    fn compare(&self, x: i32, y: i32) -> NativeResult<i32> {
        Ok(y.cmp(&x) as i32)
    }
}

#[test]
fn each_rust_type_argument_gets_its_own_implementation() {
    setup();
    let up = IComparer::<i32>::implement(Both).unwrap();
    let down = IComparer::<cilbind::Int32>::implement(Both).unwrap();
    assert!(up.compare(1, 2).unwrap() < 0);
    assert!(down.compare(1, 2).unwrap() > 0);
    // Same .NET interface, IComparer<int>, two proxy classes.
    let class = |o: &Object| o.class().unwrap();
    assert_ne!(class(Reference::as_object(&up)), class(Reference::as_object(&down)));
}

/// A type argument whose values do not cross from C# to Rust (a managed struct) gets no
/// proxy: its thunk's kinds are refused against the closed member before anything is
/// registered, naming the member and the position.
struct Pairs;

impl IComparerImpl<KeyValuePair2<i32, i32>> for Pairs {
    fn compare(&self, x: std::convert::Infallible, _: std::convert::Infallible) -> NativeResult<i32> {
        match x {}
    }
}

#[test]
fn a_type_argument_that_does_not_cross_is_refused_with_its_reason() {
    setup();
    let e = IComparer::<KeyValuePair2<i32, i32>>::implement(Pairs).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("Compare") && text.contains("parameter 0: a managed struct does not cross from C# to Rust yet"),
        "{text}"
    );
}

/// The guide's example (`rust,ignore` there: the runtime crate has no generated bindings).
#[test]
fn the_readme_example_sorts_with_an_icomparer_and_a_comparison() -> Result<(), Box<dyn std::error::Error>> {
    use cilbind::native::NativeResult;
    use managed_tests::comparers as bindings;
    bindings::init()?;
    // README: begin
    use bindings::system::collections::generic::{IComparer, IComparerImpl, List};
    use bindings::system::Comparison;

    struct Descending;
    impl IComparerImpl<i32> for Descending {
        fn compare(&self, x: i32, y: i32) -> NativeResult<i32> {
            Ok(y.cmp(&x) as i32)
        }
    }

    let list = List::<i32>::new()?;
    for v in [3, -7, 5] {
        list.add(v)?;
    }
    list.sort_with_comparer(Some(&IComparer::<i32>::implement(Descending)?))?; // 5, 3, -7
    let by_magnitude = Comparison::<i32>::from_fn(|a, b| Ok(a.abs().cmp(&b.abs()) as i32))?;
    list.sort_with_comparison(Some(&by_magnitude))?; // 3, 5, -7
                                                     // README: end
    assert_eq!(contents(&list), [3, 5, -7]);
    list.sort_with_comparer(Some(&IComparer::<i32>::implement(Descending)?))?;
    assert_eq!(contents(&list), [5, 3, -7]);
    Ok(())
}
