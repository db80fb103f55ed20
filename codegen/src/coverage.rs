//! The coverage listing: every public member of every selected type, and whether the plan
//! binds it, skips it (with the skip's category and sentence) or does not carry it at all
//! (silently missing: a generator bug the report exists to catch).
//!
//! It is a fold over the plan, read through the classified members each plan item came from
//! (`Members::origins`, the positions of a generic definition's and a skipped type's member
//! skips, the enum values): nothing here decides whether a member is bound.
//!
//! Counting, as `codegen/coverage/PublicSurface.cs` counts by reflection: public members of
//! public types (constructors, methods, properties, events, fields), and an enum's named
//! values apart. A property is one member, bound when every public accessor is bound; an
//! event likewise (its `add` and `remove`); accessors are never methods of their own. Keys
//! name members in a form both sides compute from metadata alone: `.ctor(params)`,
//! `Name``arity(params)->return`, `Name[index params]->type`, the name for fields, events
//! and enum values, with types spelled `Ns.Outer/Inner<args>`, `!0`/`!!0` for generic
//! parameters, `[]`, `[,]`, `*`, `&`.

use crate::model::{
    GenericParam, MemberModelRef, MethodModel, ParamModel, PassMode, Ty, TypeKind, TypeModel, Visibility,
};
use crate::plan::classify::{ClassifiedModel, ClassifiedType};
use crate::plan::{MemberItem, Members, Plan, Skip, SkipKind, TypeItemKind};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// What kind of member a [`CoverageRow`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MemberKind {
    /// An instance constructor.
    Constructor,
    /// A method (not an accessor).
    Method,
    /// A property or indexer.
    Property,
    /// An event.
    Event,
    /// A field (constants included).
    Field,
    /// A named value of an enum (counted apart from the members).
    EnumValue,
}

impl MemberKind {
    /// The word the listing prints (`ctor`, `method`, `property`, `event`, `field`,
    /// `enum-value`).
    pub fn key(self) -> &'static str {
        match self {
            MemberKind::Constructor => "ctor",
            MemberKind::Method => "method",
            MemberKind::Property => "property",
            MemberKind::Event => "event",
            MemberKind::Field => "field",
            MemberKind::EnumValue => "enum-value",
        }
    }
}

/// What the plan did with a member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Bound (for a property or event: every public accessor).
    Bound,
    /// Skipped: the category and sentence of the (first) skip.
    Skipped(SkipKind, String),
    /// Neither bound nor skipped: the plan does not carry it.
    Missing,
}

/// One public member and what the plan did with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverageRow {
    /// Defining assembly of the type.
    pub assembly: String,
    /// The type's metadata name (`Ns.Outer`1/Inner`).
    pub type_name: String,
    /// Member kind.
    pub kind: MemberKind,
    /// The member's key (see the module documentation).
    pub key: String,
    /// Bound, skipped or missing.
    pub status: Status,
}

impl fmt::Display for CoverageRow {
    /// One tab-separated line: assembly, type, kind, key, status, skip category, reason.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (status, kind, reason) = match &self.status {
            Status::Bound => ("bound", "", ""),
            Status::Skipped(kind, reason) => ("skipped", kind.key(), reason.as_str()),
            Status::Missing => ("missing", "", ""),
        };
        write!(
            f,
            "{}\t{}\t{}\t{}\t{status}\t{kind}\t{}",
            self.assembly,
            self.type_name,
            self.kind.key(),
            self.key,
            reason.replace(['\t', '\n'], " ")
        )
    }
}

/// The header line of the listing [`CoverageRow`]'s `Display` prints.
pub const COVERAGE_HEADER: &str = "assembly\ttype\tkind\tkey\tstatus\tcategory\treason";

/// What the plan did with one classified member.
#[derive(Clone, Copy)]
enum Outcome<'p> {
    Bound,
    Skipped(&'p Skip),
}

/// Every public member of every selected type, in model order.
pub(crate) fn rows(model: &ClassifiedModel, plan: &Plan) -> Vec<CoverageRow> {
    let declared: HashMap<(&str, &str), &TypeItemKind> = plan
        .types
        .iter()
        .filter(|t| t.bound)
        .map(|t| ((t.assembly.as_str(), t.metadata_name.as_str()), &t.kind))
        .collect();
    let skipped: HashMap<_, _> = plan.skipped_types.iter().map(|t| (&t.path, t)).collect();
    // The types the runtime declares itself (`String`, `Int32`, …): members in their trait.
    let runtime: HashMap<(&str, String), &Members> = plan
        .runtime
        .iter()
        .map(|r| {
            let (assembly, namespace, name) = &r.type_ref_parts;
            ((assembly.as_str(), format!("{namespace}.{name}")), &r.members)
        })
        .collect();
    let mut out = Vec::new();
    for ct in &model.types {
        let Some(t) = model.model.get(&ct.path) else { continue };
        if !t.is_public {
            continue;
        }
        let key = (ct.path.assembly.as_str(), ct.path.metadata_name.as_str());
        let (outcomes, values) = match (declared.get(&key), skipped.get(&ct.path)) {
            (Some(kind), _) => declared_outcomes(kind),
            (None, None) if runtime.contains_key(&(key.0, key.1.to_string())) => {
                (of_members(runtime[&(key.0, key.1.to_string())]), None)
            }
            (None, Some(s)) => (
                positional(ct, s.members.iter().map(Outcome::Skipped)),
                Some(vec![Outcome::Skipped(&s.skip); enum_len(t)]),
            ),
            (None, None) => (HashMap::new(), None),
        };
        push_rows(t, &outcomes, values.as_deref(), &mut out);
    }
    out
}

