use std::path::PathBuf;

fn main() -> Result<(), cilbind_codegen::Error> {
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap());
    // A whole assembly.
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .generate()?
        .write_to_file(out.join("vectors.rs"))?;
    // One namespace and one type of a third-party assembly.
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/cli/Newtonsoft.Json-5.0/Newtonsoft.Json.dll")
        .namespace("Newtonsoft.Json.Linq")
        .type_name("Newtonsoft.Json.JsonConvert")
        .generate()?
        .write_to_file(out.join("json.rs"))?;
    // Types of the class library, and one of its interfaces for Rust to implement.
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/mono/4.5/mscorlib.dll")
        .type_name("System.Collections.Generic.List`1")
        .type_name("System.Comparison`1")
        .implementable("System.Collections.Generic.IComparer`1")
        .generate()?
        .write_to_file(out.join("collections.rs"))?;
    // The same vectors with `quickcheck::Arbitrary` and `cilbind::check`'s impls, for the
    // property tests alone (tests/vectors.rs includes it; the binary never compiles it).
    cilbind_codegen::Builder::new()
        .assembly("/usr/lib/mono/4.5/System.Numerics.Vectors.dll")
        .quickcheck(true)
        .generate()?
        .write_to_file(out.join("vectors_checked.rs"))
}
