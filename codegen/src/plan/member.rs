//! Members: for each member of a bound type, a bound item (Rust name, receiver, crossings,
//! doc, function-database ID) or a skip. Constructor rules, the argument limit, the
//! receiver rule and overload names are decided here.
//!
//! Names: snake_case; property getters take the property's name (`radius`), setters `set_`
//! it; constructors are `new`; overloads are named from their signatures (`plan::overloads`:
//! `create_rotation_x_with_center_point`, `abs_f64`). Every member the model holds takes its
//! name, bound or skipped, so adding a Rust form for a member never renames another.
//!
//! Unmanaged pointers: a method or constructor with a parameter `T*` (`T` a primitive, enum
//! or full struct) or `void*` is an `unsafe fn` taking `*mut T` (`*mut c_void`); its doc has a
//! `# Safety` section. Pointer returns, pointer fields, pointers to pointers and function
//! pointers stay skips (`SkipKind::Pointer`). When every pointer parameter `T* x` (not
//! `void*`) is immediately followed by an `int` or `long` parameter whose name contains
//! `count`, `length`, `len`, `size` or is `n` (any case), the method also gets a safe
//! `<name>_slice` taking `x: &mut [T]` in place of the pair: it passes the slice's pointer and
//! its length (an error if the length does not fit). That overload trusts the method to
//! access only the first `count` elements, as the parameter names say; it is always `&mut`,
//! since metadata does not say whether the method writes through the pointer. Its name is
//! made unique after every member's (a member named `<name>_slice` keeps its name).

use super::classify::{ClassifiedMember, Crossing, SignatureClass};
use super::items::*;
use super::param_forms::{params_array, slice_pairs};
use super::rust_ty::{cli_name, type_param_name, ParamNames, Pass, Resolver};
use super::skip::{Skip, SkipKind};
use super::{callback, csharp, names, overloads, twins};
use crate::model::{GenericParam, MemberModelRef, MethodModel, PassMode, ThisAccess, Ty, TypeKind, TypeModel};
use cilbind_abi::{DeclaringType, MethodSignature};
use std::collections::BTreeSet;

/// The runtime's largest argument tuple (`this` included).
const MAX_ARGS: usize = 18;

/// Trampoline mask bits, defined once for the generator and the runtime (which exports them as
/// `cilbind::{THIS_BY_POINTER, …}`); bit `i < 59` passes parameter `i` by pointer.
pub(crate) use cilbind_abi::call_flags::{RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF, THIS_BY_POINTER};

/// What the member planner works on: one type (or closed instantiation) and its members.
pub(super) struct Owned<'a> {
    pub res: &'a Resolver<'a>,
    pub t: &'a TypeModel,
    pub module: &'a [String],
    pub owner: Owner,
    /// The type as .NET names it (the closed type for an instantiation; the definition over
    /// its own type parameters for a generic impl).
    pub ty: Ty,
    /// Members of a generic definition, bound for every type argument (`impl<T0: TypeArg>`):
    /// the type parameters' names as Mono prints them in the definition's signatures (`T`).
    /// Empty for every other owner.
    pub type_params: &'a [String],
    /// The model whose signatures name the members: `t`, or for a closed instantiation its
    /// generic definition (so `impl List<Int32>` names members as `impl<T0> List<T0>` does).
    pub names_from: &'a TypeModel,
}

/// Plans `members` of `o.t`, in order. The origins say where each member went (the coverage
/// report reads them): `Some(i)` is `items[i]`, `None` the type's own declaration (a full
/// struct's instance field).
pub(super) fn plan_members(o: &Owned, members: &[ClassifiedMember]) -> (Vec<MemberItem>, Vec<Origin>) {
    plan_members_reserving(o, members, BTreeSet::new())
}

