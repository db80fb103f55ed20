//! Classes and fields (methods: method.rs): Mono metadata handles. They are not GC
//! objects (SGen never moves them) and live as long as their image, so they may be cached in
//! heap memory.

use std::ffi::{c_char, c_void, CStr, CString};
use std::ptr::{self, NonNull};

use super::ffi;
use super::runtime::owned_cstr;
use super::type_kind::{type_kind, TypeHandle};
use super::TypeKind;
// Methods live in method.rs; re-exported here beside classes and fields.
pub(crate) use super::method::Method;
use crate::error::{Error, Result};

/// Reads a NUL-terminated string Mono owns.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string alive for the duration of the call.
pub(crate) unsafe fn cstr<'a>(p: *const c_char) -> &'a str {
    if p.is_null() {
        return "";
    }
    // SAFETY: guaranteed by the caller.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("<non-UTF-8 name>")
}

/// Mono's name for a type (`System.Int32`, `System.Int32&`, `System.String[]`,
/// ``System.Collections.Generic.List`1<System.Int32>``).
pub(crate) fn type_name(TypeHandle(ty): TypeHandle) -> String {
    // SAFETY: `ty` comes from a signature or class of a loaded image; the result is a
    // g_malloc'd string that we copy and free.
    unsafe {
        let p = ffi::mono_type_get_name(ty);
        let s = owned_cstr(p);
        ffi::mono_free(p as *mut c_void);
        s
    }
}

/// True when Mono's name for `ty` (as [`type_name`] gives it) is `name`: compared where Mono
/// writes it, without a copy (the function table's check compares thousands of names).
pub(crate) fn type_name_is(TypeHandle(ty): TypeHandle, name: &str) -> bool {
    // SAFETY: as in `type_name`; the g_malloc'd string is read (up to its NUL) before it is
    // freed, exactly once.
    unsafe {
        let p = ffi::mono_type_get_name(ty);
        let equal = !p.is_null() && CStr::from_ptr(p).to_bytes() == name.as_bytes();
        ffi::mono_free(p as *mut c_void);
        equal
    }
}

/// A .NET type as Mono knows it (class, struct, enum, interface, array or generic instance).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Class(pub(super) NonNull<ffi::MonoClass>);

// SAFETY: MonoClass pointers are immutable metadata, valid for the life of the process or,
// for classes of a reloaded unit's assemblies, until the reload (whose contract excludes
// using them afterwards).
unsafe impl Send for Class {}
// SAFETY: as above.
unsafe impl Sync for Class {}

impl std::fmt::Debug for Class {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Class({})", self.full_name())
    }
}

impl Class {
    pub(crate) fn from_ptr(p: *mut ffi::MonoClass) -> Option<Class> {
        NonNull::new(p).map(Class)
    }

    pub(crate) fn as_ptr(self) -> *mut ffi::MonoClass {
        self.0.as_ptr()
    }

    /// `System.Object`.
    pub fn object() -> Class {
        // SAFETY: corlib classes exist once the runtime started (callers hold a Runtime).
        Class::from_ptr(unsafe { ffi::mono_get_object_class() }).expect("System.Object exists")
    }

    /// `System.String`.
    pub fn string() -> Class {
        // SAFETY: as for `object`.
        Class::from_ptr(unsafe { ffi::mono_get_string_class() }).expect("System.String exists")
    }

    /// `System.Exception`.
    pub fn exception() -> Class {
        // SAFETY: as for `object`.
        Class::from_ptr(unsafe { ffi::mono_get_exception_class() }).expect("System.Exception exists")
    }

