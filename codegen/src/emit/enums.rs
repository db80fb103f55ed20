//! Plain enums: a `#[repr(transparent)]` newtype over the underlying integer with one
//! associated constant per member. A newtype (not a Rust `enum`) because .NET code may hand
//! back any value of the underlying type, and every such value must stay representable.

use super::{doc, fits, names, rust_primitive, EmitCx};
use crate::model::{Primitive, TypeModel};
use std::collections::BTreeSet;

pub(super) fn emit(cx: &EmitCx, t: &TypeModel, underlying: Primitive) -> String {
    let name = &cx.names[&t.path].1;
    let int = rust_primitive(underlying);
    let mut out = doc(&format!(
        "Binds the .NET enum `{}` (assembly `{}`, underlying type `System.{}`).",
        t.path.metadata_name,
        t.path.assembly,
        underlying.system_name()
    ));
    out.push_str(&format!(
        "#[repr(transparent)]\n#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]\n\
         pub struct {name}(pub {int});\n"
    ));
    out.push_str(&format!("impl {name} {{\n"));
    let mut taken = BTreeSet::new();
    for m in t.enum_info.iter().flat_map(|e| &e.members) {
        if !fits(underlying, m.value) {
            out.push_str(&cx.comment(&format!("skipped `{}`: value {} does not fit {int}", m.name, m.value)));
            continue;
        }
        out.push_str(&doc(&format!("`{}.{}` = {}", t.path.metadata_name, m.name, m.value)));
        let const_name = names::unique(names::screaming_snake_case(&m.name), &mut taken);
        out.push_str(&format!("pub const {const_name}: Self = Self({});\n", m.value));
    }
    out.push_str("}\n");
    out.push_str(&format!(
        "impl From<{int}> for {name} {{ fn from(value: {int}) -> Self {{ Self(value) }} }}\n\
         impl From<{name}> for {int} {{ fn from(value: {name}) -> Self {{ value.0 }} }}\n"
    ));
    out
}
