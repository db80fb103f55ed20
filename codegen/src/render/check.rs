//! What `Builder::quickcheck(true)` adds (nothing otherwise): for each enum, `[Flags]` enum
//! and full struct (not unions, nor structs holding one), one `check_value!` call that
//! implements `cilbind::check::CheckValue`, `quickcheck::Arbitrary` and the list of types it
//! boxes to; for each full struct with methods translated into Rust, a hidden managed twin
//! of each (the call the translation replaced) and the `TranslatedMethods` table that pairs
//! them, for `cilbind::check::translated_methods`.

use super::tokens::{ident, lit_str, ty};
use crate::model::PassMode;
use crate::plan::translate::{out_target, ref_struct};
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
    let mut args: Vec<(TokenStream, Lend)> = Vec::new();
    match m.receiver {
        Receiver::StructMut => args.push((quote!(Self), Lend::Mut)),
        Receiver::StructCopy => args.push((quote!(Self), Lend::Shared)),
        Receiver::Static => {}
        _ => return None,
    }
    for p in &m.params {
        if p.params_array.is_some() {
            return None;
        }
        if out_target(&p.pass).is_some() {
            // Returned, not passed: the tuple of both calls' results holds it.
            continue;
        }
        args.push(match (&p.pass, ref_struct(&p.pass)) {
            (Pass::Primitive(prim), _) => (ty(primitive_value(*prim)), Lend::Value),
            (Pass::Enum { rust, .. }, _) => (ty(rust), Lend::Value),
            (Pass::FullStruct(rust), _) => (ty(rust), Lend::Shared),
            (Pass::ByRef { target, .. }, Some(mode)) => match &**target {
                Pass::FullStruct(rust) if mode == PassMode::Ref => (ty(rust), Lend::Mut),
                Pass::FullStruct(rust) => (ty(rust), Lend::Shared),
                _ => return None,
            },
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
    // What each call is lent `&mut` is a copy of its own, compared after the call with the
    // result.
    let lent: Vec<usize> = (0..args.len()).filter(|i| args[*i].1 == Lend::Mut).collect();
    let call_args = |copy: &str| -> Vec<TokenStream> {
        args.iter()
            .zip(&names)
            .enumerate()
            .map(|(i, ((_, lend), n))| match lend {
                Lend::Value => quote!(#n),
                Lend::Shared => quote!(&#n),
                Lend::Mut => {
                    let c = format_ident!("__{copy}{i}");
                    quote!(&mut #c)
                }
            })
            .collect()
    };
    let (t_args, m_args) = (call_args("t"), call_args("m"));
    let body = if lent.is_empty() {
        quote!((Self::#translated(#(#t_args),*), Self::#managed(#(#m_args),*)))
    } else {
        let t_copies: Vec<_> = lent.iter().map(|i| format_ident!("__t{i}")).collect();
        let m_copies: Vec<_> = lent.iter().map(|i| format_ident!("__m{i}")).collect();
        let sources: Vec<_> = lent.iter().map(|i| &names[*i]).collect();
        quote! {{
            #(let (mut #t_copies, mut #m_copies) = (#sources, #sources);)*
            (
                Self::#translated(#(#t_args),*).map(|__r| (__r, #(#t_copies),*)),
                Self::#managed(#(#m_args),*).map(|__r| (__r, #(#m_copies),*)),
            )
        }}
    };
    let name = lit_str(&format!("{type_name}::{}", m.rust_name.trim_start_matches("r#")));
    let csharp = lit_str(m.csharp.first().map_or(m.item.as_str(), String::as_str));
    Some(quote!(::cilbind::check::TranslatedMethod::new(#name, #csharp, |#pattern: #tuple_ty| #body)))
}

/// How the check passes an argument to both calls.
#[derive(Clone, Copy, PartialEq)]
enum Lend {
    /// By value (a primitive or an enum).
    Value,
    /// `&` (a full struct, or `self` of a `&self` method).
    Shared,
    /// `&mut` to a copy per call (a `ref` full struct, `self` of a `&mut self` method).
    Mut,
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
