//! Natives: C# `extern` methods whose bodies are Rust functions, installed by name. Two forms:
//!
//! * **`[DllImport("__Internal")] static extern`**, on both runtimes. The thunks are the
//!   dynamic symbols of a library made in memory (`symbol_library.rs`), one per assembly, and the
//!   runtime's own P/Invoke binds each method to its entry point there: CoreCLR through the
//!   assembly's DllImport resolver (`Cilbind.Natives.Bind`), Mono through its dllmap for the
//!   assembly's image. The thunk takes what P/Invoke passes (blittable values, pointers).
//! * **`[MethodImpl(MethodImplOptions.InternalCall)] extern`**, Mono only: raw internal calls,
//!   which take objects as they are (the types below). CoreCLR lets no embedder add internal
//!   calls; installing or requiring one there is refused, naming each and the form that works.

use std::collections::HashSet;
use std::sync::Mutex;

use super::backend::on_backend;
use super::symbol_library::SymbolLibrary;
use super::{array, coreclr, entry, mono, raw, Assembly, Class, Method, ObjectRef, Runtime};
use crate::error::{Error, Result};

pub(crate) use mono::native::InternalCall;
pub use mono::native::{ByRef, NativeEntry, RawRef, RawRet};

/// Where the managed forwarder of a delegate on a typed Rust closure wants the closure's result
/// (`Cilbind.Proxies.DefineDelegateInvoke`): the address of its local, valid for the call, or
/// none for a `void` delegate. Only that forwarder passes one (to the thunk the generator emits
/// per delegate type, which no Rust code can call).
#[repr(transparent)]
pub struct ResultSlot<T>(*mut T);

impl<T> ResultSlot<T> {
    /// Writes the result.
    #[inline]
    pub(crate) fn write(self, value: T) {
        if !self.0.is_null() {
            // SAFETY: a non-null pointer here is the forwarder's local of the result's native
            // type, valid for a write for the length of the call that passed it.
            unsafe { self.0.write(value) }
        }
    }
}

impl ResultSlot<()> {
    /// No result: a `void` delegate's.
    pub fn none() -> ResultSlot<()> {
        ResultSlot(std::ptr::null_mut())
    }
}

/// Every native that the types of `assembly` declare: its internal calls, then its
/// `[DllImport("__Internal")]` methods, each in metadata order.
pub(crate) fn internal_calls(assembly: &Assembly) -> Result<Vec<InternalCall>> {
    let listed = helper_list(assembly)?;
    on_backend!(
        mono => {
            let mut calls = mono::native::internal_calls(assembly)?;
            calls.extend(listed.into_iter().filter(|c| c.import.is_some()));
            Ok(calls)
        },
        coreclr => {
            let (mut calls, imports): (Vec<_>, Vec<_>) = listed.into_iter().partition(|c| c.import.is_none());
            calls.extend(imports);
            Ok(calls)
        },
    )
}

/// The natives of `assembly` as the helper's `Cilbind.Natives.List` reads them by reflection.
fn helper_list(assembly: &Assembly) -> Result<Vec<InternalCall>> {
    let Some(any) = assembly.classes()?.into_iter().next() else {
        return Ok(Vec::new());
    };
    let list = Runtime::get()?
        .helper()?
        .class("Cilbind", "Natives")?
        .method("List", &["System.Type"])?;
    let text = call_helper(list, &[type_object(any)?])?;
    let mut calls = Vec::new();
    for record in text.split('\u{1e}').filter(|r| !r.is_empty()) {
        let mut fields = record.split('\u{1f}');
        let (kind, name, entry) = (fields.next(), fields.next(), fields.next());
        match (kind, name, entry) {
            (Some("I"), Some(name), _) => calls.push(InternalCall {
                name: name.to_owned(),
                import: None,
            }),
            (Some("P"), Some(name), Some(entry)) => calls.push(InternalCall {
                name: name.to_owned(),
                import: Some(entry.to_owned()),
            }),
            _ => return Err(Error::Unsupported(format!("the helper listed a native as {record:?}"))),
        }
    }
    Ok(calls)
}

/// Calls a static method of the helper that returns a string, with these arguments.
fn call_helper(method: Method, args: &[ObjectRef]) -> Result<String> {
    let array = array::object_array_new(args.len())?;
    for (i, arg) in args.iter().enumerate() {
        array::array_set_ref(array, i, *arg)?;
    }
    let result = entry::invoke_array(method, None, array)?;
    if result.is_null() {
        return Ok(String::new());
    }
    String::from_utf16(&raw::string_units(result)?)
        .map_err(|_| Error::Unsupported(format!("{method} returned text that is not UTF-16")))
}

/// The `System.Type` object of `class`.
fn type_object(class: Class) -> Result<ObjectRef> {
    on_backend!(
        mono => mono::raw::type_object(class.into()).map(ObjectRef::from),
        coreclr => Ok(coreclr::heap::type_object(class)),
    )
}

/// The parameter list as Mono's `mono_signature_get_desc(sig, TRUE)` prints it.
pub(crate) fn signature_desc(method: Method) -> Result<String> {
    on_backend!(
        mono => mono::native::signature_desc(method),
        coreclr => coreclr::proxy::signature_desc(method),
    )
}

