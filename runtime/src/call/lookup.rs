//! Lazily resolved references to types, methods and fields, declared as `static`s (by
//! generated code and by the runtime itself) and resolved on first use, then cached.
//! A failed lookup is not cached: an assembly loaded later can still satisfy it.

use std::sync::OnceLock;

use crate::call::function_db::FunctionDb;
use crate::call::shim::Thunk;
use crate::error::Result;
use crate::host::{raw, Class, Field, Method, Runtime};

/// A .NET type named by assembly, namespace and name (nested: `Outer/Inner`).
pub struct TypeRef {
    assembly: &'static str,
    namespace: &'static str,
    name: &'static str,
    class: OnceLock<Class>,
}

impl TypeRef {
    /// A reference to `namespace.name` in the assembly with simple name `assembly`.
    pub const fn new(assembly: &'static str, namespace: &'static str, name: &'static str) -> Self {
        TypeRef { assembly, namespace, name, class: OnceLock::new() }
    }

    /// The class, resolved on first use.
    #[inline]
    pub fn class(&self) -> Result<Class> {
        if let Some(c) = self.class.get() {
            return Ok(*c);
        }
        let class = Runtime::get()?.assembly(self.assembly)?.class(self.namespace, self.name)?;
        Ok(*self.class.get_or_init(|| class))
    }
}

/// How a method is called on the raw path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CallPath {
    /// Mono's unmanaged thunk of the method itself.
    Thunk,
    /// A trampoline that takes the parameters in this mask by pointer (see `Cilbind.Trampolines`).
    Trampoline(i64),
}

/// A method named by its type, name and parameter types (as Mono names them:
/// `System.Int32`, `System.Int32&`, `System.String[]`), with its raw-call entry point cached
/// after the first call.
pub struct MethodRef {
    ty: &'static TypeRef,
    name: &'static str,
    params: &'static [&'static str],
    path: CallPath,
    thunk: OnceLock<Thunk>,
}

/// Bit of a trampoline mask: a value-type `this` passed by pointer.
pub const THIS_BY_POINTER: i64 = 1 << 62;
/// Bit of a trampoline mask: the return value written through a trailing pointer.
pub const RETURN_BY_POINTER: i64 = 1 << 61;

impl MethodRef {
    /// A method called through Mono's unmanaged thunk.
    pub const fn new(ty: &'static TypeRef, name: &'static str, params: &'static [&'static str]) -> Self {
        MethodRef { ty, name, params, path: CallPath::Thunk, thunk: OnceLock::new() }
    }

    /// A method called through a pointer trampoline: bit `i` of `mask` passes parameter `i`
    /// (a blittable struct) by pointer instead of boxed; [`THIS_BY_POINTER`] and
    /// [`RETURN_BY_POINTER`] do the same for a struct `this` and return value. Constructors of
    /// structs always return through the pointer.
    pub const fn by_pointer(ty: &'static TypeRef, name: &'static str, params: &'static [&'static str], mask: i64) -> Self {
        MethodRef { ty, name, params, path: CallPath::Trampoline(mask), thunk: OnceLock::new() }
    }

    /// The method's metadata.
    pub fn method(&self) -> Result<Method> {
        self.ty.class()?.method(self.name, self.params)
    }

    /// The raw-call entry point, resolved (and JIT-compiled) on first use.
    #[inline]
    pub fn thunk(&self) -> Result<&Thunk> {
        if let Some(t) = self.thunk.get() {
            return Ok(t);
        }
        self.resolve()
    }

    #[cold]
    fn resolve(&self) -> Result<&Thunk> {
        let method = self.method()?;
        let id = FunctionDb::register(method);
        let entry = match self.path {
            CallPath::Thunk => raw::unmanaged_thunk(method)?,
            CallPath::Trampoline(mask) => raw::unmanaged_thunk(raw::build_trampoline(method, mask)?)?,
        };
        Ok(self.thunk.get_or_init(|| Thunk::new(entry, method, id)))
    }
}

/// A field named by its type and name, resolved on first use.
pub struct FieldRef {
    ty: &'static TypeRef,
    name: &'static str,
    field: OnceLock<Field>,
}

impl FieldRef {
    /// A reference to field `name` of `ty`.
    pub const fn new(ty: &'static TypeRef, name: &'static str) -> Self {
        FieldRef { ty, name, field: OnceLock::new() }
    }

    /// The field's metadata.
    #[inline]
    pub fn field(&self) -> Result<Field> {
        if let Some(f) = self.field.get() {
            return Ok(*f);
        }
        let f = self.ty.class()?.field(self.name)?;
        Ok(*self.field.get_or_init(|| f))
    }
}
