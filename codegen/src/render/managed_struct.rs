//! Managed structs (value types with a reference inside): a newtype over
//! `::cilbind::StructHandle<Self>`, held in a `StructStore` of their own. Value semantics as in
//! C#: `Clone` copies the struct; boxing copies it into the object store (a new identity) and
//! unboxing copies it back.

use super::format::Splices;
use super::{doc, member, type_ref_decl};
use crate::plan::{Members, TypeItem};

/// `reason`: why the struct is managed; `boxing`: what it boxes to.
pub(super) fn render(
    out: &Splices,
    t: &TypeItem,
    reason: &str,
    boxing: &[String],
    members: Option<&Members>,
) -> String {
    let name = &t.name;
    let type_ref = &t.type_ref;
    let mut s = type_ref_decl(t);
    s.push_str(&doc(&format!(
        "Binds the .NET struct `{}` (assembly `{}`), held by handle because {reason}.",
        t.metadata_name, t.assembly
    )));
    s.push_str(&format!(
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
    for target in boxing {
        s.push_str(&format!(
            "impl ::cilbind::BoxAs<{target}> for {name} {{\n\
                fn box_to(&self) -> ::cilbind::Result<{target}> {{ self.0.box_object().and_then(<{target} as ::cilbind::Reference>::from_object) }}\n\
             }}\n"
        ));
    }
    if let Some(members) = members {
        s.push_str(&member::render(out, members));
    }
    s
}
