//! The metadata questions the IL walk of `this_writes` asks about the methods and types an
//! instruction names: a callee's signature and name, a constructor's type, a type's methods,
//! whether a type carries a pointer into the stack (`ref struct`s, byrefs, pointers), where a
//! type is declared, and an instruction as IL assembly writes it (for the reasons it reports).

use super::assembly_set::{AssemblySet, DefRef, Loaded};
use super::definition::{attribute_type_name, source_base};
use dotnetdll::prelude::*;
use dotnetdll::resolved::il::Instruction as I;

const IS_BYREF_LIKE: &str = "System.Runtime.CompilerServices.IsByRefLikeAttribute";

impl Owner {
    pub(super) fn is_primitive(&self) -> bool {
        match self {
            Owner::Primitive => true,
            Owner::Def(d) => is_primitive(*d),
            _ => false,
        }
    }
}

/// An instruction as IL assembly writes it, for the stores reasons name.
pub(super) fn il_text(ins: &I, res: &Resolution<'static>) -> String {
    use dotnetdll::resolved::il::StoreType as S;
    match ins {
        I::StoreField { param0: f, .. } | I::StoreFieldSkipNullCheck(f) => format!("stfld {}", f.show(res)),
        I::StoreStaticField { param0: f, .. } => format!("stsfld {}", f.show(res)),
        I::StoreObject { param0: t, .. } => format!("stobj {}", t.show(res)),
        I::InitializeForObject(t) => format!("initobj {}", t.show(res)),
        I::CopyObject(t) => format!("cpobj {}", t.show(res)),
        I::CopyMemoryBlock { .. } => "cpblk".into(),
        I::InitializeMemoryBlock { .. } => "initblk".into(),
        I::StoreElement { param0: t, .. } => format!("stelem {}", t.show(res)),
        I::StoreElementPrimitive { param0: t, .. } | I::StoreIndirect { param0: t, .. } => {
            let suffix = match t {
                S::Int8 => "i1",
                S::Int16 => "i2",
                S::Int32 => "i4",
                S::Int64 => "i8",
                S::Float32 => "r4",
                S::Float64 => "r8",
                S::IntPtr => "i",
                S::Object => "ref",
            };
            let op = if matches!(ins, I::StoreIndirect { .. }) {
                "stind"
            } else {
                "stelem"
            };
            format!("{op}.{suffix}")
        }
        other => other.show(res),
    }
}

pub(super) fn src_method(src: &MethodSource) -> UserMethod {
    match src {
        MethodSource::User(u) => *u,
        MethodSource::Generic(g) => g.base,
    }
}

pub(super) fn signature_of<'r>(res: &'r Resolution<'static>, m: UserMethod) -> &'r ManagedMethod<MethodType> {
    match m {
        UserMethod::Definition(mi) => &res[mi].signature,
        UserMethod::Reference(ri) => &res[ri].signature,
    }
}

pub(super) fn method_name<'r>(res: &'r Resolution<'static>, m: UserMethod) -> &'r str {
    match m {
        UserMethod::Definition(mi) => &res[mi].name,
        UserMethod::Reference(ri) => &res[ri].name,
    }
}

/// `Namespace.Type::Method`, as the reasons name callees.
pub(super) fn callee_name(res: &Resolution<'static>, m: UserMethod) -> String {
    let owner = match m {
        UserMethod::Definition(mi) => res[mi.parent_type()].nested_type_name(res),
        UserMethod::Reference(ri) => match &res[ri].parent {
            MethodReferenceParent::Type(MethodType::Base(b)) => match &**b {
                BaseType::Type { source, .. } => source_base(source).type_name(res),
                other => other.show(res),
            },
            MethodReferenceParent::Type(t) => t.show(res),
            MethodReferenceParent::VarargMethod(mi) => res[mi.parent_type()].nested_type_name(res),
            MethodReferenceParent::Module(_) => "<Module>".into(),
        },
    };
    format!("{owner}::{}", method_name(res, m))
}