/// [`plan_members`], with the Rust names in `reserved` already used (a member named like one
/// of them ends in `_net`: `plan::overloads`, rule 9).
pub(super) fn plan_members_reserving(
    o: &Owned,
    members: &[ClassifiedMember],
    reserved: BTreeSet<String>,
) -> (Vec<MemberItem>, Vec<Origin>) {
    // Every member takes a name, bound or not: a skip renames nothing. Fields that are not
    // functions (constants, a full struct's own fields) take none.
    let named: Vec<MemberModelRef> = members
        .iter()
        .map(|m| m.member)
        .filter(|&r| match r {
            MemberModelRef::Field(i) => {
                o.t.fields
                    .get(i)
                    .is_some_and(|f| !f.is_literal && (f.is_static || o.owner != Owner::FullStruct))
            }
            _ => true,
        })
        .collect();
    let full_struct = |ty: &Ty| match ty {
        Ty::Named { path, args } if args.is_empty() => {
            matches!(o.res.classes.get(path), Some(super::classify::TypeClass::FullStruct(_)))
        }
        _ => false,
    };
    let twins = if o.type_params.is_empty() && std::ptr::eq(o.t, o.names_from) {
        twins::find(o.t, &named, &full_struct)
    } else {
        Default::default()
    };
    let given = overloads::name_members(o.names_from, named, reserved, &twins);
    let mut taken = given.taken.clone();
    let mut planned: Vec<(MemberModelRef, Decided<Option<MemberItem>>)> = members
        .iter()
        .map(|m| {
            let item = match &m.binding {
                Err(u) => Err((u.kind, u.to_string())),
                Ok(sig) => plan_member(o, m, sig, &given, &mut taken),
            };
            (m.member, item)
        })
        .collect();
    let merged = twins::merge(o.t, &twins, &mut planned);
    let mut items = Vec::with_capacity(members.len());
    let mut origins = Vec::with_capacity(members.len());
    let mut at: std::collections::HashMap<MemberModelRef, usize> = Default::default();
    for ((member, item), m) in planned.into_iter().zip(members) {
        let item = match item {
            Ok(Some(item)) => item,
            Ok(None) if merged.contains_key(&member) => {
                // A twin merged into another member's function: bound as that one.
                origins.push((member, None));
                continue;
            }
            Ok(None) => {
                origins.push((member, None));
                continue;
            }
            Err((kind, reason)) => MemberItem::Skip(Skip {
                item: m.display_name.clone(),
                assembly: o.t.path.assembly.clone(),
                kind,
                reason,
            }),
        };
        at.insert(member, items.len());
        origins.push((member, Some(items.len())));
        items.push(item);
    }
    // A merged twin's origin is the function it is bound by.
    for (member, origin) in origins.iter_mut() {
        if let Some(kept) = merged.get(member) {
            *origin = at.get(kept).copied();
        }
    }
    (items, origins)
}

pub(super) type Decided<T> = Result<T, (SkipKind, String)>;

pub(super) fn no_form<T>(why: impl Into<String>) -> Decided<T> {
    Err((SkipKind::NoRustForm, why.into()))
}

