//! Building blocks for `quote!`: identifiers, literals, doc attributes, and the plan's type
//! spellings as tokens.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::quote;

/// An identifier the plan named (`r#type` becomes a raw identifier). The plan's names follow
/// the identifier rules (`plan/names.rs`), so this never fails for them.
pub(super) fn ident(name: &str) -> Ident {
    match name.strip_prefix("r#") {
        Some(raw) => Ident::new_raw(raw, Span::call_site()),
        None => Ident::new(name, Span::call_site()),
    }
}

/// A type or path the plan spelled (`super::game::Vector3`, `::cilbind::Array<i32>`).
pub(super) fn ty(spelling: &str) -> TokenStream {
    spelling.parse().unwrap_or_else(|_| {
        // The plan spells types from identifiers, `::`, `<`, `>` and `,` only: unreachable,
        // and if it were reached, rustc would name the spelling.
        let msg = format!("cilbind: no tokens for the type `{spelling}`");
        quote!(::core::compile_error!(#msg))
    })
}

/// The tokens of an expression, pattern or statement the plan spelled (a forwarding default's
/// arguments and `out` writes, `plan::forward`).
pub(super) fn code(spelling: &str) -> TokenStream {
    spelling.parse().unwrap_or_else(|_| {
        let msg = format!("cilbind: no tokens for the code `{spelling}`");
        quote!(::core::compile_error!(#msg))
    })
}

/// A string literal, escaped as Rust's `{:?}` escapes it.
pub(super) fn lit_str(s: &str) -> Literal {
    format!("{s:?}").parse().unwrap_or_else(|_| Literal::string(s))
}

/// An unsuffixed integer literal (`42`); negative values as `-42`.
pub(super) fn int(value: impl Into<i128>) -> TokenStream {
    let value: i128 = value.into();
    let lit = Literal::u128_unsuffixed(value.unsigned_abs());
    if value < 0 {
        quote!(-#lit)
    } else {
        quote!(#lit)
    }
}

/// `#[doc = " line"]` for each of the plan's doc lines (an empty line stays empty).
pub(super) fn doc_lines(lines: &[String]) -> TokenStream {
    lines
        .iter()
        .map(|l| {
            let line = if l.is_empty() { String::new() } else { format!(" {l}") };
            quote!(#[doc = #line])
        })
        .collect()
}

/// `#[doc = " line"]` for every line of `text`, as `/// line` comments would give.
pub(super) fn docs(text: &str) -> TokenStream {
    text.lines()
        .map(|l| {
            let line = format!(" {l}");
            quote!(#[doc = #line])
        })
        .collect()
}
