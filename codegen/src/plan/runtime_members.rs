//! Members of the types the runtime declares itself: `System.String` (`::cilbind::NetString`),
//! the 14 primitives (`::cilbind::Int32`, `::cilbind::Char`, …), `System.Object`,
//! `System.Enum` and `System.ValueType`.
//!
//! The runtime's crate owns those Rust types, so generated code (in the user's crate) can't
//! give them inherent methods. When mscorlib's `System` namespace (or one of these types) is
//! bound, each gets an extension trait named `<.NET name>Methods` (`StringMethods`,
//! `Int32Methods`) in the `system` module, with one function per bound member, implemented for
//! the runtime's type only: `use …::system::StringMethods;` then `s.split(…)`,
//! `NetString::concat(…)`, `Int32::parse(Some("42"))`. The functions' bodies are in the `impl`
//! for the runtime's type, not default bodies, so `Self` is always that type and implementing
//! the trait for another type can't hand a wrong `this` to a method.
//!
//! Receivers follow the planner's rules: `String`, `Object`, `Enum` and `ValueType` pass their
//! handle; a primitive is passed by pointer through a trampoline, always on a copy (`&self`):
//! .NET primitives are immutable, so no method of theirs changes `this`. The traits are not
//! implemented for Rust's own `i32`, `f64`, … whose inherent methods (`is_nan`, `to_string`)
//! would shadow or clash with the .NET ones.
//!
//! Names: the member rule (`plan::member`, overloads by `plan::overloads`), with every name
//! the runtime's type already answers to reserved (its inherent methods, and the methods of
//! the traits it implements that are in scope in ordinary code: the prelude's and cilbind's),
//! so a member named like one ends in `_net` (`String.Clone` is `clone_net`, `Object.ToString`
//! `to_string_net`) instead of making `s.clone()` ambiguous; its overloads are named as
//! anywhere else (`String.Split(params char[] separator)` is `split`, `Split(char[] separator,
//! int count)` `split_with_count`).
//!
//! `System`'s core interfaces (`IComparable`, `IEquatable<T>`, …) stay skips: the runtime
//! declares them with the few members it needs.

use super::classify::{ClassifiedModel, ClassifiedType, TypeClass};
use super::items::{MemberItem, Members, Owner, Receiver, RuntimeItem};
use super::member::{plan_members_reserving, Owned};
use super::rust_ty::{core_type, type_ref_parts, type_ref_static, Resolver};
use super::{names, reach};
use crate::model::{Ty, TypePath};
use std::collections::BTreeSet;

/// What every runtime type answers to: the prelude's traits (`Clone`, `PartialEq`,
/// `PartialOrd`, `Default`, conversions, `ToOwned`) and cilbind's (`ManagedType`, `Boxing`,
/// `BoxAs`, `Unbox`, `TypeArg`).
const COMMON: &[&str] = &[
    "clone",
    "clone_from",
    "clone_into",
    "to_owned",
    "eq",
    "ne",
    "partial_cmp",
    "lt",
    "le",
    "gt",
    "ge",
    "default",
    "from",
    "into",
    "try_from",
    "try_into",
    "as_ref",
    "fmt",
    "class",
    "box_as",
    "box_to",
    "unbox_from",
    "arg",
    "output",
    "new_slot",
    "out_arg",
    "from_slot",
    "get_field",
    "set_field",
    "type_id",
];

/// `::cilbind::Reference`'s methods.
const REFERENCE: &[&str] = &[
    "as_object",
    "into_object",
    "from_object",
    "from_object_unchecked",
    "class_proof",
];

/// `::cilbind::NetString`'s inherent methods.
const NET_STRING: &[&str] = &[
    "new",
    "from_utf16",
    "to_utf16",
    "to_string",
    "to_string_lossy",
    "len",
    "is_empty",
];

/// `::cilbind::Object`'s inherent methods.
const OBJECT: &[&str] = &[
    "key",
    "from_key",
    "try_clone",
    "type_name",
    "is_instance_of",
    "reference_equals",
    "to_string",
    "equals",
    "get_hash_code",
    "unbox",
    "cast",
];

/// The primitive wrappers' inherent methods (`Boolean` also has `new` and `get`).
const PRIMITIVE: &[&str] = &["interfaces", "new", "get"];

/// A runtime type whose members are generated: its owner kind, the runtime's Rust type and
/// the names it already answers to.
fn runtime_type(t: &ClassifiedType) -> Option<(Owner, String, BTreeSet<String>)> {
    let (owner, rust, extra): (Owner, String, &[&[&str]]) = match &t.class {
        TypeClass::Primitive(p) => (
            Owner::FullStruct,
            format!("::cilbind::{}", p.system_name()),
            &[PRIMITIVE],
        ),
        TypeClass::String => (Owner::Class, core_type(&t.path)?.to_string(), &[REFERENCE, NET_STRING]),
        TypeClass::Object => (Owner::Class, core_type(&t.path)?.to_string(), &[REFERENCE, OBJECT]),
        TypeClass::Class if matches!(t.path.metadata_name.as_str(), "System.Enum" | "System.ValueType") => {
            (Owner::Class, core_type(&t.path)?.to_string(), &[REFERENCE])
        }
        _ => return None,
    };
    if t.path.assembly != "mscorlib" {
        return None;
    }
    let reserved = COMMON
        .iter()
        .chain(extra.iter().flat_map(|names| names.iter()))
        .map(|n| n.to_string())
        .collect();
    Some((owner, rust, reserved))
}

/// The bound runtime types' extension traits, and the paths they cover (which get no
/// "bound by the runtime" skip).
pub(super) fn plan(
    model: &ClassifiedModel,
    res: &Resolver,
    decl: &reach::Declared,
) -> (Vec<RuntimeItem>, BTreeSet<TypePath>) {
    let mut items = Vec::new();
    let mut covered = BTreeSet::new();
    for t in &model.types {
        let Some((owner, rust, reserved)) = runtime_type(t) else {
            continue;
        };
        let Some(tm) = model.model.get(&t.path) else {
            continue;
        };
        let module = names::module_path(&t.path.namespace);
        // Traits share the type namespace: keep clear of the module's declared types.
        let mut taken: BTreeSet<String> = decl
            .names
            .values()
            .filter(|(m, _)| *m == module)
            .map(|(_, n)| n.clone())
            .chain(items.iter().filter_map(|i: &RuntimeItem| i.members.trait_name.clone()))
            .collect();
        let trait_name = names::unique(format!("{}Methods", t.path.name), &mut taken);
        let o = Owned {
            res,
            t: tm,
            module: &module,
            owner,
            ty: Ty::Named {
                path: t.path.clone(),
                args: Vec::new(),
            },
            type_params: &[],
            names_from: tm,
        };
        let (mut planned, origins) = plan_members_reserving(&o, &t.members, reserved);
        if owner == Owner::FullStruct {
            // .NET primitives are immutable: every instance method works on a copy.
            for item in &mut planned {
                if let MemberItem::Method(m) = item {
                    if m.receiver == Receiver::StructMut {
                        m.receiver = Receiver::StructCopy;
                    }
                }
            }
        }
        items.push(RuntimeItem {
            module,
            type_ref_parts: type_ref_parts(&t.path),
            members: Members {
                self_ty: rust,
                type_ref: type_ref_static(&trait_name),
                trait_name: Some(trait_name),
                type_params: Vec::new(),
                metadata_name: t.path.metadata_name.clone(),
                items: planned,
                origins,
                std_impls: Vec::new(),
            },
        });
        covered.insert(t.path.clone());
    }
    (items, covered)
}
