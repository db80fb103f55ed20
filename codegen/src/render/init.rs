//! The root of the bindings: `ASSEMBLIES` (the inputs, as generated), `init()` (load them and
//! check every full struct's layout against Mono's) and `check_layouts()`.
//!
//! Checking layouts before any call is GZDoom's rule: refuse to start on a size mismatch
//! rather than read garbage later.

/// `assemblies`: the inputs' paths; `full_structs`: root-relative paths of every full struct.
pub(super) fn render(assemblies: &[String], full_structs: &[String]) -> String {
    let paths: Vec<String> = assemblies.iter().map(|p| format!("{p:?}")).collect();
    let checks: String = full_structs
        .iter()
        .map(|rust| format!("{rust}::check_layout()?;\n"))
        .collect();
    format!(
        "/// The assemblies these bindings were generated from (paths at generation time).\n\
         pub const ASSEMBLIES: &[&str] = &[{}];\n\
         /// Starts the runtime, loads [`ASSEMBLIES`] (an assembly already loaded under the same name\n\
         /// is kept, so load yours first to use another path), and checks every full struct's layout.\n\
         pub fn init() -> ::cilbind::Result<()> {{\n\
            let runtime = ::cilbind::Runtime::get()?;\n\
            for path in ASSEMBLIES {{\n\
                let name = ::std::path::Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or_default();\n\
                if runtime.assembly(name).is_err() {{\n\
                    runtime.load_assembly(path)?;\n\
                }}\n\
            }}\n\
            check_layouts()\n\
         }}\n\
         /// Checks every full struct's Rust layout against Mono's (size and field offsets):\n\
         /// `Error::LayoutMismatch` names the first type and field that differ.\n\
         pub fn check_layouts() -> ::cilbind::Result<()> {{\n{checks}Ok(())\n}}\n",
        paths.join(", ")
    )
}
