//! **Emitter seam.** Turns a [`ClassifiedModel`] into formatted Rust source.
//!
//! For now this emits only what needs no runtime support: enums (`enums.rs`), `[Flags]` enums
//! (`flags.rs`) and full structs (`full_struct.rs`), plus every enum and full struct those
//! structs contain, even from assemblies that aren't bound. Classes, interfaces, managed
//! structs and members come later; they plug in here as more files beside these.
//!
//! The source is built as a string, parsed with `syn` and printed with `prettyplease`, so
//! the output is valid Rust and byte-for-byte deterministic.

mod delegate;
mod enums;
mod flags;
mod full_struct;
mod init;
mod managed_struct;
mod member;
pub mod names;
mod reference;
mod types;
mod value_type;

use crate::classify::{ClassifiedModel, ClassifiedType, Crossing, TypeClass};
use crate::error::{Error, Result};
use crate::model::{Primitive, TypePath};
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

pub(crate) use member::Skipped;

/// The generated source and the members that could not be emitted (with why).
#[derive(Debug, Clone)]
pub struct Emitted {
    /// Formatted Rust source.
    pub source: String,
    /// `(member, reason)` for each member the emitter skipped (on top of classification's).
    pub skipped: Vec<(String, String)>,
    /// Time spent parsing and pretty-printing.
    pub format_time: std::time::Duration,
}

/// Emits the Rust source for `model`. `assemblies` are the input assemblies' paths, recorded
/// so that the generated `init()` can load them.
pub fn emit(model: &ClassifiedModel, assemblies: &[PathBuf]) -> Result<Emitted> {
    // Full structs with no Rust declaration (and, through them, the members that use them)
    // are left out; a first pass finds them.
    let probe = EmitCx::new(model, &BTreeMap::new());
    let mut excluded = BTreeMap::new();
    for path in &probe.emitted {
        if let (Some(TypeClass::FullStruct(layout)), Some(t)) = (model.class_of(path), model.model.get(path)) {
            if let Err(why) = full_struct::emit(&probe, t, layout) {
                excluded.insert(path.clone(), why);
            }
        }
    }
    let cx = EmitCx::new(model, &excluded);
    for (path, why) in &excluded {
        let what = format!("struct {}", path.metadata_name);
        cx.skipped.borrow_mut().push(Skipped {
            display_name: what.clone(),
            reason: why.clone(),
        });
        let comment = cx.comment(&format!("{what} not emitted: {why}"));
        cx.comment_modules
            .borrow_mut()
            .push((names::module_path(&path.namespace), comment));
    }
    let bound: BTreeMap<&TypePath, &ClassifiedType> = model.types.iter().map(|t| (&t.path, t)).collect();
    // module path -> items, in path order
    let mut modules: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    // prettyplease prints macro bodies on as few lines as it can; `bitflags!` blocks are
    // formatted by hand and spliced in where a placeholder item was formatted.
    let mut macros: Vec<String> = Vec::new();
    let mut full_structs = Vec::new();
    for path in &cx.emitted {
        let Some(class) = model.class_of(path) else { continue };
        let Some(t) = model.model.get(path) else { continue };
        let (module, _) = &cx.names[path];
        let this = bound.get(path).copied();
        let item = match class {
            TypeClass::Enum { underlying } => {
                enums::emit(&cx, t, *underlying)
                    + &value_type::emit(&cx, t, &[rust_primitive(*underlying).to_string()], true, this)
            }
            TypeClass::FlagsEnum { underlying } => {
                let (block, rest) = flags::emit(&cx, t, *underlying);
                macros.push(block);
                format!("const {MACRO_PLACEHOLDER}{}: () = ();\n{rest}", macros.len() - 1)
                    + &value_type::emit(&cx, t, &[rust_primitive(*underlying).to_string()], true, this)
            }
            TypeClass::FullStruct(layout) => {
                // Excluded above when it has no declaration.
                let decl = full_struct::emit(&cx, t, layout).map_err(|why| Error::InvalidOutput {
                    item: t.path.metadata_name.clone(),
                    reason: why,
                })?;
                full_structs.push(path.clone());
                decl + &value_type::emit(&cx, t, &full_struct::field_types(&cx, module, layout), false, this)
            }
            TypeClass::ManagedStruct { reason } => managed_struct::emit(&cx, t, reason, this),
            TypeClass::Class | TypeClass::Interface | TypeClass::Delegate => reference::emit(&cx, t, this),
            _ => continue,
        };
        modules.entry(module.clone()).or_default().push(item);
    }
    // Members of closed generic instantiations (`impl List<Int32> { … }`), beside their
    // generic wrapper.
    for (i, instance) in model.instances.iter().enumerate() {
        let Some((module, name)) = cx.names.get(&instance.model.path) else {
            continue;
        };
        let Some(self_ty) = cx.handle_type(module, &instance.ty) else {
            continue;
        };
        let type_ref = format!("{}__{i}", types::type_ref_static(name));
        let mut item = format!(
            "#[doc(hidden)]\n#[allow(non_upper_case_globals)]\n\
             pub static {type_ref}: ::cilbind::TypeRef = ::cilbind::TypeRef::computed(<{self_ty} as ::cilbind::ManagedType>::class);\n"
        );
        let kind = match instance.model.kind {
            crate::model::TypeKind::Interface => "interface (call them on its handle)",
            crate::model::TypeKind::Delegate => "delegate",
            _ => "class",
        };
        item.push_str(&doc(&format!(
            "Members of the closed generic {kind} `{}`.",
            instance.ty
        )));
        item.push_str(&member::emit_members_of(
            &cx,
            &instance.model,
            &instance.members,
            member::MemberOwner::Class,
            &self_ty,
            &type_ref,
        ));
        modules.entry(module.clone()).or_default().push(item);
    }
    for (module, comment) in cx.comment_modules.take() {
        modules.entry(module).or_default().push(comment);
    }
    modules
        .entry(Vec::new())
        .or_default()
        .push(init::emit(&cx, assemblies, &full_structs));
    // Every item is formatted on its own (on every core), then nested in its modules: the
    // same text prettyplease gives for the whole file, several times faster on mscorlib.
    let format_start = std::time::Instant::now();
    let formatted = format_items(&modules)?;
    // No inner attributes: the output must work with `include!`.
    let mut src = String::from("// Generated by cilbind-codegen. Do not edit.\n");
    render_modules(&formatted, &[], &mut src);
    let out = splice_macros(&src, &macros, &cx.comments.borrow());
    // The spliced `bitflags!` blocks are hand-formatted: check the result parses (debug
    // builds, i.e. the test suite; release builds skip the second full parse).
    if cfg!(debug_assertions) {
        syn::parse_file(&out).map_err(|e| Error::InvalidOutput {
            item: "bindings after splicing".into(),
            reason: e.to_string(),
        })?;
    }
    let skipped = cx
        .skipped
        .into_inner()
        .into_iter()
        .map(|s| (s.display_name, s.reason))
        .collect();
    Ok(Emitted {
        source: out,
        skipped,
        format_time: format_start.elapsed(),
    })
}

