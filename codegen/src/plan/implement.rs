//! Rust implementations of C# types: per implementable interface a trait (`IDamageableImpl`)
//! and `IDamageable::implement(value)`; per extendable class an overrides trait
//! (`MonsterOverrides`), a base handle (`MonsterBase`) and `Monster::extend…(value, args…)`
//! per accessible constructor. Decided here: which types qualify, which members the traits
//! have (with the C#→Rust forms of [`incoming`](super::incoming), as natives), which default
//! to the base implementation, and what the base handle reaches.
//!
//! Names: `…Impl` says "a Rust implementation of the interface" without clashing with the
//! interface's own handle type or its `…Ext` extension trait; `…Overrides` says that only
//! the members a type lists change (the others keep the base behaviour).
//!
//! Types of Mono's class library (mscorlib, System*, …) get one only on request
//! (`Builder::implementable`, which also binds the interfaces they extend): there are
//! thousands of non-sealed classes and interfaces there, and their traits and thunks would add
//! a large share of the lines (hence compile time) of bindings of mscorlib, for types Rust
//! programs rarely implement. The others are each a skip saying how to ask.
//!
//! A generic interface (`IComparer<T>`) gets a generic trait (`IComparerImpl<T0>`) whose
//! members take and return the type argument's values as its
//! [`TypeArg::Kind`](cilbind::TypeArg) carries them, for any type argument; the proxy checks
//! those kinds against the closed member when it is built (no parameter list is known ahead).
//! An interface's trait has the members of the interfaces it extends too (an extended generic
//! interface must take the same type parameters, in order); a member hidden by one of the
//! same name and parameters (`IEnumerator.Current` by `IEnumerator<T>.Current`,
//! `IEnumerable.GetEnumerator` by `IEnumerable<T>.GetEnumerator`) is no trait method: its
//! thunk calls the hiding one and converts the result (a cast, or a box to `object`).
//!
//! Anything not supported is a skip with a category and a reason, reported like every skip (a
//! comment in the output, a row of `--explain`, a count in the summary's implementation
//! counts) under an item `implement Type` or `implement Type.Member`: an interface or abstract
//! member without a Rust form makes the whole type unimplementable (Mono refuses a class that
//! leaves one out); a virtual member without one simply keeps its base behaviour. Nothing a
//! bound type could be implemented or extended with is left out silently.

use std::collections::BTreeSet;

use super::classify::{ClassifiedMember, ClassifiedModel, ClassifiedType, Crossing, TypeClass};
use super::forward::{forward, BaseForward};
use super::incoming::{self, IncomingForm};
use super::items::{FieldItem, MemberItem, MethodItem, Owner};
use super::member::{plan_members, Owned};
use super::names;
use super::natives::{icall_name, kind_of};
use super::protected::Reached;
use super::rust_ty::Resolver;
use super::skip::{Skip, SkipKind, Unsupported};
use crate::model::{GenericParam, MemberModelRef, MethodModel, Model, PassMode, Ty, TypeKind, TypeModel};

/// The Rust-implementation items of one type.
#[derive(Clone, Debug)]
pub(crate) struct ImplementItem {
    /// The trait's name (`IDamageableImpl`, `MonsterOverrides`).
    pub trait_name: String,
    /// A generic interface's type parameters in Rust (`T0`, `T1`): the trait and the thunks
    /// are generic over them, and each thunk's kinds are checked against the closed member
    /// when the proxy is built. Empty otherwise.
    pub type_params: Vec<String>,
    /// The members the trait has, in metadata order.
    pub members: Vec<ImplMember>,
    /// For a class: the base handle and constructors.
    pub class: Option<ExtendItem>,
}

