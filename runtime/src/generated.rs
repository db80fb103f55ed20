//! The surface reserved for generated bindings. Not semver-stable: generated code and this
//! module change together. Users call the generated wrappers, not these items.
//!
//! Generated code uses exactly: [`TypeRef`], [`MethodRef`] (its `call(…)` / `call_sret(…)`),
//! [`FieldRef`]; the argument forms [`crate::In`], [`crate::Out`],
//! [`crate::RefObject`], [`crate::RefString`]; the handle types [`crate::Object`],
//! [`crate::StructHandle`] / [`crate::StructStore`] / [`crate::ManagedStruct`],
//! [`crate::Array`] / [`crate::ObjectArray`]; the traits [`crate::Reference`],
//! [`crate::ManagedType`], [`crate::Is`] / [`crate::AsObject`], [`crate::BoxAs`], [`crate::Unbox`]; the core
//! mscorlib types ([`crate::ValueType`], [`crate::Enum`], [`crate::NetString`], the
//! primitives' interfaces, [`crate::Char`], [`crate::Boolean`] and the other primitive
//! wrappers as generic arguments); [`crate::Runtime`] (in `init`), [`crate::Class`],
//! [`crate::Error`] / [`crate::Result`]; [`crate::FunctionDb::install_table`] (in `init`, with
//! the `FUNCTIONS` table of [`FunctionType`]s and [`FunctionRow`]s); [`crate::TypeArg`]
//! (members of generic types); the macros [`crate::blittable!`] and `class_wrapper!` (below);
//! and the items below.

pub use crate::__proxy_entry as proxy_entry;
pub use crate::call::abi::Boxed;
pub use crate::call::buffer::{ArraySlot, SliceArray, SliceArrayMut};
pub use crate::call::generic::{closed_class, generic_store, GenericFieldRef, GenericMethodRef};
pub use crate::call::generic_call::{GenericCall, RemoteInstance};
pub use crate::call::this_proof::{ClassProof, This};
pub use crate::call::type_graph::{check_type_graph, ClassOf, ProvedClass, Super};
pub use crate::call::{
    FieldRef, FunctionRow, FunctionType, MethodRef, TypeRef, RETURN_BOXED, RETURN_BY_POINTER, RETURN_DEREF,
    THIS_BY_POINTER,
};
pub use crate::host::ResultSlot;
pub use crate::host::{BlittableClass, PlainData};
pub use crate::proxy::delegate::{typed_call, typed_delegate, typed_delegates, DelegateFn};
pub use crate::proxy::dispatch::proxy_call;
pub use crate::proxy::{Base, ProxyEntry, ProxyMember, ProxyType, Receiver};
pub use crate::translation_gate::TranslationGate;

/// What a generated `init()` does first: in a client of a remote runtime, has the server check
/// `table` against its assemblies (as at connect: [`Error::FunctionsMismatch`](crate::Error)
/// lists every mismatch) and returns `true`, for `init()` to stop there; anywhere else `false`.
pub fn checked_remotely(table: &'static [FunctionType]) -> crate::Result<bool> {
    if !crate::remote::connected() {
        return Ok(false);
    }
    crate::remote::check_table(table)?;
    Ok(true)
}

/// A type's names as a client of a remote runtime sends them.
pub use crate::remote::TypeName as RemoteType;

/// A Rust implementation of a .NET interface in a client of a remote runtime: what the
/// generated `implement` uses there (see `remote/implementations.rs`).
pub use crate::native::remote_kinds::{RemoteIncoming, RemoteOutgoing};
pub use crate::remote::{implement as implement_remote, RemoteFrame, RemoteMember};

/// Its tokens with the `remote` feature, nothing without: the generated `implement`'s path for
/// a client of a remote runtime, compiled only where a client can run.
#[cfg(feature = "remote")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_remote {
    ($($code:tt)*) => {
        $($code)*
    };
}
/// Its tokens with the `remote` feature, nothing without.
#[cfg(not(feature = "remote"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_remote {
    ($($code:tt)*) => {};
}
pub use crate::__if_remote as if_remote;

/// A type's names, as a client of a remote runtime sends them (the generated call of a
/// generic method of a type that is not generic names its type so).
pub fn remote_type_of(ty: &TypeRef) -> Result<RemoteType> {
    ty.remote_name("a generic method's type")
}

