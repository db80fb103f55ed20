//! Members: constructors, methods, property accessors and fields, as Rust functions over the
//! runtime's raw-call shim (`MethodRef::thunk().call(...)`) and `FieldRef`.
//!
//! How values cross (`Crossing` → Rust):
//!
//! | .NET | parameter | return |
//! |---|---|---|
//! | primitive | itself (`bool`, `::cilbind::Char` for `char`) | itself |
//! | enum | the enum's newtype / bitflags type | same |
//! | full struct | `&S` (by pointer through a trampoline: never boxed) | `S` (through a pointer) |
//! | managed struct | `&S` (its box) | `S` |
//! | class, interface, object | `Option<&impl Is<T>>` (`None` is null) | `Option<T>` |
//! | string | `Option<&str>` | `Option<String>` |
//! | array of primitives, enums, full structs | `Option<&[T]>` (copied) | `Option<Vec<T>>` |
//! | array of references | `Option<&ObjectArray<T>>` | `Option<ObjectArray<T>>` |
//! | `ref` | `&mut T` (objects: `&mut Option<T>`) | |
//! | `out` | | appended to the result: `(ret, out1, …)` |
//!
//! Names: snake_case; property getters take the property's name (`radius`), setters `set_`
//! it; overloads and clashes get `_2`, `_3`, … in metadata order; constructors are `new`.

use std::collections::BTreeSet;

use super::types::{mono_name, primitive_stored, primitive_value, type_ref_static};
use super::{doc, names, EmitCx};
use crate::classify::{ArrayElement, ClassifiedMember, ClassifiedType, Crossing, SignatureClass};
use crate::model::{ConstValue, MemberModelRef, MethodModel, ParamModel, PassMode, Primitive, Ty, TypeModel};

/// `rust`, or the reason a member using `ty` can't be bound.
fn bound(rust: Option<String>, ty: impl std::fmt::Display) -> Result<String, String> {
    rust.ok_or_else(|| format!("{ty} has no Rust binding"))
}

/// Trampoline mask bits, as `cilbind::{THIS_BY_POINTER, RETURN_BY_POINTER, RETURN_BOXED}`
/// define them (and `Cilbind.Trampolines` in the runtime's C# helper); bit `i < 60` passes
/// parameter `i` by pointer.
const THIS_BY_POINTER: u64 = 1 << 62;
const RETURN_BY_POINTER: u64 = 1 << 61;
const RETURN_BOXED: u64 = 1 << 60;

/// The mask as generated code spells it: the runtime's named flags, then the parameter bits.
fn mask_expr(mask: u64) -> String {
    let mut parts = Vec::new();
    for (bit, name) in [
        (THIS_BY_POINTER, "THIS_BY_POINTER"),
        (RETURN_BY_POINTER, "RETURN_BY_POINTER"),
        (RETURN_BOXED, "RETURN_BOXED"),
    ] {
        if mask & bit != 0 {
            parts.push(format!("::cilbind::{name}"));
        }
    }
    let params = mask & (RETURN_BOXED - 1);
    if params != 0 || parts.is_empty() {
        parts.push(format!("{params:#b}"));
    }
    parts.join(" | ")
}

/// The runtime's largest argument tuple (`this` included).
const MAX_ARGS: usize = 18;

/// What kind of type the members belong to (it decides how `this` is passed).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum MemberOwner {
    /// A class or delegate: `this` is the handle.
    Class,
    /// An interface: members go to an extension trait over `Is<I>`.
    Interface,
    /// A full struct: `this` is a pointer to the Rust value (trampoline).
    FullStruct,
    /// A managed struct: `this` is its box.
    ManagedStruct,
}

/// A member that could not be emitted, for the summary.
pub(crate) struct Skipped {
    pub display_name: String,
    pub reason: String,
}

/// Emits every member of the bound type `t` (an `impl` block, or a trait for interfaces),
/// with a comment for each member that is skipped and why.
pub(super) fn emit_members(cx: &EmitCx, t: &TypeModel, bound: &ClassifiedType, owner: MemberOwner) -> String {
    let name = &cx.names[&t.path].1;
    emit_members_of(cx, t, &bound.members, owner, name, &type_ref_static(name))
}

