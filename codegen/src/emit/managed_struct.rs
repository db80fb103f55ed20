//! Managed structs (value types with a reference inside): a newtype over
//! `::cilbind::StructHandle<Self>`, held in a `StructStore` of their own. Value semantics as in
//! C#: `Clone` copies the struct; boxing copies it into the object store (a new identity) and
//! unboxing copies it back.

use super::member::{self, MemberOwner};
use super::reference::upcast_targets;
use super::types::{type_ref_decl, type_ref_static};
use super::{doc, EmitCx};
use crate::classify::ClassifiedType;
use crate::model::TypeModel;

pub(super) fn emit(cx: &EmitCx, t: &TypeModel, reason: &str, bound: Option<&ClassifiedType>) -> String {
    let (module, name) = &cx.names[&t.path];
    let type_ref = type_ref_static(name);
    let mut out = type_ref_decl(&t.path, name);
    out.push_str(&doc(&format!(
        "Binds the .NET struct `{}` (assembly `{}`), held by handle because {reason}.",
        t.path.metadata_name, t.path.assembly
    )));
    out.push_str(&format!(
        "#[derive(Clone, Debug)]\npub struct {name}(pub ::cilbind::StructHandle<{name}>);\n\
         impl ::cilbind::ManagedStruct for {name} {{\n\
            fn store() -> &'static ::cilbind::StructStore<Self> {{\n\
                static STORE: ::cilbind::StructStore<{name}> = ::cilbind::StructStore::new();\n\
                &STORE\n\
            }}\n\
            fn class() -> ::cilbind::Result<::cilbind::Class> {{ {type_ref}.class() }}\n\
         }}\n\
         impl ::cilbind::ManagedType for {name} {{\n\
            fn class() -> ::cilbind::Result<::cilbind::Class> {{ {type_ref}.class() }}\n\
         }}\n\
         impl {name} {{\n\
            /// The default value (every field zero or null), like C#'s `default`.\n\
            pub fn default_value() -> ::cilbind::Result<Self> {{ ::cilbind::StructHandle::default_value().map(Self) }}\n\
         }}\n\
         impl ::cilbind::Unbox for {name} {{\n\
            fn unbox_from(obj: &::cilbind::Object) -> ::cilbind::Result<Self> {{ ::cilbind::StructHandle::unbox(obj).map(Self) }}\n\
         }}\n"
    ));
    let mut targets = vec!["::cilbind::ValueType".to_string()];
    for target in upcast_targets(cx, module, t) {
        if !targets.contains(&target) {
            targets.push(target);
        }
    }
    for target in targets {
        out.push_str(&format!(
            "impl ::cilbind::BoxAs<{target}> for {name} {{\n\
                fn box_to(&self) -> ::cilbind::Result<{target}> {{ self.0.box_object().and_then(<{target} as ::cilbind::Reference>::from_object) }}\n\
             }}\n"
        ));
    }
    if let Some(bound) = bound {
        out.push_str(&member::emit_members(cx, t, bound, MemberOwner::ManagedStruct));
    }
    out
}
