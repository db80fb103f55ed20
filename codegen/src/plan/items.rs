//! The plan's items: everything a renderer needs, decided. Renderers read these and nothing
//! else (no model, no classification), so what they print is exactly what the plan says.

pub(crate) use super::iterate::IterateDecision;
use super::repr::StructDecl;
use super::rust_ty::Pass;
use super::skip::Skip;
pub(crate) use super::std_traits::StdImpl;
use crate::model::{MemberModelRef, Primitive};

/// One declared type: a bound type or a dependency of one (a type its declarations or
/// signatures use, declared so that they can name it).
#[derive(Clone, Debug)]
pub(crate) struct TypeItem {
    /// Module path (one segment per namespace segment).
    pub module: Vec<String>,
    /// Rust name.
    pub name: String,
    /// Name of its `static TypeRef`.
    pub type_ref: String,
    /// `(assembly, namespace, name)` of the `TypeRef`.
    pub type_ref_parts: (String, String, String),
    /// `Namespace.Outer/Inner` as in metadata.
    pub metadata_name: String,
    /// Defining assembly.
    pub assembly: String,
    /// Bound (its assembly and namespace are selected, and it is public), not only a
    /// dependency or a non-public type declared for its natives.
    pub bound: bool,
    /// Public in C# (it and every enclosing type). A non-public type is declared only for
    /// natives: its own (a handle or a [`TypeItemKind::NativesHost`]) or those that take or
    /// return it (a handle); it has no members.
    pub public: bool,
    /// What is declared.
    pub kind: TypeItemKind,
    /// Its natives (C# internal calls implemented in Rust), when it declares any.
    pub natives: Option<super::NativesItem>,
    /// Its Rust implementation items (an interface's `…Impl` trait, a class's `…Overrides`),
    /// when it can be implemented or extended.
    pub implement: Option<super::ImplementItem>,
    /// Why it (or some member) cannot be implemented or extended in Rust: items
    /// `implement Type` or `implement Type.Member`, each a skip comment in the output, a row
    /// of `--explain` and a count in the summary's implementation counts.
    pub implement_skips: Vec<Skip>,
}

/// What a [`TypeItem`] declares.
#[derive(Clone, Debug)]
pub(crate) enum TypeItemKind {
    /// A plain enum: a newtype with one constant per value.
    Enum(EnumDecl),
    /// A `[Flags]` enum: a bitflags type.
    Flags(EnumDecl),
    /// A full struct: mirrored field for field.
    FullStruct {
        /// The declaration.
        decl: StructDecl,
        /// Boxing targets.
        boxing: Vec<String>,
        /// Members (bound full structs only).
        members: Option<Members>,
    },
    /// A managed struct: a handle to a boxed copy.
    ManagedStruct {
        /// Why it is managed (which field holds a reference).
        reason: String,
        /// Boxing targets.
        boxing: Vec<String>,
        /// Members (bound ones only).
        members: Option<Members>,
    },
    /// A class, interface or delegate: a handle wrapper.
    Reference {
        /// `class`, `interface` or `delegate`.
        kind: &'static str,
        /// The wrapper it holds (nearest wrapped base class, else `::cilbind::Object`).
        base: String,
        /// Every base class and interface it converts to.
        upcasts: Vec<String>,
        /// Members (bound ones only).
        members: Option<Members>,
        /// `IntoIterator for &Self` (bound classes and interfaces only; see `plan::iterate`).
        iterate: IterateDecision,
    },
    /// A generic value type definition: a managed-struct handle generic over its arguments
    /// (each closed type has its own store), boxing only to `Object` and `ValueType`.
    GenericStruct {
        /// Number of type parameters.
        arity: usize,
        /// Members of a bound one, for every type argument.
        members: Option<Members>,
    },
    /// A non-public type whose natives need no handle or value of it (static natives only):
    /// a name with no values (`pub enum Physics {}`) that carries its natives trait and
    /// `natives::<I>()`, as a public type does.
    NativesHost,
    /// A generic class, interface or delegate definition: a wrapper generic over its
    /// arguments.
    GenericReference {
        /// `class`, `interface` or `delegate`.
        kind: &'static str,
        /// Number of type parameters.
        arity: usize,
        /// Members of a bound one, for every type argument.
        members: Option<Members>,
        /// `IntoIterator for &Self<T0, …>` (bound classes and interfaces only).
        iterate: IterateDecision,
    },
}

/// An enum's values and boxing targets.
#[derive(Clone, Debug)]
pub(crate) struct EnumDecl {
    /// Underlying integer.
    pub underlying: Primitive,
    /// Values in metadata order, bound or skipped.
    pub values: Vec<Result<EnumValue, Skip>>,
    /// Boxing targets.
    pub boxing: Vec<String>,
}

