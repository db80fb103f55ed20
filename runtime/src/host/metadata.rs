//! Classes, methods, fields and signature types: one-word handles to the running backend's
//! metadata (on Mono its `MonoClass*`, `MonoMethod*`, `MonoClassField*` and `MonoType*`; on
//! CoreCLR interned GC handles of the reflection objects, one per object, so that handles
//! compare as the metadata does). Metadata is not a GC object on either runtime's heap in a
//! way that matters here: Mono never moves it, and a CoreCLR handle stays valid wherever the
//! collector moves its object, so handles may be cached in heap memory.
//!
//! Every query below asks the backend that runs; what both backends answer alike (the ABI a
//! method's entry point takes, `signature.rs`) is computed once from these answers.

use std::ffi::c_void;
use std::ptr::NonNull;

use super::backend::on_backend;
use super::{coreclr, mono, TypeKind};
use crate::error::{Error, Result};

/// A .NET type as the runtime knows it (class, struct, enum, interface, array or generic
/// instance).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Class(pub(in crate::host) NonNull<c_void>);

// SAFETY: a handle to immutable metadata, valid for the life of the process or, for classes
// of a reloaded unit's assemblies, until the reload (whose contract excludes using them
// afterwards); both runtimes' metadata APIs are thread-safe.
unsafe impl Send for Class {}
// SAFETY: as above.
unsafe impl Sync for Class {}

/// A method (or constructor, or accessor) of a loaded class.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Method(pub(in crate::host) NonNull<c_void>);

// SAFETY: as for `Class`.
unsafe impl Send for Method {}
// SAFETY: as above.
unsafe impl Sync for Method {}

/// A field of a loaded class.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Field {
    pub(in crate::host) handle: NonNull<c_void>,
    /// The class that declares it (Mono's field handles do not lead back to it).
    pub(in crate::host) class: Class,
}

// SAFETY: as for `Class`.
unsafe impl Send for Field {}
// SAFETY: as above.
unsafe impl Sync for Field {}

/// A type as a method's signature or a field names it (by-ref ones included): a handle to
/// the backend's metadata, opaque above the host.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct TypeHandle(pub(in crate::host) NonNull<c_void>);

/// A method's resolved signature: its parameter types and return type (valid as long as the
/// method).
pub(crate) struct Signature {
    pub(crate) params: Vec<TypeHandle>,
    pub(crate) ret: TypeHandle,
}

impl Class {
    /// The handle as a number (for caches keyed by class identity).
    #[inline]
    pub(crate) fn to_bits(self) -> usize {
        self.0.as_ptr() as usize
    }

    /// `System.Object`.
    pub fn object() -> Class {
        on_backend!(mono => mono::Class::object().into(), coreclr => coreclr::types::object())
    }

    /// `System.String`.
    pub fn string() -> Class {
        on_backend!(mono => mono::Class::string().into(), coreclr => coreclr::types::string())
    }

    /// `System.Exception`.
    pub fn exception() -> Class {
        on_backend!(mono => mono::Class::exception().into(), coreclr => coreclr::types::exception())
    }

