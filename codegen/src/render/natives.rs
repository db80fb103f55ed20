//! Natives: per type with C# internal calls, the trait Rust implements (`FooNatives`) and
//! `Foo::natives::<I>()`, the table of `extern "C"` thunks monomorphised for the implementor
//! (printed from `plan::NativesItem`; the plan decided every form and name), and the host
//! of a non-public type's natives when it needs no handle.

use super::format::Splices;
use super::tokens::{docs, ident, lit_str, ty};
use crate::plan::{NativeItem, NativesItem, TypeItem};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The trait, the table function, and a comment per native that has no trait method.
pub(super) fn render(out: &Splices, t: &TypeItem, n: &NativesItem) -> TokenStream {
    let trait_name = ident(&n.trait_name);
    let owner = ident(&t.name);
    let trait_doc = docs(&format!(
        "The natives of `{}`: its C# `extern` methods (`[DllImport(\"__Internal\")]`, on both runtimes, or\n\
         `[MethodImpl(MethodImplOptions.InternalCall)]`, Mono only), implemented in Rust. Implement this\n\
         trait on a type of yours, and install\n\
         `{}::natives::<YourType>()` with the bindings' `init_with_natives` (or\n\
         `cilbind::Assembly::install_natives` before `init()`, which refuses to start without them).\n\
         An `Err` throws its managed exception at the C# call site; a panic throws\n\
         `Cilbind.RustPanicException`.",
        t.metadata_name, t.name
    ));
    let methods = n.natives.iter().map(trait_method);
    let thunks = n.natives.iter().map(|m| thunk(&trait_name, m));
    let entries = n.natives.iter().map(|m| {
        let name = lit_str(&m.icall);
        let thunk = format_ident!("__native_{}", m.rust_name.trim_start_matches("r#"));
        quote!(::cilbind::generated::native_entry!(unsafe #name, #thunk::<__I>))
    });
    let skips = n.skips.iter().map(|s| super::skip_comment(out, s));
    let table_doc = docs(&format!(
        "The natives of `{}` as `I` implements them, for the bindings' `init_with_natives`\n\
         (or `cilbind::Assembly::install_natives`).",
        t.metadata_name
    ));
    quote! {
        #(#skips)*
        #trait_doc
        pub trait #trait_name: 'static {
            #(#methods)*
        }
        impl #owner {
            #table_doc
            pub fn natives<__I: #trait_name>() -> ::cilbind::native::NativeTable {
                #(#thunks)*
                ::cilbind::native::NativeTable::new(::std::vec![#(#entries),*])
            }
        }
    }
}

fn trait_method(m: &NativeItem) -> TokenStream {
    let name = ident(&m.rust_name);
    let doc = docs(&match &m.import {
        Some(entry) => format!(
            "The native `{}` (`[DllImport(\"__Internal\")]`, entry point `{entry}`).",
            m.icall
        ),
        None => format!("The internal call `{}`.", m.icall),
    });
    let this = m.this.as_ref().map(|f| {
        let t = ty(&f.rust);
        quote!(this: #t,)
    });
    let params = m.params.iter().map(|(n, f)| {
        let (n, t) = (ident(n), ty(&f.rust));
        quote!(#n: #t)
    });
    let ret = ty(&m.ret.rust);
    quote! {
        #doc
        fn #name(#this #(#params),*) -> ::cilbind::native::NativeResult<#ret>;
    }
}

fn thunk(trait_name: &proc_macro2::Ident, m: &NativeItem) -> TokenStream {
    let name = ident(&m.rust_name);
    let thunk = format_ident!("__native_{}", m.rust_name.trim_start_matches("r#"));
    let kinds: Vec<TokenStream> = m
        .this
        .iter()
        .chain(m.params.iter().map(|(_, f)| f))
        .map(|f| ty(&f.kind))
        .collect();
    let ret = ty(&m.ret.kind);
    let icall = lit_str(&m.icall);
    let super::incoming::Crossing { params, ret, body } =
        super::incoming::crossing(&kinds, &ret, |lent| quote!(__I::#name(#(#lent),*)));
    quote! {
        extern "C" fn #thunk<__I: #trait_name>(#(#params),*) -> #ret {
            ::cilbind::generated::native_call(#icall, move || { #body })
        }
    }
}

/// A non-public type whose natives need no handle: a name with no values, for its natives
/// trait and `natives::<I>()`.
pub(super) fn host(t: &TypeItem) -> TokenStream {
    let name = ident(&t.name);
    let doc = docs(&format!(
        "The .NET type `{}` (assembly `{}`), which is not public in C#: only its natives are\n\
         reachable here (`{}::natives::<I>()`). It has no values, and Rust binds none of its members.",
        t.metadata_name, t.assembly, t.name
    ));
    quote! {
        #doc
        #[derive(Debug)]
        pub enum #name {}
    }
}
