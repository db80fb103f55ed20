//! Rust implementations of C# types (printed from `plan::ImplementItem`; the plan decided
//! every name, form and default): the trait, its thunks (generic over the implementor, so
//! monomorphised only for the types that implement it), and `implement` for an interface or
//! the base handle and `extend…` constructors for a class.

use super::format::Splices;
use super::method::{render_via, Via};
use super::params::call_parts;
use super::tokens::{code, docs, ident, lit_str, ty};
use crate::plan::{Convert, ExtendItem, ImplMember, ImplementItem, Skip, TypeItem};
use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};

/// A comment per skip, then the items.
pub(super) fn render(out: &Splices, t: &TypeItem, item: Option<&ImplementItem>, skips: &[Skip]) -> TokenStream {
    let skips = skips.iter().map(|s| super::skip_comment(out, s));
    let body = item.map(|i| match &i.class {
        None => interface(t, i),
        Some(c) => class(t, i, c),
    });
    quote!(#(#skips)* #body)
}

fn interface(t: &TypeItem, i: &ImplementItem) -> TokenStream {
    let trait_name = ident(&i.trait_name);
    let owner = ident(&t.name);
    let type_ref = ident(&t.type_ref);
    let params: Vec<Ident> = i.type_params.iter().map(|p| ident(p)).collect();
    let generic = !params.is_empty();
    let (declare, args) = if generic {
        (quote!(<#(#params: ::cilbind::TypeArg),*>), quote!(<#(#params),*>))
    } else {
        (quote!(), quote!())
    };
    let trait_ref = quote!(#trait_name #args);
    let trait_doc = docs(&format!(
        "A Rust implementation of the .NET interface `{}`: `{}::implement(value)` makes a managed\n\
         object of a class that implements the interface by calling these methods on `value`.\n\
         Calls come from any thread and may re-enter, hence `&self` and `Send + Sync`: keep state\n\
         in atomics or locks. An `Err` throws its managed exception at the C# call site; a panic\n\
         throws `Cilbind.RustPanicException`.{}",
        t.metadata_name,
        t.name,
        if generic {
            "\n\nFor any type arguments: a value of a type parameter comes as its `TypeArg::Kind` lends it\n\
             (`i32`, `Option<Lent<'_, T>>` for a class) and goes back as its `TypeArg::Output`."
        } else {
            ""
        }
    ));
    let methods = i
        .members
        .iter()
        .filter(|m| m.hidden_by.is_none())
        .map(|m| trait_method(m, None));
    let thunks = i.members.iter().map(|m| thunk(&trait_ref, &params, m, None));
    let members = i.members.iter().map(|m| implemented(&type_ref, &params, m));
    let doc = docs(&format!(
        "A new managed object implementing `{}` with `value` (see [`{}`]). The value lives as\n\
         long as the object: it is dropped after the object is collected.",
        t.metadata_name, i.trait_name
    ));
    let make = if generic {
        quote! {
            ::cilbind::generated::ProxyType::of_closed::<__T, (#(#params,)*)>(
                <Self as ::cilbind::ManagedType>::class()?,
                || ::core::result::Result::Ok(::std::vec![#(#members),*]),
            )?
        }
    } else {
        quote!(::cilbind::generated::ProxyType::of::<__T>(&#type_ref, || ::std::vec![#(#members),*])?)
    };
    // A client of a remote runtime: the server's relay calls back `__remote_*` (non-generic
    // interfaces; a generic one is refused there, as its class is made by a local runtime).
    let remote = (!generic).then(|| {
        let dispatchers = i.members.iter().map(|m| remote_dispatcher(&trait_ref, m));
        let members = i.members.iter().map(remote_member);
        quote! {
            ::cilbind::generated::if_remote! {
                if ::cilbind::remote::connected() {
                    #(#dispatchers)*
                    return <Self as ::cilbind::Reference>::from_object(
                        ::cilbind::generated::implement_remote(&#type_ref, __value, &[#(#members),*])?,
                    );
                }
            }
        }
    });
    quote! {
        #trait_doc
        pub trait #trait_name #declare: ::core::marker::Send + ::core::marker::Sync + 'static {
            #(#methods)*
        }
        impl #declare #owner #args {
            #doc
            pub fn implement<__T: #trait_ref>(__value: __T) -> ::cilbind::Result<Self> {
                #remote
                #(#thunks)*
                let __ty = #make;
                <Self as ::cilbind::Reference>::from_object(__ty.implement(__value)?)
            }
        }
    }
}

/// The `ProxyMember` of an interface's member (of the interface or one it extends).
fn implemented(type_ref: &Ident, params: &[Ident], m: &ImplMember) -> TokenStream {
    let owner = match &m.declared_by {
        Some((owner_ref, _)) => code(owner_ref),
        None => quote!(#type_ref),
    };
    if params.is_empty() {
        return member(&owner, m, "Implement");
    }
    let closed = match &m.declared_by {
        Some((_, handle)) => {
            let handle = ty(handle);
            quote!(<#handle as ::cilbind::ManagedType>::class()?)
        }
        None => quote!(<Self as ::cilbind::ManagedType>::class()?),
    };
    let name = lit_str(&m.metadata_name);
    let cli_params = m.cli_params.iter().map(|p| lit_str(p));
    let thunk = thunk_name(m);
    let kinds = m.params.iter().map(|(_, f)| ty(&f.kind));
    let ret = ty(&m.ret.kind);
    quote! {
        ::cilbind::generated::ProxyMember::ImplementClosed {
            owner: &#owner,
            closed: #closed,
            name: #name,
            params: &[#(#cli_params),*],
            entry: ::cilbind::generated::proxy_entry!(unsafe kinds (#(#kinds),*) -> #ret, #thunk::<__T, #(#params),*>),
        }
    }
}

fn class(t: &TypeItem, i: &ImplementItem, c: &ExtendItem) -> TokenStream {
    let trait_name = ident(&i.trait_name);
    let owner = ident(&t.name);
    let base = ident(&c.base_name);
    let type_ref = ident(&t.type_ref);
    let trait_doc = docs(&format!(
        "Rust overrides of the .NET class `{}`: `{}::extend…(value, …)` makes an instance of a\n\
         subclass whose overridable members call these methods on `value`. Abstract members are\n\
         required; the others default to the base implementation (one call back into .NET).\n\
         Each method gets the object as [`{}`]: its base implementations, protected members,\n\
         and (by `Deref`) the class's public members. Calls come from any thread and may\n\
         re-enter, hence `&self` and `Send + Sync`. An `Err` throws its managed exception at the\n\
         C# call site; a panic throws `Cilbind.RustPanicException`.",
        t.metadata_name, t.name, c.base_name
    ));
    let methods = i.members.iter().map(|m| trait_method(m, Some(&base)));
    let trait_ref = quote!(#trait_name);
    let thunks: Vec<TokenStream> = i
        .members
        .iter()
        .map(|m| thunk(&trait_ref, &[], m, Some(&base)))
        .collect();
    let mut members: Vec<TokenStream> = c
        .constructors
        .iter()
        .map(|m| {
            let params = m.cli_params.iter().map(|p| lit_str(p));
            let mask = m.mask;
            quote!(::cilbind::generated::ProxyMember::Constructor { params: &[#(#params),*], mask: #mask })
        })
        .collect();
    members.extend(i.members.iter().map(|m| member(&quote!(#type_ref), m, "Override")));
    let names = |kind: &str, m: &crate::plan::MethodItem| {
        let (name, params) = (lit_str(&m.metadata_name), m.cli_params.iter().map(|p| lit_str(p)));
        let kind = format_ident!("{kind}");
        let mask = m.mask;
        quote!(::cilbind::generated::ProxyMember::#kind { owner: &#type_ref, name: #name, params: &[#(#params),*], mask: #mask })
    };
    members.extend(c.base_calls.iter().map(|m| names("BaseCall", m)));
    members.extend(c.protected.iter().map(|m| {
        let (name, params) = (lit_str(&m.item.metadata_name), m.item.cli_params.iter().map(|p| lit_str(p)));
        let (owner, mask) = (code(&m.owner_ref), m.item.mask);
        quote!(::cilbind::generated::ProxyMember::Protected { owner: &#owner, name: #name, params: &[#(#params),*], mask: #mask })
    }));
    let via = |thunk: TokenStream| Via {
        thunk,
        this: quote!(::cilbind::Reference::as_object(&**self)),
    };
    let base_calls = c
        .base_calls
        .iter()
        .enumerate()
        .map(|(n, m)| render_via(m, &t.type_ref, Some(&via(quote!(self.0.base_call(#n)?)))));
    let protected = c
        .protected
        .iter()
        .enumerate()
        .map(|(n, m)| render_via(&m.item, &m.owner_ref, Some(&via(quote!(self.0.protected(#n)?)))));
    let fields = c.fields.iter().map(|f| {
        super::field::render_on(
            &f.item,
            &f.owner_ref,
            Some(quote!(::core::option::Option::Some(&**self))),
        )
    });
    let ctors = c.constructors.iter().enumerate().map(|(n, m)| {
        let (sig, pre, args) = call_parts(m);
        let name = ident(&m.rust_name);
        let doc = super::tokens::doc_lines(&m.doc);
        quote! {
            #doc
            pub fn #name<__T: #trait_name>(__value: __T, #(#sig),*) -> ::cilbind::Result<Self> {
                #(#pre)*
                let __obj = Self::__proxy_type::<__T>()?.create(__value, #n, |__new, __key| __new.call((__key, #(#args,)*)))?;
                <Self as ::cilbind::Reference>::from_object(__obj)
            }
        }
    });
    let base_doc = docs(&format!(
        "The `{}` a Rust override runs on, for the length of the call: the class's public\n\
         members by `Deref`, its base implementations (`base_…`, called non-virtually) and its\n\
         protected members.",
        t.metadata_name
    ));
    quote! {
        #base_doc
        pub struct #base<'call>(::cilbind::generated::Base<'call, #owner>);
        impl ::core::ops::Deref for #base<'_> {
            type Target = #owner;
            #[inline]
            fn deref(&self) -> &#owner {
                &self.0
            }
        }
        impl #base<'_> {
            #(#base_calls)*
            #(#protected)*
            #(#fields)*
        }
        #trait_doc
        pub trait #trait_name: ::core::marker::Send + ::core::marker::Sync + 'static {
            #(#methods)*
        }
        impl #owner {
            #[doc(hidden)]
            pub fn __proxy_type<__T: #trait_name>() -> ::cilbind::Result<&'static ::cilbind::generated::ProxyType> {
                #(#thunks)*
                ::cilbind::generated::ProxyType::of::<__T>(&#type_ref, || ::std::vec![#(#members),*])
            }
            #(#ctors)*
        }
    }
}

/// The `ProxyMember` of a trait method of a non-generic type (`owner`: its `TypeRef`).
fn member(type_ref: &TokenStream, m: &ImplMember, kind: &str) -> TokenStream {
    let kind = format_ident!("{kind}");
    let name = lit_str(&m.metadata_name);
    let params = m.cli_params.iter().map(|p| lit_str(p));
    let desc = lit_str(&m.desc);
    let thunk = thunk_name(m);
    quote! {
        ::cilbind::generated::ProxyMember::#kind {
            owner: &#type_ref,
            name: #name,
            params: &[#(#params),*],
            entry: ::cilbind::generated::proxy_entry!(unsafe #desc, #thunk::<__T>),
        }
    }
}

fn thunk_name(m: &ImplMember) -> Ident {
    format_ident!("__impl_{}", m.rust_name.trim_start_matches("r#"))
}

fn remote_name(m: &ImplMember) -> Ident {
    format_ident!("__remote_{}", m.rust_name.trim_start_matches("r#"))
}

/// The `RemoteMember` of an interface's member: its `Name(parameters)` (what the server's
/// relay matches it by), why a kind cannot cross a connection, if one cannot, and its
/// dispatcher.
fn remote_member(m: &ImplMember) -> TokenStream {
    let name = lit_str(&format!("{}({})", m.metadata_name, m.desc));
    let kinds = m.params.iter().map(|(_, f)| {
        let k = ty(&f.kind);
        quote!(<#k as ::cilbind::generated::RemoteIncoming>::REFUSED)
    });
    let ret = ty(&m.ret.kind);
    let dispatcher = remote_name(m);
    quote! {
        ::cilbind::generated::RemoteMember {
            name: #name,
            refused: &[#(#kinds,)* <#ret as ::cilbind::generated::RemoteOutgoing>::REFUSED],
            run: #dispatcher::<__T>,
        }
    }
}

/// A member's dispatcher over a connection: the thunk's work, from the frame's values.
fn remote_dispatcher(trait_ref: &TokenStream, m: &ImplMember) -> TokenStream {
    let name = remote_name(m);
    let kinds: Vec<TokenStream> = m.params.iter().map(|(_, f)| ty(&f.kind)).collect();
    let ret = ty(&m.ret.kind);
    let body = super::incoming::remote_body(&kinds, &ret, member_call(m, quote!()));
    quote! {
        fn #name<__T: #trait_ref>(
            __v: &__T,
            __f: &mut ::cilbind::generated::RemoteFrame,
        ) -> ::cilbind::native::NativeResult<()> {
            #body
        }
    }
}

/// The call of the Rust method behind `m` on `__v` with the lent arguments (`this` first for
/// a class's member, the base handle), converting a hiding member's result.
fn member_call(m: &ImplMember, this: TokenStream) -> impl FnOnce(Vec<TokenStream>) -> TokenStream + '_ {
    move |lent: Vec<TokenStream>| match &m.hidden_by {
        None => {
            let name = ident(&m.rust_name);
            quote!(__v.#name(#this #(#lent),*))
        }
        // A hidden member calls the hiding one and converts its result (see plan::implement).
        Some(h) => {
            let name = ident(&h.rust_name);
            let call = quote!(__v.#name(#this #(#lent),*));
            match &h.convert {
                Convert::Same => call,
                Convert::Cast(to) => {
                    let to = ty(to);
                    quote!(#call.and_then(|__r| ::core::result::Result::Ok(
                        __r.map(|__o| ::cilbind::Reference::into_object(__o).cast::<#to>()).transpose()?
                    )))
                }
                Convert::Boxed(param) => {
                    let param = ident(param);
                    quote!(#call.and_then(|__r| ::core::result::Result::Ok(
                        ::cilbind::generated::type_arg_object::<#param>(__r)?
                    )))
                }
            }
        }
    }
}

fn trait_method(m: &ImplMember, base: Option<&Ident>) -> TokenStream {
    let name = ident(&m.rust_name);
    let doc = docs(&format!("`{}`.", m.icall));
    let this = base.map(|b| quote!(this: &#b<'_>,));
    let params = m.params.iter().map(|(n, f)| {
        let (n, t) = (ident(n), ty(&f.rust));
        quote!(#n: #t)
    });
    let ret = ty(&m.ret.rust);
    let default = m.default.as_ref().map(|d| {
        let base = ident(&d.base);
        let args = d.args.iter().map(|a| code(a));
        if d.writes.is_empty() && d.value == d.bind {
            return quote!({ ::core::result::Result::Ok(this.#base(#(#args),*)?) });
        }
        let (bind, writes, value) = (code(&d.bind), d.writes.iter().map(|w| code(w)), code(&d.value));
        quote!({
            let #bind = this.#base(#(#args),*)?;
            #(#writes)*
            ::core::result::Result::Ok(#value)
        })
    });
    let end = if default.is_some() { quote!() } else { quote!(;) };
    quote! {
        #doc
        #[allow(unused_variables)]
        fn #name(&self, #this #(#params),*) -> ::cilbind::native::NativeResult<#ret> #default #end
    }
}

fn thunk(trait_ref: &TokenStream, params: &[Ident], m: &ImplMember, base: Option<&Ident>) -> TokenStream {
    let thunk = thunk_name(m);
    let kinds: Vec<TokenStream> = m.params.iter().map(|(_, f)| ty(&f.kind)).collect();
    let ret = ty(&m.ret.kind);
    let icall = lit_str(&m.icall);
    let (receiver, this) = match base {
        Some(b) => (
            quote!(__receiver),
            quote!(&#b(::cilbind::generated::Base::new(__receiver)),),
        ),
        None => (quote!(_), quote!()),
    };
    let call = member_call(m, this);
    let super::incoming::Crossing { params: abi, ret, body } = super::incoming::crossing(&kinds, &ret, call);
    quote! {
        #[inline]
        extern "C" fn #thunk<__T: #trait_ref, #(#params: ::cilbind::TypeArg),*>(
            __this: ::cilbind::generated::RawRef,
            __key: i64,
            #(#abi),*
        ) -> #ret {
            ::cilbind::generated::proxy_call::<__T, _>(#icall, __this, __key, move |__v, #receiver| { #body })
        }
    }
}
