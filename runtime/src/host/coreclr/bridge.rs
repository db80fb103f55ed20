//! The native side of the helper's `Cilbind.Bridge` (runtime/managed/Cilbind.Bridge.cs): the
//! table of function pointers `Bridge.Init` fills, and safe wrappers over them.
//!
//! Metadata crosses as [`ManagedHandle`]s (normal GC handles, one word each, stable while the
//! collector moves their objects); errors and descriptions as UTF-8 the helper allocated and
//! this side frees through the table. Every entry point of the table catches every managed
//! exception: none can escape into Rust (on CoreCLR that would abort the process).

use std::ffi::{c_char, c_void, CStr, CString};

use super::clr::Clr;
use crate::error::{Error, Result};
use crate::host::helper_assembly::HELPER_NAME;

/// What a bridge call answers: its value, or the message of the managed exception it caught
/// (`Type: message`), which the caller turns into the matching [`Error`].
pub(crate) type Answer<T> = std::result::Result<T, String>;

/// The table version `Bridge.Init` returns when it filled this table.
const VERSION: i32 = 1;

/// A normal GC handle the bridge made: a managed object (an assembly, a type, a method, an
/// exception) that stays alive and reachable until freed, wherever the collector moves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub(crate) struct ManagedHandle(pub(crate) *mut c_void);

// SAFETY: a GC handle is an identifier valid on every thread of the runtime.
unsafe impl Send for ManagedHandle {}
// SAFETY: as above.
unsafe impl Sync for ManagedHandle {}

/// The bridge's entry points, in `Bridge.exported` order.
#[repr(C)]
#[derive(Clone, Copy)]
struct Table {
    load_assembly: unsafe extern "C" fn(path: *const c_char, error: *mut *mut c_char) -> ManagedHandle,
    find_type: unsafe extern "C" fn(assembly: ManagedHandle, full_name: *const c_char, error: *mut *mut c_char) -> ManagedHandle,
    find_method: unsafe extern "C" fn(
        ty: ManagedHandle,
        name: *const c_char,
        parameters: *const c_char,
        error: *mut *mut c_char,
    ) -> ManagedHandle,
    make_entry: unsafe extern "C" fn(method: ManagedHandle, mask: i64, spans: i64, error: *mut *mut c_char) -> *const c_void,
    describe: unsafe extern "C" fn(handle: ManagedHandle) -> *mut c_char,
    free: unsafe extern "C" fn(memory: *mut c_char),
    free_handle: unsafe extern "C" fn(handle: ManagedHandle),
}

const TABLE_LEN: usize = std::mem::size_of::<Table>() / std::mem::size_of::<*const c_void>();

/// The bridge of a started CoreCLR.
pub(crate) struct Bridge {
    table: Table,
}

impl Bridge {
    /// Calls `Bridge.Init` (the one method reached through `coreclr_create_delegate`) to fill
    /// the table; refused when the helper's table has another size or version.
    pub(crate) fn new(clr: &Clr) -> Result<Bridge> {
        let init = clr.create_delegate(HELPER_NAME, "Cilbind.Bridge", "Init")?;
        // SAFETY: `Bridge.Init(IntPtr table, int count) -> int` is a public static method of
        // the helper; coreclr_create_delegate returned a native-callable pointer to it.
        let init: unsafe extern "C" fn(*mut *const c_void, i32) -> i32 = unsafe { std::mem::transmute(init) };
        let mut slots = [std::ptr::null::<c_void>(); TABLE_LEN];
        // SAFETY: `slots` has room for TABLE_LEN pointers, the count passed; Init writes
        // nothing unless the count is its table's size, and catches every exception.
        let version = unsafe { init(slots.as_mut_ptr(), TABLE_LEN as i32) };
        if version != VERSION || slots.iter().any(|p| p.is_null()) {
            return Err(Error::Startup(format!(
                "the runtime's C# helper has another bridge (version {version}, expected {VERSION} with {TABLE_LEN} entry \
                 points): the helper and the crate were built apart"
            )));
        }
        // SAFETY: Init filled every slot (none is null) with a pointer to the entry point of
        // the same index in Bridge.exported, whose signatures Table declares in that order;
        // function pointers and data pointers have one size and representation here.
        let table = unsafe { std::mem::transmute::<[*const c_void; TABLE_LEN], Table>(slots) };
        Ok(Bridge { table })
    }

