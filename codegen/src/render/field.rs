//! Fields, as a getter and (unless `readonly`) a setter over the runtime's `FieldRef`, and
//! .NET constants, as associated `const` items.

use super::tokens::{docs, ident, int, lit_str, ty};
use crate::plan::{primitive_stored, primitive_value, rust_primitive, ConstItem, ConstLit, FieldItem, Pass, Primitive};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// The getter and setter of field `f`, whose type is `static TypeRef` `type_ref`.
pub(super) fn render(f: &FieldItem, type_ref: &str) -> TokenStream {
    render_on(f, type_ref, None)
}

/// [`render`], reading and writing the field of `owner` (`Some(&**self)`) when given.
pub(super) fn render_on(f: &FieldItem, type_ref: &str, owner: Option<TokenStream>) -> TokenStream {
    let owner = match (f.is_static, f.in_box, owner) {
        (true, _, _) => quote!(None),
        (false, _, Some(owner)) => owner,
        (false, true, None) => quote!(Some(&self.0)),
        (false, false, None) => quote!(Some(self)),
    };
    let receiver = (!f.is_static).then(|| quote!(&self));
    let type_ref = ty(type_ref);
    let field_name = lit_str(&f.metadata_name);
    // A generic definition's field is found in `Self`'s closed class.
    let field_ref = if f.generic {
        quote! {
            static G: ::cilbind::generated::GenericFieldRef = ::cilbind::generated::GenericFieldRef::new(#field_name);
            #[allow(non_snake_case)]
            let F = G.field_in(<Self as ::cilbind::ManagedType>::class()?)?;
        }
    } else {
        quote!(static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(&#type_ref, #field_name);)
    };
    // (getter return type, getter expression, setter parameter type, setter statements)
    let (get_ty, get_expr, set_ty, set_expr) = match &f.pass {
        Pass::Primitive(p) => {
            let (stored, value) = (ty(primitive_stored(*p)), ty(primitive_value(*p)));
            let (get, set) = match p {
                Primitive::Bool => (quote!(__r.get()), quote!(::cilbind::Boolean::new(value))),
                _ => (quote!(__r), quote!(value)),
            };
            (
                value.clone(),
                quote!({ let __r: #stored = F.get(#owner)?; #get }),
                value,
                quote!(F.set(#owner, #set)),
            )
        }
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => {
            let rust = ty(rust);
            (
                rust.clone(),
                quote!(F.get::<#rust>(#owner)?),
                rust,
                quote!(F.set(#owner, value)),
            )
        }
        Pass::String => (
            quote!(::core::option::Option<::std::string::String>),
            quote!(F.get_string(#owner)?),
            quote!(::core::option::Option<&str>),
            quote!(F.set_string(#owner, value)),
        ),
        Pass::Handle(rust) | Pass::ObjectArray(rust) => {
            let rust = ty(rust);
            (
                quote!(::core::option::Option<#rust>),
                quote!(F.get_object::<#rust>(#owner)?),
                quote!(::core::option::Option<&#rust>),
                quote!(F.set_object(#owner, value)),
            )
        }
        Pass::ManagedStruct(rust) => {
            let rust = ty(rust);
            (
                rust.clone(),
                quote!(<#rust as ::cilbind::TypeArg>::output(F.get_struct::<#rust>(#owner)?)?),
                quote!(&#rust),
                quote!(F.set_struct(#owner, &value.0)),
            )
        }
        Pass::BlittableArray { elem, .. } => {
            let elem = ty(elem);
            (
                quote!(::core::option::Option<::std::vec::Vec<#elem>>),
                quote!(F.get_object::<::cilbind::Array<#elem>>(#owner)?.map(|a| a.to_vec()).transpose()?),
                quote!(::core::option::Option<&[#elem]>),
                quote! {
                    let value = value.map(::cilbind::Array::<#elem>::from_slice).transpose()?;
                    F.set_object(#owner, value.as_ref())
                },
            )
        }
        Pass::TypeParam(param) => {
            let param = ty(param);
            (
                quote!(<#param as ::cilbind::TypeArg>::Output),
                quote!(<#param as ::cilbind::TypeArg>::get_field(F, #owner)?),
                quote!(<#param as ::cilbind::TypeArg>::Param<'_>),
                quote!(<#param as ::cilbind::TypeArg>::set_field(F, #owner, value)),
            )
        }
        // The plan binds no other field form.
        Pass::Nullable(value) => {
            let (rust, stored, get, set) = match &**value {
                Pass::Primitive(Primitive::Bool) => (
                    quote!(bool),
                    quote!(::cilbind::Boolean),
                    quote!(.map(::core::primitive::bool::from)),
                    quote!(.map(::cilbind::Boolean::from)),
                ),
                Pass::Primitive(p) => (ty(primitive_value(*p)), ty(primitive_stored(*p)), quote!(), quote!()),
                Pass::Enum { rust, .. } | Pass::FullStruct(rust) => (ty(rust), ty(rust), quote!(), quote!()),
                // The plan makes `Nullable` only of the three forms above.
                _ => return TokenStream::new(),
            };
            (
                quote!(::core::option::Option<#rust>),
                quote!(F.get_nullable::<#stored>(#owner)? #get),
                quote!(::core::option::Option<#rust>),
                quote!(F.set_nullable(#owner, value #set)),
            )
        }
        Pass::Void | Pass::ByRef { .. } | Pass::Pointer(_) | Pass::Span { .. } => return TokenStream::new(),
    };
    let (get_doc, getter) = (docs(&f.get_doc), ident(&f.getter));
    let setter = f.setter.as_ref().map(|setter| {
        let (set_doc, setter) = (docs(&f.set_doc), ident(setter));
        let params = match &receiver {
            Some(r) => quote!(#r, value: #set_ty),
            None => quote!(value: #set_ty),
        };
        quote! {
            #set_doc
            pub fn #setter(#params) -> ::cilbind::Result<()> {
                #field_ref
                #set_expr
            }
        }
    });
    quote! {
        #get_doc
        pub fn #getter(#receiver) -> ::cilbind::Result<#get_ty> {
            #field_ref
            Ok(#get_expr)
        }
        #setter
    }
}

/// The `const` item of a .NET constant.
pub(super) fn render_const(c: &ConstItem) -> TokenStream {
    let suffixed = |value: i128, p: Primitive| -> TokenStream {
        let lit: Literal = format!("{}_{}", value.unsigned_abs(), rust_primitive(p))
            .parse()
            .unwrap_or_else(|_| Literal::u128_unsuffixed(value.unsigned_abs()));
        if value < 0 {
            quote!(-#lit)
        } else {
            quote!(#lit)
        }
    };
    let (ty_, expr) = match &c.value {
        ConstLit::Bool(b) => (quote!(bool), quote!(#b)),
        ConstLit::Char(ch) => {
            let ch = int(*ch);
            (quote!(::cilbind::Char), quote!(::cilbind::Char(#ch)))
        }
        ConstLit::Int(p, i) => (ty(rust_primitive(*p)), suffixed(*i, *p)),
        ConstLit::Float(v, t) => (ty(t), float_literal(*v, t)),
        ConstLit::Str(s) => {
            let s = lit_str(s);
            (quote!(&str), quote!(#s))
        }
        ConstLit::NullStr => (quote!(::core::option::Option<&str>), quote!(None)),
        ConstLit::Enum {
            rust,
            underlying,
            flags,
            value,
        } => {
            let (rust, value) = (ty(rust), suffixed(*value, *underlying));
            let expr = if *flags {
                quote!(#rust::from_bits_retain(#value))
            } else {
                quote!(#rust(#value))
            };
            (rust, expr)
        }
    };
    let (doc, name) = (docs(&c.doc), ident(&c.name));
    quote!(#doc pub const #name: #ty_ = #expr;)
}

fn float_literal(v: f64, t: &str) -> TokenStream {
    let t_ = ident(t);
    if v.is_nan() {
        quote!(#t_::NAN)
    } else if v == f64::INFINITY {
        quote!(#t_::INFINITY)
    } else if v == f64::NEG_INFINITY {
        quote!(#t_::NEG_INFINITY)
    } else {
        let lit: Literal = format!("{:?}_{t}", v.abs())
            .parse()
            .unwrap_or_else(|_| Literal::f64_unsuffixed(v.abs()));
        if v.is_sign_negative() {
            quote!(-#lit)
        } else {
            quote!(#lit)
        }
    }
}
