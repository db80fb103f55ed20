//! The properties of tests/translated/aliased.rs: each translated call against its managed
//! twin on the same drawn arguments ([`same!`], [`same_corlib!`], [`same_game!`]), on the
//! bindings of the build the running runtime translates (Mono's files on Mono, CoreCLR's own
//! on CoreCLR), or on Mono's alone with the reason CoreCLR's build does not run translated.

use super::*;

/// The method a property's translated call names (`t::Vector3::equals(&a, &a)` →
/// `Vector3::equals`), from the call's text.
pub(super) fn method_of(call: &str) -> String {
    let call: String = call.chars().filter(|c| !c.is_whitespace()).collect();
    let path = call.split('(').next().unwrap_or(&call);
    let mut parts: Vec<&str> = path.split("::").collect();
    let method = parts.pop().unwrap_or_default();
    format!("{}::{method}", parts.pop().unwrap_or_default())
}

/// Asserts that `method` (`Type::method`) runs translated on CoreCLR: in `builds`, it follows
/// no answer of Mono's, and the gate of its bindings holds (`gates` all hold), so that a
/// property comparing it with its managed twin compares two computations there.
pub(super) fn runs_translated_on_coreclr(method: &str, builds: &str, gates: &[&cilbind::generated::TranslationGate]) {
    assert!(
        not_following_mscorlib(builds).contains(&method),
        "{method} runs translated on CoreCLR (in CoreCLR's build, it follows no answer of Mono's):\n{builds}"
    );
    assert!(
        gates.iter().all(|g| g.holds()),
        "the translations of CoreCLR's builds run beside the builds they were read from"
    );
}

/// Runs `both` (the translated call, then its managed twin) on [`cases`] drawn arguments;
/// the results must have the same bits (any NaN equals any NaN). `both` calls the bindings of
/// the build the runtime running the test translates (Mono's System.Numerics.Vectors on Mono,
/// CoreCLR's on CoreCLR: [`same!`] picks them); on CoreCLR `method` (`Vector3::equals`) must
/// run translated there.
pub(super) fn same<A: CheckValue, R: CheckValue>(
    name: &str,
    method: &str,
    both: impl Fn(&A) -> (cilbind::Result<R>, cilbind::Result<R>),
) {
    setup();
    if managed_tests::on_coreclr() {
        runs_translated_on_coreclr(
            method,
            include_str!(concat!(
                env!("OUT_DIR"),
                "/translated_builds_vectors_checked_coreclr.txt"
            )),
            &[
                &vectors_checked_coreclr::__TRANSLATION_1,
                &vectors_checked_coreclr::__TRANSLATION_2,
            ],
        );
    }
    same_after_setup(name, both);
}

/// [`same`] for a method whose CoreCLR build does not run translated there, for `reason`:
/// Mono's build only.
pub(super) fn same_on_mono<A: CheckValue, R: CheckValue>(
    name: &str,
    reason: &str,
    both: impl Fn(&A) -> (cilbind::Result<R>, cilbind::Result<R>),
) {
    if managed_tests::not_on_coreclr(reason) {
        return;
    }
    setup();
    same_after_setup(name, both);
}

/// [`same`] for the game fixture's translations that follow Game.dll alone, which run
/// translated on both runtimes (asserted), so that CoreCLR's managed run is compared too.
pub(super) fn same_game<A: CheckValue, R: CheckValue>(
    name: &str,
    both: impl Fn(&A) -> (cilbind::Result<R>, cilbind::Result<R>),
) {
    setup();
    assert!(game_checked::__TRANSLATION_1.holds(), "Game.dll's own translations run");
    same_after_setup(name, both);
}

/// [`same`] for the class library's structs (see [`setup_corlib`]).
pub(super) fn same_corlib<A: CheckValue, R: CheckValue>(
    name: &str,
    method: &str,
    both: impl Fn(&A) -> (cilbind::Result<R>, cilbind::Result<R>),
) {
    setup_corlib();
    if managed_tests::on_coreclr() {
        runs_translated_on_coreclr(
            method,
            include_str!(concat!(
                env!("OUT_DIR"),
                "/translated_builds_corlib_structs_translated_coreclr.txt"
            )),
            &[&corlib_translated_coreclr::__TRANSLATION],
        );
    }
    same_after_setup(name, both);
}

/// [`same_corlib`] for a struct whose CoreCLR build does not translate, for `reason`: Mono's
/// build only.
pub(super) fn same_corlib_on_mono<A: CheckValue, R: CheckValue>(
    name: &str,
    reason: &str,
    both: impl Fn(&A) -> (cilbind::Result<R>, cilbind::Result<R>),
) {
    if managed_tests::not_on_coreclr(reason) {
        return;
    }
    setup_corlib();
    same_after_setup(name, both);
}

