//! The summary counts what the output contains: for every fixture (this crate's, the
//! managed-tests fixtures, the sample) and for Mono's System.Numerics.Vectors, the bound
//! members, skipped members and skipped types counted in the generated Rust equal the
//! summary's, and `Bindings::skips` lists exactly the skip comments.
//!
//! In the output, a bound member is a function or constant documented `/// Binds `…``
//! (methods, constructors, accessors), `/// Reads the .NET field` (a field's getter; its
//! setter is the same member) or `/// The .NET constant`; a skip is a `// skipped `…``
//! comment, of a type when the item starts with `type ` or `struct `, of a native (counted
//! apart, as the summary counts natives) when it starts with `native `, of a Rust
//! implementation (counted apart too) when it starts with `implement `; a native with a trait
//! method is a trait method documented `/// The internal call `…``; a type Rust implements or
//! extends has a trait documented `/// A Rust implementation of the .NET interface` or
//! `/// Rust overrides of the .NET class`.

mod common;

use cilbind_codegen::{Bindings, Builder};
use std::path::{Path, PathBuf};

#[derive(Debug, Default, PartialEq, Eq)]
struct Counts {
    members_bound: usize,
    members_skipped: usize,
    types_skipped: usize,
    natives_bound: usize,
    natives_skipped: usize,
    implementations_bound: usize,
    implementations_skipped: usize,
}

fn count_output(rust: &str) -> Counts {
    let mut c = Counts::default();
    for line in rust.lines().map(str::trim_start) {
        if line.starts_with("/// Binds `")
            || line.starts_with("/// Reads the .NET field")
            || line.starts_with("/// The .NET constant")
        {
            c.members_bound += 1;
        } else if line.starts_with("/// The internal call `") || line.starts_with("/// The native `") {
            c.natives_bound += 1;
        } else if line.starts_with("/// A Rust implementation of the .NET interface `")
            || line.starts_with("/// Rust overrides of the .NET class `")
        {
            c.implementations_bound += 1;
        } else if let Some(item) = line.strip_prefix("// skipped `") {
            if item.starts_with("native ") {
                c.natives_skipped += 1;
            } else if item.starts_with("implement ") {
                c.implementations_skipped += 1;
            } else if item.starts_with("type ") || item.starts_with("struct ") {
                c.types_skipped += 1;
            } else {
                c.members_skipped += 1;
            }
        }
    }
    c
}

fn check(name: &str, b: &Bindings) -> Counts {
    let rust = b.to_rust().expect("render");
    let s = b.summary();
    // The output binds the closed instantiations' members too; the summary counts them apart.
    let summary = Counts {
        members_bound: s.members_bound + s.instance_members_bound,
        members_skipped: s.members_skipped_total() + s.instance_members_skipped_total(),
        types_skipped: s.types_skipped_total(),
        natives_bound: s.natives_bound,
        natives_skipped: s.natives_skipped_total(),
        implementations_bound: s.implementations_bound,
        implementations_skipped: s.implementations_skipped_total(),
    };
    let output = count_output(&rust);
    assert_eq!(output, summary, "{name}: output vs summary\n{s}");
    eprintln!("{name}: {summary:?}");
    assert_eq!(
        b.skips().len(),
        summary.members_skipped + summary.types_skipped + summary.natives_skipped + summary.implementations_skipped,
        "{name}: skips()"
    );
    summary
}

fn compile(dir: &Path, source: &Path) -> PathBuf {
    let out = dir.join(source.file_stem().unwrap()).with_extension("dll");
    let status = std::process::Command::new("mcs")
        .args(["-nologo", "-target:library", "-unsafe", "-nowarn:67,169,649,414"])
        .arg(format!("-out:{}", out.display()))
        .arg(source)
        .status()
        .expect("run mcs");
    assert!(status.success(), "mcs failed on {}", source.display());
    out
}

