//! Generates Rust bindings for .NET assemblies, for use with the `cilbind` runtime.
//!
//! The pipeline runs one way: [`read`] loads assemblies with dotnetdll and resolves types
//! across them, building the owned [`model`]; [`classify`] decides what each type is to Rust
//! and how each member's values cross; [`emit`] writes Rust source from those decisions.
//!
//! ```no_run
//! let bindings = cilbind_codegen::Builder::new()
//!     .assembly("Game.dll")
//!     .reference_dir("libs")
//!     .namespace("Game.Physics")
//!     .generate()?;
//! println!("{}", bindings.summary());
//! bindings.write_to_file("src/bindings.rs")?;
//! # Ok::<(), cilbind_codegen::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod classify;
pub mod emit;
mod error;
pub mod model;
pub mod read;
mod summary;

pub use error::{Error, Result};
pub use summary::Summary;

use classify::ClassifiedModel;
use read::{AssemblySet, Selection};
use std::path::{Path, PathBuf};

/// Where Mono's 4.5 profile class library lives; searched after the user's directories.
pub const MONO_LIB_DIR: &str = "/usr/lib/mono/4.5";

/// Configures and runs a generation, in the style of bindgen.
#[derive(Clone, Debug, Default)]
pub struct Builder {
    assemblies: Vec<PathBuf>,
    reference_dirs: Vec<PathBuf>,
    namespaces: Vec<String>,
}

impl Builder {
    /// A builder with no inputs.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an assembly to bind. Its folder is searched for the assemblies it references.
    pub fn assembly(mut self, path: impl Into<PathBuf>) -> Self {
        self.assemblies.push(path.into());
        self
    }

    /// Adds a folder to search for referenced assemblies (after the inputs' folders, before Mono's).
    pub fn reference_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.reference_dirs.push(dir.into());
        self
    }

    /// Binds only namespaces equal to `prefix` or below it (`Game` selects `Game.Physics`).
    /// Without any, every namespace is bound.
    pub fn namespace(mut self, prefix: impl Into<String>) -> Self {
        self.namespaces.push(prefix.into());
        self
    }

    /// Reads, models and classifies the inputs.
    pub fn generate(self) -> Result<Bindings> {
        if self.assemblies.is_empty() {
            return Err(Error::NoInput);
        }
        let start = std::time::Instant::now();
        let set = AssemblySet::new(self.search_dirs());
        let mut inputs = Vec::new();
        for path in &self.assemblies {
            inputs.push(set.load_path(path)?);
        }
        let model = read::build_model(
            &set,
            &Selection {
                inputs: &inputs,
                namespaces: &self.namespaces,
            },
        )?;
        let read = start.elapsed();
        let model = classify::classify(model);
        let classify = start.elapsed() - read;
        let emitted = emit::emit(&model, &self.assemblies)?;
        let emit = start.elapsed() - read - classify;
        let mut summary = Summary::of(&model);
        summary.add_emit_skips(&emitted.skipped);
        let timings = Timings {
            read,
            classify,
            emit,
            format: emitted.format_time,
        };
        Ok(Bindings {
            model,
            summary,
            emitted,
            timings,
        })
    }

    /// Inputs' folders, then `--reference-dir`s, then Mono's class library (and its Facades).
    fn search_dirs(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        let input_dirs = self.assemblies.iter().map(|a| match a.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        });
        let mono = Path::new(MONO_LIB_DIR);
        let system = [mono.to_path_buf(), mono.join("Facades")]
            .into_iter()
            .filter(|d| d.is_dir());
        for d in input_dirs.chain(self.reference_dirs.iter().cloned()).chain(system) {
            if !dirs.contains(&d) {
                dirs.push(d);
            }
        }
        dirs
    }
}

/// The result of a generation: the classified model and what was bound.
#[derive(Debug)]
pub struct Bindings {
    model: ClassifiedModel,
    summary: Summary,
    emitted: emit::Emitted,
    timings: Timings,
}

/// How long each stage of a generation took.
#[derive(Clone, Copy, Debug)]
pub struct Timings {
    /// Reading assemblies and building the model.
    pub read: std::time::Duration,
    /// Classifying types and signatures.
    pub classify: std::time::Duration,
    /// Emitting Rust, formatting included.
    pub emit: std::time::Duration,
    /// The part of `emit` spent parsing and pretty-printing the source.
    pub format: std::time::Duration,
}

impl Bindings {
    /// Every type and member with its binding decision.
    pub fn model(&self) -> &ClassifiedModel {
        &self.model
    }

    /// Counts of what is bound and skipped.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The generated Rust source: formatted, and the same bytes for the same inputs.
    pub fn to_rust(&self) -> Result<String> {
        Ok(self.emitted.source.clone())
    }

    /// How long each stage took.
    pub fn timings(&self) -> Timings {
        self.timings
    }

    /// Members the emitter skipped, with the reason (each is also a comment in the output).
    pub fn skipped_members(&self) -> &[(String, String)] {
        &self.emitted.skipped
    }

    /// Writes [`Bindings::to_rust`] to `path`.
    pub fn write_to_file(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        std::fs::write(path, self.to_rust()?).map_err(|source| Error::Write {
            path: path.to_path_buf(),
            source,
        })
    }
}
