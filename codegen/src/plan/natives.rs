//! Natives: the C# internal calls (`[MethodImpl(MethodImplOptions.InternalCall)] extern`) of a
//! bound type, implemented in Rust. Each type with natives gets a trait (`FooNatives`) with one
//! method per native, and `Foo::natives::<I>()`, the table of thunks that
//! `Assembly::install_natives` registers. Decided here: which methods are natives, their
//! trait names, their parameter forms ([`incoming`](super::incoming)), and the
//! signature-qualified internal-call name each thunk is registered under (the name Mono
//! computes with `mono_signature_get_desc`, so an assembly whose signature changed shows the
//! native as missing instead of binding it wrongly).

use cilbind_abi::{internal_call, TypeSig};
use std::collections::BTreeSet;

use super::classify::{ClassifiedType, Crossing, SignatureClass, TypeClass};
use super::incoming::{self, IncomingForm};
use super::names;
use super::rust_ty::{type_sig, ParamNames, Resolver};
use super::skip::{Skip, SkipKind, Unsupported};
use crate::model::{is_mono_class_library, MethodModel, PassMode, Ty, TypeModel};

/// The natives of one type.
#[derive(Clone, Debug)]
pub(crate) struct NativesItem {
    /// The trait's name (`EntityNatives`).
    pub trait_name: String,
    /// The natives that have a trait method.
    pub natives: Vec<NativeItem>,
    /// Natives that have none, and why: each a skip like any other (a comment in the output,
    /// a line of `--explain`, a count in the summary's natives); at run time
    /// `install_natives` reports them missing.
    pub skips: Vec<Skip>,
}

/// One native: a trait method and its thunk.
#[derive(Clone, Debug)]
pub(crate) struct NativeItem {
    /// The trait method's name.
    pub rust_name: String,
    /// The internal-call name the thunk is registered under: `Ns.Type::Method(int,string&)`.
    pub icall: String,
    /// For a `[DllImport("__Internal")]` native, its entry point (the thunk then takes what
    /// P/Invoke passes); `None` for an internal call.
    pub import: Option<String>,
    /// `this`, for instance natives.
    pub this: Option<IncomingForm>,
    /// Parameters: Rust name and form.
    pub params: Vec<(String, IncomingForm)>,
    /// The result.
    pub ret: IncomingForm,
}

