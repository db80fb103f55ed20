//! What every blittable value type (enum, `[Flags]` enum, full struct) gets besides its
//! declaration: its `TypeRef`, the `Blittable` declaration (compile-time check that every
//! field is plain data), explicit boxing to `Object`, `ValueType`, `Enum` (enums) and each
//! interface it implements (inherited ones included), checked unboxing, how it crosses as a
//! type argument (`cilbind::TypeArg`), and, for bound full structs, their members.

use super::format::Splices;
use super::tokens::{ident, ty};
use super::{member, type_ref_decl};
use crate::plan::{rust_primitive, TypeItem, TypeItemKind};
use proc_macro2::TokenStream;
use quote::quote;

pub(super) fn render(out: &Splices, t: &TypeItem) -> TokenStream {
    let name = ident(&t.name);
    // How it crosses as a generic member's `T` (`cilbind::TypeArg`): enums as their integer,
    // full structs boxed.
    let (fields, boxing, members, type_arg) = match &t.kind {
        TypeItemKind::Enum(e) | TypeItemKind::Flags(e) => {
            let int = ty(rust_primitive(e.underlying));
            let (to, from) = match t.kind {
                TypeItemKind::Flags(_) => (quote!(|__v| __v.bits()), quote!(#name::from_bits_retain)),
                _ => (quote!(|__v| __v.0), quote!(#name)),
            };
            (
                vec![int.clone()],
                &e.boxing,
                None,
                quote!(::cilbind::generated::type_arg!(enum #name: #int, #to, #from);),
            )
        }
        TypeItemKind::FullStruct { decl, boxing, members } => (
            decl.fields.iter().map(|f| ty(&f.ty)).collect(),
            boxing,
            members.as_ref(),
            quote!(::cilbind::generated::type_arg!(struct #name);),
        ),
        _ => return TokenStream::new(),
    };
    let type_ref = ident(&t.type_ref);
    let type_ref_decl = type_ref_decl(t);
    let boxing = boxing.iter().map(|b| ty(b));
    let members = members.map(|m| member::render(out, m));
    quote! {
        #type_ref_decl
        ::cilbind::blittable!(unsafe #name, #type_ref, [#(#fields),*]);
        ::cilbind::generated::impl_boxing!(#name => #(#boxing),*);
        #type_arg
        #members
    }
}
