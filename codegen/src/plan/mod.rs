//! **The binding plan: the one place where binding decisions are made.**
//!
//! [`classify`] decides what each type is to Rust and how each member's values cross; from
//! that, [`build`] decides what the output declares (reachability: bound types plus every
//! type their declarations and signatures name), how everything is named ([`names`]),
//! which full structs have a Rust declaration ([`repr`]), and, member by member, the Rust
//! name, receiver, crossings, doc and function-database signature, or a [`Skip`] with a
//! category and a sentence ([`member`]).
//!
//! Renderers (`crate::render`) print [`Plan`] items and decide nothing; the
//! [`Summary`](crate::Summary), `cilbind generate --explain` and the coverage listing
//! (`crate::coverage`) are folds over the same plan, so they describe exactly what the output
//! contains.

mod callback;
pub(crate) mod classify;
mod csharp;
mod defaults;
mod field;
mod forward;
mod function_table;
pub(crate) mod implement;
pub(crate) mod incoming;
mod items;
mod iterate;
mod layout;
mod member;
mod name_table;
pub(crate) mod names;
pub(crate) mod natives;
mod nullable;
mod overloads;
mod param_forms;
pub(crate) mod protected;
mod reach;
mod repr;
mod runtime_members;
mod rust_ty;
mod signature;
pub(crate) mod skip;
mod skipped_type;
mod span;
mod std_traits;
#[cfg(test)]
mod tests;
pub(crate) mod translate;
mod twins;
mod types;

pub(crate) use function_table::TableType;
pub(crate) use implement::{Convert, ExtendItem, ImplMember, ImplementItem};
pub(crate) use items::*;
pub(crate) use member::{RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF, THIS_BY_POINTER};
pub use name_table::NameRow;
pub(crate) use natives::{NativeItem, NativesItem};
pub(crate) use repr::{Item as DeclItem, Repr, StructDecl};
pub(crate) use rust_ty::{primitive_stored, primitive_value, rust_primitive, Pass};
pub use skip::{Skip, SkipKind};
pub(crate) use skipped_type::SkippedType;
pub(crate) use span::span_mask;

/// Plain data the renderers print as they are.
pub(crate) use crate::model::{PassMode, Primitive};

use crate::model::TypePath;
use classify::{ClassifiedModel, ClassifiedType};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Every decision of one generation.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    /// Declared types, in path order.
    pub types: Vec<TypeItem>,
    /// Members of closed generic instantiations used by bound signatures.
    pub instances: Vec<InstanceItem>,
    /// Extension traits with the members of bound types the runtime declares itself.
    pub runtime: Vec<RuntimeItem>,
    /// Selected types that get no declaration, with their members' skips (each is a comment
    /// in its module).
    pub skipped_types: Vec<SkippedType>,
    /// Root-relative paths of every full struct, whose layout `init()` checks.
    pub layout_checks: Vec<String>,
    /// Root-relative paths of every class wrapper (classes, interfaces and delegates that are
    /// not generic), whose base and interfaces `init()` proves against the loaded assemblies.
    pub type_checks: Vec<String>,
    /// The input assemblies' paths, as `init()` loads them.
    pub assemblies: Vec<String>,
    /// The builds the translated methods were made from, `(simple name, module version)`:
    /// every build any of them follows (empty: nothing translated). The gate `__TRANSLATION`.
    pub translated_from: Vec<(String, String)>,
    /// The gates of translated methods that follow fewer builds than all of
    /// [`Plan::translated_from`] (`__TRANSLATION_{n}`, with their builds), so that each
    /// runs wherever its own builds are loaded: a struct method that reads nothing of
    /// mscorlib runs translated beside any class library.
    pub gates: Vec<(String, Vec<(String, String)>)>,
}

/// Decides everything about `model`; `assemblies` are the inputs' paths (for `init()`).
/// Methods of full structs are translated into Rust where they can be.
#[cfg(test)]
pub(crate) fn build(model: &ClassifiedModel, assemblies: &[PathBuf]) -> Plan {
    build_with(model, assemblies, true)
}