/// One enum value.
#[derive(Clone, Debug)]
pub(crate) struct EnumValue {
    /// Constant name.
    pub name: String,
    /// The value's .NET name.
    pub net_name: String,
    /// Its value.
    pub value: i128,
    /// Doc text.
    pub doc: String,
}

/// Who owns a list of members (it decides how `this` is passed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Owner {
    /// A class or delegate: `this` is the handle.
    Class,
    /// An interface: members go to an extension trait over `Is<I>`.
    Interface,
    /// A full struct: `this` is a pointer to the Rust value (trampoline).
    FullStruct,
    /// A managed struct: `this` is its box.
    ManagedStruct,
}

/// The members of a type, in metadata order.
#[derive(Clone, Debug)]
pub(crate) struct Members {
    /// The Rust type the `impl` is for.
    pub self_ty: String,
    /// The static `TypeRef` member lookups use.
    pub type_ref: String,
    /// Interfaces: the extension trait's name.
    pub trait_name: Option<String>,
    /// A generic definition's type parameters in Rust (`T0`, `T1`): the members are an
    /// `impl<T0: ::cilbind::TypeArg, …>` for every type argument. Empty otherwise.
    pub type_params: Vec<String>,
    /// Metadata name of the owner (for docs).
    pub metadata_name: String,
    /// Each member, bound or skipped.
    pub items: Vec<MemberItem>,
    /// Where each classified member went, in metadata order: `Some(i)` is `items[i]`, `None`
    /// the type's own declaration (a full struct's instance field).
    pub origins: Vec<Origin>,
    /// Rust's standard traits the members give (operators, equality, `Display`, …).
    pub std_impls: Vec<StdImpl>,
}

/// A classified member and where the plan put it (see [`Members::origins`]).
pub(crate) type Origin = (MemberModelRef, Option<usize>);

/// One member: bound (a method, field or constant) or skipped.
#[derive(Clone, Debug)]
pub(crate) enum MemberItem {
    /// A method, constructor or accessor.
    Method(Box<MethodItem>),
    /// A field's getter and setter.
    Field(FieldItem),
    /// A .NET `const`.
    Const(ConstItem),
    /// Not bound.
    Skip(Skip),
}

/// How a method receives `this`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Receiver {
    /// No `this` (static methods, constructors).
    Static,
    /// `&self`, a reference handle.
    Object,
    /// `&self`, a managed struct's box.
    StructBox,
    /// `&self` on a full struct: the call works on a copy.
    StructCopy,
    /// `&mut self` on a full struct: the callee may change it.
    StructMut,
    /// `&self`, a Rust subclass's base handle, for a protected static method: the handle
    /// reaches the proxy class's static forwarder, which gets no `this`.
    BaseHandle,
}

/// One parameter: its Rust name and crossing.
#[derive(Clone, Debug)]
pub(crate) struct Param {
    /// Rust name.
    pub name: String,
    /// How it crosses.
    pub pass: Pass,
    /// A `params T[]` array: a slice of its elements (the array is never null).
    pub params_array: Option<ParamsArray>,
}

/// The `<name>_defaults` companion of a method whose trailing parameters have defaults
/// (`plan/defaults.rs`).
#[derive(Clone, Debug)]
pub(crate) struct DefaultsOverload {
    /// Rust name (`<method>_defaults`, made unique).
    pub rust_name: String,
    /// How many leading parameters it takes.
    pub keep: usize,
    /// The values it passes for the others, in order.
    pub values: Vec<DefaultValue>,
    /// Doc lines.
    pub doc: Vec<String>,
}

/// A parameter's default value, as the companion passes it.
#[derive(Clone, Debug)]
pub(crate) enum DefaultValue {
    /// `true`/`false`.
    Bool(bool),
    /// A UTF-16 code unit.
    Char(u16),
    /// An integer of this primitive type.
    Int(i128, Primitive),
    /// A `float`.
    F32(f32),
    /// A `double`.
    F64(f64),
    /// An enum's value.
    Enum {
        /// The enum's Rust path.
        rust: String,
        /// Its value.
        value: i128,
        /// Its underlying integer.
        underlying: Primitive,
        /// `[Flags]`.
        flags: bool,
    },
    /// A string.
    Str(String),
    /// `null`: `None`.
    Null,
    /// A `Nullable`'s value: `Some(…)`.
    Some(Box<DefaultValue>),
    /// A `params` array left out: empty.
    EmptyParams,
}

/// How a `params T[]` parameter takes a Rust slice.
#[derive(Clone, Debug)]
pub(crate) enum ParamsArray {
    /// `&[T]` of primitives, enums or full structs (copied into a new array).
    Values,
    /// `&[Option<&str>]` for `params string[]`.
    Strings,
    /// `&[Option<&T>]` of references: the element type's Rust path.
    Objects(String),
}

