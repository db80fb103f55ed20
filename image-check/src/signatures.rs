//! Signature blobs (ECMA-335 II.23.2): field, method, property, type-spec and method-spec
//! signatures are parsed in full, so every element type is known, every count is backed by
//! bytes, and every TypeDefOrRef token is in range.

use crate::bytes::compressed_u32;
use crate::schema::{id, TABLE_COUNT};

/// Nesting deeper than this is rejected (real signatures nest a handful of levels; a reader
/// that recurses per level must not overflow its stack).
const MAX_DEPTH: u32 = 64;

/// Which signature grammar applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SigKind {
    /// II.23.2.4 FieldSig.
    Field,
    /// II.23.2.1 MethodDefSig.
    MethodDef,
    /// II.23.2.2 MethodRefSig, or a FieldSig (II.22.25: MemberRef signatures are either).
    MemberRef,
    /// II.23.2.5 PropertySig.
    Property,
    /// II.23.2.14 TypeSpec.
    TypeSpec,
    /// II.23.2.15 MethodSpec.
    MethodSpec,
}

fn element_name(element: u8) -> &'static str {
    if element == VALUETYPE {
        "VALUETYPE"
    } else {
        "CLASS"
    }
}

/// Facts a valid method signature yields, for checks elsewhere.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SigInfo {
    /// Number of parameters (methods and properties).
    pub params: u32,
}

/// What signatures are checked against: the row counts, and which TypeDef rows are value
/// types.
#[derive(Debug, Clone, Copy)]
pub struct SigContext<'a> {
    /// Row count per table.
    pub rows: &'a [u32; TABLE_COUNT],
    /// `value_types[r]` is true when TypeDef row `r` (1-based; index 0 unused) is a value type.
    pub value_types: &'a [bool],
}

struct Cursor<'a> {
    b: &'a [u8],
    pos: usize,
    rows: &'a [u32; TABLE_COUNT],
    value_types: &'a [bool],
}

type R<T> = std::result::Result<T, String>;

// Element types, II.23.1.16.
const VOID: u8 = 0x01;
const PTR: u8 = 0x0F;
const BYREF: u8 = 0x10;
const VALUETYPE: u8 = 0x11;
const CLASS: u8 = 0x12;
const VAR: u8 = 0x13;
const ARRAY: u8 = 0x14;
const GENERICINST: u8 = 0x15;
const TYPEDBYREF: u8 = 0x16;
const FNPTR: u8 = 0x1B;
const SZARRAY: u8 = 0x1D;
const MVAR: u8 = 0x1E;
const CMOD_REQD: u8 = 0x1F;
const CMOD_OPT: u8 = 0x20;
const SENTINEL: u8 = 0x41;

impl<'a> Cursor<'a> {
    fn peek(&self) -> R<u8> {
        self.b
            .get(self.pos)
            .copied()
            .ok_or_else(|| format!("ends early at byte {}", self.pos))
    }

    fn byte(&mut self) -> R<u8> {
        let v = self.peek()?;
        self.pos += 1;
        Ok(v)
    }

    fn compressed(&mut self) -> R<u32> {
        let rest = self.b.get(self.pos..).unwrap_or_default();
        let (v, used) = compressed_u32(rest).ok_or_else(|| format!("bad compressed integer at byte {}", self.pos))?;
        self.pos += used;
        Ok(v)
    }

    fn remaining(&self) -> usize {
        self.b.len().saturating_sub(self.pos)
    }

    /// A count of items that each take at least one byte: bounded by the bytes left, so a
    /// corrupt count cannot make a reader allocate for millions of items.
    fn count(&mut self, what: &str) -> R<u32> {
        let at = self.pos;
        let n = self.compressed()?;
        if n as usize > self.remaining() {
            return Err(format!(
                "{what} {n} at byte {at} exceeds the {} bytes left",
                self.remaining()
            ));
        }
        Ok(n)
    }

    /// II.23.2.8 TypeDefOrRefOrSpecEncoded: a compressed (row << 2 | tag) for TypeDef (0),
    /// TypeRef (1), TypeSpec (2).
    fn type_def_or_ref(&mut self) -> R<()> {
        self.type_token().map(|_| ())
    }

    /// A TypeDefOrRefOrSpecEncoded token; returns its table and row.
    fn type_token(&mut self) -> R<(u8, u32)> {
        let at = self.pos;
        let v = self.compressed()?;
        let (table, name) = match v & 3 {
            0 => (id::TYPE_DEF, "TypeDef"),
            1 => (id::TYPE_REF, "TypeRef"),
            2 => (id::TYPE_SPEC, "TypeSpec"),
            _ => return Err(format!("type token at byte {at} has tag 3")),
        };
        let row = v >> 2;
        let n = self.rows[usize::from(table)];
        if row == 0 || row > n {
            return Err(format!("type token at byte {at}: {name} row {row} of {n}"));
        }
        Ok((table, row))
    }

