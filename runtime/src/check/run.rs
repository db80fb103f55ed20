//! The case loop every check runs: draw, test, and on a failure shrink to a smaller input that
//! still fails (quickcheck's strategy: take the first smaller candidate that fails, start
//! again from it, stop when none fails).

use quickcheck::Gen;

use super::value::CheckValue;
use super::Checker;

/// Shrinking stops after this many steps: a float can halve a thousand times.
const MAX_SHRINKS: u32 = 10_000;

/// A failing input, shrunk, and what the property said about it.
pub(crate) struct Found<A> {
    /// The smallest failing input found.
    pub input: A,
    /// The property's account of that input's failure.
    pub message: String,
    /// How many cases passed before the first failure.
    pub passed: u64,
    /// How many shrinking steps led from that failure to `input`.
    pub shrinks: u32,
}

/// Runs `prop` (`Some(why)` for a failure) on `checker`'s number of inputs drawn by
/// [`CheckValue::draw`].
pub(crate) fn run<A: CheckValue>(checker: &Checker, prop: impl FnMut(&A) -> Option<String>) -> Option<Found<A>> {
    run_with(checker, A::draw, |a: &A| a.shrink_value().collect(), prop)
}

/// [`run`] with the drawing and shrinking given (type-erased values have no `CheckValue`).
pub(crate) fn run_with<A>(
    checker: &Checker,
    mut draw: impl FnMut(&mut Gen) -> A,
    shrink: impl Fn(&A) -> Vec<A>,
    mut prop: impl FnMut(&A) -> Option<String>,
) -> Option<Found<A>> {
    let mut g = Gen::new(checker.size);
    for passed in 0..checker.cases {
        let input = draw(&mut g);
        if let Some(message) = prop(&input) {
            return Some(smallest(input, message, passed, shrink, &mut prop));
        }
    }
    None
}

fn smallest<A>(
    mut input: A,
    mut message: String,
    passed: u64,
    shrink: impl Fn(&A) -> Vec<A>,
    prop: &mut impl FnMut(&A) -> Option<String>,
) -> Found<A> {
    let mut shrinks = 0;
    'smaller: while shrinks < MAX_SHRINKS {
        for candidate in shrink(&input) {
            if let Some(m) = prop(&candidate) {
                input = candidate;
                message = m;
                shrinks += 1;
                continue 'smaller;
            }
        }
        break;
    }
    Found {
        input,
        message,
        passed,
        shrinks,
    }
}
