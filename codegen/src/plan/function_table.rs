//! The function table: which bound methods the bindings list in `FUNCTIONS`, the static
//! table their `init()` hands to `cilbind::FunctionDb::install_table`, which registers every
//! row and checks it against the loaded assemblies before any call (`render/init.rs` prints
//! it).
//!
//! Listed: every bound method of a non-generic type (classes, interfaces, delegates, structs
//! and the types the runtime declares itself), by type, with the names its `MethodRef` looks
//! it up by (the type's `TypeRef` parts, the metadata name, Mono's parameter type names) and
//! its return type and ID, all as the member planner decided them. Translated struct methods
//! are listed too: their Rust body was read from that managed method, so its absence or change
//! is a mismatch all the same.
//!
//! Not listed: members of generic definitions (`impl<T0> List<T0>`), generic methods and
//! members of closed instantiations (`impl List<Int32>`). A generic member's function-database
//! ID names the closed instantiation a call makes (``List<System.Int32>::Add``), not the
//! definition the plan's signature names, and a row names its type as `TypeRef::new` does,
//! which reaches type definitions only: they get their entry when first called, as before.

use super::{MemberItem, MethodItem, Plan, TypeItemKind};

/// One type's rows of the table.
#[derive(Debug)]
pub(crate) struct TableType<'p> {
    /// `(assembly, namespace, name)` as the type's `TypeRef` takes them.
    pub parts: &'p (String, String, String),
    /// Its listed methods, in output order.
    pub methods: Vec<&'p MethodItem>,
}

impl Plan {
    /// The function table, in output order: types with at least one listed method.
    pub(crate) fn function_table(&self) -> Vec<TableType<'_>> {
        let types = self.types.iter().filter_map(|t| match &t.kind {
            TypeItemKind::FullStruct { members, .. }
            | TypeItemKind::ManagedStruct { members, .. }
            | TypeItemKind::Reference { members, .. } => members.as_ref().map(|m| (&t.type_ref_parts, m)),
            // Generic definitions (see the module docs), enums and natives' hosts.
            _ => None,
        });
        let runtime = self.runtime.iter().map(|r| (&r.type_ref_parts, &r.members));
        types
            .chain(runtime)
            .filter_map(|(parts, members)| {
                let methods: Vec<&MethodItem> = members
                    .items
                    .iter()
                    .filter_map(|item| match item {
                        MemberItem::Method(m) if !m.generic && m.method_type_params.is_empty() => Some(&**m),
                        _ => None,
                    })
                    .collect();
                (!methods.is_empty()).then_some(TableType { parts, methods })
            })
            .collect()
    }
}
