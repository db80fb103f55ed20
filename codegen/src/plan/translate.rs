//! **Translate or not**: which methods of full structs run as Rust translated from their IL
//! (never entering Mono), decided once here for every bound method of a full struct.
//!
//! A method is translated when translation is on (`Builder::translate_pure_methods`, on by
//! default; `cilbind generate --no-translate`), its body decoded (`read/pure_body.rs`, which
//! lists the IL it accepts and why it refuses the rest), and its binding's signature has
//! only plain values: primitives other than `char`, and full structs
//! (parameters by value, `this` by `&self`/`&mut self`, a full struct or primitive or nothing
//! returned), `out` parameters of those (returned after the result, as the binding does; not
//! `bool`, whose slot is `cilbind::Boolean`) and `ref`/`in` full structs (fields read through
//! the reference; one the body stores into is written back whole, and refused where the
//! binding lends it `&`). Every struct the body reads or builds must have a Rust declaration
//! that is not a union. The translated function keeps the binding's exact signature and `Result`
//! (always `Ok`), so a caller cannot tell; a refused method keeps its managed call and its
//! reason is reported (`cilbind generate --explain`, [`crate::Summary`]'s counts).

use super::classify::TypeClass;
use super::items::{MemberItem, Members, MethodItem, Receiver, Ret};
use super::repr::{literal_parts, LiteralPart};
use super::rust_ty::{Pass, Resolver};
use crate::model::{
    MemberModelRef, MethodModel, PassMode, Primitive, PureBody, PureInput, PureOp, PureOperand, PureRoot, PureScalar,
    PureStored, PureValue, Ty, TypeModel, TypePath,
};

/// A method body in Rust terms, for `render/translated.rs` to print.
#[derive(Clone, Debug)]
pub(crate) struct Translated {
    /// `let t{n}: {ty} = …;` in order.
    pub stmts: Vec<Stmt>,
    /// The value returned (`None`: `()`).
    pub result: Option<Value>,
    /// The value `*self` is left with, for a `&mut self` method that stores through `this`.
    pub write_this: Option<Value>,
    /// The values of the `out` parameters, returned after the result as the binding does.
    pub outs: Vec<Value>,
    /// `*param = value;` for each `ref` parameter the binding lends `&mut`.
    pub write_params: Vec<(String, Value)>,
    /// Parameters the body never reads (bound to `_` so they raise no warning).
    pub unused: Vec<String>,
    /// The translation gate of its builds, from the method's module (`__TRANSLATION`, or
    /// `__TRANSLATION_{n}` when the bindings' translations follow different builds: see
    /// `plan::gates`): the translation runs only where the gate holds, the managed method
    /// elsewhere.
    pub gate: String,
    /// The assemblies whose builds it follows ([`crate::model::PureBody::assemblies`]).
    pub builds: std::collections::BTreeSet<String>,
}

/// One statement.
#[derive(Clone, Debug)]
pub(crate) struct Stmt {
    /// Temporary number.
    pub temp: u32,
    /// Its type.
    pub ty: PureScalar,
    /// What computes it.
    pub op: Op,
}

/// An operation of a statement.
#[derive(Clone, Debug)]
pub(crate) enum Op {
    /// Reads `path[0].path[1]…` (`self` or a parameter, then Rust field names), stored as `stored`.
    Load {
        /// The Rust expression path.
        path: Vec<String>,
        /// How the primitive is stored.
        stored: PureStored,
        /// The last field's enum, when it is one (its integer is read out of the newtype).
        of_enum: Option<EnumField>,
    },
    /// Any other operation, as decoded.
    Pure(PureOp),
}

/// A field of an enum type: IL reads and writes it as its underlying integer, Rust holds the
/// enum's newtype (`Kind(pub i32)`) or, for a `[Flags]` enum, its `bitflags` type.
#[derive(Clone, Debug)]
pub(crate) struct EnumField {
    /// The enum's Rust path, seen from the method's module.
    pub path: String,
    /// A `[Flags]` enum (`bits()`, `from_bits_retain`) rather than a newtype (`.0`, `Kind(v)`).
    pub flags: bool,
}

