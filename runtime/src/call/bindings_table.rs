//! The bindings' table: the list of methods generated bindings call (their `FUNCTIONS`
//! static), and its check against the loaded assemblies. It is what the generator tells the
//! [function database](crate::FunctionDb) at start-up; the database is the process-wide
//! registry those rows, and methods bound or registered later, end up in.
//!
//! The generator lists every method its bindings call, by type, with the names a `MethodRef`
//! looks it up by: the type as `TypeRef::new` takes it, the method's name, its parameter types
//! and its return type spelled as `cilbind-abi` spells them, and its function ID. `init()`
//! installs the table ([`FunctionDb::install_table`](crate::FunctionDb::install_table)), which
//! checks every row here at once, GZDoom's rule: a missing or changed method is reported at
//! start-up, all of them in one error, not at each method's first call.
//!
//! The check resolves each type once and reads the methods of each class it searches once,
//! grouped by name, and each candidate's signature at most once: it is linear in the size of
//! the types bound, where looking every row up on its own (`Class::method`, which walks the
//! class's methods) would be quadratic in a type's method count.

use std::collections::{HashMap, HashSet};

use cilbind_abi::{DeclaringType, MethodSignature};

use crate::call::function_db::{method_names, FunctionId};
use crate::error::{ChangedMethod, Error, Result};
use crate::host::{type_name_is, Class, Method, Runtime, Signature};

/// One bound type's rows: `FunctionType(assembly, namespace, name, methods)`, the type named
/// as [`TypeRef::new`](crate::TypeRef::new) takes it (`Outer/Inner` for a nested type).
/// Generated code writes these in its `FUNCTIONS` table; one row per method rather than per
/// type would repeat the three names on every line of the bindings.
#[derive(Debug)]
pub struct FunctionType(
    pub &'static str,
    pub &'static str,
    pub &'static str,
    pub &'static [FunctionRow],
);

/// One bound method: `FunctionRow(id, name, parameter types, return type)`, the types spelled
/// as `cilbind-abi`'s `TypeSig` spells them (`System.Int32`, `System.Int32&`,
/// `System.String[]`), as the method's `MethodRef` looks them up; `id` is its [`FunctionId`],
/// the hash of the signature these names spell.
#[derive(Debug)]
pub struct FunctionRow(pub u64, pub &'static str, pub &'static [&'static str], pub &'static str);

/// The signature a table row names: its type as a definition (`Namespace.Outer.Inner`).
pub(crate) fn row_signature(ty: &FunctionType, row: &FunctionRow) -> MethodSignature<'static> {
    MethodSignature {
        assembly: ty.0,
        declaring_type: DeclaringType::Definition {
            namespace: ty.1,
            name: ty.2,
        },
        name: row.1,
        params: row.2,
        ret: row.3,
    }
}

/// The signature text a table row names.
pub(crate) fn signature(ty: &FunctionType, row: &FunctionRow) -> String {
    row_signature(ty, row).text()
}

/// What checking tables found.
pub(crate) struct Report {
    /// Every row found, with its method.
    pub(crate) resolved: Vec<(FunctionId, Method)>,
    missing: Vec<String>,
    changed: Vec<ChangedMethod>,
}

impl Report {
    /// True when every row was found as listed.
    pub(crate) fn is_complete(&self) -> bool {
        self.missing.is_empty() && self.changed.is_empty()
    }

    /// `Ok`, or [`Error::FunctionsMismatch`] with both lists sorted.
    pub(crate) fn into_result(mut self) -> Result<()> {
        if self.is_complete() {
            return Ok(());
        }
        self.missing.sort();
        self.missing.dedup();
        self.changed.sort_by(|a, b| a.bound.cmp(&b.bound));
        self.changed.dedup();
        Err(Error::FunctionsMismatch {
            missing: self.missing.into(),
            changed: self.changed.into(),
        })
    }
}

