//! Full structs: `Copy` Rust structs with exactly the managed layout, so a pointer to one
//! can be handed to .NET as a pointer to the unboxed value.
//!
//! The managed offsets come from classification ([`StructLayout`]); this file only decides
//! how to make Rust produce them, trying in order:
//! 1. `#[repr(C)]` (plus `align(N)` if the managed alignment is larger), with `[u8; N]`
//!    padding fields wherever the managed offset is past the natural one;
//! 2. `#[repr(C, packed(N))]` with N the managed alignment (`Pack` smaller than a field);
//! 3. `#[repr(C, packed)]`, which can place anything anywhere.
//!
//! Explicit layouts with overlapping fields become a `#[repr(C)] union` whose members sit at
//! offset 0, or behind a packed helper struct `Name_field { pub _offset: [u8; N], pub value: T }`.
//!
//! Every struct gets `pub const MANAGED_SIZE` and a compile-time assertion that Rust agrees.

use super::{doc, rust_primitive, EmitCx};
use crate::classify::{StructLayout, TypeClass};
use crate::model::{Ty, TypeModel};

/// How the Rust struct is declared.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Repr {
    C,
    CAlign(u32),
    CPacked(u32),
    Union,
    UnionPacked,
}

/// Rust size and alignment of a field type as emitted (a packed struct has alignment 1).
fn rust_size_align(cx: &EmitCx, ty: &Ty) -> Option<(u32, u32)> {
    match ty {
        Ty::Primitive(p) => Some((p.size(), p.size())),
        Ty::Pointer(_) | Ty::FunctionPointer => Some((8, 8)),
        Ty::Named { path, args } if args.is_empty() => match cx.model.class_of(path)? {
            TypeClass::Enum { underlying } | TypeClass::FlagsEnum { underlying } => {
                Some((underlying.size(), underlying.size()))
            }
            TypeClass::FullStruct(l) => Some((l.size, plan(cx, l).ok()?.0.rust_align())),
            _ => None,
        },
        _ => None,
    }
}

impl Repr {
    fn rust_align_of(self, natural: u32) -> u32 {
        match self {
            Repr::C | Repr::Union => natural,
            Repr::CAlign(n) => n.max(natural),
            Repr::CPacked(n) => natural.min(n),
            Repr::UnionPacked => 1,
        }
    }
}

/// A chosen declaration: the repr, the natural alignment of its members, and for
/// structs the sequence of (field index or padding) in offset order.
struct Plan {
    repr: Repr,
    natural_align: u32,
    items: Vec<Item>,
}

enum Item {
    Field(usize),
    Pad { at: u32, len: u32 },
}

impl Plan {
    fn rust_align(&self) -> u32 {
        self.repr.rust_align_of(self.natural_align)
    }
}