    /// CLASS or VALUETYPE followed by a type token. A TypeDef of this image must be of the
    /// kind the element type says.
    fn class_or_value_type(&mut self, element: u8) -> R<()> {
        let at = self.pos;
        // why: II.23.2.12 — `CLASS TypeDefOrRefOrSpecEncoded` names a reference type and
        // `VALUETYPE TypeDefOrRefOrSpecEncoded` a value type. A reader that loads the type and
        // finds the other kind rejects the whole signature (Mono then has no signature for the
        // method at all). Only TypeDefs can be checked here; TypeRefs live in other assemblies.
        let (table, row) = self.type_token()?;
        // why: II.23.2.12 — CLASS, VALUETYPE and GENERICINST name a type definition or
        // reference; a TypeSpec there is a signature inside a signature, and one that (directly
        // or not) names itself sends a reader that expands it into endless recursion (Mono
        // overflows its stack). Compilers never emit it.
        if table == id::TYPE_SPEC {
            return Err(format!("{} at byte {at} names a TypeSpec", element_name(element)));
        }
        if table == id::TYPE_DEF {
            let is_value = self.value_types.get(row as usize).copied().unwrap_or(false);
            if is_value != (element == VALUETYPE) {
                let (said, is) = if is_value {
                    ("CLASS", "a value type")
                } else {
                    ("VALUETYPE", "a reference type")
                };
                return Err(format!("{said} at byte {at} names TypeDef row {row}, which is {is}"));
            }
        }
        Ok(())
    }

    /// II.23.2.7 CustomMod*.
    fn custom_mods(&mut self) -> R<()> {
        while matches!(self.b.get(self.pos), Some(&CMOD_OPT | &CMOD_REQD)) {
            self.pos += 1;
            self.type_def_or_ref()?;
        }
        Ok(())
    }

    /// II.23.2.12 Type.
    fn ty(&mut self, depth: u32) -> R<()> {
        if depth > MAX_DEPTH {
            return Err(format!("types nest deeper than {MAX_DEPTH}"));
        }
        let at = self.pos;
        match self.byte()? {
            // BOOLEAN CHAR I1 U1 I2 U2 I4 U4 I8 U8 R4 R8 STRING, I, U, OBJECT.
            0x02..=0x0E | 0x18 | 0x19 | 0x1C => Ok(()),
            PTR => {
                self.custom_mods()?;
                if self.peek()? == VOID {
                    self.pos += 1;
                    Ok(())
                } else {
                    self.ty(depth + 1)
                }
            }
            k @ (VALUETYPE | CLASS) => self.class_or_value_type(k),
            VAR | MVAR => {
                // Mono keeps a generic parameter number in 16 bits (II.22.20 Number is 2 bytes).
                let n = self.compressed()?;
                if n > 0xFFFF {
                    return Err(format!("generic parameter number {n} at byte {at}"));
                }
                Ok(())
            }
            ARRAY => {
                // II.23.2.13 ArrayShape: Rank NumSizes Size* NumLoBounds LoBound*.
                self.ty(depth + 1)?;
                let rank = self.compressed()?;
                // why: the CLI limits arrays to 32 dimensions (Mono stores the rank in a byte).
                if rank == 0 || rank > 32 {
                    return Err(format!("array rank {rank} at byte {at} (must be 1..=32)"));
                }
                let sizes = self.compressed()?;
                if sizes > rank {
                    return Err(format!("array with rank {rank} has {sizes} sizes"));
                }
                for _ in 0..sizes {
                    self.compressed()?;
                }
                let bounds = self.compressed()?;
                if bounds > rank {
                    return Err(format!("array with rank {rank} has {bounds} lower bounds"));
                }
                for _ in 0..bounds {
                    // Signed compressed integers use the same length forms (II.23.2).
                    self.compressed()?;
                }
                Ok(())
            }
            GENERICINST => {
                // II.23.2.12: GENERICINST (CLASS | VALUETYPE) TypeDefOrRefEncoded GenArgCount Type*.
                let k = self.byte()?;
                if k != CLASS && k != VALUETYPE {
                    return Err(format!(
                        "GENERICINST at byte {at} is followed by {k:#04x}, not CLASS/VALUETYPE"
                    ));
                }
                self.class_or_value_type(k)?;
                let n = self.count("generic argument count")?;
                if n == 0 {
                    return Err(format!("GENERICINST at byte {at} has no arguments"));
                }
                for _ in 0..n {
                    self.ty(depth + 1)?;
                }
                Ok(())
            }
            FNPTR => self.method(SigKind::MemberRef, true, depth + 1).map(|_| ()),
            SZARRAY => {
                self.custom_mods()?;
                self.ty(depth + 1)
            }
            other => Err(format!("element type {other:#04x} at byte {at} is not valid here")),
        }
    }