/// Emits `members` of `t` into `impl {self_ty}` (or an extension trait for interfaces), with
/// the type's class from the static `TypeRef` named `type_ref`.
pub(super) fn emit_members_of(
    cx: &EmitCx,
    t: &TypeModel,
    members: &[ClassifiedMember],
    owner: MemberOwner,
    name: &str,
    type_ref: &str,
) -> String {
    let module = &cx.names[&t.path].0;
    let mut taken = BTreeSet::new();
    let mut items = String::new();
    let mut consts = String::new();
    for m in members {
        let result = match &m.binding {
            Err(u) => Err(u.to_string()),
            Ok(sig) => emit_member(cx, module, t, m, sig, owner, type_ref, &mut taken, &mut consts),
        };
        // A delegate's `Invoke` also gives the typed closure constructor `from_fn`.
        let result = match (&m.binding, m.member) {
            (Ok(sig), MemberModelRef::Method(i)) if t.kind == crate::model::TypeKind::Delegate => {
                let invoke = t
                    .api
                    .as_ref()
                    .map(|a| &a.methods[i])
                    .filter(|m| m.name == "Invoke" && !m.is_static);
                match (result, invoke) {
                    (Ok(code), Some(invoke)) => match super::delegate::from_fn(cx, module, invoke, sig) {
                        Ok(from_fn) => Ok(code + &from_fn),
                        Err(why) => {
                            Ok(code + &cx.comment(&format!("no `from_fn` for `{}`: {why}", t.path.metadata_name)))
                        }
                    },
                    (result, _) => result,
                }
            }
            _ => result,
        };
        match result {
            Ok(code) => items.push_str(&code),
            Err(reason) => {
                items.push_str(&cx.comment(&format!("skipped `{}`: {}", m.display_name, reason.replace('\n', " "))));
                cx.skipped.borrow_mut().push(Skipped {
                    display_name: m.display_name.clone(),
                    reason,
                });
            }
        }
    }
    let mut out = String::new();
    if !consts.is_empty() {
        out.push_str(&format!("impl {name} {{\n{consts}}}\n"));
    }
    if owner == MemberOwner::Interface {
        let trait_name = format!("{}Ext", name.trim_start_matches("r#"));
        out.push_str(&doc(&format!(
            "The methods of the .NET interface `{}`, for every type that implements it.",
            t.path.metadata_name
        )));
        out.push_str(&format!(
            "pub trait {trait_name}: ::cilbind::Is<{name}> {{\n{items}}}\n\
             impl<T: ::cilbind::Is<{name}>> {trait_name} for T {{}}\n"
        ));
    } else {
        out.push_str(&format!("impl {name} {{\n{items}}}\n"));
    }
    out
}

/// One parameter's part of a call.
#[derive(Default)]
struct ParamPlan {
    /// `name: Type` in the Rust signature (absent for `out`).
    rust_param: Option<String>,
    /// Statements before the call.
    pre: Vec<String>,
    /// The argument expression in the call tuple.
    arg: String,
    /// `(expression, type)` added to the result, for `out`.
    out: Option<(String, String)>,
    /// Passed by pointer (sets the parameter's trampoline bit).
    by_pointer: bool,
}

