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
const VERSION: i32 = 14;

/// A normal GC handle the bridge made: a managed object (an assembly, a type, a method, an
/// exception) that stays alive and reachable until freed, wherever the collector moves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub(crate) struct ManagedHandle(pub(crate) *mut c_void);

// SAFETY: a GC handle is an identifier valid on every thread of the runtime.
unsafe impl Send for ManagedHandle {}
// SAFETY: as above.
unsafe impl Sync for ManagedHandle {}

/// A managed reference as it crosses on CoreCLR: one word naming a managed slot that holds the
/// object (see `SlotTable` in Cilbind.Bridge.cs): 0 is null; a store slot is its segment id
/// (≥ 1) in the high 32 bits and its index in the low ones; a word with bit 63 set is one of the
/// calling thread's slots (a string made for a call's argument, or the object a call returned).
/// Native code never holds an object's address: the collector moves objects at will.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub(crate) struct SlotWord(pub(crate) i64);

impl SlotWord {
    /// The null reference.
    pub(crate) const NULL: SlotWord = SlotWord(0);

    /// Slot `index` of store segment `segment`.
    pub(crate) fn store(segment: i32, index: u32) -> SlotWord {
        SlotWord((i64::from(segment) << 32) | i64::from(index))
    }
}

/// The bridge's entry points, in `Bridge.exported` order.
#[repr(C)]
#[derive(Clone, Copy)]
struct Table {
    load_assembly: unsafe extern "C" fn(path: *const c_char, error: *mut *mut c_char) -> ManagedHandle,
    find_type: unsafe extern "C" fn(
        assembly: ManagedHandle,
        full_name: *const c_char,
        error: *mut *mut c_char,
    ) -> ManagedHandle,
    find_method: unsafe extern "C" fn(
        ty: ManagedHandle,
        name: *const c_char,
        parameters: *const c_char,
        error: *mut *mut c_char,
    ) -> ManagedHandle,
    make_entry: unsafe extern "C" fn(
        method: ManagedHandle,
        mask: i64,
        spans: i64,
        this_proved: *mut *const c_void,
        error: *mut *mut c_char,
    ) -> *const c_void,
    describe: unsafe extern "C" fn(handle: ManagedHandle) -> *mut c_char,
    free: unsafe extern "C" fn(memory: *mut c_char),
    free_handle: unsafe extern "C" fn(handle: ManagedHandle),
    new_segment: unsafe extern "C" fn(
        length: i32,
        versions: *const c_void,
        classes: *const c_void,
        error: *mut *mut c_char,
    ) -> i32,
    move_slot: unsafe extern "C" fn(from: SlotWord, to: SlotWord) -> i32,
    hold: unsafe extern "C" fn(word: SlotWord) -> SlotWord,
    new_string: unsafe extern "C" fn(data: *const u16, length: i32) -> SlotWord,
    read_string: unsafe extern "C" fn(word: SlotWord, buffer: *mut u16, capacity: i32) -> i32,
    type_name: unsafe extern "C" fn(word: SlotWord) -> *mut c_char,
    facts: unsafe extern "C" fn(handle: ManagedHandle, what: i32, error: *mut *mut c_char) -> *mut c_char,
    make_type: unsafe extern "C" fn(
        definition: ManagedHandle,
        args: *const ManagedHandle,
        count: i32,
        error: *mut *mut c_char,
    ) -> ManagedHandle,
    is_assignable: unsafe extern "C" fn(to: ManagedHandle, from: ManagedHandle) -> i32,
    box_value: unsafe extern "C" fn(ty: ManagedHandle, data: *const u8, size: i32, error: *mut *mut c_char) -> SlotWord,
    unbox: unsafe extern "C" fn(word: SlotWord, dest: *mut u8, capacity: i32) -> i32,
    class_of: unsafe extern "C" fn(word: SlotWord) -> ManagedHandle,
    array_new: unsafe extern "C" fn(element: ManagedHandle, length: i64, error: *mut *mut c_char) -> SlotWord,
    array_length: unsafe extern "C" fn(word: SlotWord) -> i64,
    array_get: unsafe extern "C" fn(array: SlotWord, index: i64, error: *mut *mut c_char) -> SlotWord,
    array_set: unsafe extern "C" fn(array: SlotWord, index: i64, value: SlotWord, error: *mut *mut c_char),
    array_copy:
        unsafe extern "C" fn(array: SlotWord, data: *mut u8, bytes: i64, into_array: i32, error: *mut *mut c_char),
    type_object: unsafe extern "C" fn(ty: ManagedHandle) -> SlotWord,
    field_get: unsafe extern "C" fn(field: ManagedHandle, target: SlotWord, error: *mut *mut c_char) -> SlotWord,
    field_set: unsafe extern "C" fn(field: ManagedHandle, target: SlotWord, value: SlotWord, error: *mut *mut c_char),
    run_class_constructor:
        unsafe extern "C" fn(ty: ManagedHandle, exception: *mut ManagedHandle, error: *mut *mut c_char),
    invoke: unsafe extern "C" fn(
        method: ManagedHandle,
        target: SlotWord,
        args: SlotWord,
        exception: *mut ManagedHandle,
        error: *mut *mut c_char,
    ) -> SlotWord,
    same: unsafe extern "C" fn(a: SlotWord, b: SlotWord) -> i32,
    pointer_address: unsafe extern "C" fn(word: SlotWord, error: *mut *mut c_char) -> i64,
    box_default: unsafe extern "C" fn(ty: ManagedHandle, error: *mut *mut c_char) -> SlotWord,
    array_new_md: unsafe extern "C" fn(
        element: ManagedHandle,
        lengths: *const i64,
        rank: i32,
        error: *mut *mut c_char,
    ) -> SlotWord,
    copy_box: unsafe extern "C" fn(dest: SlotWord, src: SlotWord, error: *mut *mut c_char),
    load_bytes:
        unsafe extern "C" fn(data: *const u8, size: i64, path: *const c_char, error: *mut *mut c_char) -> ManagedHandle,
    start_unit: unsafe extern "C" fn(name: *const c_char, error: *mut *mut c_char),
    unload_unit: unsafe extern "C" fn(error: *mut *mut c_char) -> *mut c_char,
    units_alive: unsafe extern "C" fn(rounds: i32, retired: *mut i32) -> i32,
    managed_frames: unsafe extern "C" fn() -> i32,
    make_boxer: unsafe extern "C" fn(ty: ManagedHandle, size: i32, error: *mut *mut c_char) -> *const c_void,
    trampoline:
        unsafe extern "C" fn(method: ManagedHandle, mask: i64, spans: i64, error: *mut *mut c_char) -> ManagedHandle,
    find_loaded: unsafe extern "C" fn(name: *const c_char, error: *mut *mut c_char) -> ManagedHandle,
    runtime_folder: unsafe extern "C" fn() -> *mut c_char,
    clear_slots: unsafe extern "C" fn(words: *const SlotWord, count: i32) -> i32,
    follow_host_unloads: unsafe extern "C" fn(callback: extern "C" fn()) -> i32,
}

