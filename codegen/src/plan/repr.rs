//! How a full struct is declared in Rust so that it has exactly the managed layout (the
//! choice is a binding decision: a layout with no Rust equivalent makes the struct a skip).
//!
//! The managed offsets come from classification ([`StructLayout`]); this file decides how to
//! make Rust produce them, trying in order:
//! 1. `#[repr(C)]` (plus `align(N)` if the managed alignment is larger), with `[u8; N]`
//!    padding fields wherever the managed offset is past the natural one;
//! 2. `#[repr(C, packed(N))]` with N the managed alignment (`Pack` smaller than a field);
//! 3. `#[repr(C, packed)]`, which can place anything anywhere.
//!
//! Explicit layouts with overlapping fields become a `#[repr(C)] union` whose members sit at
//! offset 0, or behind a packed helper struct `Name_field { pub _offset: [u8; N], pub value: T }`
//! (alignment 1), plus `align(N)` when the managed alignment is larger than what is left
//! (Mono's `decimal`, whose `ulong` sits at offset 8): a struct that holds the union then
//! places it, and has the size, as Mono does.

use super::classify::TypeClass;
use super::layout::{FieldSlot, StructLayout};
use super::names;
use super::rust_ty::{rust_primitive, Resolver};
use crate::model::{Primitive, Ty, TypeModel, TypePath};
use std::collections::BTreeMap;

type Classes = BTreeMap<TypePath, TypeClass>;

/// How the Rust struct is declared.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum Repr {
    /// `#[repr(C)]`
    C,
    /// `#[repr(C, align(N))]`
    CAlign(u32),
    /// `#[repr(C, packed(N))]` (`packed` for 1)
    CPacked(u32),
    /// `#[repr(C)] union`
    Union,
    /// `#[repr(C, align(N))] union`: the managed alignment is larger than the members'
    /// (those behind a packed helper have alignment 1).
    UnionAlign(u32),
    /// `#[repr(C, packed)] union`
    UnionPacked,
}

/// Rust size and alignment of a field type as emitted (a packed struct has alignment 1).
fn rust_size_align(classes: &Classes, ty: &Ty) -> Option<(u32, u32)> {
    match ty {
        Ty::Primitive(p) => Some((p.size(), p.size())),
        Ty::Pointer(_) | Ty::FunctionPointer => Some((8, 8)),
        Ty::Named { path, args } if args.is_empty() => match classes.get(path)? {
            TypeClass::Enum { underlying } | TypeClass::FlagsEnum { underlying } => {
                Some((underlying.size(), underlying.size()))
            }
            TypeClass::FullStruct(l) => Some((l.size, choose(classes, l).ok()?.0.rust_align())),
            _ => None,
        },
        _ => None,
    }
}

impl Repr {
    /// Declared as a union.
    pub(crate) fn is_union(self) -> bool {
        matches!(self, Repr::Union | Repr::UnionAlign(_) | Repr::UnionPacked)
    }

    fn rust_align_of(self, natural: u32) -> u32 {
        match self {
            Repr::C | Repr::Union => natural,
            Repr::CAlign(n) | Repr::UnionAlign(n) => n.max(natural),
            Repr::CPacked(n) => natural.min(n),
            Repr::UnionPacked => 1,
        }
    }
}

/// A chosen declaration: the repr, the natural alignment of its members, and for
/// structs the sequence of (field index or padding) in offset order.
pub(super) struct Choice {
    repr: Repr,
    natural_align: u32,
    items: Vec<Item>,
}

#[derive(Clone, Debug)]
pub(crate) enum Item {
    /// `fields[i]` of the declaration.
    Field(usize),
    /// `pub _pad_{at}: [u8; len]`.
    Pad { at: u32, len: u32 },
}

impl Choice {
    fn rust_align(&self) -> u32 {
        self.repr.rust_align_of(self.natural_align)
    }
}

