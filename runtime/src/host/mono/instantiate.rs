//! Instantiating generics at run time: closed generic types (`List<Int32>` from ``List`1``)
//! and generic method instances (`DeserializeObject<Item>` from ``DeserializeObject<T>``),
//! through reflection in the runtime's C# helper (`Cilbind.Types`): Mono's embedding API has
//! no exported function for either.

use super::EpochCell;
use std::ffi::c_void;
use std::ptr;

use super::array::{array_new, array_set_ref};
use super::entry::runtime_invoke;
use super::ffi;
use super::metadata::{Class, Method};
use super::raw::{class_of_type_object, exception_info, read_unboxed, type_object};
use super::runtime::Runtime;
use super::ObjectRef;
use crate::error::{Error, Result};

/// A `System.Type[]` of `args`.
fn type_array(args: &[Class]) -> Result<ObjectRef> {
    let first = type_object(Class::object())?;
    let type_class = first
        .class()
        .ok_or_else(|| Error::Unsupported("System.Type has no class".into()))?;
    let array = array_new(type_class, args.len())?;
    for (i, arg) in args.iter().enumerate() {
        array_set_ref(array, i, type_object(*arg)?)?;
    }
    Ok(array)
}

/// A method of the helper's `Cilbind.Types`, found once per unit.
fn helper_method(cache: &'static EpochCell<Method>, name: &str, params: &[&str]) -> Result<Method> {
    cache
        .get_or_try_init(|| Runtime::get()?.helper().class("Cilbind", "Types")?.method(name, params))
        .copied()
}

/// `definition.MakeGenericType(args)`.
pub(crate) fn make_generic(definition: Class, args: &[Class]) -> Result<Class> {
    static MAKE: EpochCell<Method> = EpochCell::new();
    let make = helper_method(&MAKE, "MakeGeneric", &["System.Type", "System.Type[]"])?;
    let def = type_object(definition)?;
    let array = type_array(args)?;
    let mut params = [def.as_ptr() as *mut c_void, array.as_ptr() as *mut c_void];
    let ty = runtime_invoke(make, ptr::null_mut(), &mut params).map_err(|e| {
        let info = exception_info(e);
        Error::InvalidArgument(format!("{}: {}", info.type_name, info.message))
    })?;
    class_of_type_object(ty).ok_or_else(|| Error::Unsupported("MakeGenericType returned no class".into()))
}

/// `definition.MakeGenericMethod(args)`: the method instance. The definition's constraints
/// are checked by .NET there: a type argument that breaks one is
/// [`Error::InvalidArgument`] with .NET's message.
pub(crate) fn make_generic_method(definition: Method, args: &[Class]) -> Result<Method> {
    static MAKE: EpochCell<Method> = EpochCell::new();
    let make = helper_method(
        &MAKE,
        "MakeGenericMethod",
        &["System.Reflection.MethodInfo", "System.Type[]"],
    )?;
    let rt = Runtime::get()?;
    // SAFETY: valid domain and method; returns the method's MethodInfo (null refclass: its
    // declaring class).
    let info = unsafe { ffi::mono_method_get_object(rt.domain(), definition.as_ptr(), ptr::null_mut()) };
    let array = type_array(args)?;
    let mut params = [info as *mut c_void, array.as_ptr() as *mut c_void];
    let handle = runtime_invoke(make, ptr::null_mut(), &mut params).map_err(|e| {
        let info = exception_info(e);
        Error::InvalidArgument(format!(
            "{definition} with type arguments [{}]: {}: {}",
            args.iter().map(|c| c.full_name()).collect::<Vec<_>>().join(", "),
            info.type_name,
            info.message
        ))
    })?;
    // The helper returns `MethodHandle.Value` boxed: in Mono a RuntimeMethodHandle's value is
    // the `MonoMethod*` itself.
    let raw: isize = read_unboxed(handle);
    Method::from_ptr(raw as *mut ffi::MonoMethod)
        .ok_or_else(|| Error::Unsupported(format!("MakeGenericMethod gave no method for {definition}")))
}
