//! Reachability and type names: the output declares every bound type plus every type their
//! declarations and signatures name (referenced classes and interfaces get handle-only
//! wrappers). (A value type Rust cannot declare with its exact layout is classified as a managed
//! struct, so every full struct here has a declaration.)
//! A non-public type bound for its natives is declared only when something needs its handle
//! or value (an instance native's `this`, a native's parameter or result); otherwise it is a
//! natives host: a name with no values that carries its natives trait and table.

use super::classify::{ClassifiedModel, Crossing, TypeClass};
use super::{names, rust_ty::core_type};
use crate::model::TypePath;
use std::collections::{BTreeMap, BTreeSet};

/// What the output declares, and under which names.
pub(super) struct Declared {
    /// Declared types, in path order.
    pub declared: BTreeSet<TypePath>,
    /// Module path and Rust name of every declared type.
    pub names: BTreeMap<TypePath, (Vec<String>, String)>,
    /// Non-public types bound for their natives that nothing else declares: each is named
    /// (in `names`) and gets a natives host, not a handle.
    pub hosts: BTreeSet<TypePath>,
}

/// Decides what is declared.
pub(super) fn declared(model: &ClassifiedModel) -> Declared {
    let declared = reachable(model);
    let hosts: BTreeSet<TypePath> = model
        .types
        .iter()
        .map(|t| &t.path)
        .filter(|p| !declared.contains(*p) && !is_public(model, p))
        .cloned()
        .collect();
    let mut names = BTreeMap::new();
    let mut taken: BTreeMap<Vec<String>, BTreeSet<String>> = BTreeMap::new();
    // The root module has the items `init`, `check_layouts` and `check_types` and the constant
    // `ASSEMBLIES`.
    taken.entry(Vec::new()).or_default().extend([
        "init".to_string(),
        "check_layouts".to_string(),
        "check_types".to_string(),
        "ASSEMBLIES".to_string(),
    ]);
    for p in declared.union(&hosts) {
        let module = names::module_path(&p.namespace);
        let name = names::unique(rust_type_name(model, p), taken.entry(module.clone()).or_default());
        names.insert(p.clone(), (module, name));
    }
    Declared { declared, names, hosts }
}

/// A type's Rust name (`plan::names`): each level of its nesting adds its generic arity when
/// its name is shared by types of other arities (``Action`1`` beside `Action` is `Action1`).
fn rust_type_name(model: &ClassifiedModel, p: &TypePath) -> String {
    let local = p
        .metadata_name
        .strip_prefix(&p.namespace)
        .map_or(p.metadata_name.as_str(), |rest| rest.trim_start_matches('.'));
    let levels: Vec<&str> = local.split('/').collect();
    let mut parts = Vec::new();
    for (k, level) in levels.iter().enumerate() {
        let (name, arity) = match level.rsplit_once('`') {
            Some((name, n)) if n.parse::<usize>().is_ok() => (name, n.parse().unwrap_or(0)),
            _ => (*level, 0),
        };
        let key = TypePath {
            assembly: p.assembly.clone(),
            namespace: p.namespace.clone(),
            nested: p.nested.get(..k).map(<[String]>::to_vec).unwrap_or_default(),
            name: name.to_string(),
            metadata_name: String::new(),
        };
        parts.push(if arity > 0 && model.model.shares_name(&key) {
            format!("{name}{arity}")
        } else {
            name.to_string()
        });
    }
    let Some((last, outer)) = parts.split_last() else {
        return names::type_name(&p.nested, &p.name);
    };
    names::type_name(outer, last)
}

fn is_public(model: &ClassifiedModel, path: &TypePath) -> bool {
    model.model.get(path).is_some_and(|t| t.is_public)
}

/// A non-public type bound for its natives needs a declaration of its own when one of them
/// receives `this` (a lent handle, or a full struct's `&mut V`); generic ones get none, since
/// their natives are skipped.
fn natives_need_self(model: &ClassifiedModel, path: &TypePath) -> bool {
    model
        .model
        .get(path)
        .is_some_and(|t| t.generic_params.is_empty() && t.api.iter().flat_map(|a| &a.natives).any(|m| !m.is_static))
}

fn reachable(model: &ClassifiedModel) -> BTreeSet<TypePath> {
    let declarable = |p: &TypePath| {
        core_type(p).is_none()
            && model.model.get(p).is_some()
            && matches!(
                model.class_of(p),
                Some(
                    TypeClass::Enum { .. }
                        | TypeClass::FlagsEnum { .. }
                        | TypeClass::FullStruct(_)
                        | TypeClass::ManagedStruct { .. }
                        | TypeClass::GenericStruct
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
        if is_public(model, &t.path) || natives_need_self(model, &t.path) {
            pending.push(t.path.clone());
        }
        // Natives of any accessibility: their trait names the types they take and return.
        for sig in t
            .members
            .iter()
            .filter_map(|m| m.binding.as_ref().ok())
            .chain(t.natives.iter().flatten())
        {
            for c in sig.params.iter().chain(std::iter::once(&sig.ret)) {
                crossing_paths(c, &mut |p| pending.push(p.clone()));
            }
        }
        // A non-public type's handle holds its base class's (below), and no more.
        if let Some(api) = model
            .model
            .get(&t.path)
            .filter(|m| m.is_public)
            .and_then(|m| m.api.as_ref())
        {
            for ty in api.base_chain.iter().chain(&api.interfaces) {
                ty.visit_named(&mut |p| pending.push(p.clone()));
            }
        }
    }
    let mut declared = BTreeSet::new();
    while let Some(p) = pending.pop() {
        if !declarable(&p) || !declared.insert(p.clone()) {
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
    declared
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
        Crossing::Nullable(value) => crossing_paths(value, f),
        Crossing::Span { element, .. } => element.visit_named(f),
        Crossing::Pointer(Some(ty)) => ty.visit_named(f),
        Crossing::Pointer(None) => {}
        Crossing::Void
        | Crossing::Primitive(_)
        | Crossing::String
        | Crossing::TypeParam(_)
        | Crossing::Buffer { .. }
        | Crossing::BlittableParam(_)
        | Crossing::ReferenceParam(_) => {}
    }
}
