//! What a single definition says about itself, read straight from dotnetdll: its kind, enum
//! values, layout, visibility, constants, attribute names and how a by-reference parameter
//! passes. [`super::to_model`] assembles
//! these into the model.

use super::assembly_set::{DefRef, Loaded};
use crate::error::{Error, Result};
use crate::model::{ConstValue, EnumInfo, EnumMember, Layout, PassMode, Primitive, TypeKind, Visibility};
use dotnetdll::prelude::*;
use dotnetdll::resolved::members::Accessibility as MemberAccessibility;

pub(super) fn source_base<T>(s: &TypeSource<T>) -> &UserType {
    match s {
        TypeSource::User(u) => u,
        TypeSource::Generic { base, .. } => base,
    }
}

/// dotnetdll stores only class vs. interface; the other kinds follow from the base type.
pub(super) fn type_kind(d: DefRef) -> TypeKind {
    if matches!(d.def().flags.kind, Kind::Interface) {
        return TypeKind::Interface;
    }
    match d.base_name().as_str() {
        "System.Enum" => TypeKind::Enum,
        // System.Enum itself derives from System.ValueType but is a class.
        "System.ValueType" if d.metadata_name() != "System.Enum" => TypeKind::Struct,
        "System.MulticastDelegate" => TypeKind::Delegate,
        _ => TypeKind::Class,
    }
}

pub(super) fn enum_info(d: DefRef) -> Result<EnumInfo> {
    let td = d.def();
    let corrupt = |reason: String| Error::CorruptMetadata {
        path: d.asm.path.clone(),
        reason,
    };
    let value_field = td
        .fields
        .iter()
        .find(|f| !f.static_member)
        .ok_or_else(|| corrupt(format!("enum {} has no value__ field", d.metadata_name())))?;
    let underlying = match &value_field.return_type {
        MemberType::Base(b) => match &**b {
            BaseType::Boolean => Some(Primitive::Bool),
            BaseType::Char => Some(Primitive::Char),
            BaseType::Int8 => Some(Primitive::I8),
            BaseType::UInt8 => Some(Primitive::U8),
            BaseType::Int16 => Some(Primitive::I16),
            BaseType::UInt16 => Some(Primitive::U16),
            BaseType::Int32 => Some(Primitive::I32),
            BaseType::UInt32 => Some(Primitive::U32),
            BaseType::Int64 => Some(Primitive::I64),
            BaseType::UInt64 => Some(Primitive::U64),
            BaseType::IntPtr => Some(Primitive::IntPtr),
            BaseType::UIntPtr => Some(Primitive::UIntPtr),
            _ => None,
        },
        MemberType::TypeGeneric(_) => None,
    }
    .ok_or_else(|| corrupt(format!("enum {} has a non-integral underlying type", d.metadata_name())))?;
    let members = td
        .fields
        .iter()
        .filter(|f| f.static_member && f.literal)
        .filter_map(|f| {
            let value = match f.default.as_ref().map(const_value)? {
                ConstValue::Int(v) => v,
                ConstValue::Bool(b) => i128::from(b),
                ConstValue::Char(c) => i128::from(c),
                _ => return None,
            };
            Some(EnumMember {
                name: f.name.to_string(),
                value,
            })
        })
        .collect();
    let is_flags = td
        .attributes
        .iter()
        .any(|a| attribute_type_name(d.asm, a) == "System.FlagsAttribute");
    Ok(EnumInfo {
        underlying,
        members,
        is_flags,
    })
}

/// Full name of a custom attribute's type, found through its constructor.
pub(super) fn attribute_type_name(asm: &Loaded, a: &Attribute) -> String {
    match a.constructor {
        UserMethod::Definition(m) => asm.res[m.parent_type()].type_name(),
        UserMethod::Reference(r) => match &asm.res[r].parent {
            MethodReferenceParent::Type(MethodType::Base(b)) => match &**b {
                BaseType::Type { source, .. } => source_base(source).type_name(&asm.res),
                _ => String::new(),
            },
            _ => String::new(),
        },
    }
}

pub(super) fn layout(l: dotnetdll::resolved::types::Layout) -> Layout {
    use dotnetdll::resolved::types::Layout as L;
    // 0 in a ClassLayout row means "not specified".
    let nonzero = |v: usize| u32::try_from(v).ok().filter(|&v| v != 0);
    match l {
        L::Automatic => Layout::Auto,
        L::Sequential(s) => Layout::Sequential {
            pack: s.and_then(|s| nonzero(s.packing_size)),
            size: s.and_then(|s| nonzero(s.class_size)),
        },
        L::Explicit(e) => Layout::Explicit {
            size: e.and_then(|e| nonzero(e.class_size)),
        },
    }
}

pub(super) fn is_visible(a: MemberAccessibility) -> bool {
    matches!(
        visibility(a),
        Visibility::Public | Visibility::Protected | Visibility::ProtectedInternal
    )
}

pub(super) fn visibility(a: MemberAccessibility) -> Visibility {
    match a {
        MemberAccessibility::CompilerControlled => Visibility::Private,
        MemberAccessibility::Access(a) => match a {
            Accessibility::Public => Visibility::Public,
            Accessibility::Family => Visibility::Protected,
            Accessibility::FamilyORAssembly => Visibility::ProtectedInternal,
            Accessibility::FamilyANDAssembly => Visibility::PrivateProtected,
            Accessibility::Assembly => Visibility::Internal,
            Accessibility::Private => Visibility::Private,
        },
    }
}

pub(super) fn const_value(c: &Constant) -> ConstValue {
    match c {
        Constant::Boolean(b) => ConstValue::Bool(*b),
        Constant::Char(c) => ConstValue::Char(*c),
        Constant::Int8(v) => ConstValue::Int((*v).into()),
        Constant::UInt8(v) => ConstValue::Int((*v).into()),
        Constant::Int16(v) => ConstValue::Int((*v).into()),
        Constant::UInt16(v) => ConstValue::Int((*v).into()),
        Constant::Int32(v) => ConstValue::Int((*v).into()),
        Constant::UInt32(v) => ConstValue::Int((*v).into()),
        Constant::Int64(v) => ConstValue::Int((*v).into()),
        Constant::UInt64(v) => ConstValue::Int((*v).into()),
        Constant::Float32(v) => ConstValue::F32(*v),
        Constant::Float64(v) => ConstValue::F64(*v),
        Constant::String(units) => ConstValue::String(String::from_utf16_lossy(units)),
        Constant::Null => ConstValue::Null,
    }
}

/// How parameter `i` of `m`, passed by reference, passes: C#'s `out` is `[Out]` alone, `in`
/// is `[In]` alone; anything else (`[In, Out]`, as interop libraries mark buffers the callee
/// reads and writes, or no attribute) is a `ref`.
pub(super) fn by_ref_mode(m: &Method, i: usize) -> PassMode {
    match m.parameter_metadata.get(i).and_then(Option::as_ref) {
        Some(md) if md.is_out && !md.is_in => PassMode::Out,
        Some(md) if md.is_in && !md.is_out => PassMode::In,
        _ => PassMode::Ref,
    }
}
