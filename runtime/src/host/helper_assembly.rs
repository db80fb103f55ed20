//! The runtime's C# helper (every `runtime/managed/*.cs`, compiled by build.rs with mcs into one
//! assembly against Mono's 4.5 profile), embedded in the crate. Both backends load the same
//! bytes: CoreCLR binds its `mscorlib` 4.0.0.0 references to the framework's facade.

/// The helper's bytes.
pub(crate) static HELPER_ASSEMBLY: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/Cilbind.Runtime.dll"));

/// The helper's simple name.
pub(crate) const HELPER_NAME: &str = "Cilbind.Runtime";