/// `Ok(None)`: the member is part of the type's declaration (a full struct's instance field).
fn plan_member(
    o: &Owned,
    m: &ClassifiedMember,
    sig: &SignatureClass,
    given: &overloads::MemberNames,
    taken: &mut BTreeSet<String>,
) -> Decided<Option<MemberItem>> {
    let Some(api) = o.t.api.as_ref() else {
        return no_form("type has no members modeled");
    };
    let method = match m.member {
        MemberModelRef::Field(i) => return super::field::plan_field(o, i, sig, given.field(m.member)),
        MemberModelRef::Method(i) => api.methods.get(i),
        MemberModelRef::Getter(i) => api.properties.get(i).and_then(|p| p.getter.as_ref()),
        MemberModelRef::Setter(i) => api.properties.get(i).and_then(|p| p.setter.as_ref()),
        MemberModelRef::EventAdd(i) => api.events.get(i).map(|e| &e.add),
        MemberModelRef::EventRemove(i) => api.events.get(i).map(|e| &e.remove),
    };
    let (Some(method), Some((rust_name, overloaded))) = (method, given.method(m.member)) else {
        return no_form("member not modeled");
    };
    let declared = match m.member {
        MemberModelRef::Getter(i) | MemberModelRef::Setter(i) => api
            .properties
            .get(i)
            .map(|p| csharp::accessor(o.t, p, method, matches!(m.member, MemberModelRef::Getter(_)))),
        MemberModelRef::EventAdd(i) | MemberModelRef::EventRemove(i) => {
            let verb = if matches!(m.member, MemberModelRef::EventAdd(_)) {
                "add"
            } else {
                "remove"
            };
            api.events
                .get(i)
                .map(|e| format!("{} {{ {verb}; }}", csharp::event(o.t, e)))
        }
        _ => None,
    }
    .unwrap_or_else(|| csharp::method(o.t, method));
    let mut item = plan_method(o, method, sig, rust_name.to_string(), (&m.display_name, &declared))?;
    item.overloaded = overloaded;
    // (Not for generic methods: the overload would have to name their type arguments.)
    if item.is_unsafe && method.generic_params.is_empty() {
        if let Some(pairs) = slice_pairs(method, &item.params) {
            // (A member named `<name>_slice` keeps its name: then there is no safe form.)
            let rust_name = format!("{}_slice", item.rust_name.trim_start_matches("r#"));
            let free = taken.insert(rust_name.clone());
            let names: Vec<String> = pairs
                .iter()
                .map(|&(p, l, _)| format!("`{}` with `{}`", item.params[p].name, item.params[l].name))
                .collect();
            let target = &item.rust_name;
            let doc = vec![
                format!("Safe form of [`Self::{target}`]: each slice stands for a pointer and its length ({}).", names.join(", ")),
                String::new(),
                "The method is trusted to access only as many elements as the length it is given, as its parameter names say."
                    .into(),
            ];
            if free {
                item.slice = Some(Box::new(SliceOverload { rust_name, pairs, doc }));
            }
        }
    }
    // (Generic methods too: the companion forwards its type parameters.)
    // (A member named `<name>_defaults` keeps its name: then there is no such companion.)
    let defaults_name = format!("{}_defaults", item.rust_name.trim_start_matches("r#"));
    if !taken.contains(&defaults_name) {
        item.defaults = super::defaults::plan(method, &item, || {
            taken.insert(defaults_name.clone());
            defaults_name
        })
        .map(Box::new);
    }
    // A delegate's `Invoke` also gives the typed closure constructor `from_fn`.
    let invoke = matches!(m.member, MemberModelRef::Method(_)) && method.name == "Invoke" && !method.is_static;
    // In a generic delegate's impl, for every type argument: the closure's values of a type
    // parameter are its `TypeArg::Output`s.
    if o.t.kind == TypeKind::Delegate && invoke {
        // A closure can't return a reference into managed memory.
        item.from_fn = Some(if sig.ret_by_ref {
            Err("its Invoke returns by reference".into())
        } else {
            callback::plan(o, method, sig, &item.params, &item.ret)
        });
    }
    Ok(Some(MemberItem::Method(Box::new(item))))
}