/// A generic type's names, as a client of a remote runtime sends them: the definition's
/// names with the type arguments' (what the generated `ManagedType::remote_type` of a generic
/// type returns).
pub fn remote_instance(definition: &TypeRef, args: Vec<RemoteType>) -> Result<RemoteType> {
    let mut ty = definition.remote_name("a generic type")?;
    ty.args = args;
    Ok(ty)
}

/// Runs `f` out of line: a translated method's managed fallback (where its gate is closed),
/// kept out of the translated body's frame so that the translated call stays as cheap as its
/// arithmetic.
#[cold]
#[inline(never)]
pub fn out_of_line<R>(f: impl FnOnce() -> R) -> R {
    f()
}
pub use crate::value::boxing::{box_blittable, box_to_checked, unbox_blittable, BoxProof};
pub use crate::value::object::constructed;
pub use crate::value::type_arg::{box_arg, primitive_to_value, type_arg_object, unbox_output, unbox_value, zeroed_box};
pub use crate::value::zeroed;
pub use bitflags;

// Natives (C# internal calls implemented in Rust) and every other C#→Rust thunk.
pub use crate::native::kind as native_kind;
pub use crate::native::{native_call, Incoming, NativeEntry, NativeResult, NativeTable, Outgoing, RawRef};

/// One native's [`NativeEntry`]: `native_entry!(unsafe "Ns.Class::Method(int,string)",
/// thunk::<I>)`.
///
/// # Safety
/// The invocation starts with `unsafe`: the caller promises what
/// [`NativeEntry::new_unchecked`] requires (the generator emits it only for thunks whose
/// parameter kinds it derived from the method named, whose signature the name carries).
#[macro_export]
#[doc(hidden)]
macro_rules! __native_entry {
    (unsafe $name:expr, $thunk:expr) => {
        // SAFETY: promised by the invocation's `unsafe` (see `cilbind::generated::native_entry`).
        unsafe { $crate::generated::NativeEntry::new_unchecked($name, $thunk as *const ()) }
    };
}
pub use crate::__native_entry as native_entry;

use crate::error::{Error, Result};

/// Checks, once when bindings load, that a full struct's Rust layout is the running runtime's:
/// the value size and every field offset (an explicit layout's alias fields are checked
/// through the fields they overlay, by the generator's choice of `fields`). A mismatch is [`Error::LayoutMismatch`] naming the type and
/// the field, before any call can read garbage (GZDoom refuses to start on a size mismatch
/// for the same reason).
pub fn check_layout(ty: &TypeRef, size: usize, fields: &[(&str, usize)]) -> Result<()> {
    let class = ty.class()?;
    let (managed_size, _) = class.value_size();
    if managed_size != size {
        return Err(Error::LayoutMismatch {
            type_name: class.full_name(),
            detail: format!("the managed size is {managed_size} bytes, the Rust struct's is {size}"),
        });
    }
    for &(name, offset) in fields {
        let managed = class.field(name)?.value_offset();
        if managed != offset {
            return Err(Error::LayoutMismatch {
                type_name: class.full_name(),
                detail: format!("field {name} is at offset {managed} in the managed struct, {offset} in Rust"),
            });
        }
    }
    Ok(())
}

/// Declares a `#[repr(C)]`/`#[repr(transparent)]` Rust type as the full struct or enum
/// `$type_ref`: implements [`ManagedType`](crate::ManagedType) and
/// [`Blittable`](crate::Blittable), after checking at compile time that every listed field
/// type is itself plain data (blittable, padding bytes or a raw pointer).
///
/// ```ignore
/// cilbind::blittable!(unsafe V3, V3_TYPE, [f32, f32, f32]);
/// ```
///
/// # Safety
/// The invocation starts with `unsafe` because the macro cannot see the type's definition:
/// the caller promises that `$ty` is `#[repr(C)]` (or `#[repr(transparent)]`), that the
/// listed types are exactly its fields, and that `$type_ref` names the .NET type it mirrors.
/// The generator emits it only for structs it laid out from that type's metadata, and
/// `check_layout` compares sizes and offsets with Mono's when the bindings load.
#[macro_export]
macro_rules! blittable {
    (unsafe $ty:ty, $type_ref:expr, [$($field:ty),* $(,)?]) => {
        const _: () = {
            fn assert_blittable<T: $crate::generated::PlainData>() {}
            #[allow(dead_code)]
            fn all_fields_blittable() {
                $(assert_blittable::<$field>();)*
            }
        };
        impl $crate::ManagedType for $ty {
            #[inline]
            fn class() -> $crate::Result<$crate::Class> {
                $type_ref.class()
            }
            fn type_ref() -> ::std::option::Option<&'static $crate::TypeRef> {
                ::std::option::Option::Some(&$type_ref)
            }
        }
        // SAFETY: the generator emits this only for `#[repr(C)]` structs (and
        // `#[repr(transparent)]` enums) whose fields are all Blittable (asserted above), so
        // every bit pattern is valid; sizes are checked on every copy and field offsets by
        // `check_layout` when the bindings load.
        unsafe impl $crate::Blittable for $ty {
            #[inline]
            fn class_cache() -> ::std::option::Option<&'static $crate::generated::BlittableClass<Self>> {
                static CLASS: $crate::generated::BlittableClass<$ty> = $crate::generated::BlittableClass::new();
                ::std::option::Option::Some(&CLASS)
            }
        }
    };
}

