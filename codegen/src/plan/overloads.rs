//! Member names: every member of a type gets its Rust name from its own signature and the
//! signatures of the members it shares a name with, never from metadata order and never with
//! a number, so adding an overload renames no other member (unless it ties with one for
//! fewest parameters, or has the same parameter names: rules 3 and 5).
//!
//! 1. **Fields, properties and events** come first: a field or property `Name` is `name` /
//!    `set_name`, an event `add_name` / `remove_name`, always in pairs. Indexers that share
//!    a name are told apart by their index parameters as overloads are (rules 3-6). A field
//!    whose name a property or event also takes adds `_field` (`handle_field`); of two
//!    members whose C# names differ only in case (`Xyz`, `XYZ`), the one spelled as .NET
//!    spells words keeps the snake_case name and the other keeps its C# spelling (`XYZ` /
//!    `set_XYZ`).
//! 2. **Methods** are grouped by their base name: the method's name in snake_case, `new` for
//!    constructors. A `ref`/`out` twin of another method (`plan::twins`) takes that one's
//!    name (it is the same Rust function). A base name used once is the name: `area`.
//! 3. In a group of overloads, the one with the fewest parameters keeps the base name, if it
//!    alone has that few: `Matrix4x4.CreateRotationX(float radians)` is
//!    `create_rotation_x`. Of several with the fewest, the one taking only values of its own
//!    type does (`Matrix4x4.Multiply(Matrix4x4 value1, Matrix4x4 value2)` beside
//!    `Multiply(Matrix4x4 value1, float value2)`; not for constructors, where that is a copy
//!    constructor); otherwise none does.
//! 4. Every other overload is `<base>_with_<parameter names>`, without the leading
//!    parameters it shares (same name, same type, same position) with the one of rule 3:
//!    `CreateRotationX(float radians, Vector3 centerPoint)` is
//!    `create_rotation_x_with_center_point`; `List<T>(int capacity)` is `new_with_capacity`;
//!    `JsonConvert.SerializeObject(object value, Formatting formatting)` is
//!    `serialize_object_with_formatting`.
//! 5. Overloads to which rule 4 gives one name (same parameter names, other types:
//!    `Math.Abs(double value)`, `Math.Abs(int value)`), and those whose parameters after the
//!    shared ones have the names the one of rule 3 has there (`Multiply(Matrix4x4 value1,
//!    float value2)`: only the types differ), are `<base>_<type words>` instead, from the
//!    types of the parameters rule 4 would have named: `abs_f64`, `abs_i32`, `multiply_f32`. A type's
//!    word is its Rust-facing name in lower snake case: `bool`, `char`, `i32`, `f64`,
//!    `isize`, `string`, `object`, a named type's name (`vector3`, `decimal`,
//!    `json_serializer_settings`; its type arguments' words follow: `nullable_i32`), `T[]` is
//!    `<t>_array`, `ref`/`out`/`in` are `ref_<t>`/`out_<t>`/`in_<t>`, a type parameter is
//!    its name lower-cased (`t`).
//! 6. Overloads still named alike have the same parameter types. Those that differ by
//!    generic arity: a generic one adds `_generic` (`_generic<n>` for `n` type parameters):
//!    `DeserializeObject<T>(string value)` beside `DeserializeObject(string value)` is
//!    `deserialize_object_string_generic`. Those that differ by return type (C#'s
//!    conversion operators): `<base>_to_<return type word>`, `op_Explicit(Fixed) -> int` and
//!    `-> long` are `op_explicit_to_i32` and `op_explicit_to_i64`; should that short form be
//!    another member's too, the type words stay (`op_explicit_fixed_to_i32`).
//! 7. **Constructors**: on a type without a parameterless constructor, the one whose
//!    parameters are the public instance fields in order (same types, same names but for
//!    case: C#'s `new Vector3(x, y, z)`) is `new`, its other one-parameter constructors are
//!    conversions, `from_<type word>` (`Vector3(Vector2 value)` is `from_vector2`), and
//!    the rest are named by rule 4 against it (`Vector4(Vector3 v, float w)` is
//!    `new_with_v_w`). Other types' constructors follow rules 3-6 (`new`, `new_with_capacity`).
//! 8. A method named like a field's, property's or event's accessor adds its parameters'
//!    names (`SetRules(Rules rules)` beside a field `Rules` is `set_rules_with_rules`), or,
//!    without parameters, its return type's word (`count()` beside `Count` is `count_to_i32`).
//! 9. A name Rust already gives the type ends in `_net`: the methods of std's traits
//!    (`names::STD`: `ToString()` is `to_string_net`, `Clone()` `clone_net`, a property
//!    `Default` `default_net` / `set_default_net`) and the names the owner reserves (the
//!    runtime's own methods, for the types the runtime declares). `Equals` (`equals`) and
//!    `GetHashCode` (`get_hash_code`) hide nothing.
//! 10. A name two members still share (C# names differing only in case or underscores) is
//!     kept by one, in the order of rule 1 then signature text; the others take their C#
//!     spelling in place of the snake_case base, then trailing underscores.
//!
//! Words drop Rust's raw prefix and outer underscores (`r#in` is `in`); a base name only its
//! raw prefix and an escape's underscore (`r#type_with_x` is `type_with_x`, `self_` `self_with_x`).

