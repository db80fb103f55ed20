//! Hand-built models for unit tests: types, methods and parameters with only what a test
//! sets, the rest public, static and plain.

use crate::model::{
    EventModel, FieldModel, Layout, MethodModel, ParamModel, PassMode, Primitive, PropertyModel, Ty, TypeApi, TypeKind,
    TypeModel, TypePath, Visibility,
};

pub(super) const I32: Ty = Ty::Primitive(Primitive::I32);
pub(super) const I64: Ty = Ty::Primitive(Primitive::I64);
pub(super) const F32: Ty = Ty::Primitive(Primitive::F32);
pub(super) const F64: Ty = Ty::Primitive(Primitive::F64);
pub(super) const BOOL: Ty = Ty::Primitive(Primitive::Bool);

pub(super) fn path(namespace: &str, name: &str) -> TypePath {
    let (assembly, nested) = ("Test".into(), Vec::new());
    let metadata_name = format!("{namespace}.{name}");
    TypePath {
        assembly,
        namespace: namespace.into(),
        nested,
        name: name.into(),
        metadata_name,
    }
}

/// A named type (words ignore the metadata name's arity suffix).
pub(super) fn named(namespace: &str, name: &str, args: Vec<Ty>) -> Ty {
    Ty::Named {
        path: path(namespace, name),
        args,
    }
}

pub(super) fn vector3() -> Ty {
    named("System.Numerics", "Vector3", Vec::new())
}

pub(super) fn p(name: &str, ty: Ty) -> ParamModel {
    ParamModel {
        name: name.into(),
        ty,
        pass: PassMode::Value,
        default: None,
        is_params: false,
        read_only: false,
        out_attribute: false,
        in_attribute: false,
    }
}

pub(super) fn by(pass: PassMode, param: ParamModel) -> ParamModel {
    ParamModel { pass, ..param }
}

pub(super) fn m(name: &str, params: Vec<ParamModel>, ret: Ty) -> MethodModel {
    MethodModel {
        name: name.into(),
        visibility: Visibility::Public,
        is_static: true,
        is_constructor: name == ".ctor",
        is_virtual: false,
        is_abstract: false,
        is_override: false,
        is_final: false,
        generic_params: Vec::new(),
        value_type_params: Vec::new(),
        reference_type_params: Vec::new(),
        params,
        ret,
        is_varargs: false,
        this_access: crate::model::ThisAccess::Unknown,
        ret_non_null: false,
        is_internal_call: false,
        internal_import: None,
        pure_body: None,
        forwards_to: None,
    }
}

pub(super) fn generic(method: MethodModel, params: &[&str]) -> MethodModel {
    MethodModel {
        generic_params: params.iter().map(|s| s.to_string()).collect(),
        ..method
    }
}

pub(super) fn type_of(fields: Vec<&str>, methods: Vec<MethodModel>, properties: Vec<PropertyModel>) -> TypeModel {
    TypeModel {
        path: path("N", "T"),
        kind: TypeKind::Class,
        is_public: true,
        is_abstract: false,
        is_sealed: false,
        is_byref_like: false,
        generic_params: Vec::new(),
        base: None,
        layout: Layout::Auto,
        fields: fields
            .into_iter()
            .map(|name| FieldModel {
                name: name.into(),
                ty: I32,
                visibility: Visibility::Public,
                is_static: true,
                is_literal: false,
                is_readonly: false,
                offset: None,
                constant: None,
            })
            .collect(),
        enum_info: None,
        api: Some(TypeApi {
            base_chain: Vec::new(),
            interfaces: Vec::new(),
            methods,
            properties,
            events: Vec::<EventModel>::new(),
            natives: Vec::new(),
        }),
    }
}

pub(super) fn property(name: &str, ty: Ty) -> PropertyModel {
    PropertyModel {
        name: name.into(),
        ty: ty.clone(),
        index_params: Vec::new(),
        is_static: true,
        getter: Some(m(&format!("get_{name}"), Vec::new(), ty.clone())),
        setter: Some(m(&format!("set_{name}"), vec![p("value", ty)], Ty::Void)),
    }
}
