//! Overload names (`plan::overloads`): the names System.Numerics.Vectors and Newtonsoft.Json
//! get, checked against `expected/overload_names.txt` (refresh with
//! `CILBIND_BLESS=1 cargo test -p cilbind-codegen --test overload_names` and review the diff),
//! and a C# class that gains overloads keeping every name it had.

mod common;

use cilbind_codegen::{Bindings, Builder, Function};
use std::collections::BTreeMap;
use std::path::Path;

/// `[Assembly]Type::Name(…)->…`: the assembly and the type.
fn owner(f: &Function) -> (&str, &str) {
    let rest = f.signature.strip_prefix('[').unwrap_or(&f.signature);
    let (assembly, rest) = rest.split_once(']').unwrap_or(("", rest));
    let ty = rest.split_once("::").map_or(rest, |(ty, _)| ty);
    (assembly, ty)
}

/// One line per bound member of the types `mine` selects (by assembly and type) that shares
/// its base name with another member: assembly, type, .NET signature, Rust name.
fn overload_lines(b: &Bindings, mine: impl Fn(&str, &str) -> bool) -> Vec<String> {
    b.functions()
        .iter()
        .filter(|f| f.overloaded && mine(owner(f).0, owner(f).1))
        .map(|f| {
            let (assembly, ty) = owner(f);
            format!("{assembly}\t{ty}\t{}\t{}", f.member, f.rust_name)
        })
        .collect()
}

#[test]
fn vectors_and_json_net_overload_names_match_the_expectation() {
    let mut lines = Vec::new();
    // Mono's System.Numerics.Vectors forwards its types to System.Numerics (`Vector2`, …) and
    // mscorlib (`Vector`, `Vector<T>`).
    let vectors = Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .generate()
        .expect("generate");
    lines.extend(overload_lines(&vectors, |_, ty| ty.starts_with("System.Numerics.")));
    // Installed by scripts/ensure-deps.sh (Debian's libnewtonsoft-json5.0-cil).
    let json = Builder::new()
        .assembly("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll")
        .generate()
        .expect("generate");
    lines.extend(overload_lines(&json, |assembly, _| assembly == "Newtonsoft.Json"));
    assert!(lines.len() > 500, "{} overloaded members", lines.len());
    lines.sort();
    let text = lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/expected/overload_names.txt");
    if std::env::var_os("CILBIND_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("parent")).expect("create expected/");
        std::fs::write(&path, &text).expect("write the expectation");
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != text {
        let old: Vec<&str> = expected.lines().collect();
        let new: Vec<&str> = text.lines().collect();
        let gone: Vec<&&str> = old.iter().filter(|l| !new.contains(l)).take(10).collect();
        let added: Vec<&&str> = new.iter().filter(|l| !old.contains(l)).take(10).collect();
        panic!(
            "overload names differ from {}; rerun with CILBIND_BLESS=1 and review the diff\n\
             expected, not generated: {gone:#?}\ngenerated, not expected: {added:#?}",
            path.display()
        );
    }
}

/// The class before and after it gains overloads: a constructor, `Area`, `Format` and `Draw`
/// with more parameters, `Format` with new parameter names, `Abs` with a new parameter type, a
/// generic `Parse`, a new conversion, a method `SetCount` beside the setter `set_Count` and a
/// method `SetRules` beside the field `Rules`'s setter.
const FIRST: &str = "
    public Shapes() { }
    public Shapes(int side) { }
    public int Area(int side) { return side * side; }
    public int Area(int w, int h) { return w * h; }
    public static double Abs(double value) { return value; }
    public static int Abs(int value) { return value; }
    public string Format(string text) { return text; }
    public string Format(string text, int width) { return text; }
    public void Draw(float x, float y) { }
    public static object Parse(string text) { return text; }
    public static explicit operator int(Shapes s) { return 0; }
    public static explicit operator long(Shapes s) { return 0; }
    public int Count { get { return 0; } set { } }
    public int count() { return 0; }
    public int Rules;
";

const ADDED: &str = "
    public Shapes(int side, int depth) { }
    public int Area(int w, int h, int d) { return w * h * d; }
    public static long Abs(long value) { return value; }
    public string Format(string text, string fill) { return text; }
    public string Format(char pad, int width) { return null; }
    public void Draw(float x, float y, float z) { }
    public static T Parse<T>(string text, T fallback) { return fallback; }
    public static explicit operator Shapes(int side) { return null; }
    public void SetCount(int count, bool notify) { }
    public void SetRules(int rules) { }
";

fn functions(dir_tag: &str, body: &str) -> BTreeMap<String, String> {
    let dir = common::temp_dir(dir_tag);
    let source = dir.join("Growth.cs");
    std::fs::write(
        &source,
        format!("namespace Growth {{ public class Shapes {{ {body} }} }}"),
    )
    .expect("write C#");
    let dll = common::mcs_path(&dir, &source, "Growth.dll");
    let b = Builder::new().assembly(&dll).generate().expect("generate");
    let mut out: BTreeMap<String, String> = b
        .functions()
        .iter()
        .map(|f| (f.member.clone(), f.rust_name.clone()))
        .collect();
    // Fields are not functions: their accessors, from the output.
    let rust = b.to_rust().expect("rust");
    for accessor in ["rules", "set_rules"] {
        if rust.contains(&format!("pub fn {accessor}(")) {
            out.insert(format!("field accessor {accessor}"), accessor.to_string());
        }
    }
    out
}

#[test]
fn adding_overloads_renames_no_member() {
    let before = functions("growth-before", FIRST);
    // The new overloads come first in metadata order: numbering in that order would rename
    // every old one.
    let after = functions("growth-after", &format!("{ADDED}{FIRST}"));
    assert_eq!(before.len(), 17, "{before:#?}");
    assert_eq!(after.len(), before.len() + 10, "{after:#?}");
    for (member, name) in &before {
        assert_eq!(after.get(member), Some(name), "{member} keeps its name");
    }
    let named = |name: &str| after.values().filter(|n| *n == name).count() == 1;
    for name in [
        "new",
        "new_with_side",
        "new_with_side_depth",
        "area",
        "area_with_w_h",
        "area_with_w_h_d",
        "abs_f64",
        "abs_i32",
        "abs_i64",
        "format",
        "format_with_width",
        "format_with_fill",
        "format_with_pad_width",
        "draw",
        "draw_with_z",
        "parse",
        "parse_with_fallback",
        "op_explicit_to_i32",
        "op_explicit_to_i64",
        "op_explicit_with_side",
        "count",
        "count_to_i32",
        "set_count",
        "set_count_with_count_notify",
        "set_rules_with_rules",
    ] {
        assert!(named(name), "{name} in {after:#?}");
    }
    // The field keeps `rules` / `set_rules`; the method says what it takes.
    assert!(named("rules") && named("set_rules"), "{after:#?}");
    // No name is numbered.
    let numbered = |n: &str| {
        n.rsplit_once('_')
            .is_some_and(|(_, last)| last.bytes().all(|b| b.is_ascii_digit()))
    };
    assert!(!after.values().any(|n| numbered(n)), "{after:#?}");
}
