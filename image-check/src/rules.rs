//! Rules that span cells, rows or tables (ECMA-335 II.22): counts of singleton tables, sort
//! orders readers binary-search, nesting and inheritance without cycles, generic parameter
//! numbering, signatures of every member, and RVAs that land in sections.

use crate::error::{ImageError, Result};
use crate::heaps::Heaps;
use crate::pe::Pe;
use crate::schema::{id, Col, CUSTOM_ATTRIBUTE_TYPE, MEMBER_REF_PARENT, SORTED, TABLES, TYPE_DEF_OR_REF};
use crate::signatures::{self, SigKind};
use crate::tables::Tables;

fn table_err(t: u8, what: String) -> ImageError {
    ImageError::Table {
        table: TABLES[usize::from(t)].name,
        what,
    }
}

fn cell_err(t: u8, row: u32, col: usize, what: String) -> ImageError {
    let table = &TABLES[usize::from(t)];
    ImageError::Cell {
        table: table.name,
        row,
        column: table.cols.get(col).map_or("?", |c| c.0),
        what,
    }
}

/// Applies every cross-cell rule. Cells are already known to be in range.
pub fn check(pe: &Pe, tables: &Tables, heaps: &Heaps<'_>) -> Result<()> {
    counts(tables)?;
    sorted(tables)?;
    nesting(tables)?;
    inheritance(tables)?;
    generic_params(tables)?;
    layout_and_constants(tables)?;
    attribute_constructors(tables)?;
    signatures(tables, heaps)?;
    rvas(pe, tables)?;
    entry_point(pe, tables)
}

fn counts(tables: &Tables) -> Result<()> {
    // why: II.22.30 — "The Module table shall contain one and only one row"; readers (Mono
    // reads row 1 for the module name) rely on it.
    let modules = tables.rows[usize::from(id::MODULE)];
    if modules != 1 {
        return Err(table_err(id::MODULE, format!("{modules} rows (must be exactly 1)")));
    }
    // why: II.22.30 — Mvid "shall index a non-null GUID in the Guid heap" (Mono asserts that
    // the #GUID heap holds at least one GUID when it opens an image).
    if tables.cell(id::MODULE, 1, 2) == 0 {
        return Err(cell_err(id::MODULE, 1, 2, "Mvid is null".into()));
    }
    // why: II.22.2 — "The Assembly table shall contain zero or one row".
    let assemblies = tables.rows[usize::from(id::ASSEMBLY)];
    if assemblies > 1 {
        return Err(table_err(id::ASSEMBLY, format!("{assemblies} rows (must be 0 or 1)")));
    }
    Ok(())
}

fn sorted(tables: &Tables) -> Result<()> {
    // why: II.22 marks these tables sorted by a key column (e.g. II.22.23 InterfaceImpl "sorted
    // using the Class column as a primary key"), and readers binary-search them.
    for &(t, key) in SORTED {
        let mut prev = 0u32;
        for row in 1..=tables.rows[usize::from(t)] {
            let v = tables.cell(t, row, key);
            if v < prev {
                return Err(cell_err(t, row, key, format!("not sorted: {v:#x} after {prev:#x}")));
            }
            prev = v;
        }
    }
    Ok(())
}

fn nesting(tables: &Tables) -> Result<()> {
    // why: II.22.32 — a type is nested in at most one type (no duplicate NestedClass rows), and
    // nesting must not form a cycle: a reader that loads the enclosing type first would recurse
    // forever.
    let n = tables.rows[usize::from(id::TYPE_DEF)] as usize;
    let mut encloser = vec![0u32; n + 1];
    for row in 1..=tables.rows[usize::from(id::NESTED_CLASS)] {
        let nested = tables.cell(id::NESTED_CLASS, row, 0) as usize;
        let enc = tables.cell(id::NESTED_CLASS, row, 1);
        match encloser.get_mut(nested) {
            Some(slot) if *slot == 0 => *slot = enc,
            _ => {
                return Err(cell_err(
                    id::NESTED_CLASS,
                    row,
                    0,
                    format!("TypeDef {nested} is nested twice"),
                ))
            }
        }
    }
    acyclic(&encloser, "nested in itself (NestedClass cycle)")
}

fn inheritance(tables: &Tables) -> Result<()> {
    // why: II.22.37 / II.10.1.3 — a type cannot be its own (direct or indirect) base; a reader
    // that loads the base first would recurse forever. Only TypeDef → TypeDef edges can be
    // followed inside one image.
    let n = tables.rows[usize::from(id::TYPE_DEF)] as usize;
    let mut parent = vec![0u32; n + 1];
    for row in 1..=n as u32 {
        let v = tables.cell(id::TYPE_DEF, row, 3);
        if let Ok(Some((id::TYPE_DEF, r))) = tables.coded_target(TYPE_DEF_OR_REF, v, true) {
            parent[row as usize] = r;
        }
    }
    acyclic(&parent, "its own base type (Extends cycle)")
}

