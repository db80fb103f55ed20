//! Generates Rust bindings for .NET assemblies, for use with the `cilbind` runtime.
//!
//! The pipeline runs one way, one module per stage, each importing only the one before:
//! `read` loads assemblies with dotnetdll and resolves types across them, building the owned
//! `model`; `plan` makes every binding decision (what each type is to Rust, how each member's
//! values cross, names, receivers, what is skipped and why); `render` prints the plan as Rust.
//! The [`Summary`], [`Bindings::skips`] and [`Bindings::coverage`] (every public member:
//! bound, skipped or missing) are folds over the same plan, so they describe exactly what the
//! output contains.
//!
//! From a build script (the README's example, the same lines: `tests/readme.rs` checks):
//!
//! ```no_run
//! // build.rs
//! fn main() -> Result<(), cilbind_codegen::Error> {
//!     let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap());
//!     cilbind_codegen::Builder::new()
//!         .assembly("Game.dll")          // its folder is searched for the assemblies it references
//!         .reference_dir("libs")         // more folders to search (then Mono's class library)
//!         .namespace("Game")             // bind only this namespace and those below it
//!         .type_name("Game.Tools.Dice")  // and this type (full metadata name) with its nested types
//!         .block("Game.Editor")          // but not this namespace or type, even inside `Game`
//!                                        // (a filter that matches no public type is an error naming
//!                                        // the closest namespaces or types)
//!         .generate()?
//!         .write_to_file(out.join("game_bindings.rs"))
//! }
//! // src/lib.rs: pub mod game { include!(concat!(env!("OUT_DIR"), "/game_bindings.rs")); }
//! // at run time: game::init()?  (loads the assembly, checks every full struct's layout and bound method)
//! ```
//!
//! In a build script, [`Builder::generate`] also tells Cargo which assembly files the bindings
//! depend on ([`Builder::emit_rerun_if_changed`]).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod coverage;
mod coverage_report;
mod error;
mod fields;
pub(crate) mod model;
mod plan;
pub(crate) mod read;
mod render;
mod summary;

pub use coverage::{Coverage, CoverageRow, MemberKind, Status, COVERAGE_HEADER};
pub use coverage_report::{CoverageReport, MemberKey, PUBLIC_SURFACE_CS};
pub use error::{Error, Result};
pub use fields::{FieldBinding, FieldForm};
pub use plan::{Function, NameRow, Skip, SkipKind, StructReceiver, Translation};
pub use read::{Found, FoundAssembly, MONO_GAC_DIR};
pub use summary::Summary;

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
    types: Vec<String>,
    blocked: Vec<String>,
    implementable: Vec<String>,
    /// `None`: decided by `OUT_DIR` (see [`Builder::emit_rerun_if_changed`]).
    rerun_if_changed: Option<bool>,
    /// `true` unless [`Builder::translate_pure_methods`] turned translation off.
    no_translate: bool,
    /// [`Builder::quickcheck`].
    checks: bool,
}

impl Builder {
    /// A builder with no inputs.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds an assembly to bind. Its folder is searched for the assemblies it references.
    ///
    /// A reference is resolved as Mono loads it at run time: an assembly of that name
    /// already read; then, for a strong-named reference, Mono's GAC by exact name, version,
    /// culture and public key token (the GACs of `MONO_GAC_PREFIX`, then [`MONO_GAC_DIR`]:
    /// where Debian registers the libraries it installs in `/usr/lib/cli/NAME-VERSION/`);
    /// then the inputs' folders, the [`reference_dir`](Builder::reference_dir)s and Mono's
    /// class library, in that order. [`Bindings::assemblies`] says where each was found.
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

    /// Binds the type with this full metadata name (`System.String`, ``System.Collections.Generic.List`1``)
    /// and the types nested in it. Alongside [`namespace`](Self::namespace), a type is bound
    /// when either selects it; without both, every type is. The types a bound type's
    /// signatures mention are declared as usual (handles, enums, structs), without their
    /// members: the way to bind a few types of a large assembly such as mscorlib.
    pub fn type_name(mut self, name: impl Into<String>) -> Self {
        self.types.push(name.into());
        self
    }