use super::names;
use crate::model::{
    GenericParam, MemberModelRef, MethodModel, PassMode, Primitive, Ty, TypeModel, TypePath, Visibility,
};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The Rust names of one type's members (see the module doc).
#[derive(Clone, Debug, Default)]
pub(super) struct MemberNames {
    names: HashMap<MemberModelRef, Named>,
    /// Every name given, and the names reserved beforehand: a companion function (`_slice`)
    /// is left out when its name is one of these.
    pub taken: BTreeSet<String>,
}

#[derive(Clone, Debug)]
enum Named {
    Field { getter: String, setter: String },
    Method { name: String, overloaded: bool },
}

impl MemberNames {
    /// A method's, constructor's or accessor's name, and whether its base name is shared
    /// (it belongs to a group of overloads).
    pub fn method(&self, member: MemberModelRef) -> Option<(&str, bool)> {
        match self.names.get(&member)? {
            Named::Method { name, overloaded } => Some((name, *overloaded)),
            Named::Field { .. } => None,
        }
    }

    /// A field's getter and setter names.
    pub fn field(&self, member: MemberModelRef) -> Option<(&str, &str)> {
        match self.names.get(&member)? {
            Named::Field { getter, setter } => Some((getter, setter)),
            Named::Method { .. } => None,
        }
    }
}

/// What a pair (rule 1) is.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum PairKind {
    Field,
    Property,
    Event,
}

/// A field, property or event: one name, from which its accessors' names follow.
struct Pair {
    kind: PairKind,
    /// The model index (into `fields`, `api.properties` or `api.events`).
    index: usize,
    /// Its C# name.
    cs: String,
    /// Its snake_case name (the base of its group).
    base: String,
    name: String,
    /// Which of its two accessors (getter and setter, add and remove) are members.
    has: [bool; 2],
    /// An indexer sharing its name with others: named by the overload rule.
    overloaded: bool,
}

impl Pair {
    /// The names of its two accessors.
    fn slots(&self) -> [String; 2] {
        let bare = bare(&self.name).to_string();
        match self.kind {
            PairKind::Field | PairKind::Property => [self.name.clone(), format!("set_{bare}")],
            PairKind::Event => [format!("add_{bare}"), format!("remove_{bare}")],
        }
    }

    /// The names its accessors take.
    fn accessor_names(&self) -> Vec<String> {
        self.slots()
            .into_iter()
            .zip(self.has)
            .filter_map(|(n, has)| has.then_some(n))
            .collect()
    }
}

/// One method-like member (rule 2).
struct Entry<'m> {
    member: MemberModelRef,
    method: &'m MethodModel,
    base: String,
    name: String,
    overloaded: bool,
}

