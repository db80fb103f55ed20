//! The protected members a Rust subclass's base handle (`MonsterBase`) reaches: those the
//! class declares, then those of each ancestor (nearest first), as C# code in a subclass
//! reaches them. The proxy's `Protected{n}` forwarders `call` any `MethodInfo` of the base
//! chain (runtime/managed/Cilbind.Proxies.cs, `DefineProtected`), and fields are read and
//! written directly; each member is looked up through the `TypeRef` of the class that
//! declares it (its owner).
//!
//! An ancestor's member that a nearer class redeclares (same name and parameters: an
//! override or a `new` member) is the nearer one's, so it is left out. Names: methods of one
//! .NET name declared by different classes of the chain form one overload group, named by the
//! overload rule (`overloads::name_group`: `Lift()` and `Lift(int by)` are `lift` and
//! `lift_with_by`, whichever class declares which); then a name already taken on the base
//! handle (by a base call, by a member of the class handle it derefs to, or by a nearer
//! class's member) says more, the class's own protected members first: a method adds its
//! parameters' names (`dispose_with_manual` beside the public `dispose`), or `_protected`
//! when it has none; a field adds `_field`; trailing underscores are the last resort. Ancestors from Mono's class library
//! (`Object.MemberwiseClone`) and ancestors that are not bound (not selected, or generic) are
//! not reached.

use std::collections::{BTreeMap, BTreeSet};

use super::classify::{ClassifiedMember, ClassifiedModel, ClassifiedType};
use super::implement::{method_of, owned, skip, unreachable_member};
use super::items::{FieldItem, MemberItem, MethodItem, Receiver};
use super::member::{cli_params, plan_members};
use super::names;
use super::overloads::name_group;
use super::rust_ty::{type_ref_static, Resolver};
use super::skip::Skip;
use crate::model::{is_mono_class_library, MemberModelRef, MethodModel, Ty, TypeModel};

/// A member the base handle reaches, and the `static TypeRef` (a path from the class's
/// module) of the class that declares it.
#[derive(Clone, Debug)]
pub(crate) struct Reached<T> {
    /// `__TYPE_Entity`, or `super::world::__TYPE_Entity` for a class of another module.
    pub owner_ref: String,
    /// The method or field.
    pub item: T,
}

