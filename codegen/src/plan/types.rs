//! Types: what each declared type becomes (enum, flags, full or managed struct, handle
//! wrapper, generic wrapper), what it converts and boxes to, and its members.

use super::classify::{ClassifiedModel, ClassifiedType, TypeClass};
use super::items::*;
use super::member::{plan_members, Owned};
use super::rust_ty::{core_type, fits, rust_primitive, type_param_name, type_ref_parts, type_ref_static, Resolver};
use super::skip::{Skip, SkipKind};
use super::{iterate, names, repr, std_traits};
use crate::model::{GenericParam, Primitive, Ty, TypeKind, TypeModel, TypePath};
use std::collections::BTreeSet;

/// The declaration of `path`, when it has one.
/// `selected`: its classification, when it is selected (not only a dependency): a public
/// type's members and natives, a non-public type's natives. `host`: a non-public type that
/// only carries its natives ([`TypeItemKind::NativesHost`]).
pub(super) fn plan_type(
    model: &ClassifiedModel,
    res: &Resolver,
    path: &TypePath,
    selected: Option<&ClassifiedType>,
    host: bool,
    translate: bool,
) -> Option<TypeItem> {
    let class = model.class_of(path)?;
    let t = model.model.get(path)?;
    let (module, name) = res.names.get(path)?;
    // Rust calls only what other assemblies see: a non-public type has no members.
    let bound = selected.filter(|_| t.is_public);
    let members = |owner: Owner| bound.map(|b| members_of(res, t, owner, b));
    let kind = match class {
        _ if host => TypeItemKind::NativesHost,
        TypeClass::Enum { underlying } => TypeItemKind::Enum(enum_decl(res, t, *underlying, true)),
        TypeClass::FlagsEnum { underlying } => TypeItemKind::Flags(enum_decl(res, t, *underlying, true)),
        TypeClass::FullStruct(layout) => {
            // Reachability left out every full struct that has no declaration.
            let mut decl = repr::declare(res, t, layout).ok()?;
            let mut members = members(Owner::FullStruct);
            if let Some(m) = members.as_mut() {
                super::translate::apply(res, t, module, m, translate);
                m.std_impls = std_traits::plan(&m.items, &m.self_ty, decl.float_free, false);
                // .NET's equality replaces the field-wise one.
                if m.std_impls.iter().any(|i| matches!(i, StdImpl::Equality { .. })) {
                    decl.partial_eq = false;
                }
            }
            TypeItemKind::FullStruct {
                decl,
                boxing: boxing(res, module, t, false),
                members,
            }
        }
        TypeClass::ManagedStruct { reason } => TypeItemKind::ManagedStruct {
            reason: reason.clone(),
            boxing: boxing(res, module, t, false),
            members: members(Owner::ManagedStruct),
        },
        TypeClass::Class | TypeClass::Interface | TypeClass::Delegate if !t.generic_params.is_empty() => {
            TypeItemKind::GenericReference {
                kind: kind_word(t.kind),
                arity: t.generic_params.len(),
                members: bound.map(|b| members_of(res, t, Owner::Class, b)),
                iterate: bound.and_then(|_| iterate::plan(model, res, module, t)),
            }
        }
        TypeClass::GenericStruct => TypeItemKind::GenericStruct {
            arity: t.generic_params.len(),
            members: bound.map(|b| members_of(res, t, Owner::ManagedStruct, b)),
        },
        TypeClass::Class | TypeClass::Interface | TypeClass::Delegate => {
            let owner = if t.kind == TypeKind::Interface {
                Owner::Interface
            } else {
                Owner::Class
            };
            let mut members = members(owner);
            if let Some(m) = members.as_mut().filter(|_| owner == Owner::Class) {
                m.std_impls = std_traits::plan(&m.items, &m.self_ty, true, inherits_to_string(model, t));
            }
            TypeItemKind::Reference {
                kind: kind_word(t.kind),
                base: base_wrapper(res, module, t),
                upcasts: upcast_targets(res, module, t),
                members,
                iterate: bound.and_then(|_| iterate::plan(model, res, module, t)),
            }
        }
        _ => return None,
    };
    // The names the class handle's members take: a base handle (which derefs to it) gives its
    // own members other names, so that none hides one of these.
    let class_names: BTreeSet<String> = match &kind {
        TypeItemKind::Reference { members: Some(m), .. } => m
            .items
            .iter()
            .flat_map(|i| match i {
                MemberItem::Method(m) => vec![m.rust_name.clone()],
                MemberItem::Field(f) => std::iter::once(f.getter.clone()).chain(f.setter.clone()).collect(),
                MemberItem::Const(c) => vec![c.name.clone()],
                MemberItem::Skip(_) => Vec::new(),
            })
            .collect(),
        _ => BTreeSet::new(),
    };
    let (implement, implement_skips) = match bound {
        Some(b) => super::implement::plan(model, res, module, t, b, &class_names),
        None => (None, Vec::new()),
    };
    Some(TypeItem {
        module: module.clone(),
        name: name.clone(),
        type_ref: type_ref_static(name),
        type_ref_parts: type_ref_parts(path),
        metadata_name: path.metadata_name.clone(),
        assembly: path.assembly.clone(),
        bound: bound.is_some(),
        public: t.is_public,
        kind,
        natives: selected.and_then(|b| super::natives::plan(res, module, t, b)),
        implement,
        implement_skips,
    })
}