    /// Leaves out a namespace (with those below it) or a type (full metadata name, with its
    /// nested types), even where [`namespace`](Self::namespace) selects it: its types are
    /// declared only as the bound types' signatures need them, without members (as types of
    /// unselected namespaces are). A name that matches no public type is an error naming the
    /// closest ones.
    pub fn block(mut self, name: impl Into<String>) -> Self {
        self.blocked.push(name.into());
        self
    }

    /// Lets Rust implement (or extend) a type of Mono's class library, by full metadata name
    /// (``System.Collections.Generic.IComparer`1``): its `…Impl` trait (`…Overrides` for a
    /// class) and `implement`, for any type argument of a generic interface. The type is
    /// bound (as [`type_name`](Self::type_name) binds it), and so are the interfaces it
    /// extends, whose members the trait has too. Without it, the class library's interfaces
    /// and classes are only called from Rust (each is a skip saying how to ask): there are
    /// thousands, and their traits would weigh on the bindings' compile time. A type of the
    /// inputs' own assemblies needs no request.
    pub fn implementable(mut self, name: impl Into<String>) -> Self {
        let name = name.into();
        self.types.push(name.clone());
        self.implementable.push(name);
        self
    }

    /// Whether methods of full structs whose IL only computes on numbers and structs
    /// (`Vector3.Add`, `Matrix4x4.Multiply`, constructors, getters) are translated into Rust,
    /// so that calling them never enters Mono. The binding's signature is the same either way;
    /// each translated or refused method is reported ([`Summary::methods_translated`],
    /// [`Bindings::translations`]). Turn it off to run the managed code instead (a method
    /// patched at run time, a debugger on the C# side).
    ///
    /// Default: on.
    pub fn translate_pure_methods(mut self, on: bool) -> Self {
        self.no_translate = !on;
        self
    }

    /// Whether the bindings support property tests with `cilbind::check` (which needs the
    /// runtime's `quickcheck` feature): every enum, `[Flags]` enum and full struct (not
    /// unions, nor structs holding one) implements `quickcheck::Arbitrary` and
    /// `cilbind::check::CheckValue` (for `box_round_trip`, `box_to_each`,
    /// `field_round_trip`), and every full struct with methods translated into Rust has a
    /// hidden managed twin of each, which `check::translated_methods` runs against the
    /// translation on the same inputs.
    ///
    /// Default: off, so bindings that are not tested cost no more to compile.
    pub fn quickcheck(mut self, on: bool) -> Self {
        self.checks = on;
        self
    }

    /// Whether [`generate`](Self::generate) prints `cargo:rerun-if-changed=PATH` on stdout for
    /// every assembly file it reads ([`Bindings::inputs`]: the inputs and each dependency it
    /// needed, Mono's class library included), so that Cargo reruns the build script when one
    /// of them changes and not after every edit of the package.
    ///
    /// Default: on when the `OUT_DIR` environment variable is set, which Cargo does for build
    /// scripts. Files inside `OUT_DIR` are never listed: the build script wrote them itself (a
    /// DLL it compiled with `mcs`, say), so they are always newer than Cargo's record of the
    /// run and would rerun the script on every build; the script lists the sources it built
    /// them from. Once a build script prints any `rerun-if-changed`, Cargo reruns it only for
    /// the listed paths, so it lists its other inputs itself too. A referenced assembly that
    /// a later build would find earlier in the search path (a new file in an input's folder)
    /// is not noticed: only files that were read are listed.
    pub fn emit_rerun_if_changed(mut self, on: bool) -> Self {
        self.rerun_if_changed = Some(on);
        self
    }

