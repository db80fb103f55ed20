//! C# 8 nullable annotations: whether metadata proves a reference-typed result never null.
//!
//! A compiler that knows nullable reference types records them as attributes it declares in
//! each assembly itself (so they are found by name, whichever assembly declares them):
//! `[Nullable]` on a return value, parameter, field or property carries one byte per type
//! reference of its type, the top-level one first: 0 oblivious (written without annotations),
//! 1 not annotated (never null: `string`), 2 annotated (may be null: `string?`); one byte alone
//! stands for all of them. Without `[Nullable]`, the nearest `[NullableContext]` (a byte, on
//! the method, then its type and the types enclosing it, then the module) gives the value;
//! without either, it is 0. Assemblies compiled without annotations (every `mcs` build, most
//! older libraries) have neither attribute: their results stay `Option`.
//!
//! Only "1" proves a result non-null. A generic parameter's "1" (`T`) means "as the type
//! argument is", which can be a nullable type, so the plan applies the rule to strings,
//! classes, interfaces and arrays only. Annotations are not enforced at run time: a method
//! that returns null anyway makes the binding return `Error::NullReference`. Fields are left
//! out: a non-nullable field is null until a constructor sets it (and in `default` structs),
//! so its annotation proves nothing about a read.

use super::assembly_set::DefRef;
use super::definition::attribute_type_name;
use dotnetdll::binary::signature::attribute::{FixedArg, IntegralParam};
use dotnetdll::prelude::*;
use dotnetdll::resolved::types::AlwaysFailsResolver;

const NULLABLE: &str = "System.Runtime.CompilerServices.NullableAttribute";
const NULLABLE_CONTEXT: &str = "System.Runtime.CompilerServices.NullableContextAttribute";
/// The byte for "not annotated": the type as written, never null for a reference type.
const NOT_ANNOTATED: u8 = 1;

/// Whether `m` (a method of `owner`; for a getter, `property` is its property) returns a
/// value its annotations say is never null.
pub(super) fn result_non_null(owner: DefRef, m: &Method<'static>, property: Option<&Property<'static>>) -> bool {
    let on_return = m
        .return_type_metadata
        .as_ref()
        .and_then(|md| top_level(owner, &md.attributes));
    // A property's own `[Nullable]` describes its getter's result as well.
    let flag = on_return
        .or_else(|| property.and_then(|p| top_level(owner, &p.attributes)))
        .or_else(|| context(owner, &m.attributes))
        .or_else(|| type_context(owner));
    flag == Some(NOT_ANNOTATED)
}

/// The `[NullableContext]` of `owner`, the types enclosing it, or the module.
fn type_context(owner: DefRef) -> Option<u8> {
    let res = &owner.asm.res;
    let mut idx = Some(owner.idx);
    while let Some(i) = idx {
        if let Some(flag) = context(owner, &res[i].attributes) {
            return Some(flag);
        }
        idx = res[i].encloser;
    }
    context(owner, &res.module.attributes)
}

/// The first byte of a `[Nullable]` among `attrs` (the top-level type's).
fn top_level(owner: DefRef, attrs: &[Attribute<'static>]) -> Option<u8> {
    let a = attrs.iter().find(|a| attribute_type_name(owner.asm, a) == NULLABLE)?;
    let data = a.instantiation_data(&AlwaysFailsResolver, &owner.asm.res).ok()?;
    match data.constructor_args.first()? {
        FixedArg::Integral(IntegralParam::UInt8(b)) => Some(*b),
        FixedArg::Array(_, Some(bytes)) => match bytes.first()? {
            FixedArg::Integral(IntegralParam::UInt8(b)) => Some(*b),
            _ => None,
        },
        _ => None,
    }
}

/// The byte of a `[NullableContext]` among `attrs`.
fn context(owner: DefRef, attrs: &[Attribute<'static>]) -> Option<u8> {
    let a = attrs
        .iter()
        .find(|a| attribute_type_name(owner.asm, a) == NULLABLE_CONTEXT)?;
    let data = a.instantiation_data(&AlwaysFailsResolver, &owner.asm.res).ok()?;
    match data.constructor_args.first()? {
        FixedArg::Integral(IntegralParam::UInt8(b)) => Some(*b),
        _ => None,
    }
}
