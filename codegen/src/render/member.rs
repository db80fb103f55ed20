//! A type's members: an `impl` block (or, for interfaces, an extension trait over `Is<I>`)
//! with each bound member, and a `//` comment for each skipped one. Constants go in an
//! `impl` block of their own, first; Rust's standard traits the members give, last.

use super::format::Splices;
use super::tokens::{docs, ident, ty};
use super::{delegate, field, method, skip_comment};
use crate::plan::{MemberItem, Members};
use proc_macro2::TokenStream;
use quote::quote;

/// Renders `members` (see the module docs).
pub(super) fn render(out: &Splices, members: &Members) -> TokenStream {
    let mut items = TokenStream::new();
    let mut consts = TokenStream::new();
    for m in &members.items {
        match m {
            MemberItem::Method(m) => {
                items.extend(method::render(m, &members.type_ref));
                match &m.from_fn {
                    Some(Ok(callback)) => items.extend(delegate::from_fn(callback, &members.type_ref)),
                    Some(Err(why)) => {
                        items.extend(out.comment(&format!("no `from_fn` for `{}`: {why}", members.metadata_name)))
                    }
                    None => {}
                }
            }
            MemberItem::Field(f) => items.extend(field::render(f, &members.type_ref)),
            MemberItem::Const(c) => consts.extend(field::render_const(c)),
            MemberItem::Skip(skip) => items.extend(skip_comment(out, skip)),
        }
    }
    let name = ty(&members.self_ty);
    let params = members.type_params.iter().map(|p| ident(p));
    let generics = (!members.type_params.is_empty()).then(|| quote!(<#(#params: ::cilbind::TypeArg),*>));
    let consts = (!consts.is_empty()).then(|| quote!(impl #generics #name { #consts }));
    let body = match &members.trait_name {
        Some(trait_name) => {
            let doc = docs(&format!(
                "The methods of the .NET interface `{}`, for every type that implements it.",
                members.metadata_name
            ));
            let trait_name = ident(trait_name);
            quote! {
                #doc
                pub trait #trait_name: ::cilbind::Is<#name> + ::cilbind::Reference { #items }
                impl<__T: ::cilbind::Is<#name> + ::cilbind::Reference> #trait_name for __T {}
            }
        }
        // No empty `impl` blocks (a closed delegate whose only member is `from_fn`, rendered
        // apart): every item costs compile time in every user's build.
        None if items.is_empty() => TokenStream::new(),
        None => quote!(impl #generics #name { #items }),
    };
    let std_impls = super::std_traits::render(&members.self_ty, &members.std_impls);
    quote!(#consts #body #std_impls)
}