/// Names `members` of `t` (the generic definition for a closed instantiation: its
/// signatures name the type parameters), none of them taking a name in `reserved` (rule 9).
/// `twins` maps each by-reference twin to the method whose name it takes (`plan::twins`).
pub(super) fn name_members(
    t: &TypeModel,
    members: impl IntoIterator<Item = MemberModelRef>,
    reserved: BTreeSet<String>,
    twins: &HashMap<MemberModelRef, MemberModelRef>,
) -> MemberNames {
    // (A member listed twice is named once.)
    let mut seen = std::collections::HashSet::new();
    let members: Vec<MemberModelRef> = members.into_iter().filter(|m| seen.insert(*m)).collect();
    let api = t.api.as_ref();
    let mut pairs = pairs_of(t, &members);
    name_pairs(t, &mut pairs, &reserved);
    let accessor_names: BTreeSet<String> = pairs.iter().flat_map(Pair::accessor_names).collect();

    // Rules 2-8, group by group.
    let mut entries: Vec<Entry> = Vec::new();
    for &member in &members {
        let MemberModelRef::Method(i) = member else { continue };
        if twins.contains_key(&member) {
            continue;
        }
        let Some(m) = api.and_then(|a| a.methods.get(i)) else {
            continue;
        };
        let base = if m.is_constructor {
            "new".to_string()
        } else {
            names::snake_case(&m.name)
        };
        entries.push(Entry {
            member,
            method: m,
            name: base.clone(),
            base,
            overloaded: false,
        });
    }
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, e) in entries.iter().enumerate() {
        groups.entry(e.base.clone()).or_default().push(i);
    }
    for (base, group) in &groups {
        let methods: Vec<&MethodModel> = group.iter().map(|&i| entries[i].method).collect();
        let given = if base == "new" && methods.iter().all(|m| m.is_constructor) {
            name_constructors(t, &methods)
        } else {
            name_group(base, &methods, &t.generic_params, Some(&t.path))
        };
        for (&i, name) in group.iter().zip(given) {
            entries[i].name = name;
            entries[i].overloaded = group.len() > 1;
        }
    }
    // Rule 8.
    for e in &mut entries {
        if accessor_names.contains(&e.name) {
            e.name = if e.method.params.is_empty() {
                join(
                    &e.name,
                    "to",
                    [ty_word(&e.method.ret, &t.generic_params, &e.method.generic_params)],
                )
            } else {
                join(
                    &e.name,
                    "with",
                    e.method
                        .params
                        .iter()
                        .map(|p| bare(&names::snake_case(&p.name)).to_string()),
                )
            };
        }
    }
    // Rule 9.
    for e in &mut entries {
        while names::STD.contains(&e.name.as_str()) || reserved.contains(&e.name) {
            e.name = join(&e.name, "", ["net".to_string()]);
        }
    }
    // Rule 10, across pairs and methods: pairs first, then methods by signature.
    let mut taken: BTreeSet<String> = reserved.clone();
    let mut pair_order: Vec<usize> = (0..pairs.len()).collect();
    pair_order.sort_by(|&a, &b| (pairs[a].kind, &pairs[a].cs).cmp(&(pairs[b].kind, &pairs[b].cs)));
    for i in pair_order {
        let p = &mut pairs[i];
        while p.accessor_names().iter().any(|n| taken.contains(n)) {
            p.name = respell(&p.name, &p.base, &p.cs);
        }
        taken.extend(p.accessor_names());
    }
    let mut order: Vec<usize> = (0..entries.len()).collect();
    let key = |e: &Entry| {
        (
            names::verbatim(&e.method.name) != e.base,
            !names::conventional(&e.method.name),
            signature_key(e.method),
        )
    };
    order.sort_by_cached_key(|&i| key(&entries[i]));
    for i in order {
        let e = &mut entries[i];
        while taken.contains(&e.name) {
            e.name = respell(&e.name, &e.base, &e.method.name);
        }
        taken.insert(e.name.clone());
    }

    let mut out = MemberNames {
        names: HashMap::new(),
        taken,
    };
    for p in &pairs {
        let [first, second] = p.slots();
        match p.kind {
            PairKind::Field => {
                out.names.insert(
                    MemberModelRef::Field(p.index),
                    Named::Field {
                        getter: first,
                        setter: second,
                    },
                );
            }
            PairKind::Property => {
                for (r, name) in [
                    (MemberModelRef::Getter(p.index), first),
                    (MemberModelRef::Setter(p.index), second),
                ] {
                    out.names.insert(
                        r,
                        Named::Method {
                            name,
                            overloaded: p.overloaded,
                        },
                    );
                }
            }
            PairKind::Event => {
                for (r, name) in [
                    (MemberModelRef::EventAdd(p.index), first),
                    (MemberModelRef::EventRemove(p.index), second),
                ] {
                    out.names.insert(
                        r,
                        Named::Method {
                            name,
                            overloaded: false,
                        },
                    );
                }
            }
        }
    }
    for e in &entries {
        out.names.insert(
            e.member,
            Named::Method {
                name: e.name.clone(),
                overloaded: e.overloaded,
            },
        );
    }
    for (b, a) in twins {
        if let Some(Named::Method { name, overloaded }) = out.names.get(a).cloned() {
            out.names.insert(*b, Named::Method { name, overloaded });
        }
    }
    out
}