/// The refusal of internal-call natives on CoreCLR: each named, with the form that works.
pub(crate) fn internal_calls_refused(assembly: &str, names: &[String]) -> Error {
    Error::Unsupported(format!(
        "natives of {assembly} are declared [MethodImpl(MethodImplOptions.InternalCall)], which binds only on Mono: \
         CoreCLR lets no host add internal calls. Declare each [DllImport(\"__Internal\")] static extern instead (that \
         form binds on both runtimes): {}",
        names.join(", ")
    ))
}

/// Registers the natives of `assembly`: `calls` are all of them (complete, checked against the
/// entries), each with its entry. Internal calls are registered by name (Mono only); the
/// `[DllImport("__Internal")]` ones are bound together, once per loaded assembly.
pub(crate) fn register_natives(assembly: &Assembly, calls: &[(&InternalCall, NativeEntry)]) -> Result<()> {
    let icalls: Vec<String> = calls
        .iter()
        .filter(|(c, _)| c.import.is_none())
        .map(|(c, _)| c.name.clone())
        .collect();
    if !icalls.is_empty() && super::backend::coreclr_runs() {
        return Err(internal_calls_refused(assembly.name(), &icalls));
    }
    let imports: Vec<(String, usize)> = calls
        .iter()
        .filter_map(|(c, e)| Some((c.import.clone()?, e.code())))
        .collect();
    if !imports.is_empty() {
        bind_imports(assembly, calls, &imports)?;
    }
    for (call, entry) in calls {
        if call.import.is_none() {
            mono::native::register_native(entry)?;
        }
    }
    Ok(())
}

/// True once the `[DllImport("__Internal")]` natives of `assembly` are bound (by
/// [`register_natives`]), as they must be again for an assembly loaded anew (a reload).
pub(crate) fn imports_bound(assembly: &Assembly) -> bool {
    bound().lock().unwrap_or_else(|p| p.into_inner()).contains(assembly)
}

fn bound() -> &'static Mutex<HashSet<Assembly>> {
    static BOUND: std::sync::OnceLock<Mutex<HashSet<Assembly>>> = std::sync::OnceLock::new();
    BOUND.get_or_init(Default::default)
}

/// Binds the `[DllImport("__Internal")]` natives of `assembly` (entry point, thunk address)
/// to a symbol library of their own. Two natives of one assembly importing the same entry
/// point would be one symbol: refused, naming both.
fn bind_imports(
    assembly: &Assembly,
    calls: &[(&InternalCall, NativeEntry)],
    imports: &[(String, usize)],
) -> Result<()> {
    let mut bound = bound().lock().unwrap_or_else(|p| p.into_inner());
    if bound.contains(assembly) {
        return Ok(());
    }
    let mut seen = std::collections::HashMap::new();
    for (call, _) in calls {
        if let Some(entry) = &call.import {
            if let Some(first) = seen.insert(entry.as_str(), call.name.as_str()) {
                return Err(Error::InvalidArgument(format!(
                    "natives {first} and {} of {} both import the entry point {entry:?} from __Internal, where a name is one \
                     function: give one an EntryPoint of its own",
                    call.name,
                    assembly.name()
                )));
            }
        }
    }
    let library = SymbolLibrary::open(imports)?;
    on_backend!(
        mono => mono::native::map_internal_imports(assembly, library.path())?,
        coreclr => {
            let any = assembly
                .classes()?
                .into_iter()
                .next()
                .ok_or_else(|| Error::Unsupported(format!("{} has natives but no type", assembly.name())))?;
            let bind = Runtime::get()?.helper()?.class("Cilbind", "Natives")?.method("Bind", &["System.Type", "System.Int64"])?;
            let handle = library.handle() as usize as i64;
            let handle = super::plain::box_bytes(Runtime::get()?.corlib().class("System", "Int64")?, &handle.to_le_bytes())?;
            let refused = call_helper(bind, &[type_object(any)?, handle])?;
            if !refused.is_empty() {
                return Err(Error::Unsupported(format!("cannot bind the natives of {}: {refused}", assembly.name())));
            }
        },
    );
    // The library stays loaded for the life of the process: P/Invoke stubs point into it.
    std::mem::forget(library);
    bound.insert(*assembly);
    Ok(())
}

/// Makes an exception of `class` with `message` be thrown at the C# call site when the
/// current native returns. On CoreCLR nothing can be thrown there (see
/// [`crate::native::native_call`]): the failure is logged, and the native returns zero.
pub(crate) fn set_pending_exception(class: Class, message: &str) {
    on_backend!(mono => mono::native::set_pending_exception(class, message), coreclr => {
        let text = format!(
            "a native failed on CoreCLR, where no exception can cross a P/Invoke back into C#; it returns zero: {}: \
             {message}",
            class.full_name()
        );
        // Said even without a logger: the C# caller cannot see it.
        if log::log_enabled!(target: "cilbind", log::Level::Error) {
            log::error!(target: "cilbind", "{text}");
        } else {
            eprintln!("cilbind: {text}");
        }
    })
}