pub(super) fn same_after_setup<A: CheckValue, R: CheckValue>(
    name: &str,
    both: impl Fn(&A) -> (cilbind::Result<R>, cilbind::Result<R>),
) {
    let mut g = Gen::new(100);
    for i in 0..cases() {
        let args = A::draw(&mut g);
        let (translated, managed) = both(&args);
        let (translated, managed) = (
            translated.unwrap_or_else(|e| panic!("{name}, case {i}: the translated call failed on {args:?}: {e}")),
            managed.unwrap_or_else(|e| panic!("{name}, case {i}: the managed call failed on {args:?}: {e}")),
        );
        assert_eq!(
            bits_of(&translated, Nan::Any),
            bits_of(&managed, Nan::Any),
            "{name}, case {i}: translated {translated:?} and managed {managed:?} differ for {args:?}"
        );
    }
}

/// A property test on the bindings the running runtime translates: `$run(name, method, both)`
/// with the call's bindings as they are (Mono's), or, on CoreCLR, after `$coreclr` (a `use`
/// that shadows the module the call names with CoreCLR's); with `on_mono(REASON)`,
/// `$on_mono(name, REASON, both)` on Mono's build only.
macro_rules! property {
    ($run:ident, $on_mono:ident, {$($coreclr:tt)*}, on_mono($reason:expr), $test:ident, |$($a:ident: $ty:ty),*| $translated:expr, $managed:expr) => {
        #[test]
        fn $test() {
            $on_mono(stringify!($test), $reason, |__args: &($($ty,)*)| {
                let ($($a,)*) = __args.clone();
                ($translated, $managed)
            });
        }
    };
    ($run:ident, $on_mono:ident, {$($coreclr:tt)*}, $test:ident, |$($a:ident: $ty:ty),*| $translated:expr, $managed:expr) => {
        #[test]
        fn $test() {
            let method = method_of(stringify!($translated));
            if managed_tests::on_coreclr() {
                #[allow(unused_imports)]
                $($coreclr)*
                $run(stringify!($test), &method, |__args: &($($ty,)*)| {
                    let ($($a,)*) = __args.clone();
                    ($translated, $managed)
                });
            } else {
                $run(stringify!($test), &method, |__args: &($($ty,)*)| {
                    let ($($a,)*) = __args.clone();
                    ($translated, $managed)
                });
            }
        }
    };
}

/// `same!(test, |a: A, …| translated call, managed twin's call)`: the property on the build
/// of System.Numerics.Vectors the running runtime translates (`t` names Mono's bindings, or
/// CoreCLR's on CoreCLR); `same!(on_mono(REASON), test, …)` on Mono's build only.
macro_rules! same {
    ($($property:tt)*) => {
        property!(same, same_on_mono, {use crate::vectors_checked_coreclr::system::numerics as t;}, $($property)*);
    };
}

/// [`same!`] for the class library's structs: `ts` names Mono's mscorlib bindings, or
/// CoreCLR's ([`tc`]) on CoreCLR; `same_corlib!(on_mono(REASON), test, …)` on Mono's only.
macro_rules! same_corlib {
    ($($property:tt)*) => {
        property!(same_corlib, same_corlib_on_mono, {use crate::tc as ts;}, $($property)*);
    };
}

/// [`same!`] for the game fixture's translations that follow Game.dll alone ([`same_game`]).
macro_rules! same_game {
    ($test:ident, |$($a:ident: $ty:ty),*| $translated:expr, $managed:expr) => {
        #[test]
        fn $test() {
            same_game(stringify!($test), |__args: &($($ty,)*)| {
                let ($($a,)*) = __args.clone();
                ($translated, $managed)
            });
        }
    };
}

/// Why a property runs on Mono's build only: what CoreCLR's build of the method holds or asks
/// that the generator does not translate (the managed method runs there, with nothing
/// translated to compare). Each was read with `cilbind generate --explain` on the framework's
/// file.
pub(super) mod coreclr_build {
    pub const FIELD_TOKEN: &str = "CoreCLR's FieldToken holds a reference (it is a managed struct there): none of \
                                   its methods translates";
    pub const SSE: &str = "CoreCLR's Matrix4x4 compares through SSE intrinsics (`Sse.IsSupported` and what it \
                           guards), which the generator does not translate";
    pub const MONOS_ANSWER: &str = "CoreCLR's Plane.Equals(Plane) asks `Vector.IsHardwareAccelerated`, whose answer \
                                    the generator knows for Mono only";
}
