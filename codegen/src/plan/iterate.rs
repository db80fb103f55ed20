//! `IntoIterator for &X`: which bound classes and interfaces Rust can `for`-loop over, and
//! with which element type.
//!
//! The runtime's `cilbind::Enumerator<T>` enumerates through `IEnumerable<T>`, so a type gets
//! the impl only when it implements a closed `IEnumerable<T>`, and `T` is the element type of
//! C#'s `foreach`:
//!
//! 1. the public instance `GetEnumerator()` (no parameters, not generic; declared by the
//!    type or, for a class, inherited from the nearest bound base class that declares one)
//!    that returns `IEnumerator<T>` decides `T` (`JObject`'s is `KeyValuePair<string,
//!    JToken>`, though it is an `IEnumerable<JToken>` too);
//! 2. otherwise (no such method, or one returning a struct enumerator such as `List<T>`'s or
//!    the non-generic `IEnumerator`) the type's one closed `IEnumerable<T>`, if it has
//!    exactly one (interfaces inherited included; `IEnumerable<T>` itself counts for itself);
//! 3. a type with several and nothing deciding gets no impl, only a comment saying so, as
//!    does one whose `T` has no Rust binding, or whose `GetEnumerator()` returns an
//!    `IEnumerator<T>` of a `T` it is no `IEnumerable<T>` of.
//!
//! A base class that is not bound has no members in the model, so its `GetEnumerator()` is
//! not seen: such a type falls to rule 2.

use super::classify::ClassifiedModel;
use super::rust_ty::Resolver;
use crate::model::{GenericParam, Ty, TypeKind, TypeModel, Visibility};

/// The decision for one type: `Some(Ok)` an impl, `Some(Err(why))` a comment, `None` nothing
/// (the type is no `IEnumerable<T>`).
pub(crate) type IterateDecision = Option<Result<IntoIter, String>>;

/// `impl IntoIterator for &X` with elements of type `element`.
#[derive(Clone, Debug)]
pub(crate) struct IntoIter {
    /// The element type `T` in Rust, a `::cilbind::TypeArg` (`super::linq::JToken`, `T0`).
    pub element: String,
    /// `T` as .NET prints it, for the doc.
    pub display: String,
    /// Which rule decided it, for the doc.
    pub decided_by: &'static str,
}

const COLLECTIONS: &str = "System.Collections.Generic";

/// `System.Collections.Generic.<name>`1<T>`'s `T`, when `ty` is that closed interface.
fn generic_arg<'t>(ty: &'t Ty, name: &str) -> Option<&'t Ty> {
    match ty {
        Ty::Named { path, args }
            if path.assembly == "mscorlib"
                && path.namespace == COLLECTIONS
                && path.metadata_name == format!("{COLLECTIONS}.{name}`1") =>
        {
            args.first()
        }
        _ => None,
    }
}

/// The element type of `for x in &t` (see the module documentation), spelled from `module`.
pub(super) fn plan(model: &ClassifiedModel, res: &Resolver, module: &[String], t: &TypeModel) -> IterateDecision {
    if !matches!(t.kind, TypeKind::Class | TypeKind::Interface) {
        return None;
    }
    let api = t.api.as_ref()?;
    let this = Ty::Named {
        path: t.path.clone(),
        args: (0..t.generic_params.len())
            .map(|i| Ty::GenericParam(GenericParam::Type(i)))
            .collect(),
    };
    let mut enumerables: Vec<&Ty> = Vec::new();
    for element in std::iter::once(&this)
        .chain(&api.interfaces)
        .filter_map(|i| generic_arg(i, "IEnumerable"))
    {
        if !enumerables.contains(&element) {
            enumerables.push(element);
        }
    }
    if enumerables.is_empty() {
        return None;
    }
    Some(decide(model, res, module, t, &this, &enumerables))
}

/// Rules 1 to 3 for `t`, an `IEnumerable<T>` of each of `enumerables`.
fn decide(
    model: &ClassifiedModel,
    res: &Resolver,
    module: &[String],
    t: &TypeModel,
    this: &Ty,
    enumerables: &[&Ty],
) -> Result<IntoIter, String> {
    let show = |ty: &Ty| display(ty, &t.generic_params);
    let deciding = get_enumerator(model, t, this);
    let (element, decided_by) = match deciding.as_ref().and_then(|r| generic_arg(r, "IEnumerator")) {
        Some(e) if enumerables.contains(&e) => (e, "its public `GetEnumerator()`"),
        Some(e) => {
            return Err(format!(
                "its public `GetEnumerator()` enumerates {}, and it is no `IEnumerable` of that",
                show(e)
            ))
        }
        None => match enumerables {
            [one] => (*one, "its one `IEnumerable<T>`"),
            several => {
                let all: Vec<String> = several.iter().map(|e| format!("IEnumerable<{}>", show(e))).collect();
                return Err(format!(
                    "it implements {} and no public `GetEnumerator()` returning an `IEnumerator<T>` decides between them",
                    all.join(", ")
                ));
            }
        },
    };
    let display = show(element);
    match res.handle_type(module, element) {
        Some(rust) if is_type_arg(element) => Ok(IntoIter {
            element: rust,
            display,
            decided_by,
        }),
        _ => Err(format!(
            "its element type {display} has no Rust binding as a type argument"
        )),
    }
}

/// Whether values of `ty` cross as a `TypeArg`: named types, primitives, strings, objects,
/// type parameters and vectors of them; not `Nullable<T>` (a type argument of its own kind).
fn is_type_arg(ty: &Ty) -> bool {
    match ty {
        Ty::Named { path, args } => {
            !(path.assembly == "mscorlib" && path.metadata_name == "System.Nullable`1") && args.iter().all(is_type_arg)
        }
        Ty::Primitive(_) | Ty::String | Ty::Object | Ty::GenericParam(GenericParam::Type(_)) => true,
        Ty::SzArray(e) => is_type_arg(e),
        _ => false,
    }
}

/// The return type of the public instance `GetEnumerator()` C#'s `foreach` would call on `t`
/// (its own, else its nearest bound base class's), in `t`'s terms; `None` when there is none
/// or a base class in between is not bound.
fn get_enumerator(model: &ClassifiedModel, t: &TypeModel, this: &Ty) -> Option<Ty> {
    let bases: &[Ty] = match (&t.kind, &t.api) {
        (TypeKind::Class, Some(api)) => &api.base_chain,
        _ => &[],
    };
    for owner in std::iter::once(this).chain(bases) {
        let Ty::Named { path, args } = owner else { return None };
        let api = model.model.get(path)?.api.as_ref()?;
        let found = api.methods.iter().find(|m| {
            m.name == "GetEnumerator"
                && m.visibility == Visibility::Public
                && !m.is_static
                && m.params.is_empty()
                && m.generic_params.is_empty()
        });
        if let Some(m) = found {
            return Some(m.ret.substitute(args, &[]));
        }
    }
    None
}

/// `ty` as C# would write it, with the type's own parameter names.
fn display(ty: &Ty, params: &[String]) -> String {
    match ty {
        Ty::GenericParam(GenericParam::Type(i)) => params.get(*i).cloned().unwrap_or_else(|| ty.to_string()),
        Ty::Named { path, args } if !args.is_empty() => {
            let name = path.metadata_name.split('`').next().unwrap_or(&path.metadata_name);
            let args: Vec<String> = args.iter().map(|a| display(a, params)).collect();
            format!("{name}<{}>", args.join(", "))
        }
        Ty::SzArray(e) => format!("{}[]", display(e, params)),
        other => other.to_string(),
    }
}