    /// The simple name (``List`1``, `Inner` for a nested type).
    pub fn name(self) -> &'static str {
        on_backend!(mono => mono::Class::from(self).name(), coreclr => coreclr::types::facts(self).name)
    }

    /// The namespace (empty for nested types).
    pub fn namespace(self) -> &'static str {
        on_backend!(mono => mono::Class::from(self).namespace(), coreclr => coreclr::types::facts(self).namespace)
    }

    /// The full name as cilbind spells it (`System.Int32`; nested types `Ns.Outer.Inner`;
    /// generic instances ``System.IComparable`1<System.Int32>``).
    pub fn full_name(self) -> String {
        on_backend!(
            mono => mono::Class::from(self).full_name(),
            coreclr => coreclr::types::facts(self).cil_name.to_owned(),
        )
    }

    /// The assembly (simple name) that defines the class.
    pub fn assembly_name(self) -> &'static str {
        on_backend!(mono => mono::Class::from(self).assembly_name(), coreclr => coreclr::types::facts(self).assembly)
    }

    /// True for structs, enums and primitives.
    pub fn is_value_type(self) -> bool {
        on_backend!(
            mono => mono::Class::from(self).is_value_type(),
            coreclr => coreclr::types::facts(self).is_value_type(),
        )
    }

    /// True for enums.
    pub fn is_enum(self) -> bool {
        on_backend!(mono => mono::Class::from(self).is_enum(), coreclr => coreclr::types::facts(self).is_enum())
    }

    /// An enum's underlying primitive class.
    pub fn enum_underlying(self) -> Option<Class> {
        on_backend!(
            mono => mono::Class::from(self).enum_underlying().map(Class::from),
            coreclr => coreclr::types::related(coreclr::types::facts(self).enum_underlying),
        )
    }

    /// `T` when this class is a closed `System.Nullable<T>`, else `None`.
    pub fn nullable_param(self) -> Option<Class> {
        on_backend!(
            mono => mono::Class::from(self).nullable_param().map(Class::from),
            coreclr => coreclr::types::related(coreclr::types::facts(self).nullable_param),
        )
    }

    /// For the class library's `System.Span<T>` and `System.ReadOnlySpan<T>`: `T`'s class, and
    /// whether the span is writable (`Span`). `None` for every other class.
    pub fn span_element(self) -> Option<(Class, bool)> {
        on_backend!(
            mono => mono::Class::from(self).span_element().map(|(c, m)| (c.into(), m)),
            coreclr => coreclr::types::span_element(self),
        )
    }

    /// The base class (`None` for `System.Object` and interfaces).
    pub fn parent(self) -> Option<Class> {
        on_backend!(
            mono => mono::Class::from(self).parent().map(Class::from),
            coreclr => coreclr::types::related(coreclr::types::facts(self).parent),
        )
    }

    /// Interfaces the class declares (on CoreCLR: every interface it implements, as
    /// reflection lists them).
    pub fn declared_interfaces(self) -> Vec<Class> {
        on_backend!(
            mono => mono::Class::from(self).declared_interfaces().into_iter().map(Class::from).collect(),
            coreclr => coreclr::types::interfaces(self),
        )
    }

    /// A nested type by simple name.
    pub fn nested(self, name: &str) -> Option<Class> {
        on_backend!(
            mono => mono::Class::from(self).nested(name).map(Class::from),
            coreclr => coreclr::types::nested(self, name),
        )
    }

    /// The kind of value this class's instances are (primitives by their own kind).
    pub fn kind(self) -> TypeKind {
        on_backend!(mono => mono::Class::from(self).kind(), coreclr => coreclr::types::facts(self).kind)
    }

    /// True for public types (nested ones: public at every level).
    pub fn is_public(self) -> bool {
        on_backend!(mono => mono::Class::from(self).is_public(), coreclr => coreclr::types::facts(self).is_public())
    }

    /// True for interfaces.
    pub fn is_interface(self) -> bool {
        on_backend!(
            mono => mono::Class::from(self).is_interface(),
            coreclr => coreclr::types::facts(self).is_interface(),
        )
    }

    /// The enclosing type of a nested type.
    pub fn nesting_type(self) -> Option<Class> {
        on_backend!(
            mono => mono::Class::from(self).nesting_type().map(Class::from),
            coreclr => coreclr::types::related(coreclr::types::facts(self).nesting),
        )
    }

    /// True when a value of class `other` may be stored in a location of this class.
    #[inline]
    pub fn is_assignable_from(self, other: Class) -> bool {
        // The common case (an object of exactly the expected class) asks no runtime.
        self == other
            || on_backend!(
                mono => mono::Class::from(self).is_assignable_from(other.into()),
                coreclr => coreclr::types::is_assignable(self, other),
            )
    }

    /// The closed generic type `self<args…>` (for example ``List`1`` with `Int32`).
    pub fn instantiate(self, args: &[Class]) -> Result<Class> {
        on_backend!(
            mono => {
                let args: Vec<mono::Class> = args.iter().map(|&c| c.into()).collect();
                mono::Class::from(self).instantiate(&args).map(Class::from)
            },
            coreclr => coreclr::types::instantiate(self, args),
        )
    }

    /// The single-dimension array type `self[]`.
    pub fn array(self) -> Result<Class> {
        on_backend!(
            mono => Ok(mono::Class::from(self).array().into()),
            coreclr => coreclr::types::array_of(self),
        )
    }

    /// Size and alignment of the unboxed value (value types only).
    pub fn value_size(self) -> (usize, usize) {
        on_backend!(mono => mono::Class::from(self).value_size(), coreclr => {
            let facts = coreclr::types::facts(self);
            (facts.size, facts.align)
        })
    }

    /// The non-generic method `name` whose parameter types, as cilbind names them (see
    /// [`Method::parameter_types`]), equal `params`. Searches this class, then its bases; the
    /// first class with a match decides (an override or a `new` method hides its base's).
    /// Generic method definitions (`M<T>(bool)` beside `M(bool)`) are not candidates.
    /// Several matches in that class (overloads that differ only by return type) are
    /// [`Error::AmbiguousMethod`](crate::Error::AmbiguousMethod): name the return type with
    /// [`Class::method_with_return`].
    pub fn method(self, name: &str, params: &[&str]) -> Result<Method> {
        self.find_method(name, params, None, false)
    }

    /// The generic method definition `name<…>` whose parameter types, as the definition names
    /// them (a method type parameter by its name: `T`), equal `params` (and whose return type
    /// is `ret`, when given). Only generic definitions are candidates; instantiate the result
    /// with `GenericMethodRef`.
    pub fn generic_method(self, name: &str, params: &[&str], ret: Option<&str>) -> Result<Method> {
        self.find_method(name, params, ret, true)
    }

    /// The method `name` whose parameter types equal `params` and whose return type (see
    /// [`Method::return_type`]: `System.Int64`, `System.Void`) is `ret`. Conversion operators
    /// (`op_Explicit`, `op_Implicit`) may differ only by return type (ECMA-335 I.10.2, CLS
    /// rule 38): this tells them apart.
    pub fn method_with_return(self, name: &str, params: &[&str], ret: &str) -> Result<Method> {
        self.find_method(name, params, Some(ret), false)
    }

    /// The method `name` of this class or its nearest base that has one (the first class with
    /// a match decides: an override or a `new` method hides its base's), whose parameter types
    /// are `params` and whose return type is `ret` when given; generic definitions only when
    /// `generic`, else none.
    fn find_method(self, name: &str, params: &[&str], ret: Option<&str>, generic: bool) -> Result<Method> {
        let mut class = Some(self);
        let mut unresolved = None;
        while let Some(c) = class {
            let mut found = Vec::new();
            for m in c
                .methods()
                .filter(|m| m.name() == name && m.is_generic_definition() == generic)
            {
                let types = m
                    .parameter_types()
                    .and_then(|p| Ok((p, ret.map(|_| m.return_type()).transpose()?)));
                match types {
                    Ok((p, r)) if p.iter().map(String::as_str).eq(params.iter().copied()) && r.as_deref() == ret => {
                        found.push(m)
                    }
                    Ok(_) => {}
                    // An overload whose signature cannot be resolved (a type of a missing
                    // assembly) may be the one asked for: report why it is unusable.
                    Err(e) => unresolved = Some(e),
                }
            }
            match found[..] {
                [m] => return Ok(m),
                [] => {}
                // Never a silent pick: which one is meant depends on the return type.
                _ => {
                    return Err(Error::AmbiguousMethod {
                        class: c.full_name(),
                        name: name.into(),
                        parameters: params.join(", "),
                        candidates: found.iter().map(|m| m.to_string()).collect(),
                    })
                }
            }
            class = c.parent();
        }
        if let Some(e) = unresolved {
            return Err(e);
        }
        Err(Error::MethodNotFound {
            class: self.full_name(),
            name: name.into(),
            parameters: match ret {
                Some(ret) => format!("{} -> {ret}", params.join(", ")),
                None => params.join(", "),
            },
            candidates: self
                .methods()
                .filter(|m| m.name() == name)
                .map(|m| m.to_string())
                .collect(),
        })
    }

    /// Methods declared by this class (constructors and accessors included).
    pub fn methods(self) -> impl Iterator<Item = Method> {
        let methods: Vec<Method> = on_backend!(
            mono => mono::Class::from(self).methods().map(Method::from).collect(),
            coreclr => coreclr::types::methods(self),
        );
        methods.into_iter()
    }

    /// The field `name` declared by this class or a base class.
    pub fn field(self, name: &str) -> Result<Field> {
        on_backend!(
            mono => mono::Class::from(self).field(name).map(Field::from),
            coreclr => coreclr::types::find_field(self, name),
        )
    }
}