const MACRO_PLACEHOLDER: &str = "__CILBIND_MACRO_";
/// Comments don't survive `syn`: each is emitted as `const __CILBIND_COMMENT_N: () = ();`
/// (valid in modules, impls and traits) and turned back into a `//` line after formatting.
const COMMENT_PLACEHOLDER: &str = "__CILBIND_COMMENT_";

/// Replaces each placeholder line by its macro block or comment, indented like the placeholder.
fn splice_macros(formatted: &str, macros: &[String], comments: &[String]) -> String {
    let mut out = String::with_capacity(formatted.len());
    let placeholder = |trimmed: &str, prefix: &str| {
        trimmed
            .strip_prefix("const ")
            .and_then(|l| l.strip_prefix(prefix))
            .and_then(|l| l.split(':').next())
            .and_then(|n| n.parse::<usize>().ok())
    };
    for line in formatted.lines() {
        let trimmed = line.trim_start();
        if let Some(text) = placeholder(trimmed, COMMENT_PLACEHOLDER).and_then(|n| comments.get(n)) {
            let indent = &line[..line.len() - trimmed.len()];
            for l in text.lines() {
                out.push_str(&format!("{indent}// {l}\n"));
            }
            continue;
        }
        let block = placeholder(trimmed, MACRO_PLACEHOLDER).and_then(|n| macros.get(n));
        match block {
            Some(block) => {
                let indent = &line[..line.len() - trimmed.len()];
                for l in block.lines() {
                    if l.is_empty() {
                        out.push('\n');
                    } else {
                        out.push_str(&format!("{indent}{l}\n"));
                    }
                }
            }
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// Writes `modules` as nested `pub mod` blocks.
fn render_modules(modules: &BTreeMap<Vec<String>, Vec<String>>, prefix: &[String], out: &mut String) {
    let indent = "    ".repeat(prefix.len());
    // Lints are allowed on every top-level item; everything else is inside one.
    let allow = "#[allow(non_camel_case_types, non_snake_case, clippy::all)]\n";
    if let Some(items) = modules.get(prefix) {
        for item in items {
            // An attribute on a macro invocation is ignored; `flags` puts its own inside.
            if prefix.is_empty() && !item.starts_with("const __CILBIND_MACRO_") {
                out.push_str(allow);
            }
            for line in item.lines() {
                if !line.is_empty() {
                    out.push_str(&indent);
                    out.push_str(line);
                }
                out.push('\n');
            }
        }
    }
    let children: BTreeSet<&String> = modules
        .keys()
        .filter(|k| k.len() > prefix.len() && k.starts_with(prefix))
        .map(|k| &k[prefix.len()])
        .collect();
    for child in children {
        let mut sub = prefix.to_vec();
        sub.push(child.clone());
        if prefix.is_empty() {
            out.push_str(allow);
        }
        out.push_str(&format!("{indent}pub mod {child} {{\n"));
        render_modules(modules, &sub, out);
        out.push_str(&format!("{indent}}}\n"));
    }
}

/// Formats every item with prettyplease, spreading the work over the available cores.
fn format_items(modules: &BTreeMap<Vec<String>, Vec<String>>) -> Result<BTreeMap<Vec<String>, Vec<String>>> {
    let work: Vec<(&Vec<String>, &String)> = modules
        .iter()
        .flat_map(|(m, items)| items.iter().map(move |i| (m, i)))
        .collect();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(work.len().max(1));
    let chunk = work.len().div_ceil(threads).max(1);
    let results: Vec<Result<Vec<String>>> = std::thread::scope(|scope| {
        let handles: Vec<_> = work
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .map(|(_, item)| format_item(item))
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
                        reason: "formatter panicked".into(),
                    })
                })
            })
            .collect()
    });
    let mut out: BTreeMap<Vec<String>, Vec<String>> = BTreeMap::new();
    let mut formatted = Vec::with_capacity(work.len());
    for r in results {
        formatted.extend(r?);
    }
    for ((module, _), text) in work.iter().zip(formatted) {
        out.entry((*module).clone()).or_default().push(text);
    }
    Ok(out)
}

