//! The coverage listing is an honest check: a member the plan does not carry is reported
//! missing (so a report of 0 missing means something), and the members of a type without a
//! declaration are carried as skips.

use super::common;
use crate::coverage::{rows, CoverageRow, MemberKind, Status};
use crate::model::MemberModelRef;
use crate::plan::{self, MemberItem, TypeItemKind};

fn missing(rows: &[CoverageRow]) -> Vec<&CoverageRow> {
    rows.iter().filter(|r| r.status == Status::Missing).collect()
}

#[test]
fn a_member_the_plan_drops_is_reported_missing() {
    let dll = common::fixture_dll();
    let model = crate::Builder::new().assembly(&dll).classified().expect("classify");
    let mut plan = plan::build(&model, &[dll]);
    let all = rows(&model, &plan);
    assert!(missing(&all).is_empty(), "{:#?}", missing(&all));

    // Forget where a bound method of a declared class went.
    let (owner, dropped) = plan
        .types
        .iter_mut()
        .find_map(|t| match &mut t.kind {
            TypeItemKind::Reference { members: Some(m), .. } => {
                let items = &m.items;
                let at = m.origins.iter().position(|(r, at)| {
                    matches!(r, MemberModelRef::Method(_))
                        && matches!(at.and_then(|i| items.get(i)), Some(MemberItem::Method(_)))
                })?;
                Some((t.metadata_name.clone(), m.origins.remove(at)))
            }
            _ => None,
        })
        .expect("a class with a method");
    let rows_now = rows(&model, &plan);
    let now = missing(&rows_now);
    assert_eq!(now.len(), 1, "{now:#?}");
    assert_eq!(now[0].type_name, owner, "{dropped:?}");
    assert!(
        matches!(now[0].kind, MemberKind::Method | MemberKind::Constructor),
        "{now:#?}"
    );
}

#[test]
fn members_of_a_type_without_declaration_are_skips_and_dropping_them_shows() {
    let model = crate::Builder::new()
        .assembly(format!("{}/mscorlib.dll", crate::MONO_LIB_DIR))
        .namespace("System")
        .classified()
        .expect("classify");
    let mut plan = plan::build(&model, &[]);
    assert!(missing(&rows(&model, &plan)).is_empty());
    // `Span<T>` (a ref struct: no declaration) carries its members as skips.
    let span = plan
        .skipped_types
        .iter_mut()
        .find(|t| t.path.metadata_name == "System.Span`1")
        .expect("Span<T> has no declaration: a ref struct can't be held");
    assert!(span.members.len() > 10, "{}", span.members.len());
    assert!(span.members.iter().all(|s| s.item.starts_with("Span.")));
    span.members.clear();
    let all = rows(&model, &plan);
    let now = missing(&all);
    assert!(
        now.len() > 10 && now.iter().all(|r| r.type_name == "System.Span`1"),
        "{}",
        now.len()
    );
    // `String`'s members are in the runtime's extension trait: forgetting where they went
    // shows too.
    let mut plan = plan::build(&model, &[]);
    let string = plan
        .runtime
        .iter_mut()
        .find(|r| r.members.metadata_name == "System.String")
        .expect("String's members are an extension trait");
    assert!(string.members.origins.len() > 100, "{}", string.members.origins.len());
    string.members.origins.clear();
    let all = rows(&model, &plan);
    let now = missing(&all);
    assert!(
        now.len() > 100 && now.iter().all(|r| r.type_name == "System.String"),
        "{}",
        now.len()
    );
}
