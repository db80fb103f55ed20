//! **Renderers**: one file per output kind, each printing [`Plan`] items with `quote!` as they
//! are. Nothing here reads the model or decides anything: a member that is in the plan is
//! printed, a skip is printed as a `//` comment, and that is all (`format.rs` documents the
//! post-pass that puts comments back after formatting).
//!
//! Items are rendered and formatted on every core: tokens can't cross threads, so each
//! thread renders its share of the plan's items, formats them, and hands back text.

mod check;
mod defaults_overload;
mod delegate;
mod enums;
mod field;
mod flags;
mod format;
mod full_struct;
mod generic_struct;
mod implement;
mod incoming;
mod init;
mod iterate;
mod managed_struct;
mod member;
mod method;
mod natives;
mod params;
mod reference;
mod runtime_trait;
mod slice_overload;
mod std_traits;
mod tokens;
mod translated;
mod value_type;

use crate::error::{Error, Result};
use crate::plan::{InstanceItem, Plan, RuntimeItem, Skip, SkippedType, TypeItem, TypeItemKind};
use format::Splices;
use proc_macro2::TokenStream;
use quote::quote;
use std::collections::BTreeMap;

/// The generated source.
#[derive(Debug, Clone)]
pub(crate) struct Rendered {
    /// Formatted Rust source.
    pub source: String,
    /// Time spent rendering, parsing and pretty-printing.
    pub format_time: std::time::Duration,
}

/// One top-level item of a module.
enum Work<'p> {
    Type(&'p TypeItem),
    Instance(&'p InstanceItem),
    Runtime(&'p RuntimeItem),
    SkippedType(&'p SkippedType),
    Init(&'p Plan),
}

/// Renders `plan` as one formatted Rust file; `checks`: with what `Builder::quickcheck` adds
/// (`check.rs`).
pub(crate) fn render(plan: &Plan, checks: bool) -> Result<Rendered> {
    let start = std::time::Instant::now();
    // In output order: types, then instantiations' members, then the runtime types' extension
    // traits, then skipped types, then `init`.
    let mut work: Vec<(&[String], Work)> = Vec::new();
    work.extend(plan.types.iter().map(|t| (&t.module[..], Work::Type(t))));
    work.extend(plan.instances.iter().map(|i| (&i.module[..], Work::Instance(i))));
    work.extend(plan.runtime.iter().map(|r| (&r.module[..], Work::Runtime(r))));
    work.extend(plan.skipped_types.iter().map(|t| (&t.module[..], Work::SkippedType(t))));
    work.push((&[], Work::Init(plan)));
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(work.len());
    let chunk = work.len().div_ceil(threads).max(1);
    let results: Vec<Result<Vec<String>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = work
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|(_, w)| render_one(w, checks))
                        .collect::<Result<Vec<_>>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(Error::InvalidOutput {
                        item: "bindings".into(),
                        reason: "a renderer panicked".into(),
                    })
                })
            })
            .collect()
    });
    let mut modules: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    let mut texts = Vec::with_capacity(work.len());
    for r in results {
        texts.extend(r?);
    }
    for ((module, _), text) in work.iter().zip(texts) {
        modules.entry(module.to_vec()).or_default().push(text);
    }
    Ok(Rendered {
        source: format::nest(&modules)?,
        format_time: start.elapsed(),
    })
}

/// Renders and formats one item.
fn render_one(w: &Work, checks: bool) -> Result<String> {
    let out = Splices::default();
    let tokens = match w {
        Work::Type(t) => match &t.kind {
            TypeItemKind::Enum(e) => {
                let decl = enums::render(&out, t, e);
                let rest = value_type::render(&out, t);
                quote!(#decl #rest)
            }
            TypeItemKind::Flags(e) => {
                let decl = flags::render(&out, t, e);
                let rest = value_type::render(&out, t);
                quote!(#decl #rest)
            }
            TypeItemKind::FullStruct { decl, members, .. } => {
                let decl = full_struct::render(t, decl);
                let rest = value_type::render(&out, t);
                let translated = members.as_ref().filter(|_| checks).map(check::translated);
                quote!(#decl #rest #translated)
            }
            TypeItemKind::ManagedStruct { .. } => managed_struct::render(&out, t),
            TypeItemKind::GenericStruct { .. } => generic_struct::render(&out, t),
            TypeItemKind::Reference { .. } | TypeItemKind::GenericReference { .. } => reference::render(&out, t),
            TypeItemKind::NativesHost => natives::host(t),
        },
        Work::Instance(i) => reference::render_instance(&out, i),
        Work::Runtime(r) => runtime_trait::render(&out, r),
        Work::SkippedType(t) => {
            let comments = std::iter::once(&t.skip)
                .chain(&t.members)
                .map(|skip| skip_comment(&out, skip));
            quote!(#(#comments)*)
        }
        Work::Init(plan) => init::render(&out, plan),
    };
    let tokens = match w {
        Work::Type(t @ TypeItem { natives: Some(n), .. }) => {
            let natives = natives::render(&out, t, n);
            quote!(#tokens #natives)
        }
        _ => tokens,
    };
    let tokens = match w {
        Work::Type(t) if t.implement.is_some() || !t.implement_skips.is_empty() => {
            let implement = implement::render(&out, t, t.implement.as_ref(), &t.implement_skips);
            quote!(#tokens #implement)
        }
        _ => tokens,
    };
    let tokens = match w {
        Work::Type(t) if checks => {
            let value = check::value(t);
            quote!(#tokens #value)
        }
        _ => tokens,
    };
    out.format(tokens)
}

/// The comment a skip becomes.
fn skip_comment(out: &Splices, skip: &Skip) -> TokenStream {
    out.comment(&format!("skipped `{}`: {}", skip.item, skip.reason.replace('\n', " ")))
}

/// Declares the `static TypeRef` of a type.
fn type_ref_decl(t: &TypeItem) -> TokenStream {
    let (assembly, namespace, name) = &t.type_ref_parts;
    let (assembly, namespace, name) = (
        tokens::lit_str(assembly),
        tokens::lit_str(namespace),
        tokens::lit_str(name),
    );
    let type_ref = tokens::ident(&t.type_ref);
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals)]
        pub static #type_ref: ::cilbind::TypeRef = ::cilbind::TypeRef::new(#assembly, #namespace, #name);
    }
}
