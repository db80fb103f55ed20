//! `impl IntoIterator for &X` over the runtime's `cilbind::Enumerator<T>`, as the plan decided
//! (`plan::iterate`): `for item in &x { let item = item?; … }` enumerates `x` as C#'s
//! `foreach` would, and disposes the managed enumerator when the loop ends or breaks. One
//! small impl per type; a type the plan gave none gets a comment saying why.

use super::format::Splices;
use super::tokens::{docs, ident, ty};
use crate::plan::IterateDecision;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The impl for the wrapper `name` with `arity` type parameters (`T0`, …), or the comment.
pub(super) fn render(
    out: &Splices,
    name: &str,
    metadata_name: &str,
    arity: usize,
    decision: &IterateDecision,
) -> TokenStream {
    let it = match decision {
        None => return TokenStream::new(),
        Some(Err(why)) => return out.comment(&format!("no `IntoIterator` for `{metadata_name}`: {why}")),
        Some(Ok(it)) => it,
    };
    let name = ident(name);
    let params: Vec<_> = (0..arity).map(|i| format_ident!("T{i}")).collect();
    let self_ty = if params.is_empty() {
        quote!(#name)
    } else {
        quote!(#name<#(#params),*>)
    };
    let element = ty(&it.element);
    let doc = docs(&format!(
        "`for item in &x`: C#'s `foreach`, each item a `Result` of a `{}` (the element type of {}).",
        it.display, it.decided_by
    ));
    quote! {
        #doc
        impl<'a #(, #params: ::cilbind::TypeArg)*> ::core::iter::IntoIterator for &'a #self_ty {
            type Item = ::cilbind::Result<<#element as ::cilbind::TypeArg>::Output>;
            type IntoIter = ::cilbind::Enumerator<#element>;
            #[inline]
            fn into_iter(self) -> Self::IntoIter {
                ::cilbind::Enumerator::new(self)
            }
        }
    }
}
