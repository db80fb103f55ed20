//! Classes, interfaces and delegates: handle wrappers over `::cilbind::Object`.
//!
//! A class wrapper holds its base class's wrapper (`Dog(Animal)`, `Animal(Object)`), so
//! `Deref` reaches every inherited method and an upcast to a base class is a field access: it
//! never fails and never allocates. Interfaces are reached through `::cilbind::Is<I>`: every
//! type that implements `I` is `Is<I>`, every parameter of type `I` takes `impl Is<I>`, and
//! `I`'s methods are an extension trait (`IShapeExt`) implemented for every `Is<I>`.
//! Downcasts are checked: `obj.as_object().cast::<Dog>()` returns a `Result`.

use super::member::{self, MemberOwner};
use super::types::{type_ref_decl, type_ref_static};
use super::{doc, EmitCx};
use crate::classify::{ClassifiedType, TypeClass};
use crate::model::{Ty, TypeKind, TypeModel};

/// Emits the wrapper of `t` (with its members when it is bound).
pub(super) fn emit(cx: &EmitCx, t: &TypeModel, bound: Option<&ClassifiedType>) -> String {
    let (module, name) = &cx.names[&t.path];
    let type_ref = type_ref_static(name);
    let kind = match t.kind {
        TypeKind::Interface => "interface",
        TypeKind::Delegate => "delegate",
        _ => "class",
    };
    let mut out = type_ref_decl(&t.path, name);
    out.push_str(&doc(&format!(
        "Binds the .NET {kind} `{}` (assembly `{}`){}",
        t.path.metadata_name,
        t.path.assembly,
        if bound.is_some() {
            "."
        } else {
            ": a handle only (its assembly or namespace is not bound)."
        }
    )));
    let generics = &t.generic_params;
    if !generics.is_empty() {
        return out + &emit_generic(cx, t, name, &type_ref, generics.len());
    }
    // The nearest base class that has a wrapper: the field this wrapper holds.
    let base = base_wrapper(cx, module, t);
    out.push_str(&format!(
        "#[derive(Clone, Debug)]\n#[repr(transparent)]\npub struct {name}({base});\n"
    ));
    // `from_object_unchecked`'s contract (the object is an instance of `name`) implies the
    // base's: an instance of a class is an instance of its base class (ECMA-335 §I.8.9.9).
    out.push_str(&format!(
        "impl ::cilbind::ManagedType for {name} {{\n\
            fn class() -> ::cilbind::Result<::cilbind::Class> {{ {type_ref}.class() }}\n\
         }}\n\
         impl ::cilbind::Reference for {name} {{\n\
            unsafe fn from_object_unchecked(obj: ::cilbind::Object) -> Self {{ {name}(unsafe {{ <{base} as ::cilbind::Reference>::from_object_unchecked(obj) }}) }}\n\
            fn as_object(&self) -> &::cilbind::Object {{ ::cilbind::Reference::as_object(&self.0) }}\n\
            fn into_object(self) -> ::cilbind::Object {{ ::cilbind::Reference::into_object(self.0) }}\n\
         }}\n\
         impl ::core::ops::Deref for {name} {{\n\
            type Target = {base};\n\
            fn deref(&self) -> &{base} {{ &self.0 }}\n\
         }}\n\
         impl ::core::convert::AsRef<::cilbind::Object> for {name} {{\n\
            fn as_ref(&self) -> &::cilbind::Object {{ ::cilbind::Reference::as_object(self) }}\n\
         }}\n"
    ));
    // Upcasts: every base class and every interface. A wrapper holds an instance of its class
    // (the `Reference` contract), and metadata says that class derives from or implements
    // `target`, so the object is an instance of `target` too.
    for target in upcast_targets(cx, module, t) {
        out.push_str(&format!(
            "impl ::cilbind::Is<{target}> for {name} {{}}\n\
             impl ::core::convert::From<{name}> for {target} {{\n\
                fn from(value: {name}) -> Self {{ unsafe {{ <{target} as ::cilbind::Reference>::from_object_unchecked(::cilbind::Reference::into_object(value)) }} }}\n\
             }}\n"
        ));
    }
    if let Some(bound) = bound {
        let owner = if matches!(t.kind, TypeKind::Interface) {
            MemberOwner::Interface
        } else {
            MemberOwner::Class
        };
        out.push_str(&member::emit_members(cx, t, bound, owner));
    }
    out
}

