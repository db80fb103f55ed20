//! `Bindings::inputs`: the assembly files a generation read, which `Builder` lists for Cargo
//! as `cargo:rerun-if-changed` lines when it runs in a build script.

mod common;

use cilbind_codegen::Builder;

#[test]
fn inputs_are_the_files_read_inputs_first_then_the_dependencies_needed() {
    let dir = common::temp_dir("inputs");
    let lib_b = common::mcs(&dir, "LibB.cs", "LibB.dll", &[]);
    let lib_a = common::mcs(&dir, "LibA.cs", "LibA.dll", &[&lib_b]);
    // In the searched folder but referenced by nothing: never read.
    let unrelated = common::mcs(&dir, "LibB.cs", "Unrelated.dll", &[]);
    let bindings = Builder::new()
        .assembly(&lib_a)
        .emit_rerun_if_changed(false)
        .generate()
        .expect("generate");
    let inputs = bindings.inputs();
    assert_eq!(inputs.first(), Some(&lib_a), "the input first: {inputs:?}");
    assert!(inputs.contains(&lib_b), "LibA's base type is in LibB: {inputs:?}");
    assert!(
        inputs.iter().any(|p| p.ends_with("mscorlib.dll")),
        "System.Object comes from Mono's class library: {inputs:?}"
    );
    assert!(!inputs.contains(&unrelated), "{inputs:?}");
    let mut unique = inputs.to_vec();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), inputs.len(), "each file once: {inputs:?}");
}
