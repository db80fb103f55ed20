//! `[Flags]` enums: a `bitflags` 2 type. `const _ = !0;` declares every bit as known, so
//! values with bits that have no name survive a round trip through Rust unchanged.

use super::{doc, fits, names, rust_primitive, EmitCx};
use crate::model::{Primitive, TypeModel};
use std::collections::BTreeSet;

/// Returns the hand-formatted `bitflags!` block and the (normally formatted) conversions.
pub(super) fn emit(cx: &EmitCx, t: &TypeModel, underlying: Primitive) -> (String, String) {
    let name = &cx.names[&t.path].1;
    let int = rust_primitive(underlying);
    let mut out = String::from("::cilbind::generated::bitflags::bitflags! {\n");
    out.push_str(&indent(
        &doc(&format!(
            "Binds the .NET `[Flags]` enum `{}` (assembly `{}`, underlying type `System.{}`).",
            t.path.metadata_name,
            t.path.assembly,
            underlying.system_name()
        )),
        1,
    ));
    out.push_str(&indent(
        &format!(
            "#[repr(transparent)]\n#[allow(non_camel_case_types)]\n\
             #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]\n\
             pub struct {name}: {int} {{\n"
        ),
        1,
    ));
    let mut taken = BTreeSet::new();
    for m in t.enum_info.iter().flat_map(|e| &e.members) {
        if !fits(underlying, m.value) {
            continue;
        }
        let const_name = names::unique(names::screaming_snake_case(&m.name), &mut taken);
        out.push_str(&indent(
            &doc(&format!("`{}.{}` = {}", t.path.metadata_name, m.name, m.value)),
            2,
        ));
        out.push_str(&indent(&format!("const {const_name} = {};\n", m.value), 2));
    }
    out.push_str(&indent(
        "/// Bits without a name are kept, as .NET keeps them.\nconst _ = !0;\n",
        2,
    ));
    out.push_str("    }\n}\n");
    let conversions = format!(
        "impl From<{int}> for {name} {{ fn from(value: {int}) -> Self {{ Self::from_bits_retain(value) }} }}\n\
         impl From<{name}> for {int} {{ fn from(value: {name}) -> Self {{ value.bits() }} }}\n"
    );
    (out, conversions)
}

fn indent(text: &str, levels: usize) -> String {
    let pad = "    ".repeat(levels);
    text.lines().map(|l| format!("{pad}{l}\n")).collect()
}
