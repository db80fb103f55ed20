//! Plain enums: a `#[repr(transparent)]` newtype over the underlying integer with one
//! associated constant per member. A newtype (not a Rust `enum`) because .NET code may hand
//! back any value of the underlying type, and every such value must stay representable.
//! `Debug` prints the member's name (`JTokenType::OBJECT`), or the newtype for a value no
//! member has (`JTokenType(99)`).

use super::format::Splices;
use super::skip_comment;
use super::tokens::{docs, ident, int};
use crate::plan::{rust_primitive, EnumDecl, TypeItem};
use proc_macro2::TokenStream;
use quote::quote;

pub(super) fn render(out: &Splices, t: &TypeItem, e: &EnumDecl) -> TokenStream {
    let name = ident(&t.name);
    let int_ty = ident(rust_primitive(e.underlying));
    let doc = docs(&format!(
        "Binds the .NET enum `{}` (assembly `{}`, underlying type `System.{}`).",
        t.metadata_name,
        t.assembly,
        e.underlying.system_name()
    ));
    let values = e.values.iter().map(|v| match v {
        Err(skip) => skip_comment(out, skip),
        Ok(v) => {
            let doc = docs(&v.doc);
            let (cname, value) = (ident(&v.name), int(v.value));
            quote!(#doc pub const #cname: Self = Self(#value);)
        }
    });
    // `Debug` names the member as Rust writes it (`JTokenType::OBJECT`); a value no member
    // has prints as the newtype (`JTokenType(99)`). Aliases print as their first member.
    let bare = t.name.trim_start_matches("r#");
    let mut seen = std::collections::BTreeSet::new();
    let arms = e
        .values
        .iter()
        .filter_map(|v| v.as_ref().ok())
        .filter(|v| seen.insert(v.value))
        .map(|v| {
            let text = format!("{bare}::{}", v.name.trim_start_matches("r#"));
            let value = int(v.value);
            quote!(#value => __f.write_str(#text),)
        });
    let unknown = format!("{bare}({{}})");
    quote! {
        #doc
        #[repr(transparent)]
        #[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct #name(pub #int_ty);
        impl #name {
            #(#values)*
        }
        impl ::core::fmt::Debug for #name {
            fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self.0 {
                    #(#arms)*
                    __value => ::core::write!(__f, #unknown, __value),
                }
            }
        }
        impl ::core::convert::From<#int_ty> for #name { fn from(__value: #int_ty) -> Self { Self(__value) } }
        impl ::core::convert::From<#name> for #int_ty { fn from(__value: #name) -> Self { __value.0 } }
    }
}