fn kind_word(kind: TypeKind) -> &'static str {
    match kind {
        TypeKind::Interface => "interface",
        TypeKind::Delegate => "delegate",
        _ => "class",
    }
}

/// The members of `t`. A generic class, interface, delegate or value type gets them for every
/// type argument: an inherent `impl<T0: TypeArg, …> Name<T0, …>` (interfaces too: their
/// wrapper is the handle to call them on; a value type's `this` is its box), each member
/// looked up in the closed class at run time. A non-generic interface's are an extension
/// trait over `Is<I>`.
fn members_of(res: &Resolver, t: &TypeModel, owner: Owner, bound: &ClassifiedType) -> Members {
    let (module, name) = &res.names[&t.path];
    let arity = t.generic_params.len();
    let params: Vec<String> = (0..arity).map(|i| type_param_name(GenericParam::Type(i))).collect();
    let o = Owned {
        res,
        t,
        module,
        owner,
        ty: Ty::Named {
            path: t.path.clone(),
            args: (0..arity).map(|i| Ty::GenericParam(GenericParam::Type(i))).collect(),
        },
        type_params: &t.generic_params,
        names_from: t,
    };
    let (items, origins) = plan_members(&o, &bound.members);
    let generic = arity > 0;
    Members {
        self_ty: if generic {
            format!("{name}<{}>", params.join(", "))
        } else {
            name.clone()
        },
        type_ref: type_ref_static(name),
        trait_name: (owner == Owner::Interface && !generic)
            .then(|| res.item_name(module, format!("{}Ext", name.trim_start_matches("r#")))),
        type_params: params,
        metadata_name: t.path.metadata_name.clone(),
        items,
        origins,
        std_impls: Vec::new(),
    }
}

/// The constants' names of `t`'s values: SCREAMING_SNAKE_CASE; of values whose names differ
/// only in case or underscores (`Value`, `VALUE`), the one spelled as .NET spells words keeps
/// it and the others keep their C# spelling (then trailing underscores).
fn enum_value_names(t: &TypeModel) -> Vec<String> {
    let members = t.enum_info.as_ref().map_or(&[][..], |e| &e.members[..]);
    let mut given: Vec<String> = members.iter().map(|m| names::screaming_snake_case(&m.name)).collect();
    let mut order: Vec<usize> = (0..members.len()).collect();
    // A name already in its Rust spelling keeps it; then the conventional one.
    order.sort_by_key(|&i| {
        (
            given[i] != members[i].name,
            !names::conventional(&members[i].name),
            members[i].name.clone(),
        )
    });
    let mut taken = BTreeSet::new();
    for i in order {
        if taken.contains(&given[i]) {
            given[i] = names::verbatim(&members[i].name);
        }
        given[i] = names::unique(std::mem::take(&mut given[i]), &mut taken);
    }
    given
}

fn enum_decl(res: &Resolver, t: &TypeModel, underlying: Primitive, is_enum: bool) -> EnumDecl {
    let (module, _) = &res.names[&t.path];
    let given = enum_value_names(t);
    let values = t
        .enum_info
        .iter()
        .flat_map(|e| &e.members)
        .zip(given)
        .map(|(m, name)| {
            if !fits(underlying, m.value) {
                return Err(Skip {
                    item: m.name.clone(),
                    assembly: t.path.assembly.clone(),
                    kind: SkipKind::NoRustForm,
                    reason: format!("value {} does not fit {}", m.value, rust_primitive(underlying)),
                });
            }
            Ok(EnumValue {
                name,
                net_name: m.name.clone(),
                value: m.value,
                doc: format!("`{}.{}` = {}", t.path.metadata_name, m.name, m.value),
            })
        })
        .collect();
    EnumDecl {
        underlying,
        values,
        boxing: boxing(res, module, t, is_enum),
    }
}

/// What a value type boxes to: `ValueType`, `Enum` (enums), `Object` and every interface.
fn boxing(res: &Resolver, module: &[String], t: &TypeModel, is_enum: bool) -> Vec<String> {
    let mut targets = vec!["::cilbind::ValueType".to_string()];
    if is_enum {
        targets.push("::cilbind::Enum".into());
    }
    for target in upcast_targets(res, module, t) {
        if !targets.contains(&target) {
            targets.push(target);
        }
    }
    targets
}

