//! A type's members: an `impl` block (or, for interfaces, an extension trait over `Is<I>`)
//! with each bound member, and a `//` comment for each skipped one. Constants go in an
//! `impl` block of their own, first.

use super::format::Splices;
use super::{delegate, doc, field, method, skip_comment};
use crate::plan::{MemberItem, Members};

/// Renders `members` (see the module docs).
pub(super) fn render(out: &Splices, members: &Members) -> String {
    let mut items = String::new();
    let mut consts = String::new();
    for m in &members.items {
        match m {
            MemberItem::Method(m) => {
                items.push_str(&method::render(m, &members.type_ref));
                match &m.from_fn {
                    Some(Ok(callback)) => items.push_str(&delegate::from_fn(callback)),
                    Some(Err(why)) => {
                        items.push_str(&out.comment(&format!("no `from_fn` for `{}`: {why}", members.metadata_name)))
                    }
                    None => {}
                }
            }
            MemberItem::Field(f) => items.push_str(&field::render(f, &members.type_ref)),
            MemberItem::Const(c) => consts.push_str(&field::render_const(c)),
            MemberItem::Skip(skip) => items.push_str(&skip_comment(out, skip)),
        }
    }
    let name = &members.self_ty;
    let mut s = String::new();
    if !consts.is_empty() {
        s.push_str(&format!("impl {name} {{\n{consts}}}\n"));
    }
    match &members.trait_name {
        Some(trait_name) => {
            s.push_str(&doc(&format!(
                "The methods of the .NET interface `{}`, for every type that implements it.",
                members.metadata_name
            )));
            s.push_str(&format!(
                "pub trait {trait_name}: ::cilbind::Is<{name}> {{\n{items}}}\n\
                 impl<T: ::cilbind::Is<{name}>> {trait_name} for T {{}}\n"
            ));
        }
        None => s.push_str(&format!("impl {name} {{\n{items}}}\n")),
    }
    s
}
