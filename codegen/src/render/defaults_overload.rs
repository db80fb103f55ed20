//! The `_defaults` companion of a method whose trailing parameters have default values (the
//! plan decides which and what, in `plan/defaults.rs`): it takes the leading parameters and
//! calls the method with the defaults for the rest.

use super::params::ParamCode;
use super::tokens::{doc_lines, ident, lit_str, ty};
use crate::plan::{primitive_value, rust_primitive, DefaultValue, DefaultsOverload, MethodItem, Receiver};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

/// The companion of `m` (whose parameters' code is `params`, result type `result_ty`).
pub(super) fn render(
    m: &MethodItem,
    d: &DefaultsOverload,
    params: &[ParamCode],
    method_params: &[Ident],
    result_ty: &TokenStream,
) -> TokenStream {
    let receiver = match m.receiver {
        Receiver::Static => None,
        Receiver::StructMut => Some(quote!(&mut self)),
        _ => Some(quote!(&self)),
    };
    let mut sig: Vec<TokenStream> = receiver.iter().cloned().collect();
    let mut args: Vec<TokenStream> = receiver.iter().map(|_| quote!(self)).collect();
    for (p, code) in m.params.iter().zip(params).take(d.keep) {
        // (`out` parameters have no Rust parameter: they join the result.)
        if let Some(rust_param) = &code.rust_param {
            sig.push(rust_param.clone());
            let name = ident(&p.name);
            args.push(quote!(#name));
        }
    }
    args.extend(d.values.iter().map(value));
    let target = ident(&m.rust_name);
    let turbofish = (!method_params.is_empty()).then(|| quote!(::<#(#method_params),*>));
    let generics = super::params::method_generics(m);
    let name = ident(&d.rust_name);
    let vis = m.public.then(|| quote!(pub));
    let unsafety = m.is_unsafe.then(|| quote!(unsafe));
    let docs = doc_lines(&d.doc);
    let call = quote!(Self::#target #turbofish(#(#args),*));
    // An `unsafe fn`'s body is not an unsafe context by itself: the caller's promise is
    // passed on unchanged.
    let body = if m.is_unsafe { quote!(unsafe { #call }) } else { call };
    quote! {
        #docs
        #[inline]
        #vis #unsafety fn #name #generics(#(#sig),*) -> ::cilbind::Result<#result_ty> {
            #body
        }
    }
}

/// A default value as an expression of the parameter's Rust type.
fn value(v: &DefaultValue) -> TokenStream {
    let literal = |text: String| {
        text.parse::<TokenStream>()
            .unwrap_or_else(|_| quote!(::core::default::Default::default()))
    };
    match v {
        DefaultValue::Bool(b) => quote!(#b),
        DefaultValue::Char(u) => quote!(::cilbind::Char(#u)),
        DefaultValue::Int(i, p) => literal(format!("{i}{}", primitive_value(*p))),
        DefaultValue::F32(x) => float(f64::from(*x), "f32", literal),
        DefaultValue::F64(x) => float(*x, "f64", literal),
        DefaultValue::Enum {
            rust,
            value,
            underlying,
            flags,
        } => {
            let rust = ty(rust);
            let raw = literal(format!("{value}{}", rust_primitive(*underlying)));
            if *flags {
                quote!(#rust::from_bits_retain(#raw))
            } else {
                quote!(#rust(#raw))
            }
        }
        DefaultValue::Str(s) => {
            let s = lit_str(s);
            quote!(::core::option::Option::Some(#s))
        }
        DefaultValue::Null => quote!(::core::option::Option::None),
        DefaultValue::Some(inner) => {
            let inner = value(inner);
            quote!(::core::option::Option::Some(#inner))
        }
        DefaultValue::EmptyParams => quote!(&[]),
    }
}

fn float(x: f64, suffix: &str, literal: impl Fn(String) -> TokenStream) -> TokenStream {
    if x.is_nan() {
        literal(format!("{suffix}::NAN"))
    } else if x.is_infinite() {
        literal(format!("{suffix}::{}INFINITY", if x < 0.0 { "NEG_" } else { "" }))
    } else if suffix == "f32" {
        literal(format!("{:?}f32", x as f32))
    } else {
        literal(format!("{x:?}f64"))
    }
}