/// The protected methods and fields of the extendable class `t` (classified as `bound`) and
/// of its bound ancestors; `taken` holds the names already used on the base handle (its
/// base calls) or reached through its `Deref` (the class handle's members).
pub(super) fn plan(
    model: &ClassifiedModel,
    res: &Resolver,
    module: &[String],
    t: &TypeModel,
    bound: &ClassifiedType,
    taken: &mut BTreeSet<String>,
    skips: &mut Vec<Skip>,
) -> (Vec<Reached<MethodItem>>, Vec<Reached<FieldItem>>) {
    let mut chain = vec![(t, bound)];
    for base in t.api.iter().flat_map(|a| &a.base_chain) {
        let Ty::Named { path, args } = base else { continue };
        if !args.is_empty() || is_mono_class_library(&path.assembly) {
            continue;
        }
        let (Some(tm), Some(ct)) = (model.model.get(path), model.types.iter().find(|c| c.path == *path)) else {
            continue;
        };
        if tm.generic_params.is_empty() {
            chain.push((tm, ct));
        }
    }
    // Members redeclared nearer: methods by name and parameters, fields by name.
    let mut methods_seen: BTreeSet<(String, Vec<String>)> = BTreeSet::new();
    let mut fields_seen: BTreeSet<String> = BTreeSet::new();
    let (mut methods, mut fields) = (Vec::new(), Vec::new());
    for (n, (owner, classified)) in chain.into_iter().enumerate() {
        let Some(owner_ref) = type_ref_from(res, module, owner) else {
            continue;
        };
        let declared: Vec<&ClassifiedMember> = classified.members.iter().chain(&classified.protected).collect();
        let reached: Vec<ClassifiedMember> = classified
            .protected
            .iter()
            .filter(|c| match c.member {
                MemberModelRef::Field(i) => owner.fields.get(i).is_some_and(|f| !fields_seen.contains(&f.name)),
                r => method_of(owner, r).is_some_and(|m| {
                    !m.is_constructor
                        && !m.is_abstract
                        && m.generic_params.is_empty()
                        && !methods_seen.contains(&(m.name.clone(), cli_params(m, &[]).unwrap_or_default()))
                }),
            })
            .cloned()
            .collect();
        for c in declared {
            match c.member {
                MemberModelRef::Field(i) => {
                    if let Some(f) = owner.fields.get(i) {
                        fields_seen.insert(f.name.clone());
                    }
                }
                r => {
                    if let Some(m) = method_of(owner, r) {
                        methods_seen.insert((m.name.clone(), cli_params(m, &[]).unwrap_or_default()));
                    }
                }
            }
        }
        let inherited = n > 0;
        let from = if inherited {
            format!(", declared by `{}`", owner.path.metadata_name)
        } else {
            String::new()
        };
        let (items, origins) = plan_members(&owned(res, module, owner), &reached);
        for (index, item) in items.into_iter().enumerate() {
            let model_of = || {
                origins
                    .iter()
                    .find(|(_, i)| *i == Some(index))
                    .and_then(|(r, _)| matches!(r, MemberModelRef::Method(_)).then(|| method_of(owner, *r)))
                    .flatten()
            };
            match item {
                MemberItem::Method(m) if !m.is_unsafe => {
                    let mut m = *m;
                    // Not "Binds …": that line marks the type's own bound members (summary counts).
                    m.doc = vec![format!(
                        "The protected method `{}`{from}, reachable from Rust subclasses only.",
                        m.csharp.first().map_or("", String::as_str)
                    )];
                    m.defaults = None;
                    m.public = true;
                    // C# calls a protected static from the subclass's code; Rust reaches its
                    // forwarder (a static method of the proxy class) through the base handle
                    // the override receives, as `this.marshal_string_to_ptr(s)`.
                    if m.receiver == Receiver::Static {
                        m.receiver = Receiver::BaseHandle;
                    }
                    methods.push((
                        n,
                        model_of(),
                        Reached {
                            owner_ref: owner_ref.clone(),
                            item: m,
                        },
                    ));
                }
                MemberItem::Method(m) => skips.push(skip(owner, &m.item, "a protected method with pointer parameters")),
                MemberItem::Field(mut f) if !f.is_static => {
                    // Not "Reads the .NET field …": that line marks the type's own bound members.
                    f.get_doc = format!(
                        "Reads the protected field `{}`{from}, reachable from Rust subclasses only.",
                        f.metadata_name
                    );
                    f.set_doc = format!(
                        "Writes the protected field `{}`{from}, reachable from Rust subclasses only.",
                        f.metadata_name
                    );
                    fields.push((
                        n,
                        Reached {
                            owner_ref: owner_ref.clone(),
                            item: f,
                        },
                    ));
                }
                MemberItem::Skip(s) => skips.push(unreachable_member(s)),
                _ => {}
            }
        }
    }
    // The overload rule across the chain: methods of one .NET name declared by different
    // classes of the chain are one group (as C# sees them from the subclass).
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, (_, m, _)) in methods.iter().enumerate() {
        if let Some(m) = m {
            groups.entry(m.name.as_str()).or_default().push(i);
        }
    }
    let mut renamed: Vec<(usize, String)> = Vec::new();
    for (name, group) in &groups {
        let levels: BTreeSet<usize> = group.iter().map(|&i| methods[i].0).collect();
        if levels.len() < 2 {
            continue;
        }
        let models: Vec<&MethodModel> = group.iter().filter_map(|&i| methods[i].1).collect();
        let base = names::snake_case(name);
        renamed.extend(group.iter().copied().zip(name_group(&base, &models, &[], None)));
    }
    for (i, name) in renamed {
        methods[i].2.item.rust_name = name;
        methods[i].2.item.overloaded = true;
    }
    // Then a name already taken, nearest class first (the class's own members keep their
    // names): a method adds its parameters' names (`dispose_with_manual` beside the public
    // `dispose`), or `_protected` without any; a field adds `_field`; underscores last.
    let levels = methods
        .iter()
        .map(|m| m.0)
        .chain(fields.iter().map(|f| f.0))
        .max()
        .unwrap_or(0);
    let bare = |n: &str| n.trim_start_matches("r#").trim_end_matches('_').to_string();
    for level in 0..=levels {
        for (_, model, m) in methods.iter_mut().filter(|m| m.0 == level) {
            let mut name = std::mem::take(&mut m.item.rust_name);
            if taken.contains(&name) {
                let params: Vec<String> = model
                    .map(|model| model.params.iter().map(|p| bare(&names::snake_case(&p.name))).collect())
                    .unwrap_or_default();
                name = if params.is_empty() {
                    format!("{}_protected", bare(&name))
                } else {
                    format!("{}_with_{}", bare(&name), params.join("_"))
                };
            }
            m.item.rust_name = names::unique(name, taken);
        }
        for (_, f) in fields.iter_mut().filter(|f| f.0 == level) {
            let clash = taken.contains(&f.item.getter) || f.item.setter.as_ref().is_some_and(|s| taken.contains(s));
            if clash {
                f.item.getter = format!("{}_field", bare(&f.item.getter));
                f.item.setter = f.item.setter.take().map(|s| format!("{}_field", bare(&s)));
            }
            f.item.getter = names::unique(std::mem::take(&mut f.item.getter), taken);
            f.item.setter = f.item.setter.take().map(|s| names::unique(s, taken));
        }
    }
    (
        methods.into_iter().map(|(_, _, m)| m).collect(),
        fields.into_iter().map(|(_, f)| f).collect(),
    )
}

/// The path from `module` to the `static TypeRef` of the declared class `t`.
pub(super) fn type_ref_from(res: &Resolver, module: &[String], t: &TypeModel) -> Option<String> {
    let (at, name) = res.names.get(&t.path)?;
    let name = type_ref_static(name);
    if at.as_slice() == module {
        return Some(name);
    }
    let mut parts: Vec<String> = vec!["super".to_string(); module.len()];
    parts.extend(at.iter().cloned());
    parts.push(name);
    Some(parts.join("::"))
}