/// Rule 10: `name` with its base spelled as in C# (`XYZ`), or, when it already is, with a
/// trailing underscore.
fn respell(name: &str, base: &str, cs: &str) -> String {
    let verbatim = names::verbatim(cs);
    let trimmed_base = base.trim_start_matches("r#");
    let rest = name.trim_start_matches("r#").strip_prefix(trimmed_base);
    match rest {
        Some(rest) if !name.starts_with(&verbatim) && verbatim != trimmed_base => format!("{verbatim}{rest}"),
        _ => format!("{name}_"),
    }
}

/// The fields, properties and events among `members`, named by their snake_case names.
fn pairs_of(t: &TypeModel, members: &[MemberModelRef]) -> Vec<Pair> {
    let api = t.api.as_ref();
    let mut pairs: Vec<Pair> = Vec::new();
    for &r in members {
        let slot = usize::from(matches!(r, MemberModelRef::Setter(_) | MemberModelRef::EventRemove(_)));
        let (kind, index, cs) = match r {
            MemberModelRef::Field(i) => match t.fields.get(i) {
                Some(f) => (PairKind::Field, i, f.name.clone()),
                None => continue,
            },
            MemberModelRef::Getter(i) | MemberModelRef::Setter(i) => match api.and_then(|a| a.properties.get(i)) {
                Some(p) => (PairKind::Property, i, p.name.clone()),
                None => continue,
            },
            MemberModelRef::EventAdd(i) | MemberModelRef::EventRemove(i) => match api.and_then(|a| a.events.get(i)) {
                Some(e) => (PairKind::Event, i, e.name.clone()),
                None => continue,
            },
            MemberModelRef::Method(_) => continue,
        };
        if let Some(p) = pairs.iter_mut().find(|p| p.kind == kind && p.index == index) {
            p.has[slot] = true;
            continue;
        }
        let base = names::snake_case(&cs);
        let mut has = [kind == PairKind::Field; 2];
        has[slot] = true;
        pairs.push(Pair {
            kind,
            index,
            cs,
            name: base.clone(),
            base,
            has,
            overloaded: false,
        });
    }
    pairs
}