    /// The simple name (``List`1``, `Inner` for a nested type).
    pub fn name(self) -> &'static str {
        // SAFETY: class names live as long as their image (forever).
        unsafe { cstr(ffi::mono_class_get_name(self.as_ptr())) }
    }

    /// The namespace (empty for nested types).
    pub fn namespace(self) -> &'static str {
        // SAFETY: as for `name`.
        unsafe { cstr(ffi::mono_class_get_namespace(self.as_ptr())) }
    }

    /// The full name as Mono prints it (`System.Int32`; nested types `Ns.Outer.Inner`, in
    /// `mono_type_get_name`'s IL format; ``System.IComparable`1<System.Int32>``).
    pub fn full_name(self) -> String {
        // SAFETY: a class always has a type.
        type_name(TypeHandle(unsafe { ffi::mono_class_get_type(self.as_ptr()) }))
    }

    /// The assembly (simple name) that defines the class.
    pub fn assembly_name(self) -> &'static str {
        // SAFETY: every class belongs to an image.
        unsafe { cstr(ffi::mono_image_get_name(ffi::mono_class_get_image(self.as_ptr()))) }
    }

    /// True for structs, enums and primitives.
    pub fn is_value_type(self) -> bool {
        // SAFETY: valid class.
        unsafe { ffi::mono_class_is_valuetype(self.as_ptr()) != 0 }
    }

    /// True for enums.
    pub fn is_enum(self) -> bool {
        // SAFETY: valid class.
        unsafe { ffi::mono_class_is_enum(self.as_ptr()) != 0 }
    }

    /// An enum's underlying primitive class.
    pub fn enum_underlying(self) -> Option<Class> {
        super::thread::ensure();
        if !self.is_enum() {
            return None;
        }
        // SAFETY: valid enum class; the base type is a primitive type.
        let ty = unsafe { ffi::mono_class_enum_basetype(self.as_ptr()) };
        if ty.is_null() {
            return None;
        }
        // SAFETY: `ty` is a valid type.
        Class::from_ptr(unsafe { ffi::mono_class_from_mono_type(ty) })
    }

    /// `T` when this class is a closed `System.Nullable<T>`, else `None`.
    pub fn nullable_param(self) -> Option<Class> {
        super::thread::ensure();
        // SAFETY: valid class.
        if unsafe { ffi::mono_class_is_nullable(self.as_ptr()) } == 0 {
            return None;
        }
        // SAFETY: a closed Nullable<T> class; Mono returns T's class.
        Class::from_ptr(unsafe { ffi::mono_class_get_nullable_param(self.as_ptr()) })
    }

    /// For mscorlib's `System.Span<T>` and `System.ReadOnlySpan<T>`: `T`'s class, and whether
    /// the span is writable (`Span`). `None` for every other class.
    pub fn span_element(self) -> Option<(Class, bool)> {
        let mutable = match self.name() {
            "Span`1" => true,
            "ReadOnlySpan`1" => false,
            _ => return None,
        };
        if self.namespace() != "System" || self.assembly_name() != "mscorlib" {
            return None;
        }
        // The indexer returns `ref T` (`ref readonly T`): its class is `T`'s.
        let item = self.method("get_Item", &["System.Int32"]).ok()?;
        let ret = item.signature().ok()?.ret;
        super::type_kind::type_class(ret).map(|c| (c, mutable))
    }

    /// The base class (`None` for `System.Object` and interfaces).
    pub fn parent(self) -> Option<Class> {
        super::thread::ensure();
        // SAFETY: valid class.
        Class::from_ptr(unsafe { ffi::mono_class_get_parent(self.as_ptr()) })
    }

    /// Interfaces the class declares (not those of its base classes).
    pub fn declared_interfaces(self) -> Vec<Class> {
        super::thread::ensure();
        let mut iter: *mut c_void = ptr::null_mut();
        let mut out = Vec::new();
        // SAFETY: the iterator protocol of mono_class_get_interfaces: start at NULL, stop at NULL.
        while let Some(c) = Class::from_ptr(unsafe { ffi::mono_class_get_interfaces(self.as_ptr(), &mut iter) }) {
            out.push(c);
        }
        out
    }

    /// A nested type by simple name.
    pub fn nested(self, name: &str) -> Option<Class> {
        let mut iter: *mut c_void = ptr::null_mut();
        // SAFETY: iterator protocol as above.
        while let Some(c) = Class::from_ptr(unsafe { ffi::mono_class_get_nested_types(self.as_ptr(), &mut iter) }) {
            if c.name() == name {
                return Some(c);
            }
        }
        None
    }

    /// The kind of value this class's instances are (primitives by their own kind).
    pub fn kind(self) -> TypeKind {
        // SAFETY: a class always has a type.
        type_kind(TypeHandle(unsafe { ffi::mono_class_get_type(self.as_ptr()) })).0
    }

    /// True for public types (nested ones: public at every level).
    pub fn is_public(self) -> bool {
        // SAFETY: valid class. Visibility is the low 3 bits of the type flags: 1 = public,
        // 2 = nested public.
        let vis = unsafe { ffi::mono_class_get_flags(self.as_ptr()) } & 0x7;
        match vis {
            1 => true,
            2 => self.nesting_type().is_some_and(Class::is_public),
            _ => false,
        }
    }

    /// True for interfaces (`TYPE_ATTRIBUTE_INTERFACE`, 0x20 of the type flags).
    pub fn is_interface(self) -> bool {
        // SAFETY: valid class.
        let flags = unsafe { ffi::mono_class_get_flags(self.as_ptr()) };
        flags & 0x20 != 0
    }

    /// The enclosing type of a nested type.
    pub fn nesting_type(self) -> Option<Class> {
        // SAFETY: valid class.
        Class::from_ptr(unsafe { ffi::mono_class_get_nesting_type(self.as_ptr()) })
    }

    /// True when a value of class `other` may be stored in a location of this class.
    pub fn is_assignable_from(self, other: Class) -> bool {
        // The common case (an object of exactly the expected class) needs no Mono call.
        if self == other {
            return true;
        }
        super::thread::ensure();
        // SAFETY: valid classes.
        unsafe { ffi::mono_class_is_assignable_from(self.as_ptr(), other.as_ptr()) != 0 }
    }

    /// The closed generic type `self<args…>` (for example ``List`1`` with `Int32`), made by
    /// `Type.MakeGenericType` in the runtime's C# helper (Mono does not export its C API for it).
    pub fn instantiate(self, args: &[Class]) -> Result<Class> {
        super::instantiate::make_generic(self, args).map_err(|e| Error::ClassNotFound {
            namespace: self.namespace().into(),
            name: format!(
                "{}<{}> ({e})",
                self.name(),
                args.iter().map(|c| c.full_name()).collect::<Vec<_>>().join(",")
            ),
            assembly: self.assembly_name().into(),
        })
    }

    /// The single-dimension array type `self[]`.
    pub fn array(self) -> Class {
        super::thread::ensure();
        // SAFETY: valid element class; rank 1 arrays always exist.
        Class::from_ptr(unsafe { ffi::mono_array_class_get(self.as_ptr(), 1) }).expect("array class")
    }

    /// Size and alignment of the unboxed value (value types only).
    pub fn value_size(self) -> (usize, usize) {
        super::thread::ensure();
        let mut align = 0u32;
        // SAFETY: valid class and out slot.
        let size = unsafe { ffi::mono_class_value_size(self.as_ptr(), &mut align) };
        (size.max(0) as usize, align as usize)
    }

    /// The non-generic method `name` with these parameter types, found by the host's rule
    /// (`Class::method` of the host, the same for both backends).
    pub fn method(self, name: &str, params: &[&str]) -> Result<Method> {
        crate::host::Class::from(self).method(name, params).map(Method::from)
    }

    /// Methods declared by this class (constructors and accessors included).
    pub fn methods(self) -> impl Iterator<Item = Method> {
        super::thread::ensure();
        let mut iter: *mut c_void = ptr::null_mut();
        std::iter::from_fn(move || {
            // SAFETY: iterator protocol of mono_class_get_methods; `iter` lives in the closure.
            Method::from_ptr(unsafe { ffi::mono_class_get_methods(self.as_ptr(), &mut iter) })
        })
    }

    /// The field `name` declared by this class or a base class.
    pub fn field(self, name: &str) -> Result<Field> {
        super::thread::ensure();
        let not_found = || Error::FieldNotFound {
            class: self.full_name(),
            name: name.into(),
        };
        let cname = CString::new(name).map_err(|_| not_found())?;
        let mut class = Some(self);
        while let Some(c) = class {
            // SAFETY: valid class, NUL-terminated name; NULL when absent.
            let f = unsafe { ffi::mono_class_get_field_from_name(c.as_ptr(), cname.as_ptr()) };
            if let Some(f) = NonNull::new(f) {
                return Ok(Field { ptr: f, class: c });
            }
            class = c.parent();
        }
        Err(not_found())
    }
}

