//! The C#→Rust forms of parameters and results: how a value C# passes to Rust code (a native,
//! or a Rust implementation of a C# member) appears to the Rust body, and which of the
//! runtime's kinds (`cilbind::generated::native_kind`) converts it. Decided here, once, for
//! every incoming path.

use super::classify::{ArrayElement, Crossing, HandleKind};
use super::rust_ty::{primitive_stored, primitive_value, type_param_name, Resolver};
use crate::model::{GenericParam, PassMode, Primitive, Ty};

/// The runtime's module of parameter kinds, as generated code names it.
const KIND: &str = "::cilbind::generated::native_kind";

/// How one parameter or result crosses from C# into Rust.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct IncomingForm {
    /// The Rust type the body sees (`i32`, `Option<&str>`, `Option<::cilbind::native::Lent<'_, Entity>>`).
    pub rust: String,
    /// The runtime kind converting it (`::cilbind::generated::native_kind::Str`).
    pub kind: String,
}

fn form(rust: impl Into<String>, kind: impl std::fmt::Display) -> IncomingForm {
    IncomingForm {
        rust: rust.into(),
        kind: format!("{KIND}::{kind}"),
    }
}

/// The form of a parameter of crossing `c` seen from `module`, or why it has none.
pub(crate) fn parameter(res: &Resolver, module: &[String], c: &Crossing) -> Result<IncomingForm, String> {
    if let Crossing::ByRef { pass, target } = c {
        return by_ref(res, module, *pass, target);
    }
    match c {
        Crossing::Handle { ty, .. } => {
            let t = handle(res, module, ty)?;
            Ok(form(
                format!("::core::option::Option<::cilbind::native::Lent<'_, {t}>>"),
                format!("Obj<{t}>"),
            ))
        }
        Crossing::String => Ok(form("::core::option::Option<&str>", "Str")),
        other => value(res, module, other),
    }
}

/// As [`parameter`], in a member of a generic interface that Rust implements for any type
/// argument: a value of one of its type parameters (`T0`) crosses as its type argument's
/// kind (`TypeArg::Kind`).
pub(crate) fn generic_parameter(res: &Resolver, module: &[String], c: &Crossing) -> Result<IncomingForm, String> {
    match c {
        Crossing::TypeParam(p @ GenericParam::Type(_)) => {
            let t = type_param_name(*p);
            Ok(IncomingForm {
                rust: format!("<<{t} as ::cilbind::TypeArg>::Kind as ::cilbind::generated::Incoming>::Param<'_>"),
                kind: format!("<{t} as ::cilbind::TypeArg>::Kind"),
            })
        }
        other => {
            refuse_type_params(other)?;
            parameter(res, module, other)
        }
    }
}

/// As [`result`], in a member of a generic interface (see [`generic_parameter`]).
pub(crate) fn generic_result(res: &Resolver, module: &[String], c: &Crossing) -> Result<IncomingForm, String> {
    match c {
        Crossing::TypeParam(p @ GenericParam::Type(_)) => {
            let t = type_param_name(*p);
            Ok(IncomingForm {
                rust: format!("<{t} as ::cilbind::TypeArg>::Output"),
                kind: format!("<{t} as ::cilbind::TypeArg>::Kind"),
            })
        }
        other => {
            refuse_type_params(other)?;
            result(res, module, other)
        }
    }
}

/// True when `c` has a type parameter where [`generic_parameter`] refuses one.
pub(crate) fn refuses_type_param(c: &Crossing) -> bool {
    refuse_type_params(c).is_err()
}

/// A type parameter anywhere but as a handle's type argument (`IEnumerable<T>` crosses):
/// `ref T`, `T[]`, a generic method's `M`.
fn refuse_type_params(c: &Crossing) -> Result<(), String> {
    let element_is_param = |ty: &Ty| matches!(ty, Ty::SzArray(e) if matches!(**e, Ty::GenericParam(_)));
    match c {
        Crossing::TypeParam(_) => Err("a generic method's type parameter does not cross from C# to Rust yet".into()),
        Crossing::ByRef { target, .. } if matches!(**target, Crossing::TypeParam(_)) => {
            Err("ref or out of a type parameter does not cross from C# to Rust yet".into())
        }
        Crossing::Array { ty, .. } if element_is_param(ty) => {
            Err("an array of a type parameter does not cross from C# to Rust yet".into())
        }
        _ => Ok(()),
    }
}

/// The form of `this` of an instance member of the reference type `ty`.
pub(crate) fn this(res: &Resolver, module: &[String], ty: &Ty) -> Result<IncomingForm, String> {
    let t = handle(res, module, ty)?;
    Ok(form(format!("::cilbind::native::Lent<'_, {t}>"), format!("This<{t}>")))
}

/// The form of a result of crossing `c` returned to C#.
pub(crate) fn result(res: &Resolver, module: &[String], c: &Crossing) -> Result<IncomingForm, String> {
    match c {
        Crossing::Void => Ok(form("()", "Void")),
        Crossing::Handle { ty, .. } => {
            let t = handle(res, module, ty)?;
            Ok(form(format!("::core::option::Option<{t}>"), format!("Obj<{t}>")))
        }
        Crossing::String => Ok(form("::core::option::Option<::std::string::String>", "Str")),
        other => value(res, module, other),
    }
}

