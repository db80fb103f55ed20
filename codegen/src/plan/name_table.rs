//! The C# → Rust name table of the bound types (`Bindings::name_table`, `cilbind names`):
//! for each type, its own Rust path, then every member as C# declares it beside the Rust item
//! that binds it, or why none does. A read-only fold over the plan, like the summary.

use super::items::{MemberItem, Members, TypeItem, TypeItemKind};
use super::Plan;

/// One row of a type's name table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameRow {
    /// The .NET type (`Newtonsoft.Json.Linq.JObject`), as metadata names it.
    pub type_name: String,
    /// The type or member as C# declares it (`public JObject(object content)`), or, for a
    /// member not bound, as skips name it (`JObject.Add`).
    pub csharp: String,
    /// The Rust item that binds it (`newtonsoft::json::linq::JObject`, `JObject::new_with_content`,
    /// `JTokenExt::…`); `None` when it is not bound.
    pub rust: Option<String>,
    /// Why it is not bound (the skip's reason); empty when it is.
    pub not_bound: String,
}

impl Plan {
    /// The name table of every bound type, in output order.
    pub(crate) fn name_table(&self) -> Vec<NameRow> {
        let mut out = Vec::new();
        for t in self.types.iter().filter(|t| t.bound && t.public) {
            type_rows(t, &mut out);
        }
        for r in &self.runtime {
            let owner = r.members.trait_name.clone().unwrap_or_default();
            member_rows(&r.members, &owner, &mut out);
        }
        out
    }
}

fn type_rows(t: &TypeItem, out: &mut Vec<NameRow>) {
    let mut path = t.module.clone();
    path.push(t.name.clone());
    let kind = match &t.kind {
        TypeItemKind::Enum(_) | TypeItemKind::Flags(_) => "enum",
        TypeItemKind::FullStruct { .. } | TypeItemKind::ManagedStruct { .. } | TypeItemKind::GenericStruct { .. } => {
            "struct"
        }
        TypeItemKind::Reference { kind, .. } | TypeItemKind::GenericReference { kind, .. } => kind,
        TypeItemKind::NativesHost => "class",
    };
    out.push(NameRow {
        type_name: t.metadata_name.clone(),
        csharp: format!("{kind} {}", t.metadata_name),
        rust: Some(path.join("::")),
        not_bound: String::new(),
    });
    match &t.kind {
        TypeItemKind::Enum(e) | TypeItemKind::Flags(e) => {
            for v in &e.values {
                out.push(match v {
                    Ok(v) => NameRow {
                        type_name: t.metadata_name.clone(),
                        csharp: format!("{} = {}", v.net_name, v.value),
                        rust: Some(format!("{}::{}", t.name, v.name)),
                        not_bound: String::new(),
                    },
                    Err(s) => NameRow {
                        type_name: t.metadata_name.clone(),
                        csharp: s.item.clone(),
                        rust: None,
                        not_bound: s.reason.clone(),
                    },
                });
            }
        }
        TypeItemKind::FullStruct { decl, members, .. } => {
            for f in &decl.fields {
                out.push(NameRow {
                    type_name: t.metadata_name.clone(),
                    csharp: f.csharp.clone(),
                    rust: Some(format!("{}.{}", t.name, f.name)),
                    not_bound: String::new(),
                });
            }
            if let Some(m) = members {
                member_rows(m, &owner_of(m, &t.name), out);
            }
        }
        TypeItemKind::ManagedStruct { members, .. }
        | TypeItemKind::Reference { members, .. }
        | TypeItemKind::GenericReference { members, .. }
        | TypeItemKind::GenericStruct { members, .. } => {
            if let Some(m) = members {
                member_rows(m, &owner_of(m, &t.name), out);
            }
        }
        TypeItemKind::NativesHost => {}
    }
}

/// What a member's Rust path starts with: the type, or an interface's extension trait.
fn owner_of(m: &Members, name: &str) -> String {
    m.trait_name.clone().unwrap_or_else(|| name.to_string())
}

fn member_rows(m: &Members, owner: &str, out: &mut Vec<NameRow>) {
    let row = |csharp: String, rust: String| NameRow {
        type_name: m.metadata_name.clone(),
        csharp,
        rust: Some(format!("{owner}::{rust}")),
        not_bound: String::new(),
    };
    for item in &m.items {
        match item {
            MemberItem::Method(f) => {
                for cs in &f.csharp {
                    out.push(row(cs.clone(), f.rust_name.clone()));
                }
            }
            MemberItem::Field(f) => {
                out.push(row(format!("{} {{ get; }}", f.csharp), f.getter.clone()));
                if let Some(s) = &f.setter {
                    out.push(row(format!("{} {{ set; }}", f.csharp), s.clone()));
                }
            }
            MemberItem::Const(c) => out.push(row(c.csharp.clone(), c.name.clone())),
            MemberItem::Skip(s) => out.push(NameRow {
                type_name: m.metadata_name.clone(),
                csharp: s.item.clone(),
                rust: None,
                not_bound: s.reason.clone(),
            }),
        }
    }
}