/// What a class adds: its base handle and constructors.
#[derive(Clone, Debug)]
pub(crate) struct ExtendItem {
    /// The base handle's name (`MonsterBase`).
    pub base_name: String,
    /// One `extend…` per accessible constructor (named by the overload rule, `new` → `extend`).
    pub constructors: Vec<MethodItem>,
    /// `base_…`: the base implementation of each overridable member, called non-virtually
    /// (index `n` is the proxy's `Base{n}`).
    pub base_calls: Vec<MethodItem>,
    /// Protected methods, the class's then its ancestors' (index `n` is the proxy's
    /// `Protected{n}`); see [`protected`](super::protected).
    pub protected: Vec<Reached<MethodItem>>,
    /// Protected fields, the class's then its ancestors' (read and written directly: Mono's
    /// field access has no visibility check).
    pub fields: Vec<Reached<FieldItem>>,
}

/// One trait method and its thunk.
#[derive(Clone, Debug)]
pub(crate) struct ImplMember {
    /// The trait method's name.
    pub rust_name: String,
    /// Metadata name of the .NET member (`Damage`, `get_Name`).
    pub metadata_name: String,
    /// Mono's parameter type names (how the runtime finds the member).
    pub cli_params: Vec<String>,
    /// The parameter list as `mono_signature_get_desc` prints it (checked at run time).
    pub desc: String,
    /// `Ns.Type::Member(int)`, for messages.
    pub icall: String,
    /// Parameters: Rust name and form.
    pub params: Vec<(String, IncomingForm)>,
    /// The result.
    pub ret: IncomingForm,
    /// A class's virtual member: the trait's default body, a call of the base implementation
    /// (see [`forward`](super::forward)). `None`: required.
    pub default: Option<BaseForward>,
    /// The interface declaring the member, when it is one the interface extends: the path of
    /// its `static TypeRef` and its handle type (`IEnumerable<T0>`), whose class is the closed
    /// one the member belongs to. `None`: the type itself.
    pub declared_by: Option<(String, String)>,
    /// A member hidden by another of the same name and parameters (`IEnumerator.Current` by
    /// `IEnumerator<T>.Current`): no trait method; its thunk calls the hiding one.
    pub hidden_by: Option<Hidden>,
}

/// What the thunk of a hidden member calls, and how the result converts.
#[derive(Clone, Debug)]
pub(crate) struct Hidden {
    /// The hiding member's trait method.
    pub rust_name: String,
    /// How its result becomes this member's.
    pub convert: Convert,
}

/// The conversion of a hiding member's result into the hidden member's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Convert {
    /// The same form.
    Same,
    /// An object handle cast (checked) to this handle type (`IEnumerator<T0>` to `IEnumerator`).
    Cast(String),
    /// A value of this type parameter boxed to an `object` (`T` to `object`).
    Boxed(String),
}