/// What a method returns.
#[derive(Clone, Debug)]
pub(crate) enum Ret {
    /// Its return value (`Pass::Void` for none).
    Value(Pass),
    /// A string, class, interface or array its nullable annotations say is never null
    /// (`read/nullability.rs`): the value itself, not an `Option` (null anyway is
    /// `Error::NullReference`).
    NonNull(Pass),
    /// A class constructor: `Self`, checked.
    ClassCtor,
    /// A full struct constructor: `Self`, through a pointer.
    FullStructCtor,
    /// A managed struct constructor: `Self`, boxed.
    ManagedStructCtor,
}

/// A bound method.
#[derive(Clone, Debug)]
pub(crate) struct MethodItem {
    /// The member, as skips name members (`Type.Method`).
    pub item: String,
    /// The function-database signature (`[Assembly]Type::Name(Params)->Return`).
    pub signature: String,
    /// Its FNV-1a hash: the ID `cilbind::FunctionDb` gives the method.
    pub function_id: u64,
    /// Rust name (see `plan::overloads`).
    pub rust_name: String,
    /// Its base name is shared with other members of the type: named by the overload rule.
    pub overloaded: bool,
    /// The member's C#-like signature, with full type names (`Function::member`).
    pub net_signature: String,
    /// The member as C# declares it (`public static Matrix4 Mult(Matrix4 left, Matrix4
    /// right)`), then the declarations of the `ref`/`out` twins this function also binds
    /// (`plan::twins`): the name table's C# column.
    pub csharp: Vec<String>,
    /// Metadata name (what `MethodRef` looks up).
    pub metadata_name: String,
    /// The parameter types' names, as `cilbind-abi` spells them (`MethodRef` lookups, IDs).
    pub cli_params: Vec<String>,
    /// The return type's name (`System.Void` for none), as the signature and the
    /// function table write it.
    pub cli_return: String,
    /// The return type's name when the `MethodRef` lookup must name it: another method of
    /// the type has the same name and parameters (conversion operators that differ only by
    /// return type), so name and parameters alone are ambiguous.
    pub lookup_return: Option<String>,
    /// Doc lines.
    pub doc: Vec<String>,
    /// How `this` is received.
    pub receiver: Receiver,
    /// For [`Receiver::StructMut`]: why the method may write through `this` (the store or
    /// call `read/this_writes.rs` found).
    pub mut_reason: Option<String>,
    /// Parameters.
    pub params: Vec<Param>,
    /// Result.
    pub ret: Ret,
    /// Trampoline mask (see `member::THIS_BY_POINTER`).
    pub mask: i64,
    /// Called through a pointer trampoline.
    pub trampoline: bool,
    /// `pub` (not in an interface's extension trait).
    pub public: bool,
    /// Delegates' `Invoke`: the typed `from_fn`, or why there is none.
    pub from_fn: Option<Result<Callback, String>>,
    /// A member of a generic definition: looked up per closed class at run time
    /// (`cilbind::generated::GenericMethodRef`), `Self`'s class deciding which.
    pub generic: bool,
    /// A generic method's type parameters in Rust (`M0`, `M1`): a generic `fn`, instantiated
    /// at run time with their classes. Empty otherwise.
    pub method_type_params: Vec<String>,
    /// An `unsafe fn`: a parameter is an unmanaged pointer ([`Pass::Pointer`]).
    pub is_unsafe: bool,
    /// The safe overload over slices, when every pointer parameter has an obvious length
    /// (see `member`'s module doc).
    pub slice: Option<Box<SliceOverload>>,
    /// The companion that leaves out trailing parameters with defaults.
    pub defaults: Option<Box<DefaultsOverload>>,
    /// A full struct's method: its body translated into Rust (`plan/translate.rs`), or why
    /// it keeps its managed call. `None`: not a candidate (or translation is off).
    pub translation: Option<Result<super::translate::Translated, String>>,
}

/// A safe overload of an `unsafe fn` whose pointer parameters each come with a length: each
/// pointer and its length become one `&mut [T]`.
#[derive(Clone, Debug)]
pub(crate) struct SliceOverload {
    /// Rust name (`<method>_slice`, made unique).
    pub rust_name: String,
    /// `(pointer parameter index, length parameter index, length type)`, in order.
    pub pairs: Vec<(usize, usize, Primitive)>,
    /// Doc lines.
    pub doc: Vec<String>,
}

/// A delegate's typed closure constructor.
#[derive(Clone, Debug)]
pub(crate) struct Callback {
    /// Name of the `Invoke` method.
    pub invoke: String,
    /// Parameter crossings.
    pub params: Vec<Pass>,
    /// Return crossing.
    pub ret: Pass,
    /// The direct path, when every value crosses natively: the closure is called from a thunk
    /// of `Invoke`'s own signature instead of with an `object[]` of boxes.
    pub typed: Option<TypedInvoke>,
}