#[allow(clippy::too_many_arguments)]
fn emit_member(
    cx: &EmitCx,
    module: &[String],
    t: &TypeModel,
    m: &ClassifiedMember,
    sig: &SignatureClass,
    owner: MemberOwner,
    type_ref: &str,
    taken: &mut BTreeSet<String>,
    consts: &mut String,
) -> Result<String, String> {
    let api = t.api.as_ref().ok_or("type has no members modeled")?;
    match m.member {
        MemberModelRef::Field(i) => emit_field(cx, module, t, i, sig, owner, type_ref, taken, consts),
        MemberModelRef::Method(i) => {
            let method = &api.methods[i];
            let rust = if method.is_constructor {
                "new".to_string()
            } else {
                names::snake_case(&method.name)
            };
            emit_method(
                cx,
                module,
                t,
                method,
                sig,
                owner,
                type_ref,
                names::unique(rust, taken),
                &m.display_name,
            )
        }
        MemberModelRef::Getter(i) => {
            let p = &api.properties[i];
            let method = p.getter.as_ref().ok_or("property has no getter")?;
            let rust = names::unique(names::snake_case(&p.name), taken);
            emit_method(cx, module, t, method, sig, owner, type_ref, rust, &m.display_name)
        }
        MemberModelRef::Setter(i) => {
            let p = &api.properties[i];
            let method = p.setter.as_ref().ok_or("property has no setter")?;
            let rust = names::unique(
                format!("set_{}", names::snake_case(&p.name).trim_start_matches("r#")),
                taken,
            );
            emit_method(cx, module, t, method, sig, owner, type_ref, rust, &m.display_name)
        }
        MemberModelRef::EventAdd(i) | MemberModelRef::EventRemove(i) => {
            let e = &api.events[i];
            let (verb, method) = match m.member {
                MemberModelRef::EventAdd(_) => ("add", &e.add),
                _ => ("remove", &e.remove),
            };
            let event = names::snake_case(&e.name);
            let rust = names::unique(format!("{verb}_{}", event.trim_start_matches("r#")), taken);
            emit_method(cx, module, t, method, sig, owner, type_ref, rust, &m.display_name)
        }
    }
}

/// The Rust value type of a by-value crossing in a signature, with how to pass it.
fn value_param(cx: &EmitCx, module: &[String], name: &str, c: &Crossing) -> Result<ParamPlan, String> {
    let mut p = ParamPlan::default();
    match c {
        Crossing::Primitive(prim) => {
            p.rust_param = Some(format!("{name}: {}", primitive_value(*prim)));
            p.arg = name.to_string();
        }
        Crossing::Enum { ty, flags, .. } => {
            let rust = bound(cx.path_from(module, ty), ty)?;
            p.rust_param = Some(format!("{name}: {rust}"));
            p.arg = if *flags {
                format!("{name}.bits()")
            } else {
                format!("{name}.0")
            };
        }
        Crossing::FullStruct(ty) => {
            let rust = bound(cx.blittable_element(module, ty), ty)?;
            p.rust_param = Some(format!("{name}: &{rust}"));
            p.arg = format!("::cilbind::In({name})");
            p.by_pointer = true;
        }
        Crossing::ManagedStruct(ty) => {
            let rust = bound(cx.handle_type(module, ty), ty)?;
            p.rust_param = Some(format!("{name}: &{rust}"));
            p.arg = format!("&{name}.0");
        }
        Crossing::Handle { ty, .. } => {
            let rust = bound(cx.handle_type(module, ty), ty)?;
            p.rust_param = Some(format!("{name}: ::core::option::Option<&impl ::cilbind::Is<{rust}>>"));
            p.arg = format!("{name}.map(::cilbind::Reference::as_object)");
        }
        Crossing::String => {
            p.rust_param = Some(format!("{name}: ::core::option::Option<&str>"));
            p.arg = name.to_string();
        }
        Crossing::Array { ty, element } => match element {
            ArrayElement::Object(_) => {
                let rust = bound(cx.handle_type(module, ty), ty)?;
                p.rust_param = Some(format!("{name}: ::core::option::Option<&{rust}>"));
                p.arg = name.to_string();
            }
            _ => {
                let Ty::SzArray(e) = ty else {
                    return Err(format!("{ty} is not a vector"));
                };
                let elem = bound(cx.blittable_element(module, e), e)?;
                p.rust_param = Some(format!("{name}: ::core::option::Option<&[{elem}]>"));
                p.pre.push(format!(
                    "let {name} = {name}.map(::cilbind::Array::<{elem}>::from_slice).transpose()?;"
                ));
                p.arg = format!("{name}.as_ref()");
            }
        },
        Crossing::Void => return Err("a void parameter".into()),
        Crossing::ByRef { .. } => return Err("a reference to a reference".into()),
    }
    Ok(p)
}

