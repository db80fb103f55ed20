//! The bound fields listing: every field getter the output declares, with the Rust path that
//! calls it and the form of its value, for tools and tests that go over fields by name (the
//! managed tests compare every public static field read through the bindings with what C#
//! reads). A fold over the plan, like the function listing.

use crate::plan::{MemberItem, Members, Pass, Plan, Primitive, TypeItemKind};

/// How a bound field's value comes back from its getter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldForm {
    /// A primitive other than `bool`, by value (`i32`, `f64`, `::cilbind::Char`).
    Primitive,
    /// `bool`.
    Bool,
    /// An enum newtype or bitflags type.
    Enum,
    /// A full struct, by value.
    FullStruct,
    /// `Option<String>`.
    String,
    /// `Option<handle>` of a class, interface, delegate or array of references.
    Object,
    /// A managed struct's handle.
    ManagedStruct,
    /// `Option<Vec<elem>>` of an array of primitives, enums or full structs.
    ValueArray,
    /// `Option<value>` of a `Nullable<T>`.
    Nullable,
}

/// One bound field of a non-generic type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldBinding {
    /// Defining assembly of the type.
    pub assembly: String,
    /// The type's metadata name (`Ns.Outer/Inner`).
    pub type_name: String,
    /// The field's metadata name.
    pub field: String,
    /// A static field.
    pub is_static: bool,
    /// The Rust type whose getter it is: a path from the bindings' root (`system::DateTime`),
    /// or a type of the runtime (`::cilbind::NetString`).
    pub rust_type: String,
    /// For a type the runtime declares itself, the extension trait that has the getter, as a
    /// path from the bindings' root (`system::StringMethods`): the getter is then called as
    /// `<rust_type as ROOT::rust_trait>::getter`, else as `ROOT::rust_type::getter`.
    pub rust_trait: Option<String>,
    /// The getter's name (`min_value`, `r#where`).
    pub getter: String,
    /// The form of the getter's value.
    pub form: FieldForm,
}

/// Every bound field of the selected non-generic types (a generic definition's getters need
/// type arguments), in output order.
pub(crate) fn list(plan: &Plan) -> Vec<FieldBinding> {
    let mut out = Vec::new();
    for t in &plan.types {
        let members = match &t.kind {
            TypeItemKind::FullStruct { members, .. }
            | TypeItemKind::ManagedStruct { members, .. }
            | TypeItemKind::Reference { members, .. } => members.as_ref(),
            _ => None,
        };
        if let Some(m) = members.filter(|m| m.type_params.is_empty()) {
            let mut path = t.module.clone();
            path.push(m.self_ty.clone());
            fields_of(m, &t.assembly, (path.join("::"), None), &mut out);
        }
    }
    for r in &plan.runtime {
        let m = &r.members;
        let Some(trait_name) = &m.trait_name else { continue };
        let mut path = r.module.clone();
        path.push(trait_name.clone());
        fields_of(
            m,
            &r.type_ref_parts.0,
            (m.self_ty.clone(), Some(path.join("::"))),
            &mut out,
        );
    }
    out
}

/// The fields of `m`, whose getters are on `owner`: (Rust type, extension trait).
fn fields_of(m: &Members, assembly: &str, owner: (String, Option<String>), out: &mut Vec<FieldBinding>) {
    for item in &m.items {
        let MemberItem::Field(f) = item else { continue };
        let Some(form) = form(&f.pass) else { continue };
        out.push(FieldBinding {
            assembly: assembly.to_string(),
            type_name: m.metadata_name.clone(),
            field: f.metadata_name.clone(),
            is_static: f.is_static,
            rust_type: owner.0.clone(),
            rust_trait: owner.1.clone(),
            getter: f.getter.clone(),
            form,
        });
    }
}

/// The form of a field getter's value; `None` for forms a field getter never has.
fn form(pass: &Pass) -> Option<FieldForm> {
    Some(match pass {
        Pass::Primitive(Primitive::Bool) => FieldForm::Bool,
        Pass::Primitive(_) => FieldForm::Primitive,
        Pass::Enum { .. } => FieldForm::Enum,
        Pass::FullStruct(_) => FieldForm::FullStruct,
        Pass::String => FieldForm::String,
        Pass::Handle(_) | Pass::ObjectArray(_) => FieldForm::Object,
        Pass::ManagedStruct(_) => FieldForm::ManagedStruct,
        Pass::BlittableArray { .. } => FieldForm::ValueArray,
        Pass::Nullable(_) => FieldForm::Nullable,
        _ => return None,
    })
}
