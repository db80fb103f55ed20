//! The root of the bindings: `ASSEMBLIES` (the inputs, as generated), `init()` (load them,
//! check every full struct's layout against the running runtime's, install the function table
//! and prove the type graph the wrappers assume), `check_layouts()`, `check_types()` and
//! `FUNCTIONS` (the table, `plan::function_table`).
//!
//! Checking before any call is GZDoom's rule: refuse to start on a size mismatch or a missing
//! or changed method rather than read garbage or fail later.
//!
//! `FUNCTIONS` is hand-formatted, one line per method and two per type (spliced in after
//! formatting, as `bitflags!` blocks are): prettyplease would break most rows over several
//! lines, and the table of all of mscorlib has twelve thousand of them.

use super::format::Splices;
use super::tokens::{lit_str, ty};
use crate::plan::{Plan, TableType};
use proc_macro2::TokenStream;
use quote::quote;
use std::fmt::Write;

/// The root items of `plan`: its inputs' paths (`assemblies`), every full struct's layout
/// check, every class wrapper's type proof, the function table, the inputs that declare natives
/// (C# internal calls implemented in Rust, which `init()` requires installed) and the
/// translation gates.
pub(super) fn render(out: &Splices, plan: &Plan) -> TokenStream {
    let assemblies = &plan.assemblies;
    let full_structs = &plan.layout_checks;
    let wrappers = &plan.type_checks;
    let table = &plan.function_table();
    let with_natives = &plan.native_assemblies();
    let translated_from = &plan.translated_from;
    let gates = &plan.gates;
    let gate = (!translated_from.is_empty()).then(|| {
        let gate = quote::format_ident!("{}", crate::plan::translate::GATE);
        let builds = translated_from.iter().map(|(a, v)| {
            let (a, v) = (lit_str(a), lit_str(v));
            quote!((#a, #v))
        });
        quote! {
            /// The builds (simple name, module version) the translated methods were made from:
            /// they run as Rust only while exactly these are loaded, and the managed methods run
            /// on any other build (another runtime's class library, a rebuilt assembly after a
            /// reload).
            pub const TRANSLATED_FROM: &[(&str, &str)] = &[#(#builds),*];
            #[doc(hidden)]
            pub static #gate: ::cilbind::generated::TranslationGate = ::cilbind::generated::TranslationGate::new(TRANSLATED_FROM);
        }
    });
    // The gates of translations that follow fewer builds (a struct method that reads nothing
    // of mscorlib), each holding wherever its own builds are loaded.
    let fewer = gates.iter().map(|(name, builds)| {
        let gate = quote::format_ident!("{}", name);
        let builds = builds.iter().map(|(a, v)| {
            let (a, v) = (lit_str(a), lit_str(v));
            quote!((#a, #v))
        });
        quote! {
            #[doc(hidden)]
            pub static #gate: ::cilbind::generated::TranslationGate = ::cilbind::generated::TranslationGate::new(&[#(#builds),*]);
        }
    });
    let gate = quote!(#gate #(#fewer)*);
    let paths = assemblies.iter().map(|p| lit_str(p));
    let checks = full_structs.iter().map(|rust| {
        let rust = ty(rust);
        quote!(#rust::check_layout()?;)
    });
    let proofs = wrappers.iter().map(|rust| {
        let rust = ty(rust);
        quote!(<#rust as ::cilbind::ManagedType>::class)
    });
    let functions = out.macro_block(functions(table));
    let load = quote! {
        let __runtime = ::cilbind::Runtime::get()?;
        for __path in ASSEMBLIES {
            let __name = ::std::path::Path::new(__path).file_stem().and_then(|__s| __s.to_str()).unwrap_or_default();
            if __runtime.assembly(__name).is_err() {
                __runtime.load_assembly(__path)?;
            }
        }
    };
    let init = if with_natives.is_empty() {
        quote! {
            /// Starts the runtime, loads [`ASSEMBLIES`] (an assembly already loaded under the same name
            /// is kept, so load yours first to use another path), checks every full struct's layout,
            /// then installs [`FUNCTIONS`] in the function database, which checks every bound method
            /// against the loaded assemblies: `Error::FunctionsMismatch` lists every one missing or
            /// changed; then proves every bound type's base and interfaces ([`check_types`]). Cheap to
            /// call again. In a client of a remote runtime the server checks
            /// [`FUNCTIONS`] instead, and nothing is loaded here.
            pub fn init() -> ::cilbind::Result<()> {
                if ::cilbind::generated::checked_remotely(FUNCTIONS)? {
                    return ::core::result::Result::Ok(());
                }
                #load
                check_layouts()?;
                let __functions = ::cilbind::FunctionDb::install_table(FUNCTIONS);
                __functions.and(check_types())
            }
        }
    } else {
        let names = with_natives.iter().map(|n| lit_str(n));
        quote! {
            /// The assemblies of [`ASSEMBLIES`] that declare natives (C# internal calls implemented in
            /// Rust), which `init()` requires installed.
            pub const NATIVE_ASSEMBLIES: &[&str] = &[#(#names),*];
            /// Starts the runtime, loads [`ASSEMBLIES`] (an assembly already loaded under the same name
            /// is kept, so load yours first to use another path), checks every full struct's layout,
            /// then installs [`FUNCTIONS`] in the function database, which checks every bound method
            /// against the loaded assemblies: `Error::FunctionsMismatch` lists every one missing or
            /// changed; then proves every bound type's base and interfaces ([`check_types`]). Last,
            /// every native of [`NATIVE_ASSEMBLIES`] must be installed
            /// ([`init_with_natives`], or `Assembly::install_natives` before this):
            /// `Error::NativesNotInstalled` lists every one that is not, rather than let C#'s first
            /// call of one fail. Cheap to call again. In a client of a remote runtime the server
            /// checks [`FUNCTIONS`] instead (natives run in the server's process).
            pub fn init() -> ::cilbind::Result<()> {
                if ::cilbind::generated::checked_remotely(FUNCTIONS)? {
                    return ::core::result::Result::Ok(());
                }
                #load
                check_layouts()?;
                let __functions = ::cilbind::FunctionDb::install_table(FUNCTIONS);
                __functions.and(check_types())?;
                ::cilbind::native::require_installed(NATIVE_ASSEMBLIES)
            }
            /// Loads [`ASSEMBLIES`] as [`init`] does, installs the given native tables (each class's
            /// `natives::<YourType>()`; every native of [`NATIVE_ASSEMBLIES`] exactly once, checked as
            /// `Assembly::install_natives` checks it: `Error::NativesMismatch` lists what is missing
            /// or unexpected, and nothing is installed), then runs [`init`].
            pub fn init_with_natives(__natives: impl ::core::iter::IntoIterator<Item = ::cilbind::native::NativeTable>) -> ::cilbind::Result<()> {
                #load
                ::cilbind::native::install(NATIVE_ASSEMBLIES, __natives)?;
                init()
            }
        }
    };
    quote! {
        /// The assemblies these bindings were generated from (paths at generation time).
        pub const ASSEMBLIES: &[&str] = &[#(#paths),*];
        #gate
        #init
        /// Checks every full struct's Rust layout against the running runtime's (size and field offsets):
        /// `Error::LayoutMismatch` names the first type and field that differ.
        pub fn check_layouts() -> ::cilbind::Result<()> {
            #(#checks)*
            ::core::result::Result::Ok(())
        }
        /// Proves, against the loaded assemblies, that every class, interface and delegate bound here
        /// derives from its base and implements its interfaces as the bindings assume (the conversions
        /// between wrappers rely on it): `Error::TypeGraphMismatch` lists every relation that does not
        /// hold. A wrapper whose type is not found is left to fail where it is used.
        pub fn check_types() -> ::cilbind::Result<()> {
            ::cilbind::generated::check_type_graph(&[#(#proofs),*])
        }
        #functions
    }
}

/// The text of `FUNCTIONS`.
fn functions(table: &[TableType]) -> String {
    let mut text = String::from(
        "/// Every method these bindings call, by type, as `init()` installs them in the function database\n\
         /// (`cilbind::FunctionDb`): `T(assembly, namespace, type, [F(ID, name, parameter types, return\n\
         /// type)])`, Mono's type names. Members of generic types and generic methods are not listed:\n\
         /// their entry is made when they are first called.\n\
         pub static FUNCTIONS: &[::cilbind::generated::FunctionType] = ",
    );
    if table.is_empty() {
        text.push_str("&[];\n");
        return text;
    }
    text.push_str("{\n    use ::cilbind::generated::{FunctionRow as F, FunctionType as T};\n    &[\n");
    let s = |s: &str| lit_str(s).to_string();
    for t in table {
        let (assembly, namespace, name) = t.parts;
        // Writing to a `String` cannot fail.
        let _ = writeln!(text, "        T({}, {}, {}, &[", s(assembly), s(namespace), s(name));
        for m in &t.methods {
            let params: Vec<String> = m.cli_params.iter().map(|p| s(p)).collect();
            let _ = writeln!(
                text,
                "            F({:#018x}, {}, &[{}], {}),",
                m.function_id,
                s(&m.metadata_name),
                params.join(", "),
                s(&m.cli_return)
            );
        }
        text.push_str("        ]),\n");
    }
    text.push_str("    ]\n};\n");
    text
}
