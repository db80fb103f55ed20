//! Classes, interfaces and delegates: handle wrappers over `::cilbind::Object`.
//!
//! A class wrapper holds its base class's wrapper (`Dog(Animal)`, `Animal(Object)`), so
//! `Deref` reaches every inherited method and an upcast to a base class is a field access: it
//! never fails and never allocates. Interfaces are reached through `::cilbind::Is<I>`: every
//! type that implements `I` is `Is<I>`, every parameter of type `I` takes `&dyn Is<I>`, and
//! `I`'s methods are an extension trait (`IShapeExt`) implemented for every `Is<I>`.
//! Downcasts are checked: `obj.as_object().cast::<Dog>()` returns a `Result`.

use super::format::Splices;
use super::tokens::{docs, ident, lit_str, ty};
use super::{delegate, iterate, member, type_ref_decl};
use crate::plan::{InstanceItem, TypeItem, TypeItemKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// Renders the wrapper of class, interface or delegate `t` (with its members when bound).
pub(super) fn render(out: &Splices, t: &TypeItem) -> TokenStream {
    let kind = match &t.kind {
        TypeItemKind::Reference { kind, .. } | TypeItemKind::GenericReference { kind, .. } => *kind,
        _ => return TokenStream::new(),
    };
    let type_ref_decl = type_ref_decl(t);
    let doc = docs(&format!(
        "Binds the .NET {kind} `{}` (assembly `{}`){}",
        t.metadata_name,
        t.assembly,
        if t.bound {
            "."
        } else if !t.public {
            ": a handle only. It is not public in C#, so it is reachable here only through\n\
             natives (C# internal calls implemented in Rust); it is a managed object C# made,\n\
             and casts to it are checked."
        } else {
            ": a handle only (its assembly or namespace is not bound)."
        }
    ));
    let body = match &t.kind {
        TypeItemKind::GenericReference {
            arity,
            members,
            iterate,
            ..
        } => {
            let generic = generic(out, t, *arity, members.is_some());
            let members = members.as_ref().map(|m| member::render(out, m));
            let iterate = iterate::render(out, &t.name, &t.metadata_name, *arity, iterate);
            quote!(#generic #members #iterate)
        }
        TypeItemKind::Reference {
            base,
            upcasts,
            members,
            iterate,
            ..
        } => {
            let members = members.as_ref().map(|m| member::render(out, m));
            let wrapper = wrapper(t, doc, base, upcasts, members);
            let iterate = iterate::render(out, &t.name, &t.metadata_name, 0, iterate);
            return quote!(#type_ref_decl #wrapper #iterate);
        }
        _ => TokenStream::new(),
    };
    quote!(#type_ref_decl #doc #body)
}

/// The wrapper struct holding `base`, its conversions to `upcasts`, and `members`: the
/// runtime's `class_wrapper!` declares the struct and its conversions.
fn wrapper(
    t: &TypeItem,
    doc: TokenStream,
    base: &str,
    upcasts: &[String],
    members: Option<TokenStream>,
) -> TokenStream {
    let name = ident(&t.name);
    let type_ref = ident(&t.type_ref);
    let base = ty(base);
    // Upcasts: every base class and every interface, as metadata lists them: what the
    // macro's `unsafe` promises (the object is an instance of each target).
    let upcasts = upcasts.iter().map(|target| ty(target));
    quote! {
        ::cilbind::generated::class_wrapper!(unsafe #doc #name(#base), #type_ref, [#(#upcasts),*]);
        #members
    }
}

/// A generic class, interface or delegate (``List`1``): a handle wrapper generic over its
/// arguments, whose class is instantiated at run time (once per Rust type, then cached).
/// `bound`: its members follow (classes and interfaces: for every type argument; delegates:
/// skipped here, bound on closed instantiations).
fn generic(out: &Splices, t: &TypeItem, arity: usize, bound: bool) -> TokenStream {
    let name = ident(&t.name);
    let type_ref = ident(&t.type_ref);
    let params: Vec<_> = (0..arity).map(|i| format_ident!("T{i}")).collect();
    let debug = lit_str(&format!("{}({{:?}})", t.name));
    let comment = (!bound).then(|| {
        out.comment(&format!(
            "Members of the generic type `{}` are not bound: its assembly or namespace is not selected.",
            t.metadata_name
        ))
    });
    quote! {
        pub struct #name<#(#params),*>(::cilbind::Object, ::core::marker::PhantomData<fn() -> (#(#params,)*)>);
        impl<#(#params: ::cilbind::ManagedType + 'static),*> ::cilbind::ManagedType for #name<#(#params),*> {
            fn class() -> ::cilbind::Result<::cilbind::Class> {
                ::cilbind::generated::closed_class::<Self>(|| #type_ref.class()?.instantiate(&[#(#params::class()?),*]))
            }
            fn remote_type() -> ::cilbind::Result<::cilbind::generated::RemoteType> {
                ::cilbind::generated::remote_instance(&#type_ref, ::std::vec![#(#params::remote_type()?),*])
            }
        }
        impl<#(#params: ::cilbind::ManagedType + 'static),*> ::cilbind::Reference for #name<#(#params),*> {
            unsafe fn from_object_unchecked(__obj: ::cilbind::Object) -> Self { #name(__obj, ::core::marker::PhantomData) }
            fn as_object(&self) -> &::cilbind::Object { &self.0 }
            fn into_object(self) -> ::cilbind::Object { self.0 }
        }
        impl<#(#params: ::cilbind::ManagedType + 'static),*> ::cilbind::Is<::cilbind::Object> for #name<#(#params),*> {}
        impl<#(#params),*> ::core::clone::Clone for #name<#(#params),*> {
            fn clone(&self) -> Self { #name(self.0.clone(), ::core::marker::PhantomData) }
        }
        impl<#(#params),*> ::core::fmt::Debug for #name<#(#params),*> {
            fn fmt(&self, __f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result { ::core::write!(__f, #debug, self.0) }
        }
        #comment
    }
}

/// Members of the closed generic instantiation `i`, beside its generic wrapper.
pub(super) fn render_instance(out: &Splices, i: &InstanceItem) -> TokenStream {
    let type_ref = ident(&i.type_ref);
    let self_ty = ty(&i.self_ty);
    let doc = docs(&format!("Members of the closed generic {} `{}`.", i.kind, i.display));
    let members = member::render(out, &i.members);
    let from_fn = match &i.from_fn {
        Some(Ok(callback)) => {
            let from_fn = delegate::from_fn(callback, &i.type_ref);
            quote!(impl #self_ty { #from_fn })
        }
        Some(Err(why)) => out.comment(&format!("no `from_fn` for `{}`: {why}", i.display)),
        None => TokenStream::new(),
    };
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static #type_ref: ::cilbind::TypeRef = ::cilbind::TypeRef::instance::<#self_ty>();
        #doc
        #members
        #from_fn
    }
}