    /// Reads and models the inputs, plans their bindings and renders them.
    pub fn generate(self) -> Result<Bindings> {
        if self.assemblies.is_empty() {
            return Err(Error::NoInput);
        }
        let start = std::time::Instant::now();
        let (model, inputs, assemblies) = self.read_model()?;
        let read = start.elapsed();
        let out_dir = std::env::var_os("OUT_DIR").map(PathBuf::from);
        if self.rerun_if_changed.unwrap_or(out_dir.is_some()) {
            for line in rerun_if_changed_lines(&inputs, out_dir.as_deref()) {
                println!("{line}");
            }
            // It chooses which GAC is searched first.
            println!("cargo:rerun-if-env-changed=MONO_GAC_PREFIX");
        }
        let model = plan::classify::classify(model);
        let plan = plan::build_with(&model, &self.assemblies, !self.no_translate);
        let coverage = coverage::rows(&model, &plan);
        let classify = start.elapsed() - read;
        let rendered = render::render(&plan, self.checks)?;
        let emit = start.elapsed() - read - classify;
        let timings = Timings {
            read,
            classify,
            emit,
            format: rendered.format_time,
        };
        Ok(Bindings {
            summary: Summary::of(&plan, &coverage),
            coverage,
            skips: plan.skips().into_iter().cloned().collect(),
            functions: plan.functions(),
            name_table: plan.name_table(),
            fields: fields::list(&plan),
            translations: plan.translations(),
            struct_receivers: plan.struct_receivers(),
            source: rendered.source,
            timings,
            inputs,
            assemblies,
        })
    }

