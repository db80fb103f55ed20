//! Natives in the form both runtimes bind: the `[DllImport("__Internal")]` methods of
//! `fixtures/Imports.cs`, implemented in Rust through the generated `…Natives` traits. C# calls
//! each (`Driver.Run`); the same tests run on Mono and on CoreCLR (`CILBIND_RUNTIME=coreclr`).

use std::sync::{Mutex, Once, OnceLock};

use cilbind::native::{ManagedException, NativeResult};
use cilbind::Error;
use managed_tests::imports::imp::{Driver, Level, Loops, LoopsNatives, Other, OtherNatives, Rules, RulesNatives};
use managed_tests::load_fixture;

struct Game;

/// What `Rules.Panic` and `Rules.Fail` were called with last.
static CALLED: Mutex<Vec<(&str, i32)>> = Mutex::new(Vec::new());

impl RulesNatives for Game {
    fn mitigate(amount: i32, armor: i32) -> NativeResult<i32> {
        Ok((amount - armor).max(1))
    }
    #[allow(clippy::too_many_arguments)]
    fn mix(a: i64, b: f64, c: u8, d: i16, e: u32, f: i8, g: u16, h: u64, i: f32, j: isize) -> NativeResult<f64> {
        Ok(a as f64
            + b
            + f64::from(c)
            + f64::from(d)
            + f64::from(e)
            + f64::from(f)
            + f64::from(g)
            + h as f64
            + f64::from(i)
            + j as f64)
    }
    fn raise(l: Level) -> NativeResult<Level> {
        Ok(if l == Level::LOW { Level::HIGH } else { Level::LOW })
    }
    fn normalize(x: &mut f32, y: &mut f32) -> NativeResult<()> {
        let len = (*x * *x + *y * *y).sqrt();
        *x /= len;
        *y /= len;
        Ok(())
    }
    fn split(v: i64, hi: &mut i32, lo: &mut i32) -> NativeResult<()> {
        *hi = (v >> 32) as i32;
        *lo = v as i32;
        Ok(())
    }
    fn scaled(v: &i32, k: i32) -> NativeResult<i32> {
        Ok(*v * k)
    }
    fn fail(code: i32) -> NativeResult<i32> {
        CALLED.lock().unwrap().push(("fail", code));
        Err(ManagedException::named(
            "System.ArgumentException",
            format!("bad code {code}"),
        ))
    }
    fn panic(code: i32) -> NativeResult<i32> {
        CALLED.lock().unwrap().push(("panic", code));
        panic!("rule {code} broke")
    }
    fn secret(x: i32) -> NativeResult<i32> {
        Ok(x * 11)
    }
}

impl OtherNatives for Game {
    fn mitigate(amount: i32, armor: i32) -> NativeResult<i32> {
        Ok(amount * armor + 70)
    }
}

impl LoopsNatives for Game {
    fn add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
    fn bare_add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
}

/// What `init()` said before the natives were installed.
static REFUSED: OnceLock<Error> = OnceLock::new();

/// What `init_with_natives` said given all but `Other`'s natives (a type that is not public),
/// and what `init()` said after that attempt.
static PARTIAL: OnceLock<(Error, Error)> = OnceLock::new();

fn setup() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        managed_tests::runtime();
        let refused = managed_tests::imports::init().expect_err("init() without the natives");
        let _ = REFUSED.set(refused);
        let partial = managed_tests::imports::init_with_natives([Rules::natives::<Game>(), Loops::natives::<Game>()])
            .expect_err("an incomplete set");
        let after_partial = managed_tests::imports::init().expect_err("nothing was installed");
        let _ = PARTIAL.set((partial, after_partial));
        managed_tests::imports::init_with_natives([
            Rules::natives::<Game>(),
            Other::natives::<Game>(),
            Loops::natives::<Game>(),
        ])
        .unwrap();
    });
}

