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
        (true, _, _) => quote!(::core::option::Option::None),
        (false, _, Some(owner)) => owner,
        (false, true, None) => quote!(::core::option::Option::Some(&self.0)),
        (false, false, None) => quote!(::core::option::Option::Some(self)),
    };
    let receiver = (!f.is_static).then(|| quote!(&self));
    let type_ref = ty(type_ref);
    let field_name = lit_str(&f.metadata_name);
    // A generic definition's field is found in `Self`'s closed class.
    // A local of the generated code is `__`-prefixed, so that no type's name can be it (a
    // `let F` is refused beside a user's `enum F`); `static` items in the body shadow freely.
    let (field_ref, f_) = if f.generic {
        (
            quote! {
                static G: ::cilbind::generated::GenericFieldRef = ::cilbind::generated::GenericFieldRef::new(#field_name);
                let __f = G.field_in(<Self as ::cilbind::ManagedType>::class()?)?;
            },
            quote!(__f),
        )
    } else {
        (
            quote!(static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(&#type_ref, #field_name);),
            quote!(F),
        )
    };
    // (getter return type, getter expression, setter parameter type, setter statements)
    let (get_ty, get_expr, set_ty, set_expr) = match &f.pass {
        Pass::Primitive(p) => {
            let (stored, value_ty) = (ty(primitive_stored(*p)), ty(primitive_value(*p)));
            let (get, set) = match p {
                Primitive::Bool => (quote!(__r.get()), quote!(::cilbind::Boolean::new(__value))),
                _ => (quote!(__r), quote!(__value)),
            };
            (
                value_ty.clone(),
                quote!({ let __r: #stored = #f_.get(#owner)?; #get }),
                value_ty,
                quote!(#f_.set(#owner, #set)),
            )
        }
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => {
            let rust = ty(rust);
            (
                rust.clone(),
                quote!(#f_.get::<#rust>(#owner)?),
                rust,
                quote!(#f_.set(#owner, __value)),
            )
        }
        Pass::String => (
            quote!(::core::option::Option<::std::string::String>),
            quote!(#f_.get_string(#owner)?),
            quote!(impl ::cilbind::StrArg),
            quote!(#f_.set_string(#owner, __value)),
        ),
        Pass::Handle(rust) | Pass::ObjectArray(rust) => {
            let rust = ty(rust);
            (
                quote!(::core::option::Option<#rust>),
                quote!(#f_.get_object::<#rust>(#owner)?),
                quote!(::core::option::Option<&#rust>),
                quote!(#f_.set_object(#owner, __value)),
            )
        }
        Pass::ManagedStruct(rust) => {
            let rust = ty(rust);
            (
                rust.clone(),
                quote!(<#rust as ::cilbind::TypeArg>::output(#f_.get_struct::<#rust>(#owner)?)?),
                quote!(&#rust),
                quote!(#f_.set_struct(#owner, &__value.0)),
            )
        }
        Pass::BlittableArray { elem, .. } => {
            let elem = ty(elem);
            (
                quote!(::core::option::Option<::std::vec::Vec<#elem>>),
                quote!(#f_.get_object::<::cilbind::Array<#elem>>(#owner)?.map(|__a| __a.to_vec()).transpose()?),
                quote!(::core::option::Option<&[#elem]>),
                quote! {
                    let __value = __value.map(::cilbind::Array::<#elem>::from_slice).transpose()?;
                    #f_.set_object(#owner, __value.as_ref())
                },
            )
        }
        Pass::TypeParam(param) => {
            let param = ty(param);
            (
                quote!(<#param as ::cilbind::TypeArg>::Output),
                quote!(<#param as ::cilbind::TypeArg>::get_field(#f_, #owner)?),
                quote!(<#param as ::cilbind::TypeArg>::Param<'_>),
                quote!(<#param as ::cilbind::TypeArg>::set_field(#f_, #owner, __value)),
            )
        }
        // The plan binds no other field form.
        Pass::Nullable(__value) => {
            let (rust, stored, get, set) = match &**__value {
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
                quote!(#f_.get_nullable::<#stored>(#owner)? #get),
                quote!(::core::option::Option<#rust>),
                quote!(#f_.set_nullable(#owner, __value #set)),
            )
        }
        Pass::Void
        | Pass::ByRef { .. }
        | Pass::Pointer(_)
        | Pass::Span { .. }
        | Pass::Buffer { .. }
        | Pass::BlittableParam(_)
        | Pass::ReferenceParam(_) => return TokenStream::new(),
    };
    let (get_doc, getter) = (docs(&f.get_doc), ident(&f.getter));
    let setter = f.setter.as_ref().map(|setter| {
        let (set_doc, setter) = (docs(&f.set_doc), ident(setter));
        let params = match &receiver {
            Some(r) => quote!(#r, __value: #set_ty),
            None => quote!(__value: #set_ty),
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
            ::core::result::Result::Ok(#get_expr)
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
        ConstLit::NullStr => (
            quote!(::core::option::Option<&str>),
            quote!(::core::option::Option::None),
        ),
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
