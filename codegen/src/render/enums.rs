//! Plain enums: a `#[repr(transparent)]` newtype over the underlying integer with one
//! associated constant per member. A newtype (not a Rust `enum`) because .NET code may hand
//! back any value of the underlying type, and every such value must stay representable.

use super::format::Splices;
use super::{doc, skip_comment};
use crate::plan::{rust_primitive, EnumDecl, TypeItem};

pub(super) fn render(out: &Splices, t: &TypeItem, e: &EnumDecl) -> String {
    let name = &t.name;
    let int = rust_primitive(e.underlying);
    let mut s = doc(&format!(
        "Binds the .NET enum `{}` (assembly `{}`, underlying type `System.{}`).",
        t.metadata_name,
        t.assembly,
        e.underlying.system_name()
    ));
    s.push_str(&format!(
        "#[repr(transparent)]\n#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]\n\
         pub struct {name}(pub {int});\n"
    ));
    s.push_str(&format!("impl {name} {{\n"));
    for v in &e.values {
        match v {
            Err(skip) => s.push_str(&skip_comment(out, skip)),
            Ok(v) => {
                s.push_str(&doc(&v.doc));
                s.push_str(&format!("pub const {}: Self = Self({});\n", v.name, v.value));
            }
        }
    }
    s.push_str("}\n");
    s.push_str(&format!(
        "impl From<{int}> for {name} {{ fn from(value: {int}) -> Self {{ Self(value) }} }}\n\
         impl From<{name}> for {int} {{ fn from(value: {name}) -> Self {{ value.0 }} }}\n"
    ));
    s
}
