//! Fields, as a getter and (unless `readonly`) a setter over the runtime's `FieldRef`, and
//! .NET constants, as associated `const` items.

use super::doc;
use crate::plan::{primitive_stored, primitive_value, rust_primitive, ConstItem, ConstLit, FieldItem, Pass, Primitive};

/// The getter and setter of field `f`, whose type is `static TypeRef` `type_ref`.
pub(super) fn render(f: &FieldItem, type_ref: &str) -> String {
    let owner = match (f.is_static, f.in_box) {
        (true, _) => "None",
        (false, true) => "Some(&self.0)",
        (false, false) => "Some(self)",
    };
    let receiver = if f.is_static { "" } else { "&self" };
    let sep = if f.is_static { "" } else { ", " };
    let field_ref = format!(
        "static F: ::cilbind::FieldRef = ::cilbind::FieldRef::new(&{type_ref}, {:?});",
        f.metadata_name
    );
    // (getter return type, getter expression, setter parameter type, setter expression)
    let (get_ty, get_expr, set_ty, set_expr) = match &f.pass {
        Pass::Primitive(p) => {
            let stored = primitive_stored(*p);
            let value = primitive_value(*p);
            let (get, set) = match p {
                Primitive::Bool => ("__r.get()", "::cilbind::Boolean::new(value)"),
                _ => ("__r", "value"),
            };
            (
                value.to_string(),
                format!("{{ let __r: {stored} = F.get({owner})?; {get} }}"),
                value.to_string(),
                format!("F.set({owner}, {set})"),
            )
        }
        Pass::Enum { rust, .. } | Pass::FullStruct(rust) => (
            rust.clone(),
            format!("F.get::<{rust}>({owner})?"),
            rust.clone(),
            format!("F.set({owner}, value)"),
        ),
        Pass::String => (
            "::core::option::Option<::std::string::String>".into(),
            format!("F.get_string({owner})?"),
            "::core::option::Option<&str>".into(),
            format!("F.set_string({owner}, value)"),
        ),
        Pass::Handle(rust) | Pass::ObjectArray(rust) => (
            format!("::core::option::Option<{rust}>"),
            format!("F.get_object::<{rust}>({owner})?"),
            format!("::core::option::Option<&{rust}>"),
            format!("F.set_object({owner}, value)"),
        ),
        Pass::ManagedStruct(rust) => (
            rust.clone(),
            format!("{rust}(F.get_struct::<{rust}>({owner})?)"),
            format!("&{rust}"),
            format!("F.set_struct({owner}, &value.0)"),
        ),
        Pass::BlittableArray { elem, .. } => (
            format!("::core::option::Option<::std::vec::Vec<{elem}>>"),
            format!("F.get_object::<::cilbind::Array<{elem}>>({owner})?.map(|a| a.to_vec()).transpose()?"),
            format!("::core::option::Option<&[{elem}]>"),
            format!(
                "let value = value.map(::cilbind::Array::<{elem}>::from_slice).transpose()?;\nF.set_object({owner}, value.as_ref())"
            ),
        ),
        // The plan binds no other field form.
        Pass::Void | Pass::ByRef { .. } => return String::new(),
    };
    let mut out = doc(&f.get_doc);
    out.push_str(&format!(
        "pub fn {}({receiver}) -> ::cilbind::Result<{get_ty}> {{\n{field_ref}\nOk({get_expr})\n}}\n",
        f.getter
    ));
    if let Some(setter) = &f.setter {
        out.push_str(&doc(&f.set_doc));
        out.push_str(&format!(
            "pub fn {setter}({receiver}{sep}value: {set_ty}) -> ::cilbind::Result<()> {{\n{field_ref}\n{set_expr}\n}}\n"
        ));
    }
    out
}

/// The `const` item of a .NET constant.
pub(super) fn render_const(c: &ConstItem) -> String {
    let (ty, expr) = match &c.value {
        ConstLit::Bool(b) => ("bool".to_string(), b.to_string()),
        ConstLit::Char(ch) => ("::cilbind::Char".into(), format!("::cilbind::Char({ch})")),
        ConstLit::Int(p, i) => {
            let ty = rust_primitive(*p);
            (ty.into(), format!("{i}_{ty}"))
        }
        ConstLit::Float(v, ty) => (ty.to_string(), float_literal(*v, ty)),
        ConstLit::Str(s) => ("&str".into(), format!("{s:?}")),
        ConstLit::NullStr => ("::core::option::Option<&str>".into(), "None".into()),
        ConstLit::Enum {
            rust,
            underlying,
            flags,
            value,
        } => {
            let int = rust_primitive(*underlying);
            let expr = if *flags {
                format!("{rust}::from_bits_retain({value}_{int})")
            } else {
                format!("{rust}({value}_{int})")
            };
            (rust.clone(), expr)
        }
    };
    format!("{}pub const {}: {ty} = {expr};\n", doc(&c.doc), c.name)
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
