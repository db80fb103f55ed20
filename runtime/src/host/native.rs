//! Natives: C# `extern` methods (internal calls) whose bodies are Rust functions, registered
//! by name. Mono calls them with its own ABI (the types below); CoreCLR has no internal calls
//! for an embedder, so there they are refused with an error until they are built on its own
//! mechanism.

use super::backend::{not_on_coreclr, on_backend};
use super::{mono, Assembly, Class, Method};
use crate::error::Result;

pub(crate) use mono::native::InternalCall;
pub use mono::native::{ByRef, NativeEntry, RawRef, RawRet};

/// Every internal call that the types of `assembly` declare, in metadata order (on CoreCLR,
/// where none can be installed, named `Ns.Class::Method(P1,P2)`: an assembly that declares
/// none needs none).
pub(crate) fn internal_calls(assembly: &Assembly) -> Result<Vec<InternalCall>> {
    on_backend!(mono => mono::native::internal_calls(assembly), coreclr => {
        let mut calls = Vec::new();
        for class in assembly.classes()? {
            for method in class.methods().filter(|m| m.is_internal_call()) {
                let name = format!("{}({})", method.qualified_name(), method.parameter_types()?.join(","));
                calls.push(InternalCall { method, name });
            }
        }
        Ok(calls)
    })
}

/// The parameter list as Mono's `mono_signature_get_desc(sig, TRUE)` prints it.
pub(crate) fn signature_desc(method: Method) -> Result<String> {
    on_backend!(
        mono => mono::native::signature_desc(method),
        coreclr => Err(not_on_coreclr("Rust implementations of C# types")),
    )
}

/// Registers a native.
pub(crate) fn register_native(entry: &NativeEntry) -> Result<()> {
    on_backend!(
        mono => mono::native::register_native(entry),
        coreclr => Err(not_on_coreclr("natives (C# extern methods bound to Rust)")),
    )
}

/// Makes an exception of `class` with `message` be thrown at the C# call site when the
/// current native returns (natives run only on Mono).
pub(crate) fn set_pending_exception(class: Class, message: &str) {
    on_backend!(mono => mono::native::set_pending_exception(class, message), coreclr => {
        log::error!(target: "cilbind", "no native runs on CoreCLR to throw {}: {message}", class.full_name());
    })
}