fn plan_method(
    o: &Owned,
    m: &MethodModel,
    sig: &SignatureClass,
    rust_name: String,
    (display, declared): (&str, &str),
) -> Decided<MethodItem> {
    if m.is_constructor {
        let why = if o.t.is_abstract {
            Some("constructor of an abstract class")
        } else if o.owner == Owner::Interface {
            Some("interface constructor")
        } else if o.t.kind == TypeKind::Delegate {
            // `.ctor(object, native int)` takes a raw method pointer: calling it with anything
            // but a real one would crash later. Rust closures become delegates through
            // `cilbind::Callback`.
            Some("delegates are made with cilbind::Callback")
        } else {
            None
        };
        if let Some(why) = why {
            return Err((SkipKind::Constructor, why.into()));
        }
    }
    let mut params = Vec::new();
    let mut mask: i64 = 0;
    // Parameters keep their .NET names in snake_case (a keyword as a raw identifier: `r#type`;
    // `self` as `self_`; `value_` beside a type `value`), given a trailing `_` when two
    // collide (`Value` and `value`). The generated body's own locals (`__this`, `__r`) are `__`-prefixed,
    // which no snake_case name is.
    let mut taken_params = BTreeSet::from(["this".to_string(), "__r".to_string()]);
    for (i, (p, c)) in m.params.iter().zip(&sig.params).enumerate() {
        let name = names::unique(
            o.res.binding_name(o.module, names::snake_case(&p.name)),
            &mut taken_params,
        );
        let pass = param_pass(o, c).map_err(|e| (SkipKind::NoRustForm, format!("parameter `{}`: {e}", p.name)))?;
        let by_pointer = match &pass {
            Pass::FullStruct(_) => true,
            // `ref`/`out` Nullable too: the trampoline's pointer is the reference.
            // A type parameter's value as well: Mono's thunk would want a box of a struct.
            Pass::ByRef { target, .. } => matches!(
                **target,
                Pass::FullStruct(_) | Pass::Nullable(_) | Pass::BlittableParam(_)
            ),
            _ => false,
        };
        if by_pointer {
            if i >= 59 {
                return no_form("more than 59 parameters");
            }
            mask |= 1 << i;
        }
        let params_array = p.is_params.then(|| params_array(&pass)).flatten();
        params.push(Param {
            name,
            pass,
            params_array,
        });
    }
    let ret = match &sig.ret {
        Crossing::ByRef { .. } => return no_form("return: ref returns are not bound"),
        c => o
            .res
            .pass(o.module, c)
            .map_err(|e| (SkipKind::NoRustForm, format!("return: {e}")))?,
    };
    let mut mut_reason = None;
    let receiver = match (m.is_static || m.is_constructor, o.owner) {
        (true, _) => Receiver::Static,
        (false, Owner::Class | Owner::Interface) => Receiver::Object,
        (false, Owner::ManagedStruct) => Receiver::StructBox,
        // A method whose IL never writes through `this` (read/this_writes.rs) works on a copy
        // and takes `&self`; one that may write takes `&mut self`, as in C#. Without IL to
        // read (extern, internal call), getters work on a copy (C# makes a defensive copy of
        // a readonly value too) and other methods take `&mut self`.
        (false, Owner::FullStruct) => match &m.this_access {
            ThisAccess::ReadOnly => Receiver::StructCopy,
            ThisAccess::Writes(why) => {
                mut_reason = Some(why.clone());
                Receiver::StructMut
            }
            ThisAccess::Unknown if m.name.starts_with("get_") => Receiver::StructCopy,
            ThisAccess::Unknown => {
                mut_reason = Some(if m.is_internal_call {
                    "an internal call: its Rust implementation gets `this` as `&mut`".into()
                } else {
                    "it has no IL to read (extern, runtime-implemented) and is no getter".into()
                });
                Receiver::StructMut
            }
        },
    };
    if matches!(receiver, Receiver::StructCopy | Receiver::StructMut) {
        mask |= THIS_BY_POINTER;
    }
    let ret = match (m.is_constructor, o.owner) {
        (true, Owner::FullStruct) => Ret::FullStructCtor,
        // A managed struct's constructor returns the new value boxed: its references must
        // not be written to native memory.
        (true, Owner::ManagedStruct) => {
            mask |= RETURN_BOXED;
            Ret::ManagedStructCtor
        }
        (true, _) => Ret::ClassCtor,
        (false, _) => {
            if matches!(ret, Pass::FullStruct(_)) {
                mask |= RETURN_BY_POINTER;
            }
            // A `ref` return is copied out by the trampoline: Rust gets the value.
            if sig.ret_by_ref {
                mask |= RETURN_DEREF;
            }
            let reference = matches!(
                ret,
                Pass::String | Pass::Handle(_) | Pass::ObjectArray(_) | Pass::BlittableArray { .. }
            );
            if m.ret_non_null && reference {
                Ret::NonNull(ret)
            } else {
                Ret::Value(ret)
            }
        }
    };
    let names = ParamNames {
        of_type: o.type_params,
        of_method: &m.generic_params,
    };
    let cli_params = cli_params(m, o.type_params)?;
    let ret_name = cli_name(&m.ret, names);
    let lookup_return = shares_parameters(o.t, m, &cli_params, o.type_params)
        .then(|| ret_name.clone())
        .flatten();
    let cli_return = ret_name.unwrap_or_default();
    // The function database's signature and ID, written by `cilbind-abi` as the runtime's
    // are (`[Assembly]Type::Name(Params)->Return`).
    let declaring = cli_name(&o.ty, names).unwrap_or_default();
    let db_signature = MethodSignature {
        assembly: &o.t.path.assembly,
        declaring_type: DeclaringType::Spelled(&declaring),
        name: &m.name,
        params: &cli_params,
        ret: &cli_return,
    };
    let (signature, function_id) = (db_signature.text(), db_signature.id().0);
    let this = usize::from(!matches!(receiver, Receiver::Static));
    if this + params.len() > MAX_ARGS {
        return Err((
            SkipKind::TooManyArguments,
            format!("more than {MAX_ARGS} native arguments"),
        ));
    }
    let net_signature = signature_text(o.t, m);
    let mut doc = vec![format!("Binds `{declared}` of `{}`.", csharp::owner_name(o))];
    if sig.ret_by_ref {
        doc.push(String::new());
        doc.push(
            "Returns a copy of the value the `ref` result points at (read before the call returns): \
             writing to it does not change the managed location."
                .into(),
        );
    }
    if m.is_virtual && !m.is_static {
        doc.push(String::new());
        doc.push("Virtual: dispatches on the object's runtime type.".into());
    }
    let is_unsafe = params.iter().any(|p| matches!(p.pass, Pass::Pointer(_)));
    // Spans are made by a trampoline (`span::span_mask`).
    let spans = params.iter().any(|p| matches!(p.pass, Pass::Span { .. }));
    if is_unsafe {
        let pointers: Vec<String> = params
            .iter()
            .filter(|p| matches!(p.pass, Pass::Pointer(_)))
            .map(|p| format!("`{}`", p.name))
            .collect();
        doc.push(String::new());
        doc.push("# Safety".into());
        doc.push(String::new());
        doc.push(format!(
            "The method reads and writes through {} without bounds checks: the caller guarantees that every access the method makes stays in valid, live memory of the pointed-to type for the duration of the call.",
            pointers.join(", ")
        ));
    }
    Ok(MethodItem {
        item: display.to_string(),
        function_id,
        signature,
        rust_name,
        metadata_name: m.name.clone(),
        lookup_return,
        cli_return,
        cli_params,
        doc,
        receiver,
        mut_reason,
        params,
        ret,
        trampoline: mask != 0 || m.is_constructor || spans,
        mask,
        public: o.owner != Owner::Interface,
        from_fn: None,
        generic: !o.type_params.is_empty(),
        method_type_params: (0..m.generic_params.len())
            .map(|i| type_param_name(GenericParam::Method(i)))
            .collect(),
        is_unsafe,
        slice: None,
        defaults: None,
        overloaded: false,
        net_signature,
        csharp: vec![declared.to_string()],
        translation: None,
    })
}