/// The implementation items of the bound type `t`, and the skips met. `None` for types that
/// cannot be implemented or extended at all (sealed, static, value types, delegates).
/// `class_names`: the names of the class handle's members (see [`protected`](super::protected)).
pub(super) fn plan(
    model: &ClassifiedModel,
    res: &Resolver,
    module: &[String],
    t: &TypeModel,
    bound: &ClassifiedType,
    class_names: &BTreeSet<String>,
) -> (Option<ImplementItem>, Vec<Skip>) {
    let Some(api) = t.api.as_ref() else {
        return (None, Vec::new());
    };
    let Some((_, name)) = res.names.get(&t.path) else {
        return (None, Vec::new());
    };
    let bare = name.trim_start_matches("r#");
    let interface = match (&bound.class, t.kind) {
        (TypeClass::Interface, TypeKind::Interface) => true,
        (TypeClass::Class, TypeKind::Class) if !t.is_sealed => false,
        _ => return (None, Vec::new()),
    };
    let mut skips = Vec::new();
    let skip_type = |kind: SkipKind, reason: String| Skip {
        item: format!("implement {}", t.path.name),
        assembly: t.path.assembly.clone(),
        kind,
        reason,
    };
    // `Finalize` stays the proxy's own: it releases the Rust value (then runs the base one).
    let overridable = |m: &MethodModel| {
        !m.is_static && (interface || (m.is_virtual && !m.is_final)) && !(m.name == "Finalize" && m.params.is_empty())
    };
    let all: Vec<&ClassifiedMember> = bound.members.iter().chain(&bound.protected).collect();
    let candidates: Vec<(&ClassifiedMember, &MethodModel)> = all
        .iter()
        .filter_map(|c| method_of(t, c.member).filter(|m| overridable(m)).map(|m| (*c, m)))
        .filter(|(c, _)| c.binding.is_ok() || !matches!(c.binding, Err(ref u) if u.kind == SkipKind::Protected))
        .collect();
    // An interface that only extends others (`IList<T> : ICollection<T>`) still has members.
    let inherits = interface && api.interfaces.iter().any(|i| has_members(&model.model, i));
    if candidates.is_empty() && !inherits {
        return (None, skips);
    }
    let what = if interface { "implemented" } else { "extended" };
    if crate::model::is_mono_class_library(&t.path.assembly) && !model.model.is_implementable(&t.path) {
        skips.push(skip_type(
            SkipKind::OnRequest,
            format!(
                "a type of Mono's class library: {what} in Rust on request \
                 (`Builder::implementable(\"{}\")`)",
                t.path.metadata_name
            ),
        ));
        return (None, skips);
    }
    if !t.generic_params.is_empty() && !interface {
        skips.push(skip_type(
            SkipKind::OpenGeneric,
            "generic classes are not extended in Rust yet".into(),
        ));
        return (None, skips);
    }
    let type_params: Vec<String> = (0..t.generic_params.len()).map(|i| format!("T{i}")).collect();
    // The interfaces it extends, with their classified members (see the module doc).
    let mut ancestors: Vec<(&TypeModel, &ClassifiedType, &Ty)> = Vec::new();
    if interface {
        for i in api.interfaces.iter().filter(|i| has_members(&model.model, i)) {
            match ancestor(model, t, i) {
                Ok(a) => ancestors.push((a.0, a.1, i)),
                Err(why) => {
                    skips.push(skip_type(SkipKind::Implementation, why));
                    return (None, skips);
                }
            }
        }
    }
    if !interface && (t.is_abstract && t.is_sealed) {
        return (None, skips);
    }
    if interface && !api.events.is_empty() {
        skips.push(skip_type(
            SkipKind::Implementation,
            "declares events: not implemented in Rust yet".into(),
        ));
        return (None, skips);
    }
    let generic = !type_params.is_empty();
    // Base calls are planned as methods of the type (protected ones classified as public).
    let virtuals: Vec<ClassifiedMember> = candidates
        .iter()
        .filter(|(c, m)| !interface && !m.is_abstract && c.binding.is_ok())
        .map(|(c, _)| (*c).clone())
        .collect();
    let (base_items, origins) = plan_members(&owned(res, module, t), &virtuals);
    let mut base_calls: Vec<MethodItem> = Vec::new();
    let mut taken = BTreeSet::new();
    let mut members: Vec<ImplMember> = Vec::new();
    // Each trait method's name, parameters and result, for the members it hides.
    let mut hiding: Vec<Hiding> = Vec::new();
    // The type's own members, then those of each interface it extends.
    let mut owners: Vec<Declaring> = vec![(t, candidates, None)];
    for (a, classified, ty) in &ancestors {
        let declared = (
            super::protected::type_ref_from(res, module, a).unwrap_or_default(),
            res.handle_type(module, ty).unwrap_or_default(),
        );
        let methods = classified
            .members
            .iter()
            .filter_map(|c| method_of(a, c.member).filter(|m| !m.is_static).map(|m| (c, m)))
            .collect();
        owners.push((a, methods, Some(declared)));
    }
    for (owner, candidates, declared_by) in owners {
        // Trait methods are named as their owner's members are (`plan::overloads`), among all
        // of them.
        let given = if std::ptr::eq(owner, t) {
            super::overloads::name_members(t, all.iter().map(|c| c.member), BTreeSet::new(), &Default::default())
        } else {
            super::overloads::name_members(
                owner,
                candidates.iter().map(|(c, _)| c.member),
                BTreeSet::new(),
                &Default::default(),
            )
        };
        for (c, m) in candidates {
            let required = interface || m.is_abstract;
            let planned = forms(res, module, owner, m, c, generic);
            let base = (!required)
                .then(|| {
                    let index = origins.iter().find(|(r, _)| *r == c.member)?.1?;
                    match base_items.get(index)? {
                        MemberItem::Method(b) => Some(b),
                        _ => None,
                    }
                })
                .flatten()
                .ok_or_else(|| implementation("its base implementation is not bound"))
                .and_then(|b| match b {
                    // A base call with full-struct parameters goes through a pointer trampoline,
                    // like the method it calls (the runtime builds `Base{n}`'s with its mask).
                    b if !b.method_type_params.is_empty() || b.is_unsafe => {
                        Err(implementation("its base implementation cannot be called from Rust"))
                    }
                    b => Ok(b),
                });
            let decided = planned.and_then(|(desc, params, ret)| {
                let default = if required {
                    None
                } else {
                    let b = base?;
                    let mut b = (**b).clone();
                    b.rust_name = format!("base_{}", b.rust_name.trim_start_matches("r#"));
                    b.doc = vec![format!(
                        "The base class's implementation of `{}`, called non-virtually.",
                        c.display_name
                    )];
                    b.defaults = None;
                    b.public = true;
                    let forwarded = forward(&params, &ret, &mut b).map_err(implementation)?;
                    base_calls.push(b);
                    Some(forwarded)
                };
                Ok::<_, Unsupported>((desc, params, ret, default))
            });
            match decided {
                Ok((desc, params, ret, default)) => {
                    let signature: Vec<(Ty, PassMode)> = m.params.iter().map(|p| (p.ty.clone(), p.pass)).collect();
                    let result = c.binding.as_ref().map(|b| b.ret.clone()).unwrap_or(Crossing::Void);
                    let hidden_by = hiding
                        .iter()
                        .filter(|h| h.name == m.name && h.params == signature)
                        .find_map(|h| {
                            let convert = convert(res, module, &h.result, &result)?;
                            Some(Hidden {
                                rust_name: members[h.member].rust_name.clone(),
                                convert,
                            })
                        });
                    if hidden_by.is_none() {
                        hiding.push(Hiding {
                            name: m.name.clone(),
                            params: signature,
                            result,
                            member: members.len(),
                        });
                    }
                    let cli_params = super::member::cli_params(m, &owner.generic_params).unwrap_or_default();
                    let shown = if generic { cli_params.join(",") } else { desc.clone() };
                    members.push(ImplMember {
                        rust_name: names::unique(
                            given
                                .method(c.member)
                                .map_or_else(|| names::snake_case(&m.name), |(n, _)| n.to_string()),
                            &mut taken,
                        ),
                        metadata_name: m.name.clone(),
                        cli_params,
                        icall: format!("{}::{}({shown})", owner.path.metadata_name, m.name),
                        desc,
                        params,
                        ret,
                        default,
                        declared_by: declared_by.clone(),
                        hidden_by,
                    })
                }
                Err(u) if required => {
                    skips.push(skip_type(u.kind, format!("member `{}`: {}", c.display_name, u.detail)));
                    return (None, skips);
                }
                Err(u) => skips.push(Skip {
                    item: format!("implement {}", c.display_name),
                    assembly: t.path.assembly.clone(),
                    kind: u.kind,
                    reason: format!("keeps its base behaviour for Rust subclasses: {}", u.detail),
                }),
            }
        }
    }
    let trait_name = res.item_name(
        module,
        format!("{bare}{}", if interface { "Impl" } else { "Overrides" }),
    );
    if interface {
        return (
            Some(ImplementItem {
                trait_name,
                type_params,
                members,
                class: None,
            }),
            skips,
        );
    }
    let Some(class) = extend(
        model,
        res,
        module,
        (t, bound),
        bare,
        base_calls,
        class_names,
        &mut skips,
    ) else {
        skips.push(skip_type(
            SkipKind::Constructor,
            "cannot be extended in Rust: no accessible constructor".into(),
        ));
        return (None, skips);
    };
    (
        Some(ImplementItem {
            trait_name,
            type_params,
            members,
            class: Some(class),
        }),
        skips,
    )
}

