//! Binding decisions: what each type is to Rust, and how each member's values cross.
//!
//! Every type is classified once (memoised by path, and by full `Ty` for generic value type
//! instantiations), then every member signature of every bound type is classified once.
//! Anything that can't be bound yet becomes [`Unsupported`], with a category for the
//! summary and a sentence for humans.

use crate::model::{
    GenericParam, Layout, MemberModelRef, Model, PassMode, Primitive, Ty, TypeKind, TypeModel, TypePath, Visibility,
};
use std::collections::{BTreeMap, HashMap};
use std::fmt;

/// Why something is not bound, as a countable category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SkipKind {
    /// A method with its own generic parameters.
    GenericMethod,
    /// A type parameter that is not known (member of a generic type, generic value type definition).
    OpenGeneric,
    /// An unmanaged pointer `T*`.
    Pointer,
    /// A function pointer.
    FunctionPointer,
    /// `TypedReference`, `ArgIterator`, `System.Void` and other runtime-special types.
    SpecialType,
    /// A multi-dimensional array.
    MultiDimArray,
    /// An array whose elements can't cross (arrays of managed structs).
    ArrayElement,
    /// A `ref` return (an interior pointer the GC may move).
    RefReturn,
    /// `__arglist` methods.
    Varargs,
    /// `Nullable<T>`, whose boxing is special.
    Nullable,
    /// A protected member: only reachable from subclasses, which bindings can't declare.
    Protected,
    /// A value type whose layout can't be computed from its metadata.
    BadLayout,
    /// Classified, but the emitter has no Rust form for it yet (the output says why).
    NotEmitted,
}

impl fmt::Display for SkipKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SkipKind::GenericMethod => "generic method",
            SkipKind::OpenGeneric => "open generic type parameter",
            SkipKind::Pointer => "unmanaged pointer",
            SkipKind::FunctionPointer => "function pointer",
            SkipKind::SpecialType => "runtime-special type (TypedReference, ArgIterator, Void)",
            SkipKind::MultiDimArray => "multi-dimensional array",
            SkipKind::ArrayElement => "array of managed structs",
            SkipKind::RefReturn => "ref return",
            SkipKind::Varargs => "varargs method",
            SkipKind::Nullable => "Nullable<T>",
            SkipKind::Protected => "protected member",
            SkipKind::BadLayout => "value type with unusable layout",
            SkipKind::NotEmitted => "no Rust form yet (reason in the output)",
        })
    }
}

/// Why something is not bound: a category and a human-readable explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported {
    /// Category, for counting.
    pub kind: SkipKind,
    /// What exactly, e.g. "parameter `p`: unmanaged pointer System.Int32*".
    pub detail: String,
}

impl Unsupported {
    fn new(kind: SkipKind, detail: impl Into<String>) -> Self {
        Unsupported {
            kind,
            detail: detail.into(),
        }
    }

    fn context(self, what: &str) -> Self {
        Unsupported {
            kind: self.kind,
            detail: format!("{what}: {}", self.detail),
        }
    }
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.detail)
    }
}

/// One instance field of a value type, placed at its managed offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldSlot {
    /// Field name.
    pub name: String,
    /// Field type, with the struct's generic arguments substituted.
    pub ty: Ty,
    /// Byte offset in the managed (unboxed) value.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// Natural alignment in managed memory (before `Pack`).
    pub align: u32,
}

/// The managed layout of a value type with no references in it, as Mono computes it
/// (checked against `sizeof` under Mono 6.8: the unit tests below and `tests/fixtures/Fixture.cs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StructLayout {
    /// Instance fields in declaration order.
    pub fields: Vec<FieldSlot>,
    /// Size in bytes of the unboxed value.
    pub size: u32,
    /// Alignment in bytes of the unboxed value.
    pub align: u32,
    /// True for `LayoutKind.Explicit` (fields may overlap).
    pub explicit: bool,
}

