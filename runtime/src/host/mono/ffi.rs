//! Hand-written declarations of the parts of Mono's embedding API (libmono-2.0, Mono 6.8) that
//! cilbind uses. Every pointer type is opaque; nothing outside `host/` sees these items.
//!
//! Signatures follow `mono/metadata/*.h` and `mono/jit/jit.h`; functions that Mono exports but
//! does not declare in its headers are marked as such.

#![allow(non_camel_case_types)]

use std::ffi::{c_char, c_int, c_void};

macro_rules! opaque {
    ($($name:ident),* $(,)?) => {$(
        /// Opaque Mono structure, only ever handled by pointer.
        #[repr(C)]
        pub struct $name {
            _private: [u8; 0],
        }
    )*};
}

opaque!(
    MonoDomain,
    MonoAssembly,
    MonoImage,
    MonoClass,
    MonoMethod,
    MonoMethodSignature,
    MonoType,
    MonoClassField,
    MonoObject,
    MonoString,
    MonoArray,
    MonoVTable,
    MonoReflectionType,
    MonoReflectionMethod,
    MonoProperty,
);

/// `MonoError` (`mono/utils/mono-error.h`): an error code, flags and twelve private words,
/// filled by Mono's `_checked` functions and released with `mono_error_cleanup`.
#[repr(C)]
pub struct MonoError {
    pub error_code: u16,
    pub private_flags: u16,
    pub hidden: [*mut c_void; 12],
}

/// `MonoImageOpenStatus` (0 = MONO_IMAGE_OK).
pub type MonoImageOpenStatus = c_int;
/// `mono_bool`.
pub type MonoBool = i32;

/// `MonoLogCallback`: log domain (may be NULL), level name (`"error"`, `"critical"`,
/// `"warning"`, `"message"`, `"info"`, `"debug"`), message, fatal flag, user data. When `fatal`
/// is set, the callback must not return.
pub type MonoLogCallback = unsafe extern "C" fn(*const c_char, *const c_char, *const c_char, MonoBool, *mut c_void);
/// `MonoStackWalk`: called per managed frame (method, native offset, IL offset, managed,
/// user data); returning TRUE stops the walk.
pub type MonoStackWalk = unsafe extern "C" fn(*mut MonoMethod, i32, i32, MonoBool, *mut c_void) -> MonoBool;
/// `MonoPrintCallback`: the text and whether it was meant for stdout (else stderr).
pub type MonoPrintCallback = unsafe extern "C" fn(*const c_char, MonoBool);

