//! Bindings of CoreCLR's own class library builds (the .NET install scripts/ensure-deps.sh
//! fetches, found as the runtime finds it): the translated methods of System.Numerics.Vectors
//! and of the class library's structs, checked by tests/translated.rs and
//! tests/check_vectors.rs against CoreCLR running the very builds they were translated from,
//! as the bindings built from Mono's files are checked against Mono; and System.Xml's struct
//! holding a `decimal` (tests/decimal_layout.rs). (Bindings of Mono's
//! files run their managed methods on CoreCLR, whose builds differ: there they have no
//! translation to compare.)

use std::path::{Path, PathBuf};

/// The structs of CoreCLR's class library whose translations are checked, by assembly:
/// mscorlib's list (build.rs's `corlib_structs`) where CoreCLR has the struct as a full struct
/// with a method that translates, and CoreCLR's own full structs whose methods translate
/// (`Decimal`'s constructors and conversions, `GCMemoryInfo`, `Rune`).
/// Not here: `FieldToken` and the runtime's handles (they hold references there) and
/// `TimeZoneInfo.TransitionTime` (it holds a `DateTime`,
/// whose auto layout CoreCLR extends to the struct holding it, where Mono keeps the declared
/// order: the generator mirrors Mono's, and `init` refuses it on CoreCLR, a size mismatch).
const STRUCTS: &[(&str, &[&str])] = &[
    (
        "System.Private.CoreLib.dll",
        &[
            "System.TimeSpan",
            "System.DateTime",
            "System.Decimal",
            "System.GCMemoryInfo",
            "System.Guid",
            "System.Index",
            "System.Range",
            "System.ValueTuple",
            "System.Reflection.Emit.EventToken",
            "System.Reflection.Emit.Label",
            "System.Reflection.Emit.MethodToken",
            "System.Reflection.Emit.OpCode",
            "System.Reflection.Emit.ParameterToken",
            "System.Reflection.Emit.PropertyToken",
            "System.Reflection.Emit.SignatureToken",
            "System.Reflection.Emit.StringToken",
            "System.Reflection.Emit.TypeToken",
            "System.Runtime.InteropServices.GCHandle",
            "System.Text.Rune",
            "System.Runtime.CompilerServices.YieldAwaitable",
            "System.Threading.SpinLock",
            "System.Threading.SpinWait",
        ],
    ),
    ("System.Memory.dll", &["System.Buffers.StandardFormat"]),
    ("System.Threading.dll", &["System.Threading.LockCookie"]),
    (
        "System.Diagnostics.StackTrace.dll",
        &["System.Diagnostics.SymbolStore.SymbolToken"],
    ),
];

/// Writes `vectors_checked_coreclr_bindings.rs` (with `vectors_broken_coreclr_bindings.rs`,
/// its `Vector3.Add` broken as build.rs breaks Mono's) and
/// `corlib_structs_translated_coreclr_bindings.rs`, each with its translation lists, and
/// `decimal_aggregator_coreclr_bindings.rs`.
pub fn generate(out: &Path) {
    let framework = framework();
    let vectors = framework.join("System.Numerics.Vectors.dll");
    let bindings = cilbind_codegen::Builder::new()
        .assembly(&vectors)
        .quickcheck(true)
        .generate()
        .unwrap_or_else(|e| panic!("generating checked bindings for {}: {e}", vectors.display()));
    bindings
        .write_to_file(out.join("vectors_checked_coreclr_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing checked bindings for {}: {e}", vectors.display()));
    super::write_translated(out, "vectors_checked_coreclr", &bindings);
    let broken = cilbind_codegen::Builder::new()
        .assembly(&vectors)
        .type_name("System.Numerics.Vector3")
        .quickcheck(true)
        .generate()
        .and_then(|b| b.to_rust())
        .unwrap_or_else(|e| panic!("generating CoreCLR's Vector3's bindings: {e}"));
    std::fs::write(
        out.join("vectors_broken_coreclr_bindings.rs"),
        super::flip_first_sign(&broken),
    )
    .unwrap_or_else(|e| panic!("writing CoreCLR's Vector3's broken bindings: {e}"));

    let mut builder = cilbind_codegen::Builder::new().quickcheck(true);
    for (assembly, types) in STRUCTS {
        builder = builder.assembly(framework.join(assembly));
        for t in *types {
            builder = builder.type_name(*t);
        }
    }
    let bindings = builder
        .generate()
        .unwrap_or_else(|e| panic!("generating checked bindings of CoreCLR's structs: {e}"));
    bindings
        .write_to_file(out.join("corlib_structs_translated_coreclr_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing checked bindings of CoreCLR's structs: {e}"));
    super::write_translated(out, "corlib_structs_translated_coreclr", &bindings);

    // System.Xml's `DecimalAggregator` as CoreCLR builds it (tests/decimal_layout.rs): its
    // `decimal` is four `int`s there, aligned to 4.
    let xml = framework.join("System.Private.Xml.dll");
    cilbind_codegen::Builder::new()
        .assembly(&xml)
        .type_name("System.Xml.Xsl.Runtime.DecimalAggregator")
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for {}'s DecimalAggregator: {e}", xml.display()))
        .write_to_file(out.join("decimal_aggregator_coreclr_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for CoreCLR's DecimalAggregator: {e}"));
}

/// The framework folder the runtime runs (`<root>/shared/Microsoft.NETCore.App/<newest
/// version>`), the root being `CILBIND_DOTNET_ROOT` or `$XDG_CACHE_HOME` (else
/// `$HOME/.cache`)`/cilbind/dotnet`, as `cilbind`'s CoreCLR backend chooses it.
fn framework() -> PathBuf {
    println!("cargo:rerun-if-env-changed=CILBIND_DOTNET_ROOT");
    println!("cargo:rerun-if-env-changed=XDG_CACHE_HOME");
    let root = std::env::var_os("CILBIND_DOTNET_ROOT")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("XDG_CACHE_HOME")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
                .map(|cache| cache.join("cilbind").join("dotnet"))
        })
        .expect("neither CILBIND_DOTNET_ROOT nor HOME is set");
    let shared = root.join("shared").join("Microsoft.NETCore.App");
    let newest = std::fs::read_dir(&shared)
        .unwrap_or_else(|e| {
            panic!(
                "no .NET runtime at {} ({e}): run scripts/ensure-deps.sh, or set CILBIND_DOTNET_ROOT",
                shared.display()
            )
        })
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let key: Vec<u64> = name.split('.').map(|p| p.parse().ok()).collect::<Option<_>>()?;
            Some((key, e.path()))
        })
        .max()
        .unwrap_or_else(|| panic!("no framework version under {}", shared.display()))
        .1;
    println!("cargo:rerun-if-changed={}", newest.display());
    newest
}
