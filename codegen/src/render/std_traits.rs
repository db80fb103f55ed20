//! Rust's standard traits, as the plan decided them (`plan/std_traits.rs` has the rule): each
//! impl calls the type's bound method through `Self::method(…)` (an inherent method, so a
//! trait method of the same name, such as `ToString::to_string`, is never picked instead).

use super::tokens::{ident, lit_str, ty};
use crate::plan::{primitive_value, Pass, Primitive, Receiver, StdImpl};
use proc_macro2::TokenStream;
use quote::quote;

/// The impls of `impls` for the type `self_ty`.
pub(super) fn render(self_ty: &str, impls: &[StdImpl]) -> TokenStream {
    let me = ty(self_ty);
    impls.iter().map(|i| render_one(&me, self_ty, i)).collect()
}

fn render_one(me: &TokenStream, self_ty: &str, i: &StdImpl) -> TokenStream {
    match i {
        StdImpl::Binary {
            trait_name,
            method,
            lhs,
            rhs,
            output,
            call,
        } => {
            let (tr, m, call) = (ident(trait_name), ident(method), ident(call));
            let (lt, rt, ot) = (value_ty(lhs), value_ty(rhs), value_ty(output));
            let (la, ra) = (value_arg(lhs, quote!(self)), value_arg(rhs, quote!(__rhs)));
            let what = lit_str(&format!("`{} {} {}`", short(lhs), symbol(trait_name), short(rhs)));
            quote! {
                impl ::core::ops::#tr<#rt> for #lt {
                    type Output = #ot;
                    #[inline]
                    fn #m(self, __rhs: #rt) -> #ot {
                        ::cilbind::generated::expect(#me::#call(#la, #ra), #what)
                    }
                }
            }
        }
        StdImpl::Unary {
            trait_name,
            method,
            operand,
            output,
            call,
        } => {
            let (tr, m, call) = (ident(trait_name), ident(method), ident(call));
            let (xt, ot) = (value_ty(operand), value_ty(output));
            let xa = value_arg(operand, quote!(self));
            let what = lit_str(&format!("`{}{}`", symbol(trait_name), short(operand)));
            quote! {
                impl ::core::ops::#tr for #xt {
                    type Output = #ot;
                    #[inline]
                    fn #m(self) -> #ot {
                        ::cilbind::generated::expect(#me::#call(#xa), #what)
                    }
                }
            }
        }
        StdImpl::Equality {
            call,
            receiver,
            operand,
            eq,
            hash,
        } => {
            let other = ref_arg(operand, quote!(__other));
            let what = lit_str(&format!("`{self_ty} == {self_ty}`"));
            let compare = match receiver {
                Receiver::Static => {
                    let this = ref_arg(operand, quote!(self));
                    let call = ident(call);
                    quote!(Self::#call(#this, #other))
                }
                r => on_self(*r, call, quote!(#other)),
            };
            let eq = eq.then(|| quote!(impl ::core::cmp::Eq for #me {}));
            let hash = hash.as_ref().map(|(call, receiver)| {
                let value = on_self(*receiver, call, quote!());
                let what = lit_str(&format!("`{self_ty}.GetHashCode()`"));
                quote! {
                    impl ::core::hash::Hash for #me {
                        fn hash<__H: ::core::hash::Hasher>(&self, __state: &mut __H) {
                            __state.write_i32(::cilbind::generated::expect(#value, #what));
                        }
                    }
                }
            });
            quote! {
                impl ::core::cmp::PartialEq for #me {
                    #[inline]
                    fn eq(&self, __other: &Self) -> bool {
                        ::cilbind::generated::expect(#compare, #what)
                    }
                }
                #eq
                #hash
            }
        }
        StdImpl::Ordering {
            call,
            receiver,
            operand,
            ord,
        } => {
            let value = on_self(*receiver, call, ref_arg(operand, quote!(__other)));
            let what = lit_str(&format!("`{self_ty}.CompareTo({self_ty})`"));
            let cmp = quote!(::cilbind::generated::expect(#value, #what).cmp(&0));
            if *ord {
                quote! {
                    impl ::core::cmp::PartialOrd for #me {
                        #[inline]
                        fn partial_cmp(&self, __other: &Self) -> ::core::option::Option<::core::cmp::Ordering> {
                            ::core::option::Option::Some(::core::cmp::Ord::cmp(self, __other))
                        }
                    }
                    impl ::core::cmp::Ord for #me {
                        fn cmp(&self, __other: &Self) -> ::core::cmp::Ordering { #cmp }
                    }
                }
            } else {
                quote! {
                    impl ::core::cmp::PartialOrd for #me {
                        fn partial_cmp(&self, __other: &Self) -> ::core::option::Option<::core::cmp::Ordering> {
                            ::core::option::Option::Some(#cmp)
                        }
                    }
                }
            }
        }
        StdImpl::DisplayVirtual => quote! {
            impl ::core::fmt::Display for #me {
                fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                    ::cilbind::generated::display(self, __f)
                }
            }
        },
        StdImpl::Display { call, receiver } => {
            let value = on_self(*receiver, call, quote!());
            quote! {
                impl ::core::fmt::Display for #me {
                    fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                        ::cilbind::generated::write_text(__f, #value)
                    }
                }
            }
        }
        StdImpl::Conversion {
            implicit,
            source,
            target,
            call,
        } => {
            let call = ident(call);
            let (source_ty, lifetime) = match source {
                Pass::Handle(r) => {
                    let r = ty(r);
                    (quote!(&'a #r), true)
                }
                Pass::String => (quote!(&'a str), true),
                Pass::BlittableArray { elem, .. } => {
                    let elem = ty(elem);
                    (quote!(&'a [#elem]), true)
                }
                other => (value_ty(other), false),
            };
            let arg = match source {
                Pass::Handle(_) | Pass::String | Pass::BlittableArray { .. } => {
                    quote!(::core::option::Option::Some(__value))
                }
                other => value_arg(other, quote!(__value)),
            };
            let what = lit_str(&format!("the conversion of {} to {}", short(source), short(target)));
            let (target_ty, result) = match target {
                Pass::Handle(r) => (ty(r), quote!(::cilbind::generated::non_null(#me::#call(#arg), #what))),
                Pass::String => (
                    quote!(::std::string::String),
                    quote!(::cilbind::generated::non_null(#me::#call(#arg), #what)),
                ),
                Pass::BlittableArray { elem, .. } => {
                    let elem = ty(elem);
                    (
                        quote!(::std::vec::Vec<#elem>),
                        quote!(::cilbind::generated::non_null(#me::#call(#arg), #what)),
                    )
                }
                other => (value_ty(other), quote!(#me::#call(#arg))),
            };
            let generics = lifetime.then(|| quote!(<'a>));
            if *implicit {
                return quote! {
                    impl #generics ::core::convert::From<#source_ty> for #target_ty {
                        #[inline]
                        fn from(__value: #source_ty) -> Self {
                            ::cilbind::generated::expect(#result, #what)
                        }
                    }
                };
            }
            quote! {
                impl #generics ::core::convert::TryFrom<#source_ty> for #target_ty {
                    type Error = ::cilbind::Error;
                    #[inline]
                    fn try_from(__value: #source_ty) -> ::cilbind::Result<Self> { #result }
                }
            }
        }
    }
}

/// A value's Rust type as generated signatures spell it by value (`f32`, `Vector3`,
/// `Option<bool>` for a `Nullable`).
fn value_ty(p: &Pass) -> TokenStream {
    match p {
        Pass::Primitive(prim) => ty(primitive_value(*prim)),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => ty(rust),
        Pass::Nullable(v) => {
            let inner = match &**v {
                Pass::Primitive(Primitive::Bool) => quote!(bool),
                other => value_ty(other),
            };
            quote!(::core::option::Option<#inner>)
        }
        // The plan gives no other by-value form to these impls.
        _ => quote!(()),
    }
}

/// The argument the bound method takes for a value `x` (full structs by reference).
fn value_arg(p: &Pass, x: TokenStream) -> TokenStream {
    match p {
        Pass::FullStruct(_) => quote!(&#x),
        _ => x,
    }
}

/// The argument for `x: &Self`: a full struct's reference, or `Some(x)` for an object.
fn ref_arg(p: &Pass, x: TokenStream) -> TokenStream {
    match p {
        Pass::Handle(_) => quote!(::core::option::Option::Some(#x)),
        _ => x,
    }
}

/// `Self::call(self, args)`, on a copy when the method takes `&mut self` (a full struct's
/// method that may write to `this`).
fn on_self(receiver: Receiver, call: &str, args: TokenStream) -> TokenStream {
    let call = ident(call);
    let args = (!args.is_empty()).then(|| quote!(, #args));
    match receiver {
        Receiver::StructMut => quote!({
            let mut __this = *self;
            Self::#call(&mut __this #args)
        }),
        _ => quote!(Self::#call(self #args)),
    }
}

/// An operand's type as a message names it.
fn short(p: &Pass) -> String {
    match p {
        Pass::Primitive(prim) => primitive_value(*prim).to_string(),
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) | Pass::Handle(rust) => {
            rust.rsplit("::").next().unwrap_or(rust).to_string()
        }
        Pass::String => "string".into(),
        Pass::BlittableArray { elem, .. } => format!("[{elem}]"),
        Pass::Nullable(v) => format!("{}?", short(v)),
        _ => "?".into(),
    }
}

/// The operator's symbol, for messages.
fn symbol(trait_name: &str) -> &'static str {
    match trait_name {
        "Add" => "+",
        "Sub" | "Neg" => "-",
        "Mul" => "*",
        "Div" => "/",
        "Rem" => "%",
        "BitAnd" => "&",
        "BitOr" => "|",
        "BitXor" => "^",
        "Shl" => "<<",
        "Shr" => ">>",
        "Not" => "!",
        _ => "?",
    }
}
