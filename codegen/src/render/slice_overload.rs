//! The safe `_slice` overload of an `unsafe fn` whose pointer parameters each have an
//! obvious length (the plan decides which, in `plan/member.rs`): each pointer and its length
//! become one `&mut [T]`, and the overload calls the `unsafe fn` with the slice's pointer
//! and length.

use super::params::ParamCode;
use super::tokens::{doc_lines, ident, lit_str, ty};
use crate::plan::{rust_primitive, MethodItem, Pass, Receiver, SliceOverload};
use proc_macro2::TokenStream;
use quote::quote;

/// The safe `_slice` overload of the `unsafe fn` `m`: each pointer and its length become one
/// `&mut [T]`, and it calls `m` with the slice's pointer and length.
pub(super) fn render(m: &MethodItem, s: &SliceOverload, params: &[ParamCode], result_ty: &TokenStream) -> TokenStream {
    let receiver = match m.receiver {
        Receiver::Static => None,
        Receiver::StructMut => Some(quote!(&mut self)),
        _ => Some(quote!(&self)),
    };
    let mut sig: Vec<TokenStream> = receiver.into_iter().collect();
    let mut pre = Vec::new();
    let mut args = Vec::new();
    for (i, (p, code)) in m.params.iter().zip(params).enumerate() {
        let name = ident(&p.name);
        if let Some(&(_, len, prim)) = s.pairs.iter().find(|(ptr, ..)| *ptr == i) {
            let Pass::Pointer(elem) = &p.pass else { continue };
            let elem = ty(elem);
            let len_ty = ty(rust_primitive(prim));
            let len_name = ident(&m.params[len].name);
            let message = lit_str(&format!(
                "`{}` has more elements than {} can count",
                p.name,
                rust_primitive(prim)
            ));
            sig.push(quote!(#name: &mut [#elem]));
            pre.push(quote! {
                let #len_name = <#len_ty as ::core::convert::TryFrom<usize>>::try_from(#name.len())
                    .map_err(|_| ::cilbind::Error::InvalidArgument(#message.into()))?;
            });
            args.push(quote!(#name.as_mut_ptr()));
        } else if s.pairs.iter().any(|(_, len, _)| *len == i) {
            args.push(quote!(#name));
        } else if let Some(rust_param) = &code.rust_param {
            sig.push(rust_param.clone());
            args.push(quote!(#name));
        }
    }
    let target = ident(&m.rust_name);
    let call = match m.receiver {
        Receiver::Static => quote!(Self::#target(#(#args),*)),
        _ => quote!(self.#target(#(#args),*)),
    };
    let name = ident(&s.rust_name);
    let vis = m.public.then(|| quote!(pub));
    let docs = doc_lines(&s.doc);
    quote! {
        #docs
        #vis fn #name(#(#sig),*) -> ::cilbind::Result<#result_ty> {
            #(#pre)*
            // The pointers are the slices' own and the lengths their lengths; `unsafe fn`
            // requirement met as far as the method keeps to those lengths.
            unsafe { #call }
        }
    }
}