/// A `ref`/`out`/`in` parameter.
fn byref_param(
    cx: &EmitCx,
    module: &[String],
    name: &str,
    pass: PassMode,
    target: &Crossing,
) -> Result<ParamPlan, String> {
    let mut p = ParamPlan::default();
    // The Rust type of the slot and the argument wrapping `&mut slot`.
    let (slot_ty, wrap, init, by_pointer) = match target {
        Crossing::Primitive(prim) => (
            primitive_stored(*prim).to_string(),
            "::cilbind::Out",
            "::cilbind::generated::zeroed()".to_string(),
            false,
        ),
        Crossing::Enum { ty, .. } => {
            let rust = bound(cx.path_from(module, ty), ty)?;
            (rust, "::cilbind::Out", "::cilbind::generated::zeroed()".into(), false)
        }
        Crossing::FullStruct(ty) => {
            let rust = bound(cx.blittable_element(module, ty), ty)?;
            (rust, "::cilbind::Out", "::cilbind::generated::zeroed()".into(), true)
        }
        Crossing::String => (
            "::core::option::Option<::std::string::String>".into(),
            "::cilbind::RefString",
            "None".into(),
            false,
        ),
        Crossing::Handle { ty, .. } => {
            let rust = bound(cx.handle_type(module, ty), ty)?;
            (
                format!("::core::option::Option<{rust}>"),
                "::cilbind::RefObject",
                "None".into(),
                false,
            )
        }
        Crossing::ManagedStruct(ty) => {
            // The callee writes into the box itself: pass the struct's handle.
            let rust = bound(cx.handle_type(module, ty), ty)?;
            p.arg = format!("&{name}.0");
            if pass == PassMode::Out {
                p.pre.push(format!("let {name} = {rust}::default_value()?;"));
                p.out = Some((name.to_string(), rust));
            } else {
                p.rust_param = Some(format!("{name}: &{rust}"));
            }
            return Ok(p);
        }
        other => return Err(format!("ref/out of {} is not bound yet", crossing_name(other))),
    };
    p.by_pointer = by_pointer;
    if pass == PassMode::Out {
        p.pre.push(format!("let mut {name}: {slot_ty} = {init};"));
        p.arg = format!("{wrap}(&mut {name})");
        p.out = Some((name.to_string(), slot_ty));
    } else {
        p.rust_param = Some(format!("{name}: &mut {slot_ty}"));
        p.arg = format!("{wrap}({name})");
    }
    Ok(p)
}

fn crossing_name(c: &Crossing) -> &'static str {
    match c {
        Crossing::ManagedStruct(_) => "a managed struct",
        Crossing::Array { .. } => "an array",
        _ => "this type",
    }
}

/// The Rust result type of a return crossing, the type the raw call returns, how to convert,
/// and whether it comes back through a pointer (full structs).
struct RetPlan {
    rust: Option<String>,
    raw: String,
    convert: String,
    sret: bool,
}

fn ret_plan(cx: &EmitCx, module: &[String], c: &Crossing) -> Result<RetPlan, String> {
    let plain = |rust: String| RetPlan {
        rust: Some(rust.clone()),
        raw: rust,
        convert: "__r".into(),
        sret: false,
    };
    Ok(match c {
        Crossing::Void => RetPlan {
            rust: None,
            raw: "()".into(),
            convert: "__r".into(),
            sret: false,
        },
        Crossing::Primitive(p) => plain(primitive_value(*p).to_string()),
        Crossing::Enum { ty, underlying, flags } => {
            let rust = bound(cx.path_from(module, ty), ty)?;
            let raw = super::rust_primitive(*underlying).to_string();
            let convert = if *flags {
                format!("{rust}::from_bits_retain(__r)")
            } else {
                format!("{rust}(__r)")
            };
            RetPlan {
                rust: Some(rust),
                raw,
                convert,
                sret: false,
            }
        }
        Crossing::FullStruct(ty) => {
            let rust = bound(cx.blittable_element(module, ty), ty)?;
            RetPlan {
                rust: Some(rust.clone()),
                raw: rust,
                convert: "__r".into(),
                sret: true,
            }
        }
        Crossing::ManagedStruct(ty) => {
            let rust = bound(cx.handle_type(module, ty), ty)?;
            RetPlan {
                rust: Some(rust.clone()),
                raw: format!("::cilbind::StructHandle<{rust}>"),
                convert: format!("{rust}(__r)"),
                sret: false,
            }
        }
        Crossing::Handle { ty, .. } => {
            let rust = bound(cx.handle_type(module, ty), ty)?;
            plain(format!("::core::option::Option<{rust}>"))
        }
        Crossing::String => plain("::core::option::Option<::std::string::String>".into()),
        Crossing::Array { ty, element } => {
            let handle = bound(cx.handle_type(module, ty), ty)?;
            match element {
                ArrayElement::Object(_) => plain(format!("::core::option::Option<{handle}>")),
                _ => {
                    let Ty::SzArray(e) = ty else {
                        return Err(format!("{ty} is not a vector"));
                    };
                    let elem = bound(cx.blittable_element(module, e), e)?;
                    RetPlan {
                        rust: Some(format!("::core::option::Option<::std::vec::Vec<{elem}>>")),
                        raw: format!("::core::option::Option<{handle}>"),
                        convert: "__r.map(|a| a.to_vec()).transpose()?".into(),
                        sret: false,
                    }
                }
            }
        }
        Crossing::ByRef { .. } => return Err("ref returns are not bound".into()),
    })
}