/// [`build`], translating methods of full structs into Rust (`translate`) or not.
pub(crate) fn build_with(model: &ClassifiedModel, assemblies: &[PathBuf], translate: bool) -> Plan {
    let decl = reach::declared(model);
    let module_names = decl.names.values().cloned().collect();
    let res = rust_ty::Resolver {
        classes: &model.classes,
        names: &decl.names,
        module_names: &module_names,
    };
    let mut plan = Plan {
        types: Vec::new(),
        instances: Vec::new(),
        runtime: Vec::new(),
        skipped_types: Vec::new(),
        layout_checks: Vec::new(),
        type_checks: Vec::new(),
        assemblies: assemblies
            .iter()
            .map(|p| {
                std::fs::canonicalize(p)
                    .unwrap_or_else(|_| p.clone())
                    .to_string_lossy()
                    .into_owned()
            })
            .collect(),
        translated_from: Vec::new(),
        gates: Vec::new(),
    };
    let bound: BTreeMap<&TypePath, &ClassifiedType> = model.types.iter().map(|t| (&t.path, t)).collect();
    for path in decl.declared.union(&decl.hosts) {
        let host = decl.hosts.contains(path);
        if let Some(item) = types::plan_type(model, &res, path, bound.get(path).copied(), host, translate) {
            match item.kind {
                TypeItemKind::FullStruct { .. } => plan.layout_checks.extend(res.path_from(&[], path)),
                TypeItemKind::Reference { .. } => plan.type_checks.extend(res.path_from(&[], path)),
                _ => {}
            }
            plan.types.push(item);
        }
    }
    (plan.translated_from, plan.gates) = gates(model, &mut plan.types);
    plan.instances = types::plan_instances(model, &res);
    // A generic delegate whose `from_fn` is generic (for every type argument) has it on its
    // generic `impl`: a closed delegate's own would be a second `from_fn` of the same type.
    let generic_from_fn: std::collections::BTreeSet<(&str, &str)> = plan
        .types
        .iter()
        .filter(|t| t.has_from_fn())
        .map(|t| (t.assembly.as_str(), t.metadata_name.as_str()))
        .collect();
    plan.instances.retain(|i| {
        !generic_from_fn.contains(&(i.definition.assembly.as_str(), i.definition.metadata_name.as_str()))
            || !i.members.items.is_empty()
    });
    let (runtime, covered) = runtime_members::plan(model, &res, &decl);
    plan.runtime = runtime;
    // Selected types with no declaration of their own.
    for t in &model.types {
        let (kind, reason) = match &t.class {
            classify::TypeClass::Unsupported(u) => (u.kind, u.detail.clone()),
            _ if decl.declared.contains(&t.path) || decl.hosts.contains(&t.path) => continue,
            _ if covered.contains(&t.path) => continue,
            classify::TypeClass::Primitive(p) => (
                SkipKind::RuntimeType,
                format!("the runtime binds it as `::cilbind::{}`", p.system_name()),
            ),
            _ => match rust_ty::core_type(&t.path) {
                Some(core) => (SkipKind::RuntimeType, format!("the runtime binds it as `{core}`")),
                None => (SkipKind::NoRustForm, "no declaration".to_string()),
            },
        };
        let skip = Skip {
            item: format!("type {}", t.path.metadata_name),
            assembly: t.path.assembly.clone(),
            kind,
            reason,
        };
        plan.skipped_types.push(SkippedType {
            module: names::module_path(&t.path.namespace),
            path: t.path.clone(),
            members: skipped_type::member_skips(t, &skip),
            skip,
        });
    }
    plan
}

/// Builds as `(simple name, module version)`.
type Builds = Vec<(String, String)>;

/// The builds the translated methods of `types` were made from ([`Plan::translated_from`],
/// all of them) and the gates of those that follow fewer ([`Plan::gates`]); points each
/// translation at its gate. An assembly whose version is unknown gets none, so that the
/// translations following it never run.
fn gates(model: &ClassifiedModel, types: &mut [TypeItem]) -> (Builds, Vec<(String, Builds)>) {
    let mut translations: Vec<&mut translate::Translated> = types
        .iter_mut()
        .filter_map(|t| match &mut t.kind {
            TypeItemKind::FullStruct { members: Some(m), .. } => Some(m.items.iter_mut()),
            _ => None,
        })
        .flatten()
        .filter_map(|i| match i {
            MemberItem::Method(m) => match &mut m.translation {
                Some(Ok(t)) => Some(t),
                _ => None,
            },
            _ => None,
        })
        .collect();
    let all: std::collections::BTreeSet<String> = translations.iter().flat_map(|t| t.builds.iter().cloned()).collect();
    let versioned = |set: &std::collections::BTreeSet<String>| -> Builds {
        set.iter()
            .map(|a| (a.clone(), model.model.module_version(a).unwrap_or_default().to_string()))
            .collect()
    };
    let mut fewer: Vec<std::collections::BTreeSet<String>> = Vec::new();
    for t in &mut translations {
        if t.builds == all {
            continue;
        }
        let n = match fewer.iter().position(|s| *s == t.builds) {
            Some(n) => n,
            None => {
                fewer.push(t.builds.clone());
                fewer.len() - 1
            }
        };
        let module = t.gate.strip_suffix(translate::GATE).unwrap_or_default();
        t.gate = format!("{module}{}_{}", translate::GATE, n + 1);
    }
    let gates = fewer
        .iter()
        .enumerate()
        .map(|(n, s)| (format!("{}_{}", translate::GATE, n + 1), versioned(s)))
        .collect();
    (versioned(&all), gates)
}

