//! `[Flags]` enums: a `bitflags` 2 type, declared in a module of its own (`__flags_Name`)
//! and re-exported. `const _ = !0;` declares every bit as known, so values with bits that
//! have no name survive a round trip through Rust unchanged.

use super::format::Splices;
use super::tokens::ident;
use crate::plan::{rust_primitive, EnumDecl, TypeItem};
use proc_macro2::TokenStream;
use quote::quote;

/// Escapes text for a `///` doc comment line.
fn doc(text: &str) -> String {
    text.lines().map(|l| format!("/// {l}\n")).collect()
}

/// The `bitflags!` block (hand-formatted, spliced in after formatting) and the conversions.
pub(super) fn render(out: &Splices, t: &TypeItem, e: &EnumDecl) -> TokenStream {
    let name = &t.name;
    let int = rust_primitive(e.underlying);
    // `bitflags!` expands with parameters and locals of its own (`f`, `other`), which a type
    // of the bound module could shadow (rustc's E0530): it expands in a module of its own,
    // where no bound type is, and the type is re-exported.
    let bare = name.trim_start_matches("r#");
    let mut block = String::from("::cilbind::generated::bitflags::bitflags! {\n");
    block.push_str(&indent(
        &doc(&format!(
            "Binds the .NET `[Flags]` enum `{}` (assembly `{}`, underlying type `System.{}`).",
            t.metadata_name,
            t.assembly,
            e.underlying.system_name()
        )),
        1,
    ));
    block.push_str(&indent(
        &format!(
            "#[repr(transparent)]\n#[allow(non_camel_case_types)]\n\
             #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]\n\
             pub struct {name}: {int} {{\n"
        ),
        1,
    ));
    for v in &e.values {
        match v {
            Err(skip) => block.push_str(&indent(&format!("// skipped `{}`: {}\n", skip.item, skip.reason), 2)),
            Ok(v) => {
                block.push_str(&indent(&doc(&v.doc), 2));
                block.push_str(&indent(&format!("const {} = {};\n", v.name, v.value), 2));
            }
        }
    }
    block.push_str(&indent(
        "/// Bits without a name are kept, as .NET keeps them.\nconst _ = !0;\n",
        2,
    ));
    block.push_str("    }\n}\n");
    let block = format!(
        "#[doc(hidden)]\nmod __flags_{bare} {{\n{}}}\npub use __flags_{bare}::{name};\n",
        indent(&block, 1)
    );
    let block = out.macro_block(block);
    let (name, int) = (ident(name), ident(int));
    quote! {
        #block
        impl ::core::convert::From<#int> for #name { fn from(__value: #int) -> Self { Self::from_bits_retain(__value) } }
        impl ::core::convert::From<#name> for #int { fn from(__value: #name) -> Self { __value.bits() } }
    }
}

fn indent(text: &str, levels: usize) -> String {
    let pad = "    ".repeat(levels);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}