    /// II.23.2.10 Param / II.23.2.11 RetType: CustomMod* (TYPEDBYREF | BYREF? Type), or VOID
    /// for a return type.
    fn param(&mut self, ret: bool, depth: u32) -> R<()> {
        self.custom_mods()?;
        match self.peek()? {
            TYPEDBYREF => {
                self.pos += 1;
                Ok(())
            }
            VOID if ret => {
                self.pos += 1;
                Ok(())
            }
            BYREF => {
                self.pos += 1;
                self.custom_mods()?;
                self.ty(depth + 1)
            }
            _ => self.ty(depth + 1),
        }
    }

    /// II.23.2.1 – II.23.2.3: method signatures. `standalone` allows every calling convention
    /// (II.23.2.3, function pointers).
    fn method(&mut self, kind: SigKind, standalone: bool, depth: u32) -> R<SigInfo> {
        if depth > MAX_DEPTH {
            return Err(format!("types nest deeper than {MAX_DEPTH}"));
        }
        let cc = self.byte()?;
        // why: II.23.2.1 — the first byte is HASTHIS (0x20), EXPLICITTHIS (0x40), GENERIC
        // (0x10) ORed with a calling convention; EXPLICITTHIS only together with HASTHIS.
        if cc & 0x80 != 0 || (cc & 0x40 != 0 && cc & 0x20 == 0) {
            return Err(format!("bad calling convention byte {cc:#04x}"));
        }
        let conv = cc & 0x0F;
        // why: II.23.2.1/2 — DEFAULT (0) or VARARG (5) for methods; II.23.2.3 adds C, STDCALL,
        // THISCALL, FASTCALL (1..=4) for stand-alone signatures.
        let ok_conv = if standalone { conv <= 5 } else { conv == 0 || conv == 5 };
        if !ok_conv {
            return Err(format!("calling convention {conv:#x} is not allowed here"));
        }
        if cc & 0x10 != 0 {
            if standalone {
                return Err("a stand-alone signature cannot be generic".into());
            }
            let n = self.compressed()?;
            if n == 0 || n > 0xFFFF {
                return Err(format!("generic parameter count {n}"));
            }
        }
        let params = self.count("parameter count")?;
        self.param(true, depth)?;
        let mut sentinel = false;
        for _ in 0..params {
            // why: II.23.2.2 — in a vararg call site signature a SENTINEL separates the fixed
            // parameters from the extra ones; it appears at most once and only there.
            if self.peek()? == SENTINEL {
                if sentinel || conv != 5 || kind != SigKind::MemberRef {
                    return Err(format!("unexpected SENTINEL at byte {}", self.pos));
                }
                sentinel = true;
                self.pos += 1;
            }
            self.param(false, depth)?;
        }
        Ok(SigInfo { params })
    }
}

/// Parses `blob` as a signature of `kind`. `rows` are the image's row counts, for the type
/// tokens inside.
pub fn check(blob: &[u8], kind: SigKind, ctx: SigContext<'_>) -> std::result::Result<SigInfo, String> {
    let mut c = Cursor {
        b: blob,
        pos: 0,
        rows: ctx.rows,
        value_types: ctx.value_types,
    };
    match kind {
        SigKind::Field => field(&mut c),
        SigKind::MethodDef => c.method(kind, false, 0),
        SigKind::MemberRef => {
            // why: II.22.25 — a MemberRef's signature is a MethodRefSig or a FieldSig (0x06).
            if c.peek()? == 0x06 {
                field(&mut c)
            } else {
                c.method(kind, false, 0)
            }
        }
        SigKind::Property => {
            // why: II.23.2.5 — PROPERTY (0x08), optionally with HASTHIS (0x20), ParamCount,
            // CustomMod*, Type, Param*.
            let b = c.byte()?;
            if b & !0x20 != 0x08 {
                return Err(format!("property signature starts with {b:#04x}, not 0x08/0x28"));
            }
            let params = c.count("parameter count")?;
            c.param(false, 0)?;
            for _ in 0..params {
                c.param(false, 0)?;
            }
            Ok(SigInfo { params })
        }
        SigKind::TypeSpec => {
            c.custom_mods()?;
            c.ty(0).map(|()| SigInfo::default())
        }
        SigKind::MethodSpec => {
            // why: II.23.2.15 — GENRICINST (0x0A) GenArgCount Type+.
            let b = c.byte()?;
            if b != 0x0A {
                return Err(format!("method instantiation starts with {b:#04x}, not 0x0a"));
            }
            let n = c.count("generic argument count")?;
            if n == 0 {
                return Err("method instantiation has no arguments".into());
            }
            for _ in 0..n {
                c.ty(0)?;
            }
            Ok(SigInfo::default())
        }
    }
}

