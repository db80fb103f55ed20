//! What every blittable value type (enum, `[Flags]` enum, full struct) gets besides its
//! declaration: its `TypeRef`, the `Blittable` declaration (compile-time check that every
//! field is plain data), explicit boxing to `Object`, `ValueType`, `Enum` (enums) and each
//! interface it implements (inherited ones included), checked unboxing, and, for bound full
//! structs, their members.

use super::format::Splices;
use super::{member, type_ref_decl};
use crate::plan::{rust_primitive, TypeItem, TypeItemKind};

pub(super) fn render(out: &Splices, t: &TypeItem) -> String {
    let (fields, boxing, members) = match &t.kind {
        TypeItemKind::Enum(e) | TypeItemKind::Flags(e) => {
            (vec![rust_primitive(e.underlying).to_string()], &e.boxing, None)
        }
        TypeItemKind::FullStruct { decl, boxing, members } => (
            decl.fields.iter().map(|f| f.ty.clone()).collect(),
            boxing,
            members.as_ref(),
        ),
        _ => return String::new(),
    };
    let name = &t.name;
    let mut s = type_ref_decl(t);
    s.push_str(&format!(
        "::cilbind::blittable!(unsafe {name}, {}, [{}]);\n",
        t.type_ref,
        fields.join(", ")
    ));
    s.push_str(&format!(
        "::cilbind::generated::impl_boxing!({name} => {});\n",
        boxing.join(", ")
    ));
    if let Some(members) = members {
        s.push_str(&member::render(out, members));
    }
    s
}