/// Primitives, enums, full structs and arrays, the same as parameters and as results.
fn value(res: &Resolver, module: &[String], c: &Crossing) -> Result<IncomingForm, String> {
    match c {
        Crossing::Primitive(Primitive::Bool) => Ok(form("bool", "Bool")),
        Crossing::Primitive(p) => Ok(form(primitive_value(*p), format!("Value<{}>", primitive_value(*p)))),
        Crossing::Enum { ty, .. } => {
            let t = res
                .path_from(module, ty)
                .ok_or_else(|| format!("{ty} has no Rust binding"))?;
            Ok(form(t.clone(), format!("Value<{t}>")))
        }
        Crossing::FullStruct(ty) => {
            let t = res
                .blittable_element(module, ty)
                .ok_or_else(|| format!("{ty} has no Rust declaration"))?;
            Ok(form(t.clone(), format!("Value<{t}>")))
        }
        Crossing::Array { ty, element } => {
            let Ty::SzArray(element_ty) = ty else {
                return Err(format!("{ty} is not a single-dimension array"));
            };
            match element {
                ArrayElement::ManagedStruct(_) => Err(format!("{ty}: an array of managed structs")),
                ArrayElement::Primitive(_) | ArrayElement::Enum { .. } | ArrayElement::FullStruct(_) => {
                    let e = res
                        .blittable_element(module, element_ty)
                        .ok_or_else(|| format!("{element_ty} has no Rust declaration"))?;
                    Ok(form(
                        format!("::core::option::Option<::cilbind::Array<{e}>>"),
                        format!("Arr<{e}>"),
                    ))
                }
                _ => {
                    let e = handle(res, module, element_ty)?;
                    Ok(form(
                        format!("::core::option::Option<::cilbind::ObjectArray<{e}>>"),
                        format!("ObjArr<{e}>"),
                    ))
                }
            }
        }
        other => Err(format!("{} does not cross from C# to Rust yet", describe(other))),
    }
}

/// `ref`/`out` parameters: `&mut` of the value, written back when the body succeeds; `in`
/// (`ref readonly`) of a primitive, enum or full struct: `&` of the caller's value.
fn by_ref(res: &Resolver, module: &[String], pass: PassMode, target: &Crossing) -> Result<IncomingForm, String> {
    let out = match pass {
        PassMode::Out => true,
        PassMode::Ref => false,
        // The callee must not write through an `in` reference: a shared borrow of a copy.
        PassMode::In => {
            return match target {
                Crossing::Primitive(Primitive::Bool) => Err("`in bool` does not cross from C# to Rust yet".into()),
                Crossing::Primitive(_) | Crossing::Enum { .. } | Crossing::FullStruct(_) => {
                    let t = value(res, module, target)?.rust;
                    Ok(form(format!("&{t}"), format!("InValue<{t}>")))
                }
                other => Err(format!("in {} does not cross from C# to Rust yet", describe(other))),
            }
        }
        PassMode::Value => return Err("a by-value parameter is not a reference".into()),
    };
    let (prefix, lent) = if out { ("Out", "out") } else { ("Ref", "ref") };
    match target {
        Crossing::Primitive(Primitive::Bool) => Ok(form("&mut bool", format!("{prefix}Bool"))),
        Crossing::Primitive(p) => Ok(form(
            format!("&mut {}", primitive_stored(*p)),
            format!("{prefix}Value<{}>", primitive_stored(*p)),
        )),
        Crossing::Enum { .. } | Crossing::FullStruct(_) => {
            let inner = value(res, module, target)?;
            let t = inner.rust;
            Ok(form(format!("&mut {t}"), format!("{prefix}Value<{t}>")))
        }
        Crossing::String => Ok(form(
            "&mut ::core::option::Option<::std::string::String>",
            format!("{prefix}Str"),
        )),
        Crossing::Handle { ty, .. } => {
            let t = handle(res, module, ty)?;
            Ok(form(
                format!("&mut ::core::option::Option<{t}>"),
                format!("{prefix}Obj<{t}>"),
            ))
        }
        other => Err(format!("{lent} {} does not cross from C# to Rust yet", describe(other))),
    }
}

fn handle(res: &Resolver, module: &[String], ty: &Ty) -> Result<String, String> {
    res.handle_type(module, ty)
        .ok_or_else(|| format!("{ty} has no Rust binding"))
}

fn describe(c: &Crossing) -> &'static str {
    match c {
        Crossing::ManagedStruct(_) => "a managed struct",
        Crossing::Pointer(_) => "an unmanaged pointer",
        Crossing::Nullable(_) => "a Nullable<T>",
        Crossing::Span { .. } => "a span",
        Crossing::TypeParam(_) => "a type parameter",
        Crossing::Array { .. } => "this array",
        Crossing::Handle {
            kind: HandleKind::Delegate,
            ..
        } => "a delegate",
        _ => "this type",
    }
}
