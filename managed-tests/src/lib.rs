//! Helpers shared by the integration tests (starting the runtime on a backend, where the compiled
//! fixtures are, loading one) and the bindings generated at build time for the C# fixtures and for
//! Mono's System.Numerics.Vectors.

use std::path::PathBuf;

use cilbind::Assembly;

mod backend;

pub use backend::{
    backend, mono_only, not_on_coreclr, on_coreclr, part_not_on_coreclr, runtime, start_with, BACKEND_VAR,
};

/// Path of the compiled fixture `name` (e.g. `Basics` → `.../Basics.dll`).
pub fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("FIXTURES_DIR")).join(format!("{name}.dll"))
}

/// Starts the runtime (once per process, through [`runtime`]) and loads the fixture `name`.
pub fn load_fixture(name: &str) -> Assembly {
    runtime().load_assembly(fixture_path(name)).expect("fixture loads")
}

/// Generated bindings of `fixtures/Basics.cs`.
pub mod basics {
    include!(concat!(env!("OUT_DIR"), "/basics_bindings.rs"));
}

/// Generated bindings of `fixtures/Game.cs`.
pub mod game {
    include!(concat!(env!("OUT_DIR"), "/game_bindings.rs"));
}

/// Generated bindings of `fixtures/Props.cs` (the property tests' enums, structs and helpers).
pub mod props {
    include!(concat!(env!("OUT_DIR"), "/props_bindings.rs"));
}

/// Generated bindings of Mono's `System.Numerics.Vectors.dll` (its types live in
/// `System.Numerics`).
pub mod vectors {
    include!(concat!(env!("OUT_DIR"), "/vectors_bindings.rs"));
}

/// Generated bindings of `fixtures/Annotated.cs` (C# 8 nullable annotations: results annotated
/// never-null are the value itself).
pub mod annotated {
    include!(concat!(env!("OUT_DIR"), "/annotated_bindings.rs"));
}

/// Generated bindings of `fixtures/Events.cs`.
pub mod events {
    include!(concat!(env!("OUT_DIR"), "/events_bindings.rs"));
}

/// Generated bindings of `fixtures/Pointers.cs` (unmanaged pointer parameters: `unsafe fn`s and
/// `_slice` overloads).
pub mod pointers {
    include!(concat!(env!("OUT_DIR"), "/pointers_bindings.rs"));
}

/// Generated bindings of `fixtures/Nullables.cs` (`Nullable<T>` parameters and returns as
/// `Option<T>`).
pub mod nullables {
    include!(concat!(env!("OUT_DIR"), "/nullables_bindings.rs"));
}

/// Generated bindings of `fixtures/RefObjects.cs` (`ref T` of `class`-constrained type
/// parameters and `ref`/`out` arrays as replaceable object slots).
pub mod ref_objects {
    include!(concat!(env!("OUT_DIR"), "/ref_objects_bindings.rs"));
}

/// Generated bindings of `fixtures/StructArrays.cs` (arrays of managed structs as
/// `cilbind::StructArray<S>`).
pub mod struct_arrays {
    include!(concat!(env!("OUT_DIR"), "/struct_arrays_bindings.rs"));
}

/// Generated bindings of `fixtures/Spans.cs` (`Span<T>`/`ReadOnlySpan<T>` parameters as
/// `&mut [T]`/`&[T]`).
pub mod spans {
    include!(concat!(env!("OUT_DIR"), "/spans_bindings.rs"));
}

/// Generated bindings of `fixtures/Buffers.cs` (generic buffer uploads: `T[]`, `T[,]`,
/// `ref T` of a `struct`-constrained `T` as slices and references).
pub mod buffers {
    include!(concat!(env!("OUT_DIR"), "/buffers_bindings.rs"));
}

/// `Nulls.Maybe.Mirror(ref Pt?, ref bool?, int?)` (`fixtures/Nullables.cs`) called with values
/// and with nulls, each `ref` Nullable checked as written back: the same scenario on a local
/// runtime (`tests/nullable.rs`) and on a remote one (`remote/tests/bindings.rs`).
pub fn check_nullable_mirror() {
    use nullables::nulls::{Maybe, Pt};
    let mut p = Some(Pt { x: 1.0, y: 2.0 });
    let mut flag = Some(cilbind::Boolean::from(true));
    Maybe::mirror(&mut p, &mut flag, Some(3)).unwrap();
    assert_eq!(p, Some(Pt { x: 2.0, y: 4.0 }));
    assert_eq!(flag.map(bool::from), Some(false));
    let (mut p, mut flag) = (None, None);
    Maybe::mirror(&mut p, &mut flag, None).unwrap();
    assert_eq!((p, flag), (Some(Pt { x: 0.0, y: 0.0 }), None));
}

