//! The C# → Rust figures' setup (benches/natives.rs, benches/icount_backends.rs): the natives
//! of the fixture `Imports.cs`, implemented in Rust, and a Rust implementation of `IAdder`.

use cilbind::native::{NativeEntry, NativeResult, NativeTable};
use cilbind::Runtime;
use managed_tests::imports::imp::{IAdderImpl, Loops, LoopsNatives, Other, OtherNatives, Rules, RulesNatives};

/// The bare function `BareAdd` is bound to.
pub extern "C" fn bare_add(a: i32, b: i32) -> i32 {
    a.wrapping_add(b)
}

/// The natives of `Imports.cs`: `Loops.Add` adds, the rest are there for a complete set.
pub struct Natives;

impl LoopsNatives for Natives {
    fn add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
    fn bare_add(a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
}

/// The Rust implementation of `IAdder`.
pub struct RustAdder;

impl IAdderImpl for RustAdder {
    fn add(&self, a: i32, b: i32) -> NativeResult<i32> {
        Ok(a.wrapping_add(b))
    }
}

/// The fixture's other natives, installed so that the assembly's set is complete.
impl RulesNatives for Natives {
    fn mitigate(amount: i32, armor: i32) -> NativeResult<i32> {
        Ok((amount - armor).max(1))
    }
    #[allow(clippy::too_many_arguments)]
    fn mix(_: i64, _: f64, _: u8, _: i16, _: u32, _: i8, _: u16, _: u64, _: f32, _: isize) -> NativeResult<f64> {
        Ok(0.0)
    }
    fn raise(l: managed_tests::imports::imp::Level) -> NativeResult<managed_tests::imports::imp::Level> {
        Ok(l)
    }
    fn normalize(_: &mut f32, _: &mut f32) -> NativeResult<()> {
        Ok(())
    }
    fn split(_: i64, _: &mut i32, _: &mut i32) -> NativeResult<()> {
        Ok(())
    }
    fn scaled(v: &i32, k: i32) -> NativeResult<i32> {
        Ok(*v * k)
    }
    fn fail(code: i32) -> NativeResult<i32> {
        Ok(code)
    }
    fn panic(code: i32) -> NativeResult<i32> {
        Ok(code)
    }
    fn secret(x: i32) -> NativeResult<i32> {
        Ok(x)
    }
}

impl OtherNatives for Natives {
    fn mitigate(amount: i32, armor: i32) -> NativeResult<i32> {
        Ok(amount + armor)
    }
}

/// Starts the backend `CILBIND_RUNTIME` names, loads `Imports`, installs its natives
/// (`Loops.BareAdd` bound to [`bare_add`], with no cilbind thunk) and binds it.
pub fn install() {
    managed_tests::runtime();
    managed_tests::load_fixture("Imports");
    let loops: NativeTable = Loops::natives::<Natives>()
        .entries()
        .iter()
        .map(|entry| {
            if entry.name().starts_with("Imp.Loops::BareAdd(") {
                // SAFETY: `bare_add` is `extern "C" fn(i32, i32) -> i32`, never unwinds, and a
                // P/Invoke of `static int BareAdd(int, int)` passes exactly that.
                unsafe { NativeEntry::new_unchecked(entry.name(), bare_add as *const ()) }
            } else {
                *entry
            }
        })
        .collect();
    Runtime::get()
        .and_then(|rt| rt.assembly("Imports"))
        .and_then(|asm| asm.install_natives([loops, Rules::natives::<Natives>(), Other::natives::<Natives>()]))
        .expect("install Imports' natives");
    managed_tests::imports::init().expect("Imports bindings load");
}