/// `next[i]` is the row `i` points at (0 for none); fails if following pointers ever loops.
fn acyclic(next: &[u32], what: &str) -> Result<()> {
    // 0 = unvisited, 1 = on the current path, 2 = known to end.
    let mut state = vec![0u8; next.len()];
    for start in 1..next.len() {
        let mut path = Vec::new();
        let mut cur = start;
        while cur != 0 && state.get(cur) == Some(&0) {
            state[cur] = 1;
            path.push(cur);
            cur = next.get(cur).copied().unwrap_or(0) as usize;
        }
        if cur != 0 && state.get(cur) == Some(&1) {
            return Err(table_err(id::TYPE_DEF, format!("row {cur} is {what}")));
        }
        for p in path {
            state[p] = 2;
        }
    }
    Ok(())
}

fn generic_params(tables: &Tables) -> Result<()> {
    // why: II.22.20 — the generic parameters of one owner are numbered 0, 1, 2, ... in row
    // order (the table is sorted by Owner); readers index the owner's parameter array by
    // Number.
    let mut owner = u32::MAX;
    let mut expected = 0u32;
    for row in 1..=tables.rows[usize::from(id::GENERIC_PARAM)] {
        let o = tables.cell(id::GENERIC_PARAM, row, 2);
        if o != owner {
            owner = o;
            expected = 0;
        }
        let number = tables.cell(id::GENERIC_PARAM, row, 0);
        if number != expected {
            return Err(cell_err(
                id::GENERIC_PARAM,
                row,
                0,
                format!("Number {number}, expected {expected} for this owner"),
            ));
        }
        expected += 1;
    }
    Ok(())
}

fn layout_and_constants(tables: &Tables) -> Result<()> {
    // why: II.22.8 — PackingSize is one of 0, 1, 2, 4, 8, 16, 32, 64, 128.
    for row in 1..=tables.rows[usize::from(id::CLASS_LAYOUT)] {
        let p = tables.cell(id::CLASS_LAYOUT, row, 0);
        if p > 128 || (p != 0 && !p.is_power_of_two()) {
            return Err(cell_err(id::CLASS_LAYOUT, row, 0, format!("packing size {p}")));
        }
    }
    // why: II.22.9 — Type is ELEMENT_TYPE_BOOLEAN..STRING or CLASS (a null reference), as a
    // 1-byte constant followed by a zero padding byte.
    for row in 1..=tables.rows[usize::from(id::CONSTANT)] {
        let t = tables.cell(id::CONSTANT, row, 0);
        if !matches!(t, 0x02..=0x0E | 0x12) {
            return Err(cell_err(id::CONSTANT, row, 0, format!("constant type {t:#06x}")));
        }
    }
    Ok(())
}

/// Which TypeDef rows are value types: those whose base type is `System.ValueType` or
/// `System.Enum` (ECMA-335 II.13: value types derive from ValueType, enums from Enum), except
/// `System.Enum` itself. Index 0 is unused. Only the direct base matters: value types are
/// sealed, so nothing else can derive from one.
fn value_types(tables: &Tables, heaps: &Heaps<'_>) -> Vec<bool> {
    let n = tables.rows[usize::from(id::TYPE_DEF)];
    // (namespace, name) of a TypeRef (name in column 1) or TypeDef (name in column 1) row.
    let name_of = |table: u8, row: u32| {
        (
            heaps.string(tables.cell(table, row, 2)).unwrap_or(""),
            heaps.string(tables.cell(table, row, 1)).unwrap_or(""),
        )
    };
    let mut out = vec![false; n as usize + 1];
    for row in 1..=n {
        let extends = tables.cell(id::TYPE_DEF, row, 3);
        let base = match tables.coded_target(TYPE_DEF_OR_REF, extends, true) {
            Ok(Some((t @ (id::TYPE_REF | id::TYPE_DEF), r))) => name_of(t, r),
            _ => continue,
        };
        let is_enum_class = name_of(id::TYPE_DEF, row) == ("System", "Enum");
        out[row as usize] = matches!(base, ("System", "ValueType") | ("System", "Enum")) && !is_enum_class;
    }
    out
}

fn attribute_constructors(tables: &Tables) -> Result<()> {
    // why: II.22.10 — CustomAttribute.Type is a constructor, a MethodDef or a MemberRef. Of the
    // parents II.22.25 lists for a MemberRef, a ModuleRef names a global function (never a
    // constructor) and a TypeDef is not among them (a local constructor is a MethodDef). Mono
    // reads an attribute's type name from TypeRef and MethodDef parents only and aborts on any
    // other (custom-attrs.c); that includes TypeSpec, the parent a generic attribute type would
    // need, which Mono 6.8 does not support.
    for row in 1..=tables.rows[usize::from(id::CUSTOM_ATTRIBUTE)] {
        let ty = tables.cell(id::CUSTOM_ATTRIBUTE, row, 1);
        let Ok(Some((id::MEMBER_REF, member))) = tables.coded_target(CUSTOM_ATTRIBUTE_TYPE, ty, false) else {
            continue;
        };
        let parent = tables.cell(id::MEMBER_REF, member, 0);
        match tables.coded_target(MEMBER_REF_PARENT, parent, false) {
            Ok(Some((id::TYPE_REF | id::METHOD_DEF, _))) => {}
            _ => {
                return Err(cell_err(
                    id::CUSTOM_ATTRIBUTE,
                    row,
                    1,
                    format!("constructor MemberRef {member} has a parent other than a TypeRef or MethodDef"),
                ))
            }
        }
    }
    Ok(())
}