/// A value leaving the function.
#[derive(Clone, Debug)]
pub(crate) enum Value {
    /// A primitive: the operand, cast to how it is stored.
    Scalar(PureOperand, PureStored),
    /// A struct literal: its Rust path and its parts in declaration order.
    Struct(String, Vec<(String, Value)>),
    /// Padding bytes: `[0; len]`.
    Pad(u32),
    /// A field of an enum type: its integer (a [`Value::Scalar`]) in the enum's Rust type.
    Enum(EnumField, Box<Value>),
}

/// The root item of the bindings that says whether translated methods may run
/// (`cilbind::generated::TranslationGate`).
pub(crate) const GATE: &str = "__TRANSLATION";

/// Decides translation for every bound method of the full struct `t`.
pub(super) fn apply(res: &Resolver, t: &TypeModel, module: &[String], members: &mut Members, enabled: bool) {
    if !enabled {
        return;
    }
    let Some(api) = t.api.as_ref() else {
        return;
    };
    for (member, index) in &members.origins {
        let method = match *member {
            MemberModelRef::Method(i) => api.methods.get(i),
            MemberModelRef::Getter(i) => api.properties.get(i).and_then(|p| p.getter.as_ref()),
            MemberModelRef::Setter(i) => api.properties.get(i).and_then(|p| p.setter.as_ref()),
            _ => None,
        };
        let (Some(method), Some(index)) = (method, index) else {
            continue;
        };
        if let Some(MemberItem::Method(item)) = members.items.get_mut(*index) {
            // A `ref`/`out` twin's origin is the function it is bound by (`plan::twins`):
            // only that function's own method decides.
            if item.net_signature != super::member::signature_text(t, method) {
                continue;
            }
            item.translation = decide(res, module, method, item);
            if matches!(item.translation, Some(Ok(_))) {
                item.doc.push(String::new());
                item.doc.push(
                    "Runs as Rust translated from the method's IL, where the builds it was translated from \
                     are loaded (`TRANSLATED_FROM`; the managed method runs elsewhere): the call never enters \
                     the runtime (`Builder::translate_pure_methods(false)` keeps the managed call)."
                        .into(),
                );
            }
        }
    }
}

fn decide(
    res: &Resolver,
    module: &[String],
    method: &MethodModel,
    item: &MethodItem,
) -> Option<Result<Translated, String>> {
    let body = match method.pure_body.as_ref()? {
        Ok(body) => body,
        Err(why) => return Some(Err(why.clone())),
    };
    Some(translate(res, module, body, item))
}

