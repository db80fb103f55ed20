//! The root of the bindings: `ASSEMBLIES` (the inputs, as generated), `init()` (load them and
//! check every full struct's layout against Mono's) and `check_layouts()`.
//!
//! Checking layouts before any call is GZDoom's rule: refuse to start on a size mismatch
//! rather than read garbage later.

use super::tokens::{lit_str, ty};
use proc_macro2::TokenStream;
use quote::quote;

/// `assemblies`: the inputs' paths; `full_structs`: root-relative paths of every full struct.
pub(super) fn render(assemblies: &[String], full_structs: &[String]) -> TokenStream {
    let paths = assemblies.iter().map(|p| lit_str(p));
    let checks = full_structs.iter().map(|rust| {
        let rust = ty(rust);
        quote!(#rust::check_layout()?;)
    });
    quote! {
        /// The assemblies these bindings were generated from (paths at generation time).
        pub const ASSEMBLIES: &[&str] = &[#(#paths),*];
        /// Starts the runtime, loads [`ASSEMBLIES`] (an assembly already loaded under the same name
        /// is kept, so load yours first to use another path), and checks every full struct's layout.
        pub fn init() -> ::cilbind::Result<()> {
            let runtime = ::cilbind::Runtime::get()?;
            for path in ASSEMBLIES {
                let name = ::std::path::Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or_default();
                if runtime.assembly(name).is_err() {
                    runtime.load_assembly(path)?;
                }
            }
            check_layouts()
        }
        /// Checks every full struct's Rust layout against Mono's (size and field offsets):
        /// `Error::LayoutMismatch` names the first type and field that differ.
        pub fn check_layouts() -> ::cilbind::Result<()> {
            #(#checks)*
            Ok(())
        }
    }
}
