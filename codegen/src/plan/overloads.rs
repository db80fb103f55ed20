//! Member names: every member of a type gets its Rust name from its own signature and the
//! signatures of the members it shares a name with, never from metadata order, so adding an
//! overload does not rename the others (unless it ties with one for fewest parameters, or
//! has the same parameter names: rules 3 and 5).
//!
//! 1. Members are grouped by their base Rust name: a method's .NET name in snake_case, `new`
//!    for constructors, the property's name for a getter, `set_<property>` for a setter,
//!    `add_<event>`/`remove_<event>` for an event's accessors. Every member the model holds
//!    for the type counts, bound or skipped, so a skip never renames anything.
//! 2. A base name used once is the name: `area`.
//! 3. In a group of overloads, the one with the fewest parameters keeps the base name, if it
//!    alone has that few: `Matrix4x4.CreateRotationX(float radians)` is
//!    `create_rotation_x`. (Two with the fewest: neither does.)
//! 4. Every other overload is `<base>_with_<parameter names>`, without the leading
//!    parameters it shares (same name, same type, same position) with the one of rule 3:
//!    `CreateRotationX(float radians, Vector3 centerPoint)` is
//!    `create_rotation_x_with_center_point`; `List<T>(int capacity)` is `new_with_capacity`;
//!    `JsonConvert.SerializeObject(object value, Formatting formatting)` is
//!    `serialize_object_with_formatting`.
//! 5. Overloads to which rule 4 gives one name (same parameter names, other types:
//!    `Math.Abs(double value)`, `Math.Abs(int value)`) are `<base>_<type words>` instead, from
//!    the types of the parameters rule 4 would have named: `abs_f64`, `abs_i32`. A type's
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
//! 7. A name still shared (with a field, a member of another group, a name the owner
//!    reserves, or within a group after rule 6) is kept by one member and numbered `_2`,
//!    `_3`, … for the others, in the order of kind (fields, methods and constructors,
//!    getters, setters, event accessors) then signature text: the method `count()` keeps
//!    `count`, the getter of `Count` is `count_2`.
//!
//! Words drop Rust's raw prefix and outer underscores (`r#in` is `in`); a base name only its
//! raw prefix and an escape's underscore (`r#type_with_x` is `type_with_x`, `self_` `self_with_x`).

use super::names;
use crate::model::{GenericParam, MemberModelRef, MethodModel, PassMode, Primitive, Ty, TypeModel};
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The Rust names of one type's members (see the module doc).
#[derive(Clone, Debug, Default)]
pub(super) struct MemberNames {
    names: HashMap<MemberModelRef, Named>,
    /// Every name given, and the names reserved beforehand: a companion function (`_slice`)
    /// is made unique among these.
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

/// One name to give: a field's getter or setter, or a method-like member.
struct Entry<'m> {
    member: MemberModelRef,
    /// Kind order for rule 7: 0 field, 1 method, 2 getter, 3 setter, 4 event accessor.
    rank: u8,
    /// A field's setter (its getter has `setter == false`).
    setter: bool,
    base: String,
    method: Option<&'m MethodModel>,
    /// Sort key for rule 7: the kind and the whole signature.
    text: String,
}

/// Names `members` of `t` (the generic definition for a closed instantiation: its
/// signatures name the type parameters), none of them taking a name in `reserved`.
pub(super) fn name_members(
    t: &TypeModel,
    members: impl IntoIterator<Item = MemberModelRef>,
    reserved: BTreeSet<String>,
) -> MemberNames {
    let mut entries = Vec::new();
    for member in members {
        entries.extend(entries_of(t, member));
    }
    // Rules 1-6, group by group.
    let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, e) in entries.iter().enumerate() {
        if e.method.is_some() {
            groups.entry(e.base.as_str()).or_default().push(i);
        }
    }
    let mut proposed: Vec<String> = entries.iter().map(|e| e.base.clone()).collect();
    let mut overloaded = vec![false; entries.len()];
    for (base, group) in &groups {
        let methods: Vec<&MethodModel> = group.iter().filter_map(|&i| entries[i].method).collect();
        for (&i, name) in group.iter().zip(name_group(base, &methods, &t.generic_params)) {
            proposed[i] = name;
            overloaded[i] = group.len() > 1;
        }
    }
    // Rule 7: a name proposed once (and not reserved) is final; the rest in kind and
    // signature order, the first keeping a name unless the owner reserves it.
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for name in &proposed {
        *count.entry(name).or_default() += 1;
    }
    let mut taken = reserved.clone();
    taken.extend(proposed.iter().filter(|n| count[n.as_str()] == 1).cloned());
    let mut order: Vec<usize> = (0..entries.len()).collect();
    order.sort_by(|&a, &b| (entries[a].rank, &entries[a].text).cmp(&(entries[b].rank, &entries[b].text)));
    let mut given = vec![String::new(); entries.len()];
    let mut kept: BTreeSet<&str> = BTreeSet::new();
    for i in order {
        let name = &proposed[i];
        given[i] = if count[name.as_str()] == 1 && !reserved.contains(name) {
            name.clone()
        } else if !reserved.contains(name) && kept.insert(name) {
            taken.insert(name.clone());
            name.clone()
        } else {
            names::unique(name.clone(), &mut taken)
        };
    }
    let mut out = MemberNames {
        names: HashMap::new(),
        taken,
    };
    for ((e, name), overloaded) in entries.iter().zip(given).zip(overloaded) {
        match out.names.entry(e.member).or_insert_with(|| match e.method {
            Some(_) => Named::Method {
                name: String::new(),
                overloaded,
            },
            None => Named::Field {
                getter: String::new(),
                setter: String::new(),
            },
        }) {
            Named::Method { name: n, .. } => *n = name,
            Named::Field { setter, .. } if e.setter => *setter = name,
            Named::Field { getter, .. } => *getter = name,
        }
    }
    out
}

