//! Binding decisions: what each type is to Rust, and how each member's values cross.
//!
//! Every type is classified once (memoised by path, and by full `Ty` for generic value type
//! instantiations), then every member signature of every bound type is classified once.
//! Anything that can't be bound yet becomes [`Unsupported`], with a category for the
//! summary and a sentence for humans.

use super::layout::{lay_out, FieldSlot, StructLayout};
use super::skip::{SkipKind, Unsupported};
use crate::model::{
    GenericParam, Layout, MemberModelRef, Model, PassMode, Primitive, Ty, TypeKind, TypeModel, TypePath,
};
use std::collections::{BTreeMap, HashMap};
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
    /// A generic value type definition (`KeyValuePair<K, V>`, `Vector<T>`): its layout depends
    /// on the type arguments, so every instantiation crosses like a managed struct, as a
    /// handle to a boxed copy (`KeyValuePair<T0, T1>`, one store per closed type).
    GenericStruct,
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
    /// An array of managed structs (values holding references): the typed handle
    /// `cilbind::StructArray<S>`, elements copied in and out by value.
    ManagedStruct(Ty),
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
    /// An unmanaged pointer `T*` parameter to a primitive, enum or full struct (`Some(T)`),
    /// or `void*` (`None`): a raw address, bound only in `unsafe fn`s.
    Pointer(Option<Ty>),
    /// `Nullable<T>` (`T?`) of a primitive, enum or full struct (the crossing of `T`): null or
    /// a box of `T` on the raw path.
    Nullable(Box<Crossing>),
    /// A `Span<T>` (`mutable`) or `ReadOnlySpan<T>` parameter of a primitive, enum or full
    /// struct `element`, lent as a slice for the call.
    Span {
        /// `T`.
        element: Ty,
        /// `Span<T>` rather than `ReadOnlySpan<T>`.
        mutable: bool,
    },
    /// A value of a type parameter: the declaring type's `!i`, in a member of a generic type,
    /// or the method's `!!i`, in a generic method (bound for every type argument: the Rust type
    /// parameter's `cilbind::TypeArg` decides how it crosses).
    TypeParam(GenericParam),
    /// A generic method's `T[]` (`rank` `None`) or multi-dimensional `T[,…]` (`Some(rank)`)
    /// whose `T`, the method's `!!i`, has the `struct` constraint: a slice of a blittable
    /// `T` (`Mi: cilbind::Blittable`) copied into a new array for the call, and back into the
    /// slice after it (`writable`) unless the parameter is `[In]` without `[Out]`.
    Buffer {
        /// `T`.
        param: GenericParam,
        /// `None` for a vector `T[]`, else the rank.
        rank: Option<usize>,
        /// The array is copied back (not `[In]`-only).
        writable: bool,
    },
    /// A value of a `struct`-constrained type parameter of a generic method, as stored in
    /// memory (`Mi: cilbind::Blittable`): the target of a `ref`/`out`/`in`, passed as a
    /// pointer to the Rust value.
    BlittableParam(GenericParam),
    /// A value of a `class`-constrained type parameter of a generic method (`Mi:
    /// cilbind::Reference`): the target of a `ref`/`in`, passed as a reference to an object
    /// reference the callee may replace (`cilbind::RefObject`, its write class-checked).
    ReferenceParam(GenericParam),
    /// `ref`, `out` or `in` of any of the above.
    ByRef {
        /// `Ref`, `Out` or `In`.
        pass: PassMode,
        /// What the reference points at.
        target: Box<Crossing>,
    },
}

/// How a member's values cross. Fields are classified as a getter would be: no
/// parameters, `ret` is the field's type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureClass {
    /// Parameters in order (excluding `this`).
    pub params: Vec<Crossing>,
    /// Return value.
    pub ret: Crossing,
    /// A `ref` return (`ref T M()`): `ret` is the `T`, copied out by the trampoline
    /// (`RETURN_DEREF`), so the interior pointer never leaves managed code.
    pub ret_by_ref: bool,
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
    /// How the values of each internal call cross (`api.natives`, in order), whatever its
    /// accessibility.
    pub natives: Vec<Result<SignatureClass, Unsupported>>,
    /// Protected methods, constructors and fields, classified as if public: what a Rust
    /// subclass reaches (`plan::implement`). Also listed, as skips, in `members`.
    pub protected: Vec<ClassifiedMember>,
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
        let (members, protected) = if matches!(t.kind, TypeKind::Enum) {
            (Vec::new(), Vec::new())
        } else {
            (cx.members(t), cx.protected_members(t))
        };
        let natives = cx.natives(t);
        types.push(ClassifiedType {
            path: t.path.clone(),
            class,
            members,
            natives,
            protected,
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

pub(super) struct Classifier<'m> {
    model: &'m Model,
    classes: BTreeMap<TypePath, TypeClass>,
    /// Classes of generic value type instantiations, e.g. `KeyValuePair<int, float>`.
    instances: HashMap<Ty, TypeClass>,
}

impl Classifier<'_> {
    pub(super) fn class_of(&mut self, path: &TypePath, args: &[Ty], depth: usize) -> TypeClass {
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
                if t.is_byref_like {
                    TypeClass::Unsupported(Unsupported::new(
                        SkipKind::SpecialType,
                        format!(
                            "{} is a ref struct: it lives only on the stack, so Rust can't hold it in a box",
                            path.metadata_name
                        ),
                    ))
                } else if path.metadata_name == "System.Nullable`1" {
                    // Boxing a Nullable gives null or a box of its value (ECMA-335 I.8.2.4):
                    // there is no box of the Nullable itself to hold.
                    TypeClass::Unsupported(Unsupported::new(
                        SkipKind::Nullable,
                        "Nullable<T> boxes to its value or null: it has no box of its own to hold",
                    ))
                } else {
                    TypeClass::GenericStruct
                }
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
        // `LayoutKind.Auto` leaves the field order to the runtime: Mono keeps declaration
        // order, CoreCLR reorders (`DateTimeOffset` puts its `short` first there), so no one
        // Rust layout fits both. With one field there is nothing to order.
        if matches!(t.layout, Layout::Auto) && fields.len() > 1 {
            return TypeClass::ManagedStruct {
                reason: "its layout is LayoutKind.Auto: the runtime orders its fields (CoreCLR reorders them), \
                         so Rust can't mirror one layout"
                    .into(),
            };
        }
        let layout = lay_out(fields, t.layout);
        // A value type Rust cannot declare with exactly this layout (a field of a closed
        // generic value type such as `Nullable<long>`, which Rust has no mirror of) still
        // crosses whole: as a boxed handle, like a struct with a reference inside.
        if let Err(why) = super::repr::choose(&self.classes, &layout) {
            return TypeClass::ManagedStruct {
                reason: format!("Rust can't mirror its layout: {why}"),
            };
        }
        TypeClass::FullStruct(layout)
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
                TypeClass::GenericStruct => {
                    return Err(FieldProblem::Unsupported(Unsupported::new(
                        SkipKind::OpenGeneric,
                        format!("{ty} is a generic value type without its type arguments"),
                    )))
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
}

enum FieldProblem {
    Managed(String),
    Unsupported(Unsupported),
}