/// Chooses how to declare `layout` in Rust (see the module docs), or says which field can't be.
pub(super) fn choose(classes: &Classes, layout: &StructLayout) -> Result<(Choice, Vec<(u32, u32)>), String> {
    let mut sa = Vec::new();
    for f in &layout.fields {
        sa.push(rust_size_align(classes, &f.ty).ok_or_else(|| format!("field `{}` has type {}", f.name, f.ty))?);
    }
    let mut order: Vec<usize> = (0..layout.fields.len()).collect();
    order.sort_by_key(|&i| (layout.fields[i].offset, i));
    let overlaps = order.windows(2).any(|w| {
        let (a, b) = (&layout.fields[w[0]], &layout.fields[w[1]]);
        a.offset + a.size > b.offset
    });
    if overlaps {
        // Members at a non-zero offset sit behind a packed helper struct (alignment 1), as
        // does the `_bytes` array: only those at offset 0 give the union its alignment.
        let natural = (layout.fields.iter().zip(&sa))
            .filter(|(f, _)| f.offset == 0)
            .map(|(_, s)| s.1)
            .max()
            .unwrap_or(1);
        let managed = layout.align;
        let repr = if layout.size % natural != 0 {
            Repr::UnionPacked
        } else if natural < managed && layout.size % managed == 0 {
            Repr::UnionAlign(managed)
        } else {
            Repr::Union
        };
        return Ok((
            Choice {
                repr,
                natural_align: natural,
                items: Vec::new(),
            },
            sa,
        ));
    }
    // Try each repr; `cap` limits field alignment like `packed(N)`.
    let attempt = |cap: u32| -> Option<(Vec<Item>, u32)> {
        let (mut items, mut cur, mut natural) = (Vec::new(), 0u32, 1u32);
        for &i in &order {
            let (size, align) = sa[i];
            let a = align.min(cap);
            let off = layout.fields[i].offset;
            if off % a != 0 || off < cur {
                return None;
            }
            // Explicit padding only where natural placement would fall short of the offset.
            if off > cur && off != cur.div_ceil(a) * a {
                items.push(Item::Pad {
                    at: cur,
                    len: off - cur,
                });
            }
            items.push(Item::Field(i));
            cur = off + size;
            natural = natural.max(a);
        }
        if layout.size < cur {
            return None;
        }
        if layout.size > cur && layout.size != cur.div_ceil(natural) * natural {
            items.push(Item::Pad {
                at: cur,
                len: layout.size - cur,
            });
        }
        Some((items, natural))
    };
    let managed = layout.align;
    if let Some((items, natural)) = attempt(u32::MAX) {
        if layout.size % natural == 0 {
            let repr = if natural < managed && layout.size % managed == 0 {
                Repr::CAlign(managed)
            } else {
                Repr::C
            };
            if natural <= managed {
                return Ok((
                    Choice {
                        repr,
                        natural_align: natural,
                        items,
                    },
                    sa,
                ));
            }
        }
    }
    if let Some((items, natural)) = attempt(managed) {
        if layout.size % natural == 0 {
            return Ok((
                Choice {
                    repr: Repr::CPacked(managed),
                    natural_align: natural,
                    items,
                },
                sa,
            ));
        }
    }
    match attempt(1) {
        Some((items, _)) => Ok((
            Choice {
                repr: Repr::CPacked(1),
                natural_align: 1,
                items,
            },
            sa,
        )),
        None => Err("fields overlap or exceed the size".to_string()),
    }
}

/// A full struct's Rust declaration, decided: what the renderer prints.
#[derive(Clone, Debug)]
pub(crate) struct StructDecl {
    /// How it is declared.
    pub repr: Repr,
    /// A struct whose fields are all comparable derives `Debug` and `PartialEq` too.
    pub comparable: bool,
    /// Derives a field-wise `PartialEq`: comparable, and .NET defines no equality of its own
    /// (which `PartialEq` then goes through: `plan/std_traits.rs`).
    pub partial_eq: bool,
    /// No field is (or holds) a floating-point number: a .NET equality may be `Eq`.
    pub float_free: bool,
    /// Managed size in bytes.
    pub size: u32,
    /// Fields in declaration order.
    pub fields: Vec<DeclField>,
    /// Structs: fields and padding in offset order (empty for unions).
    pub items: Vec<Item>,
}

impl StructDecl {
    /// Declared as a union (overlapping fields).
    pub(crate) fn is_union(&self) -> bool {
        self.repr.is_union()
    }
}

/// One field of a [`StructDecl`].
#[derive(Clone, Debug)]
pub(crate) struct DeclField {
    /// Rust field name.
    pub name: String,
    /// Metadata name (what `check_layout` asks Mono about).
    pub metadata_name: String,
    /// Rust type.
    pub ty: String,
    /// Doc text.
    pub doc: String,
    /// The field as C# declares it (`float X`; a struct's instance field of any
    /// accessibility), for the name table.
    pub csharp: String,
    /// Managed offset.
    pub offset: u32,
    /// Size in bytes.
    pub size: u32,
    /// In a union, a field at a non-zero offset sits in this packed helper struct.
    pub helper: Option<String>,
}

impl DeclField {
    /// True for an alias in an explicit layout: a field whose every byte lies in other fields
    /// that lie wholly inside it (Mono's `Decimal.ulomidLE` over `lo` and `mid`). Its value is
    /// those fields' bytes, so checking them checks it, and a runtime that lacks the alias
    /// (CoreCLR's `Decimal` has no `ulomidLE`) still has the layout.
    pub(crate) fn is_alias(&self, all: &[DeclField]) -> bool {
        let (start, end) = (self.offset, self.offset + self.size);
        let inside: Vec<&DeclField> = all
            .iter()
            .filter(|f| f.name != self.name && f.offset >= start && f.offset + f.size <= end && f.size < self.size)
            .collect();
        !inside.is_empty() && (start..end).all(|b| inside.iter().any(|f| (f.offset..f.offset + f.size).contains(&b)))
    }
}