/// A parameter's crossing, refusing the by-ref forms the runtime has no slot for.
fn param_pass(o: &Owned, c: &Crossing) -> Result<Pass, String> {
    match c {
        Crossing::Void => Err("a void parameter".into()),
        Crossing::ByRef { target, pass } => match **target {
            Crossing::ManagedStruct(_) => o.res.pass(o.module, c),
            // `out T` is part of the result (`cilbind::TypeArg::from_slot`); a generic
            // method's `ref T` is `&mut T::Output`, copied into the type argument's slot
            // (`TypeArg::ref_slot`) and back. A `ref T0` of the declaring type would need the
            // same write-back in a Rust implementation's base calls, which have none.
            Crossing::TypeParam(GenericParam::Type(_)) if *pass != PassMode::Out => {
                Err("ref/in of a type parameter of the declaring type is not bound yet".into())
            }
            Crossing::Span { .. } => Err("ref/out of a span is not bound".into()),
            Crossing::Void | Crossing::ByRef { .. } => Err("ref/out of this type is not bound yet".into()),
            _ => o.res.pass(o.module, c),
        },
        _ => o.res.pass(o.module, c),
    }
}

/// True when another method that `t` declares has `m`'s name and parameter types (as Mono
/// names them): they differ only by return type, which C# allows for the conversion operators
/// `op_Explicit`/`op_Implicit` (ECMA-335 I.10.2, CLS rule 38). The runtime refuses such a
/// lookup as ambiguous unless the `MethodRef` names the return type. Generic method
/// definitions do not count: the runtime's lookup never matches them (`Class::method`). (Members
/// the model does not hold, private and internal ones, cannot be compared here: should one
/// clash, the runtime's lookup is an error naming both, never a silent pick.)
fn shares_parameters(t: &TypeModel, m: &MethodModel, params: &[String], type_params: &[String]) -> bool {
    let Some(api) = t.api.as_ref() else {
        return false;
    };
    let accessors = api
        .properties
        .iter()
        .flat_map(|p| [p.getter.as_ref(), p.setter.as_ref()])
        .chain(api.events.iter().flat_map(|e| [Some(&e.add), Some(&e.remove)]))
        .flatten();
    api.methods
        .iter()
        .chain(accessors)
        .filter(|other| {
            other.name == m.name
                && other.params.len() == params.len()
                && other.generic_params.len() == m.generic_params.len()
        })
        .filter(|other| cli_params(other, type_params).is_ok_and(|p| p == params))
        .count()
        > 1
}

