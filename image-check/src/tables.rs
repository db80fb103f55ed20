//! The `#~` stream (ECMA-335 II.24.2.6): its header, every table's row count and row size
//! against the stream's length, then every cell: heap indexes, simple and coded indexes, and
//! list columns.

use crate::bytes::{u32_at, u64_at, u8_at, uint_at};
use crate::error::{ImageError, Result};
use crate::heaps::Heaps;
use crate::schema::{id, Coded, Col, TABLES, TABLE_COUNT};
use std::ops::Range;

/// The decoded tables: row counts, where each table is in the file, and every cell.
#[derive(Debug, Clone)]
pub struct Tables {
    /// Row count per table number (0 for absent tables).
    pub rows: [u32; TABLE_COUNT],
    /// File range of the row-count array of the `#~` header.
    pub row_counts: Range<usize>,
    /// File range of each table's rows (empty for absent tables).
    pub ranges: Vec<Range<usize>>,
    /// Row size in bytes per table.
    pub row_sizes: [usize; TABLE_COUNT],
    /// Column widths in bytes per table.
    widths: Vec<Vec<usize>>,
    /// Cells per table, row-major, widened to u32.
    cells: Vec<Vec<u32>>,
}

fn header_err(what: impl Into<String>) -> ImageError {
    ImageError::TablesHeader(what.into())
}

fn coded_width(c: &Coded, rows: &[u32; TABLE_COUNT]) -> usize {
    // why: II.24.2.6 — a coded index is 2 bytes if every table it can point at has fewer than
    // 2^(16 - tag bits) rows, else 4 bytes.
    let max = c
        .tables
        .iter()
        .flatten()
        .map(|&t| rows[usize::from(t)])
        .max()
        .unwrap_or(0);
    if u64::from(max) < (1u64 << (16 - c.tag_bits)) {
        2
    } else {
        4
    }
}

fn col_width(col: Col, rows: &[u32; TABLE_COUNT], heap_sizes: u8) -> usize {
    // why: II.24.2.6 — HeapSizes bit 0x01/0x02/0x04 makes #Strings/#GUID/#Blob indexes 4
    // bytes wide; a simple table index is 4 bytes if the table has 2^16 rows or more.
    match col {
        Col::U16 => 2,
        Col::U32 => 4,
        Col::Str | Col::Name => 2 + 2 * usize::from(heap_sizes & 0x01 != 0),
        Col::Guid => 2 + 2 * usize::from(heap_sizes & 0x02 != 0),
        Col::Blob => 2 + 2 * usize::from(heap_sizes & 0x04 != 0),
        Col::Idx(t) | Col::List(t) => {
            if rows[usize::from(t)] < 0x1_0000 {
                2
            } else {
                4
            }
        }
        Col::Coded(c, _) => coded_width(&c, rows),
    }
}

impl Tables {
    /// The cell at 1-based `row`, column `col` of `table` (0 if out of range; callers only ask
    /// for cells of rows they know exist).
    pub fn cell(&self, table: u8, row: u32, col: usize) -> u32 {
        let ncols = TABLES.get(usize::from(table)).map_or(0, |t| t.cols.len());
        (row as usize)
            .checked_sub(1)
            .and_then(|r| r.checked_mul(ncols))
            .and_then(|i| i.checked_add(col))
            .and_then(|i| self.cells.get(usize::from(table))?.get(i).copied())
            .unwrap_or(0)
    }

    /// The file range of the cell at 1-based `row`, column `col` of `table`.
    pub fn cell_range(&self, table: u8, row: u32, col: usize) -> Option<Range<usize>> {
        let t = usize::from(table);
        if row == 0 || row > *self.rows.get(t)? {
            return None;
        }
        let widths = self.widths.get(t)?;
        let in_row: usize = widths.get(..col)?.iter().sum();
        let start = self.ranges.get(t)?.start + (row as usize - 1) * self.row_sizes[t] + in_row;
        Some(start..start + *widths.get(col)?)
    }

