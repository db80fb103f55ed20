//! The types the runtime declares itself (`String`, the 14 primitives, `Object`, `Enum`,
//! `ValueType`) get their mscorlib members as an extension trait over the runtime's type
//! (`plan::runtime_members` has the rules); the core interfaces the runtime declares stay
//! skips with their reason. The generated code compiles in `managed-tests` (a subset, with
//! tests calling it) and in `corlib_builds` (all of mscorlib).

use cilbind_codegen::{Bindings, Builder, SkipKind};

const CORLIB: &str = "/usr/lib/mono/4.5/mscorlib.dll";

/// `(.NET name, the runtime's Rust type)`.
const RUNTIME_TYPES: &[(&str, &str)] = &[
    ("String", "::cilbind::NetString"),
    ("Object", "::cilbind::Object"),
    ("Enum", "::cilbind::Enum"),
    ("ValueType", "::cilbind::ValueType"),
    ("Boolean", "::cilbind::Boolean"),
    ("Char", "::cilbind::Char"),
    ("SByte", "::cilbind::SByte"),
    ("Byte", "::cilbind::Byte"),
    ("Int16", "::cilbind::Int16"),
    ("UInt16", "::cilbind::UInt16"),
    ("Int32", "::cilbind::Int32"),
    ("UInt32", "::cilbind::UInt32"),
    ("Int64", "::cilbind::Int64"),
    ("UInt64", "::cilbind::UInt64"),
    ("Single", "::cilbind::Single"),
    ("Double", "::cilbind::Double"),
    ("IntPtr", "::cilbind::IntPtr"),
    ("UIntPtr", "::cilbind::UIntPtr"),
];

fn generate() -> Bindings {
    let mut b = Builder::new().assembly(CORLIB).type_name("System.IComparable");
    for (name, _) in RUNTIME_TYPES {
        b = b.type_name(format!("System.{name}"));
    }
    b.generate().expect("generate")
}

/// The text of the item that starts with `start`, up to its closing brace at the same indent.
fn item<'a>(rust: &'a str, start: &str) -> &'a str {
    let at = rust.find(start).unwrap_or_else(|| panic!("`{start}` is in the output"));
    let indent = rust[..at].rsplit('\n').next().unwrap_or_default();
    let end = format!("\n{indent}}}\n");
    let len = rust[at..].find(&end).expect("item closes") + end.len();
    &rust[at..at + len]
}

#[test]
fn each_runtime_type_gets_an_extension_trait() {
    let b = generate();
    let rust = b.to_rust().unwrap();
    for (name, runtime) in RUNTIME_TYPES {
        let decl = item(&rust, &format!("pub trait {name}Methods: Sized {{"));
        assert!(decl.contains("/// Binds `"), "{name}: members declared");
        let body = item(&rust, &format!("impl {name}Methods for {runtime} {{"));
        assert!(!body.contains("/// "), "{name}: docs are on the trait only");
        assert!(
            !body.contains("pub fn"),
            "{name}: trait items take the trait's visibility"
        );
        assert!(
            !rust.contains(&format!("// skipped `type {name}`")),
            "{name} is no longer a skipped type"
        );
    }
    // Declarations and bodies match one to one.
    let decl = item(&rust, "pub trait StringMethods: Sized {");
    let body = item(&rust, "impl StringMethods for ::cilbind::NetString {");
    let fns = |text: &str| text.matches("fn ").count();
    assert_eq!(fns(decl), fns(body));
    assert!(fns(decl) > 150, "String has over 150 bound members: {}", fns(decl));
    // A core interface the runtime declares stays a skip.
    assert!(rust.contains("// skipped `type System.IComparable`: the runtime binds it as `::cilbind::IComparable`"));
    assert_eq!(b.summary().types_skipped.get(&SkipKind::RuntimeType), Some(&1));
}