impl std::fmt::Debug for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Class({})", self.full_name())
    }
}

impl Method {
    /// The method's signature with every type in it resolved. A type the runtime cannot load
    /// (its assembly is missing, say) is [`Error::TypeLoad`](crate::Error::TypeLoad) naming
    /// the method and the runtime's reason.
    pub(crate) fn signature(self) -> Result<Signature> {
        on_backend!(
            mono => mono::Method::from(self).signature().map(|s| Signature {
                params: s.params.into_iter().map(TypeHandle::from).collect(),
                ret: s.ret.into(),
            }),
            coreclr => coreclr::types::signature(self),
        )
    }

    /// `Namespace.Type::Name`, for messages (needs no signature).
    pub fn qualified_name(self) -> String {
        format!("{}::{}", self.class().full_name(), self.name())
    }

    /// The method's name (`.ctor` for constructors).
    pub fn name(self) -> &'static str {
        on_backend!(mono => mono::Method::from(self).name(), coreclr => coreclr::types::method_facts(self).name)
    }

    /// The declaring class.
    pub fn class(self) -> Class {
        on_backend!(mono => mono::Method::from(self).class().into(), coreclr => coreclr::types::method_class(self))
    }

    /// True for an internal call (`[MethodImpl(MethodImplOptions.InternalCall)] extern`): its
    /// body is native code registered by name (see `Assembly::install_natives`).
    pub fn is_internal_call(self) -> bool {
        on_backend!(
            mono => mono::Method::from(self).is_internal_call(),
            coreclr => coreclr::types::method_facts(self).is_internal_call(),
        )
    }

    /// True for static methods.
    pub fn is_static(self) -> bool {
        on_backend!(
            mono => mono::Method::from(self).is_static(),
            coreclr => coreclr::types::method_facts(self).is_static(),
        )
    }

    /// True for a generic method definition (`M<T>`): never the same method as a non-generic
    /// `M` with the same parameters, and not callable before it is instantiated.
    pub fn is_generic_definition(self) -> bool {
        on_backend!(
            mono => mono::Method::from(self).is_generic_definition(),
            coreclr => coreclr::types::method_facts(self).is_generic_definition(),
        )
    }

    /// The method's metadata token. A member of a closed generic type (`List<int>.Add`) has
    /// the token of the definition's member (``List`1.Add``).
    pub fn token(self) -> u32 {
        on_backend!(mono => mono::Method::from(self).token(), coreclr => coreclr::types::method_facts(self).token)
    }

    /// True for virtual (and abstract, and interface) methods.
    pub fn is_virtual(self) -> bool {
        on_backend!(
            mono => mono::Method::from(self).is_virtual(),
            coreclr => coreclr::types::method_facts(self).is_virtual(),
        )
    }

    /// True for constructors (`.ctor`).
    pub fn is_constructor(self) -> bool {
        self.name() == ".ctor"
    }

    /// Parameter types as cilbind names them: `System.Int32`, by-ref ones with `&`
    /// ([`Error::TypeLoad`](crate::Error::TypeLoad) when one cannot be resolved).
    pub fn parameter_types(self) -> Result<Vec<String>> {
        Ok(self.signature()?.params.into_iter().map(type_name).collect())
    }

    /// The return type's name (`System.Void` for none).
    pub fn return_type(self) -> Result<String> {
        Ok(type_name(self.signature()?.ret))
    }

    /// Kind of each parameter, and whether it is `ref`/`out`.
    pub fn parameter_kinds(self) -> Result<Vec<(TypeKind, bool)>> {
        Ok(self.signature()?.params.into_iter().map(type_kind).collect())
    }

    /// Kind of the return value.
    pub fn return_kind(self) -> Result<TypeKind> {
        Ok(type_kind(self.signature()?.ret).0)
    }
}

