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
    let string = plan
        .skipped_types
        .iter_mut()
        .find(|t| t.path.metadata_name == "System.String")
        .expect("String has no declaration: the runtime binds it");
    assert!(string.members.len() > 100, "{}", string.members.len());
    assert!(string.members.iter().all(|s| s.item.starts_with("String.")));
    string.members.clear();
    let all = rows(&model, &plan);
    let now = missing(&all);
    assert!(
        now.len() > 100 && now.iter().all(|r| r.type_name == "System.String"),
        "{}",
        now.len()
    );
}