/// A delegate's `Invoke` as its typed thunk sees it (the forms Rust implementations of C#
/// members use, `plan/incoming.rs`).
#[derive(Clone, Debug)]
pub(crate) struct TypedInvoke {
    /// Each parameter's runtime kind (`::cilbind::generated::native_kind::Value<i32>`).
    pub kinds: Vec<String>,
    /// The result's kind.
    pub ret_kind: String,
    /// Parameter type names, as `MethodRef` names them (the proxy member's).
    pub cli_params: Vec<String>,
    /// The parameter list as `mono_signature_get_desc` prints it (checked at run time).
    pub desc: String,
    /// `Ns.Type::Invoke(desc)`, for messages.
    pub icall: String,
}

/// A bound field.
#[derive(Clone, Debug)]
pub(crate) struct FieldItem {
    /// Getter name.
    pub getter: String,
    /// Setter name (absent for readonly fields).
    pub setter: Option<String>,
    /// Metadata name.
    pub metadata_name: String,
    /// `static`.
    pub is_static: bool,
    /// The owner is a managed struct (`this` is its box).
    pub in_box: bool,
    /// A field of a generic definition: found per closed class at run time
    /// (`cilbind::generated::GenericFieldRef`).
    pub generic: bool,
    /// How the value crosses.
    pub pass: Pass,
    /// The field as C# declares it (`public float X`).
    pub csharp: String,
    /// Getter doc.
    pub get_doc: String,
    /// Setter doc.
    pub set_doc: String,
}

/// A bound .NET constant.
#[derive(Clone, Debug)]
pub(crate) struct ConstItem {
    /// Rust name.
    pub name: String,
    /// The constant as C# declares it (`public const int MaxValue`).
    pub csharp: String,
    /// Doc text.
    pub doc: String,
    /// The value.
    pub value: ConstLit,
}

/// A constant's value, in a form Rust can spell.
#[derive(Clone, Debug)]
pub(crate) enum ConstLit {
    /// `bool`
    Bool(bool),
    /// `::cilbind::Char`
    Char(u16),
    /// An integer of the primitive's Rust type (it fits).
    Int(Primitive, i128),
    /// A float, with its Rust type (`f32`/`f64`).
    Float(f64, &'static str),
    /// `&str`
    Str(String),
    /// `Option<&str>`: `None`.
    NullStr,
    /// An enum or flags value.
    Enum {
        /// The enum's Rust path.
        rust: String,
        /// Its underlying type.
        underlying: Primitive,
        /// `[Flags]`.
        flags: bool,
        /// The value (it fits).
        value: i128,
    },
}

impl TypeItem {
    /// True for a delegate whose `Invoke` gives a typed `from_fn`.
    pub(crate) fn has_from_fn(&self) -> bool {
        let members = match &self.kind {
            TypeItemKind::Reference { members, .. } | TypeItemKind::GenericReference { members, .. } => members,
            _ => return false,
        };
        members.as_ref().is_some_and(|m| {
            m.items
                .iter()
                .any(|i| matches!(i, MemberItem::Method(m) if matches!(m.from_fn, Some(Ok(_)))))
        })
    }
}

/// Members of a closed generic instantiation (`impl List<Int32> { … }`), beside the generic
/// wrapper.
#[derive(Clone, Debug)]
pub(crate) struct InstanceItem {
    /// The generic definition.
    pub definition: crate::model::TypePath,
    /// Module of the generic definition.
    pub module: Vec<String>,
    /// `List<::cilbind::Int32>`.
    pub self_ty: String,
    /// Name of its computed `static TypeRef`.
    pub type_ref: String,
    /// The closed type as .NET prints it.
    pub display: String,
    /// `class`, `interface (call them on its handle)` or `delegate`.
    pub kind: &'static str,
    /// Its members (none when the definition's generic `impl` has them).
    pub members: Members,
    /// A closed delegate whose definition's generic `impl` has the members: only its typed
    /// `from_fn` (closures need the argument types), or why it has none.
    pub from_fn: Option<Result<Callback, String>>,
}

/// The members of a type the runtime itself declares (`String`, `Char`, the primitives,
/// `Object`, `Enum`, `ValueType`): generated code can't add inherent methods to a type of
/// another crate, so they are an extension trait (`StringMethods`) implemented for the
/// runtime's type (`::cilbind::NetString`). See `plan::runtime_members`.
#[derive(Clone, Debug)]
pub(crate) struct RuntimeItem {
    /// Module of the .NET type (`system`).
    pub module: Vec<String>,
    /// `(assembly, namespace, name)` of the `TypeRef` member lookups use.
    pub type_ref_parts: (String, String, String),
    /// The members; `trait_name` is the extension trait, `self_ty` the runtime's type.
    pub members: Members,
}
