//! **Renderers**: one file per output kind, each printing [`Plan`] items as they are. Nothing
//! here reads the model or decides anything: a member that is in the plan is printed, a skip
//! is printed as a `//` comment, and that is all (`format.rs` documents the post-pass that
//! puts comments back after formatting).

mod delegate;
mod enums;
mod field;
mod flags;
mod format;
mod full_struct;
mod init;
mod managed_struct;
mod member;
mod method;
mod reference;
mod value_type;

use crate::error::Result;
use crate::plan::{Plan, Skip, TypeItemKind};
use format::Splices;
use std::collections::BTreeMap;

/// The generated source.
#[derive(Debug, Clone)]
pub(crate) struct Rendered {
    /// Formatted Rust source.
    pub source: String,
    /// Time spent parsing and pretty-printing.
    pub format_time: std::time::Duration,
}

/// Renders `plan` as one formatted Rust file.
pub(crate) fn render(plan: &Plan) -> Result<Rendered> {
    let out = Splices::default();
    // module path -> items, in path order
    let mut modules: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    for t in &plan.types {
        let item = match &t.kind {
            TypeItemKind::Enum(e) => enums::render(&out, t, e) + &value_type::render(&out, t),
            TypeItemKind::Flags(e) => flags::render(&out, t, e) + &value_type::render(&out, t),
            TypeItemKind::FullStruct { decl, .. } => full_struct::render(t, decl) + &value_type::render(&out, t),
            TypeItemKind::ManagedStruct {
                reason,
                boxing,
                members,
            } => managed_struct::render(&out, t, reason, boxing, members.as_ref()),
            TypeItemKind::Reference { .. } | TypeItemKind::GenericReference { .. } => reference::render(&out, t),
        };
        modules.entry(t.module.clone()).or_default().push(item);
    }
    for i in &plan.instances {
        modules
            .entry(i.module.clone())
            .or_default()
            .push(reference::render_instance(&out, i));
    }
    for (module, skip) in &plan.skipped_types {
        modules
            .entry(module.clone())
            .or_default()
            .push(skip_comment(&out, skip));
    }
    modules
        .entry(Vec::new())
        .or_default()
        .push(init::render(&plan.assemblies, &plan.layout_checks));
    let format_start = std::time::Instant::now();
    let source = out.finish(&modules)?;
    Ok(Rendered {
        source,
        format_time: format_start.elapsed(),
    })
}

/// The comment a skip becomes.
fn skip_comment(out: &Splices, skip: &Skip) -> String {
    out.comment(&format!("skipped `{}`: {}", skip.item, skip.reason.replace('\n', " ")))
}

/// Escapes text for a `///` doc comment line.
fn doc(text: &str) -> String {
    text.lines().map(|l| format!("/// {l}\n")).collect()
}

/// Declares the `static TypeRef` of a type.
fn type_ref_decl(t: &crate::plan::TypeItem) -> String {
    let (assembly, namespace, name) = &t.type_ref_parts;
    format!(
        "#[doc(hidden)]\n#[allow(non_upper_case_globals)]\npub static {}: ::cilbind::TypeRef = ::cilbind::TypeRef::new({assembly:?}, {namespace:?}, {name:?});\n",
        t.type_ref
    )
}
