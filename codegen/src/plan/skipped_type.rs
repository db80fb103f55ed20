//! Selected types that get no declaration (the runtime binds them itself, generic value
//! types, full structs that cannot be mirrored, …): the type's skip, and one skip per member
//! so that no public member is silently missing from the output, `--explain` or the
//! coverage report. The reasons themselves ([`Skip`], [`SkipKind`](super::skip::SkipKind))
//! are `skip.rs`.

use super::classify::ClassifiedType;
use super::skip::Skip;
use crate::model::TypePath;

/// A selected type with no declaration.
#[derive(Clone, Debug)]
pub(crate) struct SkippedType {
    /// Module path of the comment.
    pub module: Vec<String>,
    /// Which type.
    pub path: TypePath,
    /// Why it has no declaration.
    pub skip: Skip,
    /// Each member of the type (when it is selected, not only a dependency), in the order of
    /// its classified members: a member whose own signature has no Rust form keeps that
    /// reason, any other gets the type's.
    pub members: Vec<Skip>,
}

/// The skips of `t`'s members, whose type is skipped as `skip`.
pub(super) fn member_skips(t: &ClassifiedType, skip: &Skip) -> Vec<Skip> {
    t.members
        .iter()
        .map(|m| match &m.binding {
            Err(u) => Skip {
                item: m.display_name.clone(),
                assembly: t.path.assembly.clone(),
                kind: u.kind,
                reason: u.detail.clone(),
            },
            Ok(_) => Skip {
                item: m.display_name.clone(),
                assembly: t.path.assembly.clone(),
                kind: skip.kind,
                reason: format!(
                    "member of `{}`, which has no declaration: {}",
                    t.path.metadata_name, skip.reason
                ),
            },
        })
        .collect()
}