#[test]
fn receivers_and_names_follow_the_rules() {
    let rust = generate().to_rust().unwrap();
    // A primitive's `this` is a copy passed by pointer.
    let int32 = item(&rust, "impl Int32Methods for ::cilbind::Int32 {");
    assert!(int32.contains("let mut __this = *self;"));
    assert!(int32.contains("::cilbind::THIS_BY_POINTER"));
    for (name, runtime) in RUNTIME_TYPES {
        let body = item(&rust, &format!("impl {name}Methods for {runtime} {{"));
        assert!(!body.contains("&mut self"), "{name}: no method mutates `this`");
    }
    // A reference type's `this` is its handle, passed as the receiver of the method's own
    // `MethodRef` (which a wrapper proving that type lets skip the class check).
    let string = item(&rust, "impl StringMethods for ::cilbind::NetString {");
    assert!(string.contains("::cilbind::generated::This::new(self, &"));
    // Names the runtime's type already answers to, and std's trait methods, end in `_net`:
    // `String.Clone` would make `s.clone()` ambiguous, `Object.ToString` is
    // `Object::to_string`'s twin; nothing is numbered.
    let string_decl = item(&rust, "pub trait StringMethods: Sized {");
    assert!(string_decl.contains("fn clone_net("));
    assert!(!string_decl.contains("fn clone("));
    let object_decl = item(&rust, "pub trait ObjectMethods: Sized {");
    assert!(object_decl.contains("fn to_string_net("));
    assert!(object_decl.contains("fn equals_net("));
    assert!(!object_decl.contains("fn to_string("));
    let int32_decl = item(&rust, "pub trait Int32Methods: Sized {");
    assert!(int32_decl.contains("fn to_string_net("));
    for decl in [string_decl, object_decl, int32_decl] {
        assert!(!decl.contains("_2("), "no numbered name");
    }
    // Where nothing clashes, the plain name.
    assert!(int32_decl.contains("fn parse(s: impl ::cilbind::StrArg) -> ::cilbind::Result<i32>;"));
    assert!(int32_decl.contains("const MAX_VALUE: i32 = 2147483647_i32;"));
    let double_decl = item(&rust, "pub trait DoubleMethods: Sized {");
    assert!(double_decl.contains("fn is_nan(d: f64) -> ::cilbind::Result<bool>;"));
}

/// The summary counts what the output contains (as `summary_agrees` checks for fixtures).
#[test]
fn summary_agrees_with_the_output() {
    let b = generate();
    let rust = b.to_rust().unwrap();
    let (mut bound, mut skipped_members, mut skipped_types) = (0, 0, 0);
    for line in rust.lines().map(str::trim_start) {
        if line.starts_with("/// Binds `")
            || line.starts_with("/// Reads the .NET field")
            || line.starts_with("/// The .NET constant")
        {
            bound += 1;
        } else if let Some(item) = line.strip_prefix("// skipped `") {
            if item.starts_with("type ") || item.starts_with("struct ") {
                skipped_types += 1;
            } else {
                skipped_members += 1;
            }
        }
    }
    let s = b.summary();
    // Members bound on closed generic instantiations (`impl Func<f64, f64>`) are in the
    // output too, counted on a line of their own.
    assert_eq!(
        (bound, skipped_members, skipped_types),
        (
            s.members_bound + s.instance_members_bound,
            s.members_skipped_total() + s.instance_members_skipped_total(),
            s.types_skipped_total()
        ),
        "{s}"
    );
    assert_eq!(b.skips().len(), skipped_members + skipped_types);
    // The runtime types' members are mostly bound (524 of 578 with Mono 6.8's mscorlib).
    assert!(bound > 500 && skipped_members < bound / 5, "{s}");
    eprintln!("{s}");
}

/// `cilbind generate --type` selects types as `Builder::type_name` does.
#[test]
fn the_command_line_selects_types() {
    let dir = std::env::temp_dir().join(format!("cilbind-runtime-members-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("int32.rs");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_cilbind"))
        .args([
            "generate",
            CORLIB,
            "--type",
            "System.Int32",
            "--type",
            "System.Char",
            "--out",
        ])
        .arg(&out)
        .output()
        .expect("run cilbind");
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let rust = std::fs::read_to_string(&out).unwrap();
    let via_builder = Builder::new()
        .assembly(CORLIB)
        .type_name("System.Int32")
        .type_name("System.Char")
        .generate()
        .unwrap()
        .to_rust()
        .unwrap();
    assert_eq!(rust, via_builder);
    assert!(rust.contains("pub trait Int32Methods: Sized {"));
    assert!(rust.contains("pub trait CharMethods: Sized {"));
    assert!(!rust.contains("pub trait StringMethods"));
    let _ = std::fs::remove_dir_all(&dir);
}