/// A generic class or interface (``List`1``): a handle wrapper generic over its arguments,
/// whose class is instantiated at run time. Its members need the arguments' bindings and are
/// not emitted.
fn emit_generic(cx: &EmitCx, t: &TypeModel, name: &str, type_ref: &str, arity: usize) -> String {
    let params: Vec<String> = (0..arity).map(|i| format!("T{i}")).collect();
    let list = params.join(", ");
    let bounds = params
        .iter()
        .map(|p| format!("{p}: ::cilbind::ManagedType"))
        .collect::<Vec<_>>()
        .join(", ");
    let classes = params
        .iter()
        .map(|p| format!("{p}::class()?"))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "pub struct {name}<{list}>(::cilbind::Object, ::core::marker::PhantomData<fn() -> ({list},)>);\n\
         impl<{bounds}> ::cilbind::ManagedType for {name}<{list}> {{\n\
            fn class() -> ::cilbind::Result<::cilbind::Class> {{ {type_ref}.class()?.instantiate(&[{classes}]) }}\n\
         }}\n\
         impl<{bounds}> ::cilbind::Reference for {name}<{list}> {{\n\
            unsafe fn from_object_unchecked(obj: ::cilbind::Object) -> Self {{ {name}(obj, ::core::marker::PhantomData) }}\n\
            fn as_object(&self) -> &::cilbind::Object {{ &self.0 }}\n\
            fn into_object(self) -> ::cilbind::Object {{ self.0 }}\n\
         }}\n\
         impl<{bounds}> ::cilbind::Is<::cilbind::Object> for {name}<{list}> {{}}\n\
         impl<{list}> ::core::clone::Clone for {name}<{list}> {{\n\
            fn clone(&self) -> Self {{ {name}(self.0.clone(), ::core::marker::PhantomData) }}\n\
         }}\n\
         impl<{list}> ::core::fmt::Debug for {name}<{list}> {{\n\
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {{ write!(f, \"{name}({{:?}})\", self.0) }}\n\
         }}\n{}",
        cx.comment(&format!("Members of the generic type `{}` are not bound: they depend on its type arguments.", t.path.metadata_name))
    )
}

/// The wrapper of the nearest base class that has one, else `::cilbind::Object`.
fn base_wrapper(cx: &EmitCx, module: &[String], t: &TypeModel) -> String {
    if matches!(t.kind, TypeKind::Interface) {
        return "::cilbind::Object".into();
    }
    let chain = t
        .api
        .as_ref()
        .map(|a| a.base_chain.clone())
        .unwrap_or_else(|| t.base.iter().cloned().collect());
    for base in &chain {
        if let Some(rust) = wrapper_of(cx, module, base) {
            return rust;
        }
    }
    "::cilbind::Object".into()
}

/// The Rust wrapper of a base class or interface, when it has one.
fn wrapper_of(cx: &EmitCx, module: &[String], ty: &Ty) -> Option<String> {
    let Ty::Named { path, .. } = ty else { return None };
    if matches!(
        cx.model.class_of(path),
        Some(TypeClass::Class | TypeClass::Interface | TypeClass::Delegate)
    ) || super::types::core_type(path).is_some()
    {
        cx.handle_type(module, ty)
    } else {
        None
    }
}

/// Every base class (up to `Object`) and interface `t` converts to, deduplicated, in a
/// deterministic order.
pub(super) fn upcast_targets(cx: &EmitCx, module: &[String], t: &TypeModel) -> Vec<String> {
    let mut out = vec!["::cilbind::Object".to_string()];
    let (chain, interfaces) = match &t.api {
        Some(api) => (api.base_chain.clone(), api.interfaces.clone()),
        None => (t.base.iter().cloned().collect(), Vec::new()),
    };
    for ty in chain.iter().chain(&interfaces) {
        if let Some(rust) = wrapper_of(cx, module, ty) {
            if !out.contains(&rust) {
                out.push(rust);
            }
        }
    }
    out
}
