//! Full structs: `Copy` Rust structs with exactly the managed layout, so a pointer to one
//! can be handed to .NET as a pointer to the unboxed value. The plan chose the declaration
//! (`plan/repr.rs`: repr, padding, union helpers); this file prints it, with
//! `pub const MANAGED_SIZE`, a compile-time assertion that Rust agrees, and `check_layout()`.

use super::doc;
use crate::plan::{DeclItem, Repr, StructDecl, TypeItem};

/// The declaration of full struct `t`.
pub(super) fn render(t: &TypeItem, decl: &StructDecl) -> String {
    let name = &t.name;
    let mut out = doc(&format!(
        "Binds the .NET struct `{}` (assembly `{}`): {} bytes, mirrored field for field.",
        t.metadata_name, t.assembly, decl.size
    ));
    let repr = match decl.repr {
        Repr::C | Repr::Union => "C".to_string(),
        Repr::CAlign(n) => format!("C, align({n})"),
        Repr::CPacked(1) | Repr::UnionPacked => "C, packed".to_string(),
        Repr::CPacked(n) => format!("C, packed({n})"),
    };
    // Unions can't derive comparisons or Debug (which field is live is not known), nor can
    // structs that contain one.
    let derives = if decl.comparable {
        "Clone, Copy, Debug, PartialEq"
    } else {
        "Clone, Copy"
    };
    out.push_str(&format!("#[repr({repr})]\n#[derive({derives})]\n"));
    let mut helpers = String::new();
    if decl.is_union() {
        out.push_str(&format!("pub union {name} {{\n"));
        for f in &decl.fields {
            out.push_str(&doc(&f.doc));
            match &f.helper {
                None => out.push_str(&format!("pub {}: {},\n", f.name, f.ty)),
                Some(helper) => {
                    out.push_str(&format!("pub {}: {helper},\n", f.name));
                    helpers.push_str(&doc(&format!(
                        "Places `{}.{}` at offset {} inside the union `{name}`.",
                        t.metadata_name, f.metadata_name, f.offset
                    )));
                    helpers.push_str(&format!(
                        "#[repr(C, packed)]\n#[derive(Clone, Copy)]\npub struct {helper} {{\n\
                         /// Bytes before the field.\npub _offset: [u8; {}],\n/// The field.\npub value: {},\n}}\n",
                        f.offset, f.ty
                    ));
                }
            }
        }
        out.push_str(&format!(
            "/// The whole value as bytes.\npub _bytes: [u8; {}],\n}}\n",
            decl.size
        ));
    } else {
        out.push_str(&format!("pub struct {name} {{\n"));
        for item in &decl.items {
            match item {
                DeclItem::Field(i) => {
                    let f = &decl.fields[*i];
                    out.push_str(&doc(&f.doc));
                    out.push_str(&format!("pub {}: {},\n", f.name, f.ty));
                }
                DeclItem::Pad { at, len } => {
                    out.push_str(&format!("/// Padding.\npub _pad_{at}: [u8; {len}],\n"));
                }
            }
        }
        out.push_str("}\n");
    }
    out.push_str(&helpers);
    // Offsets Mono must agree with, checked when the bindings load.
    let checks: Vec<String> = decl
        .fields
        .iter()
        .map(|f| {
            let offset = match &f.helper {
                Some(helper) => format!(
                    "::core::mem::offset_of!(Self, {}) + ::core::mem::offset_of!({helper}, value)",
                    f.name
                ),
                None => format!("::core::mem::offset_of!(Self, {})", f.name),
            };
            format!("({:?}, {offset})", f.metadata_name)
        })
        .collect();
    out.push_str(&format!(
        "impl {name} {{\n/// Size of the unboxed .NET value in bytes.\npub const MANAGED_SIZE: usize = {size};\n\
         /// Checks this declaration against Mono's layout of the type (size and every field offset).\n\
         pub fn check_layout() -> ::cilbind::Result<()> {{\n\
            ::cilbind::generated::check_layout(&{type_ref}, ::core::mem::size_of::<Self>(), &[{checks}])\n\
         }}\n}}\n\
         const _: () = assert!(::core::mem::size_of::<{name}>() == {name}::MANAGED_SIZE);\n",
        size = decl.size,
        type_ref = t.type_ref,
        checks = checks.join(", "),
    ));
    out
}