/// What a type is, for binding purposes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeClass {
    /// One of the 14 primitive value types (when binding mscorlib itself).
    Primitive(Primitive),
    /// `System.String`.
    String,
    /// `System.Object`.
    Object,
    /// An enum without `[Flags]`.
    Enum {
        /// Underlying integral type.
        underlying: Primitive,
    },
    /// A `[Flags]` enum.
    FlagsEnum {
        /// Underlying integral type.
        underlying: Primitive,
    },
    /// A value type whose every instance field is a primitive, enum, pointer or full struct
    /// (recursively): Rust can mirror it bit for bit and pass it by pointer.
    FullStruct(StructLayout),
    /// A value type with a reference somewhere inside: it crosses as a boxed handle.
    ManagedStruct {
        /// Which field makes it managed.
        reason: String,
    },
    /// A class (including abstract and static classes).
    Class,
    /// An interface.
    Interface,
    /// A delegate type.
    Delegate,
    /// A type that can't be bound at all.
    Unsupported(Unsupported),
}

/// What kind of object a handle points at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandleKind {
    /// `System.Object`.
    Object,
    /// A class.
    Class,
    /// An interface.
    Interface,
    /// A delegate.
    Delegate,
}

/// Element of an array that can cross.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArrayElement {
    /// `int[]`, `float[]`...
    Primitive(Primitive),
    /// An enum array, laid out as its underlying type.
    Enum {
        /// The enum.
        ty: TypePath,
        /// Its underlying type.
        underlying: Primitive,
    },
    /// An array of full structs (contiguous mirrored values).
    FullStruct(Ty),
    /// Any array of references (objects, strings, arrays, interfaces...).
    Object(Ty),
}

/// How one parameter, return value or field value crosses between Rust and .NET.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// No value (`void` return).
    Void,
    /// A primitive, by value.
    Primitive(Primitive),
    /// An enum, by value as its underlying type.
    Enum {
        /// The enum.
        ty: TypePath,
        /// Its underlying type.
        underlying: Primitive,
        /// Has `[Flags]`.
        flags: bool,
    },
    /// A full struct, passed by pointer to a mirrored Rust value.
    FullStruct(Ty),
    /// A managed struct, as a boxed handle.
    ManagedStruct(Ty),
    /// An object reference, as a handle.
    Handle {
        /// The static type.
        ty: Ty,
        /// Object, class, interface or delegate.
        kind: HandleKind,
    },
    /// `System.String`, converted.
    String,
    /// A single-dimensional array, as a handle.
    Array {
        /// The array type.
        ty: Ty,
        /// Its element.
        element: ArrayElement,
    },
    /// `ref`, `out` or `in` of any of the above.
    ByRef {
        /// `Ref`, `Out` or `In`.
        pass: PassMode,
        /// What the reference points at.
        target: Box<Crossing>,
    },
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
            Crossing::Void | Crossing::Primitive(_) | Crossing::Enum { .. } | Crossing::String => {}
        }
    }
}

/// How a member's values cross. Fields are classified as a getter would be: no
/// parameters, `ret` is the field's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureClass {
    /// Parameters in order (excluding `this`).
    pub params: Vec<Crossing>,
    /// Return value.
    pub ret: Crossing,
}

/// One member of a bound type and its binding decision.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassifiedMember {
    /// Which member of the type's [`TypeModel`].
    pub member: MemberModelRef,
    /// Human-readable name: `Circle.Area`, `Circle.get_Radius`, `Circle..ctor`.
    pub display_name: String,
    /// How it crosses, or why it is skipped.
    pub binding: Result<SignatureClass, Unsupported>,
}

/// One bound type with its classification and its members'.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassifiedType {
    /// The type.
    pub path: TypePath,
    /// What it is for binding.
    pub class: TypeClass,
    /// Every visible member (not enum values).
    pub members: Vec<ClassifiedMember>,
}