/// The wrapper of the nearest base class that has one, else `::cilbind::Object`.
fn base_wrapper(res: &Resolver, module: &[String], t: &TypeModel) -> String {
    if matches!(t.kind, TypeKind::Interface) {
        return "::cilbind::Object".into();
    }
    let chain = t
        .api
        .as_ref()
        .map(|a| a.base_chain.clone())
        .unwrap_or_else(|| t.base.iter().cloned().collect());
    chain
        .iter()
        .find_map(|base| wrapper_of(res, module, base))
        .unwrap_or_else(|| "::cilbind::Object".into())
}

/// The Rust wrapper of a base class or interface, when it has one.
fn wrapper_of(res: &Resolver, module: &[String], ty: &Ty) -> Option<String> {
    let Ty::Named { path, .. } = ty else { return None };
    if matches!(
        res.classes.get(path),
        Some(TypeClass::Class | TypeClass::Interface | TypeClass::Delegate)
    ) || core_type(path).is_some()
    {
        res.handle_type(module, ty)
    } else {
        None
    }
}

/// Every base class (up to `Object`) and interface `t` converts to, deduplicated, in a
/// deterministic order.
fn upcast_targets(res: &Resolver, module: &[String], t: &TypeModel) -> Vec<String> {
    let mut out = vec!["::cilbind::Object".to_string()];
    let (chain, interfaces) = match &t.api {
        Some(api) => (api.base_chain.clone(), api.interfaces.clone()),
        None => (t.base.iter().cloned().collect(), Vec::new()),
    };
    for ty in chain.iter().chain(&interfaces) {
        if let Some(rust) = wrapper_of(res, module, ty) {
            if !out.contains(&rust) {
                out.push(rust);
            }
        }
    }
    out
}

/// Members of closed generic instantiations (`impl List<Int32> { … }`), beside their
/// generic wrapper. An instantiation whose type has no Rust spelling is left out.
pub(super) fn plan_instances(model: &ClassifiedModel, res: &Resolver) -> Vec<InstanceItem> {
    let mut out = Vec::new();
    for (i, instance) in model.instances.iter().enumerate() {
        let Some((module, name)) = res.names.get(&instance.model.path) else {
            continue;
        };
        // A bound generic class, interface or delegate has its members for every type
        // argument (`generic_members_of`): a closed `impl` beside it would declare them twice.
        // A closed delegate still gets its typed `from_fn` (closures need the argument types).
        let generic_impl = model.types.iter().any(|t| t.path == instance.model.path);
        if generic_impl && instance.model.kind != TypeKind::Delegate {
            continue;
        }
        let Some(self_ty) = res.handle_type(module, &instance.ty) else {
            continue;
        };
        let type_ref = format!("{}__{i}", type_ref_static(name));
        let kind = match instance.model.kind {
            TypeKind::Interface => "interface (call them on its handle)",
            TypeKind::Delegate => "delegate",
            _ => "class",
        };
        let o = Owned {
            res,
            t: &instance.model,
            module,
            owner: Owner::Class,
            ty: instance.ty.clone(),
            type_params: &[],
            // The definition's signatures: names as the generic `impl`'s (`T`, not `Int32`).
            names_from: model
                .model
                .get(&instance.model.path)
                .filter(|d| d.api.is_some())
                .unwrap_or(&instance.model),
        };
        let (mut items, mut origins) = plan_members(&o, &instance.members);
        let from_fn = if generic_impl {
            let from_fn = items.iter().find_map(|m| match m {
                MemberItem::Method(m) => m.from_fn.clone(),
                _ => None,
            });
            items.clear();
            origins.clear();
            Some(from_fn.unwrap_or_else(|| Err("its Invoke is not bound".into())))
        } else {
            None
        };
        out.push(InstanceItem {
            definition: instance.model.path.clone(),
            module: module.clone(),
            display: instance.ty.to_string(),
            kind,
            members: Members {
                self_ty: self_ty.clone(),
                type_ref: type_ref.clone(),
                trait_name: None,
                type_params: Vec::new(),
                metadata_name: instance.model.path.metadata_name.clone(),
                items,
                origins,
                std_impls: Vec::new(),
            },
            from_fn,
            self_ty,
            type_ref,
        });
    }
    out
}

/// True when a class's base class (not `System.Object`) declares a public `ToString()`.
fn inherits_to_string(model: &ClassifiedModel, t: &TypeModel) -> bool {
    let Some(api) = &t.api else { return false };
    api.base_chain.iter().any(|base| {
        let Ty::Named { path, .. } = base else { return false };
        path.metadata_name != "System.Object"
            && model.model.get(path).and_then(|b| b.api.as_ref()).is_some_and(|a| {
                a.methods
                    .iter()
                    .any(|m| m.name == "ToString" && m.params.is_empty() && !m.is_static)
            })
    })
}
