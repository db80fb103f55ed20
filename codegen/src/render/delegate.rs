//! Typed Rust closures as delegates: for every delegate type whose `Invoke` can be bound, a
//! `from_fn` constructor that wraps a closure with `Invoke`'s parameter and return types in a
//! `cilbind::Callback`. The closure sees typed values (an `i32`, an `Option<Entity>`, an enum);
//! the conversion from the callback's dynamic `Value`s is generated here.

use super::incoming::{crossing, Crossing};
use super::tokens::{docs, ident, lit_str, ty};
use crate::plan::{primitive_value, Callback, Pass, Primitive, TypedInvoke};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// `from_fn` for a delegate whose `static TypeRef` is `type_ref` (the plan checked that every
/// value converts).
pub(super) fn from_fn(cb: &Callback, type_ref: &str) -> TokenStream {
    // The generated code's own locals are `__`-prefixed: no type's Rust name is (plan/names.rs).
    let names: Vec<Ident> = (0..cb.params.len()).map(|i| format_ident!("__a{i}")).collect();
    let (params, converts): (Vec<TokenStream>, Vec<TokenStream>) = cb
        .params
        .iter()
        .zip(&names)
        .map(|(c, var)| {
            let (ty, expr) = param(c, var);
            (ty, quote!(let #var = #expr;))
        })
        .unzip();
    let (ret_ty, ret_expr) = ret(&cb.ret);
    let count = lit_str(&format!("expected {} arguments, got {{}}", names.len()));
    let doc = docs(&format!(
        "A delegate running `f` with `{}`'s arguments, owning `f`: C# may invoke it (on several\n\
         threads at once, where `f` runs concurrently) as long as the returned value lives; dropping it\n\
         drops `f` (once an invocation still running it returns), and C# invocations then throw\n\
         `ObjectDisposedException`. An `Err` from `f` is thrown in C#.",
        cb.invoke
    ));
    let doc_mut = docs(
        "As `from_fn`, for an `FnMut` closure: invocations run one at a time (another thread waits its\n\
         turn), and one from inside `f` on the same thread throws `InvalidOperationException` in C#.",
    );
    // The direct path first where there is one (not in a client of a remote runtime, whose
    // delegates the server makes: they take the boxed path there).
    let (typed_shared, typed_exclusive, typed) = match &cb.typed {
        Some(t) => {
            let tuple = quote!((#(#params,)*));
            (
                quote! {
                    if ::cilbind::generated::typed_delegates() {
                        return Self::__typed(::cilbind::generated::DelegateFn::shared(move |(#(#names,)*): #tuple| __f(#(#names),*)));
                    }
                },
                quote! {
                    if ::cilbind::generated::typed_delegates() {
                        return Self::__typed(::cilbind::generated::DelegateFn::exclusive(move |(#(#names,)*): #tuple| __f(#(#names),*)));
                    }
                },
                typed_thunk(t, &tuple, &ret_ty, type_ref),
            )
        }
        None => (quote!(), quote!(), quote!()),
    };
    quote! {
        #doc
        pub fn from_fn(__f: impl ::core::ops::Fn(#(#params),*) -> ::cilbind::Result<#ret_ty> + ::core::marker::Send + ::core::marker::Sync + 'static) -> ::cilbind::Result<::cilbind::FnDelegate<Self>> {
            #typed_shared
            ::cilbind::FnDelegate::new(move |__args: &[::cilbind::Value]| Self::__from_values(__args, &__f))
        }
        #doc_mut
        pub fn from_fn_mut(mut __f: impl ::core::ops::FnMut(#(#params),*) -> ::cilbind::Result<#ret_ty> + ::core::marker::Send + 'static) -> ::cilbind::Result<::cilbind::FnDelegate<Self>> {
            #typed_exclusive
            ::cilbind::FnDelegate::new_mut(move |__args: &[::cilbind::Value]| Self::__from_values(__args, &mut __f))
        }
        #typed
        /// Converts the delegate's arguments, runs `f` and converts its result.
        fn __from_values(__args: &[::cilbind::Value], mut __f: impl ::core::ops::FnMut(#(#params),*) -> ::cilbind::Result<#ret_ty>) -> ::cilbind::Result<::cilbind::Value> {
            let [#(#names),*] = __args else {
                return ::core::result::Result::Err(::cilbind::Error::InvalidArgument(::std::format!(#count, __args.len())));
            };
            #(#converts)*
            let __r = __f(#(#names),*)?;
            ::core::result::Result::Ok(#ret_expr)
        }
    }
}

/// `__typed`: the delegate of a [`TypedInvoke`] on a closure of the argument tuple `tuple`,
/// through a thunk of `Invoke`'s own signature (`proxy/delegate.rs`), as a Rust implementation
/// of an interface member is called.
fn typed_thunk(t: &TypedInvoke, tuple: &TokenStream, ret_ty: &TokenStream, type_ref: &str) -> TokenStream {
    let kinds: Vec<TokenStream> = t.kinds.iter().map(|k| ty(k)).collect();
    let ret_kind = ty(&t.ret_kind);
    let value = quote!(::cilbind::generated::DelegateFn<#tuple, #ret_ty>);
    let Crossing { params: abi, ret, body } = crossing(&kinds, &ret_kind, |lent| quote!(__v.call((#(#lent,)*))));
    let (icall, desc, type_ref) = (lit_str(&t.icall), lit_str(&t.desc), ty(type_ref));
    let cli_params = t.cli_params.iter().map(|p| lit_str(p));
    // The result goes to the forwarder's local; the thunk returns whether the call succeeded.
    let (out_param, out) = if t.ret_kind.ends_with("::Void") {
        (quote!(), quote!(::cilbind::generated::ResultSlot::none()))
    } else {
        (quote!(__out: ::cilbind::generated::ResultSlot<#ret>,), quote!(__out))
    };
    quote! {
        /// The delegate on `__d`'s closure, called through a thunk of `Invoke`'s signature.
        fn __typed(__d: #value) -> ::cilbind::Result<::cilbind::FnDelegate<Self>> {
            #[inline]
            extern "C" fn __invoke(__key: i64, #(#abi,)* #out_param) -> i32 {
                ::cilbind::generated::typed_call::<#tuple, #ret_ty, _>(#icall, __key, #out, move |__v| { #body })
            }
            ::cilbind::generated::typed_delegate::<Self, _, _>(
                &#type_ref,
                &[#(#cli_params),*],
                ::cilbind::generated::proxy_entry!(unsafe #desc, __invoke),
                __d,
            )
        }
    }
}

/// The match arm for a value of the wrong kind.
fn mismatch(var: &Ident, what: &str) -> TokenStream {
    let msg = lit_str(&format!(
        "{}: expected {what}, got {{:?}}",
        var.to_string().trim_start_matches('_')
    ));
    quote!(__other => return ::core::result::Result::Err(::cilbind::Error::InvalidArgument(::std::format!(#msg, __other))))
}

/// The Rust type of a callback parameter and the expression converting the `&Value` `var`.
fn param(c: &Pass, var: &Ident) -> (TokenStream, TokenStream) {
    match c {
        Pass::Primitive(p) => {
            let variant = ident(p.system_name());
            let value = match p {
                Primitive::Char => quote!(::cilbind::Char(*__v)),
                _ => quote!(*__v),
            };
            let other = mismatch(var, p.system_name());
            (
                ty(primitive_value(*p)),
                quote!(match #var { ::cilbind::Value::#variant(__v) => #value, #other }),
            )
        }
        // Boxed enums and structs reach callbacks as objects.
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) | Pass::ManagedStruct(rust) => {
            let rust = ty(rust);
            let other = mismatch(var, "a boxed value");
            (
                rust.clone(),
                quote!(match #var { ::cilbind::Value::Object(__o) => __o.unbox::<#rust>()?, #other }),
            )
        }
        Pass::String => {
            let other = mismatch(var, "a string");
            (
                quote!(::core::option::Option<::std::string::String>),
                quote!(match #var { ::cilbind::Value::String(__s) => ::core::option::Option::Some(__s.clone()), ::cilbind::Value::Null => ::core::option::Option::None, #other }),
            )
        }
        Pass::Handle(rust) | Pass::ObjectArray(rust) => {
            let rust = ty(rust);
            let other = mismatch(var, "an object");
            // Strings arrive decoded: an `object` parameter given a string gets it back as one.
            (
                quote!(::core::option::Option<#rust>),
                quote!(match #var {
                    ::cilbind::Value::Object(__o) => ::core::option::Option::Some(__o.cast::<#rust>()?),
                    ::cilbind::Value::String(__s) => ::core::option::Option::Some(::cilbind::Reference::as_object(&::cilbind::NetString::new(__s)?).cast::<#rust>()?),
                    ::cilbind::Value::Null => ::core::option::Option::None,
                    #other
                }),
            )
        }
        // A generic delegate's type parameter: its type argument converts it.
        Pass::TypeParam(param) => {
            let param = ident(param);
            (
                quote!(<#param as ::cilbind::TypeArg>::Output),
                quote!(<#param as ::cilbind::TypeArg>::from_value(#var)?),
            )
        }
        // The plan gives callbacks no other parameter form.
        Pass::Void
        | Pass::BlittableArray { .. }
        | Pass::ByRef { .. }
        | Pass::Pointer(_)
        | Pass::Nullable(_)
        | Pass::Span { .. }
        | Pass::Buffer { .. }
        | Pass::BlittableParam(_)
        | Pass::ReferenceParam(_) => (quote!(()), quote!(())),
    }
}

/// The closure's return type and the expression turning its result `__r` into a `Value`.
fn ret(c: &Pass) -> (TokenStream, TokenStream) {
    match c {
        Pass::Primitive(p) => {
            let value = match p {
                Primitive::Char => quote!(__r.0),
                _ => quote!(__r),
            };
            let variant = ident(p.system_name());
            (ty(primitive_value(*p)), quote!(::cilbind::Value::#variant(#value)))
        }
        Pass::Enum {
            rust,
            underlying,
            flags,
        } => {
            let bits = if *flags { quote!(__r.bits()) } else { quote!(__r.0) };
            let variant = ident(underlying.system_name());
            (ty(rust), quote!(::cilbind::Value::#variant(#bits)))
        }
        Pass::FullStruct(rust) | Pass::ManagedStruct(rust) => (
            ty(rust),
            quote!(::cilbind::Value::Object(::cilbind::BoxAs::<::cilbind::Object>::box_to(
                &__r
            )?)),
        ),
        Pass::String => (
            quote!(::core::option::Option<::std::string::String>),
            quote!(__r.map_or(::cilbind::Value::Null, ::cilbind::Value::String)),
        ),
        Pass::Handle(rust) => {
            let rust = ty(rust);
            (
                quote!(::core::option::Option<#rust>),
                quote!(__r.map_or(::cilbind::Value::Null, |__o| ::cilbind::Value::Object(
                    ::cilbind::Reference::into_object(__o)
                ))),
            )
        }
        Pass::TypeParam(param) => {
            let param = ident(param);
            (
                quote!(<#param as ::cilbind::TypeArg>::Output),
                quote!(<#param as ::cilbind::TypeArg>::to_value(__r)?),
            )
        }
        // `void`; the plan gives callbacks no other return form.
        _ => (
            quote!(()),
            quote!({
                let () = __r;
                ::cilbind::Value::Void
            }),
        ),
    }
}