/// A closed instantiation of a generic class (`List<int>`) with its members classified.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassifiedInstance {
    /// The closed type, e.g. `List<System.Int32>`.
    pub ty: Ty,
    /// The generic definition with the type arguments substituted into every member.
    pub model: TypeModel,
    /// Every visible member, as for a bound type.
    pub members: Vec<ClassifiedMember>,
}

/// The model plus every binding decision: the input of `emit`.
#[derive(Clone, Debug)]
pub struct ClassifiedModel {
    /// The model classified.
    pub model: Model,
    /// Bound types, in model order.
    pub types: Vec<ClassifiedType>,
    /// The class of every named type met (bound or dependency), by path.
    pub classes: BTreeMap<TypePath, TypeClass>,
    /// Closed generic class instantiations used by bound signatures, with their members.
    pub instances: Vec<ClassifiedInstance>,
}

impl ClassifiedModel {
    /// The class of a modeled type.
    pub fn class_of(&self, path: &TypePath) -> Option<&TypeClass> {
        self.classes.get(path)
    }
}

/// Classifies every bound type of `model`, its members, and every type they mention.
pub fn classify(model: Model) -> ClassifiedModel {
    let mut cx = Classifier {
        model: &model,
        classes: BTreeMap::new(),
        instances: HashMap::new(),
    };
    let mut types = Vec::new();
    for t in model.bound() {
        let class = cx.class_of(&t.path, &[], 0);
        let members = if matches!(t.kind, TypeKind::Enum) {
            Vec::new()
        } else {
            cx.members(t)
        };
        types.push(ClassifiedType {
            path: t.path.clone(),
            class,
            members,
        });
    }
    // Closed instantiations of generic classes and interfaces that bound signatures use
    // members, with the type arguments substituted.
    let mut closed: Vec<Ty> = Vec::new();
    for t in &types {
        for m in &t.members {
            if let Ok(sig) = &m.binding {
                for c in sig.params.iter().chain(std::iter::once(&sig.ret)) {
                    c.visit_handles(&mut |ty| {
                        if let Ty::Named { path, args } = ty {
                            let has_members = matches!(model.get(path), Some(d)
                                if matches!(d.kind, TypeKind::Class | TypeKind::Interface | TypeKind::Delegate) && d.api.is_some());
                            if has_members
                                && !args.is_empty()
                                && ty.first_generic_param().is_none()
                                && !closed.contains(ty)
                            {
                                closed.push(ty.clone());
                            }
                        }
                    });
                }
            }
        }
    }
    closed.sort();
    let mut instances = Vec::new();
    for ty in closed {
        let Ty::Named { path, args } = &ty else { continue };
        let Some(definition) = model.get(path) else { continue };
        let closed_model = definition.instantiate(args);
        let members = cx.members(&closed_model);
        instances.push(ClassifiedInstance {
            ty,
            model: closed_model,
            members,
        });
    }
    for t in model.all() {
        cx.class_of(&t.path, &[], 0);
    }
    let classes = cx.classes;
    ClassifiedModel {
        model,
        types,
        classes,
        instances,
    }
}

/// Value types nested deeper than this are treated as broken (cyclic) metadata.
const MAX_NESTING: usize = 32;

struct Classifier<'m> {
    model: &'m Model,
    classes: BTreeMap<TypePath, TypeClass>,
    /// Classes of generic value type instantiations, e.g. `KeyValuePair<int, float>`.
    instances: HashMap<Ty, TypeClass>,
}

