//! Generic value types (`KeyValuePair<K, V>`, `Vector<T>`): a managed-struct handle generic
//! over its arguments, `Name<T0, …>(StructHandle<Self>, PhantomData)`. The layout of a generic struct
//! depends on its arguments, so no Rust declaration can mirror it; every closed type is held
//! in a box, as managed structs are, in a store of its own (found by the Rust type at run
//! time), with the same value semantics: `Clone` copies the struct, boxing copies it, and
//! nothing boxes implicitly.

use super::format::Splices;
use super::tokens::{docs, ident, lit_str};
use super::{member, type_ref_decl};
use crate::plan::{TypeItem, TypeItemKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub(super) fn render(out: &Splices, t: &TypeItem) -> TokenStream {
    let TypeItemKind::GenericStruct { arity, members } = &t.kind else {
        return TokenStream::new();
    };
    let name = ident(&t.name);
    let type_ref = ident(&t.type_ref);
    let type_ref_decl = type_ref_decl(t);
    let params: Vec<_> = (0..*arity).map(|i| format_ident!("T{i}")).collect();
    let bounds = quote!(<#(#params: ::cilbind::TypeArg),*>);
    let this = quote!(#name<#(#params),*>);
    let doc = docs(&format!(
        "Binds the .NET generic struct `{}` (assembly `{}`) for every type argument, held by \
         handle: its layout depends on the type arguments, so each closed type lives in a box, \
         in a store of its own.",
        t.metadata_name, t.assembly
    ));
    let debug = lit_str(&format!("{}({{:?}})", t.name));
    let members = members.as_ref().map(|m| member::render(out, m));
    quote! {
        #type_ref_decl
        #doc
        pub struct #name #bounds(pub ::cilbind::StructHandle<#this>, ::core::marker::PhantomData<fn() -> (#(#params,)*)>);
        impl #bounds ::cilbind::ManagedStruct for #this {
            fn store() -> &'static ::cilbind::StructStore<Self> { ::cilbind::generated::generic_store::<Self>() }
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                ::cilbind::generated::closed_class::<Self>(|| #type_ref.class()?.instantiate(&[#(<#params as ::cilbind::ManagedType>::class()?),*]))
            }
        }
        impl #bounds ::cilbind::ManagedType for #this {
            fn class() -> ::cilbind::Result<::cilbind::Class> { <Self as ::cilbind::ManagedStruct>::class() }
        }
        impl #bounds ::core::clone::Clone for #this {
            fn clone(&self) -> Self { #name(self.0.clone(), ::core::marker::PhantomData) }
        }
        impl #bounds ::core::fmt::Debug for #this {
            fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result { ::core::write!(__f, #debug, self.0) }
        }
        impl #bounds #this {
            /// The default value (every field zero or null), like C#'s `default`.
            pub fn default_value() -> ::cilbind::Result<Self> { ::cilbind::StructHandle::default_value().map(|__h| #name(__h, ::core::marker::PhantomData)) }
        }
        impl #bounds ::cilbind::Unbox for #this {
            fn unbox_from(__obj: &::cilbind::Object) -> ::cilbind::Result<Self> { ::cilbind::StructHandle::unbox(__obj).map(|__h| #name(__h, ::core::marker::PhantomData)) }
        }
        impl #bounds ::cilbind::BoxAs<::cilbind::Object> for #this {
            fn box_to(&self) -> ::cilbind::Result<::cilbind::Object> { self.0.box_object() }
        }
        impl #bounds ::cilbind::BoxAs<::cilbind::ValueType> for #this {
            fn box_to(&self) -> ::cilbind::Result<::cilbind::ValueType> { self.0.box_object().and_then(<::cilbind::ValueType as ::cilbind::Reference>::from_object) }
        }
        ::cilbind::generated::type_arg!(managed #name<#(#params),*>);
        #members
    }
}
