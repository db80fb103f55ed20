//! A loaded assembly (its image) on Mono, and what is read from it: its file, its module
//! version, its classes by name.

use std::ffi::CString;
use std::path::PathBuf;
use std::ptr::{self, NonNull};

use super::ffi;
use super::metadata::{cstr, Class};
use super::runtime::owned_cstr;
use crate::error::{Error, Result};

/// A loaded assembly (its image). Cheap to copy; valid until the unit it was loaded into is
/// reloaded ([`Runtime::reload`]), for the life of the process otherwise (the class library's
/// images, mscorlib's above all, are shared by every unit and never unloaded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Assembly {
    pub(super) image: NonNull<ffi::MonoImage>,
    pub(super) name: &'static str,
}

// SAFETY: an image stays loaded while its unit is current (using one of an unloaded unit is
// excluded by Runtime::reload's contract) and Mono's metadata API is thread-safe.
unsafe impl Send for Assembly {}
// SAFETY: as above.
unsafe impl Sync for Assembly {}

impl Assembly {
    pub(super) fn from_image(image: *mut ffi::MonoImage) -> Result<Assembly> {
        let image = NonNull::new(image).ok_or_else(|| Error::AssemblyLoad {
            path: PathBuf::new(),
            reason: "assembly has no image".into(),
        })?;
        // SAFETY: a valid image; the name lives as long as the image (forever).
        let name = unsafe { cstr(ffi::mono_image_get_name(image.as_ptr())) };
        Ok(Assembly {
            image,
            name: leak(name),
        })
    }

    /// The file Mono read the assembly from (the path it was loaded with).
    pub(super) fn file_name(&self) -> String {
        // SAFETY: a valid image; the name lives as long as the image.
        owned_cstr(unsafe { ffi::mono_image_get_filename(self.image.as_ptr()) })
    }

    /// The image's GUID as Mono spells it (see `assembly_file::image_guid`).
    pub(crate) fn guid(&self) -> String {
        // SAFETY: a valid image; the string lives as long as the image.
        owned_cstr(unsafe { ffi::mono_image_get_guid(self.image.as_ptr()) })
    }

    /// Every type the assembly defines (its TypeDef table, nested types and the `<Module>`
    /// pseudo-type included), in table order. A type Mono cannot load (for example because its
    /// base type is in an assembly that is not found) is an error naming its token and Mono's
    /// reason.
    pub fn classes(&self) -> Result<Vec<Class>> {
        super::thread::ensure();
        /// MONO_TABLE_TYPEDEF (ECMA-335 II.22.37 is table 0x02).
        const TYPEDEF_TABLE: std::ffi::c_int = 2;
        // SAFETY: a valid image; the table id is in Mono's range.
        let rows = unsafe { ffi::mono_image_get_table_rows(self.image.as_ptr(), TYPEDEF_TABLE) };
        (1..=u32::try_from(rows).unwrap_or(0))
            .map(|row| {
                let token = 0x0200_0000 | row;
                let mut error = std::mem::MaybeUninit::<ffi::MonoError>::zeroed();
                // SAFETY: a valid image, a TypeDef token of an existing row and a zeroed error
                // that mono_error_init initialises; Mono returns NULL and fills `error` when the
                // class cannot be loaded. The message is copied before the error is released
                // (exactly once).
                let (class, reason) = unsafe {
                    ffi::mono_error_init(error.as_mut_ptr());
                    let class = ffi::mono_class_get_checked(self.image.as_ptr(), token, error.as_mut_ptr());
                    let reason = if ffi::mono_error_ok(error.as_mut_ptr()) == 0 {
                        owned_cstr(ffi::mono_error_get_message(error.as_mut_ptr()))
                    } else {
                        String::new()
                    };
                    ffi::mono_error_cleanup(error.as_mut_ptr());
                    (class, reason)
                };
                Class::from_ptr(class).ok_or_else(|| Error::ClassNotFound {
                    namespace: String::new(),
                    name: format!("TypeDef token {token:#010x} (Mono cannot load it: {reason})"),
                    assembly: self.name.into(),
                })
            })
            .collect()
    }

    /// The type `namespace.name`; nested types are written `Outer/Inner`. An error names the
    /// type and the assembly searched.
    pub fn class(&self, namespace: &str, name: &str) -> Result<Class> {
        let not_found = || Error::ClassNotFound {
            namespace: namespace.into(),
            name: name.into(),
            assembly: self.name.into(),
        };
        let mut parts = name.split('/');
        let outer = parts.next().unwrap_or_default();
        let cns = CString::new(namespace).map_err(|_| not_found())?;
        let cname = CString::new(outer).map_err(|_| not_found())?;
        // SAFETY: valid image and NUL-terminated strings; NULL when absent.
        let mut class = unsafe { ffi::mono_class_from_name(self.image.as_ptr(), cns.as_ptr(), cname.as_ptr()) };
        for inner in parts {
            if class.is_null() {
                break;
            }
            class = Class::from_ptr(class)
                .and_then(|c| c.nested(inner))
                .map_or(ptr::null_mut(), |c| c.as_ptr());
        }
        Class::from_ptr(class).ok_or_else(not_found)
    }
}

/// Names Mono hands out live as long as the image; keep an owned copy with 'static lifetime.
fn leak(s: &str) -> &'static str {
    Box::leak(s.to_owned().into_boxed_str())
}
