//! What is wrong with an image, and where.

/// Why an image was rejected. Every variant says what is wrong and where: a file offset, a
/// stream, or a table with row (1-based, as in metadata tokens) and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImageError {
    /// Not a PE image at all (no `MZ` / `PE\0\0` signature).
    #[error("not a PE image: {0}")]
    NotPe(String),

    /// A valid-looking PE image without a CLI header: a native DLL or executable.
    #[error("native PE image without CLI metadata")]
    NotCli,

    /// The PE headers (DOS stub, COFF, optional header, section table) are inconsistent.
    #[error("PE headers: {what} (at file offset {offset:#x})")]
    Pe {
        /// What is wrong.
        what: String,
        /// File offset of the field.
        offset: usize,
    },

    /// The CLI header (ECMA-335 II.25.3.3) is inconsistent.
    #[error("CLI header: {0}")]
    CliHeader(String),

    /// The metadata root or the stream headers (II.24.2.1, II.24.2.2) are inconsistent.
    #[error("metadata root: {what} (at file offset {offset:#x})")]
    MetadataRoot {
        /// What is wrong.
        what: String,
        /// File offset of the field.
        offset: usize,
    },

    /// A heap (`#Strings`, `#Blob`, `#GUID`, `#US`) is malformed as a whole.
    #[error("heap {heap}: {what}")]
    Heap {
        /// The stream name.
        heap: &'static str,
        /// What is wrong.
        what: String,
    },

    /// The `#~` stream's header or sizes are inconsistent (II.24.2.6).
    #[error("tables stream: {0}")]
    TablesHeader(String),

    /// A whole table breaks a rule (row count, sort order, list order).
    #[error("table {table}: {what}")]
    Table {
        /// Table name as in II.22.
        table: &'static str,
        /// What is wrong.
        what: String,
    },

    /// One cell of a table is out of range or malformed.
    #[error("table {table}, row {row}, column {column}: {what}")]
    Cell {
        /// Table name as in II.22.
        table: &'static str,
        /// 1-based row (the low 24 bits of the row's token).
        row: u32,
        /// Column name as in II.22.
        column: &'static str,
        /// What is wrong.
        what: String,
    },

    /// A signature blob referenced by a table cell is malformed (II.23.2).
    #[error("table {table}, row {row}, column {column}: signature at blob offset {blob_offset:#x}: {what}")]
    Signature {
        /// Table name as in II.22.
        table: &'static str,
        /// 1-based row.
        row: u32,
        /// Column name.
        column: &'static str,
        /// Offset of the blob in the `#Blob` heap.
        blob_offset: u32,
        /// What is wrong.
        what: String,
    },
}

/// Result alias of this crate.
pub type Result<T, E = ImageError> = std::result::Result<T, E>;