impl Plan {
    /// Every member item of bound types and instances, with generic definitions' skips.
    pub(crate) fn member_items(&self) -> impl Iterator<Item = MemberRef<'_>> {
        self.type_member_items().chain(self.instance_member_items())
    }

    /// The members of the selected types: of declared ones (generic definitions' skips and
    /// enum values that do not fit included), then of the types without a declaration.
    pub(crate) fn type_member_items(&self) -> impl Iterator<Item = MemberRef<'_>> {
        let of_types = self.types.iter().flat_map(|t| {
            let (members, generic) = match &t.kind {
                TypeItemKind::FullStruct { members, .. }
                | TypeItemKind::ManagedStruct { members, .. }
                | TypeItemKind::Reference { members, .. } => (members.as_ref(), &[][..]),
                TypeItemKind::GenericReference { members, .. } => (members.as_ref(), &[][..]),
                TypeItemKind::GenericStruct { members, .. } => (members.as_ref(), &[][..]),
                TypeItemKind::Enum(_) | TypeItemKind::Flags(_) | TypeItemKind::NativesHost => (None, &[][..]),
            };
            let values = match &t.kind {
                TypeItemKind::Enum(e) | TypeItemKind::Flags(e) => &e.values[..],
                _ => &[][..],
            };
            members
                .into_iter()
                .flat_map(|m| m.items.iter().map(MemberRef::Item))
                .chain(generic.iter().map(MemberRef::Skip))
                .chain(values.iter().filter_map(|v| v.as_ref().err()).map(MemberRef::Skip))
        });
        let of_skipped_types = self
            .skipped_types
            .iter()
            .flat_map(|t| t.members.iter().map(MemberRef::Skip));
        let of_runtime = self
            .runtime
            .iter()
            .flat_map(|r| r.members.items.iter().map(MemberRef::Item));
        of_types.chain(of_skipped_types).chain(of_runtime)
    }

    /// The members of closed generic instantiations (`impl List<Int32>`): bindings beside
    /// the selected types' own members, which the generic definition already lists.
    pub(crate) fn instance_member_items(&self) -> impl Iterator<Item = MemberRef<'_>> {
        self.instances
            .iter()
            .flat_map(|i| i.members.items.iter().map(MemberRef::Item))
    }

    /// Every skip: types first, then members, then natives without a trait method, then
    /// implementation skips (`implement …`).
    pub(crate) fn skips(&self) -> Vec<&Skip> {
        let mut out: Vec<&Skip> = self.skipped_types.iter().map(|t| &t.skip).collect();
        out.extend(self.member_items().filter_map(|m| match m {
            MemberRef::Skip(s) | MemberRef::Item(MemberItem::Skip(s)) => Some(s),
            MemberRef::Item(_) => None,
        }));
        out.extend(self.natives().flat_map(|n| &n.skips));
        out.extend(self.types.iter().flat_map(|t| &t.implement_skips));
        out
    }

    /// The natives of the declared types, in output order.
    pub(crate) fn natives(&self) -> impl Iterator<Item = &NativesItem> {
        self.types.iter().filter_map(|t| t.natives.as_ref())
    }
}

