//! `System.Span<T>` and `System.ReadOnlySpan<T>` parameters: `&mut [T]` and `&[T]` when `T` is
//! a primitive, an enum or a full struct (`T` as stored in memory: `Boolean` for `bool`), or a
//! type parameter of the generic method (`Mi: cilbind::TypeArg + cilbind::Blittable`).
//!
//! A span cannot be boxed, so Mono's thunks cannot take one: the method is called through a
//! trampoline that makes the span from the slice's pointer and length (bit `i` of the
//! `MethodRef`'s span mask, see [`span_mask`]). A span cannot outlive the call in C#, so
//! lending the slice for the call is sound. Span returns, `ref`/`out` spans and spans of other
//! element types stay skips ([`SkipKind::Span`]).

use super::classify::{Classifier, Crossing};
use super::items::Param;
use super::rust_ty::Pass;
use super::skip::{SkipKind, Unsupported};
use crate::model::{GenericParam, PassMode, Ty};

/// Mscorlib's span types, with whether each is writable.
pub(super) fn span_kind(path: &crate::model::TypePath) -> Option<bool> {
    if path.assembly != "mscorlib" {
        return None;
    }
    match path.metadata_name.as_str() {
        "System.Span`1" => Some(true),
        "System.ReadOnlySpan`1" => Some(false),
        _ => None,
    }
}

impl Classifier<'_> {
    /// The crossing of `ty`, the closed `Span<args[0]>` (`mutable`) or `ReadOnlySpan<args[0]>`.
    pub(super) fn span(&mut self, ty: &Ty, args: &[Ty], mutable: bool) -> Result<Crossing, Unsupported> {
        let [element] = args else {
            return Err(Unsupported::new(
                SkipKind::Span,
                format!("{ty} does not have one type argument"),
            ));
        };
        // A method type parameter: the method is instantiated per Rust type argument, bound
        // `Mi: cilbind::Blittable`, so the managed element is a value type whose layout the
        // Rust type mirrors (and the runtime checks the instantiated span's element size).
        // A type parameter of the declaring type would need that bound on the whole `impl`.
        if let Ty::GenericParam(GenericParam::Method(_)) = element {
            return Ok(Crossing::Span {
                element: element.clone(),
                mutable,
            });
        }
        if let Ty::GenericParam(GenericParam::Type(i)) = element {
            return Err(Unsupported::new(
                SkipKind::OpenGeneric,
                format!("{ty}: span of type parameter !{i} of the declaring type (only a method's type parameter is bound as a slice)"),
            ));
        }
        match self.crossing(element, PassMode::Value) {
            Ok(Crossing::Primitive(_) | Crossing::Enum { .. } | Crossing::FullStruct(_)) => Ok(Crossing::Span {
                element: element.clone(),
                mutable,
            }),
            Ok(_) => Err(Unsupported::new(
                SkipKind::Span,
                format!("{ty}: span of a type that is not a primitive, enum or full struct"),
            )),
            Err(u) => Err(Unsupported::new(SkipKind::Span, format!("{ty}: {}", u.detail))),
        }
    }
}

/// The span mask of a method: bit `i` for each parameter `i` that is a span (the
/// `MethodRef::spans` argument; parameters past 60 never get here, see `member`).
pub(crate) fn span_mask(params: &[Param]) -> u64 {
    params
        .iter()
        .enumerate()
        .filter(|(i, p)| *i < 60 && matches!(p.pass, Pass::Span { .. }))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}