/// 64-bit FNV-1a of `bytes`, as `fixtures/Buffers.cs`'s `GL.Checksum` computes it over the
/// bytes it holds: what tests compare an upload with.
pub fn fnv1a(bytes: &[u8]) -> i64 {
    let mut h: u64 = 14_695_981_039_346_656_037;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(1_099_511_628_211);
    }
    h as i64
}

/// Generated bindings of `fixtures/Conversions.cs` (overloads that differ only by return type).
pub mod conversions {
    include!(concat!(env!("OUT_DIR"), "/conversions_bindings.rs"));
}

/// Generated bindings of `fixtures/Generics.cs`, `fixtures/Enumerables.cs`, mscorlib's
/// `System.Collections.Generic` and Debian's Json.NET, together (generic types' members and
/// generic methods for every type argument; `IntoIterator` for every `IEnumerable<T>`).
pub mod generics {
    include!(concat!(env!("OUT_DIR"), "/generics_bindings.rs"));
}

/// Generated bindings of mscorlib's `String`, `Char`, `Int32`, `Double`, `Boolean`, `Object`,
/// `Enum` and `ValueType` (extension traits over the runtime's own types), and `CultureInfo`.
pub mod corlib_runtime {
    include!(concat!(env!("OUT_DIR"), "/corlib_runtime_bindings.rs"));
}

/// Generated bindings of `fixtures/RefReturns.cs` (`ref` returns, copied out).
pub mod ref_returns {
    include!(concat!(env!("OUT_DIR"), "/ref_returns_bindings.rs"));
}

/// Generated bindings of `fixtures/Natives.cs` (C# internal calls implemented in Rust: the
/// `…Natives` traits and `natives::<I>()` tables).
pub mod natives {
    include!(concat!(env!("OUT_DIR"), "/natives_bindings.rs"));
}

/// Generated bindings of `fixtures/Imports.cs` (natives declared `[DllImport("__Internal")]`,
/// the form both runtimes bind).
pub mod imports {
    include!(concat!(env!("OUT_DIR"), "/imports_bindings.rs"));
}

/// Generated bindings of `fixtures/Depth.cs` (recursion through C# and Rust, for the stack
/// check at C# → Rust entries).
pub mod depth {
    include!(concat!(env!("OUT_DIR"), "/depth_bindings.rs"));
}

/// Generated bindings of `fixtures/Incoming.cs` (the C# → Rust call loops that
/// benches/benches/incoming.rs measures).
pub mod incoming {
    include!(concat!(env!("OUT_DIR"), "/incoming_bindings.rs"));
}

/// Generated bindings of version 1 of `fixtures/reload/Reload.cs` (hot reload: the tests swap
/// in versions 2 and 3 under the running process).
pub mod reload {
    include!(concat!(env!("OUT_DIR"), "/reload_bindings.rs"));
}

/// Path of version `version` (`v1`, `v2`, `v3`) of the hot-reload fixture.
pub fn reload_fixture(version: &str) -> PathBuf {
    PathBuf::from(env!("FIXTURES_DIR"))
        .join("reload")
        .join(version)
        .join("Reload.dll")
}

/// Generated bindings of `fixtures/Implement.cs` (Rust implementations of C# types: the
/// `…Impl` and `…Overrides` traits, `implement` and `extend…`).
pub mod implement {
    include!(concat!(env!("OUT_DIR"), "/implement_bindings.rs"));
}

/// Generated bindings of `fixtures/Ledger.cs` (the call recorder's and replayer's fixture).
pub mod ledger {
    include!(concat!(env!("OUT_DIR"), "/ledger_bindings.rs"));
}

/// Generated bindings of `fixtures/Statics.cs` (static fields and type initializers).
pub mod statics {
    include!(concat!(env!("OUT_DIR"), "/statics_bindings.rs"));
}

/// Generated bindings of `fixtures/Comparers.cs` with mscorlib's `List<T>`,
/// `Dictionary<TKey, TValue>`, `Comparison<T>`, `Func<…>` and the generic interfaces Rust
/// implements on request (`IComparer<T>`, `IEqualityComparer<T>`, `IEnumerable<T>`,
/// `IEnumerator<T>`, `IEquatable<T>`).
pub mod comparers {
    include!(concat!(env!("OUT_DIR"), "/comparers_bindings.rs"));
}

/// Generated bindings of `fixtures/Names.cs` (the naming rule: constructors, conversions,
/// `ref`/`out` twins, read-only `ref`s, accessor pairs, std's names).
pub mod names {
    include!(concat!(env!("OUT_DIR"), "/names_bindings.rs"));
}