#[cfg(feature = "quickcheck")]
pub use crate::__check_value as check_value;
pub use crate::__class_wrapper as class_wrapper;
pub use crate::__impl_blittable_boxing as impl_boxing;
pub use crate::__reference_type as reference_type;
pub use crate::__type_arg as type_arg;

/// Without the `quickcheck` feature, bindings generated with `Builder::quickcheck(true)` fail
/// to compile with this message rather than with unresolved paths.
///
/// A call compiles to that error whatever it is given (this doc test runs when the feature
/// is off: `cargo test -p cilbind --doc`):
///
/// ```compile_fail
/// cilbind::generated::check_value!(struct Anything { x }, boxes []);
/// ```
#[cfg(not(feature = "quickcheck"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __check_value_without_feature {
    ($($any:tt)*) => {
        ::core::compile_error!(
            "these bindings were generated with `Builder::quickcheck(true)`: enable cilbind's `quickcheck` feature"
        );
    };
}
#[cfg(not(feature = "quickcheck"))]
pub use crate::__check_value_without_feature as check_value;

/// The value of an operator's, comparison's or hash's call, which has no `Result` to return
/// (`impl Add`, `PartialEq`, `Hash`): a managed exception panics with the error and `what`
/// (`"Decimal + Decimal"`), as Rust's own arithmetic panics on overflow.
#[track_caller]
#[inline]
pub fn expect<T>(result: Result<T>, what: &str) -> T {
    match result {
        Ok(value) => value,
        Err(e) => panic!("{what}: {e}"),
    }
}

/// A conversion's result, which may not be null (`TryFrom<&str> for JToken` returns a
/// `JToken`): null is [`Error::NullReference`] naming the conversion. Takes the binding's
/// result as it is, an `Option<T>` or, for a method annotated non-null, a `T`.
#[inline]
pub fn non_null<T, R: Into<Option<T>>>(value: Result<R>, what: &str) -> Result<T> {
    value?
        .into()
        .ok_or_else(|| Error::NullReference(format!("{what} returned null")))
}

/// The result of a method whose C# 8 nullable annotations say it never returns null
/// (`item` names it): null anyway (annotations are not enforced at run time) is
/// [`Error::NullReference`], never a panic.
#[inline]
pub fn returned<T>(value: Option<T>, item: &str) -> Result<T> {
    value.ok_or_else(|| {
        Error::NullReference(format!(
            "{item} returned null, though its nullable annotations say it never does"
        ))
    })
}

/// `Display` of an object through its class's `ToString()`: `System.Object.ToString` called
/// virtually, so the override of the object's runtime class answers (the same text as
/// calling the override itself). A null string prints nothing; an error is `fmt::Error`.
pub fn display(value: &impl crate::Reference, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
    static OBJECT: TypeRef = TypeRef::new("mscorlib", "System", "Object");
    static TO_STRING: MethodRef = MethodRef::new(&OBJECT, "ToString", &[]);
    write_text::<Option<String>>(f, TO_STRING.call((value.as_object(),)))
}

/// Writes what a `ToString()` call returned, as every generated `Display` does: the text
/// padded to the formatter's width, nothing for null, `fmt::Error` for an error.
pub fn write_text<T: Into<Option<String>>>(f: &mut ::core::fmt::Formatter<'_>, text: Result<T>) -> ::core::fmt::Result {
    match text.map(Into::into) {
        Ok(Some(text)) => f.pad(&text),
        Ok(None) => Ok(()),
        Err(_) => Err(::core::fmt::Error),
    }
}