    /// Reads the `#~` header at `stream` (a file range inside `bytes`) and decodes every table.
    pub fn parse(bytes: &[u8], stream: Range<usize>) -> Result<Tables> {
        let s = bytes
            .get(stream.clone())
            .ok_or_else(|| header_err("stream is outside the file"))?;
        let short = || header_err("stream ends inside its header");
        // why: II.24.2.6 — Reserved(4) MajorVersion(1)=2 MinorVersion(1)=0 HeapSizes(1)
        // Reserved(1) Valid(8) Sorted(8) Rows(4 × tables present).
        let major = u8_at(s, 4).ok_or_else(short)?;
        if major != 1 && major != 2 {
            return Err(header_err(format!("major version {major} (expected 2)")));
        }
        let heap_sizes = u8_at(s, 6).ok_or_else(short)?;
        // why: II.24.2.6 defines bits 0x01, 0x02, 0x04; 0x20 and 0x80 are edit-and-continue
        // markers that do not change the layout. 0x40 ("extra data") adds 4 unspecified bytes
        // after the row counts that no conforming compiler emits.
        if heap_sizes & !0xA7 != 0 {
            return Err(header_err(format!("HeapSizes {heap_sizes:#04x} has undefined bits")));
        }
        let valid = u64_at(s, 8).ok_or_else(short)?;
        // why: II.22 defines tables 0x00..=0x2C only; the row size of any other is unknown, so
        // nothing after it could be located.
        if valid >> TABLE_COUNT != 0 {
            return Err(header_err(format!(
                "Valid mask {valid:#018x} marks tables this reader does not know (> 0x2C)"
            )));
        }
        let mut rows = [0u32; TABLE_COUNT];
        let mut at = 24usize;
        for (t, r) in rows.iter_mut().enumerate() {
            if valid & (1 << t) != 0 {
                let n = u32_at(s, at).ok_or_else(short)?;
                // why: II.22 — a row number is the low 24 bits of a token, so no table can hold
                // more than 0xFFFFFF rows; the bound also keeps every size below from overflowing.
                if n > 0x00FF_FFFF {
                    return Err(ImageError::Table {
                        table: TABLES[t].name,
                        what: format!("row count {n} exceeds 0xFFFFFF"),
                    });
                }
                *r = n;
                at += 4;
            }
        }
        let row_counts = stream.start + 24..stream.start + at;

        let mut row_sizes = [0usize; TABLE_COUNT];
        for (t, size) in row_sizes.iter_mut().enumerate() {
            *size = TABLES[t]
                .cols
                .iter()
                .map(|&(_, c)| col_width(c, &rows, heap_sizes))
                .sum();
        }
        // why: II.24.2.6 — the tables follow the row counts back to back, in table-number order;
        // together they must fit in the stream, or a reader walks off its end.
        let mut ranges = Vec::with_capacity(TABLE_COUNT);
        for t in 0..TABLE_COUNT {
            let len = (rows[t] as usize)
                .checked_mul(row_sizes[t])
                .ok_or_else(|| header_err("table size overflows"))?;
            let end = at.checked_add(len).ok_or_else(|| header_err("table size overflows"))?;
            if end > s.len() {
                return Err(ImageError::Table {
                    table: TABLES[t].name,
                    what: format!(
                        "{} rows of {} bytes end at {end:#x}, past the #~ stream ({:#x} bytes)",
                        rows[t],
                        row_sizes[t],
                        s.len()
                    ),
                });
            }
            ranges.push(stream.start + at..stream.start + end);
            at = end;
        }

        let mut cells = Vec::with_capacity(TABLE_COUNT);
        let mut all_widths = Vec::with_capacity(TABLE_COUNT);
        for t in 0..TABLE_COUNT {
            let widths: Vec<usize> = TABLES[t]
                .cols
                .iter()
                .map(|&(_, c)| col_width(c, &rows, heap_sizes))
                .collect();
            let data = bytes
                .get(ranges[t].clone())
                .ok_or_else(|| header_err("table data truncated"))?;
            let mut v = Vec::with_capacity((rows[t] as usize).saturating_mul(widths.len()));
            let mut pos = 0;
            for _ in 0..rows[t] {
                for &w in &widths {
                    v.push(uint_at(data, pos, w).ok_or_else(|| header_err("table data truncated"))?);
                    pos += w;
                }
            }
            cells.push(v);
            all_widths.push(widths);
        }
        Ok(Tables {
            rows,
            row_counts,
            ranges,
            row_sizes,
            widths: all_widths,
            cells,
        })
    }