/// Decides the declaration of full struct `t` (named `name` in `module`), or says why it has none.
pub(super) fn declare(res: &Resolver, t: &TypeModel, layout: &StructLayout) -> Result<StructDecl, String> {
    let (module, name) = &res.names[&t.path];
    let (choice, _) = choose(res.classes, layout)?;
    let union = choice.repr.is_union();
    let mut taken = std::collections::BTreeSet::new();
    let fields = layout
        .fields
        .iter()
        .map(|f| {
            let rname = field_name(&f.name, &mut taken);
            let helper = (union && f.offset != 0).then(|| format!("{name}_{}", rname.trim_start_matches("r#")));
            DeclField {
                ty: rust_field_type(res, module, &f.ty),
                doc: field_doc(t, f),
                csharp: t
                    .fields
                    .iter()
                    .find(|m| m.name == f.name && !m.is_static)
                    .map_or_else(String::new, |m| super::csharp::field(t, m)),
                metadata_name: f.name.clone(),
                offset: f.offset,
                size: f.size,
                helper,
                name: rname,
            }
        })
        .collect();
    let comparable = comparable(res.classes, layout);
    Ok(StructDecl {
        comparable,
        partial_eq: comparable,
        float_free: float_free(res.classes, layout),
        repr: choice.repr,
        size: layout.size,
        fields,
        items: choice.items,
    })
}

/// The Rust type of a field of a full struct.
pub(super) fn rust_field_type(res: &Resolver, module: &[String], ty: &Ty) -> String {
    match ty {
        Ty::Primitive(p) => rust_primitive(*p).to_string(),
        Ty::Pointer(_) | Ty::FunctionPointer => "*mut ::core::ffi::c_void".to_string(),
        Ty::Named { path, .. } => res.path_from(module, path).unwrap_or_else(|| "()".to_string()),
        _ => "()".to_string(),
    }
}

fn field_doc(t: &TypeModel, f: &FieldSlot) -> String {
    let note = match f.ty {
        Ty::Primitive(Primitive::Bool) => " Stored as `u8`: 0 is false, anything else true.",
        Ty::Primitive(Primitive::Char) => " A UTF-16 code unit.",
        _ => "",
    };
    format!(
        "`{}.{}` ({}) at offset {}.{note}",
        t.path.metadata_name, f.name, f.ty, f.offset
    )
}

/// True when the declaration is a struct (not a union) whose fields are all comparable, so
/// it can derive `Debug` and `PartialEq`.
fn comparable(classes: &Classes, layout: &StructLayout) -> bool {
    let Ok((choice, _)) = choose(classes, layout) else {
        return false;
    };
    !choice.repr.is_union()
        && layout.fields.iter().all(|f| match &f.ty {
            Ty::Named { path, .. } => match classes.get(path) {
                Some(TypeClass::FullStruct(l)) => comparable(classes, l),
                _ => true,
            },
            _ => true,
        })
}

/// True when no field is, or holds, a `float` or `double` (so a .NET equality can be `Eq`:
/// NaN is the one value not equal to itself).
fn float_free(classes: &Classes, layout: &StructLayout) -> bool {
    layout.fields.iter().all(|f| match &f.ty {
        Ty::Primitive(p) => !matches!(p, Primitive::F32 | Primitive::F64),
        Ty::Named { path, .. } => match classes.get(path) {
            Some(TypeClass::FullStruct(l)) => float_free(classes, l),
            _ => true,
        },
        _ => true,
    })
}

/// One part of a full struct's Rust literal, in declaration order (`plan/translate.rs`).
#[derive(Clone, Debug)]
pub(crate) enum LiteralPart {
    /// Field `metadata` is Rust field `rust`.
    Field {
        /// Metadata name.
        metadata: String,
        /// Rust name.
        rust: String,
    },
    /// `_pad_{at}: [0; len]`.
    Pad {
        /// Offset.
        at: u32,
        /// Length.
        len: u32,
    },
}

/// How a literal of the full struct `layout` is written: its fields' Rust names (as
/// [`declare`] gives them) and its padding; `Err` for a union.
pub(super) fn literal_parts(classes: &Classes, layout: &StructLayout) -> Result<Vec<LiteralPart>, String> {
    let (choice, _) = choose(classes, layout)?;
    if choice.repr.is_union() {
        return Err("it is declared as a union".into());
    }
    let mut taken = std::collections::BTreeSet::new();
    let names: Vec<String> = layout.fields.iter().map(|f| field_name(&f.name, &mut taken)).collect();
    Ok(choice
        .items
        .iter()
        .map(|item| match item {
            Item::Field(i) => LiteralPart::Field {
                metadata: layout.fields[*i].name.clone(),
                rust: names[*i].clone(),
            },
            Item::Pad { at, len } => LiteralPart::Pad { at: *at, len: *len },
        })
        .collect())
}

/// A full struct's field in Rust: snake_case, or, when another field already has that name
/// (`x` beside `X`), its C# spelling, then trailing underscores.
fn field_name(name: &str, taken: &mut std::collections::BTreeSet<String>) -> String {
    let snake = names::snake_case(name);
    let name = if taken.contains(&snake) {
        names::verbatim(name)
    } else {
        snake
    };
    names::unique(name, taken)
}
