//! What `Builder::quickcheck(true)` adds (nothing otherwise): for each enum, `[Flags]` enum
//! and full struct (not unions, nor structs holding one), one `check_value!` call that
//! implements `cilbind::check::CheckValue`, `quickcheck::Arbitrary` and the list of types it
//! boxes to; for each full struct with methods translated into Rust, a hidden managed twin
//! of each (the call the translation replaced) and the `TranslatedMethods` table that pairs
//! them, for `cilbind::check::translated_methods`.

use super::tokens::{ident, lit_str, ty};
use crate::plan::{
    primitive_value, DeclItem, MemberItem, Members, MethodItem, Pass, Receiver, Ret, TypeItem, TypeItemKind,
};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// The `check_value!` call of value type `t` (empty for other kinds and for unions).
pub(super) fn value(t: &TypeItem) -> TokenStream {
    let name = ident(&t.name);
    let targets = |boxing: &[String]| boxing.iter().map(|b| ty(b)).collect::<Vec<_>>();
    match &t.kind {
        TypeItemKind::Enum(e) => {
            let int = ident(crate::plan::rust_primitive(e.underlying));
            let values = e.values.iter().filter_map(|v| v.as_ref().ok()).map(|v| ident(&v.name));
            let targets = targets(&e.boxing);
            quote!(::cilbind::generated::check_value!(enum #name: #int, [#(#values),*], boxes [#(#targets),*]);)
        }
        TypeItemKind::Flags(e) => {
            let int = ident(crate::plan::rust_primitive(e.underlying));
            let targets = targets(&e.boxing);
            quote!(::cilbind::generated::check_value!(flags #name: #int, boxes [#(#targets),*]);)
        }
        // `comparable`: no union inside, so every field is a value the checks draw.
        TypeItemKind::FullStruct { decl, boxing, .. } if decl.comparable && !decl.is_union() => {
            let fields = decl.items.iter().map(|item| match item {
                DeclItem::Field(i) => ident(&decl.fields[*i].name),
                DeclItem::Pad { at, .. } => format_ident!("_pad_{at}"),
            });
            let targets = targets(boxing);
            quote!(::cilbind::generated::check_value!(struct #name { #(#fields),* }, boxes [#(#targets),*]);)
        }
        _ => TokenStream::new(),
    }
}

/// The managed twins and the `TranslatedMethods` impl of a full struct's translated methods
/// (empty when none is).
pub(super) fn translated(members: &Members) -> TokenStream {
    let mut twins = TokenStream::new();
    let mut rows = Vec::new();
    let type_name = members.self_ty.rsplit("::").next().unwrap_or(&members.self_ty);
    for item in &members.items {
        let MemberItem::Method(m) = item else { continue };
        if !matches!(m.translation, Some(Ok(_))) {
            continue;
        }
        let Some(row) = row(m, type_name) else { continue };
        twins.extend(super::method::render(&twin(m), &members.type_ref));
        rows.push(row);
    }
    if rows.is_empty() {
        return TokenStream::new();
    }
    let name = ty(&members.self_ty);
    quote! {
        #[doc(hidden)]
        impl #name { #twins }
        impl ::cilbind::check::TranslatedMethods for #name {
            // Compiled where a test calls it: the table calls every translated method and its
            // twin, whose code the bindings' crate would otherwise build for nothing.
            #[inline]
            fn translated_methods() -> ::std::vec::Vec<::cilbind::check::TranslatedMethod> {
                ::std::vec::Vec::from([#(#rows),*])
            }
        }
    }
}

/// The hidden twin's Rust name.
fn twin_name(m: &MethodItem) -> String {
    format!("__managed_{}", m.rust_name.trim_start_matches("r#"))
}

/// `m` as the managed call it would be without translation, under [`twin_name`].
fn twin(m: &MethodItem) -> MethodItem {
    let mut twin = m.clone();
    twin.translation = None;
    twin.rust_name = twin_name(m);
    twin.slice = None;
    twin.defaults = None;
    twin.public = true;
    twin.doc = vec![format!("`{}` as a managed call (`cilbind::check`).", m.rust_name)];
    twin
}

/// The `TranslatedMethod::new(…)` of `m`, or `None` when a parameter or the result is not a
/// plain value (translation only takes those; kept as a guard).
fn row(m: &MethodItem, type_name: &str) -> Option<TokenStream> {
    // Each argument: its Rust type and how the call passes it.
    let mut args: Vec<(TokenStream, bool)> = Vec::new();
    if matches!(m.receiver, Receiver::StructCopy | Receiver::StructMut) {
        args.push((quote!(Self), true));
    } else if !matches!(m.receiver, Receiver::Static) {
        return None;
    }
    for p in &m.params {
        if p.params_array.is_some() {
            return None;
        }
        args.push(match &p.pass {
            Pass::Primitive(prim) => (ty(primitive_value(*prim)), false),
            Pass::Enum { rust, .. } => (ty(rust), false),
            Pass::FullStruct(rust) => (ty(rust), true),
            _ => return None,
        });
    }
    match &m.ret {
        Ret::FullStructCtor => {}
        Ret::Value(Pass::Void | Pass::Primitive(_) | Pass::Enum { .. } | Pass::FullStruct(_)) => {}
        _ => return None,
    }
    let names: Vec<proc_macro2::Ident> = (0..args.len()).map(|i| format_ident!("__a{i}")).collect();
    // quickcheck's tuples stop at 8: more arguments are a tuple of tuples of 8.
    let (pattern, tuple_ty) = nest(&names, &args.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>());
    let (translated, managed) = (ident(&m.rust_name), ident(&twin_name(m)));
    let body = if matches!(m.receiver, Receiver::StructMut) {
        let rest = args[1..]
            .iter()
            .zip(&names[1..])
            .map(|((_, by_ref), n)| pass(n, *by_ref));
        let rest: Vec<TokenStream> = rest.collect();
        quote! {{
            let (mut __t, mut __m) = (__a0, __a0);
            (
                Self::#translated(&mut __t, #(#rest),*).map(|__r| (__r, __t)),
                Self::#managed(&mut __m, #(#rest),*).map(|__r| (__r, __m)),
            )
        }}
    } else {
        let all: Vec<TokenStream> = args
            .iter()
            .zip(&names)
            .map(|((_, by_ref), n)| pass(n, *by_ref))
            .collect();
        quote!((Self::#translated(#(#all),*), Self::#managed(#(#all),*)))
    };
    let name = lit_str(&format!("{type_name}::{}", m.rust_name.trim_start_matches("r#")));
    let csharp = lit_str(m.csharp.first().map_or(m.item.as_str(), String::as_str));
    Some(quote!(::cilbind::check::TranslatedMethod::new(#name, #csharp, |#pattern: #tuple_ty| #body)))
}

fn pass(name: &proc_macro2::Ident, by_ref: bool) -> TokenStream {
    if by_ref {
        quote!(&#name)
    } else {
        quote!(#name)
    }
}

/// The closure's pattern and type: a tuple, or a tuple of tuples of at most 8.
fn nest(names: &[proc_macro2::Ident], types: &[TokenStream]) -> (TokenStream, TokenStream) {
    if names.len() <= 8 {
        return (quote!((#(#names,)*)), quote!((#(#types,)*)));
    }
    let (patterns, types): (Vec<TokenStream>, Vec<TokenStream>) = names
        .chunks(8)
        .zip(types.chunks(8))
        .map(|(n, t)| (quote!((#(#n,)*)), quote!((#(#t,)*))))
        .unzip();
    (quote!((#(#patterns,)*)), quote!((#(#types,)*)))
}