fn enum_len(t: &TypeModel) -> usize {
    t.enum_info.as_ref().map_or(0, |e| e.members.len())
}

/// Pairs `ct`'s members with outcomes given in the same order (none when the counts differ:
/// then every member is missing, which the report shows).
fn positional<'p>(
    ct: &ClassifiedType,
    outcomes: impl ExactSizeIterator<Item = Outcome<'p>>,
) -> HashMap<MemberModelRef, Outcome<'p>> {
    if outcomes.len() != ct.members.len() {
        return HashMap::new();
    }
    ct.members.iter().map(|m| m.member).zip(outcomes).collect()
}

type Outcomes<'p> = (HashMap<MemberModelRef, Outcome<'p>>, Option<Vec<Outcome<'p>>>);

/// Outcomes of a declared type's members and enum values.
fn declared_outcomes<'p>(kind: &'p TypeItemKind) -> Outcomes<'p> {
    match kind {
        TypeItemKind::Enum(e) | TypeItemKind::Flags(e) => (
            HashMap::new(),
            Some(
                e.values
                    .iter()
                    .map(|v| v.as_ref().map_or_else(Outcome::Skipped, |_| Outcome::Bound))
                    .collect(),
            ),
        ),
        TypeItemKind::FullStruct { members, .. }
        | TypeItemKind::ManagedStruct { members, .. }
        | TypeItemKind::Reference { members, .. } => (members.as_ref().map(of_members).unwrap_or_default(), None),
        // Generic classes, interfaces, delegates and value types: members for every type
        // argument.
        TypeItemKind::GenericReference { members, .. } | TypeItemKind::GenericStruct { members, .. } => {
            (members.as_ref().map(of_members).unwrap_or_default(), None)
        }
        // A non-public type's: never counted (`rows` skips non-public types).
        TypeItemKind::NativesHost => (HashMap::new(), None),
    }
}

/// Where each member of a member list went.
fn of_members(members: &Members) -> HashMap<MemberModelRef, Outcome<'_>> {
    members
        .origins
        .iter()
        .filter_map(|&(member, at)| {
            let outcome = match at.map(|i| members.items.get(i)) {
                None => Outcome::Bound, // part of the type's declaration
                Some(Some(MemberItem::Skip(s))) => Outcome::Skipped(s),
                Some(Some(_)) => Outcome::Bound,
                Some(None) => return None,
            };
            Some((member, outcome))
        })
        .collect()
}

fn status(outcome: Option<&Outcome>) -> Status {
    match outcome {
        Some(Outcome::Bound) => Status::Bound,
        Some(Outcome::Skipped(s)) => Status::Skipped(s.kind, s.reason.clone()),
        None => Status::Missing,
    }
}

/// Bound when every part is bound; else the first skip; missing when any part is missing.
fn combine(parts: &[Status]) -> Status {
    if parts.contains(&Status::Missing) {
        return Status::Missing;
    }
    parts
        .iter()
        .find(|s| **s != Status::Bound)
        .cloned()
        .unwrap_or(Status::Bound)
}

