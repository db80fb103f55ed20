//! Hand-made corruptions of a small real assembly (Mono's System.Numerics.Vectors.dll): each
//! breaks one rule and must be reported as that rule, at that place. Plus: no input panics.

use cilbind_image_check::mutate::{self, Mutator, Rng};
use cilbind_image_check::schema::id;
use cilbind_image_check::{check, CheckedImage, ImageError};

const VECTORS: &str = "/usr/lib/mono/4.5/System.Numerics.Vectors.dll";

fn original() -> (Vec<u8>, CheckedImage) {
    let bytes = std::fs::read(VECTORS).expect("Mono's System.Numerics.Vectors.dll");
    let image = check(&bytes).expect("the original passes");
    (bytes, image)
}

/// The original with `edit` applied, checked.
fn corrupt(edit: impl FnOnce(&mut Vec<u8>, &CheckedImage)) -> ImageError {
    let (mut bytes, image) = original();
    edit(&mut bytes, &image);
    check(&bytes).expect_err("the corruption must be found")
}

fn put_u16(bytes: &mut [u8], at: usize, v: u16) {
    bytes[at..at + 2].copy_from_slice(&v.to_le_bytes());
}

fn put_u32(bytes: &mut [u8], at: usize, v: u32) {
    bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
}

/// Writes `v` into the cell (2- or 4-byte wide).
fn put_cell(bytes: &mut [u8], image: &CheckedImage, table: u8, row: u32, col: usize, v: u32) {
    let r = image.tables.cell_range(table, row, col).expect("cell exists");
    match r.len() {
        2 => put_u16(bytes, r.start, v as u16),
        _ => put_u32(bytes, r.start, v),
    }
}

/// File offset of `table`'s row count in the #~ header.
fn row_count_at(image: &CheckedImage, table: u8) -> usize {
    let slot = (0..table).filter(|&t| image.tables.rows[usize::from(t)] != 0).count();
    image.tables.row_counts.start + 4 * slot
}

fn stream(image: &CheckedImage, name: &str) -> cilbind_image_check::Stream {
    image
        .streams
        .all
        .iter()
        .find(|s| s.name == name)
        .cloned()
        .expect("stream")
}

#[test]
fn pe_container() {
    assert!(matches!(corrupt(|b, _| b[0] = b'X'), ImageError::NotPe(_)));
    let e = corrupt(|b, _| put_u32(b, 0x3c, 0x7fff_ffff));
    assert!(e.to_string().contains("PE signature offset is past the end"), "{e}");
    // Section 1's raw data moved past the end of the file.
    let e = corrupt(|b, img| put_u32(b, img.pe.section_table.start + 20, 0x7000_0000));
    assert!(e.to_string().contains("section 1 data"), "{e}");
    // CLI header directory (data directory 14) zeroed: a native image.
    let e = corrupt(|b, img| {
        let dir = img.pe.section_table.start - 16 * 8 + 14 * 8;
        put_u32(b, dir, 0);
    });
    assert_eq!(e, ImageError::NotCli);
    // Metadata size larger than its section.
    let e = corrupt(|b, img| put_u32(b, img.pe.cli_header.start + 12, 0x0100_0000));
    assert!(e.to_string().contains("not inside one section"), "{e}");
}

#[test]
fn metadata_root_and_streams() {
    let e = corrupt(|b, img| b[img.pe.metadata.start] = 0);
    assert!(e.to_string().contains("'BSJB'"), "{e}");
    // #Blob's size runs past the metadata block.
    let e = corrupt(|b, img| put_u32(b, stream(img, "#Blob").header.start + 4, 0x0010_0000));
    assert!(
        e.to_string().contains("stream #Blob") && e.to_string().contains("outside the metadata"),
        "{e}"
    );
    // #Blob renamed #GUID: a duplicate.
    let e = corrupt(|b, img| {
        let at = stream(img, "#Blob").header.start + 8;
        b[at..at + 6].copy_from_slice(b"#GUID\0");
    });
    assert!(e.to_string().contains("appears twice"), "{e}");
}

#[test]
fn heaps() {
    let e = corrupt(|b, img| {
        let end = stream(img, "#Strings").range.end;
        b[end - 1] = b'x';
    });
    assert!(e.to_string().contains("#Strings: does not end with a NUL"), "{e}");
    let e = corrupt(|b, img| {
        let s = stream(img, "#Strings").range;
        // An invalid UTF-8 byte in the middle of some name.
        let at = s.start
            + 1
            + b[s.start + 1..s.end]
                .iter()
                .position(|&c| c.is_ascii_alphabetic())
                .unwrap();
        b[at] = 0xFF;
    });
    assert!(e.to_string().contains("not valid UTF-8"), "{e}");
}