/// The natives of the bound type `t` (classified as `bound`), seen from `module`: every
/// internal call it declares, whatever its accessibility (a `private extern` is as much a
/// native as a public one; only visible ones are also bound for Rust to call). `None` when it
/// declares none; the model holds none for Mono's class library, whose internal calls Mono
/// implements itself.
pub(super) fn plan(res: &Resolver, module: &[String], t: &TypeModel, bound: &ClassifiedType) -> Option<NativesItem> {
    if is_mono_class_library(&t.path.assembly) {
        return None;
    }
    let api = t.api.as_ref()?;
    let mut item = NativesItem {
        trait_name: res.item_name(module, format!("{}Natives", res.names.get(&t.path)?.1)),
        natives: Vec::new(),
        skips: Vec::new(),
    };
    // Overloaded internal calls are named by the overload rule (`plan::overloads`).
    let mut groups: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for (i, m) in api.natives.iter().enumerate() {
        groups.entry(names::snake_case(&m.name)).or_default().push(i);
    }
    let mut given = vec![String::new(); api.natives.len()];
    for (base, group) in &groups {
        let models: Vec<&MethodModel> = group.iter().map(|&i| &api.natives[i]).collect();
        for (&i, name) in group
            .iter()
            .zip(super::overloads::name_group(base, &models, &[], Some(&t.path)))
        {
            given[i] = name;
        }
    }
    let mut taken = BTreeSet::new();
    for ((m, binding), name) in api.natives.iter().zip(&bound.natives).zip(given) {
        let icall = icall_name(t, m);
        match native(res, module, t, m, binding) {
            Ok((this, params, ret)) => item.natives.push(NativeItem {
                rust_name: names::unique(name, &mut taken),
                icall: icall.unwrap_or_default(),
                import: m.internal_import.clone(),
                this,
                params,
                ret,
            }),
            Err(u) => item.skips.push(Skip {
                item: format!("native {}.{}", t.path.name, m.name),
                assembly: t.path.assembly.clone(),
                kind: u.kind,
                reason: format!(
                    "internal call `{}` has no trait method: {}",
                    icall.unwrap_or_else(|| format!("{}::{}", t.path.metadata_name, m.name)),
                    u.detail
                ),
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
    binding: &Result<SignatureClass, Unsupported>,
) -> Result<Forms, Unsupported> {
    if !t.generic_params.is_empty() || !m.generic_params.is_empty() {
        return Err(Unsupported::new(
            SkipKind::OpenGeneric,
            "natives of generic types and generic methods are not bound",
        ));
    }
    let sig = binding.as_ref().map_err(Clone::clone)?;
    if sig.ret_by_ref {
        return Err(Unsupported::new(SkipKind::RefReturn, "returns by reference"));
    }
    if m.internal_import.is_some() {
        // P/Invoke passes these as they are on both runtimes; it marshals the others
        // (`bool` as a 4-byte BOOL, strings as copies, objects not at all).
        for (what, c) in m
            .params
            .iter()
            .map(|p| format!("parameter `{}`", p.name))
            .zip(&sig.params)
            .chain([("return type".to_string(), &sig.ret)])
        {
            if !crosses_a_pinvoke(c) {
                return Err(Unsupported::new(
                    kind_of(c),
                    format!(
                        "{what}: a [DllImport(\"__Internal\")] native takes and returns numbers and enums (by value, \
                         `ref`, `out` or `in`) only; use int for bool, and [MethodImpl(MethodImplOptions.InternalCall)] \
                         (Mono only) for objects and strings"
                    ),
                ));
            }
        }
    }
    let self_ty = Ty::Named {
        path: t.path.clone(),
        args: Vec::new(),
    };
    let this = match res.classes.get(&t.path) {
        _ if m.is_static => None,
        Some(TypeClass::Class) => Some(incoming::this(res, module, &self_ty).map_err(no_form)?),
        // A struct's instance method receives `this` as a reference to the value (ECMA-335
        // II.13.3): `&mut V`, like a `ref V` parameter.
        Some(TypeClass::FullStruct(_)) => {
            let this = Crossing::ByRef {
                pass: PassMode::Ref,
                target: Box::new(Crossing::FullStruct(self_ty)),
            };
            Some(incoming::parameter(res, module, &this).map_err(no_form)?)
        }
        _ => {
            return Err(Unsupported::new(
                SkipKind::NoRustForm,
                "instance natives are bound on classes and full structs only",
            ))
        }
    };
    let mut taken = BTreeSet::from(["this".to_string()]);
    let mut params = Vec::new();
    for (p, c) in m.params.iter().zip(&sig.params) {
        let form = incoming::parameter(res, module, c)
            .map_err(|e| Unsupported::new(kind_of(c), format!("parameter `{}`: {e}", p.name)))?;
        params.push((names::unique(names::snake_case(&p.name), &mut taken), form));
    }
    let ret = incoming::result(res, module, &sig.ret)
        .map_err(|e| Unsupported::new(kind_of(&sig.ret), format!("return type: {e}")))?;
    icall_name(t, m).ok_or_else(|| no_form("a parameter type has no internal-call name".into()))?;
    Ok((this, params, ret))
}

/// True for what a P/Invoke passes unmarshalled on both runtimes: numbers (not `bool`, not
/// `char`), enums, `ref`/`out`/`in` of those (a pointer), and no result.
fn crosses_a_pinvoke(c: &Crossing) -> bool {
    use crate::model::Primitive as P;
    match c {
        Crossing::Void | Crossing::Enum { .. } => true,
        Crossing::Primitive(p) => !matches!(p, P::Bool | P::Char),
        Crossing::ByRef { target, .. } => !matches!(**target, Crossing::Void) && crosses_a_pinvoke(target),
        _ => false,
    }
}

fn no_form(detail: String) -> Unsupported {
    Unsupported::new(SkipKind::NoRustForm, detail)
}

/// The skip category of a crossing that has no C#→Rust form.
pub(super) fn kind_of(c: &Crossing) -> SkipKind {
    match c {
        Crossing::ByRef { target, .. } => kind_of(target),
        Crossing::Nullable(_) => SkipKind::Nullable,
        Crossing::Span { .. } => SkipKind::Span,
        Crossing::Pointer(_) => SkipKind::Pointer,
        Crossing::TypeParam(_) => SkipKind::OpenGeneric,
        _ => SkipKind::NoRustForm,
    }
}

/// The internal-call name of `m` (`Ns.Outer/Inner::Method(int,string&)`), as `cilbind-abi`
/// writes it for the runtime to register the native under; `None` when a parameter type has
/// no name in that form.
pub(super) fn icall_name(t: &TypeModel, m: &MethodModel) -> Option<String> {
    let params: Option<Vec<String>> = m
        .params
        .iter()
        .map(|p| {
            let ty = type_sig(&p.ty, ParamNames::default())?;
            internal_call::param_desc(&if p.pass == PassMode::Value {
                ty
            } else {
                TypeSig::by_ref(ty)
            })
        })
        .collect();
    Some(internal_call::name(&t.path.metadata_name, &m.name, &params?))
}

impl super::Plan {
    /// The simple names of the input assemblies with natives (types of theirs with a natives
    /// trait or natives skipped), sorted: the generated `init()` refuses to start while one of
    /// their natives is not installed.
    pub(crate) fn native_assemblies(&self) -> Vec<String> {
        let inputs: BTreeSet<&str> = self
            .assemblies
            .iter()
            .filter_map(|p| std::path::Path::new(p).file_stem()?.to_str())
            .collect();
        let names: BTreeSet<&str> = self
            .types
            .iter()
            .filter(|t| t.natives.is_some() && inputs.contains(t.assembly.as_str()))
            .map(|t| t.assembly.as_str())
            .collect();
        names.into_iter().map(str::to_owned).collect()
    }
}