/// A trait method, as the members of extended interfaces it may hide see it.
struct Hiding {
    /// Metadata name.
    name: String,
    /// Parameter types and passing.
    params: Vec<(Ty, PassMode)>,
    /// How its result crosses.
    result: Crossing,
    /// Its index among the members.
    member: usize,
}

/// The type whose members are planned (the interface, or one it extends), those members,
/// and, for an extended one, its `TypeRef` path and handle type.
type Declaring<'a> = (
    &'a TypeModel,
    Vec<(&'a ClassifiedMember, &'a MethodModel)>,
    Option<(String, String)>,
);

/// The constructors, protected methods and fields of an extendable class.
#[allow(clippy::too_many_arguments)]
fn extend(
    model: &ClassifiedModel,
    res: &Resolver,
    module: &[String],
    (t, bound): (&TypeModel, &ClassifiedType),
    bare: &str,
    base_calls: Vec<MethodItem>,
    class_names: &BTreeSet<String>,
    skips: &mut Vec<Skip>,
) -> Option<ExtendItem> {
    let is_ctor = |c: &&ClassifiedMember| method_of(t, c.member).is_some_and(|m| m.is_constructor && !m.is_static);
    let ctors: Vec<ClassifiedMember> = bound
        .members
        .iter()
        .chain(&bound.protected)
        .filter(is_ctor)
        .filter(|c| c.binding.is_ok())
        .cloned()
        .collect();
    if ctors.is_empty() {
        return None;
    }
    // A subclass calls an abstract class's constructors: planned as if it were not abstract.
    let concrete = TypeModel {
        is_abstract: false,
        ..t.clone()
    };
    let mut constructors = Vec::new();
    for item in plan_members(&owned(res, module, &concrete), &ctors).0 {
        match item {
            // `New{n}(long key, args…)` is called like the constructor: through a pointer
            // trampoline when it takes full structs (the runtime shifts the mask past the key).
            MemberItem::Method(mut m) if !m.is_unsafe => {
                // `new…` is `extend…`; a conversion `from_x` is `extend_from_x`.
                m.rust_name = match m.rust_name.strip_prefix("new") {
                    Some(rest) => format!("extend{rest}"),
                    None => format!("extend_{}", m.rust_name.trim_start_matches("r#")),
                };
                // `value` is the Rust value's parameter.
                let mut taken: BTreeSet<String> = m.params.iter().map(|p| p.name.clone()).collect();
                for p in m.params.iter_mut().filter(|p| p.name == "value") {
                    p.name = names::unique("value".into(), &mut taken);
                }
                m.doc = vec![
                    format!(
                        "A new `{}` whose overridable members `T` implements, made by the constructor `{}`.",
                        t.path.metadata_name,
                        m.csharp.first().map_or("", String::as_str)
                    ),
                    String::new(),
                    "The value lives as long as the managed object: it is dropped after the object is collected."
                        .into(),
                ];
                m.defaults = None;
                constructors.push(*m);
            }
            MemberItem::Method(m) => skips.push(skip(t, &m.item, "a constructor with pointer parameters")),
            MemberItem::Skip(s) => skips.push(unreachable_member(s)),
            _ => {}
        }
    }
    if constructors.is_empty() {
        return None;
    }
    let mut taken: BTreeSet<String> = base_calls.iter().map(|b| b.rust_name.clone()).collect();
    taken.extend(class_names.iter().cloned());
    let (protected, fields) = super::protected::plan(model, res, module, t, bound, &mut taken, skips);
    Some(ExtendItem {
        base_name: res.item_name(module, format!("{bare}Base")),
        constructors,
        base_calls,
        protected,
        fields,
    })
}