/// Checks every row of `tables` against the loaded assemblies. Strings are made only for
/// what is reported: IDs are hashed from the rows' pieces and the host's type names compared
/// in place.
pub(crate) fn check(tables: &[&'static [FunctionType]]) -> Result<Report> {
    let rt = Runtime::get()?;
    let mut report = Report {
        resolved: Vec::new(),
        missing: Vec::new(),
        changed: Vec::new(),
    };
    let mut index = Index::default();
    for ty in tables.iter().copied().flatten() {
        for row in ty.3 {
            let actual = row_signature(ty, row).id().0;
            if actual != row.0 {
                report.missing.push(format!(
                    "{} (listed with ID {}, but this signature's ID is {}: the bindings and the \
                     runtime write signatures differently)",
                    signature(ty, row),
                    FunctionId(row.0),
                    FunctionId(actual)
                ));
            }
        }
        let class = match rt.assembly(ty.0).and_then(|a| a.class(ty.1, ty.2)) {
            Ok(class) => class,
            Err(e) => {
                let missing = ty.3.iter().map(|row| format!("{} ({e})", signature(ty, row)));
                report.missing.extend(missing);
                continue;
            }
        };
        let mut claimed = HashSet::new();
        let mut unmatched = Vec::new();
        for row in ty.3 {
            match index.find(class, row) {
                Some(method) => {
                    claimed.insert(method);
                    report.resolved.push((FunctionId(row.0), method));
                }
                None => unmatched.push(row),
            }
        }
        // A row not found is changed when its type still has a method of that name that no
        // other row accounts for, else missing.
        for row in unmatched {
            let found: Vec<String> = index
                .named(class, row.1)
                .iter_mut()
                .filter(|c| !claimed.contains(&c.method))
                .map(|c| c.describe())
                .collect();
            let bound = signature(ty, row);
            if found.is_empty() {
                report.missing.push(bound);
            } else {
                report.changed.push(ChangedMethod {
                    bound,
                    found: found.into(),
                });
            }
        }
    }
    Ok(report)
}

/// A method of a searched class, with its signature once read.
struct Candidate {
    method: Method,
    /// Its resolved signature, or why it cannot be resolved.
    signature: Option<Result<Signature>>,
}

impl Candidate {
    fn signature(&mut self) -> &Result<Signature> {
        let method = self.method;
        self.signature.get_or_insert_with(|| method.signature())
    }

    /// True when the method has exactly the row's parameter and return types (the host's
    /// names, compared where the host writes them).
    fn matches(&mut self, row: &FunctionRow) -> bool {
        match self.signature() {
            Ok(sig) => {
                sig.params.len() == row.2.len()
                    && type_name_is(sig.ret, row.3)
                    && sig.params.iter().zip(row.2).all(|(&t, name)| type_name_is(t, name))
            }
            Err(_) => false,
        }
    }

    /// The method as the database signs it, or why its signature cannot be resolved.
    fn describe(&mut self) -> String {
        let method = self.method;
        match self.signature() {
            Ok(sig) => method_names(method, sig).signature().text(),
            Err(e) => format!("{} (unresolvable signature: {e})", method.qualified_name()),
        }
    }
}

/// The methods of every class searched so far, by name.
#[derive(Default)]
struct Index {
    classes: HashMap<Class, HashMap<&'static str, Vec<Candidate>>>,
}

impl Index {
    /// The methods `class` declares with this name (generic definitions included).
    fn named(&mut self, class: Class, name: &str) -> &mut [Candidate] {
        let by_name = self.classes.entry(class).or_insert_with(|| {
            let mut by_name: HashMap<&'static str, Vec<Candidate>> = HashMap::new();
            for method in class.methods() {
                by_name.entry(method.name()).or_default().push(Candidate {
                    method,
                    signature: None,
                });
            }
            by_name
        });
        by_name.get_mut(name).map_or(&mut [][..], |v| &mut v[..])
    }

    /// The row's method as its `MethodRef` finds it (`Class::method_with_return`): a
    /// non-generic method with exactly the row's parameter and return types, in the class or
    /// else the nearest base that has one.
    fn find(&mut self, class: Class, row: &FunctionRow) -> Option<Method> {
        let mut next = Some(class);
        while let Some(c) = next {
            for candidate in self.named(c, row.1) {
                if !candidate.method.is_generic_definition() && candidate.matches(row) {
                    return Some(candidate.method);
                }
            }
            next = c.parent();
        }
        None
    }
}