fn format_item(src: &str) -> Result<String> {
    let file = syn::parse_file(src).map_err(|e| {
        // The unformatted source, for whoever debugs the emitter.
        if let Some(dump) = std::env::var_os("CILBIND_DUMP_UNFORMATTED") {
            let _ = std::fs::write(dump, src);
        }
        Error::InvalidOutput {
            item: src
                .lines()
                .find(|l| l.contains("pub "))
                .unwrap_or("bindings")
                .trim()
                .to_string(),
            reason: e.to_string(),
        }
    })?;
    Ok(prettyplease::unparse(&file))
}

/// What every output-kind emitter shares: names, the set of emitted types, and the members
/// skipped while emitting.
pub(crate) struct EmitCx<'m> {
    pub model: &'m ClassifiedModel,
    /// Module path and Rust name of every emitted type.
    pub names: BTreeMap<TypePath, (Vec<String>, String)>,
    /// Types emitted: bound types, plus every type their declarations and signatures use
    /// (referenced classes and interfaces get handle-only wrappers).
    pub emitted: BTreeSet<TypePath>,
    /// Members skipped by the emitter.
    pub skipped: RefCell<Vec<Skipped>>,
    /// Comment texts, spliced back after formatting (see `COMMENT_PLACEHOLDER`).
    pub comments: RefCell<Vec<String>>,
    /// Module-level comments (types not emitted), by module.
    pub comment_modules: RefCell<Vec<(Vec<String>, String)>>,
}

impl<'m> EmitCx<'m> {
    /// `excluded`: full structs with no Rust declaration (and why), left out.
    fn new(model: &'m ClassifiedModel, excluded: &BTreeMap<TypePath, String>) -> Self {
        let emittable = |p: &TypePath| {
            types::core_type(p).is_none()
                && !excluded.contains_key(p)
                && model.model.get(p).is_some()
                && matches!(
                    model.class_of(p),
                    Some(
                        TypeClass::Enum { .. }
                            | TypeClass::FlagsEnum { .. }
                            | TypeClass::FullStruct(_)
                            | TypeClass::ManagedStruct { .. }
                            | TypeClass::Class
                            | TypeClass::Interface
                            | TypeClass::Delegate
                    )
                )
        };
        let mut pending: Vec<TypePath> = Vec::new();
        for i in &model.instances {
            for m in &i.members {
                if let Ok(sig) = &m.binding {
                    for c in sig.params.iter().chain(std::iter::once(&sig.ret)) {
                        crossing_paths(c, &mut |p| pending.push(p.clone()));
                    }
                }
            }
        }
        for t in &model.types {
            pending.push(t.path.clone());
            for m in &t.members {
                if let Ok(sig) = &m.binding {
                    for c in sig.params.iter().chain(std::iter::once(&sig.ret)) {
                        crossing_paths(c, &mut |p| pending.push(p.clone()));
                    }
                }
            }
            if let Some(api) = model.model.get(&t.path).and_then(|m| m.api.as_ref()) {
                for ty in api.base_chain.iter().chain(&api.interfaces) {
                    ty.visit_named(&mut |p| pending.push(p.clone()));
                }
            }
        }
        let mut emitted = BTreeSet::new();
        while let Some(p) = pending.pop() {
            if !emittable(&p) || !emitted.insert(p.clone()) {
                continue;
            }
            match model.class_of(&p) {
                Some(TypeClass::FullStruct(l)) => {
                    for f in &l.fields {
                        f.ty.visit_named(&mut |p| pending.push(p.clone()));
                    }
                }
                // A wrapper holds its base class's wrapper.
                Some(TypeClass::Class | TypeClass::Delegate) => {
                    if let Some(base) = model.model.get(&p).and_then(|t| t.base.clone()) {
                        base.visit_named(&mut |p| pending.push(p.clone()));
                    }
                }
                _ => {}
            }
        }
        let mut names = BTreeMap::new();
        let mut taken: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
        // Every module has an item `init` or sub-modules: reserve the names the emitter uses.
        taken.entry(Vec::new()).or_default().extend([
            "init".to_string(),
            "check_layouts".to_string(),
            "ASSEMBLIES".to_string(),
        ]);
        for p in &emitted {
            let module = names::module_path(&p.namespace);
            let name = names::unique(
                names::type_name(&p.nested, &p.name),
                taken.entry(module.clone()).or_default(),
            );
            names.insert(p.clone(), (module, name));
        }
        EmitCx {
            model,
            names,
            emitted,
            skipped: RefCell::new(Vec::new()),
            comments: RefCell::new(Vec::new()),
            comment_modules: RefCell::new(Vec::new()),
        }
    }

