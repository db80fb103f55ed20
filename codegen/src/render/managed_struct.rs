//! Managed structs (value types with a reference inside): a newtype over
//! `::cilbind::StructHandle<Self>`, held in a `StructStore` of their own. Value semantics as in
//! C#: `Clone` copies the struct; boxing copies it into the object store (a new identity) and
//! unboxing copies it back.

use super::format::Splices;
use super::tokens::{docs, ident, ty};
use super::{member, type_ref_decl};
use crate::plan::{TypeItem, TypeItemKind};
use proc_macro2::TokenStream;
use quote::quote;

pub(super) fn render(out: &Splices, t: &TypeItem) -> TokenStream {
    let TypeItemKind::ManagedStruct {
        reason,
        boxing,
        members,
    } = &t.kind
    else {
        return TokenStream::new();
    };
    let name = ident(&t.name);
    let type_ref = ident(&t.type_ref);
    let type_ref_decl = type_ref_decl(t);
    let doc = docs(&format!(
        "Binds the .NET struct `{}` (assembly `{}`), held by handle because {reason}.",
        t.metadata_name, t.assembly
    ));
    let boxing = boxing.iter().map(|target| {
        let target = ty(target);
        quote! {
            impl ::cilbind::BoxAs<#target> for #name {
                fn box_to(&self) -> ::cilbind::Result<#target> { self.0.box_object().and_then(<#target as ::cilbind::Reference>::from_object) }
            }
        }
    });
    let members = members.as_ref().map(|m| member::render(out, m));
    quote! {
        #type_ref_decl
        #doc
        #[derive(Clone, Debug)]
        pub struct #name(pub ::cilbind::StructHandle<#name>);
        impl ::cilbind::ManagedStruct for #name {
            fn store() -> &'static ::cilbind::StructStore<Self> {
                static STORE: ::cilbind::StructStore<#name> = ::cilbind::StructStore::new();
                &STORE
            }
            fn class() -> ::cilbind::Result<::cilbind::Class> { #type_ref.class() }
            fn type_ref() -> ::core::option::Option<&'static ::cilbind::TypeRef> { ::core::option::Option::Some(&#type_ref) }
        }
        impl ::cilbind::ManagedType for #name {
            fn class() -> ::cilbind::Result<::cilbind::Class> { #type_ref.class() }
            fn type_ref() -> ::core::option::Option<&'static ::cilbind::TypeRef> { ::core::option::Option::Some(&#type_ref) }
        }
        impl #name {
            /// The default value (every field zero or null), like C#'s `default`.
            pub fn default_value() -> ::cilbind::Result<Self> { ::cilbind::StructHandle::default_value().map(Self) }
        }
        impl ::cilbind::Unbox for #name {
            fn unbox_from(__obj: &::cilbind::Object) -> ::cilbind::Result<Self> { ::cilbind::StructHandle::unbox(__obj).map(Self) }
        }
        #(#boxing)*
        ::cilbind::generated::type_arg!(managed #name);
        #members
    }
}
