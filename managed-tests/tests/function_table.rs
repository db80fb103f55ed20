//! The function database is complete at start-up: every method the generator lists in a
//! bindings' `FUNCTIONS` table is in the database right after that bindings' `init()`, before
//! any call, with the generator's signature; and the lookups (by ID, by signature, by
//! `Type::Method`, iteration) find them. No test here calls a bound method: the only
//! entries are the tables' (and the runtime's own, which it binds for itself).

use std::collections::BTreeMap;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use cilbind::{FunctionDb, FunctionId, FunctionSource};
use managed_tests::*;

/// One line of `functions_{name}.txt` (build.rs): the generator's view of a bound method.
struct Listed {
    id: FunctionId,
    in_table: bool,
    signature: String,
}

fn listed(name: &str) -> Vec<Listed> {
    let path = std::path::Path::new(env!("OUT_DIR")).join(format!("functions_{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(|line| {
            let mut parts = line.splitn(3, '\t');
            let (id, in_table, signature) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
            Listed {
                id: FunctionId(u64::from_str_radix(id, 16).unwrap()),
                in_table: in_table.parse().unwrap(),
                signature: signature.to_string(),
            }
        })
        .collect()
}

type Init = fn() -> cilbind::Result<()>;

/// The bindings whose assembly declares natives (C# internal calls implemented in Rust).
const WITH_NATIVES: &[&str] = &["incoming", "natives"];

/// One generated bindings: its name in build.rs, `init`, `ASSEMBLIES` and `FUNCTIONS`.
type Bindings = (
    &'static str,
    Init,
    &'static [&'static str],
    &'static [cilbind::generated::FunctionType],
);

/// Every bindings whose functions build.rs lists (on CoreCLR, those that apply there: the
/// internal-call natives are Mono's).
fn bindings() -> Vec<Bindings> {
    macro_rules! of {
        ($($m:ident),*) => { vec![$((stringify!($m), $m::init as Init, $m::ASSEMBLIES, $m::FUNCTIONS)),*] };
    }
    let mono_only: &[(&str, &str)] = &[
        ("incoming", managed_tests::mono_only::INTERNAL_CALLS),
        ("natives", managed_tests::mono_only::INTERNAL_CALLS),
    ];
    let mut all: Vec<Bindings> = of!(
        basics,
        game,
        events,
        conversions,
        props,
        pointers,
        ref_returns,
        nullables,
        spans,
        incoming,
        natives,
        implement,
        vectors,
        corlib_runtime,
        generics
    );
    all.retain(|(name, ..)| match mono_only.iter().find(|(m, _)| m == name) {
        Some((_, reason)) => !managed_tests::part_not_on_coreclr(&format!("the {name} bindings"), reason),
        None => true,
    });
    all
}

/// Runs the completeness check once, whichever test comes first (the others wait): each
/// bindings' listed methods are absent before its `init()` and present after. Returns, for
/// each bindings, its table's row count and how long its first `init()` took with its
/// assemblies already loaded (the layouts' and the table's check).
fn complete() -> &'static BTreeMap<&'static str, (usize, Duration)> {
    static DONE: OnceLock<BTreeMap<&'static str, (usize, Duration)>> = OnceLock::new();
    DONE.get_or_init(|| {
        let mut times = BTreeMap::new();
        for (name, init, assemblies, functions_table) in bindings() {
            let functions = listed(name);
            let table: Vec<&Listed> = functions.iter().filter(|f| f.in_table).collect();
            let rows: usize = functions_table.iter().map(|t| t.3.len()).sum();
            assert_eq!(
                table.len(),
                rows,
                "{name}: FUNCTIONS has the rows the generator lists in_table"
            );
            assert!(!table.is_empty(), "{name} lists methods");
            let before: Vec<&str> = table
                .iter()
                .filter(|f| FunctionDb::get(f.id).is_some())
                .map(|f| f.signature.as_str())
                .collect();
            assert!(before.is_empty(), "{name}: in the database before init(): {before:?}");
            // As init() loads them, so that the time below is the checks'.
            let runtime = managed_tests::runtime();
            for path in assemblies {
                let simple = std::path::Path::new(path).file_stem().unwrap().to_str().unwrap();
                if runtime.assembly(simple).is_err() {
                    runtime.load_assembly(path).unwrap();
                }
            }
            let start = Instant::now();
            match init() {
                Ok(()) => assert!(
                    !WITH_NATIVES.contains(&name),
                    "{name}::init() started without its natives"
                ),
                // Bindings whose assembly declares natives install their table, then refuse to
                // start while the natives are not installed (none are: no method runs here).
                Err(cilbind::Error::NativesNotInstalled { assemblies, .. })
                    if WITH_NATIVES.contains(&name) && assemblies.len() == 1 => {}
                Err(e) => panic!("{name}::init(): {e}"),
            }
            times.insert(name, (rows, start.elapsed()));
            for f in &table {
                let entry =
                    FunctionDb::get(f.id).unwrap_or_else(|| panic!("{name}: {} not in the database", f.signature));
                assert_eq!(entry.signature, f.signature, "{name}");
                assert_eq!(entry.source, FunctionSource::Table, "{name}: {}", f.signature);
                assert_eq!(FunctionId::of_signature(&entry.signature), f.id);
            }
            // What the table leaves out (members of generic types, generic methods) is not
            // there until called: their ID names the closed instantiation.
            for f in functions.iter().filter(|f| !f.in_table) {
                assert!(
                    FunctionDb::get(f.id).is_none(),
                    "{name}: {} is in the database",
                    f.signature
                );
            }
        }
        times
    })
}