fn signatures(tables: &Tables, heaps: &Heaps<'_>) -> Result<()> {
    let value_types = value_types(tables, heaps);
    let ctx = signatures::SigContext {
        rows: &tables.rows,
        value_types: &value_types,
    };
    // why: II.23.2 — member signatures are what a reader decodes to know a member's types; each
    // is parsed in full. StandAloneSig blobs (locals, calli sites) are read only when IL is
    // compiled, like the IL itself (see the crate docs).
    let columns: [(u8, usize, SigKind); 6] = [
        (id::FIELD, 2, SigKind::Field),
        (id::METHOD_DEF, 4, SigKind::MethodDef),
        (id::MEMBER_REF, 2, SigKind::MemberRef),
        (id::PROPERTY, 2, SigKind::Property),
        (id::TYPE_SPEC, 0, SigKind::TypeSpec),
        (id::METHOD_SPEC, 1, SigKind::MethodSpec),
    ];
    for (t, col, kind) in columns {
        debug_assert_eq!(TABLES[usize::from(t)].cols[col].1, Col::Blob);
        for row in 1..=tables.rows[usize::from(t)] {
            let index = tables.cell(t, row, col);
            let blob = heaps.blob(index).map_err(|e| cell_err(t, row, col, e))?;
            let info = signatures::check(blob, kind, ctx).map_err(|what| ImageError::Signature {
                table: TABLES[usize::from(t)].name,
                row,
                column: TABLES[usize::from(t)].cols[col].0,
                blob_offset: index,
                what,
            })?;
            if t == id::METHOD_DEF {
                param_sequences(tables, row, info.params)?;
            }
        }
    }
    Ok(())
}

fn param_sequences(tables: &Tables, method: u32, params: u32) -> Result<()> {
    // why: II.22.33 — Param.Sequence is 0 for the return value or 1..=the signature's parameter
    // count; readers use it to index per-parameter arrays. The method's Param rows run from its
    // ParamList to the next method's (II.22.26).
    let start = tables.cell(id::METHOD_DEF, method, 5);
    let end = if method < tables.rows[usize::from(id::METHOD_DEF)] {
        tables.cell(id::METHOD_DEF, method + 1, 5)
    } else {
        tables.rows[usize::from(id::PARAM)] + 1
    };
    // With a ParamPtr table the list points into it; those images are left to the reader.
    if tables.rows[usize::from(id::PARAM_PTR)] != 0 {
        return Ok(());
    }
    for row in start..end {
        let seq = tables.cell(id::PARAM, row, 1);
        if seq > params {
            return Err(cell_err(
                id::PARAM,
                row,
                1,
                format!("Sequence {seq}, but MethodDef {method} has {params} parameters"),
            ));
        }
    }
    Ok(())
}

fn rvas(pe: &Pe, tables: &Tables) -> Result<()> {
    // why: II.22.26 — a non-zero MethodDef RVA locates the method body; II.22.18 — FieldRVA
    // locates a field's initial data. Both must land inside a section (the body itself is only
    // read when the method is compiled).
    for (t, col) in [(id::METHOD_DEF, 0), (id::FIELD_RVA, 0)] {
        for row in 1..=tables.rows[usize::from(t)] {
            let rva = tables.cell(t, row, col);
            if (rva != 0 || t == id::FIELD_RVA) && pe.map(rva, 1).is_none() {
                return Err(cell_err(t, row, col, format!("RVA {rva:#x} is not inside a section")));
            }
        }
    }
    // why: II.22.24 — a resource in this file (null Implementation) starts at Offset inside
    // the CLI header's Resources block.
    let res_len = pe.resources.as_ref().map_or(0, |r| r.len());
    for row in 1..=tables.rows[usize::from(id::MANIFEST_RESOURCE)] {
        let offset = tables.cell(id::MANIFEST_RESOURCE, row, 0);
        if tables.cell(id::MANIFEST_RESOURCE, row, 3) == 0 && offset as usize >= res_len {
            return Err(cell_err(
                id::MANIFEST_RESOURCE,
                row,
                0,
                format!("offset {offset:#x} is past the resources ({res_len} bytes)"),
            ));
        }
    }
    Ok(())
}

fn entry_point(pe: &Pe, tables: &Tables) -> Result<()> {
    // why: II.25.3.3 — EntryPointToken is 0, a MethodDef token or a File token.
    let token = pe.entry_point_token;
    if token == 0 {
        return Ok(());
    }
    let (table, row) = ((token >> 24) as u8, token & 0x00FF_FFFF);
    let ok = (table == id::METHOD_DEF || table == id::FILE) && row >= 1 && row <= tables.rows[usize::from(table)];
    if ok {
        Ok(())
    } else {
        Err(ImageError::CliHeader(format!(
            "entry point token {token:#010x} is not a MethodDef or File row"
        )))
    }
}