    /// Rows of the table a list column points into: the Ptr table if the image has one
    /// (II.24.2.6, uncompressed `#-` streams), else the table itself.
    fn list_target_rows(&self, t: u8) -> u32 {
        let ptr = match t {
            id::FIELD => id::FIELD_PTR,
            id::METHOD_DEF => id::METHOD_PTR,
            id::PARAM => id::PARAM_PTR,
            id::EVENT => id::EVENT_PTR,
            id::PROPERTY => id::PROPERTY_PTR,
            _ => return self.rows[usize::from(t)],
        };
        match self.rows[usize::from(ptr)] {
            0 => self.rows[usize::from(t)],
            n => n,
        }
    }

    /// Checks every cell of every table: heap indexes against the heaps, simple and coded
    /// indexes against row counts, list columns in range and non-decreasing.
    pub fn check_cells(&self, heaps: &Heaps<'_>) -> Result<()> {
        for (t, table) in TABLES.iter().enumerate() {
            let ncols = table.cols.len();
            let mut prev_list = vec![0u32; ncols];
            for r in 0..self.rows[t] {
                for (c, &(column, col)) in table.cols.iter().enumerate() {
                    let v = self.cell(t as u8, r + 1, c);
                    let cell_err = |what: String| ImageError::Cell {
                        table: table.name,
                        row: r + 1,
                        column,
                        what,
                    };
                    match col {
                        Col::U16 | Col::U32 => {}
                        Col::Str => {
                            heaps.check_string(v).map_err(cell_err)?;
                        }
                        Col::Name => {
                            if heaps.check_string(v).map_err(cell_err)? {
                                return Err(cell_err("empty name".into()));
                            }
                        }
                        Col::Guid => heaps.guid(v).map_err(cell_err)?,
                        Col::Blob => {
                            heaps.blob(v).map_err(cell_err)?;
                        }
                        Col::Idx(target) => {
                            let n = self.rows[usize::from(target)];
                            if v == 0 || v > n {
                                return Err(cell_err(format!(
                                    "row {v} of {} is out of range (1..={n})",
                                    TABLES[usize::from(target)].name
                                )));
                            }
                        }
                        Col::List(target) => {
                            // why: II.22 (e.g. II.22.37 FieldList/MethodList) — a list column marks
                            // the first row of a contiguous run that ends where the next row's run
                            // starts; one past the last row means an empty run at the end.
                            let n = self.list_target_rows(target);
                            if v == 0 || u64::from(v) > u64::from(n) + 1 {
                                return Err(cell_err(format!(
                                    "list start {v} of {} is out of range (1..={})",
                                    TABLES[usize::from(target)].name,
                                    u64::from(n) + 1
                                )));
                            }
                            if v < prev_list[c] {
                                return Err(cell_err(format!(
                                    "list start {v} is before the previous row's {}",
                                    prev_list[c]
                                )));
                            }
                            prev_list[c] = v;
                        }
                        Col::Coded(coded, nullable) => {
                            self.coded_target(coded, v, nullable).map_err(cell_err)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Decodes a coded index value and checks it: `Some((table, row))`, or `None` for an
    /// allowed null.
    pub fn coded_target(&self, coded: Coded, v: u32, nullable: bool) -> std::result::Result<Option<(u8, u32)>, String> {
        let tag = (v & ((1 << coded.tag_bits) - 1)) as usize;
        let row = v >> coded.tag_bits;
        let target = coded
            .tables
            .get(tag)
            .copied()
            .flatten()
            .ok_or_else(|| format!("{} tag {tag} is not defined", coded.name))?;
        let n = self.rows[usize::from(target)];
        if row == 0 {
            // why: II.24.2.6 — row 0 is null. A null with a non-zero tag (e.g. TypeSpec row 0)
            // is not zero as a whole, and readers that test the raw value for zero (Mono does)
            // would then look up row 0 of that table.
            if v != 0 {
                return Err(format!("{} has tag {tag} but row 0", coded.name));
            }
            return if nullable {
                Ok(None)
            } else {
                Err(format!(
                    "{} is null where a {} row is required",
                    coded.name,
                    TABLES[usize::from(target)].name
                ))
            };
        }
        if row > n {
            return Err(format!(
                "{} points at {} row {row}, but that table has {n} rows",
                coded.name,
                TABLES[usize::from(target)].name
            ));
        }
        Ok(Some((target, row)))
    }
}
