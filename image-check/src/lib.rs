//! Validates a .NET assembly image before a metadata reader trusts it.
//!
//! Mono and dotnetdll both read offsets, row counts and indexes straight out of the file.
//! A corrupt image makes Mono assert or dereference wild pointers, and makes dotnetdll
//! allocate gigabytes or panic. [`check`] reads the image with bounds-checked code that never
//! panics. It accepts only images whose structure follows ECMA-335 Partition II:
//!
//! * **PE container** (II.25): DOS header, PE signature, COFF and optional headers, and a
//!   section table whose raw data is inside the file. The CLI header and the metadata
//!   directory must map into a section.
//! * **Metadata root and streams** (II.24.2.1, II.24.2.2): signature, version string, stream
//!   headers inside the metadata block, no duplicate streams, and a `#~` (or `#-`) stream.
//! * **Heaps** (II.24.2.3 – II.24.2.5): `#Strings` starts and ends with NUL and is valid
//!   UTF-8. Each `#Blob` entry's length prefix fits in the heap. `#GUID` holds whole GUIDs.
//! * **Tables** (II.24.2.6, II.22): known tables only, and row counts of at most 2^24 − 1.
//!   Every table's rows × row size must fit in the `#~` stream. Every cell is checked:
//!   heap indexes are in range (and names are non-empty where II.22 says so), simple and coded
//!   indexes point at existing rows with defined tags, and list columns are in range and
//!   non-decreasing.
//! * **Cross-table rules** (II.22): there is exactly one Module row and at most one Assembly
//!   row. The sorted tables are sorted. Nesting and inheritance have no cycles. Generic
//!   parameters are numbered 0..n per owner. Packing sizes and constant types are legal. Param
//!   sequence numbers fit the method's signature. Method and field RVAs land in a section.
//!   Manifest resource offsets are inside the resources. The entry point token is valid.
//! * **Signatures** (II.23.2): Field, MethodDef, MemberRef, Property, TypeSpec and
//!   MethodSpec signatures are parsed in full. Element types must be valid in their position.
//!   Counts must be backed by bytes, nesting must be bounded, and every type token must be in
//!   range.
//!
//! # What is still trusted
//!
//! [`check`] does not look at these. A reader that uses them must treat them as untrusted.
//!
//! * **IL method bodies** and what they reference: the method header and exception clauses at
//!   each RVA, the tokens in the IL, `StandAloneSig` blobs (locals and `calli` sites), and the
//!   `#US` heap (`ldstr` literals). Mono reads these only when it compiles a method.
//! * **Custom attribute and marshalling blobs** (`CustomAttribute.Value`,
//!   `FieldMarshal.NativeType`, `DeclSecurity.PermissionSet`) and `Constant.Value` contents. They
//!   are decoded on demand by reflection. Their heap indexes and length prefixes are checked.
//! * **Resource contents**, the strong-name signature bytes, and the size of field RVA data.
//! * **Meaning across assemblies**: whether a TypeRef or MemberRef resolves. The reader
//!   reports that as a missing type or member, not as corruption.
//! * **Semantic consistency** beyond the rules above. Examples: whether a `VALUETYPE` token
//!   names a value type, whether flags combine legally, and whether a generic argument count
//!   matches its type.
//!
//! # Mono's own metadata verifier
//!
//! Mono 6.8 has a metadata verifier (`metadata-verify.c`), and Debian's `libmonosgen-2.0` is
//! built with it. The embedding API cannot switch it on, though. The library exports only
//! `mono_method_verify`, `mono_verify_corlib` and `mono_free_verify_list`. The mode setter
//! `mono_verifier_set_mode` is not exported (checked with `nm -D`), and
//! `mono_jit_parse_options` rejects `--verify-all` and `--security=verifiable` ("Unsupported
//! command line option"). Only the `mono` command's own driver enables it.
//!
//! Measurement: the 203 mutants in `managed-tests/tests/corpus/loader.txt` all crashed
//! cilbind's loader before this crate existed. Each was loaded with `Assembly.LoadFrom`, then
//! its types, methods and parameters were listed, under the `mono` command:
//!
//! | run | crashed | rejected | listed |
//! |---|---|---|---|
//! | plain | 149 | 52 | 2 |
//! | `--verify-all` | 2 | 201 | 0 |
//!
//! So the verifier would cover most of these cases, but an embedder cannot use it. [`check`]
//! rejects all 203 before Mono sees them.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bytes;
mod error;
mod heaps;
pub mod mutate;
mod pe;
mod rules;
pub mod schema;
mod signatures;
mod streams;
mod tables;

pub use error::{ImageError, Result};
pub use pe::{Pe, Section};
pub use streams::{Stream, Streams};
pub use tables::Tables;

/// An image that passed [`check`], with the layout it was found to have (for diagnostics and
/// for the mutation tests, which aim their corruptions at these regions).
#[derive(Debug, Clone)]
pub struct CheckedImage {
    /// The PE container.
    pub pe: Pe,
    /// The metadata streams.
    pub streams: Streams,
    /// The decoded tables.
    pub tables: Tables,
}

/// Checks `bytes` as a .NET assembly image (see the crate docs for what is and is not
/// checked). Never panics, whatever the input.
pub fn check(bytes: &[u8]) -> Result<CheckedImage> {
    let pe = Pe::parse(bytes)?;
    let streams = streams::parse(bytes, pe.metadata.clone())?;
    let heap = |name: &str| streams.get(name).and_then(|r| bytes.get(r)).unwrap_or_default();
    let heaps = heaps::Heaps::new(heap("#Strings"), heap("#Blob"), heap("#GUID"))?;
    let tables_range = streams
        .get("#~")
        .or_else(|| streams.get("#-"))
        .ok_or_else(|| ImageError::TablesHeader("no #~ stream".into()))?;
    let tables = Tables::parse(bytes, tables_range)?;
    tables.check_cells(&heaps)?;
    rules::check(&pe, &tables, &heaps)?;
    Ok(CheckedImage { pe, streams, tables })
}
