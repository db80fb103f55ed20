//! Natives: the C# internal calls (`[MethodImpl(MethodImplOptions.InternalCall)] extern`) of a
//! bound type, implemented in Rust. Each type with natives gets a trait (`FooNatives`) with one
//! method per native, and `Foo::natives::<I>()`, the table of thunks that
//! `Assembly::install_natives` registers. Decided here: which methods are natives, their
//! trait names, their parameter forms ([`incoming`](super::incoming)), and the
//! signature-qualified internal-call name each thunk is registered under (the name Mono
//! computes with `mono_signature_get_desc`, so an assembly whose signature changed shows the
//! native as missing instead of binding it wrongly).

use std::collections::BTreeSet;

use super::classify::{ClassifiedType, TypeClass};
use super::incoming::{self, IncomingForm};
use super::rust_ty::Resolver;
use super::skip::{Skip, SkipKind};
use super::{classify, names};
use crate::model::{MemberModelRef, MethodModel, PassMode, Primitive, Ty, TypeModel};

/// The natives of one type.
#[derive(Clone, Debug)]
pub(crate) struct NativesItem {
    /// The trait's name (`EntityNatives`).
    pub trait_name: String,
    /// The natives that have a trait method.
    pub natives: Vec<NativeItem>,
    /// Natives that have none, and why (each a comment in the output and a summary line; at
    /// run time they are reported missing by `install_natives`).
    pub skips: Vec<Skip>,
}

/// One native: a trait method and its thunk.
#[derive(Clone, Debug)]
pub(crate) struct NativeItem {
    /// The trait method's name.
    pub rust_name: String,
    /// The internal-call name the thunk is registered under: `Ns.Type::Method(int,string&)`.
    pub icall: String,
    /// `this`, for instance natives.
    pub this: Option<IncomingForm>,
    /// Parameters: Rust name and form.
    pub params: Vec<(String, IncomingForm)>,
    /// The result.
    pub ret: IncomingForm,
}

/// The natives of the bound type `t` (classified as `bound`), seen from `module`; `None` when
/// it declares none, or when its assembly is Mono's class library (mscorlib, System*, Mono.*,
/// Microsoft.*), whose internal calls Mono implements itself.
pub(super) fn plan(res: &Resolver, module: &[String], t: &TypeModel, bound: &ClassifiedType) -> Option<NativesItem> {
    if mono_implements(&t.path.assembly) {
        return None;
    }
    let api = t.api.as_ref()?;
    let method_of = |r: &MemberModelRef| -> Option<&MethodModel> {
        match *r {
            MemberModelRef::Method(i) => api.methods.get(i),
            MemberModelRef::Getter(i) => api.properties.get(i)?.getter.as_ref(),
            MemberModelRef::Setter(i) => api.properties.get(i)?.setter.as_ref(),
            _ => None,
        }
    };
    let mut item = NativesItem {
        trait_name: format!("{}Natives", res.names.get(&t.path)?.1),
        natives: Vec::new(),
        skips: Vec::new(),
    };
    let mut taken = BTreeSet::new();
    for member in &bound.members {
        let Some(m) = method_of(&member.member).filter(|m| m.is_internal_call) else {
            continue;
        };
        let icall = icall_name(t, m);
        match native(res, module, t, m, &member.binding) {
            Ok((this, params, ret)) => item.natives.push(NativeItem {
                rust_name: names::unique(names::snake_case(&m.name), &mut taken),
                icall: icall.unwrap_or_default(),
                this,
                params,
                ret,
            }),
            Err(reason) => item.skips.push(Skip {
                item: member.display_name.clone(),
                assembly: t.path.assembly.clone(),
                kind: SkipKind::NoRustForm,
                reason: format!("native {}: {reason}", icall.unwrap_or_else(|| m.name.clone())),
            }),
        }
    }
    (!item.natives.is_empty() || !item.skips.is_empty()).then_some(item)
}

type Forms = (Option<IncomingForm>, Vec<(String, IncomingForm)>, IncomingForm);

fn native(
    res: &Resolver,
    module: &[String],
    t: &TypeModel,
    m: &MethodModel,
    binding: &Result<classify::SignatureClass, super::skip::Unsupported>,
) -> Result<Forms, String> {
    if !t.generic_params.is_empty() || !m.generic_params.is_empty() {
        return Err("natives of generic types and generic methods are not bound".into());
    }
    let sig = binding.as_ref().map_err(|u| u.detail.clone())?;
    if sig.ret_by_ref {
        return Err("returns by reference".into());
    }
    let this = if m.is_static {
        None
    } else if matches!(res.classes.get(&t.path), Some(TypeClass::Class)) {
        let self_ty = Ty::Named {
            path: t.path.clone(),
            args: Vec::new(),
        };
        Some(incoming::this(res, module, &self_ty)?)
    } else {
        return Err("instance natives are bound on classes only".into());
    };
    let mut taken = BTreeSet::from(["this".to_string()]);
    let mut params = Vec::new();
    for (p, c) in m.params.iter().zip(&sig.params) {
        let form = incoming::parameter(res, module, c).map_err(|e| format!("parameter `{}`: {e}", p.name))?;
        params.push((names::unique(names::snake_case(&p.name), &mut taken), form));
    }
    let ret = incoming::result(res, module, &sig.ret).map_err(|e| format!("return type: {e}"))?;
    icall_name(t, m).ok_or("a parameter type has no internal-call name")?;
    Ok((this, params, ret))
}

/// `Ns.Outer/Inner::Method(int,string&)`, as `mono_signature_get_desc(sig, TRUE)`
/// (mono/metadata/debug-helpers.c) spells the parameters.
pub(super) fn icall_name(t: &TypeModel, m: &MethodModel) -> Option<String> {
    let params: Option<Vec<String>> = m
        .params
        .iter()
        .map(|p| {
            let desc = mono_desc(&p.ty)?;
            Some(if p.pass == PassMode::Value {
                desc
            } else {
                format!("{desc}&")
            })
        })
        .collect();
    Some(format!("{}::{}({})", t.path.metadata_name, m.name, params?.join(",")))
}

/// A type as `mono_type_get_desc` prints it with namespaces.
fn mono_desc(ty: &Ty) -> Option<String> {
    Some(match ty {
        Ty::Primitive(p) => match p {
            Primitive::Bool => "bool",
            Primitive::Char => "char",
            Primitive::I8 => "sbyte",
            Primitive::U8 => "byte",
            Primitive::I16 => "int16",
            Primitive::U16 => "uint16",
            Primitive::I32 => "int",
            Primitive::U32 => "uint",
            Primitive::I64 => "long",
            Primitive::U64 => "ulong",
            Primitive::F32 => "single",
            Primitive::F64 => "double",
            Primitive::IntPtr => "intptr",
            Primitive::UIntPtr => "uintptr",
        }
        .to_string(),
        Ty::String => "string".into(),
        Ty::Object => "object".into(),
        Ty::Named { path, args } if args.is_empty() => path.metadata_name.clone(),
        Ty::SzArray(element) => format!("{}[]", mono_desc(element)?),
        Ty::ByRef(target) => format!("{}&", mono_desc(target)?),
        _ => return None,
    })
}

/// Assemblies of Mono's class library: Mono implements their internal calls.
pub(super) fn mono_implements(assembly: &str) -> bool {
    assembly == "mscorlib"
        || assembly == "System"
        || ["System.", "Mono.", "Microsoft."]
            .iter()
            .any(|p| assembly.starts_with(p))
}