impl std::fmt::Display for Method {
    /// `Ret Namespace.Type::Name(P1, P2)`; a signature that cannot be resolved shows why.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.signature() {
            Ok(sig) => write!(
                f,
                "{} {}({})",
                type_name(sig.ret),
                self.qualified_name(),
                sig.params.into_iter().map(type_name).collect::<Vec<_>>().join(", ")
            ),
            Err(e) => write!(f, "{} (unresolvable signature: {e})", self.qualified_name()),
        }
    }
}

impl std::fmt::Debug for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Method({self})")
    }
}

impl Field {
    /// The field's name.
    pub fn name(self) -> &'static str {
        on_backend!(mono => mono::Field::from(self).name(), coreclr => coreclr::types::field_facts(self).name)
    }

    /// The class that declares the field.
    pub fn class(self) -> Class {
        self.class
    }

    /// True for static fields.
    pub fn is_static(self) -> bool {
        on_backend!(
            mono => mono::Field::from(self).is_static(),
            coreclr => coreclr::types::field_facts(self).is_static(),
        )
    }

    /// True for a `const` field (a literal: its value is metadata, not storage).
    pub fn is_literal(self) -> bool {
        on_backend!(
            mono => mono::Field::from(self).is_literal(),
            coreclr => coreclr::types::field_facts(self).is_literal(),
        )
    }

    /// The field's type name as cilbind spells it.
    pub fn type_name(self) -> String {
        on_backend!(mono => mono::Field::from(self).type_name(), coreclr => coreclr::types::field_type_name(self))
    }

    /// Offset of the field in the unboxed value of a value type, or in the object of a class.
    pub fn value_offset(self) -> usize {
        on_backend!(
            mono => mono::Field::from(self).value_offset(),
            coreclr => coreclr::types::field_facts(self).offset.unwrap_or(0),
        )
    }
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Field({}::{})", self.class.full_name(), self.name())
    }
}

