//! Signatures: how each member's parameters, return value or field value cross between
//! Rust and .NET ([`Crossing`]), or why the member is skipped.

use super::classify::{ArrayElement, ClassifiedMember, Classifier, Crossing, HandleKind, SignatureClass, TypeClass};
use super::skip::{SkipKind, Unsupported};
use crate::model::{GenericParam, MemberModelRef, PassMode, Ty, TypeModel, Visibility};

impl Classifier<'_> {
    pub(super) fn members(&mut self, t: &TypeModel) -> Vec<ClassifiedMember> {
        let Some(api) = &t.api else { return Vec::new() };
        let type_name = &t.path.name;
        let mut out = Vec::new();
        for (i, f) in t.fields.iter().enumerate() {
            let visible = matches!(
                f.visibility,
                Visibility::Public | Visibility::Protected | Visibility::ProtectedInternal
            );
            if !visible {
                continue; // private fields of structs are modeled only for their layout
            }
            let binding = self.visibility_check(f.visibility).and_then(|()| {
                if matches!(f.ty, Ty::Pointer(_)) {
                    // A pointer field would be read and written through a raw address with no
                    // owner: not bound.
                    return Err(Unsupported::new(SkipKind::Pointer, format!("field type {}", f.ty)));
                }
                let ret = self
                    .crossing(&f.ty, PassMode::Value)
                    .map_err(|u| u.context(&format!("field type {}", f.ty)))?;
                Ok(SignatureClass {
                    params: Vec::new(),
                    ret,
                    ret_by_ref: false,
                })
            });
            out.push(ClassifiedMember {
                member: MemberModelRef::Field(i),
                display_name: format!("{type_name}.{}", f.name),
                binding,
            });
        }
        for (i, m) in api.methods.iter().enumerate() {
            out.push(ClassifiedMember {
                member: MemberModelRef::Method(i),
                display_name: format!("{type_name}.{}", m.name),
                binding: self.method_binding(m),
            });
        }
        for (i, p) in api.properties.iter().enumerate() {
            for (accessor, r) in [
                (&p.getter, MemberModelRef::Getter(i)),
                (&p.setter, MemberModelRef::Setter(i)),
            ] {
                if let Some(m) = accessor {
                    out.push(ClassifiedMember {
                        member: r,
                        display_name: format!("{type_name}.{}", m.name),
                        binding: self.method_binding(m),
                    });
                }
            }
        }
        // Events: their add/remove accessors, like a property's getter and setter.
        for (i, e) in api.events.iter().enumerate() {
            for (accessor, r) in [
                (&e.add, MemberModelRef::EventAdd(i)),
                (&e.remove, MemberModelRef::EventRemove(i)),
            ] {
                out.push(ClassifiedMember {
                    member: r,
                    display_name: format!("{type_name}.{}", accessor.name),
                    binding: self.method_binding(accessor),
                });
            }
        }
        out
    }

    fn visibility_check(&self, v: Visibility) -> Result<(), Unsupported> {
        match v {
            Visibility::Public => Ok(()),
            _ => Err(Unsupported::new(SkipKind::Protected, "protected member")),
        }
    }

    /// The protected methods (constructors included) and fields of `t`, classified as if they
    /// were public: a Rust subclass reaches them (`plan::implement`), nothing else does.
    pub(super) fn protected_members(&mut self, t: &TypeModel) -> Vec<ClassifiedMember> {
        let Some(api) = &t.api else { return Vec::new() };
        let protected = |v: Visibility| matches!(v, Visibility::Protected | Visibility::ProtectedInternal);
        let mut out = Vec::new();
        for (i, f) in t.fields.iter().enumerate() {
            if protected(f.visibility) && !f.is_literal && !matches!(f.ty, Ty::Pointer(_)) {
                let binding = self.crossing(&f.ty, PassMode::Value).map(|ret| SignatureClass {
                    params: Vec::new(),
                    ret,
                    ret_by_ref: false,
                });
                out.push(ClassifiedMember {
                    member: MemberModelRef::Field(i),
                    display_name: format!("{}.{}", t.path.name, f.name),
                    binding,
                });
            }
        }
        for (i, m) in api.methods.iter().enumerate() {
            if protected(m.visibility) {
                out.push(ClassifiedMember {
                    member: MemberModelRef::Method(i),
                    display_name: format!("{}.{}", t.path.name, m.name),
                    binding: self.signature_binding(m),
                });
            }
        }
        out
    }

    fn method_binding(&mut self, m: &crate::model::MethodModel) -> Result<SignatureClass, Unsupported> {
        self.visibility_check(m.visibility)?;
        self.signature_binding(m)
    }

    /// How the values of each of `t`'s internal calls cross (`api.natives`, in order),
    /// whatever their accessibility: Rust implements natives, it does not call them.
    pub(super) fn natives(&mut self, t: &TypeModel) -> Vec<Result<SignatureClass, Unsupported>> {
        let Some(api) = &t.api else { return Vec::new() };
        api.natives.iter().map(|m| self.signature_binding(m)).collect()
    }

    fn signature_binding(&mut self, m: &crate::model::MethodModel) -> Result<SignatureClass, Unsupported> {
        if m.is_varargs {
            return Err(Unsupported::new(
                SkipKind::Varargs,
                format!("{} takes __arglist", m.name),
            ));
        }
        let mut params = Vec::new();
        for p in &m.params {
            // A `ref` the method never writes through crosses as `in` does: `&T`.
            let pass = if p.pass == PassMode::Ref && p.read_only {
                PassMode::In
            } else {
                p.pass
            };
            if let Some(c) = buffer_crossing(m, p, pass) {
                params.push(c);
                continue;
            }
            let c = self
                .crossing(&p.ty, pass)
                .map_err(|u| u.context(&format!("parameter `{}`", p.name)))?;
            params.push(c);
        }
        let (ret_ty, ret_by_ref) = match &m.ret {
            Ty::ByRef(t) => (&**t, true),
            t => (t, false),
        };
        let ret = match ret_ty {
            // A copy of a pointer or of a ref struct is still an address into memory the
            // call does not own.
            Ty::ByRef(_) | Ty::Pointer(_) if ret_by_ref => {
                return Err(Unsupported::new(SkipKind::RefReturn, format!("returns ref {ret_ty}")));
            }
            // A returned pointer has no length and no owner the generator could state: the
            // member stays a skip (parameters are bound, see `Classifier::pointer`).
            Ty::Pointer(_) => {
                return Err(Unsupported::new(
                    SkipKind::Pointer,
                    format!("returns {} (pointer returns are not bound)", m.ret),
                ));
            }
            t => match self
                .crossing(t, PassMode::Value)
                .map_err(|u| u.context(if ret_by_ref { "ref return type" } else { "return type" }))?
            {
                // The span would point into memory that only the call lent.
                Crossing::Span { .. } => {
                    return Err(Unsupported::new(
                        SkipKind::Span,
                        format!("returns {t} (span returns are not bound)"),
                    ))
                }
                c => c,
            },
        };
        Ok(SignatureClass {
            params,
            ret,
            ret_by_ref,
        })
    }

    /// How a value of type `ty`, passed as `pass`, crosses.
    pub(super) fn crossing(&mut self, ty: &Ty, pass: PassMode) -> Result<Crossing, Unsupported> {
        if pass != PassMode::Value {
            if matches!(ty, Ty::Pointer(_)) {
                // The runtime has no by-ref slot for a pointer (`Out` is for values it can check).
                return Err(Unsupported::new(SkipKind::Pointer, format!("ref/out of {ty}")));
            }
            let target = self.crossing(ty, PassMode::Value)?;
            if matches!(target, Crossing::Span { .. }) {
                return Err(Unsupported::new(SkipKind::Span, format!("ref/out of {ty}")));
            }
            return Ok(Crossing::ByRef {
                pass,
                target: Box::new(target),
            });
        }
        if let Some(p) = ty.first_generic_param() {
            // A type parameter (the declaring type's or the method's) crosses as itself
            // (`T0`/`M0: TypeArg`), and a class, interface or delegate over type parameters
            // (`IEnumerable<T>`) as the generic wrapper over them, a generic value type over them
            // as its generic handle, and `T[]` as the type argument's array handle: members of
            // generic types and generic methods are bound for every type argument. Anything
            // else built from a type parameter (`T[][]`, `T*`) has no Rust form yet.
            if let Ty::SzArray(element) = ty {
                // `Task<T>[]`: an array of a class, interface or delegate over type
                // parameters, as the object array of its generic wrapper (the closed array
                // class checked at each call, like any array's).
                if matches!(**element, Ty::Named { .. })
                    && matches!(self.crossing(element, PassMode::Value), Ok(Crossing::Handle { .. }))
                {
                    return Ok(Crossing::Array {
                        ty: ty.clone(),
                        element: ArrayElement::Object((**element).clone()),
                    });
                }
            }
            match ty {
                Ty::GenericParam(p) => return Ok(Crossing::TypeParam(*p)),
                // `Span<T>`/`ReadOnlySpan<T>` of a method type parameter: a slice of a
                // blittable `T` (see `Classifier::span`).
                Ty::Named { path, args } if super::span::span_kind(path).is_some() => {
                    let mutable = super::span::span_kind(path) == Some(true);
                    return self.span(ty, args, mutable);
                }
                // `T[]`: the type argument's array handle (`<T as TypeArg>::ArrayOf`).
                Ty::SzArray(element) if matches!(**element, Ty::GenericParam(_)) => {
                    return Ok(Crossing::Array {
                        ty: ty.clone(),
                        element: ArrayElement::Object((**element).clone()),
                    });
                }
                Ty::Named { path, args }
                    if !args.is_empty()
                        && self.class_of(path, &[], 0) == TypeClass::GenericStruct
                        && args.iter().all(|a| self.spells_open(a)) =>
                {
                    return Ok(Crossing::ManagedStruct(ty.clone()));
                }
                Ty::Named { path, args }
                    if matches!(
                        self.class_of(path, args, 0),
                        TypeClass::Class | TypeClass::Interface | TypeClass::Delegate
                    ) && args.iter().all(|a| self.spells_open(a)) =>
                {
                    let kind = match self.class_of(path, args, 0) {
                        TypeClass::Interface => HandleKind::Interface,
                        TypeClass::Delegate => HandleKind::Delegate,
                        _ => HandleKind::Class,
                    };
                    return Ok(Crossing::Handle { ty: ty.clone(), kind });
                }
                _ => {}
            }
            let what = match p {
                GenericParam::Type(i) => format!("type parameter !{i} of the declaring type in {ty}"),
                GenericParam::Method(i) => format!("method type parameter !!{i} in {ty}"),
            };
            return Err(Unsupported::new(SkipKind::OpenGeneric, what));
        }
        Ok(match ty {
            Ty::Void => Crossing::Void,
            Ty::Primitive(p) => Crossing::Primitive(*p),
            Ty::String => Crossing::String,
            Ty::Object => Crossing::Handle {
                ty: Ty::Object,
                kind: HandleKind::Object,
            },
            Ty::Named { path, args } => {
                if path.metadata_name == "System.Nullable`1" {
                    return self.nullable(ty, args);
                }
                if let Some(mutable) = super::span::span_kind(path) {
                    return self.span(ty, args, mutable);
                }
                // Every instantiation of a generic value type, full or managed, is a handle
                // to a box (see `TypeClass::GenericStruct`); a ref struct has no box.
                if !args.is_empty() {
                    match self.class_of(path, &[], 0) {
                        TypeClass::GenericStruct => return Ok(Crossing::ManagedStruct(ty.clone())),
                        TypeClass::Unsupported(u) => return Err(u),
                        _ => {}
                    }
                }
                match self.class_of(path, args, 0) {
                    TypeClass::Primitive(p) => Crossing::Primitive(p),
                    TypeClass::String => Crossing::String,
                    TypeClass::Object => Crossing::Handle {
                        ty: ty.clone(),
                        kind: HandleKind::Object,
                    },
                    TypeClass::Enum { underlying } => Crossing::Enum {
                        ty: path.clone(),
                        underlying,
                        flags: false,
                    },
                    TypeClass::FlagsEnum { underlying } => Crossing::Enum {
                        ty: path.clone(),
                        underlying,
                        flags: true,
                    },
                    TypeClass::FullStruct(_) => Crossing::FullStruct(ty.clone()),
                    TypeClass::ManagedStruct { .. } => Crossing::ManagedStruct(ty.clone()),
                    TypeClass::GenericStruct => {
                        return Err(Unsupported::new(
                            SkipKind::OpenGeneric,
                            format!("{ty} is a generic value type without its type arguments"),
                        ))
                    }
                    TypeClass::Class => Crossing::Handle {
                        ty: ty.clone(),
                        kind: HandleKind::Class,
                    },
                    TypeClass::Interface => Crossing::Handle {
                        ty: ty.clone(),
                        kind: HandleKind::Interface,
                    },
                    TypeClass::Delegate => Crossing::Handle {
                        ty: ty.clone(),
                        kind: HandleKind::Delegate,
                    },
                    TypeClass::Unsupported(u) => return Err(u),
                }
            }
            Ty::SzArray(element) => {
                let element = match self.crossing(element, PassMode::Value)? {
                    Crossing::Primitive(p) => ArrayElement::Primitive(p),
                    Crossing::Enum { ty, underlying, .. } => ArrayElement::Enum { ty, underlying },
                    Crossing::FullStruct(t) => ArrayElement::FullStruct(t),
                    Crossing::Handle { .. } | Crossing::String | Crossing::Array { .. } => {
                        ArrayElement::Object((**element).clone())
                    }
                    Crossing::ManagedStruct(t) => ArrayElement::ManagedStruct(t),
                    Crossing::Pointer(_) => {
                        return Err(Unsupported::new(SkipKind::Pointer, format!("array of pointers {ty}")))
                    }
                    Crossing::Nullable(_) => {
                        return Err(Unsupported::new(
                            SkipKind::Nullable,
                            format!("{ty}: arrays of Nullable values are not bound"),
                        ))
                    }
                    Crossing::TypeParam(_) => {
                        return Err(Unsupported::new(
                            SkipKind::OpenGeneric,
                            format!("array of a type parameter {ty}"),
                        ))
                    }
                    Crossing::Void
                    | Crossing::ByRef { .. }
                    | Crossing::Span { .. }
                    | Crossing::Buffer { .. }
                    | Crossing::BlittableParam(_)
                    | Crossing::ReferenceParam(_) => {
                        return Err(Unsupported::new(SkipKind::SpecialType, format!("invalid array {ty}")))
                    }
                };
                Crossing::Array {
                    ty: ty.clone(),
                    element,
                }
            }
            Ty::Array { .. } => return Err(Unsupported::new(SkipKind::MultiDimArray, format!("{ty}"))),
            Ty::Pointer(pointee) => self.pointer(ty, pointee.as_deref())?,
            Ty::FunctionPointer => return Err(Unsupported::new(SkipKind::FunctionPointer, format!("{ty}"))),
            Ty::TypedReference => return Err(Unsupported::new(SkipKind::SpecialType, format!("{ty}"))),
            Ty::ByRef(t) => {
                return Err(Unsupported::new(
                    SkipKind::SpecialType,
                    format!("nested reference to {t}"),
                ))
            }
            Ty::GenericParam(_) => return Err(Unsupported::new(SkipKind::OpenGeneric, format!("{ty}"))),
        })
    }

    /// True when `ty`, a generic argument that may mention type parameters, has a Rust
    /// spelling as a type argument: a type parameter itself, a closed type, or a class,
    /// interface or delegate whose arguments are spelled so in turn, and an array of a type
    /// parameter or of such a class (`T[]`: `T0::ArrayOf`; `Task<T>[]`: an `ObjectArray`).
    fn spells_open(&mut self, ty: &Ty) -> bool {
        match ty {
            _ if ty.first_generic_param().is_none() => true,
            Ty::GenericParam(_) => true,
            Ty::SzArray(element) => match &**element {
                Ty::GenericParam(_) => true,
                // `Task<T>[]` (as in `Func<Task<T>[], TResult>`): the object array of the
                // generic wrapper, a reference type argument.
                Ty::Named { path, args } => {
                    matches!(
                        self.class_of(path, args, 0),
                        TypeClass::Class | TypeClass::Interface | TypeClass::Delegate
                    ) && args.iter().all(|a| self.spells_open(a))
                }
                _ => false,
            },
            Ty::Named { path, args } => {
                (matches!(
                    self.class_of(path, args, 0),
                    TypeClass::Class | TypeClass::Interface | TypeClass::Delegate
                ) || self.class_of(path, &[], 0) == TypeClass::GenericStruct)
                    && args.iter().all(|a| self.spells_open(a))
            }
            _ => false,
        }
    }

    /// An unmanaged pointer `T*` (ECMA-335 II.14.4.1): bound when `T` is a primitive, an enum
    /// or a full struct (Rust spells it, and its layout is Mono's, checked by `init()`), or
    /// `void`. Pointers to pointers, to function pointers and to any other type stay skips.
    fn pointer(&mut self, ty: &Ty, pointee: Option<&Ty>) -> Result<Crossing, Unsupported> {
        let Some(pointee) = pointee else {
            return Ok(Crossing::Pointer(None));
        };
        if matches!(pointee, Ty::Pointer(_) | Ty::FunctionPointer) {
            return Err(Unsupported::new(
                SkipKind::Pointer,
                format!("{ty}: pointer to a pointer"),
            ));
        }
        match self.crossing(pointee, PassMode::Value) {
            Ok(Crossing::Primitive(_) | Crossing::Enum { .. } | Crossing::FullStruct(_)) => {
                Ok(Crossing::Pointer(Some(pointee.clone())))
            }
            Ok(_) => Err(Unsupported::new(
                SkipKind::Pointer,
                format!("{ty}: pointer to a type that is not a primitive, enum or full struct"),
            )),
            Err(u) => Err(Unsupported::new(SkipKind::Pointer, format!("{ty}: {}", u.detail))),
        }
    }
}

