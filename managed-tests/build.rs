//! Compiles every C# fixture in fixtures/ with mcs into OUT_DIR (tests find them through the
//! FIXTURES_DIR environment variable set at compile time), then generates Rust bindings for
//! them, for Mono's System.Numerics.Vectors and for two namespaces of mscorlib (and checked
//! bindings of CoreCLR's own builds: build/coreclr_library.rs) with the generator's build.rs
//! API, and lists each bindings' functions (`functions_{name}.txt`).

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "build/coreclr_library.rs"]
mod coreclr_library;
#[path = "build/static_field_probes.rs"]
mod static_field_probes;

fn main() {
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rerun-if-changed=fixtures");
    println!("cargo:rerun-if-changed=fixtures/missing-dependency");
    println!("cargo:rerun-if-changed=fixtures/netstandard-ref");
    let mut sources: Vec<PathBuf> = std::fs::read_dir("fixtures")
        .expect("fixtures/ exists")
        .map(|e| e.expect("readable fixtures/ entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .collect();
    sources.sort();
    let netstandard = netstandard_reference(&out);
    for src in sources {
        let name = src.file_stem().expect("file name").to_string_lossy().into_owned();
        let dll = out.join(format!("{name}.dll"));
        if NETSTANDARD_FIXTURES.contains(&name.as_str()) {
            mcs_with(&[src], &dll, std::slice::from_ref(&netstandard), &["-nostdlib"]);
        } else {
            mcs(&[src], &dll, &[]);
        }
    }
    println!("cargo:rustc-env=FIXTURES_DIR={}", out.display());

    // The replay fixture again, with a changed method body (CHANGED: a withdrawal charges a
    // fee), under the same assembly name in a folder of its own: the assembly a replay of a
    // log recorded against Ledger.dll diverges on (tests/record_replay/replay.rs).
    let changed = out.join("changed");
    std::fs::create_dir_all(&changed).expect("create OUT_DIR/changed");
    mcs_with(
        &["fixtures/Ledger.cs".into()],
        &changed.join("Ledger.dll"),
        &[],
        &["-define:CHANGED"],
    );

    // The mutation tests' inputs, from sources frozen beside their corpora (corpus edits are
    // file offsets into these builds; mcs gives the same bytes for the same source and flags).
    println!("cargo:rerun-if-changed=tests/corpus");
    println!("cargo:rerun-if-changed=../codegen/tests/corpus/Fixture.cs");
    let corpus = out.join("corpus");
    std::fs::create_dir_all(&corpus).expect("create OUT_DIR/corpus");
    for src in ["tests/corpus/Basics.cs", "../codegen/tests/corpus/Fixture.cs"] {
        let src = PathBuf::from(src);
        let dll = corpus.join(src.with_extension("dll").file_name().expect("file name"));
        let status = Command::new("mcs")
            .args([
                "-nologo",
                "-target:library",
                "-optimize+",
                "-unsafe",
                "-nowarn:67,169,649,414",
            ])
            .arg(format!("-out:{}", dll.display()))
            .arg(&src)
            .status()
            .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
        assert!(status.success(), "mcs failed on {}", src.display());
    }
    println!("cargo:rustc-env=CORPUS_DIR={}", corpus.display());

    // An assembly whose dependency is missing: Absent.dll goes to a folder of its own that Mono
    // never searches, and UsesAbsent.dll (in OUT_DIR) references it.
    let absent_dir = out.join("absent");
    std::fs::create_dir_all(&absent_dir).expect("create OUT_DIR/absent");
    let absent = absent_dir.join("Absent.dll");
    mcs(&["fixtures/missing-dependency/Absent.cs".into()], &absent, &[]);
    mcs(
        &["fixtures/missing-dependency/UsesAbsent.cs".into()],
        &out.join("UsesAbsent.dll"),
        &[absent],
    );

    // Hot reload: one source, four versions of Reload.dll in folders of their own (see the
    // source's header); bindings from v1.
    println!("cargo:rerun-if-changed=fixtures/reload");
    for (version, define) in [
        ("v1", None),
        ("v2", Some("V2")),
        ("v3", Some("V3")),
        ("v4", Some("V2;V4")),
    ] {
        let dir = out.join("reload").join(version);
        std::fs::create_dir_all(&dir).expect("create OUT_DIR/reload/<version>");
        let mut mcs = Command::new("mcs");
        mcs.args(["-nologo", "-target:library", "-optimize+", "-warnaserror+"])
            .arg(format!("-out:{}", dir.join("Reload.dll").display()));
        if let Some(define) = define {
            mcs.arg(format!("-define:{define}"));
        }
        let status = mcs
            .arg("fixtures/reload/Reload.cs")
            .status()
            .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
        assert!(status.success(), "mcs failed on fixtures/reload/Reload.cs ({version})");
    }
    cilbind_codegen::Builder::new()
        .assembly(out.join("reload").join("v1").join("Reload.dll"))
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for Reload.dll: {e}"))
        .write_to_file(out.join("reload_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for Reload.dll: {e}"));

    // Two versions of one assembly: bindings generated from v1 and checked by their init()
    // against v2, whose methods are partly gone or changed (tests/function_mismatch.rs).
    println!("cargo:rerun-if-changed=fixtures/versions");
    for version in ["v1", "v2"] {
        let dir = out.join("versions").join(version);
        std::fs::create_dir_all(&dir).expect("create OUT_DIR/versions");
        mcs(
            &[format!("fixtures/versions/{version}/Versioned.cs").into()],
            &dir.join("Versioned.dll"),
            &[],
        );
    }
    cilbind_codegen::Builder::new()
        .assembly(out.join("versions/v1/Versioned.dll"))
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for Versioned.dll: {e}"))
        .write_to_file(out.join("versioned_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for Versioned.dll: {e}"));

    // Generic types and methods for any type argument: the fixture's own, mscorlib's
    // collections and Debian's Json.NET (a real third-party assembly) in the same bindings, so
    // that `Cell<T>::repeat` and `JsonConvert::deserialize_object::<List<T>>` return the
    // `List<T>` that has members; and the enumeration fixture, whose `IEnumerable<T>` is
    // that of those collections.
    let bindings = cilbind_codegen::Builder::new()
        .assembly(out.join("Generics.dll"))
        .assembly(out.join("Enumerables.dll"))
        .assembly("/usr/lib/mono/4.5/mscorlib.dll")
        .assembly(JSON_NET)
        .namespace("Generics")
        .namespace("Enumerables")
        .namespace("System.Collections.Generic")
        .namespace("Newtonsoft.Json")
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for Generics.dll and mscorlib: {e}"));
    bindings
        .write_to_file(out.join("generics_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for Generics.dll: {e}"));
    write_functions(&out, "generics", &bindings);

    // mscorlib's generic interfaces implemented in Rust for any type argument (on request:
    // they are the class library's) and its generic delegates made from closures, beside the
    // collections that take them and a fixture that consumes them (tests/generic_implement.rs).
    let mut builder = cilbind_codegen::Builder::new()
        .assembly(out.join("Comparers.dll"))
        .assembly("/usr/lib/mono/4.5/mscorlib.dll")
        .namespace("Comparers");
    for name in [
        "System.Collections.Generic.List`1",
        "System.Collections.Generic.Dictionary`2",
        "System.Comparison`1",
        "System.Func`2",
        "System.Func`3",
    ] {
        builder = builder.type_name(name);
    }
    for name in [
        "System.Collections.Generic.IComparer`1",
        "System.Collections.Generic.IEqualityComparer`1",
        "System.Collections.Generic.IEnumerable`1",
        "System.Collections.Generic.IEnumerator`1",
        "System.IEquatable`1",
    ] {
        builder = builder.implementable(name);
    }
    builder
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for Comparers.dll and mscorlib: {e}"))
        .write_to_file(out.join("comparers_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for Comparers.dll: {e}"));

    // Members of the types the runtime declares itself (extension traits), generated from
    // mscorlib for these types only: all of `System` would take minutes to compile.
    let mut builder = cilbind_codegen::Builder::new().assembly("/usr/lib/mono/4.5/mscorlib.dll");
    for name in [
        "System.String",
        "System.Char",
        "System.Int32",
        "System.Double",
        "System.Boolean",
        "System.Object",
        "System.Enum",
        "System.ValueType",
        // `CultureInfo.InvariantCulture`, for culture-independent `Parse` and `ToString`.
        "System.Globalization.CultureInfo",
    ] {
        builder = builder.type_name(name);
    }
    let bindings = builder
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for mscorlib's runtime types: {e}"));
    bindings
        .write_to_file(out.join("corlib_runtime_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for mscorlib's runtime types: {e}"));
    write_functions(&out, "corlib_runtime", &bindings);

    // Bindings, generated at build time (never committed).
    let mut static_fields = Vec::new();
    for (name, input) in [
        ("basics", out.join("Basics.dll")),
        ("game", out.join("Game.dll")),
        ("events", out.join("Events.dll")),
        ("conversions", out.join("Conversions.dll")),
        ("props", out.join("Props.dll")),
        ("pointers", out.join("Pointers.dll")),
        ("ref_returns", out.join("RefReturns.dll")),
        ("nullables", out.join("Nullables.dll")),
        ("spans", out.join("Spans.dll")),
        ("buffers", out.join("Buffers.dll")),
        ("ref_objects", out.join("RefObjects.dll")),
        ("struct_arrays", out.join("StructArrays.dll")),
        ("incoming", out.join("Incoming.dll")),
        ("natives", out.join("Natives.dll")),
        ("imports", out.join("Imports.dll")),
        ("depth", out.join("Depth.dll")),
        ("implement", out.join("Implement.dll")),
        ("ledger", out.join("Ledger.dll")),
        ("statics", out.join("Statics.dll")),
        ("annotated", out.join("Annotated.dll")),
        ("names", out.join("Names.dll")),
        (
            "vectors",
            PathBuf::from("/usr/lib/mono/4.5/System.Numerics.Vectors.dll"),
        ),
    ] {
        let bindings = cilbind_codegen::Builder::new()
            .assembly(&input)
            .generate()
            .unwrap_or_else(|e| panic!("generating bindings for {}: {e}", input.display()));
        bindings
            .write_to_file(out.join(format!("{name}_bindings.rs")))
            .unwrap_or_else(|e| panic!("writing bindings for {}: {e}", input.display()));
        write_translated(&out, name, &bindings);
        write_functions(&out, name, &bindings);
        if matches!(name, "statics" | "vectors") {
            static_fields.push((name, input.clone(), bindings.fields().to_vec()));
        }
    }
    static_field_probes::write(&out, static_fields);

    // The structs whose translated methods tests/translated.rs checks against Mono through
    // `cilbind::check` (each with its managed twins, `Builder::quickcheck(true)`): Game.Vector3,
    // Game.Nullable8 and Game.Series (loops and calls), the sample game's structs (samples/managed/Arena.cs), and every
    // struct of mscorlib with a method that translates (ticks, dates, GUIDs, tokens,
    // indices, the runtime's handles...): `cilbind generate --explain mscorlib.dll` lists them.
    println!("cargo:rerun-if-changed=../samples/managed/Arena.cs");
    let arena = out.join("Arena.dll");
    mcs(&["../samples/managed/Arena.cs".into()], &arena, &[]);
    let arena_structs = ["Arena.Vector3", "Arena.Quaternion"];
    let corlib = PathBuf::from("/usr/lib/mono/4.5/mscorlib.dll");
    let corlib_structs = [
        "System.TimeSpan",
        "System.DateTime",
        "System.Guid",
        "System.Index",
        "System.Range",
        "System.ValueTuple",
        "System.ModuleHandle",
        "System.RuntimeFieldHandle",
        "System.RuntimeMethodHandle",
        "System.RuntimeTypeHandle",
        "System.Buffers.StandardFormat",
        "System.Diagnostics.SymbolStore.SymbolToken",
        "System.Reflection.Emit.EventToken",
        "System.Reflection.Emit.ExceptionHandler",
        "System.Reflection.Emit.FieldToken",
        "System.Reflection.Emit.Label",
        "System.Reflection.Emit.MethodToken",
        "System.Reflection.Emit.OpCode",
        "System.Reflection.Emit.ParameterToken",
        "System.Reflection.Emit.PropertyToken",
        "System.Reflection.Emit.SignatureToken",
        "System.Reflection.Emit.StringToken",
        "System.Reflection.Emit.TypeToken",
        "System.Runtime.CompilerServices.YieldAwaitable",
        "System.Runtime.InteropServices.GCHandle",
        "System.Threading.LockCookie",
        "System.Threading.SpinLock",
        "System.Threading.SpinWait",
        "System.TimeZoneInfo/TransitionTime",
    ];
    for (name, input, types) in [
        (
            "game_checked",
            out.join("Game.dll"),
            &[
                "Game.Vector3",
                "Game.Nullable8",
                "Game.Series",
                "Game.Stamp",
                "Game.Cookie",
                "Game.Phase",
                "Game.Marks",
            ][..],
        ),
        ("arena_translated", arena, &arena_structs[..]),
        ("corlib_structs_translated", corlib, &corlib_structs[..]),
        // Props.cs's enums, [Flags] enum and full struct, for tests/properties.rs's box round
        // trips through `cilbind::check::box_to_each`.
        (
            "props_checked",
            out.join("Props.dll"),
            &[
                "Props.ByteEnum",
                "Props.SByteEnum",
                "Props.Int16Enum",
                "Props.UInt16Enum",
                "Props.Int32Enum",
                "Props.UInt32Enum",
                "Props.Int64Enum",
                "Props.UInt64Enum",
                "Props.Perm",
                "Props.Full",
            ][..],
        ),
    ] {
        let mut builder = cilbind_codegen::Builder::new().assembly(&input).quickcheck(true);
        for t in types {
            builder = builder.type_name(*t);
        }
        let bindings = builder
            .generate()
            .unwrap_or_else(|e| panic!("generating checked bindings for {}: {e}", input.display()));
        bindings
            .write_to_file(out.join(format!("{name}_bindings.rs")))
            .unwrap_or_else(|e| panic!("writing checked bindings for {}: {e}", input.display()));
        write_translated(&out, name, &bindings);
    }

    // System.Numerics.Vectors with what `cilbind::check` needs (tests/check_vectors.rs), and
    // its Vector3 alone with `add`'s translation broken on purpose: the mutation is made
    // here, in the text of the bindings, so that the generator has no switch a user could
    // turn on by mistake.
    let vectors = PathBuf::from("/usr/lib/mono/4.5/System.Numerics.Vectors.dll");
    cilbind_codegen::Builder::new()
        .assembly(&vectors)
        .quickcheck(true)
        .generate()
        .unwrap_or_else(|e| panic!("generating checked bindings for {}: {e}", vectors.display()))
        .write_to_file(out.join("vectors_checked_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing checked bindings for {}: {e}", vectors.display()));
    let broken = cilbind_codegen::Builder::new()
        .assembly(&vectors)
        .type_name("System.Numerics.Vector3")
        .quickcheck(true)
        .generate()
        .and_then(|b| b.to_rust())
        .unwrap_or_else(|e| panic!("generating Vector3's bindings: {e}"));
    std::fs::write(out.join("vectors_broken_bindings.rs"), flip_first_sign(&broken))
        .unwrap_or_else(|e| panic!("writing Vector3's broken bindings: {e}"));
    // The same checks' bindings of CoreCLR's own builds, which it runs translated.
    coreclr_library::generate(&out);

    // The README's typed-delegate example (tests/readme.rs): System.dll's Regex, the
    // MatchEvaluator delegate it takes, and Capture (a match's Value) alone, which keeps the
    // bindings small.
    let mut builder = cilbind_codegen::Builder::new().assembly("/usr/lib/mono/4.5/System.dll");
    for name in ["Regex", "MatchEvaluator", "Capture"] {
        builder = builder.type_name(format!("System.Text.RegularExpressions.{name}"));
    }
    builder
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for System.dll's Regex: {e}"))
        .write_to_file(out.join("regex_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for System.dll's Regex: {e}"));

    // System.Xml's `DecimalAggregator`, a struct holding Mono's `decimal` (a union whose
    // `ulong` overlaps two `int`s: alignment 8), checked against Mono's layout
    // (tests/decimal_layout.rs).
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Xml.dll")
        .type_name("System.Xml.Xsl.Runtime.DecimalAggregator")
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for System.Xml's DecimalAggregator: {e}"))
        .write_to_file(out.join("decimal_aggregator_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for System.Xml's DecimalAggregator: {e}"));

    // A fixture struct holding a `decimal` (tests/decimal_layout.rs), on both runtimes.
    cilbind_codegen::Builder::new()
        .assembly(out.join("Decimals.dll"))
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for Decimals.dll: {e}"))
        .write_to_file(out.join("decimals_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for Decimals.dll: {e}"));

    // mscorlib's `ref T` of `class`-constrained type parameters (tests/ref_objects.rs).
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/mono/4.5/mscorlib.dll")
        .type_name("System.Threading.Interlocked")
        .type_name("System.Threading.Volatile")
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for mscorlib's Interlocked and Volatile: {e}"))
        .write_to_file(out.join("corlib_interlocked_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for mscorlib's Interlocked and Volatile: {e}"));

    // mscorlib's arrays of managed structs: `CreateLinkedTokenSource(params CancellationToken[])`
    // (tests/struct_arrays.rs).
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/mono/4.5/mscorlib.dll")
        .type_name("System.Threading.CancellationTokenSource")
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for mscorlib's CancellationTokenSource: {e}"))
        .write_to_file(out.join("corlib_cancellation_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for mscorlib's CancellationTokenSource: {e}"));

    // Namespaces of Mono's mscorlib, for tests that call real members of them (each included
    // by those tests alone, so the library's build does not grow).
    for (name, namespace) in [
        ("globalization", "System.Globalization"),
        ("binary", "System.Buffers.Binary"),
    ] {
        cilbind_codegen::Builder::new()
            .assembly("/usr/lib/mono/4.5/mscorlib.dll")
            .namespace(namespace)
            .generate()
            .unwrap_or_else(|e| panic!("generating bindings for mscorlib's {namespace}: {e}"))
            .write_to_file(out.join(format!("corlib_{name}_bindings.rs")))
            .unwrap_or_else(|e| panic!("writing bindings for mscorlib's {namespace}: {e}"));
    }
}

/// Writes `OUT_DIR/translated_methods_{name}.txt`: every method of `bindings` translated into Rust, one
/// `Type::rust_name` a line in output order, which tests/translated.rs checks each has a
/// property; and `translated_builds_{name}.txt`: the same lines, each followed by a tab and
/// the assemblies whose builds the translation follows (its gate), comma-separated.
fn write_translated(out: &std::path::Path, name: &str, bindings: &cilbind_codegen::Bindings) {
    let mut text = String::new();
    let mut builds = String::new();
    for t in bindings.translations().iter().filter(|t| t.refused.is_none()) {
        // `item` is `Type.Method` (`Matrix3x2..ctor` for a constructor).
        let ty = t.item.split('.').next().unwrap_or(&t.item);
        text.push_str(&format!("{ty}::{}\n", t.rust_name));
        builds.push_str(&format!("{ty}::{}\t{}\n", t.rust_name, t.builds.join(",")));
    }
    for (file, text) in [("methods", text), ("builds", builds)] {
        let path = out.join(format!("translated_{file}_{name}.txt"));
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
    }
}

/// Writes `OUT_DIR/functions_{name}.txt`: every method of `bindings` with its function-database
/// ID, one `id<TAB>in_table<TAB>signature` a line (the ID in 16 hexadecimal digits, `in_table`
/// `true` or `false`), in output order, which tests/function_table.rs finds in the runtime's
/// database after `init()`.
fn write_functions(out: &std::path::Path, name: &str, bindings: &cilbind_codegen::Bindings) {
    let mut text = String::new();
    for f in bindings.functions() {
        text.push_str(&format!("{:016x}\t{}\t{}\n", f.id, f.in_table, f.signature));
    }
    let path = out.join(format!("functions_{name}.txt"));
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}

/// The fixtures built for both runtimes: compiled against netstandard 2.1 (the reference
/// [`netstandard_reference`] builds) instead of Mono's mscorlib, so that every class-library
/// type they name goes through the netstandard facade each runtime has. Spans.cs: Span<T> is
/// in Mono's mscorlib, and CoreCLR's mscorlib facade does not forward it.
const NETSTANDARD_FIXTURES: &[&str] = &["Spans"];

/// netstandard's public key (its identity's PublicKeyToken is cc7b13ffcd2ddd51), public data
/// read from the assembly's metadata: the reference assembly is delay-signed with it, so that
/// what is compiled against it names netstandard as a .NET SDK build does.
const NETSTANDARD_PUBLIC_KEY: &str = "0024000004800000940000000602000000240000525341310004000001000100\
     4b86c4cb78549b34bab61a3b1800e23bfeb5b3ec390074041536a7e3cbd97f5f04cf0f857155a8928eaa29ebfd11cf\
     bbad3ba70efea7bda3226c6a8d370a4cd303f714486b6ebc225985a638471e6ef571cc92a4613c00b8fa65d61ccee0\
     cbe5f36330c9a01f4183559f1bef24cc2917c6d913e3a541333a1d05d9bed22b38cb";

/// Compiles fixtures/netstandard-ref/netstandard.cs, a reference assembly named netstandard
/// 2.1, into a folder of its own (`OUT_DIR/netstandard-ref`: no runtime and no generator
/// searches it, so each finds its own netstandard facade) and returns its path.
fn netstandard_reference(out: &Path) -> PathBuf {
    let dir = out.join("netstandard-ref");
    std::fs::create_dir_all(&dir).expect("create OUT_DIR/netstandard-ref");
    let key: Vec<u8> = (0..NETSTANDARD_PUBLIC_KEY.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&NETSTANDARD_PUBLIC_KEY[i..i + 2], 16).expect("hexadecimal key"))
        .collect();
    let key_file = dir.join("netstandard.pub");
    std::fs::write(&key_file, key).expect("write netstandard's public key");
    let dll = dir.join("netstandard.dll");
    let status = Command::new("mcs")
        .args([
            "-nologo",
            "-target:library",
            "-nostdlib",
            "-langversion:7.2",
            "-warnaserror+",
            "-delaysign+",
        ])
        .arg(format!("-keyfile:{}", key_file.display()))
        .arg(format!("-out:{}", dll.display()))
        .arg("fixtures/netstandard-ref/netstandard.cs")
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
    assert!(
        status.success(),
        "mcs failed on fixtures/netstandard-ref/netstandard.cs"
    );
    dll
}

/// Debian's Json.NET (package `libnewtonsoft-json5.0-cil`, installed by scripts/ensure-deps.sh).
const JSON_NET: &str = "/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll";

/// Compiles `sources` into the library `dll` with mcs, referencing `references`.
fn mcs(sources: &[PathBuf], dll: &std::path::Path, references: &[PathBuf]) {
    mcs_with(sources, dll, references, &[]);
}

/// [`mcs`] with more of mcs's options (`-define:NAME`).
fn mcs_with(sources: &[PathBuf], dll: &std::path::Path, references: &[PathBuf], options: &[&str]) {
    let status = Command::new("mcs")
        .args(["-nologo", "-target:library", "-optimize+", "-warnaserror+", "-unsafe"])
        .args(options)
        .arg(format!("-out:{}", dll.display()))
        .args(references.iter().map(|r| format!("-r:{}", r.display())))
        .args(sources)
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
    assert!(status.success(), "mcs failed on {sources:?}");
}

/// `source` with the first `+` of the translated `Vector3.Add` (`left.x + right.x`) made a
/// `-`; panics when the translation is not where it is expected, so the broken bindings can
/// never silently be the good ones.
fn flip_first_sign(source: &str) -> String {
    let signature = "pub fn add(left: &Vector3, right: &Vector3) -> ::cilbind::Result<Vector3> {";
    let at = source
        .find(signature)
        .unwrap_or_else(|| panic!("the translated Vector3.Add is not in the bindings: {signature}"));
    let body_end = at + source[at..].find("Ok(").expect("the translated body returns Ok");
    let plus = at
        + source[at..body_end]
            .find(" + ")
            .expect("the translated Vector3.Add adds");
    format!("{}{}{}", &source[..plus], " - ", &source[plus + 3..])
}