/// The name of a type as cilbind spells it (`System.Int32`, `System.Int32&`,
/// `System.String[]`, ``System.Collections.Generic.List`1<System.Int32>``).
pub(crate) fn type_name(ty: TypeHandle) -> String {
    on_backend!(mono => mono::type_name(ty.into()), coreclr => coreclr::types::type_facts(ty).cil_name.to_owned())
}

/// True when [`type_name`] of `ty` is `name` (compared without a copy on Mono: the function
/// table's check compares thousands of names).
pub(crate) fn type_name_is(ty: TypeHandle, name: &str) -> bool {
    on_backend!(mono => mono::type_name_is(ty.into(), name), coreclr => coreclr::types::type_facts(ty).cil_name == name)
}

/// The kind of a type and whether it is by reference (`ref`/`out`).
pub(crate) fn type_kind(ty: TypeHandle) -> (TypeKind, bool) {
    on_backend!(mono => mono::type_kind(ty.into()), coreclr => coreclr::types::type_kind(ty))
}

/// The class of a (possibly by-ref) type: a by-ref type's is its element's.
pub(crate) fn type_class(ty: TypeHandle) -> Option<Class> {
    on_backend!(mono => mono::type_class(ty.into()).map(Class::from), coreclr => coreclr::types::type_class(ty))
}

/// The kind of a type, an enum replaced by its underlying primitive.
pub(crate) fn abi_kind(ty: TypeHandle) -> TypeKind {
    match type_kind(ty).0 {
        TypeKind::Enum => type_class(ty)
            .and_then(Class::enum_underlying)
            .map_or(TypeKind::Other, Class::kind),
        k => k,
    }
}

impl Field {
    /// The field's type (its signature type).
    pub(crate) fn type_handle(self) -> TypeHandle {
        on_backend!(
            mono => mono::fields::field_type(self.into()).into(),
            coreclr => coreclr::types::field_type(self),
        )
    }
}