    /// Reads the inputs and the assemblies they reference into the model; also returns every
    /// file read, and where each assembly was found.
    fn read_model(&self) -> Result<(model::Model, Vec<PathBuf>, Vec<FoundAssembly>)> {
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
                types: &self.types,
                blocked: &self.blocked,
                implementable: &self.implementable,
            },
        )?;
        Ok((model, set.files_read(), set.found()))
    }

    /// The classified model, for the classification tests.
    #[cfg(test)]
    pub(crate) fn classified(&self) -> Result<plan::classify::ClassifiedModel> {
        Ok(plan::classify::classify(self.read_model()?.0))
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

/// The result of a generation: the Rust source, and what was bound and skipped.
#[derive(Debug)]
pub struct Bindings {
    summary: Summary,
    skips: Vec<Skip>,
    functions: Vec<Function>,
    name_table: Vec<NameRow>,
    fields: Vec<FieldBinding>,
    translations: Vec<Translation>,
    struct_receivers: Vec<StructReceiver>,
    coverage: Vec<CoverageRow>,
    source: String,
    timings: Timings,
    inputs: Vec<PathBuf>,
    assemblies: Vec<FoundAssembly>,
}

/// The `cargo:rerun-if-changed` lines for the files a generation read, leaving out those
/// inside `out_dir` (see [`Builder::emit_rerun_if_changed`]).
fn rerun_if_changed_lines(inputs: &[PathBuf], out_dir: Option<&Path>) -> Vec<String> {
    let absolute = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let out_dir = out_dir.map(absolute);
    inputs
        .iter()
        .filter(|p| out_dir.as_ref().is_none_or(|out| !absolute(p).starts_with(out)))
        .map(|p| format!("cargo:rerun-if-changed={}", p.display()))
        .collect()
}

/// How long each stage of a generation took.
#[derive(Clone, Copy, Debug)]
pub struct Timings {
    /// Reading assemblies and building the model.
    pub read: std::time::Duration,
    /// Classifying types and signatures and planning the bindings.
    pub classify: std::time::Duration,
    /// Rendering Rust, formatting included.
    pub emit: std::time::Duration,
    /// The part of `emit` spent rendering items with `quote!` and formatting them (syn and
    /// prettyplease), on every core.
    pub format: std::time::Duration,
}

impl Bindings {
    /// Counts of what is bound and skipped.
    pub fn summary(&self) -> &Summary {
        &self.summary
    }

    /// The generated Rust source: formatted, and the same bytes for the same inputs.
    pub fn to_rust(&self) -> Result<String> {
        Ok(self.source.clone())
    }

    /// How long each stage took.
    pub fn timings(&self) -> Timings {
        self.timings
    }

    /// Every assembly file the generation read, in the order each was first read: the inputs,
    /// then the assemblies they reference that were needed (found in the inputs' folders, the
    /// [`reference_dir`](Builder::reference_dir)s or Mono's class library). The bindings depend
    /// on exactly these files; [`Builder::emit_rerun_if_changed`] tells Cargo about them.
    pub fn inputs(&self) -> &[PathBuf] {
        &self.inputs
    }

    /// Every assembly the generation read, in the order each was loaded (the inputs first),
    /// with where it was found: given as an input, in Mono's GAC, or in a folder searched
    /// (see [`Builder::assembly`] for the order). `cilbind generate --explain` lists them.
    pub fn assemblies(&self) -> &[FoundAssembly] {
        &self.assemblies
    }

    /// Every bound method of a full struct with what translation into Rust decided
    /// (translated, or refused and why), in output order; counted in the [`Summary`].
    pub fn translations(&self) -> &[Translation] {
        &self.translations
    }

    /// Every bound instance method of a full struct with its receiver, in output order:
    /// `&self` (the method works on a copy), or `&mut self` with the store or call that may
    /// write through `this` (read from the IL: `cilbind generate --explain` lists them).
    pub fn struct_receivers(&self) -> &[StructReceiver] {
        &self.struct_receivers
    }

    /// Every type and member not bound, with its category and reason, in output order (each
    /// is also a `// skipped` comment in the output, and counted in the [`Summary`]).
    pub fn skips(&self) -> &[Skip] {
        &self.skips
    }

    /// Every bound method with its function-database signature and ID, in output order.
    pub fn functions(&self) -> &[Function] {
        &self.functions
    }

    /// The C# → Rust name table of the bound type `type_name` (its metadata name,
    /// `Newtonsoft.Json.Linq.JObject`, ``System.Collections.Generic.List`1``): the type's Rust
    /// path, then each member as C# declares it beside the Rust item that binds it, or why none
    /// does. Empty when no bound type has that name. `cilbind names` prints it.
    pub fn name_table(&self, type_name: &str) -> Vec<&NameRow> {
        self.name_table.iter().filter(|r| r.type_name == type_name).collect()
    }

    /// Every bound field of the selected non-generic types, with the Rust path of its getter
    /// and the form of its value, in output order.
    pub fn fields(&self) -> &[FieldBinding] {
        &self.fields
    }

    /// Every public member of the selected types (enum values included) and whether it is
    /// bound, skipped (why) or missing from the output, in model order: what
    /// `cilbind generate --coverage` writes and `scripts/coverage.sh` checks against reflection.
    pub fn coverage(&self) -> &[CoverageRow] {
        &self.coverage
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

#[cfg(test)]
mod tests {
    use super::rerun_if_changed_lines;
    use std::path::{Path, PathBuf};

    #[test]
    fn every_file_read_is_listed_except_what_the_build_script_wrote_itself() {
        let out = std::env::temp_dir().join("cilbind-out");
        let inputs = [
            PathBuf::from("managed/Game.dll"),
            out.join("Arena.dll"),
            PathBuf::from("/usr/lib/mono/4.5/mscorlib.dll"),
        ];
        assert_eq!(
            rerun_if_changed_lines(&inputs, Some(&out)),
            [
                "cargo:rerun-if-changed=managed/Game.dll",
                "cargo:rerun-if-changed=/usr/lib/mono/4.5/mscorlib.dll"
            ]
        );
        assert_eq!(rerun_if_changed_lines(&inputs, None).len(), 3);
        // A relative path that leads into OUT_DIR is inside it too.
        let cwd = std::env::current_dir().expect("cwd");
        let relative = Path::new("sub").join("X.dll");
        assert!(rerun_if_changed_lines(&[relative], Some(&cwd)).is_empty());
    }
}