    /// A `//` comment that survives formatting: an item to put where the comment goes.
    pub fn comment(&self, text: &str) -> String {
        let mut comments = self.comments.borrow_mut();
        comments.push(text.to_string());
        format!("const {COMMENT_PLACEHOLDER}{}: () = ();\n", comments.len() - 1)
    }

    /// The Rust path of emitted type `target`, as seen from inside module `from`.
    pub fn path_from(&self, from: &[String], target: &TypePath) -> Option<String> {
        let (module, name) = self.names.get(target)?;
        if module.as_slice() == from {
            return Some(name.clone());
        }
        let mut parts: Vec<String> = vec!["super".to_string(); from.len()];
        parts.extend(module.iter().cloned());
        parts.push(name.clone());
        Some(parts.join("::"))
    }
}

/// The Rust integer type of a primitive, as stored in memory (`bool` as `u8`, `char` as `u16`).
pub(crate) fn rust_primitive(p: Primitive) -> &'static str {
    match p {
        Primitive::Bool | Primitive::U8 => "u8",
        Primitive::Char | Primitive::U16 => "u16",
        Primitive::I8 => "i8",
        Primitive::I16 => "i16",
        Primitive::I32 => "i32",
        Primitive::U32 => "u32",
        Primitive::I64 => "i64",
        Primitive::U64 => "u64",
        Primitive::F32 => "f32",
        Primitive::F64 => "f64",
        Primitive::IntPtr => "isize",
        Primitive::UIntPtr => "usize",
    }
}

/// True if `value` fits the integral primitive `p`.
pub(crate) fn fits(p: Primitive, value: i128) -> bool {
    let (min, max): (i128, i128) = match p {
        Primitive::Bool => (0, 1),
        Primitive::I8 => (i8::MIN.into(), i8::MAX.into()),
        Primitive::U8 => (0, u8::MAX.into()),
        Primitive::I16 => (i16::MIN.into(), i16::MAX.into()),
        Primitive::U16 | Primitive::Char => (0, u16::MAX.into()),
        Primitive::I32 => (i32::MIN.into(), i32::MAX.into()),
        Primitive::U32 => (0, u32::MAX.into()),
        Primitive::I64 | Primitive::IntPtr => (i64::MIN.into(), i64::MAX.into()),
        Primitive::U64 | Primitive::UIntPtr => (0, u64::MAX.into()),
        Primitive::F32 | Primitive::F64 => return false,
    };
    (min..=max).contains(&value)
}

/// Escapes text for a `///` doc comment line.
pub(crate) fn doc(text: &str) -> String {
    text.lines().map(|l| format!("/// {l}\n")).collect()
}

/// Calls `f` with every named type a crossing mentions.
fn crossing_paths<'c>(c: &'c Crossing, f: &mut impl FnMut(&'c TypePath)) {
    match c {
        Crossing::Enum { ty, .. } => f(ty),
        Crossing::FullStruct(ty)
        | Crossing::ManagedStruct(ty)
        | Crossing::Handle { ty, .. }
        | Crossing::Array { ty, .. } => ty.visit_named(f),
        Crossing::ByRef { target, .. } => crossing_paths(target, f),
        Crossing::Void | Crossing::Primitive(_) | Crossing::String => {}
    }
}