/// A field of a loaded class.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Field {
    pub(super) ptr: NonNull<ffi::MonoClassField>,
    pub(super) class: Class,
}

// SAFETY: field metadata is immutable and lives as long as its image.
unsafe impl Send for Field {}
// SAFETY: as above.
unsafe impl Sync for Field {}

impl Field {
    pub(crate) fn as_ptr(self) -> *mut ffi::MonoClassField {
        self.ptr.as_ptr()
    }

    /// The field's name.
    pub fn name(self) -> &'static str {
        // SAFETY: names live as long as the image.
        unsafe { cstr(ffi::mono_field_get_name(self.as_ptr())) }
    }

    /// The class that declares the field.
    pub fn class(self) -> Class {
        self.class
    }

    /// True for static fields.
    pub fn is_static(self) -> bool {
        // SAFETY: valid field.
        unsafe { ffi::mono_field_get_flags(self.as_ptr()) & ffi::FIELD_ATTRIBUTE_STATIC != 0 }
    }

    /// True for a `const` field (a literal: its value is metadata, not storage).
    pub fn is_literal(self) -> bool {
        // SAFETY: valid field.
        unsafe { ffi::mono_field_get_flags(self.as_ptr()) & ffi::FIELD_ATTRIBUTE_LITERAL != 0 }
    }

    /// The field's type name as Mono prints it.
    pub fn type_name(self) -> String {
        // SAFETY: valid field.
        type_name(TypeHandle(unsafe { ffi::mono_field_get_type(self.as_ptr()) }))
    }

    /// Offset of the field in the unboxed value of a value type (Mono reports offsets that
    /// include the 16-byte object header; this subtracts it), or in the object of a class.
    pub fn value_offset(self) -> usize {
        // SAFETY: valid field.
        let raw = unsafe { ffi::mono_field_get_offset(self.as_ptr()) } as usize;
        if self.class.is_value_type() {
            raw.saturating_sub(ffi::OBJECT_HEADER_SIZE)
        } else {
            raw
        }
    }
}
