//! Members of a type the runtime declares itself (`String`, the primitives, `Object`, …): an
//! extension trait with one declaration per member (docs, constants and skip comments too),
//! and its `impl` for the runtime's type with the bodies (`plan::runtime_members` says why).
//!
//! Each member is rendered as it would be in an inherent `impl` (`method::render`,
//! `field::render`), then split: the signature goes to the trait, the body to the `impl`.

use super::format::Splices;
use super::tokens::{docs, ident, lit_str, ty};
use super::{field, method, skip_comment};
use crate::plan::{MemberItem, RuntimeItem};
use proc_macro2::TokenStream;
use quote::{quote, ToTokens};

/// Renders `r` (see the module docs).
pub(super) fn render(out: &Splices, r: &RuntimeItem) -> TokenStream {
    let members = &r.members;
    let Some(trait_name) = &members.trait_name else {
        return TokenStream::new();
    };
    // Trait items and `impl` items, in metadata order.
    let mut decls = TokenStream::new();
    let mut bodies = TokenStream::new();
    for m in &members.items {
        let (decl, body) = match m {
            MemberItem::Method(m) => split(method::render(m, &members.type_ref)),
            MemberItem::Field(f) => split(field::render(f, &members.type_ref)),
            MemberItem::Const(c) => (private(field::render_const(c)), TokenStream::new()),
            MemberItem::Skip(skip) => (skip_comment(out, skip), TokenStream::new()),
        };
        decls.extend(decl);
        bodies.extend(body);
    }
    let (assembly, namespace, name) = &r.type_ref_parts;
    let (assembly, namespace, name) = (lit_str(assembly), lit_str(namespace), lit_str(name));
    let type_ref = ident(&members.type_ref);
    let self_ty = ty(&members.self_ty);
    let trait_name = ident(trait_name);
    let doc = docs(&format!(
        "The members of the .NET type `{}`, for the runtime's `{}`: bring the trait into scope to call them (`value.member(…)`, `Type::member(…)`).",
        members.metadata_name, members.self_ty
    ));
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static #type_ref: ::cilbind::TypeRef = ::cilbind::TypeRef::new(#assembly, #namespace, #name);
        #doc
        pub trait #trait_name: Sized { #decls }
        impl #trait_name for #self_ty { #bodies }
    }
}

/// Splits rendered functions into trait declarations (docs, signature) and `impl` items
/// (signature, body, no `pub`).
fn split(functions: TokenStream) -> (TokenStream, TokenStream) {
    let Ok(block) = syn::parse2::<syn::ItemImpl>(quote!(impl __Owner { #functions })) else {
        // Unparsable tokens: keep them, so that formatting reports them with the item.
        return (TokenStream::new(), functions);
    };
    let mut decls = TokenStream::new();
    let mut bodies = TokenStream::new();
    for item in block.items {
        let mut f = match item {
            syn::ImplItem::Fn(f) => f,
            // Constants (and comment placeholders) belong to the trait: a trait `impl` may
            // only define what the trait declares.
            syn::ImplItem::Const(mut c) => {
                c.vis = syn::Visibility::Inherited;
                decls.extend(c.into_token_stream());
                continue;
            }
            other => {
                bodies.extend(other.into_token_stream());
                continue;
            }
        };
        let body_sig = f.sig.to_token_stream();
        let sig = &mut f.sig;
        // A declaration without a body takes no patterns (`mut x`).
        for input in &mut sig.inputs {
            if let syn::FnArg::Typed(arg) = input {
                if let syn::Pat::Ident(p) = arg.pat.as_mut() {
                    p.mutability = None;
                    p.by_ref = None;
                }
            }
        }
        let (doc, rest): (Vec<syn::Attribute>, Vec<syn::Attribute>) =
            f.attrs.drain(..).partition(|a| a.path().is_ident("doc"));
        // `#[inline]` belongs to the body (a declaration has nothing to inline).
        let decl_attrs = rest.iter().filter(|a| !a.path().is_ident("inline"));
        let rest: TokenStream = rest.iter().map(ToTokens::to_token_stream).collect();
        let decl_sig = sig.to_token_stream();
        decls.extend(quote!(#(#doc)* #(#decl_attrs)* #decl_sig;));
        let block = &f.block;
        // No `pub`: trait items take the trait's visibility.
        bodies.extend(quote!(#rest #body_sig #block));
    }
    (decls, bodies)
}

/// Constants and comment placeholders without `pub`, as trait items take them.
fn private(items: TokenStream) -> TokenStream {
    let Ok(block) = syn::parse2::<syn::ItemImpl>(quote!(impl __Owner { #items })) else {
        return items;
    };
    block
        .items
        .into_iter()
        .map(|item| match item {
            syn::ImplItem::Const(mut c) => {
                c.vis = syn::Visibility::Inherited;
                c.into_token_stream()
            }
            other => other.into_token_stream(),
        })
        .collect()
}