impl Classifier<'_> {
    fn class_of(&mut self, path: &TypePath, args: &[Ty], depth: usize) -> TypeClass {
        if args.is_empty() {
            if let Some(c) = self.classes.get(path) {
                return c.clone();
            }
        } else {
            let key = Ty::Named {
                path: path.clone(),
                args: args.to_vec(),
            };
            if let Some(c) = self.instances.get(&key) {
                return c.clone();
            }
        }
        let class = match self.model.get(path) {
            Some(t) => self.compute_class(t, args, depth),
            None => TypeClass::Unsupported(Unsupported::new(SkipKind::BadLayout, format!("{path} was not modeled"))),
        };
        if args.is_empty() {
            self.classes.insert(path.clone(), class.clone());
        } else {
            self.instances.insert(
                Ty::Named {
                    path: path.clone(),
                    args: args.to_vec(),
                },
                class.clone(),
            );
        }
        class
    }

    fn compute_class(&mut self, t: &TypeModel, args: &[Ty], depth: usize) -> TypeClass {
        let path = &t.path;
        if path.nested.is_empty() && path.namespace == "System" {
            if let Some(p) = Primitive::from_system_name(&path.name) {
                return TypeClass::Primitive(p);
            }
            match path.metadata_name.as_str() {
                "System.String" => return TypeClass::String,
                "System.Object" => return TypeClass::Object,
                "System.Void" | "System.TypedReference" | "System.ArgIterator" | "System.RuntimeArgumentHandle" => {
                    return TypeClass::Unsupported(Unsupported::new(
                        SkipKind::SpecialType,
                        format!("{} is a runtime-special type", path.metadata_name),
                    ))
                }
                _ => {}
            }
        }
        match t.kind {
            TypeKind::Class => TypeClass::Class,
            TypeKind::Interface => TypeClass::Interface,
            TypeKind::Delegate => TypeClass::Delegate,
            TypeKind::Enum => match &t.enum_info {
                Some(e) if e.is_flags => TypeClass::FlagsEnum {
                    underlying: e.underlying,
                },
                Some(e) => TypeClass::Enum {
                    underlying: e.underlying,
                },
                None => TypeClass::Unsupported(Unsupported::new(SkipKind::BadLayout, "enum without a value field")),
            },
            TypeKind::Struct if !t.generic_params.is_empty() && args.is_empty() => {
                TypeClass::Unsupported(Unsupported::new(
                    SkipKind::OpenGeneric,
                    format!(
                        "generic value type {}: its layout depends on the type arguments",
                        path.metadata_name
                    ),
                ))
            }
            TypeKind::Struct => self.struct_class(t, args, depth),
        }
    }

    /// Full or managed, with the managed layout computed the way Mono does it.
    fn struct_class(&mut self, t: &TypeModel, args: &[Ty], depth: usize) -> TypeClass {
        if depth > MAX_NESTING {
            return TypeClass::Unsupported(Unsupported::new(
                SkipKind::BadLayout,
                format!(
                    "{} nests value types too deeply (cyclic metadata?)",
                    t.path.metadata_name
                ),
            ));
        }
        let mut fields = Vec::new();
        for f in t.instance_fields() {
            let ty = f.ty.substitute(args, &[]);
            let (size, align) = match self.field_size_align(&ty, depth) {
                Ok(Some(sa)) => sa,
                Ok(None) => {
                    return TypeClass::ManagedStruct {
                        reason: format!("field `{}` holds a reference ({ty})", f.name),
                    }
                }
                Err(FieldProblem::Managed(inner)) => {
                    return TypeClass::ManagedStruct {
                        reason: format!("field `{}`: {inner}", f.name),
                    }
                }
                Err(FieldProblem::Unsupported(u)) => {
                    return TypeClass::Unsupported(u.context(&format!("{} field `{}`", t.path.metadata_name, f.name)))
                }
            };
            fields.push(FieldSlot {
                name: f.name.clone(),
                ty,
                offset: f.offset.unwrap_or(0),
                size,
                align,
            });
        }
        let explicit = matches!(t.layout, Layout::Explicit { .. });
        if explicit {
            if let Some(f) = t.instance_fields().find(|f| f.offset.is_none()) {
                return TypeClass::Unsupported(Unsupported::new(
                    SkipKind::BadLayout,
                    format!(
                        "{} has explicit layout but field `{}` has no [FieldOffset]",
                        t.path.metadata_name, f.name
                    ),
                ));
            }
        }
        TypeClass::FullStruct(lay_out(fields, t.layout))
    }

    /// `Ok(Some((size, align)))` for a field that can be mirrored, `Ok(None)` for a reference.
    fn field_size_align(&mut self, ty: &Ty, depth: usize) -> Result<Option<(u32, u32)>, FieldProblem> {
        Ok(match ty {
            Ty::Primitive(p) => Some((p.size(), p.size())),
            // Unmanaged pointers are plain addresses: nothing for the GC to track.
            Ty::Pointer(_) | Ty::FunctionPointer => Some((8, 8)),
            Ty::String | Ty::Object | Ty::SzArray(_) | Ty::Array { .. } => None,
            Ty::Named { path, args } => match self.class_of(path, args, depth + 1) {
                TypeClass::Primitive(p)
                | TypeClass::Enum { underlying: p }
                | TypeClass::FlagsEnum { underlying: p } => Some((p.size(), p.size())),
                TypeClass::FullStruct(l) => Some((l.size, l.align)),
                TypeClass::ManagedStruct { reason } => {
                    return Err(FieldProblem::Managed(format!("{ty} is a managed struct ({reason})")))
                }
                TypeClass::String
                | TypeClass::Object
                | TypeClass::Class
                | TypeClass::Interface
                | TypeClass::Delegate => None,
                TypeClass::Unsupported(u) => return Err(FieldProblem::Unsupported(u)),
            },
            Ty::GenericParam(_) => {
                return Err(FieldProblem::Unsupported(Unsupported::new(
                    SkipKind::OpenGeneric,
                    format!("type parameter {ty} is not known"),
                )))
            }
            Ty::Void | Ty::ByRef(_) | Ty::TypedReference => {
                return Err(FieldProblem::Unsupported(Unsupported::new(
                    SkipKind::SpecialType,
                    format!("{ty} can't be a field type"),
                )))
            }
        })
    }

    fn members(&mut self, t: &TypeModel) -> Vec<ClassifiedMember> {
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
                let ret = self
                    .crossing(&f.ty, PassMode::Value)
                    .map_err(|u| u.context(&format!("field type {}", f.ty)))?;
                Ok(SignatureClass {
                    params: Vec::new(),
                    ret,
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

    fn method_binding(&mut self, m: &crate::model::MethodModel) -> Result<SignatureClass, Unsupported> {
        self.visibility_check(m.visibility)?;
        if !m.generic_params.is_empty() {
            return Err(Unsupported::new(
                SkipKind::GenericMethod,
                format!("generic method {}<{}>", m.name, m.generic_params.join(", ")),
            ));
        }
        if m.is_varargs {
            return Err(Unsupported::new(
                SkipKind::Varargs,
                format!("{} takes __arglist", m.name),
            ));
        }
        let mut params = Vec::new();
        for p in &m.params {
            let c = self
                .crossing(&p.ty, p.pass)
                .map_err(|u| u.context(&format!("parameter `{}`", p.name)))?;
            params.push(c);
        }
        let ret = match &m.ret {
            Ty::ByRef(t) => {
                return Err(Unsupported::new(SkipKind::RefReturn, format!("returns ref {t}")));
            }
            t => self
                .crossing(t, PassMode::Value)
                .map_err(|u| u.context("return type"))?,
        };
        Ok(SignatureClass { params, ret })
    }

    /// How a value of type `ty`, passed as `pass`, crosses.
    fn crossing(&mut self, ty: &Ty, pass: PassMode) -> Result<Crossing, Unsupported> {
        if pass != PassMode::Value {
            let target = self.crossing(ty, PassMode::Value)?;
            return Ok(Crossing::ByRef {
                pass,
                target: Box::new(target),
            });
        }
        if let Some(p) = ty.first_generic_param() {
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
                    return Err(Unsupported::new(
                        SkipKind::Nullable,
                        format!("{ty} boxes to its value or null"),
                    ));
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
                    Crossing::ManagedStruct(t) => {
                        return Err(Unsupported::new(
                            SkipKind::ArrayElement,
                            format!("array of managed struct {t}"),
                        ))
                    }
                    Crossing::Void | Crossing::ByRef { .. } => {
                        return Err(Unsupported::new(SkipKind::SpecialType, format!("invalid array {ty}")))
                    }
                };
                Crossing::Array {
                    ty: ty.clone(),
                    element,
                }
            }
            Ty::Array { .. } => return Err(Unsupported::new(SkipKind::MultiDimArray, format!("{ty}"))),
            Ty::Pointer(_) => return Err(Unsupported::new(SkipKind::Pointer, format!("{ty}"))),
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
}

enum FieldProblem {
    Managed(String),
    Unsupported(Unsupported),
}

fn align_up(v: u32, a: u32) -> u32 {
    v.div_ceil(a.max(1)) * a.max(1)
}

/// Places the fields like Mono 6.8 does (measured, see the layout tests):
/// * sequential/auto: each field at the next multiple of `min(align, pack)`; the size is
///   `max(Size, end)` rounded up to the struct's alignment; an empty struct has size 1.
///   (Mono keeps declaration order for auto-layout value types too.)
/// * explicit: fields at their `[FieldOffset]`; the size is `max(Size, end)` when `Size`
///   is given (not rounded: `Size = 6` around an `int` gives 6), otherwise `end` rounded up.
fn lay_out(mut fields: Vec<FieldSlot>, layout: Layout) -> StructLayout {
    const DEFAULT_PACK: u32 = 8;
    let (pack, class_size, explicit) = match layout {
        Layout::Auto => (DEFAULT_PACK, None, false),
        Layout::Sequential { pack, size } => (pack.unwrap_or(DEFAULT_PACK), size, false),
        Layout::Explicit { size } => (DEFAULT_PACK, size, true),
    };
    let mut end = 0;
    let mut align = 1;
    for f in &mut fields {
        let a = f.align.min(pack).max(1);
        if !explicit {
            f.offset = align_up(end, a);
        }
        end = end.max(f.offset.saturating_add(f.size));
        align = align.max(a);
    }
    let size = match (explicit, class_size) {
        (true, Some(cs)) => cs.max(end),
        (true, None) => align_up(end, align),
        (false, cs) => align_up(cs.unwrap_or(0).max(end), align),
    };
    StructLayout {
        fields,
        size: size.max(1),
        align,
        explicit,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(name: &str, size: u32, offset: u32) -> FieldSlot {
        FieldSlot {
            name: name.into(),
            ty: Ty::Void,
            offset,
            size,
            align: size,
        }
    }

    // Expected values are Mono 6.8's `sizeof` results for the same declarations.
    #[test]
    fn sequential_and_explicit_sizes_match_mono() {
        let seq = |pack, size| Layout::Sequential { pack, size };
        assert_eq!(lay_out(vec![slot("a", 4, 0)], seq(None, Some(6))).size, 8);
        assert_eq!(lay_out(vec![slot("a", 4, 0)], seq(None, Some(3))).size, 4);
        assert_eq!(
            lay_out(vec![slot("a", 1, 0), slot("b", 8, 0)], seq(Some(2), None)).size,
            10
        );
        assert_eq!(lay_out(vec![slot("a", 4, 0)], seq(Some(2), Some(9))).size, 10);
        assert_eq!(lay_out(vec![], seq(None, None)).size, 1);
        let exp = |size| Layout::Explicit { size };
        assert_eq!(lay_out(vec![slot("a", 4, 0)], exp(Some(6))).size, 6);
        assert_eq!(lay_out(vec![slot("a", 4, 0)], exp(Some(3))).size, 4);
        assert_eq!(lay_out(vec![slot("a", 8, 0), slot("b", 1, 8)], exp(None)).size, 16);
        assert_eq!(lay_out(vec![slot("a", 4, 1)], exp(None)).size, 8);
        assert_eq!(lay_out(vec![slot("a", 4, 2)], exp(Some(5))).size, 6);
    }
}
