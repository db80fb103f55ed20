//! Checks a generation's coverage listing against reflection: `scripts/coverage/PublicSurface.cs`
//! (compiled with mcs, run with mono) lists the public members of an assembly; the listing
//! must name exactly the same members (none silently missing, none the generator alone sees,
//! none twice), and the summary's coverage figures must be the report's: the reflection
//! members looked up in the listing. Shared by `coverage.rs` and `corlib_builds.rs`.

use cilbind_codegen::{Bindings, Coverage, MemberKind, Status};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `PublicSurface.exe`, compiled once per test binary.
fn counter() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("cilbind-codegen-surface-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        let exe = dir.join("PublicSurface.exe");
        let out = Command::new("mcs")
            .arg("-nologo")
            .arg(format!("-out:{}", exe.display()))
            .arg(root().join("scripts/coverage/PublicSurface.cs"))
            .output()
            .expect("run mcs");
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
        exe
    })
}

type Key = (String, String, String);

/// Reflection's `(type, kind, key)` of every public member of `dll`.
fn reflect(dll: &Path) -> BTreeSet<Key> {
    let out = Command::new("mono").arg(counter()).arg(dll).output().expect("run mono");
    assert!(
        out.status.success(),
        "PublicSurface on {}: {}",
        dll.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(|l| {
            let mut f = l.splitn(3, '\t').map(str::to_string);
            let mut next = || f.next().unwrap_or_else(|| panic!("bad line {l:?}"));
            (next(), next(), next())
        })
        .collect()
}

/// Generates `dll`, compares its coverage listing with reflection, and returns the report's
/// figures (reflection's members looked up in the listing).
pub fn check(dll: &Path, b: &Bindings) -> Coverage {
    let mut listed: BTreeMap<Key, &Status> = BTreeMap::new();
    for row in b.coverage() {
        let key = (row.type_name.clone(), row.kind.key().to_string(), row.key.clone());
        assert!(listed.insert(key, &row.status).is_none(), "listed twice: {row}");
    }
    let reflected = reflect(dll);
    let listed_keys: BTreeSet<Key> = listed.keys().cloned().collect();
    let missing: Vec<&Key> = reflected.difference(&listed_keys).collect();
    let extra: Vec<&Key> = listed_keys.difference(&reflected).collect();
    assert!(
        missing.is_empty(),
        "{}: not in the listing: {missing:#?}",
        dll.display()
    );
    assert!(
        extra.is_empty(),
        "{}: not public by reflection: {extra:#?}",
        dll.display()
    );

    let mut report = Coverage::default();
    for key in &reflected {
        let status = listed[key];
        if key.1 == MemberKind::EnumValue.key() {
            report.enum_values += 1;
            report.enum_values_bound += usize::from(*status == Status::Bound);
            continue;
        }
        report.members += 1;
        match status {
            Status::Bound => report.bound += 1,
            Status::Skipped(kind, _) => *report.skipped.entry(*kind).or_default() += 1,
            Status::Missing => report.missing += 1,
        }
    }
    let silently: Vec<_> = b.coverage().iter().filter(|r| r.status == Status::Missing).collect();
    assert!(
        silently.is_empty(),
        "{}: silently missing: {silently:#?}",
        dll.display()
    );
    assert_eq!(b.summary().coverage, report, "{}: summary vs report", dll.display());
    eprintln!(
        "{}: {} public members, {} bound ({:.1}%), skipped {:?}, {} enum values",
        dll.display(),
        report.members,
        report.bound,
        report.percent_bound(),
        report.skipped,
        report.enum_values
    );
    report
}