/// The crossing of a generic method's buffer parameter (`T[]`, `T[,…]`, `ref`/`out`/`in T`
/// of a type parameter with the `struct` constraint), bound for a blittable `T`; `None` for
/// any other parameter.
fn buffer_crossing(m: &crate::model::MethodModel, p: &crate::model::ParamModel, pass: PassMode) -> Option<Crossing> {
    let value_type = |ty: &Ty| match ty {
        Ty::GenericParam(g @ GenericParam::Method(i)) if m.value_type_params.get(*i) == Some(&true) => Some(*g),
        _ => None,
    };
    if pass != PassMode::Value {
        let target = match value_type(&p.ty) {
            Some(param) => Crossing::BlittableParam(param),
            // `ref`/`in T` where `T : class` (`Interlocked.Exchange<T>`, `Volatile.Read<T>`):
            // an object reference; `out T` stays the type argument's own slot.
            None => match &p.ty {
                Ty::GenericParam(g @ GenericParam::Method(i))
                    if pass != PassMode::Out && m.reference_type_params.get(*i) == Some(&true) =>
                {
                    Crossing::ReferenceParam(*g)
                }
                _ => return None,
            },
        };
        return Some(Crossing::ByRef {
            pass,
            target: Box::new(target),
        });
    }
    let (element, rank) = match &p.ty {
        Ty::SzArray(element) => (&**element, None),
        Ty::Array { element, rank } if *rank >= 2 => (&**element, Some(*rank)),
        _ => return None,
    };
    // C# may write into any array it is given: only one marked `[In]` and not `[Out]` says
    // its contents are not passed back.
    Some(Crossing::Buffer {
        param: value_type(element)?,
        rank,
        writable: p.out_attribute || !p.in_attribute,
    })
}

impl Crossing {
    /// Calls `f` with the type of every handle, array and struct this crossing carries.
    pub fn visit_handles(&self, f: &mut impl FnMut(&Ty)) {
        match self {
            Crossing::Handle { ty, .. }
            | Crossing::Array { ty, .. }
            | Crossing::FullStruct(ty)
            | Crossing::ManagedStruct(ty) => f(ty),
            Crossing::ByRef { target, .. } => target.visit_handles(f),
            Crossing::Nullable(value) => value.visit_handles(f),
            Crossing::Span { .. }
            | Crossing::Buffer { .. }
            | Crossing::BlittableParam(_)
            | Crossing::ReferenceParam(_) => {}
            Crossing::Void
            | Crossing::Primitive(_)
            | Crossing::Enum { .. }
            | Crossing::String
            | Crossing::TypeParam(_)
            | Crossing::Pointer(_) => {}
        }
    }
}
