//! Which full-struct methods take `&mut self` (`read/this_writes.rs`), and why: every one of
//! Mono's System.Numerics.Vectors, the managed-tests fixtures, the sample's game and the
//! generator's own fixtures, with the store or call the IL analysis found, checked against
//! `expected/receivers.txt` (refresh with
//! `CILBIND_BLESS=1 cargo test -p cilbind-codegen --test receivers` and review the diff: each
//! line must name a real write, or the method is a false positive).

mod common;

use cilbind_codegen::{Bindings, Builder};
use std::path::{Path, PathBuf};

/// `assembly<TAB>member<TAB>reason` for each `&mut self` method, and the number of `&self` ones.
fn mut_receivers(assembly: &str, b: &Bindings, lines: &mut Vec<String>) -> usize {
    let mut shared = 0;
    for r in b.struct_receivers() {
        match &r.writes {
            Some(why) => lines.push(format!("{assembly}\t{}\t{why}", r.item)),
            None => shared += 1,
        }
    }
    shared
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
fn every_mut_self_method_names_its_write() {
    let mut lines = Vec::new();
    let vectors = Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .generate()
        .expect("generate");
    let mut shared = mut_receivers("System.Numerics.Vectors", &vectors, &mut lines);
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut sources: Vec<PathBuf> = std::fs::read_dir(root.join("managed-tests/fixtures"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cs"))
        .collect();
    sources.sort();
    sources.push(root.join("samples/managed/Arena.cs"));
    sources.push(root.join("codegen/tests/fixtures/Fixture.cs"));
    sources.push(root.join("codegen/tests/features/struct_receivers.cs"));
    let dir = common::temp_dir("receivers");
    for source in &sources {
        let dll = compile(&dir, source);
        let b = Builder::new().assembly(&dll).generate().expect("generate");
        let name = source.file_name().unwrap().to_string_lossy().into_owned();
        shared += mut_receivers(&name, &b, &mut lines);
    }
    // Each `&mut self` must be a write: the reason names the store (`stfld`, `stobj`, …) or the
    // call that cannot be followed.
    for l in &lines {
        let why = l.rsplit('\t').next().unwrap();
        assert!(
            why.contains("stores into this")
                || why.contains("which another type may override")
                || why.contains("has no IL")
                || why.contains("an internal call"),
            "{l}"
        );
    }
    lines.sort();
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    println!("{text}{} methods take &mut self, {shared} take &self", lines.len());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/receivers.txt");
    if std::env::var_os("CILBIND_BLESS").is_some() {
        std::fs::write(&path, &text).expect("write the expectation");
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != text {
        let old: Vec<&str> = expected.lines().collect();
        let new: Vec<&str> = text.lines().collect();
        let gone: Vec<&&str> = old.iter().filter(|l| !new.contains(l)).collect();
        let added: Vec<&&str> = new.iter().filter(|l| !old.contains(l)).collect();
        panic!(
            "`&mut self` methods differ from {}; rerun with CILBIND_BLESS=1 and review the diff\n\
             expected, not generated: {gone:#?}\ngenerated, not expected: {added:#?}",
            path.display()
        );
    }
    // The methods the trial found taking `&mut self` though they only read.
    for read_only in [
        "Plane.Equals",
        "Plane.GetHashCode",
        "Plane.ToString",
        "Grid.get_Item",
        "Grid.Length",
    ] {
        assert!(
            !lines.iter().any(|l| l.split('\t').nth(1) == Some(read_only)),
            "{read_only} takes &self"
        );
    }
}