/// The members of `t` planned as a class's (so that `this` is the class handle).
pub(super) fn owned<'a>(res: &'a Resolver<'a>, module: &'a [String], t: &'a TypeModel) -> Owned<'a> {
    Owned {
        res,
        t,
        module,
        owner: Owner::Class,
        ty: Ty::Named {
            path: t.path.clone(),
            args: Vec::new(),
        },
        type_params: &[],
        names_from: t,
    }
}

/// A constructor or protected member with pointer parameters: its `New{n}`/`Protected{n}`
/// would need a pointer trampoline, which the proxy builds only for full structs.
pub(super) fn skip(t: &TypeModel, item: &str, what: &str) -> Skip {
    Skip {
        item: format!("implement {item}"),
        assembly: t.path.assembly.clone(),
        kind: SkipKind::Pointer,
        reason: format!("not reachable from Rust subclasses: {what}"),
    }
}

/// A constructor or protected member the member planner skipped (its signature has no Rust
/// form): the same category and reason, as an implementation skip.
pub(super) fn unreachable_member(s: Skip) -> Skip {
    Skip {
        item: format!("implement {}", s.item),
        reason: format!("not reachable from Rust subclasses: {}", s.reason),
        ..s
    }
}

/// A reason of the implementation itself (not of a type with no Rust form).
fn implementation(reason: impl Into<String>) -> Unsupported {
    Unsupported::new(SkipKind::Implementation, reason)
}