#[test]
fn summary_agrees_with_output_on_every_fixture() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dir = common::temp_dir("agree");
    let mut sources = vec![
        root.join("codegen/tests/fixtures/Fixture.cs"),
        root.join("samples/managed/Arena.cs"),
    ];
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(root.join("managed-tests/fixtures"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .collect();
    fixtures.sort();
    sources.extend(fixtures);
    let mut total = Counts::default();
    for source in &sources {
        let dll = compile(&dir, source);
        let b = Builder::new().assembly(&dll).generate().expect("generate");
        let c = check(&source.display().to_string(), &b);
        total.members_bound += c.members_bound;
        total.members_skipped += c.members_skipped;
        total.types_skipped += c.types_skipped;
        total.natives_bound += c.natives_bound;
        total.implementations_bound += c.implementations_bound;
    }
    assert!(total.members_bound > 300 && total.members_skipped > 10, "{total:?}");
    assert!(total.natives_bound > 30, "{total:?}");
    assert!(total.implementations_bound > 5, "{total:?}");
}

#[test]
fn summary_agrees_with_output_on_system_numerics_vectors() {
    let b = Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .generate()
        .expect("generate");
    let c = check("System.Numerics.Vectors", &b);
    assert!(c.members_bound > 100, "{c:?}");
}

#[test]
fn explain_prints_every_skip_as_a_table_row() {
    let dll = common::fixture_dll();
    let out = dll.with_file_name("bindings.rs");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .args(["generate", "--explain", "--out"])
        .arg(&out)
        .arg(&dll)
        .output()
        .expect("run cilbind");
    assert!(run.status.success());
    let stdout = String::from_utf8(run.stdout).unwrap();
    let table: Vec<&str> = stdout
        .lines()
        .skip_while(|l| *l != "item\tcategory\treason")
        .skip(1)
        .take_while(|l| *l != "method\ttranslation\treason")
        .collect();
    let b = Builder::new().assembly(&dll).generate().unwrap();
    assert_eq!(table.len(), b.skips().len(), "{stdout}");
    // Then what translation decided for each method of a full struct.
    let translations: Vec<&str> = stdout
        .lines()
        .skip_while(|l| *l != "method\ttranslation\treason")
        .skip(1)
        .take_while(|l| *l != "method\treceiver\treason")
        .collect();
    assert_eq!(translations.len(), b.translations().len(), "{stdout}");
    assert_eq!(
        translations.iter().filter(|row| row.ends_with("\ttranslated")).count(),
        b.summary().methods_translated,
        "{stdout}"
    );
    assert!(translations.contains(&"Vector3.Add\ttranslated"), "{stdout}");
    // Then the receiver of each instance method of a full struct.
    let receivers: Vec<&str> = stdout
        .lines()
        .skip_while(|l| *l != "method\treceiver\treason")
        .skip(1)
        .collect();
    assert_eq!(receivers.len(), b.struct_receivers().len(), "{stdout}");
    assert!(!receivers.is_empty(), "{stdout}");
    assert!(
        receivers
            .iter()
            .all(|row| row.ends_with("\t&self") || row.split('\t').nth(1) == Some("&mut self")),
        "{stdout}"
    );
    assert!(table.iter().all(|row| row.split('\t').count() == 3), "{stdout}");
    assert!(
        table.contains(&"Uses.Ptr\tpointer\treturns System.Int32* (pointer returns are not bound)"),
        "{stdout}"
    );
}

#[test]
fn every_bound_method_has_its_function_database_id() {
    let b = Builder::new().assembly(common::fixture_dll()).generate().unwrap();
    let rust = b.to_rust().unwrap();
    let methods = rust
        .lines()
        .filter(|l| l.trim_start().starts_with("/// Binds `"))
        .count();
    assert_eq!(b.functions().len(), methods);
    let fnv = |s: &str| {
        s.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
        })
    };
    for f in b.functions() {
        assert_eq!(f.id, fnv(&f.signature), "{f:?}");
        assert!(
            f.signature.starts_with("[Fixture]") || f.signature.starts_with("[mscorlib]"),
            "{f:?}"
        );
    }
    let ids: std::collections::BTreeSet<u64> = b.functions().iter().map(|f| f.id).collect();
    assert_eq!(ids.len(), b.functions().len(), "IDs are distinct");
    let legs = b
        .functions()
        .iter()
        .find(|f| f.item == "Animal.Legs")
        .expect("Animal.Legs");
    assert_eq!(legs.signature, "[Fixture]Fixture.Classes.Animal::Legs()->System.Int32");
}

#[test]
fn function_ids_agree_with_the_runtimes_documented_signature() {
    // managed-tests/tests/runtime/dynamic.rs checks that the runtime's function database gives
    // `Fixtures.Calls.Sum` this signature; the generator must name it the same way.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let dll = compile(&common::temp_dir("ids"), &root.join("managed-tests/fixtures/Basics.cs"));
    let b = Builder::new().assembly(&dll).generate().unwrap();
    let sum = b.functions().iter().find(|f| f.item == "Calls.Sum").expect("Calls.Sum");
    assert_eq!(
        sum.signature,
        "[Basics]Fixtures.Calls::Sum(System.Int32,System.Int32)->System.Int32"
    );
}

#[test]
fn the_function_table_lists_every_non_generic_bound_method_once() {
    let b = Builder::new().assembly(common::fixture_dll()).generate().unwrap();
    let rust = b.to_rust().unwrap();
    let start = rust.find("pub static FUNCTIONS").expect("a FUNCTIONS table");
    let table = &rust[start..start + rust[start..].find("\n};\n").expect("its end")];
    // `F(0x…, "Name", &[…], "Return"),`: one line per row.
    let rows: Vec<u64> = table
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("F(0x"))
        .map(|l| u64::from_str_radix(&l[..16], 16).unwrap())
        .collect();
    let listed: Vec<u64> = b.functions().iter().filter(|f| f.in_table).map(|f| f.id).collect();
    assert_eq!(
        rows, listed,
        "the table is the functions listed in_table, in output order"
    );
    // Generic methods, members of generic types (`Box<T>`) and of closed instantiations
    // (mscorlib's `List<Int32>`, which `Uses.Sum` takes) are the ones left out.
    let left_out: Vec<&str> = b
        .functions()
        .iter()
        .filter(|f| !f.in_table)
        .map(|f| f.item.as_str())
        .collect();
    assert!(left_out.contains(&"Uses.Identity"), "{left_out:?}");
    assert!(left_out.contains(&"Box.Get"), "{left_out:?}");
    assert!(
        left_out
            .iter()
            .all(|i| *i == "Uses.Identity" || i.starts_with("Box.") || i.starts_with("List.")),
        "{left_out:?}"
    );
    assert!(rows.len() > 20, "{} rows", rows.len());
    // Each row spells the signature its ID hashes.
    let sum = b.functions().iter().find(|f| f.item == "Animal.Legs").unwrap();
    assert!(
        table.contains(&format!("F({:#018x}, \"Legs\", &[], \"System.Int32\"),", sum.id)),
        "{table}"
    );
}
