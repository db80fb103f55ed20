//! [`TypeModel`]: everything the generator knows about one type definition, as owned data.

use super::ty::{Primitive, Ty, TypePath};

/// What kind of type a definition is, as .NET sees it (before any binding decision).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    /// A reference type that is none of the kinds below.
    Class,
    /// A value type other than an enum (base type `System.ValueType`).
    Struct,
    /// An enum (base type `System.Enum`).
    Enum,
    /// An interface.
    Interface,
    /// A delegate (base type `System.MulticastDelegate`).
    Delegate,
}

/// Member accessibility.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Visibility {
    /// `public`
    Public,
    /// `protected`
    Protected,
    /// `protected internal`
    ProtectedInternal,
    /// `private protected`
    PrivateProtected,
    /// `internal`
    Internal,
    /// `private`, or compiler-controlled.
    Private,
}

/// The `StructLayout` of a type. `None` means "not given, runtime default".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// `LayoutKind.Auto`: the runtime may order fields as it likes.
    Auto,
    /// `LayoutKind.Sequential`: fields in declaration order.
    Sequential {
        /// `Pack`; `None` = default (natural alignment).
        pack: Option<u32>,
        /// `Size`; `None` = computed from the fields.
        size: Option<u32>,
    },
    /// `LayoutKind.Explicit`: every instance field has a `[FieldOffset]`.
    Explicit {
        /// `Size`; `None` = computed from the fields.
        size: Option<u32>,
    },
}

/// A compile-time constant (const field, enum member, parameter default).
#[derive(Clone, Debug, PartialEq)]
pub enum ConstValue {
    /// `bool`
    Bool(bool),
    /// `char`, as a UTF-16 code unit.
    Char(u16),
    /// Any integral value, widened.
    Int(i128),
    /// `float`
    F32(f32),
    /// `double`
    F64(f64),
    /// `string` (lossily decoded from UTF-16).
    String(String),
    /// `null`
    Null,
}

/// A field.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldModel {
    /// Metadata name.
    pub name: String,
    /// Field type, in terms of the declaring type's generic parameters.
    pub ty: Ty,
    /// Accessibility.
    pub visibility: Visibility,
    /// `static`
    pub is_static: bool,
    /// `const` (a literal: no storage, the value is in `constant`).
    pub is_literal: bool,
    /// `readonly`
    pub is_readonly: bool,
    /// `[FieldOffset]` for explicit layouts.
    pub offset: Option<u32>,
    /// Value of a `const` field or enum member.
    pub constant: Option<ConstValue>,
}

/// How a parameter is passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassMode {
    /// By value.
    Value,
    /// `ref`
    Ref,
    /// `out`
    Out,
    /// `in` (read-only reference).
    In,
}

/// A method parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamModel {
    /// Name from the metadata (`argN` when the metadata has none).
    pub name: String,
    /// Parameter type; for `ref`/`out`/`in` this is the type *behind* the reference.
    pub ty: Ty,
    /// By value, `ref`, `out` or `in`.
    pub pass: PassMode,
    /// Default value of an optional parameter, when it has a constant.
    pub default: Option<ConstValue>,
    /// `params T[]`
    pub is_params: bool,
    /// A `ref` parameter the method provably never writes through (read from its IL:
    /// `read/param_writes.rs`; only for methods no override can replace). `false` for every
    /// other parameter.
    pub read_only: bool,
    /// Marked `[Out]` (C#'s `out`, and `[Out]`/`[In, Out]` arrays the callee fills).
    pub out_attribute: bool,
    /// Marked `[In]` (C#'s `in`, and `[In]` arrays: passed in, not back).
    pub in_attribute: bool,
}

/// Whether an instance method of a struct may change the value it is called on, as read
/// from its IL (the rule: `read/this_writes.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ThisAccess {
    /// The body never writes through `this` nor hands `this` to anything that might, or the
    /// member is declared `readonly` (`[IsReadOnly]`).
    ReadOnly,
    /// The body may write through `this` (or could not be followed): why, naming the store
    /// or the call (`` `stfld …` stores into this (instruction 3) ``).
    Writes(String),
    /// No IL to look at (abstract, `extern`, internal call), or not a struct's instance method.
    Unknown,
}

