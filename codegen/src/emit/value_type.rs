//! What every blittable value type (enum, `[Flags]` enum, full struct) gets besides its
//! declaration: its `TypeRef`, the `Blittable` declaration (compile-time check that every
//! field is plain data), explicit boxing to `Object`, `ValueType`, `Enum` (enums) and each
//! interface it implements (inherited ones included), checked unboxing, and, for bound full
//! structs, their members.

use super::member::{self, MemberOwner};
use super::reference::upcast_targets;
use super::types::{type_ref_decl, type_ref_static};
use super::EmitCx;
use crate::classify::ClassifiedType;
use crate::model::TypeModel;

/// `field_types` lists the Rust types of the declaration's fields (for the plain-data check).
pub(super) fn emit(
    cx: &EmitCx,
    t: &TypeModel,
    field_types: &[String],
    is_enum: bool,
    bound: Option<&ClassifiedType>,
) -> String {
    let (module, name) = &cx.names[&t.path];
    let type_ref = type_ref_static(name);
    let mut out = type_ref_decl(&t.path, name);
    out.push_str(&format!(
        "::cilbind::blittable!(unsafe {name}, {type_ref}, [{}]);\n",
        field_types.join(", ")
    ));
    let mut targets = vec!["::cilbind::ValueType".to_string()];
    if is_enum {
        targets.push("::cilbind::Enum".into());
    }
    for target in upcast_targets(cx, module, t) {
        if !targets.contains(&target) {
            targets.push(target);
        }
    }
    out.push_str(&format!(
        "::cilbind::generated::impl_boxing!({name} => {});\n",
        targets.join(", ")
    ));
    if let Some(bound) = bound {
        if !is_enum {
            out.push_str(&member::emit_members(cx, t, bound, MemberOwner::FullStruct));
        }
    }
    out
}
