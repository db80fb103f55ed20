//! The CoreCLR backend (.NET Core 3.1 to .NET 10 through the same hosting API), beside Mono.
//!
//! Its shape differs from Mono's where the runtimes differ:
//! - **No embedding API** beyond `coreclr_initialize` and `coreclr_create_delegate`: everything
//!   else goes through the helper's bridge (`bridge.rs`, `Cilbind.Bridge` in C#), a table of
//!   function pointers filled by one call.
//! - **A precise, compacting collector**: no raw object pointer may sit in Rust while a GC can
//!   run (any thread may start one), so objects cross as GC handles or store slots that managed
//!   code resolves, never as addresses.
//! - **An exception escaping into native code aborts the process**: every bridge function and
//!   every entry point the bridge makes catches and hands exceptions back as values.
//! - **One runtime per process, started once.**
//!
//! What works today: locating and validating an install (`install.rs`), starting the runtime
//! (`clr.rs`), loading assemblies, metadata (`metadata.rs`: types, methods and fields, names
//! in cilbind's spelling, layouts), heap operations (boxes from and into native bytes, arrays,
//! fields, type initializers, the reflective invoke), and native entry points that follow the
//! rules of Mono's unmanaged thunks, so the native side passes the same things on both
//! runtimes: structs by value, by-ref structs and a struct's `this` as boxes, `Nullable<T>` as
//! null or a box of `T`, struct results boxed, `ref` primitives as pointers, and through a
//! pointer trampoline what a mask or span bit asks for. Objects cross as
//! [`bridge::SlotWord`]s: managed slots (store segments, or a ring of the calling thread's
//! slots for what a call takes or returns) that managed code resolves and class-checks, so
//! they survive compacting collections. Managed exceptions come back as
//! [`Error::ManagedException`] with their inner chain. The layers above `host/` do not reach
//! this backend yet: routing the host interface to it and `Backend` selection are next.

mod bridge;
mod clr;
mod install;
mod metadata;

#[cfg(test)]
mod tests;

use std::ffi::c_void;
use std::path::{Path, PathBuf};

use bridge::{Bridge, ManagedHandle};
use clr::Clr;
use install::DotnetInstall;
use metadata::FactsCache;

use crate::error::{Error, InnerException, Result};

/// A started CoreCLR and its bridge.
pub(crate) struct CoreClr {
    clr: Clr,
    bridge: Bridge,
    install: DotnetInstall,
    /// Metadata records read so far (`metadata.rs`).
    facts: FactsCache,
}

impl CoreClr {
    /// Starts CoreCLR from the .NET root `root` (else `CILBIND_DOTNET_ROOT`, else the default
    /// cache folder `scripts/ensure-deps.sh` fills). An install that is missing or incomplete,
    /// a runtime that will not start and a second start in one process are errors.
    pub(crate) fn start(root: Option<&Path>) -> Result<CoreClr> {
        let root = install::choose_root(root)?;
        let install = install::locate(&root)?;
        let clr = Clr::start(&install)?;
        let bridge = Bridge::new(&clr)?;
        Ok(CoreClr {
            clr,
            bridge,
            install,
            facts: FactsCache::default(),
        })
    }

    /// The framework folder that runs (`…/shared/Microsoft.NETCore.App/3.1.23`).
    pub(crate) fn framework(&self) -> &Path {
        &self.install.framework
    }

    /// The runtime's version, as its framework folder is named.
    pub(crate) fn version(&self) -> &str {
        &self.clr.version
    }

    /// Loads the assembly at `path`.
    pub(crate) fn load_assembly(&self, path: &Path) -> Result<ManagedHandle> {
        let failed = |reason: String| Error::AssemblyLoad {
            path: PathBuf::from(path),
            reason,
        };
        let text = path
            .to_str()
            .ok_or_else(|| failed("the path is not valid UTF-8".into()))?;
        if !path.is_file() {
            return Err(failed("no such file".into()));
        }
        self.bridge.load_assembly(text).map_err(failed)
    }

    /// The type `namespace.name` (nested: `Outer/Inner`, as elsewhere in cilbind) of
    /// `assembly` (whose simple name `assembly_name` the error names).
    pub(crate) fn class(
        &self,
        assembly: ManagedHandle,
        assembly_name: &str,
        namespace: &str,
        name: &str,
    ) -> Result<ManagedHandle> {
        let reflection_name = name.replace('/', "+");
        let full = if namespace.is_empty() {
            reflection_name
        } else {
            format!("{namespace}.{reflection_name}")
        };
        self.bridge
            .find_type(assembly, &full)
            .map_err(|_| Error::ClassNotFound {
                namespace: namespace.into(),
                name: name.into(),
                assembly: assembly_name.into(),
            })
    }

    /// The method `name` of `class` with these parameter types (full names, as cilbind names
    /// them: `System.Int32`, `System.Int32&`).
    pub(crate) fn method(
        &self,
        class: ManagedHandle,
        class_name: &str,
        name: &str,
        params: &[&str],
    ) -> Result<ManagedHandle> {
        self.bridge
            .find_method(class, name, params)
            .map_err(|_| Error::MethodNotFound {
                class: class_name.into(),
                name: name.into(),
                parameters: params.join(","),
                candidates: Vec::new(),
            })
    }

    /// A native entry point for `method`: `extern "C" fn(args…, *mut ManagedHandle) -> R`, the
    /// last parameter a slot (null on entry) that receives a thrown exception's handle. `bool`
    /// crosses as one byte, `char` as two, a `ref` to a value type as a pointer; `mask` and
    /// `spans` ask for a pointer trampoline (the bits of [`crate::host::abi`]).
    pub(crate) fn entry(&self, method: ManagedHandle, mask: i64, spans: i64) -> Result<*const c_void> {
        self.bridge.make_entry(method, mask, spans).map_err(Error::Unsupported)
    }

    /// The error for a thrown exception whose handle an entry point wrote, and frees the handle.
    pub(crate) fn exception(&self, thrown: ManagedHandle) -> Error {
        let text = self.bridge.describe(thrown);
        self.bridge.free_handle(thrown);
        let mut chain = text.split('\u{1e}').map(|e| {
            let mut parts = e.splitn(3, '\u{1f}');
            InnerException {
                type_name: parts.next().unwrap_or_default().to_owned(),
                message: parts.next().unwrap_or_default().to_owned(),
                stack_trace: parts.next().unwrap_or_default().to_owned(),
            }
        });
        let outer = chain.next().unwrap_or(InnerException {
            type_name: String::new(),
            message: text.clone(),
            stack_trace: String::new(),
        });
        Error::ManagedException {
            type_name: outer.type_name,
            message: outer.message,
            stack_trace: outer.stack_trace,
            inner: chain.collect(),
        }
    }
}
