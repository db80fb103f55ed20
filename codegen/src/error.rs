//! Errors of the generator. Every failure caused by the input is an [`Error`]; nothing
//! input-derived panics.

use std::path::PathBuf;

/// Result alias used throughout the crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Why generating bindings failed. Every message names the file involved.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// No input assembly was given.
    #[error("no input assembly given")]
    NoInput,

    /// A `namespace` or `type_name` filter selects no public type of the input assemblies
    /// (a typo would otherwise bind nothing and succeed).
    #[error(
        "the {kind} filter `{filter}` matches no public type of the input assemblies{}",
        if closest.is_empty() { String::new() } else { format!("; closest: {}", closest.join(", ")) }
    )]
    NothingSelected {
        /// `namespace` or `type`.
        kind: &'static str,
        /// The filter as given.
        filter: String,
        /// The most similar namespaces or type names of the inputs (at most three).
        closest: Vec<String>,
    },

    /// The file could not be read (missing, unreadable, a directory...).
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },

    /// The file is not a .NET assembly at all (not a PE image, or a native one).
    #[error("{} is not a .NET assembly: {reason}", path.display())]
    NotAnAssembly {
        /// The file.
        path: PathBuf,
        /// What is missing.
        reason: String,
    },

    /// The file looks like a .NET assembly but its PE image or metadata can't be decoded.
    #[error("{} has truncated or corrupt metadata: {reason}", path.display())]
    CorruptMetadata {
        /// The file.
        path: PathBuf,
        /// The decoder's message.
        reason: String,
    },

    /// An assembly referenced by `referenced_by` was not found in Mono's GAC nor in any
    /// search directory.
    #[error(
        "{} references assembly '{assembly}', which was not found in: {}",
        referenced_by.display(),
        searched.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
    )]
    UnresolvedAssembly {
        /// The assembly file holding the reference.
        referenced_by: PathBuf,
        /// Simple name of the missing assembly.
        assembly: String,
        /// Directories that were searched, in order: the GAC folders of the reference's
        /// exact identity (for a strong-named reference), then the search directories.
        searched: Vec<PathBuf>,
    },

    /// A type reference could not be resolved in the assembly it points at.
    #[error("{} references type '{type_name}', which was not found: {reason}", referenced_by.display())]
    UnresolvedType {
        /// The assembly file holding the reference.
        referenced_by: PathBuf,
        /// Full metadata name of the type.
        type_name: String,
        /// Why it wasn't found.
        reason: String,
    },

    /// The input uses an assembly feature the generator does not support (multi-module assemblies).
    #[error("{}: unsupported assembly feature: {what}", path.display())]
    Unsupported {
        /// The file.
        path: PathBuf,
        /// What isn't supported.
        what: String,
    },

    /// The generated Rust code did not parse; this is a bug in the generator.
    #[error("internal error: generated code for {item} is not valid Rust: {reason}")]
    InvalidOutput {
        /// Which item was being emitted.
        item: String,
        /// The parser's message.
        reason: String,
    },

    /// Writing the output failed.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The output file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
}