type Forms = (String, Vec<(String, IncomingForm)>, IncomingForm);

/// The member's parameter list as Mono prints it (empty for a member of a generic interface,
/// whose thunk's kinds are checked instead), and its C#→Rust forms; in a `generic` interface,
/// values of its type parameters cross as their type arguments' kinds.
fn forms(
    res: &Resolver,
    module: &[String],
    t: &TypeModel,
    m: &MethodModel,
    c: &ClassifiedMember,
    generic: bool,
) -> Result<Forms, Unsupported> {
    if !m.generic_params.is_empty() {
        return Err(Unsupported::new(
            SkipKind::OpenGeneric,
            "generic methods are not implemented in Rust yet",
        ));
    }
    let sig = c.binding.as_ref().map_err(Clone::clone)?;
    if sig.ret_by_ref {
        return Err(Unsupported::new(SkipKind::RefReturn, "returns by reference"));
    }
    let mut taken = BTreeSet::from(["this".to_string()]);
    let mut params = Vec::new();
    for (p, c) in m.params.iter().zip(&sig.params) {
        let form = incoming::generic_parameter(res, module, c)
            .map_err(|e| Unsupported::new(generic_kind_of(c), format!("parameter `{}`: {e}", p.name)))?;
        params.push((
            names::unique(res.binding_name(module, names::snake_case(&p.name)), &mut taken),
            form,
        ));
    }
    let ret = incoming::generic_result(res, module, &sig.ret)
        .map_err(|e| Unsupported::new(generic_kind_of(&sig.ret), format!("return type: {e}")))?;
    if generic {
        return Ok((String::new(), params, ret));
    }
    let desc = icall_name(t, m)
        .ok_or_else(|| Unsupported::new(SkipKind::NoRustForm, "a parameter type has no internal-call name"))?;
    let desc = desc[desc.find('(').map_or(0, |i| i + 1)..desc.len().saturating_sub(1)].to_string();
    Ok((desc, params, ret))
}