/// Rule 1 and rule 9 for the pairs.
fn name_pairs(t: &TypeModel, pairs: &mut [Pair], reserved: &BTreeSet<String>) {
    // Indexers (and properties differing in case) sharing a name: their index parameters,
    // as overloads.
    let index_model = |i: usize| -> Option<MethodModel> {
        let p = t.api.as_ref()?.properties.get(i)?;
        let accessor = p.getter.as_ref().or(p.setter.as_ref())?;
        Some(MethodModel {
            params: p.index_params.clone(),
            ..accessor.clone()
        })
    };
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, p) in pairs.iter().enumerate() {
        if p.kind == PairKind::Property {
            groups.entry(p.base.clone()).or_default().push(i);
        }
    }
    for (base, group) in groups.iter().filter(|(_, g)| g.len() > 1) {
        let models: Vec<MethodModel> = group.iter().filter_map(|&i| index_model(pairs[i].index)).collect();
        if models.len() != group.len() {
            continue;
        }
        let refs: Vec<&MethodModel> = models.iter().collect();
        for (&i, name) in group
            .iter()
            .zip(name_group(base, &refs, &t.generic_params, Some(&t.path)))
        {
            pairs[i].name = name;
            pairs[i].overloaded = true;
        }
    }
    // A field beside a property or event of its name.
    let others: BTreeSet<String> = pairs
        .iter()
        .filter(|p| p.kind != PairKind::Field)
        .map(|p| p.name.clone())
        .collect();
    for p in pairs.iter_mut().filter(|p| p.kind == PairKind::Field) {
        if others.contains(&p.name) {
            p.name = join(&p.name, "", ["field".to_string()]);
        }
    }
    // C# names differing only in case: the conventionally spelled one keeps the name.
    let mut order: Vec<usize> = (0..pairs.len()).collect();
    // A C# name already spelled as its Rust name keeps it; then the conventional one.
    order.sort_by_cached_key(|&i| {
        let p = &pairs[i];
        (
            names::verbatim(&p.cs) != p.base,
            !names::conventional(&p.cs),
            p.kind,
            p.cs.clone(),
        )
    });
    let mut seen = BTreeSet::new();
    for i in order {
        let p = &mut pairs[i];
        if !seen.insert(p.name.clone()) {
            p.name = respell(&p.name, &p.base, &p.cs);
            seen.insert(p.name.clone());
        }
    }
    // Rule 9: a name Rust already gives the type.
    for p in pairs.iter_mut() {
        while p
            .accessor_names()
            .iter()
            .any(|n| names::STD.contains(&n.as_str()) || reserved.contains(n))
        {
            p.name = join(&p.name, "", ["net".to_string()]);
        }
    }
}

/// Rule 7: the constructors of `t`, in `group`'s order.
fn name_constructors(t: &TypeModel, group: &[&MethodModel]) -> Vec<String> {
    let fields: Vec<_> = t
        .fields
        .iter()
        .filter(|f| !f.is_static && !f.is_literal && f.visibility == Visibility::Public)
        .collect();
    let matches_fields = |m: &MethodModel| {
        !fields.is_empty()
            && m.params.len() == fields.len()
            && m.params
                .iter()
                .zip(&fields)
                .all(|(p, f)| p.pass == PassMode::Value && p.ty == f.ty && p.name.eq_ignore_ascii_case(&f.name))
    };
    let parameterless = group.iter().any(|m| m.params.is_empty());
    let Some(fielded) = (!parameterless)
        .then(|| group.iter().position(|m| matches_fields(m)))
        .flatten()
    else {
        // (A copy constructor is no better a `new` than the others: no owner's-type rule.)
        return name_group("new", group, &t.generic_params, None);
    };
    let mut out = name_group_with("new", group, &t.generic_params, Some(fielded));
    for (i, m) in group.iter().enumerate() {
        if i != fielded && m.params.len() == 1 {
            let p = &m.params[0];
            out[i] = join(
                "from",
                "",
                [pass_word(&p.ty, p.pass, &t.generic_params, &m.generic_params)],
            );
        }
    }
    out
}

/// Rules 2-6 for one group: the names of `group`'s members, in its order (rules 8-10 settle
/// any name still shared). `type_params`: the owner's type parameters' names.
pub(super) fn name_group(
    base: &str,
    group: &[&MethodModel],
    type_params: &[String],
    owner: Option<&TypePath>,
) -> Vec<String> {
    if group.len() < 2 {
        return vec![base.to_string(); group.len()];
    }
    let fewest = group.iter().map(|m| m.params.len()).min().unwrap_or(0);
    let with_fewest: Vec<usize> = (0..group.len()).filter(|&i| group[i].params.len() == fewest).collect();
    // Of several with the fewest, the one taking only values of the owner's type
    // (`Matrix4.Mult(Matrix4 left, Matrix4 right)` beside `Mult(Matrix4 left, float right)`).
    let own = |m: &MethodModel| {
        !m.params.is_empty()
            && m.params
                .iter()
                .all(|p| p.pass == PassMode::Value && matches!(&p.ty, Ty::Named { path, .. } if Some(path) == owner))
    };
    let plain = match with_fewest[..] {
        [one] => Some(one),
        _ => {
            let owned: Vec<usize> = with_fewest.iter().copied().filter(|&i| own(group[i])).collect();
            match owned[..] {
                [one] => Some(one),
                _ => None,
            }
        }
    };
    name_group_with(base, group, type_params, plain)
}