#[test]
fn csharp_calls_every_import_through_the_rust_implementation() {
    setup();
    assert_eq!(Driver::run().unwrap().as_deref(), Some("ok"));
    // Rust calls them through the bindings too (the public ones).
    assert_eq!(Rules::mitigate(9, 4).unwrap(), 5);
    let (mut x, mut y) = (0.0f32, 2.0f32);
    Rules::normalize(&mut x, &mut y).unwrap();
    assert_eq!((x, y), (0.0, 1.0));
    assert_eq!(Driver::r#loop(4).unwrap(), 1 + 1 + 1 + 2);
    // The benchmark's loops: the same sums through a native and through libc's `abs`.
    let expected: i32 = (0..100).map(|i| i + 1).sum();
    assert_eq!(Loops::native(100).unwrap(), expected);
    assert_eq!(Loops::bare(100).unwrap(), expected);
    assert_eq!(Loops::libc(100).unwrap(), expected);
}

#[test]
fn init_refuses_to_start_until_every_import_is_installed() {
    setup();
    let declared = load_fixture("Imports").internal_call_names().unwrap();
    assert_eq!(
        declared,
        [
            "Imp.Rules::Mitigate(int,int)",
            "Imp.Rules::Mix(long,double,byte,int16,uint,sbyte,uint16,ulong,single,intptr)",
            "Imp.Rules::Raise(Imp.Level)",
            "Imp.Rules::Normalize(single&,single&)",
            "Imp.Rules::Split(long,int&,int&)",
            "Imp.Rules::Scaled(int&,int)",
            "Imp.Rules::Fail(int)",
            "Imp.Rules::Panic(int)",
            "Imp.Rules::Secret(int)",
            "Imp.Other::Mitigate(int,int)",
            "Imp.Loops::Add(int,int)",
            "Imp.Loops::BareAdd(int,int)",
        ]
    );
    let Some(Error::NativesNotInstalled { assemblies, missing }) = REFUSED.get() else {
        panic!("{:?}", REFUSED.get());
    };
    assert_eq!(&assemblies[..], ["Imports"]);
    assert_eq!(&missing[..], &declared[..]);
    // An incomplete set is refused, naming what it lacks.
    let err = load_fixture("Imports")
        .install_natives([Rules::natives::<Game>(), Loops::natives::<Game>()])
        .unwrap_err();
    assert!(
        matches!(&err, Error::NativesMismatch { missing, .. } if missing[..] == ["Imp.Other::Mitigate(int,int)"]),
        "{err:?}"
    );
    managed_tests::imports::init().unwrap();
}

#[test]
fn an_incomplete_set_is_refused_installs_nothing_and_another_assembly_s_table_matches_none() {
    setup();
    let (partial, after_partial) = PARTIAL.get().expect("setup tried the incomplete set first");
    // Only the natives of `Other`, a type that is not public, are missing: they are required too.
    let Error::NativesMismatch {
        missing,
        unexpected,
        rebound,
        ..
    } = partial
    else {
        panic!("{partial:?}");
    };
    assert_eq!(&missing[..], ["Imp.Other::Mitigate(int,int)"]);
    assert!(unexpected.is_empty() && rebound.is_empty(), "{partial:?}");
    assert!(
        partial.to_string().ends_with("missing: Imp.Other::Mitigate(int,int)"),
        "{partial}"
    );
    // The incomplete set installed nothing: init() refused as before.
    assert_eq!(Some(after_partial), REFUSED.get());
    // A table for another assembly's natives matches none of them.
    let other = load_fixture("Basics")
        .install_natives([Rules::natives::<Game>()])
        .unwrap_err();
    assert!(
        matches!(&other, Error::NativesMismatch { unexpected, missing, .. }
            if unexpected.len() == 9 && missing.is_empty()),
        "{other:?}"
    );
    // Installing the same natives again does nothing; C# still calls the same ones.
    load_fixture("Imports")
        .install_natives([
            Rules::natives::<Game>(),
            Other::natives::<Game>(),
            Loops::natives::<Game>(),
        ])
        .unwrap();
    assert_eq!(Driver::run().unwrap().as_deref(), Some("ok"));
}

#[test]
fn an_err_and_a_panic_reach_csharp() {
    setup();
    let failed = Driver::catch(0, 7).unwrap().unwrap();
    let panicked = Driver::catch(1, 9).unwrap().unwrap();
    assert!(CALLED.lock().unwrap().contains(&("fail", 7)));
    assert!(CALLED.lock().unwrap().contains(&("panic", 9)));
    if managed_tests::on_coreclr() {
        // CoreCLR aborts the process when an exception crosses from a native function back
        // into C#, so nothing can be thrown at the call site: the native returns zero, and the
        // failure is logged.
        assert_eq!(failed, "returned 0");
        assert_eq!(panicked, "returned 0");
    } else {
        assert_eq!(failed, "System.ArgumentException: bad code 7");
        assert_eq!(
            panicked,
            "Cilbind.RustPanicException: rule 9 broke (in native Imp.Rules::Panic(int))"
        );
    }
}