fn field(c: &mut Cursor<'_>) -> R<SigInfo> {
    // why: II.23.2.4 — FIELD (0x06) CustomMod* Type. (BYREF is accepted for ref fields of ref
    // structs, which newer compilers emit.)
    let b = c.byte()?;
    if b != 0x06 {
        return Err(format!("field signature starts with {b:#04x}, not 0x06"));
    }
    c.param(false, 0).map(|()| SigInfo::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> [u32; TABLE_COUNT] {
        let mut r = [0; TABLE_COUNT];
        r[usize::from(id::TYPE_DEF)] = 3;
        r[usize::from(id::TYPE_REF)] = 2;
        r
    }

    /// TypeDef 2 is a value type; 1 and 3 are classes.
    const VALUE_TYPES: [bool; 4] = [false, false, true, false];

    fn check(blob: &[u8], kind: SigKind, rows: &[u32; TABLE_COUNT]) -> Result<SigInfo, String> {
        super::check(
            blob,
            kind,
            SigContext {
                rows,
                value_types: &VALUE_TYPES,
            },
        )
    }

    #[test]
    fn valid_signatures() {
        let r = rows();
        // instance void (int32, string)
        assert_eq!(
            check(&[0x20, 2, 0x01, 0x08, 0x0E], SigKind::MethodDef, &r),
            Ok(SigInfo { params: 2 })
        );
        // field: class TypeRef row 2
        assert!(check(&[0x06, 0x12, (2 << 2) | 1], SigKind::Field, &r).is_ok());
        // generic method <1> T0 (ref int32[])
        assert!(check(&[0x10, 1, 1, 0x1E, 0, 0x10, 0x1D, 0x08], SigKind::MethodDef, &r).is_ok());
        // GENERICINST class TypeDef 1 <int32>
        assert!(check(&[0x15, 0x12, 1 << 2, 1, 0x08], SigKind::TypeSpec, &r).is_ok());
    }

    #[test]
    fn corrupt_signatures() {
        let r = rows();
        // Parameter count larger than the blob.
        assert!(check(&[0x00, 0x7F, 0x01], SigKind::MethodDef, &r)
            .unwrap_err()
            .contains("parameter count"));
        // TypeRef row 3 of 2.
        assert!(check(&[0x06, 0x12, (3 << 2) | 1], SigKind::Field, &r)
            .unwrap_err()
            .contains("TypeRef row 3"));
        // Tag 3.
        assert!(check(&[0x06, 0x11, 3], SigKind::Field, &r).is_err());
        // Unknown element type.
        assert!(check(&[0x06, 0x17], SigKind::Field, &r).is_err());
        // Truncated.
        assert!(check(&[0x20, 1, 0x01], SigKind::MethodDef, &r).is_err());
        // VOID as a parameter.
        assert!(check(&[0x00, 1, 0x01, 0x01], SigKind::MethodDef, &r).is_err());
        // Deep nesting.
        let mut deep = vec![0x06];
        deep.extend(std::iter::repeat_n(0x1D, 200));
        deep.push(0x08);
        assert!(check(&deep, SigKind::Field, &r).unwrap_err().contains("deeper"));
        // Empty blob.
        assert!(check(&[], SigKind::MethodDef, &r).is_err());
        // CLASS naming the value type TypeDef 2, VALUETYPE naming the class TypeDef 1.
        assert!(check(&[0x06, 0x12, 2 << 2], SigKind::Field, &r)
            .unwrap_err()
            .contains("value type"));
        assert!(check(&[0x06, 0x11, 1 << 2], SigKind::Field, &r)
            .unwrap_err()
            .contains("reference type"));
        assert!(check(&[0x06, 0x11, 2 << 2], SigKind::Field, &r).is_ok());
        assert!(check(&[0x15, 0x11, 1 << 2, 1, 0x08], SigKind::TypeSpec, &r).is_err());
        // VALUETYPE naming a TypeSpec (possibly itself).
        let mut r2 = r;
        r2[usize::from(id::TYPE_SPEC)] = 4;
        assert!(check(&[0x11, (4 << 2) | 2], SigKind::TypeSpec, &r2)
            .unwrap_err()
            .contains("names a TypeSpec"));
    }
}