/// The type a constructor makes.
pub(super) fn ctor_type(res: &Resolution<'static>, m: UserMethod) -> MethodType {
    match m {
        UserMethod::Reference(ri) => match &res[ri].parent {
            MethodReferenceParent::Type(t) => t.clone(),
            _ => MethodType::Base(Box::new(BaseType::Object)),
        },
        UserMethod::Definition(mi) => MethodType::Base(Box::new(BaseType::Type {
            value_kind: None,
            source: TypeSource::User(UserType::Definition(mi.parent_type())),
        })),
    }
}

/// Methods and accessors of `d`.
pub(super) fn methods_of(d: DefRef) -> Vec<MethodIndex> {
    let res = &d.asm.res;
    let mut all: Vec<MethodIndex> = res.enumerate_methods(d.idx).map(|(i, _)| i).collect();
    for (p, _) in res.enumerate_properties(d.idx) {
        all.extend(res.property_getter_index(p));
        all.extend(res.property_setter_index(p));
    }
    all
}

pub(super) fn member_to_method(t: MemberType) -> MethodType {
    match t {
        MemberType::Base(b) => MethodType::Base(Box::new(b.map(member_to_method))),
        MemberType::TypeGeneric(n) => MethodType::TypeGeneric(n),
    }
}

/// A `ref`, a typed reference, or a type that [`carries_pointer`].
pub(super) fn carries_pointer_param(set: &AssemblySet, asm: &'static Loaded, p: &ParameterType<MethodType>) -> bool {
    match p {
        ParameterType::Ref(_) | ParameterType::TypedReference => true,
        ParameterType::Value(t) => carries_pointer(set, asm, t),
    }
}

/// A pointer, a native integer, a `ref struct`, a generic parameter (it may be any of
/// these), or a type that does not resolve.
pub(super) fn carries_pointer(set: &AssemblySet, asm: &'static Loaded, t: &MethodType) -> bool {
    match t {
        MethodType::TypeGeneric(_) | MethodType::MethodGeneric(_) => true,
        MethodType::Base(b) => match &**b {
            BaseType::IntPtr | BaseType::UIntPtr | BaseType::ValuePointer(..) | BaseType::FunctionPointer(_) => true,
            BaseType::Type { .. } => is_byref_like(set, asm, t),
            _ => false,
        },
    }
}

/// A `ref struct` (`[IsByRefLike]`: `Span<T>` and the like), or a type that does not resolve.
pub(super) fn is_byref_like(set: &AssemblySet, asm: &'static Loaded, t: &MethodType) -> bool {
    let MethodType::Base(b) = t else {
        return false;
    };
    let BaseType::Type { source, .. } = &**b else {
        return false;
    };
    match set.resolve_user_type(asm, source_base(source)) {
        Ok(d) => d
            .def()
            .attributes
            .iter()
            .any(|a| attribute_type_name(d.asm, a) == IS_BYREF_LIKE),
        Err(_) => true,
    }
}

/// The type declaring a referenced method.
pub(super) enum Owner {
    /// A primitive written as an element type (`int32::GetHashCode`).
    Primitive,
    /// `object`, `string`, an array: reference types.
    Class,
    Def(DefRef),
    /// A generic parameter, a module, or a type that does not resolve.
    Unknown,
}

pub(super) fn declaring_type(set: &AssemblySet, from: &'static Loaded, t: &MethodType) -> Owner {
    let MethodType::Base(b) = t else {
        return Owner::Unknown;
    };
    match &**b {
        BaseType::Type { source, .. } => set
            .resolve_user_type(from, source_base(source))
            .map_or(Owner::Unknown, Owner::Def),
        BaseType::Object | BaseType::String | BaseType::Vector(..) | BaseType::Array(..) => Owner::Class,
        BaseType::ValuePointer(..) | BaseType::FunctionPointer(_) => Owner::Unknown,
        _ => Owner::Primitive,
    }
}

/// .NET's primitive structs: their instance methods never change the value.
pub(super) fn is_primitive(d: DefRef) -> bool {
    const PRIMITIVES: &[&str] = &[
        "System.Boolean",
        "System.Char",
        "System.SByte",
        "System.Byte",
        "System.Int16",
        "System.UInt16",
        "System.Int32",
        "System.UInt32",
        "System.Int64",
        "System.UInt64",
        "System.Single",
        "System.Double",
        "System.IntPtr",
        "System.UIntPtr",
    ];
    PRIMITIVES.contains(&d.metadata_name().as_str())
}