fn push_rows(
    t: &TypeModel,
    outcomes: &HashMap<MemberModelRef, Outcome>,
    values: Option<&[Outcome]>,
    out: &mut Vec<CoverageRow>,
) {
    let mut row = |kind, key: String, status| {
        out.push(CoverageRow {
            assembly: t.path.assembly.clone(),
            type_name: t.path.metadata_name.clone(),
            kind,
            key,
            status,
        })
    };
    let public = |v: Visibility| v == Visibility::Public;
    if let Some(e) = &t.enum_info {
        for (i, v) in e.members.iter().enumerate() {
            row(
                MemberKind::EnumValue,
                v.name.clone(),
                status(values.and_then(|v| v.get(i))),
            );
        }
    }
    if t.kind != TypeKind::Enum {
        for (i, f) in t.fields.iter().enumerate() {
            if public(f.visibility) {
                row(
                    MemberKind::Field,
                    f.name.clone(),
                    status(outcomes.get(&MemberModelRef::Field(i))),
                );
            }
        }
    }
    let Some(api) = &t.api else { return };
    for (i, m) in api.methods.iter().enumerate() {
        if public(m.visibility) {
            let (kind, key) = method_key(m);
            row(kind, key, status(outcomes.get(&MemberModelRef::Method(i))));
        }
    }
    for (i, p) in api.properties.iter().enumerate() {
        let parts: Vec<Status> = [
            (&p.getter, MemberModelRef::Getter(i)),
            (&p.setter, MemberModelRef::Setter(i)),
        ]
        .into_iter()
        .filter(|(m, _)| m.as_ref().is_some_and(|m| public(m.visibility)))
        .map(|(_, r)| status(outcomes.get(&r)))
        .collect();
        if !parts.is_empty() {
            // A `ref` property's type is its getter's return type (the model keeps the type
            // behind the reference).
            let ty = match p.getter.as_ref().map(|g| &g.ret) {
                Some(ret @ Ty::ByRef(_)) => ret,
                _ => &p.ty,
            };
            let key = format!("{}[{}]->{}", p.name, params(&p.index_params), sig_name(ty));
            row(MemberKind::Property, key, combine(&parts));
        }
    }
    for (i, e) in api.events.iter().enumerate() {
        if public(e.add.visibility) {
            let parts = [MemberModelRef::EventAdd(i), MemberModelRef::EventRemove(i)].map(|r| status(outcomes.get(&r)));
            row(MemberKind::Event, e.name.clone(), combine(&parts));
        }
    }
}

fn method_key(m: &MethodModel) -> (MemberKind, String) {
    if m.is_constructor {
        return (MemberKind::Constructor, format!(".ctor({})", params(&m.params)));
    }
    let arity = match m.generic_params.len() {
        0 => String::new(),
        n => format!("``{n}"),
    };
    let key = format!("{}{arity}({})->{}", m.name, params(&m.params), sig_name(&m.ret));
    (MemberKind::Method, key)
}

fn params(ps: &[ParamModel]) -> String {
    let names: Vec<String> = ps
        .iter()
        .map(|p| match p.pass {
            PassMode::Value => sig_name(&p.ty),
            PassMode::Ref | PassMode::Out | PassMode::In => format!("{}&", sig_name(&p.ty)),
        })
        .collect();
    names.join(",")
}

/// A type as the keys spell it (reflection's view: a function pointer is `System.IntPtr`).
fn sig_name(ty: &Ty) -> String {
    match ty {
        Ty::Void => "System.Void".into(),
        Ty::Primitive(p) => format!("System.{}", p.system_name()),
        Ty::String => "System.String".into(),
        Ty::Object => "System.Object".into(),
        Ty::TypedReference => "System.TypedReference".into(),
        Ty::FunctionPointer => "System.IntPtr".into(),
        Ty::Named { path, args } if args.is_empty() => path.metadata_name.clone(),
        Ty::Named { path, args } => {
            let args: Vec<String> = args.iter().map(sig_name).collect();
            format!("{}<{}>", path.metadata_name, args.join(","))
        }
        Ty::GenericParam(GenericParam::Type(i)) => format!("!{i}"),
        Ty::GenericParam(GenericParam::Method(i)) => format!("!!{i}"),
        Ty::SzArray(e) => format!("{}[]", sig_name(e)),
        Ty::Array { element, rank: 1 } => format!("{}[*]", sig_name(element)),
        Ty::Array { element, rank } => format!("{}[{}]", sig_name(element), ",".repeat(rank - 1)),
        Ty::ByRef(t) => format!("{}&", sig_name(t)),
        Ty::Pointer(Some(t)) => format!("{}*", sig_name(t)),
        Ty::Pointer(None) => "System.Void*".into(),
    }
}

/// Counts of a coverage listing: members (enum values apart) by status, and enum values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// Public members (enum values apart).
    pub members: usize,
    /// Of those, bound.
    pub bound: usize,
    /// Of those, skipped, by category.
    pub skipped: BTreeMap<SkipKind, usize>,
    /// Of those, neither bound nor skipped (a generator bug: must be 0).
    pub missing: usize,
    /// Enum values.
    pub enum_values: usize,
    /// Of those, bound.
    pub enum_values_bound: usize,
}

impl Coverage {
    /// Counts `rows`.
    pub fn of(rows: &[CoverageRow]) -> Coverage {
        let mut c = Coverage::default();
        for r in rows {
            if r.kind == MemberKind::EnumValue {
                c.enum_values += 1;
                c.enum_values_bound += usize::from(r.status == Status::Bound);
                continue;
            }
            c.members += 1;
            match &r.status {
                Status::Bound => c.bound += 1,
                Status::Skipped(kind, _) => *c.skipped.entry(*kind).or_default() += 1,
                Status::Missing => c.missing += 1,
            }
        }
        c
    }

    /// Bound members as a percentage of all public members (enum values apart).
    pub fn percent_bound(&self) -> f64 {
        if self.members == 0 {
            return 100.0;
        }
        self.bound as f64 * 100.0 / self.members as f64
    }
}