/// The names `member` takes: a field two (getter and setter), anything else one.
fn entries_of(t: &TypeModel, member: MemberModelRef) -> Vec<Entry<'_>> {
    let api = t.api.as_ref();
    let method = |rank: u8, base: String, m| method_entry(member, rank, base, m);
    let set = |name: &str| format!("set_{}", bare(&names::snake_case(name)));
    match member {
        MemberModelRef::Field(i) => {
            let Some(f) = t.fields.get(i) else { return Vec::new() };
            let field = |setter: bool, base: String| Entry {
                member,
                rank: 0,
                setter,
                base,
                method: None,
                text: f.name.clone(),
            };
            vec![field(false, names::snake_case(&f.name)), field(true, set(&f.name))]
        }
        MemberModelRef::Method(i) => api
            .and_then(|a| a.methods.get(i))
            .map(|m| {
                let base = if m.is_constructor {
                    "new".to_string()
                } else {
                    names::snake_case(&m.name)
                };
                method(1, base, m)
            })
            .into_iter()
            .collect(),
        MemberModelRef::Getter(i) => api
            .and_then(|a| a.properties.get(i))
            .and_then(|p| p.getter.as_ref().map(|m| method(2, names::snake_case(&p.name), m)))
            .into_iter()
            .collect(),
        MemberModelRef::Setter(i) => api
            .and_then(|a| a.properties.get(i))
            .and_then(|p| p.setter.as_ref().map(|m| method(3, set(&p.name), m)))
            .into_iter()
            .collect(),
        MemberModelRef::EventAdd(i) | MemberModelRef::EventRemove(i) => api
            .and_then(|a| a.events.get(i))
            .map(|e| {
                let (verb, m) = match member {
                    MemberModelRef::EventAdd(_) => ("add", &e.add),
                    _ => ("remove", &e.remove),
                };
                method(4, format!("{verb}_{}", bare(&names::snake_case(&e.name))), m)
            })
            .into_iter()
            .collect(),
    }
}

fn method_entry(member: MemberModelRef, rank: u8, base: String, m: &MethodModel) -> Entry<'_> {
    Entry {
        member,
        rank,
        setter: false,
        text: signature_key(m),
        base,
        method: Some(m),
    }
}

/// Rules 2-6 for one group: the names of `group`'s members, in its order (rule 7 settles any
/// name still shared). `type_params`: the owner's type parameters' names.
pub(super) fn name_group(base: &str, group: &[&MethodModel], type_params: &[String]) -> Vec<String> {
    if group.len() < 2 {
        return vec![base.to_string(); group.len()];
    }
    let fewest = group.iter().map(|m| m.params.len()).min().unwrap_or(0);
    let mut with_fewest = group.iter().enumerate().filter(|(_, m)| m.params.len() == fewest);
    let first = with_fewest.next().map(|(i, _)| i);
    let plain = if with_fewest.next().is_none() { first } else { None };
    // Rule 4: the parameters each overload's name mentions.
    let named: Vec<&[_]> = group
        .iter()
        .enumerate()
        .map(|(i, m)| match plain {
            Some(p) if p == i => &m.params[m.params.len()..],
            Some(p) => {
                let shared = m
                    .params
                    .iter()
                    .zip(&group[p].params)
                    .take_while(|(a, b)| a.name == b.name && a.ty == b.ty && a.pass == b.pass)
                    .count();
                &m.params[shared..]
            }
            None => &m.params[..],
        })
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
    // Rule 5.
    let words = |i: usize| -> Vec<String> {
        named[i]
            .iter()
            .map(|p| pass_word(&p.ty, p.pass, type_params, &group[i].generic_params))
            .collect()
    };
    for i in shared(&out) {
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

/// A method's whole signature, as rule 7 orders members: unique within a type.
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