/// Rules 4-6 for one group, `plain` (when there is one) keeping the base name.
fn name_group_with(base: &str, group: &[&MethodModel], type_params: &[String], plain: Option<usize>) -> Vec<String> {
    if group.len() < 2 {
        return vec![base.to_string(); group.len()];
    }
    // Rule 4: the parameters each overload's name mentions, after those it shares.
    let shared_with_plain: Vec<usize> = group
        .iter()
        .enumerate()
        .map(|(i, m)| match plain {
            Some(p) if p == i => m.params.len(),
            Some(p) => m
                .params
                .iter()
                .zip(&group[p].params)
                .take_while(|(a, b)| a.name == b.name && a.ty == b.ty && a.pass == b.pass)
                .count(),
            None => 0,
        })
        .collect();
    let named: Vec<&[_]> = group
        .iter()
        .zip(&shared_with_plain)
        .map(|(m, &shared)| &m.params[shared..])
        .collect();
    let mut out: Vec<String> = named
        .iter()
        .map(|params| {
            join(
                base,
                "with",
                params.iter().map(|p| bare(&names::snake_case(&p.name)).to_string()),
            )
        })
        .collect();
    // Rule 5, first for the overloads whose parameters after the shared ones have the plain
    // one's names there (`Mult(Matrix4 left, float right)` beside `Mult(Matrix4 left, Matrix4
    // right)`): only their types differ.
    let renamed_like_plain: Vec<usize> = match plain {
        Some(p) => (0..group.len())
            .filter(|&i| i != p && !named[i].is_empty())
            .filter(|&i| {
                let at = shared_with_plain[i];
                group[p]
                    .params
                    .get(at..at + named[i].len())
                    .is_some_and(|there| there.iter().zip(named[i]).all(|(a, b)| a.name == b.name))
            })
            .collect(),
        None => Vec::new(),
    };
    // Rule 5.
    let words = |i: usize| -> Vec<String> {
        named[i]
            .iter()
            .map(|p| pass_word(&p.ty, p.pass, type_params, &group[i].generic_params))
            .collect()
    };
    let mut typed = shared(&out);
    typed.extend(renamed_like_plain);
    for i in typed {
        out[i] = join(base, "", words(i));
    }
    // Rule 6: generic arity, then return type.
    let mut generic = vec![String::new(); group.len()];
    let clashing = shared(&out);
    for &i in &clashing {
        let arity = group[i].generic_params.len();
        let differs = clashing
            .iter()
            .any(|&j| out[j] == out[i] && group[j].generic_params.len() != arity);
        if differs && arity > 0 {
            generic[i] = match arity {
                1 => "generic".into(),
                n => format!("generic{n}"),
            };
        }
    }
    for &i in &clashing {
        out[i] = join(&out[i], "", [generic[i].clone()]);
    }
    let clashing = shared(&out);
    let to: BTreeMap<usize, String> = clashing
        .iter()
        .filter(|&&i| {
            clashing
                .iter()
                .any(|&j| out[j] == out[i] && group[j].ret != group[i].ret)
        })
        .map(|&i| {
            (
                i,
                format!("to_{}", ty_word(&group[i].ret, type_params, &group[i].generic_params)),
            )
        })
        .collect();
    let short: BTreeMap<usize, String> = to
        .iter()
        .map(|(&i, to)| (i, join(base, "", [generic[i].clone(), to.clone()])))
        .collect();
    for (&i, mine) in &short {
        let alone =
            short.iter().all(|(&j, s)| j == i || s != mine) && out.iter().enumerate().all(|(j, n)| j == i || n != mine);
        out[i] = if alone {
            mine.clone()
        } else {
            join(&out[i], "", [to[&i].clone()])
        };
    }
    out
}

