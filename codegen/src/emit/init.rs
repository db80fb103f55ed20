//! The root of the bindings: `ASSEMBLIES` (the inputs, as generated), `init()` (load them and
//! check every full struct's layout against Mono's) and `check_layouts()`.
//!
//! Checking layouts before any call is GZDoom's rule: refuse to start on a size mismatch
//! rather than read garbage later.

use std::path::PathBuf;

use super::EmitCx;
use crate::model::TypePath;

pub(super) fn emit(cx: &EmitCx, assemblies: &[PathBuf], full_structs: &[TypePath]) -> String {
    let paths: Vec<String> = assemblies
        .iter()
        .map(|p| {
            format!(
                "{:?}",
                std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()).to_string_lossy()
            )
        })
        .collect();
    let checks: String = full_structs
        .iter()
        .filter_map(|p| cx.path_from(&[], p))
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