fn translate(res: &Resolver, module: &[String], body: &PureBody, item: &MethodItem) -> Result<Translated, String> {
    if item.is_unsafe || item.generic || !item.method_type_params.is_empty() {
        return Err("its binding is unsafe or generic".into());
    }
    for p in &item.params {
        if !plain(&p.pass) && out_target(&p.pass).is_none() && ref_struct(&p.pass).is_none() {
            return Err(format!("parameter `{}` does not cross as a plain value", p.name));
        }
    }
    let ret_ok = match &item.ret {
        Ret::FullStructCtor => true,
        Ret::Value(pass) => matches!(pass, Pass::Void) || plain(pass),
        _ => false,
    };
    if !ret_ok {
        return Err("its result does not cross as a plain value".into());
    }
    for s in &body.structs {
        match res.classes.get(s) {
            Some(TypeClass::FullStruct(_)) if res.names.contains_key(s) => {}
            _ => return Err(format!("`{}` has no Rust declaration", s.metadata_name)),
        }
    }
    let ctx = Names { res, module };
    let mut used = vec![false; item.params.len()];
    let mut stmts = Vec::with_capacity(body.stmts.len());
    for s in &body.stmts {
        let op = match &s.op {
            PureOp::Load(input) => {
                let base = match input.root {
                    PureRoot::This => "self".to_string(),
                    PureRoot::Param(i) => {
                        let p = item.params.get(i).ok_or("it reads a parameter the binding lacks")?;
                        used[i] = true;
                        p.name.clone()
                    }
                };
                let mut path = vec![base];
                let (fields, of_enum) = ctx.field_path(input)?;
                path.extend(fields);
                Op::Load {
                    path,
                    stored: input.stored,
                    of_enum,
                }
            }
            op => Op::Pure(op.clone()),
        };
        stmts.push(Stmt {
            temp: s.temp,
            ty: s.ty,
            op,
        });
    }
    let result = match (&item.ret, &body.ret) {
        (Ret::Value(Pass::Void), _) => None,
        (_, Some(v)) => Some(ctx.value(v)?),
        (_, None) => return Err("it returns nothing where the binding returns a value".into()),
    };
    let write_this = match (&body.this, item.receiver) {
        (Some(v), Receiver::StructMut) => Some(ctx.value(v)?),
        _ => None,
    };
    let out_params = item.params.iter().filter(|p| out_target(&p.pass).is_some()).count();
    if out_params != body.outs.len() {
        return Err("its `out` parameters are not the binding's".into());
    }
    let outs = body.outs.iter().map(|v| ctx.value(v)).collect::<Result<_, _>>()?;
    let mut write_params = Vec::new();
    for (i, v) in &body.refs {
        let p = item.params.get(*i).ok_or("it writes a parameter the binding lacks")?;
        match ref_struct(&p.pass) {
            Some(PassMode::Ref) => write_params.push((p.name.clone(), ctx.value(v)?)),
            // Lent `&` (an `in`, or a `ref` `read/param_writes.rs` found no store through):
            // the body stores into it, which the binding cannot write back.
            Some(_) => {
                return Err(format!(
                    "it stores into parameter `{}`, which the binding lends `&`",
                    p.name
                ))
            }
            None => {
                return Err(format!(
                    "parameter `{}` is a reference the binding does not lend",
                    p.name
                ))
            }
        }
    }
    // An `out` parameter is no parameter of the Rust function (the binding returns it).
    let unused = item
        .params
        .iter()
        .zip(&used)
        .filter(|(p, u)| !**u && out_target(&p.pass).is_none())
        .map(|(p, _)| p.name.clone())
        .collect();
    let mut gate: Vec<&str> = vec!["super"; module.len()];
    gate.push(GATE);
    Ok(Translated {
        stmts,
        result,
        write_this,
        outs,
        write_params,
        unused,
        gate: gate.join("::"),
        builds: body.assemblies.clone(),
    })
}

/// A primitive with a Rust value type of its own (native integers are `isize`/`usize`), or a
/// full struct.
fn plain(pass: &Pass) -> bool {
    match pass {
        Pass::Primitive(p) => !matches!(p, Primitive::Char),
        Pass::FullStruct(_) => true,
        _ => false,
    }
}

/// What an `out` parameter the translation returns holds: a full struct or a primitive whose
/// binding slot has the value's own Rust type (not `bool`, whose slot is `cilbind::Boolean`).
pub(crate) fn out_target(pass: &Pass) -> Option<&Pass> {
    match pass {
        Pass::ByRef {
            pass: PassMode::Out,
            target,
        } if plain(target) && !matches!(**target, Pass::Primitive(Primitive::Bool)) => Some(target),
        _ => None,
    }
}

/// How a `ref` or `in` full struct parameter is lent (`&mut` or `&`): the translation reads
/// its fields through the reference, and writes a `ref` one back.
pub(crate) fn ref_struct(pass: &Pass) -> Option<PassMode> {
    match pass {
        Pass::ByRef {
            pass: mode @ (PassMode::Ref | PassMode::In),
            target,
        } if matches!(**target, Pass::FullStruct(_)) => Some(*mode),
        _ => None,
    }
}