/// Declares Mono's functions. By default they are an `extern "C"` block linked against
/// libmono-2.0, called directly. With the feature `mono-from-process` (a guest plugin for a host
/// that ships its own Mono, such as Unity) nothing is linked: each name becomes an `unsafe fn`
/// of the same signature that calls through a table `dynamic::resolve` fills from the Mono
/// the process runs (or loads libmonosgen when none does), so the plugin has no `NEEDED` entry
/// for a library the host may not have.
macro_rules! mono_api {
    ($($(#[$attr:meta])* pub fn $name:ident($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)?;)*) => {
        #[cfg(not(feature = "mono-from-process"))]
        #[link(name = "mono-2.0")]
        extern "C" {
            $($(#[$attr])* pub fn $name($($arg: $ty),*) $(-> $ret)?;)*
        }

        /// Mono's functions as resolved at run time (feature `mono-from-process`).
        #[cfg(feature = "mono-from-process")]
        pub(crate) struct Api {
            $($(#[$attr])* $name: unsafe extern "C" fn($($ty),*) $(-> $ret)?,)*
        }

        #[cfg(feature = "mono-from-process")]
        impl Api {
            /// Every function from `lookup` (a symbol's address by its NUL-terminated name), or
            /// the name of the first one it does not find.
            // The declarations' attributes go on each field, for their `cfg`s; their docs are
            // the struct's.
            #[allow(unused_doc_comments)]
            pub(crate) fn resolve(lookup: impl Fn(&'static str) -> *mut c_void) -> Result<Api, &'static str> {
                Ok(Api {
                    $($(#[$attr])* $name: {
                        let name = concat!(stringify!($name), "\0");
                        let address = lookup(name);
                        if address.is_null() {
                            return Err(name.trim_end_matches('\0'));
                        }
                        // SAFETY: `address` is the process's definition of this Mono function,
                        // whose C signature this declaration matches (as the linked form's does).
                        unsafe { std::mem::transmute::<*mut c_void, unsafe extern "C" fn($($ty),*) $(-> $ret)?>(address) }
                    },)*
                })
            }
        }

        $(
            #[cfg(feature = "mono-from-process")]
            $(#[$attr])*
            #[inline]
            pub unsafe fn $name($($arg: $ty),*) $(-> $ret)? {
                // SAFETY: the caller's promise, as for the linked function.
                unsafe { (super::dynamic::api().$name)($($arg),*) }
            }
        )*
    };
}

mono_api! {
    // Start-up
    pub fn mono_config_parse(filename: *const c_char);
    pub fn mono_jit_init_version(domain_name: *const c_char, runtime_version: *const c_char) -> *mut MonoDomain;
    pub fn mono_thread_attach(domain: *mut MonoDomain) -> *mut c_void;

    // Domains (the reloadable unit, unit.rs)
    pub fn mono_get_root_domain() -> *mut MonoDomain;
    pub fn mono_domain_get() -> *mut MonoDomain;
    pub fn mono_domain_create_appdomain(friendly_name: *mut c_char, configuration_file: *mut c_char)
        -> *mut MonoDomain;
    pub fn mono_domain_set(domain: *mut MonoDomain, force: MonoBool) -> MonoBool;
    pub fn mono_domain_try_unload(domain: *mut MonoDomain, exc: *mut *mut MonoObject);
    // The reload floor's (floor.rs) only.
    #[cfg(feature = "floors")]
    pub fn mono_domain_unload(domain: *mut MonoDomain);
    #[cfg(feature = "floors")]
    pub fn mono_domain_assembly_open(domain: *mut MonoDomain, name: *const c_char) -> *mut MonoAssembly;
    pub fn mono_stack_walk_no_il(func: MonoStackWalk, user_data: *mut c_void);
    pub fn mono_free(ptr: *mut c_void);

    // Logging and free-form output (mono/utils/mono-logger.h)
    /// Exported but not in the headers: sets up Mono's tracer (reads `MONO_LOG_LEVEL`,
    /// `MONO_LOG_MASK`, `MONO_LOG_DEST`) once; later calls do nothing.
    pub fn mono_trace_init();
    pub fn mono_trace_set_log_handler(callback: MonoLogCallback, user_data: *mut c_void);
    pub fn mono_trace_set_print_handler(callback: MonoPrintCallback);
    pub fn mono_trace_set_printerr_handler(callback: MonoPrintCallback);
    /// Exported but not in the headers; returns NULL in preemptive mode.
    pub fn mono_threads_enter_gc_unsafe_region(stackpointer: *mut *mut c_void) -> *mut c_void;
    pub fn mono_threads_exit_gc_unsafe_region(cookie: *mut c_void, stackpointer: *mut *mut c_void);
    // Finalizer wait (host/mono/finalizer_wait.rs)
    pub fn mono_lookup_internal_call(method: *mut MonoMethod) -> *mut c_void;
    /// `mono/metadata/loader.h`: registered calls are found before Mono's built-in ones.
    pub fn mono_dangerous_add_raw_internal_call(name: *const c_char, method: *const c_void);
    /// Exported but not in the headers (`mono/metadata/gc-internals.h`).
    pub fn mono_gc_finalize_notify();
    // Proxies (host/mono/proxy.rs)
    pub fn mono_field_get_object(
        domain: *mut MonoDomain,
        klass: *mut MonoClass,
        field: *mut MonoClassField,
    ) -> *mut MonoObject;

    // Internal calls implemented in Rust (host/mono/native.rs)
    /// `mono/metadata/object.h`: makes `exc` be thrown when the current internal call returns.
    pub fn mono_runtime_set_pending_exception(exc: *mut MonoObject, overwrite: MonoBool) -> MonoBool;
    /// `mono/metadata/debug-helpers.h`: the parameter list as internal-call names carry it
    /// (`int&,string,P.V3`); the caller frees the string with `mono_free`.
    pub fn mono_signature_get_desc(sig: *mut MonoMethodSignature, include_namespace: MonoBool) -> *mut c_char;
    /// `mono/metadata/object.h`: stores `value` at `ptr` (anywhere: heap, stack or static) with the write barrier.
    pub fn mono_gc_wbarrier_generic_store(ptr: *mut c_void, value: *mut MonoObject);

    /// `mono/metadata/mono-config.h`: maps the P/Invoke library `dll` (and the entry point
    /// `func`, or every one when null) of the image `assembly` (null: of every image) to the
    /// library `tdll` (and entry point `tfunc`, null: the same). Mono copies the strings.
    pub fn mono_dllmap_insert(
        assembly: *mut MonoImage,
        dll: *const c_char,
        func: *const c_char,
        tdll: *const c_char,
        tfunc: *const c_char,
    );

    // Assemblies and images
    pub fn mono_assembly_get_image(assembly: *mut MonoAssembly) -> *mut MonoImage;
    pub fn mono_image_close(image: *mut MonoImage);
    pub fn mono_image_open_from_data_with_name(
        data: *mut c_char,
        data_len: u32,
        need_copy: MonoBool,
        status: *mut MonoImageOpenStatus,
        refonly: MonoBool,
        name: *const c_char,
    ) -> *mut MonoImage;
    pub fn mono_assembly_load_from_full(
        image: *mut MonoImage,
        fname: *const c_char,
        status: *mut MonoImageOpenStatus,
        refonly: MonoBool,
    ) -> *mut MonoAssembly;
    pub fn mono_assembly_load_with_partial_name(
        name: *const c_char,
        status: *mut MonoImageOpenStatus,
    ) -> *mut MonoAssembly;
    pub fn mono_image_get_name(image: *mut MonoImage) -> *const c_char;
    /// The file (or, for an image opened from memory, the name given) an image was read from.
    pub fn mono_image_get_filename(image: *mut MonoImage) -> *const c_char;
    /// The image's GUID (the first of its `#GUID` heap: the module version ID compilers
    /// write), as `XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX`, upper case.
    pub fn mono_image_get_guid(image: *mut MonoImage) -> *const c_char;
    /// Rows of metadata table `table_id` (2 = TypeDef) of `image`.
    pub fn mono_image_get_table_rows(image: *mut MonoImage, table_id: c_int) -> c_int;
    /// Exported but not in the headers: the class of a TypeDef token, or NULL with `error` set
    /// (`mono_class_get` asserts instead when the class cannot be loaded).
    pub fn mono_class_get_checked(image: *mut MonoImage, type_token: u32, error: *mut MonoError) -> *mut MonoClass;
    pub fn mono_get_corlib() -> *mut MonoImage;
    /// The runtime's version and build (a string the caller frees with `mono_free`).
    pub fn mono_get_runtime_build_info() -> *mut c_char;

    // Classes
    pub fn mono_class_from_name(
        image: *mut MonoImage,
        name_space: *const c_char,
        name: *const c_char,
    ) -> *mut MonoClass;
    pub fn mono_class_get_nested_types(klass: *mut MonoClass, iter: *mut *mut c_void) -> *mut MonoClass;
    pub fn mono_class_get_name(klass: *mut MonoClass) -> *const c_char;
    pub fn mono_class_get_namespace(klass: *mut MonoClass) -> *const c_char;
    pub fn mono_class_get_flags(klass: *mut MonoClass) -> u32;
    pub fn mono_class_get_nesting_type(klass: *mut MonoClass) -> *mut MonoClass;
    pub fn mono_class_get_image(klass: *mut MonoClass) -> *mut MonoImage;
    pub fn mono_class_get_type(klass: *mut MonoClass) -> *mut MonoType;
    pub fn mono_class_get_parent(klass: *mut MonoClass) -> *mut MonoClass;
    pub fn mono_class_is_valuetype(klass: *mut MonoClass) -> MonoBool;
    pub fn mono_class_is_enum(klass: *mut MonoClass) -> MonoBool;
    pub fn mono_class_enum_basetype(klass: *mut MonoClass) -> *mut MonoType;
    pub fn mono_class_is_nullable(klass: *mut MonoClass) -> MonoBool;
    pub fn mono_class_get_nullable_param(klass: *mut MonoClass) -> *mut MonoClass;
    pub fn mono_class_is_assignable_from(klass: *mut MonoClass, oklass: *mut MonoClass) -> MonoBool;
    pub fn mono_class_get_interfaces(klass: *mut MonoClass, iter: *mut *mut c_void) -> *mut MonoClass;
    pub fn mono_class_get_methods(klass: *mut MonoClass, iter: *mut *mut c_void) -> *mut MonoMethod;
    pub fn mono_class_get_fields(klass: *mut MonoClass, iter: *mut *mut c_void) -> *mut MonoClassField;
    pub fn mono_class_get_field_from_name(klass: *mut MonoClass, name: *const c_char) -> *mut MonoClassField;
    pub fn mono_class_value_size(klass: *mut MonoClass, align: *mut u32) -> i32;
    pub fn mono_class_vtable(domain: *mut MonoDomain, klass: *mut MonoClass) -> *mut MonoVTable;
    pub fn mono_class_from_mono_type(ty: *mut MonoType) -> *mut MonoClass;
    pub fn mono_class_get_element_class(klass: *mut MonoClass) -> *mut MonoClass;
    pub fn mono_array_class_get(element_class: *mut MonoClass, rank: u32) -> *mut MonoClass;
    pub fn mono_get_object_class() -> *mut MonoClass;
    pub fn mono_get_string_class() -> *mut MonoClass;
    pub fn mono_get_exception_class() -> *mut MonoClass;

    // Types
    pub fn mono_type_get_name(ty: *mut MonoType) -> *mut c_char;
    pub fn mono_type_is_byref(ty: *mut MonoType) -> MonoBool;
    pub fn mono_type_get_type(ty: *mut MonoType) -> c_int;
    pub fn mono_type_get_object(domain: *mut MonoDomain, ty: *mut MonoType) -> *mut MonoReflectionType;
    pub fn mono_reflection_type_get_type(reftype: *mut MonoReflectionType) -> *mut MonoType;

    // Errors (mono/utils/mono-error.h)
    pub fn mono_error_init(error: *mut MonoError);
    pub fn mono_error_ok(error: *mut MonoError) -> MonoBool;
    pub fn mono_error_get_message(error: *mut MonoError) -> *const c_char;
    pub fn mono_error_cleanup(error: *mut MonoError);

    // Methods
    pub fn mono_method_get_name(method: *mut MonoMethod) -> *const c_char;
    pub fn mono_method_get_class(method: *mut MonoMethod) -> *mut MonoClass;
    pub fn mono_method_get_flags(method: *mut MonoMethod, iflags: *mut u32) -> u32;
    /// The MethodDef token; an inflated method (a member of a closed generic type) has its
    /// definition's.
    pub fn mono_method_get_token(method: *mut MonoMethod) -> u32;
    /// Exported, not in the headers: the generic parameters of a generic method definition,
    /// NULL for every other method (it tests the method's `is_generic` bit first).
    pub fn mono_method_get_generic_container(method: *mut MonoMethod) -> *mut c_void;
    /// Exported, not in the headers: `mono_method_signature` without its assertion, reporting
    /// why the signature cannot be built (a type of an assembly that cannot be loaded) in `error`.
    pub fn mono_method_signature_checked_slow(
        method: *mut MonoMethod,
        error: *mut MonoError,
    ) -> *mut MonoMethodSignature;
    pub fn mono_signature_get_params(sig: *mut MonoMethodSignature, iter: *mut *mut c_void) -> *mut MonoType;
    pub fn mono_signature_get_return_type(sig: *mut MonoMethodSignature) -> *mut MonoType;
    pub fn mono_method_get_unmanaged_thunk(method: *mut MonoMethod) -> *mut c_void;
    #[cfg(feature = "floors")]
    pub fn mono_class_get_method_from_name(
        klass: *mut MonoClass,
        name: *const c_char,
        param_count: c_int,
    ) -> *mut MonoMethod;
    pub fn mono_runtime_invoke(
        method: *mut MonoMethod,
        obj: *mut c_void,
        params: *mut *mut c_void,
        exc: *mut *mut MonoObject,
    ) -> *mut MonoObject;
    /// `params` is an `object[]` (value types boxed); `ref`/`out` values come back in it.
    pub fn mono_runtime_invoke_array(
        method: *mut MonoMethod,
        obj: *mut c_void,
        params: *mut MonoArray,
        exc: *mut *mut MonoObject,
    ) -> *mut MonoObject;
    pub fn mono_object_get_virtual_method(obj: *mut MonoObject, method: *mut MonoMethod) -> *mut MonoMethod;
    pub fn mono_method_get_object(
        domain: *mut MonoDomain,
        method: *mut MonoMethod,
        refclass: *mut MonoClass,
    ) -> *mut MonoReflectionMethod;
    pub fn mono_class_get_property_from_name(klass: *mut MonoClass, name: *const c_char) -> *mut MonoProperty;
    pub fn mono_property_get_get_method(prop: *mut MonoProperty) -> *mut MonoMethod;

    // Fields
    pub fn mono_field_get_name(field: *mut MonoClassField) -> *const c_char;
    pub fn mono_field_get_offset(field: *mut MonoClassField) -> u32;
    pub fn mono_field_get_type(field: *mut MonoClassField) -> *mut MonoType;
    pub fn mono_field_get_flags(field: *mut MonoClassField) -> u32;
    pub fn mono_field_get_value_object(
        domain: *mut MonoDomain,
        field: *mut MonoClassField,
        obj: *mut MonoObject,
    ) -> *mut MonoObject;
    pub fn mono_field_get_value(obj: *mut MonoObject, field: *mut MonoClassField, value: *mut c_void);
    pub fn mono_field_set_value(obj: *mut MonoObject, field: *mut MonoClassField, value: *mut c_void);
    pub fn mono_field_static_get_value(vt: *mut MonoVTable, field: *mut MonoClassField, value: *mut c_void);
    pub fn mono_field_static_set_value(vt: *mut MonoVTable, field: *mut MonoClassField, value: *mut c_void);

    // Objects, boxing, GC handles
    pub fn mono_object_get_class(obj: *mut MonoObject) -> *mut MonoClass;
    pub fn mono_object_new(domain: *mut MonoDomain, klass: *mut MonoClass) -> *mut MonoObject;
    pub fn mono_object_unbox(obj: *mut MonoObject) -> *mut c_void;
    pub fn mono_value_box(domain: *mut MonoDomain, klass: *mut MonoClass, val: *mut c_void) -> *mut MonoObject;
    /// Copies a value of `klass` (with the write barriers its reference fields need).
    pub fn mono_value_copy(dest: *mut c_void, src: *mut c_void, klass: *mut MonoClass);
    pub fn mono_gchandle_new(obj: *mut MonoObject, pinned: MonoBool) -> u32;
    pub fn mono_gchandle_free(gchandle: u32);
    pub fn mono_gchandle_get_target(gchandle: u32) -> *mut MonoObject;
    /// `track_resurrection` TRUE: a "long" weak handle, cleared only when the object is
    /// reclaimed (not when it merely becomes finalizable).
    pub fn mono_gchandle_new_weakref(obj: *mut MonoObject, track_resurrection: MonoBool) -> u32;
    pub fn mono_gc_collect(generation: c_int);
    pub fn mono_gc_max_generation() -> c_int;
    /// How many collections of `generation` ran (SGen: 0 the nursery's, 1 the major ones).
    pub fn mono_gc_collection_count(generation: c_int) -> c_int;

    // Strings and arrays
    pub fn mono_string_new_utf16(domain: *mut MonoDomain, text: *const u16, len: i32) -> *mut MonoString;
    pub fn mono_string_length(s: *mut MonoString) -> c_int;
    pub fn mono_string_chars(s: *mut MonoString) -> *mut u16;
    pub fn mono_array_new(domain: *mut MonoDomain, eclass: *mut MonoClass, n: usize) -> *mut MonoArray;
    /// An array of the array class whose vtable `vtable` is (no class or vtable lookup).
    pub fn mono_array_new_specific(vtable: *mut MonoVTable, n: usize) -> *mut MonoArray;
    pub fn mono_gc_wbarrier_set_arrayref(arr: *mut MonoArray, slot_ptr: *mut c_void, value: *mut MonoObject);
    /// An array of `array_class` (any rank) with `lengths[i]` elements in dimension `i`;
    /// `lower_bounds` NULL for all zero.
    pub fn mono_array_new_full(
        domain: *mut MonoDomain,
        array_class: *mut MonoClass,
        lengths: *mut usize,
        lower_bounds: *mut isize,
    ) -> *mut MonoArray;
    pub fn mono_array_length(array: *mut MonoArray) -> usize;
    pub fn mono_array_addr_with_size(array: *mut MonoArray, size: c_int, idx: usize) -> *mut c_char;
}

/// `FIELD_ATTRIBUTE_STATIC`
pub const FIELD_ATTRIBUTE_STATIC: u32 = 0x0010;
/// `FIELD_ATTRIBUTE_LITERAL` (a `const`)
pub const FIELD_ATTRIBUTE_LITERAL: u32 = 0x0040;
/// `METHOD_ATTRIBUTE_STATIC`
pub const METHOD_ATTRIBUTE_STATIC: u32 = 0x0010;
/// `METHOD_ATTRIBUTE_VIRTUAL`
pub const METHOD_ATTRIBUTE_VIRTUAL: u32 = 0x0040;
/// `METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL` (the implementation flags `mono_method_get_flags`
/// writes to its out parameter).
pub const METHOD_IMPL_ATTRIBUTE_INTERNAL_CALL: u32 = 0x1000;
/// `sizeof(MonoObject)`: boxed data and value-type field offsets start after it (16 bytes: the vtable and sync pointers).
pub const OBJECT_HEADER_SIZE: usize = 16;