/// The indices of the names that another index also has.
fn shared(names: &[String]) -> Vec<usize> {
    (0..names.len())
        .filter(|&i| names.iter().enumerate().any(|(j, n)| j != i && *n == names[i]))
        .collect()
}

/// `<base>_<link>_<words…>`, or `base` when there are no words (`link` empty: no link).
fn join(base: &str, link: &str, words: impl IntoIterator<Item = String>) -> String {
    let words: Vec<String> = words.into_iter().filter(|w| !w.is_empty()).collect();
    if words.is_empty() {
        return base.to_string();
    }
    // The base starts the name: it keeps a leading underscore (`_1st`), loses the raw prefix
    // and an escape's trailing underscore (`r#type`, `self_`).
    let mut out = base.trim_start_matches("r#").trim_end_matches('_').to_string();
    if !out.starts_with(|c: char| c == '_' || unicode_ident::is_xid_start(c)) {
        out.insert(0, '_');
    }
    if !link.is_empty() {
        out.push('_');
        out.push_str(link);
    }
    for w in words {
        out.push('_');
        out.push_str(&w);
    }
    out
}

/// A name as a word inside a longer name: no raw prefix, no outer underscores.
fn bare(name: &str) -> &str {
    name.trim_start_matches("r#").trim_matches('_')
}

/// A parameter's type word (rule 5), with its `ref`/`out`/`in`.
fn pass_word(ty: &Ty, pass: PassMode, type_params: &[String], method_params: &[String]) -> String {
    let word = ty_word(ty, type_params, method_params);
    match pass {
        PassMode::Value => word,
        PassMode::Ref => format!("ref_{word}"),
        PassMode::Out => format!("out_{word}"),
        PassMode::In => format!("in_{word}"),
    }
}

/// A type's word (rule 5).
pub(super) fn ty_word(ty: &Ty, type_params: &[String], method_params: &[String]) -> String {
    let word = |t: &Ty| ty_word(t, type_params, method_params);
    match ty {
        Ty::Void => "unit".into(),
        Ty::Primitive(Primitive::Bool) => "bool".into(),
        Ty::Primitive(Primitive::Char) => "char".into(),
        Ty::Primitive(p) => super::rust_ty::rust_primitive(*p).into(),
        Ty::String => "string".into(),
        Ty::Object => "object".into(),
        Ty::Named { path, args } => {
            let name = names::snake_case(&names::type_name(&path.nested, &path.name));
            join(bare(&name), "", args.iter().map(word))
        }
        Ty::GenericParam(p) => {
            let (names, i, prefix) = match *p {
                GenericParam::Type(i) => (type_params, i, "t"),
                GenericParam::Method(i) => (method_params, i, "m"),
            };
            match names.get(i) {
                Some(name) => bare(&names::snake_case(&name.to_lowercase())).to_string(),
                None => format!("{prefix}{i}"),
            }
        }
        Ty::SzArray(t) => format!("{}_array", word(t)),
        Ty::Array { element, rank } => format!("{}_array{rank}d", word(element)),
        Ty::ByRef(t) => format!("ref_{}", word(t)),
        Ty::Pointer(Some(t)) => format!("{}_ptr", word(t)),
        Ty::Pointer(None) => "void_ptr".into(),
        Ty::FunctionPointer => "fn_ptr".into(),
        Ty::TypedReference => "typed_reference".into(),
    }
}

/// A method's whole signature, as rule 10 orders members: unique within a type.
pub(super) fn signature_key(m: &MethodModel) -> String {
    let params: Vec<String> = m
        .params
        .iter()
        .map(|p| format!("{:?} {} {}", p.pass, p.ty, p.name))
        .collect();
    format!(
        "{}{}`{}({})->{}",
        if m.is_static { "static " } else { "" },
        m.name,
        m.generic_params.len(),
        params.join(", "),
        m.ret
    )
}
