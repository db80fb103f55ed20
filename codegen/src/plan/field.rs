//! Fields and constants of a bound type: a getter and (unless `readonly`) a setter over the
//! runtime's `FieldRef` (`GenericFieldRef` in a generic impl), or a .NET `const` as an
//! associated constant when Rust can spell its literal; otherwise a skip.

use super::classify::{Crossing, SignatureClass};
use super::items::*;
use super::member::{no_form, Decided, Owned};
use super::names;
use super::rust_ty::{fits, Pass};
use super::skip::SkipKind;
use crate::model::{ConstValue, Primitive, Ty};

/// `Ok(None)`: the field is part of the type's declaration (a full struct's instance field).
/// `given`: its getter's and setter's names (`plan::overloads`).
pub(super) fn plan_field(
    o: &Owned,
    index: usize,
    sig: &SignatureClass,
    given: Option<(&str, &str)>,
) -> Decided<Option<MemberItem>> {
    let f = &o.t.fields[index];
    if f.is_literal {
        let Some(value) = f.constant.as_ref() else {
            return no_form("const field without a value");
        };
        return Ok(Some(MemberItem::Const(ConstItem {
            name: names::screaming_snake_case(&f.name),
            csharp: super::csharp::field(o.t, f),
            doc: format!(
                "The .NET constant `{}` of `{}`.",
                super::csharp::field(o.t, f),
                super::csharp::owner_name(o)
            ),
            value: const_lit(o, &sig.ret, value)?,
        })));
    }
    if !f.is_static && o.owner == Owner::FullStruct {
        // Instance fields of a full struct are the Rust struct's own fields.
        return Ok(None);
    }
    if o.owner == Owner::Interface {
        return no_form("interface field");
    }
    let Some((getter, setter)) = given else {
        return no_form("field not named");
    };
    let (getter, setter) = (getter.to_string(), setter.to_string());
    let pass = match &sig.ret {
        Crossing::FullStruct(Ty::Named { path, .. }) => Pass::FullStruct(
            o.res
                .path_from(o.module, path)
                .ok_or_else(|| (SkipKind::NoRustForm, format!("{path} has no Rust binding")))?,
        ),
        c @ (Crossing::Primitive(_)
        | Crossing::Enum { .. }
        | Crossing::String
        | Crossing::Handle { .. }
        | Crossing::ManagedStruct(_)
        | Crossing::TypeParam(_)
        | Crossing::Array { .. }
        | Crossing::Nullable(_)) => o.res.pass(o.module, c).map_err(|e| (SkipKind::NoRustForm, e))?,
        other => return no_form(format!("fields holding {} are not bound yet", crossing_name(other))),
    };
    Ok(Some(MemberItem::Field(FieldItem {
        getter,
        setter: (!f.is_readonly).then_some(setter),
        metadata_name: f.name.clone(),
        is_static: f.is_static,
        in_box: o.owner == Owner::ManagedStruct,
        generic: !o.type_params.is_empty(),
        pass,
        csharp: super::csharp::field(o.t, f),
        get_doc: format!(
            "Reads the .NET field `{}` of `{}`.",
            super::csharp::field(o.t, f),
            super::csharp::owner_name(o)
        ),
        set_doc: format!(
            "Writes the .NET field `{}` of `{}`.",
            super::csharp::field(o.t, f),
            super::csharp::owner_name(o)
        ),
    })))
}

fn crossing_name(c: &Crossing) -> &'static str {
    match c {
        Crossing::ManagedStruct(_) => "a managed struct",
        Crossing::Array { .. } => "an array",
        Crossing::Nullable(_) => "a Nullable<T>",
        Crossing::Span { .. } => "a span",
        _ => "this type",
    }
}

/// The literal of a .NET `const` field, when Rust can spell it.
fn const_lit(o: &Owned, c: &Crossing, value: &ConstValue) -> Decided<ConstLit> {
    Ok(match (c, value) {
        (Crossing::Primitive(Primitive::Bool), ConstValue::Bool(b)) => ConstLit::Bool(*b),
        (Crossing::Primitive(Primitive::Char), ConstValue::Char(ch)) => ConstLit::Char(*ch),
        (Crossing::Primitive(p), ConstValue::Int(i)) if fits(*p, *i) => ConstLit::Int(*p, *i),
        (Crossing::Primitive(Primitive::F32), ConstValue::F32(v)) => ConstLit::Float(f64::from(*v), "f32"),
        (Crossing::Primitive(Primitive::F64), ConstValue::F64(v)) => ConstLit::Float(*v, "f64"),
        (Crossing::String, ConstValue::String(s)) => ConstLit::Str(s.clone()),
        (Crossing::String, ConstValue::Null) => ConstLit::NullStr,
        (Crossing::Enum { ty, underlying, flags }, ConstValue::Int(i)) if fits(*underlying, *i) => ConstLit::Enum {
            rust: o
                .res
                .path_from(o.module, ty)
                .ok_or_else(|| (SkipKind::NoRustForm, format!("{ty} has no Rust binding")))?,
            underlying: *underlying,
            flags: *flags,
            value: *i,
        },
        (c, v) => return no_form(format!("constant {v:?} of {} has no Rust literal", crossing_name(c))),
    })
}
