//! Classes, interfaces and delegates: handle wrappers over `::cilbind::Object`.
//!
//! A class wrapper holds its base class's wrapper (`Dog(Animal)`, `Animal(Object)`), so
//! `Deref` reaches every inherited method and an upcast to a base class is a field access: it
//! never fails and never allocates. Interfaces are reached through `::cilbind::Is<I>`: every
//! type that implements `I` is `Is<I>`, every parameter of type `I` takes `impl Is<I>`, and
//! `I`'s methods are an extension trait (`IShapeExt`) implemented for every `Is<I>`.
//! Downcasts are checked: `obj.as_object().cast::<Dog>()` returns a `Result`.

use super::format::Splices;
use super::{doc, member, skip_comment, type_ref_decl};
use crate::plan::{InstanceItem, TypeItem, TypeItemKind};

/// Renders the wrapper of class, interface or delegate `t` (with its members when bound).
pub(super) fn render(out: &Splices, t: &TypeItem) -> String {
    let name = &t.name;
    let type_ref = &t.type_ref;
    let (kind, base, upcasts, members) = match &t.kind {
        TypeItemKind::Reference {
            kind,
            base,
            upcasts,
            members,
        } => (*kind, base, &upcasts[..], members.as_ref()),
        TypeItemKind::GenericReference { kind, .. } => (*kind, &String::new(), &[][..], None),
        _ => return String::new(),
    };
    let mut s = type_ref_decl(t);
    s.push_str(&doc(&format!(
        "Binds the .NET {kind} `{}` (assembly `{}`){}",
        t.metadata_name,
        t.assembly,
        if t.bound {
            "."
        } else {
            ": a handle only (its assembly or namespace is not bound)."
        }
    )));
    if let TypeItemKind::GenericReference { arity, skipped, .. } = &t.kind {
        return s + &generic(out, t, *arity) + &skipped.iter().map(|k| skip_comment(out, k)).collect::<String>();
    }
    s.push_str(&format!(
        "#[derive(Clone, Debug)]\n#[repr(transparent)]\npub struct {name}({base});\n"
    ));
    // `from_object_unchecked`'s contract (the object is an instance of `name`) implies the
    // base's: an instance of a class is an instance of its base class (ECMA-335 §I.8.9.9).
    s.push_str(&format!(
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
    for target in upcasts {
        s.push_str(&format!(
            "impl ::cilbind::Is<{target}> for {name} {{}}\n\
             impl ::core::convert::From<{name}> for {target} {{\n\
                fn from(value: {name}) -> Self {{ unsafe {{ <{target} as ::cilbind::Reference>::from_object_unchecked(::cilbind::Reference::into_object(value)) }} }}\n\
             }}\n"
        ));
    }
    if let Some(members) = members {
        s.push_str(&member::render(out, members));
    }
    s
}

/// A generic class or interface (``List`1``): a handle wrapper generic over its arguments,
/// whose class is instantiated at run time. Its members need the arguments' bindings and are
/// not emitted.
fn generic(out: &Splices, t: &TypeItem, arity: usize) -> String {
    let name = &t.name;
    let type_ref = &t.type_ref;
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
        out.comment(&format!("Members of the generic type `{}` are not bound: they depend on its type arguments.", t.metadata_name))
    )
}

/// Members of the closed generic instantiation `i`, beside its generic wrapper.
pub(super) fn render_instance(out: &Splices, i: &InstanceItem) -> String {
    let mut s = format!(
        "#[doc(hidden)]\n#[allow(non_upper_case_globals)]\n\
         pub static {}: ::cilbind::TypeRef = ::cilbind::TypeRef::computed(<{} as ::cilbind::ManagedType>::class);\n",
        i.type_ref, i.self_ty
    );
    s.push_str(&doc(&format!(
        "Members of the closed generic {} `{}`.",
        i.kind, i.display
    )));
    s.push_str(&member::render(out, &i.members));
    s
}