/// A value stored into a field of a full struct: a `bool` field is declared `u8`
/// (`repr::rust_field_type`), and .NET's `stfld` of a `bool` stores the low byte of the
/// value as it is (IL may store 2; C#'s `a && b` stores `b`'s byte), so it is cast, never
/// compared with 0.
fn field_value(v: Value) -> Value {
    match v {
        Value::Scalar(o, PureStored::Bool) => Value::Scalar(o, PureStored::U8),
        v => v,
    }
}

/// Rust names of the structs and fields a body uses, seen from the method's module.
struct Names<'a> {
    res: &'a Resolver<'a>,
    module: &'a [String],
}

impl Names<'_> {
    /// The Rust field names along an input's path, and the last field's enum when it is one.
    fn field_path(&self, input: &PureInput) -> Result<(Vec<String>, Option<EnumField>), String> {
        let mut out = Vec::new();
        let mut ty = input.root_ty.clone();
        let mut of_enum = None;
        for name in &input.fields {
            let path = ty.ok_or_else(|| format!("the field `{name}` of a number"))?;
            let Some(TypeClass::FullStruct(layout)) = self.res.classes.get(&path) else {
                return Err(format!("`{}` is not a full struct", path.metadata_name));
            };
            let rust = literal_parts(self.res.classes, layout)?
                .into_iter()
                .find_map(|p| match p {
                    LiteralPart::Field { metadata, rust } if metadata == *name => Some(rust),
                    _ => None,
                })
                .ok_or_else(|| format!("`{}` has no field `{name}`", path.metadata_name))?;
            out.push(rust);
            ty = layout
                .fields
                .iter()
                .find(|f| f.name == *name)
                .and_then(|f| match &f.ty {
                    Ty::Named { path, .. } => Some(path.clone()),
                    _ => None,
                });
            of_enum = match &ty {
                Some(path) => self.enum_field(path)?,
                None => None,
            };
        }
        Ok((out, of_enum))
    }

    /// `path` as an [`EnumField`] when it is an enum.
    fn enum_field(&self, path: &TypePath) -> Result<Option<EnumField>, String> {
        let flags = match self.res.classes.get(path) {
            Some(TypeClass::Enum { .. }) => false,
            Some(TypeClass::FlagsEnum { .. }) => true,
            _ => return Ok(None),
        };
        let rust = self
            .res
            .path_from(self.module, path)
            .ok_or_else(|| format!("`{}` has no Rust declaration", path.metadata_name))?;
        Ok(Some(EnumField { path: rust, flags }))
    }

    /// A value in Rust terms.
    fn value(&self, v: &PureValue) -> Result<Value, String> {
        match v {
            PureValue::Scalar { value, stored } => Ok(Value::Scalar(*value, *stored)),
            PureValue::Struct { ty, fields } => {
                let Some(TypeClass::FullStruct(layout)) = self.res.classes.get(ty) else {
                    return Err(format!("`{}` is not a full struct", ty.metadata_name));
                };
                let rust = self
                    .res
                    .path_from(self.module, ty)
                    .ok_or_else(|| format!("`{}` has no Rust declaration", ty.metadata_name))?;
                let mut parts = Vec::new();
                for part in literal_parts(self.res.classes, layout)? {
                    match part {
                        LiteralPart::Field { metadata, rust } => {
                            let f = fields
                                .iter()
                                .find(|(n, _)| *n == metadata)
                                .ok_or_else(|| format!("`{}.{metadata}` is not computed", ty.metadata_name))?;
                            let mut v = field_value(self.value(&f.1)?);
                            let declared = layout.fields.iter().find(|d| d.name == metadata).map(|d| &d.ty);
                            if let Some(Ty::Named { path, .. }) = declared {
                                if let Some(e) = self.enum_field(path)? {
                                    v = Value::Enum(e, Box::new(v));
                                }
                            }
                            parts.push((rust, v));
                        }
                        LiteralPart::Pad { at, len } => parts.push((format!("_pad_{at}"), Value::Pad(len))),
                    }
                }
                Ok(Value::Struct(rust, parts))
            }
        }
    }
}