/// The names of a method's parameter types, as `cilbind-abi` spells them, for `MethodRef`.
pub(super) fn cli_params(m: &MethodModel, type_params: &[String]) -> Decided<Vec<String>> {
    m.params
        .iter()
        .map(|p| {
            let ty = if p.pass == PassMode::Value {
                p.ty.clone()
            } else {
                Ty::ByRef(Box::new(p.ty.clone()))
            };
            let names = ParamNames {
                of_type: type_params,
                of_method: &m.generic_params,
            };
            cli_name(&ty, names)
                .ok_or_else(|| (SkipKind::NoRustForm, format!("parameter `{}` of type {}", p.name, p.ty)))
        })
        .collect()
}

/// The C#-like signature in a method's doc. Types that mention type parameters are spelled
/// with the parameters' names (`List<T>`, not ``List`1<!0>``), and a generic method shows
/// its own (`DeserializeObject<T>`).
pub(super) fn signature_text(t: &TypeModel, m: &MethodModel) -> String {
    let names = ParamNames {
        of_type: &t.generic_params,
        of_method: &m.generic_params,
    };
    let spell = |ty: &Ty| match ty.first_generic_param() {
        Some(_) => cli_name(ty, names).unwrap_or_else(|| ty.to_string()),
        None => ty.to_string(),
    };
    let params: Vec<String> = m
        .params
        .iter()
        .map(|p| {
            let pass = match p.pass {
                PassMode::Value => "",
                PassMode::Ref => "ref ",
                PassMode::Out => "out ",
                PassMode::In => "in ",
            };
            format!("{pass}{} {}", spell(&p.ty), p.name)
        })
        .collect();
    let ret = if m.is_constructor {
        String::new()
    } else {
        format!("{} ", spell(&m.ret))
    };
    let generics = if m.generic_params.is_empty() {
        String::new()
    } else {
        format!("<{}>", m.generic_params.join(", "))
    };
    format!(
        "{}{ret}{}.{}{generics}({})",
        if m.is_static { "static " } else { "" },
        t.path.metadata_name,
        m.name,
        params.join(", ")
    )
}