/// A method, constructor, or property/event accessor.
#[derive(Clone, Debug, PartialEq)]
pub struct MethodModel {
    /// Metadata name (`.ctor` for constructors).
    pub name: String,
    /// Accessibility.
    pub visibility: Visibility,
    /// `static`
    pub is_static: bool,
    /// `.ctor` (instance constructor).
    pub is_constructor: bool,
    /// `virtual` (also true for `abstract`, `override` and interface implementations).
    pub is_virtual: bool,
    /// `abstract`
    pub is_abstract: bool,
    /// `override`: virtual and reusing a base class's vtable slot.
    pub is_override: bool,
    /// `sealed`/final.
    pub is_final: bool,
    /// Names of the method's own generic parameters.
    pub generic_params: Vec<String>,
    /// Which of the method's own generic parameters have the `struct` constraint (in order;
    /// empty when none has).
    pub value_type_params: Vec<bool>,
    /// Which of the method's own generic parameters have the `class` constraint (in order;
    /// empty when none has).
    pub reference_type_params: Vec<bool>,
    /// Parameters in order.
    pub params: Vec<ParamModel>,
    /// Return type ([`Ty::Void`] for none; [`Ty::ByRef`] for `ref` returns).
    pub ret: Ty,
    /// Takes a variable argument list (`__arglist`).
    pub is_varargs: bool,
    /// For a struct's instance method, whether it may write through `this`.
    pub this_access: ThisAccess,
    /// Its result is a reference its C# 8 nullable annotations say is never null
    /// (`read/nullability.rs`); `false` without annotations.
    pub ret_non_null: bool,
    /// An internal call (`[MethodImpl(MethodImplOptions.InternalCall)] extern`): native code
    /// registered by name implements it (Rust, through the generated natives trait).
    pub is_internal_call: bool,
    /// For a `[DllImport("__Internal")] extern` method (a native of the form both runtimes
    /// bind: Rust implements it through the natives trait), its entry point.
    pub internal_import: Option<String>,
    /// For a method of a struct: its body decoded for translation into Rust, or why it
    /// cannot be (`read/pure_body.rs`). `None` for other types' methods.
    pub pure_body: Option<Result<super::PureBody, String>>,
    /// The method of the same type (an index into `TypeApi::methods`) that this one's whole
    /// body calls with its own arguments, passing on what that one returns (or writes to
    /// its trailing `out` parameter): `Mult(a, b)` forwarding to `Mult(ref a, ref b, out
    /// r)`. Read from the IL (`read/forwarding.rs`); `None` when the body does anything else.
    pub forwards_to: Option<usize>,
}

/// A property or indexer.
#[derive(Clone, Debug, PartialEq)]
pub struct PropertyModel {
    /// Metadata name (`Item` for C# indexers).
    pub name: String,
    /// Property type.
    pub ty: Ty,
    /// Index parameters; non-empty for indexers.
    pub index_params: Vec<ParamModel>,
    /// `static`
    pub is_static: bool,
    /// The `get` accessor.
    pub getter: Option<MethodModel>,
    /// The `set` accessor.
    pub setter: Option<MethodModel>,
}

/// An event.
#[derive(Clone, Debug, PartialEq)]
pub struct EventModel {
    /// Metadata name.
    pub name: String,
    /// Delegate type of the handlers.
    pub handler: Ty,
    /// The `add_` accessor (subscribes a handler).
    pub add: MethodModel,
    /// The `remove_` accessor (unsubscribes a handler).
    pub remove: MethodModel,
}

/// One named value of an enum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumMember {
    /// Metadata name.
    pub name: String,
    /// Value, widened from the underlying type.
    pub value: i128,
}

/// Enum-specific information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EnumInfo {
    /// Type of `value__`.
    pub underlying: Primitive,
    /// Named values in declaration order.
    pub members: Vec<EnumMember>,
    /// Has `[System.Flags]`.
    pub is_flags: bool,
}

/// The part of a type only loaded for types that are bound (not for dependencies).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct TypeApi {
    /// All base types, nearest first, with generic arguments substituted into this type's terms.
    pub base_chain: Vec<Ty>,
    /// Every interface the type implements: declared, inherited from base classes and from
    /// other interfaces, with generic arguments substituted; first-seen order, no duplicates
    /// (the set `Type.GetInterfaces()` returns).
    pub interfaces: Vec<Ty>,
    /// Methods and constructors declared by this type (accessors are under `properties`).
    pub methods: Vec<MethodModel>,
    /// Properties and indexers declared by this type.
    pub properties: Vec<PropertyModel>,
    /// Events declared by this type.
    pub events: Vec<EventModel>,
    /// Every internal call the type declares (`[MethodImpl(MethodImplOptions.InternalCall)]
    /// extern` methods and accessors), whatever its accessibility, in metadata order: Rust
    /// implements them all (the natives trait). The visible ones are also under `methods`,
    /// `properties` and `events`, where they are bound for Rust to call; private and internal
    /// ones are only here. Empty for Mono's class library (see [`is_mono_class_library`](super::is_mono_class_library)).
    pub natives: Vec<MethodModel>,
}