    /// Loads the assembly at `path` (`Assembly.LoadFrom`).
    pub(crate) fn load_assembly(&self, path: &str) -> Answer<ManagedHandle> {
        let path = text(path)?;
        // SAFETY: the string lives for the call; the bridge catches every exception.
        self.answer(|error| unsafe { (self.table.load_assembly)(path.as_ptr(), error) })
    }

    /// The type `full_name` (`Namespace.Name`, nested `Outer+Inner`) of `assembly`.
    pub(crate) fn find_type(&self, assembly: ManagedHandle, full_name: &str) -> Answer<ManagedHandle> {
        let name = text(full_name)?;
        // SAFETY: as in load_assembly; `assembly` is a handle the bridge made.
        self.answer(|error| unsafe { (self.table.find_type)(assembly, name.as_ptr(), error) })
    }

    /// The method `name` (`.ctor` for a constructor) of `ty` whose parameter types have the
    /// full names `params`.
    pub(crate) fn find_method(&self, ty: ManagedHandle, name: &str, params: &[&str]) -> Answer<ManagedHandle> {
        let name = text(name)?;
        let params = text(&params.join("\n"))?;
        // SAFETY: as in load_assembly; `ty` is a handle the bridge made.
        self.answer(|error| unsafe { (self.table.find_method)(ty, name.as_ptr(), params.as_ptr(), error) })
    }

    /// A native-callable entry `R f(args…, *mut ManagedHandle exception)` for `method` (see
    /// `Bridge.MakeEntry`).
    pub(crate) fn make_entry(&self, method: ManagedHandle, mask: i64, spans: i64) -> Answer<*const c_void> {
        let mut error = std::ptr::null_mut();
        // SAFETY: `method` is a handle the bridge made; `error` is an out-parameter.
        let entry = unsafe { (self.table.make_entry)(method, mask, spans, &mut error) };
        self.check(error)?;
        Ok(entry)
    }

    /// The object's description: an exception's type and message with its inner chain, else
    /// its `ToString()`.
    pub(crate) fn describe(&self, handle: ManagedHandle) -> String {
        // SAFETY: `handle` is a live handle the bridge made; the bridge catches every exception.
        let text = unsafe { (self.table.describe)(handle) };
        self.take(text)
    }

    /// Frees a handle the bridge made; its object may then be collected.
    pub(crate) fn free_handle(&self, handle: ManagedHandle) {
        // SAFETY: `handle` came from the bridge and is freed once (the caller gives it up).
        unsafe { (self.table.free_handle)(handle) }
    }

    fn answer(&self, call: impl FnOnce(*mut *mut c_char) -> ManagedHandle) -> Answer<ManagedHandle> {
        let mut error = std::ptr::null_mut();
        let handle = call(&mut error);
        self.check(error)?;
        if handle.0.is_null() {
            return Err("the CoreCLR bridge returned no handle and no error".into());
        }
        Ok(handle)
    }

    fn check(&self, error: *mut c_char) -> Answer<()> {
        if error.is_null() {
            Ok(())
        } else {
            Err(self.take(error))
        }
    }

    /// Copies UTF-8 the bridge allocated and frees it.
    fn take(&self, text: *mut c_char) -> String {
        if text.is_null() {
            return String::new();
        }
        // SAFETY: the bridge allocated a NUL-terminated string with AllocHGlobal and gave it
        // to this side, which frees it once, here, after copying it.
        unsafe {
            let owned = CStr::from_ptr(text).to_string_lossy().into_owned();
            (self.table.free)(text);
            owned
        }
    }
}

fn text(s: &str) -> Answer<CString> {
    CString::new(s).map_err(|_| format!("{s:?} contains a NUL byte"))
}