#[test]
fn row_counts_and_table_sizes() {
    // A count above 0xFFFFFF can never be a valid table.
    let e = corrupt(|b, img| put_u32(b, row_count_at(img, id::TYPE_REF), 0x0100_0000));
    assert!(
        e.to_string().contains("table TypeRef: row count 16777216 exceeds"),
        "{e}"
    );
    // A plausible count whose rows do not fit in the #~ stream (dotnetdll allocated for these).
    let e = corrupt(|b, img| put_u32(b, row_count_at(img, id::FIELD), 0x00FF_0000));
    assert!(e.to_string().contains("table Field: 16711680 rows"), "{e}");
    // A table number ECMA-335 does not define.
    let e = corrupt(|b, img| {
        let valid = img.tables.row_counts.start - 16;
        b[valid + 6] |= 0x80;
    });
    assert!(e.to_string().contains("Valid mask"), "{e}");
}

#[test]
fn cells() {
    // TypeDefOrRef tag 3 does not exist.
    let e = corrupt(|b, img| put_cell(b, img, id::TYPE_DEF, 2, 3, 3));
    assert_eq!(
        e.to_string(),
        "table TypeDef, row 2, column Extends: TypeDefOrRef tag 3 is not defined"
    );
    // A null with a tag (TypeSpec row 0): Mono would look up row 0.
    let e = corrupt(|b, img| put_cell(b, img, id::TYPE_DEF, 2, 3, 2));
    assert!(e.to_string().contains("tag 2 but row 0"), "{e}");
    // A #Strings index past the heap.
    let e = corrupt(|b, img| put_cell(b, img, id::TYPE_REF, 1, 1, 0xFFFF));
    assert!(
        e.to_string()
            .starts_with("table TypeRef, row 1, column TypeName: #Strings index 0xffff is past the heap"),
        "{e}"
    );
    // An empty type name.
    let e = corrupt(|b, img| put_cell(b, img, id::TYPE_REF, 1, 1, 0));
    assert!(e.to_string().contains("TypeName: empty name"), "{e}");
    // A #Blob index past the heap.
    let e = corrupt(|b, img| put_cell(b, img, id::FIELD, 1, 2, 0xFFFF));
    assert!(e.to_string().contains("column Signature: #Blob index 0xffff"), "{e}");
    // Module row: null Mvid.
    let e = corrupt(|b, img| put_cell(b, img, id::MODULE, 1, 2, 0));
    assert!(e.to_string().contains("Mvid is null"), "{e}");
    // FieldList of TypeDef 2 before TypeDef 1's.
    let e = corrupt(|b, img| put_cell(b, img, id::TYPE_DEF, 1, 4, 5));
    assert!(e.to_string().contains("column FieldList"), "{e}");
    // The last Constant gets the first one's (smaller) parent: out of sort order.
    let (_, img) = original();
    let last = img.tables.rows[usize::from(id::CONSTANT)];
    let first_parent = img.tables.cell(id::CONSTANT, 1, 1);
    let before_last = img.tables.cell(id::CONSTANT, last - 1, 1);
    assert!(first_parent < before_last);
    let e = corrupt(|b, img| put_cell(b, img, id::CONSTANT, last, 1, first_parent));
    assert_eq!(
        e.to_string(),
        format!("table Constant, row {last}, column Parent: not sorted: {first_parent:#x} after {before_last:#x}")
    );
}

#[test]
fn attribute_constructor_parent() {
    // The constructor MemberRef of CustomAttribute 1 gets a TypeDef parent (Mono aborts on it).
    let e = corrupt(|b, img| {
        let ty = img.tables.cell(id::CUSTOM_ATTRIBUTE, 1, 1);
        assert_eq!(ty & 7, 3, "a MemberRef constructor");
        put_cell(b, img, id::MEMBER_REF, ty >> 3, 0, 2 << 3);
    });
    assert!(
        e.to_string()
            .starts_with("table CustomAttribute, row 1, column Type: constructor MemberRef"),
        "{e}"
    );
}

#[test]
fn signatures() {
    // The first field's signature blob gets an undefined element type.
    let e = corrupt(|b, img| {
        let index = img.tables.cell(id::FIELD, 1, 2) as usize;
        let blob = stream(img, "#Blob").range.start + index;
        // Length prefix, FIELD (0x06), then the type.
        b[blob + 2] = 0x17;
    });
    assert!(
        e.to_string()
            .starts_with("table Field, row 1, column Signature: signature at blob offset"),
        "{e}"
    );
    assert!(e.to_string().contains("element type 0x17"), "{e}");
}

#[test]
fn no_input_panics() {
    let (bytes, image) = original();
    // Every truncation.
    for len in (0..bytes.len()).step_by(7) {
        let _ = check(&bytes[..len]);
    }
    // Many mutants, and random bytes in every region the mutator knows about.
    let mutator = Mutator::new(&bytes).unwrap();
    for seed in 0..3000 {
        let _ = check(&mutate::apply(&bytes, &mutator.edits(&bytes, seed)));
    }
    let mut rng = Rng::new(1);
    for _ in 0..300 {
        let mut b = bytes.clone();
        let r = image.tables.ranges[usize::from(id::TYPE_DEF)].clone();
        for at in r {
            if rng.below(4) == 0 {
                b[at] = rng.next_u64() as u8;
            }
        }
        let _ = check(&b);
    }
    assert!(check(&[]).is_err());
    assert!(check(b"MZ").is_err());
}