/// Points at one member of a [`TypeModel`]: an index into `fields`, `api.methods`,
/// `api.properties` (getter or setter) or `api.events`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemberModelRef {
    /// `fields[i]`
    Field(usize),
    /// `api.methods[i]` (methods and constructors)
    Method(usize),
    /// `api.properties[i].getter`
    Getter(usize),
    /// `api.properties[i].setter`
    Setter(usize),
    /// `api.events[i].add`
    EventAdd(usize),
    /// `api.events[i].remove`
    EventRemove(usize),
}

/// Everything the generator knows about one type definition.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeModel {
    /// Which type this is.
    pub path: TypePath,
    /// Class, struct, enum, interface or delegate.
    pub kind: TypeKind,
    /// Visible outside its assembly (public, and every enclosing type public).
    pub is_public: bool,
    /// `abstract` (static classes are abstract and sealed).
    pub is_abstract: bool,
    /// `sealed`
    pub is_sealed: bool,
    /// A `ref struct` (`IsByRefLikeAttribute`: `Span<T>`): it lives only on the stack, so it
    /// can never be boxed.
    pub is_byref_like: bool,
    /// Names of the generic parameters, including those inherited from enclosing types.
    pub generic_params: Vec<String>,
    /// Direct base type, in terms of this type's generic parameters.
    pub base: Option<Ty>,
    /// `StructLayout`.
    pub layout: Layout,
    /// Fields in declaration order. For bound types every field; for dependency types only
    /// the instance fields of value types (what layout computations need).
    pub fields: Vec<FieldModel>,
    /// Set for enums.
    pub enum_info: Option<EnumInfo>,
    /// Members, interfaces and base chain; `Some` only for bound types.
    pub api: Option<TypeApi>,
}

impl TypeModel {
    /// Instance (non-static, non-const) fields in declaration order.
    pub fn instance_fields(&self) -> impl Iterator<Item = &FieldModel> {
        self.fields.iter().filter(|f| !f.is_static && !f.is_literal)
    }
}

impl TypeModel {
    /// The closed instantiation `self<args>`: every member type with the type's generic
    /// parameters replaced by `args` (method generic parameters stay), and no generic
    /// parameters of its own.
    pub fn instantiate(&self, args: &[Ty]) -> TypeModel {
        let sub = |t: &Ty| t.substitute(args, &[]);
        let param = |p: &ParamModel| ParamModel {
            ty: sub(&p.ty),
            ..p.clone()
        };
        let method = |m: &MethodModel| MethodModel {
            params: m.params.iter().map(param).collect(),
            ret: sub(&m.ret),
            ..m.clone()
        };
        let api = self.api.as_ref().map(|api| TypeApi {
            base_chain: api.base_chain.iter().map(sub).collect(),
            interfaces: api.interfaces.iter().map(sub).collect(),
            methods: api.methods.iter().map(method).collect(),
            properties: api
                .properties
                .iter()
                .map(|p| PropertyModel {
                    name: p.name.clone(),
                    ty: sub(&p.ty),
                    index_params: p.index_params.iter().map(param).collect(),
                    is_static: p.is_static,
                    getter: p.getter.as_ref().map(method),
                    setter: p.setter.as_ref().map(method),
                })
                .collect(),
            events: api
                .events
                .iter()
                .map(|e| EventModel {
                    name: e.name.clone(),
                    handler: sub(&e.handler),
                    add: method(&e.add),
                    remove: method(&e.remove),
                })
                .collect(),
            natives: api.natives.iter().map(method).collect(),
        });
        TypeModel {
            fields: self
                .fields
                .iter()
                .map(|f| FieldModel {
                    ty: sub(&f.ty),
                    ..f.clone()
                })
                .collect(),
            base: self.base.as_ref().map(sub),
            generic_params: Vec::new(),
            api,
            ..self.clone()
        }
    }
}
