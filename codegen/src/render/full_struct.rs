//! Full structs: `Copy` Rust structs with exactly the managed layout, so a pointer to one
//! can be handed to .NET as a pointer to the unboxed value. The plan chose the declaration
//! (`plan/repr.rs`: repr, padding, union helpers); this file prints it, with
//! `pub const MANAGED_SIZE`, a compile-time assertion that Rust agrees, and `check_layout()`.

use super::tokens::{docs, ident, lit_str, ty};
use crate::plan::{DeclItem, Repr, StructDecl, TypeItem};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

/// The declaration of full struct `t`.
pub(super) fn render(t: &TypeItem, decl: &StructDecl) -> TokenStream {
    let name = ident(&t.name);
    let doc = docs(&format!(
        "Binds the .NET struct `{}` (assembly `{}`): {} bytes, mirrored field for field.",
        t.metadata_name, t.assembly, decl.size
    ));
    let repr = match decl.repr {
        Repr::C | Repr::Union => quote!(C),
        Repr::CAlign(n) | Repr::UnionAlign(n) => {
            let n = Literal::u32_unsuffixed(n);
            quote!(C, align(#n))
        }
        Repr::CPacked(1) | Repr::UnionPacked => quote!(C, packed),
        Repr::CPacked(n) => {
            let n = Literal::u32_unsuffixed(n);
            quote!(C, packed(#n))
        }
    };
    // Unions can't derive comparisons or Debug (which field is live is not known), nor can
    // structs that contain one.
    // A struct with a .NET equality gets `PartialEq` through it (`render/std_traits.rs`).
    let derives = match (decl.comparable, decl.partial_eq) {
        (true, true) => quote!(Clone, Copy, Debug, PartialEq),
        (true, false) => quote!(Clone, Copy, Debug),
        _ => quote!(Clone, Copy),
    };
    let size = Literal::u32_unsuffixed(decl.size);
    let declaration = if decl.is_union() {
        let mut helpers = TokenStream::new();
        let fields = decl.fields.iter().map(|f| {
            let (doc, fname) = (docs(&f.doc), ident(&f.name));
            let fty = ty(&f.ty);
            match &f.helper {
                None => quote!(#doc pub #fname: #fty,),
                Some(helper) => {
                    let helper = ident(helper);
                    let helper_doc = docs(&format!(
                        "Places `{}.{}` at offset {} inside the union `{}`.",
                        t.metadata_name, f.metadata_name, f.offset, t.name
                    ));
                    let offset = Literal::u32_unsuffixed(f.offset);
                    helpers.extend(quote! {
                        #helper_doc
                        #[repr(C, packed)]
                        #[derive(Clone, Copy)]
                        pub struct #helper {
                            /// Bytes before the field.
                            pub _offset: [u8; #offset],
                            /// The field.
                            pub value: #fty,
                        }
                    });
                    quote!(#doc pub #fname: #helper,)
                }
            }
        });
        let fields: Vec<TokenStream> = fields.collect();
        quote! {
            #doc
            #[repr(#repr)]
            #[derive(#derives)]
            pub union #name {
                #(#fields)*
                /// The whole value as bytes.
                pub _bytes: [u8; #size],
            }
            #helpers
        }
    } else {
        let items = decl.items.iter().map(|item| match item {
            DeclItem::Field(i) => {
                let f = &decl.fields[*i];
                let (doc, fname, fty) = (docs(&f.doc), ident(&f.name), ty(&f.ty));
                quote!(#doc pub #fname: #fty,)
            }
            DeclItem::Pad { at, len } => {
                let (pad, len) = (format_ident!("_pad_{at}"), Literal::u32_unsuffixed(*len));
                quote!(#[doc = " Padding."] pub #pad: [u8; #len],)
            }
        });
        quote! {
            #doc
            #[repr(#repr)]
            #[derive(#derives)]
            pub struct #name {
                #(#items)*
            }
        }
    };
    // Offsets the runtime must agree with, checked when the bindings load (an alias is checked
    // through the fields it overlays).
    let checks = decl.fields.iter().filter(|f| !f.is_alias(&decl.fields)).map(|f| {
        let fname = ident(&f.name);
        let offset = match &f.helper {
            Some(helper) => {
                let helper = ident(helper);
                quote!(::core::mem::offset_of!(Self, #fname) + ::core::mem::offset_of!(#helper, value))
            }
            None => quote!(::core::mem::offset_of!(Self, #fname)),
        };
        let metadata_name = lit_str(&f.metadata_name);
        quote!((#metadata_name, #offset))
    });
    let type_ref = ident(&t.type_ref);
    // A macro body keeps its tokens' spacing through formatting; lexed from text, `::<` stays
    // joined (`quote!` would print `size_of:: <`).
    let size_check: TokenStream = format!("::core::mem::size_of::<{0}>() == {0}::MANAGED_SIZE", t.name)
        .parse()
        .unwrap_or_else(|_| quote!(::core::mem::size_of::<#name>() == #name::MANAGED_SIZE));
    quote! {
        #declaration
        impl #name {
            /// Size of the unboxed .NET value in bytes.
            pub const MANAGED_SIZE: usize = #size;
            /// Checks this declaration against the running runtime's layout of the type (size and every field offset).
            pub fn check_layout() -> ::cilbind::Result<()> {
                ::cilbind::generated::check_layout(&#type_ref, ::core::mem::size_of::<Self>(), &[#(#checks),*])
            }
        }
        const _: () = assert!(#size_check);
    }
}