/// A bound method as the runtime's function database knows it (`cilbind::FunctionDb`): a
/// read-only view of the plan for tools (RPC tables, consoles).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Function {
    /// The member (`Type.Method`).
    pub item: String,
    /// The Rust function that binds it.
    pub rust_name: String,
    /// `[Assembly]Namespace.Type::Name(ParamTypes)->ReturnType`, in Mono's type names.
    pub signature: String,
    /// The FNV-1a hash of `signature`: the method's function-database ID.
    pub id: u64,
    /// The member's C#-like signature, with parameter names, as its doc shows it
    /// (`static System.Numerics.Matrix4x4 System.Numerics.Matrix4x4.CreateScale(System.Single scale)`).
    pub member: String,
    /// Its base name (the .NET name in snake_case, `new`, `set_<property>`, …) is shared
    /// with other members of the type, bound or not: `rust_name` comes from the overload
    /// rule (overloads named from their signatures: `create_scale_with_scales`).
    pub overloaded: bool,
    /// Listed in the bindings' `FUNCTIONS` table: its entry is in the function database from
    /// `init()` on, checked against the loaded assembly. `false` for members of generic types
    /// and generic methods, whose entry is made on their first call: their ID then names the
    /// closed instantiation called (``List<System.Int32>``), not `signature`'s definition.
    pub in_table: bool,
}

impl Plan {
    /// Every bound method, in output order.
    pub(crate) fn functions(&self) -> Vec<Function> {
        let listed: std::collections::HashSet<u64> = self
            .function_table()
            .iter()
            .flat_map(|t| t.methods.iter().map(|m| m.function_id))
            .collect();
        self.member_items()
            .filter_map(|m| match m {
                MemberRef::Item(MemberItem::Method(m)) => Some(Function {
                    in_table: listed.contains(&m.function_id),
                    item: m.item.clone(),
                    rust_name: m.rust_name.clone(),
                    signature: m.signature.clone(),
                    id: m.function_id,
                    member: m.net_signature.clone(),
                    overloaded: m.overloaded,
                }),
                _ => None,
            })
            .collect()
    }
}

/// What translation decided for one bound method of a full struct (`plan/translate.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translation {
    /// The member (`Type.Method`).
    pub item: String,
    /// The Rust function that binds it.
    pub rust_name: String,
    /// `None`: translated into Rust (the call never enters the runtime, where the builds it was translated from run); else why it keeps its
    /// managed call.
    pub refused: Option<String>,
    /// The assemblies whose builds a translation follows (its gate: it runs wherever these
    /// builds are loaded); empty when refused.
    pub builds: Vec<String>,
}

impl Plan {
    /// Every translation decision, in output order.
    pub(crate) fn translations(&self) -> Vec<Translation> {
        self.member_items()
            .filter_map(|m| match m {
                MemberRef::Item(MemberItem::Method(m)) => m.translation.as_ref().map(|t| Translation {
                    item: m.item.clone(),
                    rust_name: m.rust_name.clone(),
                    refused: t.as_ref().err().cloned(),
                    builds: t
                        .as_ref()
                        .map(|t| t.builds.iter().cloned().collect())
                        .unwrap_or_default(),
                }),
                _ => None,
            })
            .collect()
    }
}

/// The receiver of one bound instance method of a full struct: `&self` (works on a copy)
/// or `&mut self` (it may write through `this`), and why (`read/this_writes.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructReceiver {
    /// The member (`Type.Method`).
    pub item: String,
    /// The Rust function that binds it.
    pub rust_name: String,
    /// `None`: `&self`; else `&mut self`, with the store or call that may write.
    pub writes: Option<String>,
}

impl Plan {
    /// The receiver of every bound instance method of a full struct, in output order.
    pub(crate) fn struct_receivers(&self) -> Vec<StructReceiver> {
        self.member_items()
            .filter_map(|m| match m {
                MemberRef::Item(MemberItem::Method(m))
                    if matches!(m.receiver, Receiver::StructCopy | Receiver::StructMut) =>
                {
                    Some(StructReceiver {
                        item: m.item.clone(),
                        rust_name: m.rust_name.clone(),
                        writes: match m.receiver {
                            Receiver::StructMut => Some(m.mut_reason.clone().unwrap_or_default()),
                            _ => None,
                        },
                    })
                }
                _ => None,
            })
            .collect()
    }
}

/// A member item or a skip found while walking the plan.
#[derive(Clone, Copy, Debug)]
pub(crate) enum MemberRef<'p> {
    /// A member of a bound type or instance.
    Item(&'p MemberItem),
    /// A skipped member of a generic definition or of a type without a declaration, or an
    /// enum value that does not fit.
    Skip(&'p Skip),
}