/// `Bridge.Init`: fills a table of `count` pointers, returns the helper's table version (-1
/// when `count` is not its table's size).
pub(crate) type InitFn = unsafe extern "C" fn(table: *mut *const c_void, count: i32) -> i32;

/// A boxer [`Bridge::make_boxer`] made: boxes the value at `data` into the slot `to` names;
/// 1 when done, 0 when the runtime could not.
pub(crate) type BoxInto = unsafe extern "C" fn(data: *const u8, to: SlotWord) -> i32;

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
        let init: InitFn = unsafe { std::mem::transmute::<*const c_void, InitFn>(init) };
        // SAFETY: as above; the helper keeps the delegate behind the pointer alive.
        unsafe { Bridge::from_init(init) }
    }

    /// Fills the table through `init`, a native-callable pointer to the helper's `Bridge.Init`
    /// (from `coreclr_create_delegate`, or from a host's bootstrap in guest mode); refused when
    /// the helper's table has another size or version.
    ///
    /// # Safety
    /// `init` is a native-callable pointer to the helper's `Bridge.Init`, kept alive for the
    /// life of the process.
    pub(crate) unsafe fn from_init(init: InitFn) -> Result<Bridge> {
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

    /// Loads the assembly at `path` (`Assembly.LoadFrom`); its tests keep the entry checked.
    #[cfg(test)]
    pub(crate) fn load_assembly(&self, path: &str) -> Answer<ManagedHandle> {
        let path = text(path)?;
        // SAFETY: the string lives for the call; the bridge catches every exception.
        self.answer(|error| unsafe { (self.table.load_assembly)(path.as_ptr(), error) })
    }

    /// Loads the assembly whose bytes (checked, read from the file `path`) are `bytes` into
    /// the default load context; its references are looked for next to `path` too.
    pub(crate) fn load_bytes(&self, bytes: &[u8], path: &str) -> Answer<ManagedHandle> {
        let path = text(path)?;
        let size = i64::try_from(bytes.len()).map_err(|_| "an assembly beyond i64 bytes".to_string())?;
        // SAFETY: the table's `LoadBytes` copies `size` bytes from `bytes` (valid for the call)
        // and reads the NUL-terminated path; it catches every exception.
        self.answer(|error| unsafe { (self.table.load_bytes)(bytes.as_ptr(), size, path.as_ptr(), error) })
    }

    /// The type `full_name` (`Namespace.Name`, nested `Outer+Inner`) of `assembly`.
    pub(crate) fn find_type(&self, assembly: ManagedHandle, full_name: &str) -> Answer<ManagedHandle> {
        let name = text(full_name)?;
        // SAFETY: as in load_assembly; `assembly` is a handle the bridge made.
        self.answer(|error| unsafe { (self.table.find_type)(assembly, name.as_ptr(), error) })
    }

    #[cfg(test)]
    /// The method `name` (`.ctor` for a constructor) of `ty` whose parameter types have the
    /// full names `params`.
    pub(crate) fn find_method(&self, ty: ManagedHandle, name: &str, params: &[&str]) -> Answer<ManagedHandle> {
        let name = text(name)?;
        let params = text(&params.join("\n"))?;
        // SAFETY: as in load_assembly; `ty` is a handle the bridge made.
        self.answer(|error| unsafe { (self.table.find_method)(ty, name.as_ptr(), params.as_ptr(), error) })
    }

    /// A native-callable entry `R f(args…, *mut ManagedHandle exception)` for `method` (see
    /// `Bridge.MakeEntry`), and with `this_proved` and an object `this`, a second one of the same
    /// signature that does not test the class of `this` (null otherwise).
    pub(crate) fn make_entry(
        &self,
        method: ManagedHandle,
        mask: i64,
        spans: i64,
        this_proved: bool,
    ) -> Answer<(*const c_void, *const c_void)> {
        let mut error = std::ptr::null_mut();
        let mut proved = std::ptr::null();
        let proved_out = if this_proved {
            &mut proved as *mut _
        } else {
            std::ptr::null_mut()
        };
        // SAFETY: `method` is a handle the bridge made; `proved_out` (null, or `proved`) and
        // `error` are out-parameters.
        let entry = unsafe { (self.table.make_entry)(method, mask, spans, proved_out, &mut error) };
        self.check(error)?;
        Ok((entry, proved))
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

    /// The boxer of values of the value type `ty` (`size` bytes, no references: checked by the
    /// bridge).
    pub(crate) fn make_boxer(&self, ty: ManagedHandle, size: usize) -> Answer<BoxInto> {
        let size = i32::try_from(size).map_err(|_| format!("a value of {size} bytes"))?;
        let mut error = std::ptr::null_mut();
        // SAFETY: `error` is an out-parameter; the bridge catches every exception.
        let entry = unsafe { (self.table.make_boxer)(ty, size, &mut error) };
        self.check(error)?;
        if entry.is_null() {
            return Err("the bridge made no boxer".into());
        }
        // SAFETY: the bridge's `MakeBoxer` returns the pointer of a kept-alive delegate of
        // exactly `BoxInto`'s signature (`int (byte*, long)`).
        Ok(unsafe { std::mem::transmute::<*const c_void, BoxInto>(entry) })
    }

    /// A new store segment of `length` slots, whose versions and classes are kept in the
    /// arrays at `versions` and `classes` (`length` 8-byte words each, which must live as long
    /// as the process: managed code reads and writes them from then on).
    pub(crate) fn new_segment(&self, length: i32, versions: *const c_void, classes: *const c_void) -> Answer<i32> {
        let mut error = std::ptr::null_mut();
        // SAFETY: `error` is an out-parameter; the bridge catches every exception; the arrays
        // outlive the runtime (the caller leaks them) and hold `length` words each.
        let id = unsafe { (self.table.new_segment)(length, versions, classes, &mut error) };
        self.check(error)?;
        Ok(id)
    }

    /// Puts the object in `from` into `to`: a thread slot `from` is consumed (released), a
    /// store slot `from` keeps its object; `from` null clears `to`. 1 when done, 0 when `from`
    /// names a slot released or reused since its word was made, -1 for a word naming no slot.
    pub(crate) fn move_slot(&self, from: SlotWord, to: SlotWord) -> i32 {
        // SAFETY: plain words; the bridge catches every exception, a bad word included.
        unsafe { (self.table.move_slot)(from, to) }
    }

    /// Empties the store slots `words` name, in one call; how many it emptied (all of them,
    /// unless a word names no store slot: Rust's bug, which must not abort the process).
    pub(crate) fn clear_slots(&self, words: &[SlotWord]) -> usize {
        let count = i32::try_from(words.len()).expect("a batch of slots fits an i32");
        // SAFETY: `words` holds `count` plain words and lives for the call; the bridge reads
        // no more of them and catches every exception.
        let cleared = unsafe { (self.table.clear_slots)(words.as_ptr(), count) };
        usize::try_from(cleared).unwrap_or(0)
    }

    /// Guest mode: has the helper call `callback` when a collectible load context of the
    /// host's that cilbind follows starts unloading (`Unit.Follow` in the helper).
    pub(crate) fn follow_host_unloads(&self, callback: extern "C" fn()) -> Answer<()> {
        // SAFETY: a plain function pointer, which lives as long as the process (the plugin's
        // library is never unmapped); the bridge catches every exception.
        match unsafe { (self.table.follow_host_unloads)(callback) } {
            1 => Ok(()),
            _ => Err("the helper could not keep the function to call when the host unloads a context".into()),
        }
    }

    /// The object in slot `word` put in a new thread slot (null for null): a word that names
    /// that object whatever later happens to `word`'s slot.
    pub(crate) fn hold(&self, word: SlotWord) -> SlotWord {
        // SAFETY: the table's `Hold`, which takes any word and catches every exception.
        unsafe { (self.table.hold)(word) }
    }

    #[cfg(test)]
    /// A string in one of this thread's slots, for one call's argument.
    pub(crate) fn new_string(&self, text: &str) -> Answer<SlotWord> {
        let units: Vec<u16> = text.encode_utf16().collect();
        self.new_string_units(&units)
    }

    /// A string of these UTF-16 units in one of this thread's slots.
    pub(crate) fn new_string_units(&self, units: &[u16]) -> Answer<SlotWord> {
        let length = i32::try_from(units.len())
            .map_err(|_| format!("a string of {} UTF-16 units is too long for .NET", units.len()))?;
        // SAFETY: `units` holds `length` units and lives for the call.
        let word = unsafe { (self.table.new_string)(units.as_ptr(), length) };
        if word == SlotWord::NULL {
            return Err("the runtime could not make the string (out of memory?)".into());
        }
        Ok(word)
    }

    /// The string in the slot: `Ok(None)` for null, `Err` for an object that is not a string.
    pub(crate) fn read_string(&self, word: SlotWord) -> Answer<Option<Vec<u16>>> {
        let mut buffer = vec![0u16; 64];
        loop {
            let capacity = i32::try_from(buffer.len()).unwrap_or(i32::MAX);
            // SAFETY: `buffer` has room for `capacity` units; the bridge writes only when the
            // string fits and catches every exception.
            let length = unsafe { (self.table.read_string)(word, buffer.as_mut_ptr(), capacity) };
            match length {
                -1 => return Ok(None),
                n if n < 0 => return Err(format!("the object is a {}, not a string", self.type_name(word))),
                n if (n as usize) <= buffer.len() => {
                    buffer.truncate(n as usize);
                    return Ok(Some(buffer));
                }
                n => buffer.resize(n as usize, 0),
            }
        }
    }

    /// The full name of the type of the object in the slot (`null` for null).
    pub(crate) fn type_name(&self, word: SlotWord) -> String {
        // SAFETY: a plain word; the bridge catches every exception.
        let text = unsafe { (self.table.type_name)(word) };
        self.take(text)
    }

    /// The record `what` of a metadata handle (see `Metadata.Facts` in C#): fields separated
    /// by U+001F.
    pub(crate) fn facts(&self, handle: ManagedHandle, what: i32) -> Answer<String> {
        let mut error = std::ptr::null_mut();
        // SAFETY: `handle` is a handle the bridge made; `error` is an out-parameter; the bridge
        // catches every exception.
        let text = unsafe { (self.table.facts)(handle, what, &mut error) };
        self.check(error)?;
        Ok(self.take(text))
    }

    /// `definition` (a generic type or method) closed over `args`.
    pub(crate) fn instantiate(&self, definition: ManagedHandle, args: &[ManagedHandle]) -> Answer<ManagedHandle> {
        let count = i32::try_from(args.len()).map_err(|_| "too many type arguments".to_string())?;
        // SAFETY: `args` holds `count` handles the bridge made and lives for the call.
        self.answer(|error| unsafe { (self.table.make_type)(definition, args.as_ptr(), count, error) })
    }

    /// The static `Invoke` method of `method`'s pointer trampoline (`mask`, `spans`): for a
    /// constructor, a method that makes the object and returns it.
    pub(crate) fn trampoline(&self, method: ManagedHandle, mask: i64, spans: i64) -> Answer<ManagedHandle> {
        // SAFETY: `method` is a handle the bridge made; `error` is an out-parameter; the entry
        // catches every exception.
        self.answer(|error| unsafe { (self.table.trampoline)(method, mask, spans, error) })
    }

    /// The one-dimensional array type of `element`.
    pub(crate) fn array_of(&self, element: ManagedHandle) -> Answer<ManagedHandle> {
        // SAFETY: count -1 asks for the array type; no argument is read.
        self.answer(|error| unsafe { (self.table.make_type)(element, std::ptr::null(), -1, error) })
    }

    /// True when a value of type `from` may be stored in a location of type `to`.
    pub(crate) fn is_assignable(&self, to: ManagedHandle, from: ManagedHandle) -> bool {
        // SAFETY: handles the bridge made; the bridge catches every exception.
        unsafe { (self.table.is_assignable)(to, from) != 0 }
    }

    /// Runs `call` with an error out-parameter; the bridge's message when it set one.
    fn reported<T>(&self, call: impl FnOnce(*mut *mut c_char) -> T) -> Answer<T> {
        let mut error = std::ptr::null_mut();
        let value = call(&mut error);
        self.check(error)?;
        Ok(value)
    }

    /// A box of the value type `ty` holding a copy of `bytes` (its exact size, no references:
    /// the bridge checks both), in a thread slot.
    pub(crate) fn box_bytes(&self, ty: ManagedHandle, bytes: &[u8]) -> Answer<SlotWord> {
        let size = i32::try_from(bytes.len()).map_err(|_| "a value too large to box".to_string())?;
        // SAFETY: `bytes` holds `size` bytes and lives for the call; the bridge reads exactly
        // the type's size after checking it equals `size`.
        self.reported(|error| unsafe { (self.table.box_value)(ty, bytes.as_ptr(), size, error) })
    }

    /// The bytes of the value in a box (of a type without references): `Ok(None)` for null.
    pub(crate) fn unbox_bytes(&self, word: SlotWord) -> Answer<Option<Vec<u8>>> {
        let mut buffer = vec![0u8; 32];
        loop {
            let capacity = i32::try_from(buffer.len()).unwrap_or(i32::MAX);
            // SAFETY: `buffer` has room for `capacity` bytes; the bridge writes only when the
            // value fits and catches every exception.
            let size = unsafe { (self.table.unbox)(word, buffer.as_mut_ptr(), capacity) };
            match size {
                -1 => return Ok(None),
                n if n < 0 => {
                    return Err(format!(
                        "{} is not a box of a value without references",
                        self.type_name(word)
                    ))
                }
                n if (n as usize) <= buffer.len() => {
                    buffer.truncate(n as usize);
                    return Ok(Some(buffer));
                }
                n => buffer.resize(n as usize, 0),
            }
        }
    }

    /// The type of the object in the slot; `None` for null.
    pub(crate) fn class_of(&self, word: SlotWord) -> Option<ManagedHandle> {
        // SAFETY: a plain word; the bridge catches every exception.
        let h = unsafe { (self.table.class_of)(word) };
        (!h.0.is_null()).then_some(h)
    }

    /// A new array of `length` elements of `element`, in a thread slot.
    pub(crate) fn array_new(&self, element: ManagedHandle, length: usize) -> Answer<SlotWord> {
        let length = i64::try_from(length).map_err(|_| "an array length beyond i64".to_string())?;
        // SAFETY: plain values; the bridge catches every exception.
        self.reported(|error| unsafe { (self.table.array_new)(element, length, error) })
    }

    /// The array's length: `Ok(None)` for null, `Err` for an object that is not an array.
    pub(crate) fn array_length(&self, word: SlotWord) -> Answer<Option<usize>> {
        // SAFETY: a plain word; the bridge catches every exception.
        match unsafe { (self.table.array_length)(word) } {
            -1 => Ok(None),
            n if n < 0 => Err(format!("the object is a {}, not an array", self.type_name(word))),
            n => Ok(Some(n as usize)),
        }
    }

    /// Element `index` of the array (boxed for a value type), in a thread slot.
    pub(crate) fn array_get(&self, array: SlotWord, index: usize) -> Answer<SlotWord> {
        // SAFETY: plain values; the bridge checks the index and catches every exception.
        self.reported(|error| unsafe { (self.table.array_get)(array, index as i64, error) })
    }

    /// Stores the object `value` names at `index` (checked against the element type).
    pub(crate) fn array_set(&self, array: SlotWord, index: usize, value: SlotWord) -> Answer<()> {
        // SAFETY: plain values; the bridge checks the index and the type.
        self.reported(|error| unsafe { (self.table.array_set)(array, index as i64, value, error) })
    }

    /// Copies `data` into the start of an array of values without references.
    pub(crate) fn array_write(&self, array: SlotWord, data: &[u8]) -> Answer<()> {
        // SAFETY: `data` holds `data.len()` bytes and lives for the call; the bridge writes
        // nothing through it (into_array = 1 reads it) and checks the array's size.
        self.reported(|error| unsafe {
            (self.table.array_copy)(array, data.as_ptr() as *mut u8, data.len() as i64, 1, error)
        })
    }

    /// Copies the start of an array of values without references into `data`.
    pub(crate) fn array_read(&self, array: SlotWord, data: &mut [u8]) -> Answer<()> {
        // SAFETY: `data` has room for `data.len()` bytes, which the bridge checks fit the
        // array, and lives for the call.
        self.reported(|error| unsafe { (self.table.array_copy)(array, data.as_mut_ptr(), data.len() as i64, 0, error) })
    }

    /// The `System.Type` object of `ty`, in a thread slot.
    pub(crate) fn type_object(&self, ty: ManagedHandle) -> SlotWord {
        // SAFETY: a handle the bridge made; the bridge catches every exception.
        unsafe { (self.table.type_object)(ty) }
    }

    /// The field's value (boxed for a value type), in a thread slot; `target` null for a
    /// static field.
    pub(crate) fn field_get(&self, field: ManagedHandle, target: SlotWord) -> Answer<SlotWord> {
        // SAFETY: plain values; the bridge checks the instance and catches every exception.
        self.reported(|error| unsafe { (self.table.field_get)(field, target, error) })
    }

    /// Sets the field to the object `value` names (a box for a value-type field).
    pub(crate) fn field_set(&self, field: ManagedHandle, target: SlotWord, value: SlotWord) -> Answer<()> {
        // SAFETY: plain values; the bridge checks the instance, the type and read-only fields.
        self.reported(|error| unsafe { (self.table.field_set)(field, target, value, error) })
    }

    /// Runs the type's initializer if it has not run: `Ok(Err(exception))` when it threw (a
    /// `TypeInitializationException`, this time or before).
    pub(crate) fn run_class_constructor(&self, ty: ManagedHandle) -> Answer<Result<(), ManagedHandle>> {
        let mut thrown = ManagedHandle(std::ptr::null_mut());
        // SAFETY: a handle the bridge made; the bridge catches every exception and writes only
        // the two out-parameters, both valid for the call.
        self.reported(|error| unsafe { (self.table.run_class_constructor)(ty, &mut thrown, error) })?;
        Ok(if thrown.0.is_null() { Ok(()) } else { Err(thrown) })
    }

    /// True when the two words name one object (or both null).
    pub(crate) fn same(&self, a: SlotWord, b: SlotWord) -> bool {
        // SAFETY: the table's `Same`, which takes any words and catches every exception.
        unsafe { (self.table.same)(a, b) != 0 }
    }

    /// The address in a boxed `System.Reflection.Pointer`, `IntPtr` or `UIntPtr`.
    pub(crate) fn pointer_address(&self, word: SlotWord) -> Answer<usize> {
        // SAFETY: the table's `PointerAddress`, which catches every exception.
        self.reported(|error| unsafe { (self.table.pointer_address)(word, error) })
            .map(|a| a as usize)
    }

    /// A box of the value type's default value, in a thread slot.
    pub(crate) fn box_default(&self, ty: ManagedHandle) -> Answer<SlotWord> {
        // SAFETY: the table's `BoxDefault`, which catches every exception.
        self.reported(|error| unsafe { (self.table.box_default)(ty, error) })
    }

    /// A new array of `element` with these lengths (rank 2 or more), in a thread slot.
    pub(crate) fn array_new_md(&self, element: ManagedHandle, lengths: &[usize]) -> Answer<SlotWord> {
        let lengths: Vec<i64> = lengths
            .iter()
            .map(|&l| i64::try_from(l).map_err(|_| format!("an array length of {l}")))
            .collect::<Answer<_>>()?;
        let rank = i32::try_from(lengths.len()).map_err(|_| "an array rank beyond i32".to_string())?;
        // SAFETY: the table's `ArrayNewMd` reads `rank` lengths from the pointer, valid for the
        // call, and catches every exception.
        self.reported(|error| unsafe { (self.table.array_new_md)(element, lengths.as_ptr(), rank, error) })
    }

    /// Copies the value in the box `src` into the box `dest` (one value type).
    pub(crate) fn copy_box(&self, dest: SlotWord, src: SlotWord) -> Answer<()> {
        // SAFETY: the table's `CopyBox`, which catches every exception.
        self.reported(|error| unsafe { (self.table.copy_box)(dest, src, error) })
    }

    /// Calls `method` reflectively on `target` (null: static, or a constructor making a new
    /// object) with the `object[]` `args` names: `Ok(Ok(result))`, `Ok(Err(exception))` when it
    /// threw, `Err` when it could not be called.
    pub(crate) fn invoke(
        &self,
        method: ManagedHandle,
        target: SlotWord,
        args: SlotWord,
    ) -> Answer<Result<SlotWord, ManagedHandle>> {
        let mut thrown = ManagedHandle(std::ptr::null_mut());
        // SAFETY: plain values and an out-parameter; the bridge catches every exception.
        let result = self.reported(|error| unsafe { (self.table.invoke)(method, target, args, &mut thrown, error) })?;
        Ok(if thrown.0.is_null() { Ok(result) } else { Err(thrown) })
    }

    /// Starts a new reloadable unit, a collectible load context named after `name`: what
    /// [`load_bytes`](Bridge::load_bytes) loads from now on goes into it.
    pub(crate) fn start_unit(&self, name: &str) -> Answer<()> {
        let name = text(name)?;
        // SAFETY: the string lives for the call; the bridge catches every exception.
        self.reported(|error| unsafe { (self.table.start_unit)(name.as_ptr(), error) })
    }

    /// Releases everything the helper keeps for the current unit and starts unloading it;
    /// the interned handles it freed (their values may be handed out again later).
    pub(crate) fn unload_unit(&self) -> Answer<Vec<ManagedHandle>> {
        // SAFETY: `error` is an out-parameter; the bridge catches every exception.
        let text = self.reported(|error| unsafe { (self.table.unload_unit)(error) })?;
        let text = self.take(text);
        text.split('\u{1f}')
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<i64>()
                    .map(|h| ManagedHandle(h as usize as *mut c_void))
                    .map_err(|_| format!("the helper freed a handle {t:?}: helper and crate built apart"))
            })
            .collect()
    }

    /// How many unloaded units are alive after up to `rounds` full collections (each with a
    /// wait for finalizers), and how many were unloaded in all.
    pub(crate) fn units_alive(&self, rounds: i32) -> Answer<(usize, usize)> {
        let mut retired = 0;
        // SAFETY: `retired` is an out-parameter valid for the call; the bridge catches every
        // exception.
        let alive = unsafe { (self.table.units_alive)(rounds, &mut retired) };
        match (usize::try_from(alive), usize::try_from(retired)) {
            (Ok(alive), Ok(retired)) => Ok((alive, retired)),
            _ => Err("the runtime could not count the unloaded units".into()),
        }
    }

    /// The managed frames on the calling thread's stack (below the bridge's own), or `None`
    /// when the runtime could not count them.
    pub(crate) fn managed_frames(&self) -> Option<usize> {
        // SAFETY: no arguments; the bridge catches every exception.
        usize::try_from(unsafe { (self.table.managed_frames)() }).ok()
    }

    /// The assembly of the process with this simple name: the helper for its own name, else
    /// one loaded already (a host's program, in guest mode), else the one the runtime binds the
    /// name to.
    pub(crate) fn find_loaded(&self, name: &str) -> Answer<ManagedHandle> {
        let name = text(name)?;
        // SAFETY: the string lives for the call; the bridge catches every exception.
        self.answer(|error| unsafe { (self.table.find_loaded)(name.as_ptr(), error) })
    }

    /// The folder of the class library that runs (its framework folder, named after its
    /// version).
    pub(crate) fn runtime_folder(&self) -> Answer<String> {
        // SAFETY: no arguments; the bridge catches every exception and returns its own UTF-8.
        let text = unsafe { (self.table.runtime_folder)() };
        if text.is_null() {
            return Err("the runtime could not tell its class library's folder".into());
        }
        Ok(self.take(text))
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