/// Chooses how to declare `layout` in Rust (see the module docs), or says which field can't be.
fn plan(cx: &EmitCx, layout: &StructLayout) -> Result<(Plan, Vec<(u32, u32)>), String> {
    let mut sa = Vec::new();
    for f in &layout.fields {
        sa.push(rust_size_align(cx, &f.ty).ok_or_else(|| format!("field `{}` has type {}", f.name, f.ty))?);
    }
    let mut order: Vec<usize> = (0..layout.fields.len()).collect();
    order.sort_by_key(|&i| (layout.fields[i].offset, i));
    let overlaps = order.windows(2).any(|w| {
        let (a, b) = (&layout.fields[w[0]], &layout.fields[w[1]]);
        a.offset + a.size > b.offset
    });
    if overlaps {
        let natural = sa.iter().map(|s| s.1).max().unwrap_or(1);
        let repr = if layout.size % natural == 0 {
            Repr::Union
        } else {
            Repr::UnionPacked
        };
        return Ok((
            Plan {
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
                    Plan {
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
                Plan {
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
            Plan {
                repr: Repr::CPacked(1),
                natural_align: 1,
                items,
            },
            sa,
        )),
        None => Err("fields overlap or exceed the size".to_string()),
    }
}

fn rust_field_type(cx: &EmitCx, module: &[String], ty: &Ty) -> String {
    match ty {
        Ty::Primitive(p) => rust_primitive(*p).to_string(),
        Ty::Pointer(_) | Ty::FunctionPointer => "*mut ::core::ffi::c_void".to_string(),
        Ty::Named { path, .. } => cx.path_from(module, path).unwrap_or_else(|| "()".to_string()),
        _ => "()".to_string(),
    }
}

fn field_doc(t: &TypeModel, f: &crate::classify::FieldSlot) -> String {
    let note = match f.ty {
        Ty::Primitive(crate::model::Primitive::Bool) => " Stored as `u8`: 0 is false, anything else true.",
        Ty::Primitive(crate::model::Primitive::Char) => " A UTF-16 code unit.",
        _ => "",
    };
    doc(&format!(
        "`{}.{}` ({}) at offset {}.{note}",
        t.path.metadata_name, f.name, f.ty, f.offset
    ))
}

/// The declaration, or why the layout has no Rust equivalent.
pub(super) fn emit(cx: &EmitCx, t: &TypeModel, layout: &StructLayout) -> Result<String, String> {
    let (module, name) = &cx.names[&t.path];
    let mut out = doc(&format!(
        "Binds the .NET struct `{}` (assembly `{}`): {} bytes, mirrored field for field.",
        t.path.metadata_name, t.path.assembly, layout.size
    ));
    let (plan, _) = plan(cx, layout)?;
    let mut field_names = std::collections::BTreeSet::new();
    let rust_names: Vec<String> = layout
        .fields
        .iter()
        .map(|f| super::names::unique(super::names::snake_case(&f.name), &mut field_names))
        .collect();
    let repr = match plan.repr {
        Repr::C | Repr::Union => "C".to_string(),
        Repr::CAlign(n) => format!("C, align({n})"),
        Repr::CPacked(1) | Repr::UnionPacked => "C, packed".to_string(),
        Repr::CPacked(n) => format!("C, packed({n})"),
    };
    let mut helpers = String::new();
    // Unions can't derive comparisons or Debug (which field is live is not known), nor can
    // structs that contain one.
    let derives = if comparable(cx, layout) {
        "Clone, Copy, Debug, PartialEq"
    } else {
        "Clone, Copy"
    };
    out.push_str(&format!("#[repr({repr})]\n#[derive({derives})]\n"));
    if matches!(plan.repr, Repr::Union | Repr::UnionPacked) {
        out.push_str(&format!("pub union {name} {{\n"));
        for (f, rname) in layout.fields.iter().zip(&rust_names) {
            out.push_str(&field_doc(t, f));
            let ty = rust_field_type(cx, module, &f.ty);
            if f.offset == 0 {
                out.push_str(&format!("pub {rname}: {ty},\n"));
            } else {
                let helper = format!("{name}_{}", rname.trim_start_matches("r#"));
                out.push_str(&format!("pub {rname}: {helper},\n"));
                helpers.push_str(&doc(&format!(
                    "Places `{}.{}` at offset {} inside the union `{name}`.",
                    t.path.metadata_name, f.name, f.offset
                )));
                helpers.push_str(&format!(
                    "#[repr(C, packed)]\n#[derive(Clone, Copy)]\npub struct {helper} {{\n\
                     /// Bytes before the field.\npub _offset: [u8; {}],\n/// The field.\npub value: {ty},\n}}\n",
                    f.offset
                ));
            }
        }
        out.push_str(&format!(
            "/// The whole value as bytes.\npub _bytes: [u8; {}],\n}}\n",
            layout.size
        ));
    } else {
        out.push_str(&format!("pub struct {name} {{\n"));
        for item in &plan.items {
            match item {
                Item::Field(i) => {
                    let f = &layout.fields[*i];
                    out.push_str(&field_doc(t, f));
                    out.push_str(&format!(
                        "pub {}: {},\n",
                        rust_names[*i],
                        rust_field_type(cx, module, &f.ty)
                    ));
                }
                Item::Pad { at, len } => {
                    out.push_str(&format!("/// Padding.\npub _pad_{at}: [u8; {len}],\n"));
                }
            }
        }
        out.push_str("}\n");
    }
    out.push_str(&helpers);
    // Offsets Mono must agree with, checked when the bindings load.
    let union = matches!(plan.repr, Repr::Union | Repr::UnionPacked);
    let checks: Vec<String> = layout
        .fields
        .iter()
        .zip(&rust_names)
        .map(|(f, rname)| {
            let offset = if union && f.offset != 0 {
                let helper = format!("{name}_{}", rname.trim_start_matches("r#"));
                format!("::core::mem::offset_of!(Self, {rname}) + ::core::mem::offset_of!({helper}, value)")
            } else {
                format!("::core::mem::offset_of!(Self, {rname})")
            };
            format!("({:?}, {offset})", f.name)
        })
        .collect();
    out.push_str(&format!(
        "impl {name} {{\n/// Size of the unboxed .NET value in bytes.\npub const MANAGED_SIZE: usize = {size};\n\
         /// Checks this declaration against Mono's layout of the type (size and every field offset).\n\
         pub fn check_layout() -> ::cilbind::Result<()> {{\n\
            ::cilbind::generated::check_layout(&{type_ref}, ::core::mem::size_of::<Self>(), &[{checks}])\n\
         }}\n}}\n\
         const _: () = assert!(::core::mem::size_of::<{name}>() == {name}::MANAGED_SIZE);\n",
        size = layout.size,
        type_ref = super::types::type_ref_static(name),
        checks = checks.join(", "),
    ));
    Ok(out)
}

/// True when the declaration is a struct (not a union) whose fields are all comparable, so
/// it can derive `Debug` and `PartialEq`.
fn comparable(cx: &EmitCx, layout: &StructLayout) -> bool {
    let Ok((plan, _)) = plan(cx, layout) else { return false };
    !matches!(plan.repr, Repr::Union | Repr::UnionPacked)
        && layout.fields.iter().all(|f| match &f.ty {
            Ty::Named { path, .. } => match cx.model.class_of(path) {
                Some(TypeClass::FullStruct(l)) => comparable(cx, l),
                _ => true,
            },
            _ => true,
        })
}

/// The Rust types of `layout`'s fields, for the plain-data check of `blittable!`.
pub(super) fn field_types(cx: &EmitCx, module: &[String], layout: &StructLayout) -> Vec<String> {
    layout
        .fields
        .iter()
        .map(|f| rust_field_type(cx, module, &f.ty))
        .collect()
}
