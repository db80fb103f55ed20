//! The probes of tests/static_fields.rs: every public static field reflection lists, read
//! through the generated bindings.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The test over every public static field (tests/static_fields.rs): each field reflection
/// lists (static-fields/ListStaticFields.cs, run with `mono`) in mscorlib's `System`
/// namespace, System.Numerics.Vectors and the statics fixture, read first through the
/// bindings, then compared with what C# reads. Writes the bindings of the mscorlib types that
/// have such fields (`corlib_statics_bindings.rs`) and `static_field_probes.rs`: one probe per
/// listed field calling its getter (or, for a field the generator did not bind, an entry of
/// `UNBOUND`, which the test refuses).
pub fn write(out: &Path, bound: Vec<(&str, PathBuf, Vec<cilbind_codegen::FieldBinding>)>) {
    println!("cargo:rerun-if-changed=static-fields");
    let lister = out.join("ListStaticFields.exe");
    let status = Command::new("mcs")
        .args(["-nologo", "-target:exe", "-warnaserror+"])
        .arg(format!("-out:{}", lister.display()))
        .arg("static-fields/ListStaticFields.cs")
        .status()
        .unwrap_or_else(|e| panic!("cannot run mcs (apt-get install -y mono-mcs): {e}"));
    assert!(status.success(), "mcs failed on static-fields/ListStaticFields.cs");
    let list = |assembly: &Path, namespace: Option<&str>| -> Vec<(String, String)> {
        let output = Command::new("mono")
            .arg(&lister)
            .arg(assembly)
            .args(namespace)
            .output()
            .unwrap_or_else(|e| panic!("cannot run mono: {e}"));
        assert!(
            output.status.success(),
            "ListStaticFields.exe failed on {}: {}",
            assembly.display(),
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout)
            .expect("UTF-8 listing")
            .lines()
            .map(|l| {
                let (t, f) = l.split_once('\t').expect("type<TAB>field");
                (t.to_string(), f.to_string())
            })
            .collect()
    };
    let corlib = PathBuf::from("/usr/lib/mono/4.5/mscorlib.dll");
    let corlib_listed = list(&corlib, Some("System"));
    let mut builder = cilbind_codegen::Builder::new().assembly(&corlib);
    let mut types: Vec<&str> = corlib_listed.iter().map(|(t, _)| t.as_str()).collect();
    types.dedup();
    for t in types {
        builder = builder.type_name(t.replace('+', "/"));
    }
    let corlib_bindings = builder
        .generate()
        .unwrap_or_else(|e| panic!("generating bindings for mscorlib's static fields: {e}"));
    corlib_bindings
        .write_to_file(out.join("corlib_statics_bindings.rs"))
        .unwrap_or_else(|e| panic!("writing bindings for mscorlib's static fields: {e}"));

    let mut sections = vec![(
        "mscorlib (namespace System)",
        "crate::corlib",
        "mscorlib",
        corlib_listed,
        corlib_bindings.fields().to_vec(),
    )];
    for (name, input, fields) in bound {
        let (label, root, assembly) = match name {
            "vectors" => (
                "System.Numerics.Vectors",
                "managed_tests::vectors",
                "System.Numerics.Vectors",
            ),
            _ => ("Statics (fixture)", "managed_tests::statics", "Statics"),
        };
        sections.push((label, root, assembly, list(&input, None), fields));
    }

    let mut probes = String::new();
    let mut unbound = String::new();
    let mut listed = String::new();
    for (label, root, assembly, fields, bindings) in &sections {
        listed.push_str(&format!("    ({label:?}, {}),\n", fields.len()));
        probes.push_str(&format!("    if take({label:?}) {{\n        probes.extend(vec![\n"));
        for (type_name, field) in fields {
            let metadata = type_name.replace('+', "/");
            let Some(b) = bindings
                .iter()
                .find(|b| b.is_static && b.type_name == metadata && &b.field == field)
            else {
                unbound.push_str(&format!("    ({assembly:?}, {type_name:?}, {field:?}),\n"));
                continue;
            };
            let call = match &b.rust_trait {
                None => format!("{root}::{}::{}()", b.rust_type, b.getter),
                Some(t) => format!("<{} as {root}::{t}>::{}()", b.rust_type, b.getter),
            };
            let probe = match b.form {
                cilbind_codegen::FieldForm::Primitive
                | cilbind_codegen::FieldForm::Enum
                | cilbind_codegen::FieldForm::FullStruct => "value",
                cilbind_codegen::FieldForm::Bool => "boolean",
                cilbind_codegen::FieldForm::String => "string",
                cilbind_codegen::FieldForm::Object => "object",
                cilbind_codegen::FieldForm::ManagedStruct => "managed_struct",
                cilbind_codegen::FieldForm::ValueArray => "value_array",
                cilbind_codegen::FieldForm::Nullable => "nullable",
            };
            probes.push_str(&format!(
                "            Probe::new(\"{type_name}, {assembly}\", {field:?}, probe::{probe}({call})),\n"
            ));
        }
        probes.push_str("        ]);\n    }\n");
    }
    let text = format!(
        "// Generated by managed-tests/build/static_field_probes.rs: one probe per public\n\
         // static field reflection lists, in listing order.\n\n\
         /// Public static fields reflection listed, per assembly.\n\
         const LISTED: &[(&str, usize)] = &[\n{listed}];\n\n\
         /// Fields reflection listed that have no getter in the bindings: (assembly, type, field).\n\
         const UNBOUND: &[(&str, &str, &str)] = &[\n{unbound}];\n\n\
         /// Reads every bound field of the sections `take` takes (by label) through its getter,\n\
         /// in listing order (the first access to each type from Rust), and keeps each result\n\
         /// for the comparison with C#.\n\
         fn read_all(take: impl Fn(&str) -> bool) -> Vec<Probe> {{\n    let mut probes = Vec::new();\n{probes}    probes\n}}\n"
    );
    let path = out.join("static_field_probes.rs");
    std::fs::write(&path, text).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
}