/// The category of a crossing without a C#→Rust form: a type parameter where none crosses
/// (`T[]`, `ref T`) is an open generic one.
fn generic_kind_of(c: &Crossing) -> SkipKind {
    if incoming::refuses_type_param(c) {
        SkipKind::OpenGeneric
    } else {
        kind_of(c)
    }
}

/// The trait method's name: a property accessor is named after its property.
pub(super) fn method_of(t: &TypeModel, r: MemberModelRef) -> Option<&MethodModel> {
    let api = t.api.as_ref()?;
    match r {
        MemberModelRef::Method(i) => api.methods.get(i),
        MemberModelRef::Getter(i) => api.properties.get(i)?.getter.as_ref(),
        MemberModelRef::Setter(i) => api.properties.get(i)?.setter.as_ref(),
        MemberModelRef::EventAdd(i) => api.events.get(i).map(|e| &e.add),
        MemberModelRef::EventRemove(i) => api.events.get(i).map(|e| &e.remove),
        MemberModelRef::Field(_) => None,
    }
}

/// The interface `t` extends (`ty`, from its interface set) with its classified members, or
/// why `t` cannot be implemented with it.
fn ancestor<'m>(
    model: &'m ClassifiedModel,
    t: &TypeModel,
    ty: &Ty,
) -> Result<(&'m TypeModel, &'m ClassifiedType), String> {
    let names = super::rust_ty::ParamNames {
        of_type: &t.generic_params,
        of_method: &[],
    };
    let shown = super::rust_ty::cli_name(ty, names).unwrap_or_else(|| ty.to_string());
    let Ty::Named { path, args } = ty else {
        return Err(format!("extends `{shown}`: not implemented in Rust yet"));
    };
    // An extended generic interface takes the type's own parameters, in order: its members'
    // type parameters are then the type's (`ICollection<T> : IEnumerable<T>`).
    let same_params = args.len() <= t.generic_params.len()
        && args
            .iter()
            .enumerate()
            .all(|(i, a)| *a == Ty::GenericParam(GenericParam::Type(i)));
    if !same_params {
        return Err(format!(
            "extends `{shown}`, with other type arguments than its own: not implemented in Rust yet"
        ));
    }
    let (Some(definition), Some(classified)) = (model.model.get(path), model.types.iter().find(|c| c.path == *path))
    else {
        return Err(format!(
            "extends `{}`, whose members are not bound: bind it too (`Builder::type_name(\"{}\")`) to implement both in Rust",
            path.metadata_name, path.metadata_name
        ));
    };
    if definition.api.as_ref().is_some_and(|a| !a.events.is_empty()) {
        return Err(format!(
            "extends `{}`, which declares events: not implemented in Rust yet",
            path.metadata_name
        ));
    }
    Ok((definition, classified))
}

/// How the result of a hiding member (crossing `by`) becomes the hidden member's (`hidden`),
/// or `None` when it cannot (the hidden member is then a trait method of its own).
fn convert(res: &Resolver, module: &[String], by: &Crossing, hidden: &Crossing) -> Option<Convert> {
    if by == hidden {
        return Some(Convert::Same);
    }
    match (by, hidden) {
        (Crossing::Handle { .. }, Crossing::Handle { ty, .. }) => res.handle_type(module, ty).map(Convert::Cast),
        (Crossing::TypeParam(GenericParam::Type(i)), Crossing::Handle { ty: Ty::Object, .. }) => {
            Some(Convert::Boxed(format!("T{i}")))
        }
        _ => None,
    }
}

/// True unless `ty` is an interface known to declare nothing (a marker interface).
fn has_members(model: &Model, ty: &Ty) -> bool {
    match ty {
        Ty::Named { path, .. } => model.get(path).is_none_or(|d| {
            d.api
                .as_ref()
                .is_none_or(|a| !a.methods.is_empty() || !a.properties.is_empty() || !a.events.is_empty())
        }),
        _ => true,
    }
}