#[test]
fn every_listed_method_is_in_the_database_right_after_init() {
    let times = complete();
    // Listed, not asserted: rows and the time each first init() took once its assemblies
    // were loaded (layouts and every bound method checked), and a re-check of every table.
    let start = Instant::now();
    FunctionDb::check().expect("every table still matches");
    let recheck = start.elapsed();
    eprintln!("first init() of each bindings (rows, time): {times:?}");
    eprintln!("FunctionDb::check() of all {} tables: {recheck:?}", times.len());
    // A second init() finds its table checked and does nothing more.
    let start = Instant::now();
    generics::init().unwrap();
    eprintln!("generics::init() again: {:?}", start.elapsed());
}

#[test]
fn entries_are_found_by_id_signature_and_member() {
    complete();
    let sum = "[Basics]Fixtures.Calls::Sum(System.Int32,System.Int32)->System.Int32";
    let id = FunctionId::of_signature(sum);
    let entry = FunctionDb::get(id).expect("Calls.Sum");
    assert_eq!(entry.assembly, "Basics");
    assert_eq!(entry.declaring_type, "Fixtures.Calls");
    assert_eq!(entry.name, "Sum");
    assert_eq!(entry.parameters, ["System.Int32", "System.Int32"]);
    assert_eq!(entry.return_type, "System.Int32");
    assert_eq!(entry.member(), "Fixtures.Calls::Sum");
    assert!(entry.method().unwrap().is_static());
    assert_eq!(FunctionDb::by_signature(sum), Some(entry.clone()));
    assert_eq!(FunctionDb::by_signature(&sum.replace("Int32)->", "Int64)->")), None);
    assert_eq!(FunctionDb::overloads("Fixtures.Calls::Sum"), vec![entry]);
    // `Defaults.Sum` is another member, not an overload of `Calls.Sum`.
    assert_eq!(FunctionDb::overloads("Fixtures.Defaults::Sum").len(), 1);
    assert!(FunctionDb::overloads("Fixtures.Calls::NoSuchMethod").is_empty());

    // Every overload of a member the generator binds, and only those.
    let index_of: Vec<String> = listed("corlib_runtime")
        .into_iter()
        .filter(|f| f.in_table && f.signature.starts_with("[mscorlib]System.String::IndexOf("))
        .map(|f| f.signature)
        .collect();
    assert!(index_of.len() >= 5, "{index_of:?}");
    let found: Vec<String> = FunctionDb::overloads("System.String::IndexOf")
        .into_iter()
        .map(|e| e.signature)
        .collect();
    let mut expected = index_of.clone();
    expected.sort();
    assert_eq!(found, expected);
}

#[test]
fn iteration_lists_every_entry_sorted() {
    complete();
    let all = FunctionDb::entries();
    assert!(
        all.windows(2).all(|w| w[0].signature < w[1].signature),
        "sorted, no duplicates"
    );
    let ids: std::collections::HashSet<FunctionId> = all.iter().map(|e| e.id).collect();
    for (name, ..) in bindings() {
        for f in listed(name).iter().filter(|f| f.in_table) {
            assert!(ids.contains(&f.id), "{name}: {} not listed", f.signature);
        }
    }
    for e in &all {
        assert_eq!(FunctionId::of_signature(&e.signature), e.id);
        assert_eq!(FunctionDb::get(e.id).as_ref(), Some(e));
    }
}