/// Mono's names of a method's parameter types, for `MethodRef`.
fn mono_params(params: &[ParamModel]) -> Result<String, String> {
    let names: Result<Vec<String>, String> = params
        .iter()
        .map(|p| {
            let ty = if p.pass == PassMode::Value {
                p.ty.clone()
            } else {
                Ty::ByRef(Box::new(p.ty.clone()))
            };
            mono_name(&ty)
                .map(|n| format!("{n:?}"))
                .ok_or_else(|| format!("parameter `{}` of type {}", p.name, p.ty))
        })
        .collect();
    Ok(names?.join(", "))
}

fn signature_text(t: &TypeModel, m: &MethodModel) -> String {
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
            format!("{pass}{} {}", p.ty, p.name)
        })
        .collect();
    let ret = if m.is_constructor {
        String::new()
    } else {
        format!("{} ", m.ret)
    };
    format!(
        "{}{ret}{}.{}({})",
        if m.is_static { "static " } else { "" },
        t.path.metadata_name,
        m.name,
        params.join(", ")
    )
}

#[allow(clippy::too_many_arguments)]
fn emit_method(
    cx: &EmitCx,
    module: &[String],
    t: &TypeModel,
    m: &MethodModel,
    sig: &SignatureClass,
    owner: MemberOwner,
    type_ref: &str,
    rust_name: String,
    display: &str,
) -> Result<String, String> {
    if m.is_constructor && t.is_abstract {
        return Err("constructor of an abstract class".into());
    }
    if m.is_constructor && owner == MemberOwner::Interface {
        return Err("interface constructor".into());
    }
    if m.is_constructor && t.kind == crate::model::TypeKind::Delegate {
        // `.ctor(object, native int)` takes a raw method pointer: calling it with anything
        // but a real one would crash later. Rust closures become delegates through
        // `cilbind::Callback`.
        return Err("delegates are made with cilbind::Callback".into());
    }
    let mut plans = Vec::new();
    for (i, (p, c)) in m.params.iter().zip(&sig.params).enumerate() {
        let pname = names::unique(names::snake_case(&p.name), &mut BTreeSet::from(["this".to_string()]));
        let pname = if pname.starts_with("r#") || pname == "self_" {
            format!("arg{i}")
        } else {
            pname
        };
        let plan = match c {
            Crossing::ByRef { pass, target } => byref_param(cx, module, &pname, *pass, target),
            other => value_param(cx, module, &pname, other),
        }
        .map_err(|e| format!("parameter `{}`: {e}", p.name))?;
        plans.push(plan);
    }
    let ret = ret_plan(cx, module, &sig.ret).map_err(|e| format!("return: {e}"))?;
    let mut mask: u64 = 0;
    for (i, p) in plans.iter().enumerate() {
        if p.by_pointer {
            if i >= 60 {
                return Err("more than 60 parameters".into());
            }
            mask |= 1 << i;
        }
    }
    // `this`.
    let (receiver, this_arg, this_pre) = match (m.is_static || m.is_constructor, owner) {
        (true, _) => (None, None, None),
        (false, MemberOwner::Class | MemberOwner::Interface) => (
            Some("&self"),
            Some("::cilbind::Reference::as_object(self)".to_string()),
            None,
        ),
        (false, MemberOwner::ManagedStruct) => (Some("&self"), Some("&self.0".to_string()), None),
        (false, MemberOwner::FullStruct) => {
            mask |= THIS_BY_POINTER;
            // Getters work on a copy (C# would make a defensive copy of a readonly value too);
            // other methods may mutate the value, as in C#.
            if m.name.starts_with("get_") {
                (
                    Some("&self"),
                    Some("::cilbind::Out(&mut this)".to_string()),
                    Some("let mut this = *self;".to_string()),
                )
            } else {
                (Some("&mut self"), Some("::cilbind::Out(self)".to_string()), None)
            }
        }
    };
    let struct_ctor = m.is_constructor && owner == MemberOwner::FullStruct;
    // A managed struct's constructor returns the new value boxed: its references must not be
    // written to native memory.
    let boxed_ctor = m.is_constructor && owner == MemberOwner::ManagedStruct;
    if boxed_ctor {
        mask |= RETURN_BOXED;
    }
    if ret.sret {
        mask |= RETURN_BY_POINTER;
    }
    let trampoline = mask != 0 || m.is_constructor;
    let method_ref = if trampoline {
        format!(
            "::cilbind::MethodRef::by_pointer(&{type_ref}, {:?}, &[{}], {})",
            m.name,
            mono_params(&m.params)?,
            mask_expr(mask)
        )
    } else {
        format!(
            "::cilbind::MethodRef::new(&{type_ref}, {:?}, &[{}])",
            m.name,
            mono_params(&m.params)?
        )
    };
    // Rust signature.
    let mut params: Vec<String> = receiver.iter().map(|r| r.to_string()).collect();
    params.extend(plans.iter().filter_map(|p| p.rust_param.clone()));
    let outs: Vec<&(String, String)> = plans.iter().filter_map(|p| p.out.as_ref()).collect();
    let ret_rust = if m.is_constructor {
        Some("Self".to_string())
    } else {
        ret.rust.clone()
    };
    let mut result_types: Vec<String> = ret_rust.iter().cloned().collect();
    result_types.extend(outs.iter().map(|(_, ty)| ty.clone()));
    let result_ty = match result_types.len() {
        0 => "()".to_string(),
        1 => result_types[0].clone(),
        _ => format!("({})", result_types.join(", ")),
    };
    // Body.
    let mut body = String::new();
    body.push_str(&format!("static M: ::cilbind::MethodRef = {method_ref};\n"));
    if let Some(pre) = this_pre {
        body.push_str(&pre);
        body.push('\n');
    }
    for p in &plans {
        for s in &p.pre {
            body.push_str(s);
            body.push('\n');
        }
    }
    let mut args: Vec<String> = this_arg.into_iter().collect();
    if args.len() + plans.len() > MAX_ARGS {
        return Err(format!("more than {MAX_ARGS} native arguments"));
    }
    args.extend(plans.iter().map(|p| p.arg.clone()));
    let tuple = if args.len() == 1 {
        format!("({},)", args[0])
    } else {
        format!("({})", args.join(", "))
    };
    let (call, raw_ty, convert) = if struct_ctor {
        ("call_sret", "Self".to_string(), "__r".to_string())
    } else if boxed_ctor {
        (
            "call",
            "::cilbind::StructHandle<Self>".to_string(),
            "Self(__r)".to_string(),
        )
    } else if m.is_constructor {
        (
            "call",
            "::core::option::Option<::cilbind::Object>".to_string(),
            "<Self as ::cilbind::Reference>::from_object(__r.ok_or_else(|| ::cilbind::Error::NullReference(\"a constructor returned null\".into()))?)?".to_string(),
        )
    } else if ret.sret {
        ("call_sret", ret.raw.clone(), ret.convert.clone())
    } else {
        ("call", ret.raw.clone(), ret.convert.clone())
    };
    body.push_str(&format!("let __r: {raw_ty} = M.thunk()?.{call}({tuple})?;\n"));
    let mut results: Vec<String> = Vec::new();
    if ret_rust.is_some() {
        results.push(convert);
    } else {
        body.push_str("let () = __r;\n");
    }
    results.extend(outs.iter().map(|(name, _)| name.clone()));
    let value = match results.len() {
        0 => "()".to_string(),
        1 => results[0].clone(),
        _ => format!("({})", results.join(", ")),
    };
    body.push_str(&format!("Ok({value})\n"));
    let vis = if owner == MemberOwner::Interface { "" } else { "pub " };
    let mut out = doc(&format!("Binds `{}` (`{display}`).", signature_text(t, m)));
    if m.is_virtual && !m.is_static {
        out.push_str("///\n/// Virtual: dispatches on the object's runtime type.\n");
    }
    out.push_str(&format!(
        "{vis}fn {rust_name}({}) -> ::cilbind::Result<{result_ty}> {{\n{body}}}\n",
        params.join(", ")
    ));
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
fn emit_field(
    cx: &EmitCx,
    module: &[String],
    t: &TypeModel,
    index: usize,
    sig: &SignatureClass,
    owner: MemberOwner,
    type_ref: &str,
    taken: &mut BTreeSet<String>,
    consts: &mut String,
) -> Result<String, String> {
    let f = &t.fields[index];
    let display = format!("{}.{}", t.path.metadata_name, f.name);
    if f.is_literal {
        let value = f.constant.as_ref().ok_or("const field without a value")?;
        let (ty, expr) = const_item(cx, module, &sig.ret, value)?;
        let cname = names::screaming_snake_case(&f.name);
        consts.push_str(&doc(&format!("The .NET constant `{display}`.")));
        consts.push_str(&format!("pub const {cname}: {ty} = {expr};\n"));
        return Ok(String::new());
    }
    if !f.is_static && owner == MemberOwner::FullStruct {
        // Instance fields of a full struct are the Rust struct's own fields.
        return Ok(String::new());
    }
    if owner == MemberOwner::Interface {
        return Err("interface field".into());
    }
    let owner_expr = match (f.is_static, owner) {
        (true, _) => "None",
        (false, MemberOwner::ManagedStruct) => "Some(&self.0)",
        (false, _) => "Some(self)",
    };
    let receiver = if f.is_static { "" } else { "&self" };
    let sep = if f.is_static { "" } else { ", " };
    let getter = names::unique(names::snake_case(&f.name), taken);
    let setter = names::unique(
        format!("set_{}", names::snake_case(&f.name).trim_start_matches("r#")),
        taken,
    );
    let field_ref = format!(
        "static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(&{type_ref}, {:?});",
        f.name
    );
    // (getter return type, getter expression, setter parameter type, setter expression)
    let (get_ty, get_expr, set_ty, set_expr) = match &sig.ret {
        Crossing::Primitive(p) => {
            let stored = primitive_stored(*p);
            let value = primitive_value(*p);
            let (get, set) = match p {
                Primitive::Bool => ("__r.get()", "::cilbind::Boolean::new(value)"),
                _ => ("__r", "value"),
            };
            (
                value.to_string(),
                format!("{{ let __r: {stored} = F.get({owner_expr})?; {get} }}"),
                value.to_string(),
                format!("F.set({owner_expr}, {set})"),
            )
        }
        Crossing::Enum { ty, .. } | Crossing::FullStruct(Ty::Named { path: ty, .. }) => {
            let rust = bound(cx.path_from(module, ty), ty)?;
            (
                rust.clone(),
                format!("F.get::<{rust}>({owner_expr})?"),
                rust,
                format!("F.set({owner_expr}, value)"),
            )
        }
        Crossing::String => (
            "::core::option::Option<::std::string::String>".into(),
            format!("F.get_string({owner_expr})?"),
            "::core::option::Option<&str>".into(),
            format!("F.set_string({owner_expr}, value)"),
        ),
        Crossing::Handle { ty, .. }
        | Crossing::Array {
            ty,
            element: ArrayElement::Object(_),
        } => {
            let rust = bound(cx.handle_type(module, ty), ty)?;
            (
                format!("::core::option::Option<{rust}>"),
                format!("F.get_object::<{rust}>({owner_expr})?"),
                format!("::core::option::Option<&{rust}>"),
                format!("F.set_object({owner_expr}, value)"),
            )
        }
        Crossing::ManagedStruct(ty) => {
            let rust = bound(cx.handle_type(module, ty), ty)?;
            (
                rust.clone(),
                format!("{rust}(F.get_struct::<{rust}>({owner_expr})?)"),
                format!("&{rust}"),
                format!("F.set_struct({owner_expr}, &value.0)"),
            )
        }
        Crossing::Array { ty: Ty::SzArray(e), .. } => {
            let elem = bound(cx.blittable_element(module, e), e)?;
            (
                format!("::core::option::Option<::std::vec::Vec<{elem}>>"),
                format!("F.get_object::<::cilbind::Array<{elem}>>({owner_expr})?.map(|a| a.to_vec()).transpose()?"),
                format!("::core::option::Option<&[{elem}]>"),
                format!(
                    "let value = value.map(::cilbind::Array::<{elem}>::from_slice).transpose()?;\nF.set_object({owner_expr}, value.as_ref())"
                ),
            )
        }
        other => return Err(format!("fields holding {} are not bound yet", crossing_name(other))),
    };
    let mut out = doc(&format!("Reads the .NET field `{display}` ({}).", f.ty));
    out.push_str(&format!(
        "pub fn {getter}({receiver}) -> ::cilbind::Result<{get_ty}> {{\n{field_ref}\nOk({get_expr})\n}}\n"
    ));
    if !f.is_readonly {
        out.push_str(&doc(&format!("Writes the .NET field `{display}` ({}).", f.ty)));
        out.push_str(&format!(
            "pub fn {setter}({receiver}{sep}value: {set_ty}) -> ::cilbind::Result<()> {{\n{field_ref}\n{set_expr}\n}}\n"
        ));
    }
    Ok(out)
}

/// A `const` item for a .NET literal field: `(type, expression)`.
fn const_item(cx: &EmitCx, module: &[String], c: &Crossing, value: &ConstValue) -> Result<(String, String), String> {
    Ok(match (c, value) {
        (Crossing::Primitive(Primitive::Bool), ConstValue::Bool(b)) => ("bool".into(), b.to_string()),
        (Crossing::Primitive(Primitive::Char), ConstValue::Char(ch)) => {
            ("::cilbind::Char".into(), format!("::cilbind::Char({ch})"))
        }
        (Crossing::Primitive(p), ConstValue::Int(i)) if super::fits(*p, *i) => {
            let ty = super::rust_primitive(*p);
            (ty.into(), format!("{i}_{ty}"))
        }
        (Crossing::Primitive(Primitive::F32), ConstValue::F32(v)) => {
            ("f32".into(), float_literal(f64::from(*v), "f32"))
        }
        (Crossing::Primitive(Primitive::F64), ConstValue::F64(v)) => ("f64".into(), float_literal(*v, "f64")),
        (Crossing::String, ConstValue::String(s)) => ("&str".into(), format!("{s:?}")),
        (Crossing::String, ConstValue::Null) => ("::core::option::Option<&str>".into(), "None".into()),
        (Crossing::Enum { ty, underlying, flags }, ConstValue::Int(i)) if super::fits(*underlying, *i) => {
            let rust = bound(cx.path_from(module, ty), ty)?;
            let int = super::rust_primitive(*underlying);
            let expr = if *flags {
                format!("{rust}::from_bits_retain({i}_{int})")
            } else {
                format!("{rust}({i}_{int})")
            };
            (rust, expr)
        }
        (c, v) => return Err(format!("constant {v:?} of {} has no Rust literal", crossing_name(c))),
    })
}

fn float_literal(v: f64, ty: &str) -> String {
    if v.is_nan() {
        format!("{ty}::NAN")
    } else if v == f64::INFINITY {
        format!("{ty}::INFINITY")
    } else if v == f64::NEG_INFINITY {
        format!("{ty}::NEG_INFINITY")
    } else {
        format!("{v:?}_{ty}")
    }
}
